import { WrsIndex } from 'ngx-wrs-grid/core';
import { GridChanges } from './grid-changes';
import { GridState } from './grid-state';
import { GridStatusLine, footerMessage } from './grid-status-line';
import { HistoryReveal } from './history-reveal';
import { RowSnapshot } from './row-snapshot';
import { formatMessage, messageOf } from './features/grid-messages';

type Done = 'undone' | 'redone';

/**
 * Undo and redo of the grid's own changes. It listens to the write path: each change the grid records is a step, and
 * a change set of another component to rows a step holds ends the history there; editing code never calls it.
 */
export class GridHistory {
  private undoSteps: RowSnapshot[] = [];
  private redoSteps: RowSnapshot[] = [];
  /** The rows of an undo or redo on another server page, to focus when the page turn it started has loaded. */
  private revealOnTurn: { rowIds: string[]; done: Done } | null = null;
  /** An undo or redo waiting for the page turn to the page its rows are on (`turnToReplay`). */
  private replayOnTurn: Done | null = null;

  constructor(
    private readonly state: GridState,
    private readonly changes: GridChanges,
    private readonly reveal: HistoryReveal,
    private readonly statusLine: GridStatusLine,
    /** Turns to a page as the pager does (an open editor is written first). */
    private readonly goToPage: (page: number) => void,
  ) {
    changes.listen({
      recorded: (step) => {
        this.undoSteps.push(step);
        this.redoSteps = [];
        this.state.canUndo.set(true);
        this.state.canRedo.set(false);
      },
      changed: (changeSet, own) => {
        if (!own) this.forgetHistoryOf(changeSet.rowIds);
      },
    });
  }

  /** Undoes the last change set of the grid; true when there was one. */
  undo(): boolean {
    return this.replay(this.undoSteps, this.redoSteps, 'undone');
  }

  /** Redoes the last undone change set; true when there was one. */
  redo(): boolean {
    return this.replay(this.redoSteps, this.undoSteps, 'redone');
  }

  clear(): void {
    this.undoSteps = [];
    this.redoSteps = [];
    this.showCounts();
  }

  /** The toolbar's Undo and Redo say whether there is a step (a server page turn keeps the history). */
  showCounts(): void {
    this.state.canUndo.set(this.undoSteps.length > 0);
    this.state.canRedo.set(this.redoSteps.length > 0);
  }

  /** A load failed: a turn an undo or redo asked for will not come. */
  loadFailed(): void {
    this.revealOnTurn = null;
    this.replayOnTurn = null;
  }

  private replay(from: RowSnapshot[], to: RowSnapshot[], done: Done): boolean {
    // Not while data loads: a page turn has already taken the pending rows it carries.
    if (!this.state.document || !this.state.grid.isReady()) return false;
    const next = from[from.length - 1];
    if (next?.isAway) return this.turnToReplay(next, done);
    const step = from.pop();
    if (!step) return false;
    const removed = this.reveal.rowsToRemove(step);
    const inverse = step.restore();
    to.push(inverse);
    this.showCounts();
    const at = step.storePositions();
    this.changes.replayed(step.rowIds(), at);
    const hidden = this.reveal.revealRows(step.rowIds(), removed, at);
    if (hidden > 0 && step.page && this.state.features.canTurnTo(step.page)) {
      // Rows of another server page: the turn shows them as the page now is (the rows put back to the server's
      // state come from the server, the others are carried), the focus on the first of them once it has loaded.
      this.revealOnTurn = { rowIds: step.rowIds(), done };
      this.showReplayNote(done, 0);
      this.goToPage(step.page.page);
      return true;
    }
    this.showReplayNote(done, hidden);
    return true;
  }

  /**
   * The next undo or redo holds rows of a server page not loaded: turns to that page, and undoes or redoes there once
   * it has loaded (`revealAfterTurn`). The status line says why not when that page cannot be shown again (the filter
   * or order changed since, or it is the page shown and the rows are gone from it).
   */
  private turnToReplay(step: RowSnapshot, done: Done): boolean {
    if (step.page && this.state.features.canTurnTo(step.page)) {
      this.replayOnTurn = done;
      this.goToPage(step.page.page);
      return true;
    }
    this.statusLine.showActionNote(messageOf(this.state.messages, done === 'undone' ? 'notUndoneElsewhere' : 'notRedoneElsewhere'));
    return false;
  }

  /** The status line after an undo or redo: the data's notes, and how many rows it changed out of sight. */
  private showReplayNote(done: Done, hidden: number): void {
    const { document, messages } = this.state;
    if (!document) return;
    // A note about the state undone ("Not saved: 1 invalid cell") no longer holds; the data's own notes stay.
    const notes = [footerMessage(document, messages)];
    if (hidden > 0) {
      const rows = hidden === 1 ? messageOf(messages, 'changedRow') : formatMessage(messageOf(messages, 'changedRows'), { n: hidden });
      const key = this.state.grid.serverSidedPagination() ? (`${done}OnOtherPages` as const) : (`${done}HiddenByFilter` as const);
      notes.push(formatMessage(messageOf(messages, key), { rows }));
    }
    this.statusLine.showActionNote(notes.filter((n) => n !== '').join('. '));
  }

  /**
   * Another component changed these rows (none named: anything): undoing a step that holds them would put back
   * whole rows and drop that change, so that step and the older ones go, and the redo steps. Not a reason: a row the
   * newest step holding it created (undoing that step removes the row, the change with it), nor cells of an I or M
   * row the grid's steps did not write (they put back only the cells they wrote): an `afterAddRow` writing an id from
   * the server into its row later, before or after the user typed into it.
   */
  private forgetHistoryOf(rowIds: readonly string[]): void {
    if (this.undoSteps.length === 0 && this.redoSteps.length === 0) return;
    this.redoSteps = [];
    let newest = rowIds.length === 0 ? this.undoSteps.length - 1 : -1;
    // The steps from the newest on, once: a row is done with at the step that created it, or when a step would put
    // back what changed (that step ends the history). Cells newer steps wrote are checked there, not again in older
    // ones. The cost grows with the history walked, not with the rows changed times the steps.
    const pending = new Map(rowIds.map((id) => [id, new Set<number>()]));
    for (let i = this.undoSteps.length - 1; i > newest && pending.size > 0; i--) {
      const step = this.undoSteps[i];
      for (const id of step.rowIds()) {
        const claimed = pending.get(id);
        if (!claimed) continue;
        const outcome = step.afterForeignChange(id, claimed);
        if (outcome === 'created') pending.delete(id);
        else if (outcome === 'conflict') {
          newest = i;
          break;
        }
      }
    }
    if (newest >= 0) this.undoSteps = this.undoSteps.slice(newest + 1);
    this.state.canUndo.set(this.undoSteps.length > 0);
    this.state.canRedo.set(false);
  }

  /**
   * A server page turn (or a filter or order change) loaded `doc` with the pending rows of the page left and the rows
   * the history holds that it found (`carried`: their ids in it): the undo and redo steps go on there
   * (`RowSnapshot.rebase`), from the newest on; a step that cannot follow ends the history there. Any other load ends
   * the history.
   */
  moveTo(doc: Document, carried: ReadonlyMap<string, string> | null): void {
    if (!carried) {
      this.undoSteps = [];
      this.redoSteps = [];
      this.loadFailed();
      return;
    }
    const rebased = (steps: RowSnapshot[]) => {
      const kept: RowSnapshot[] = [];
      for (let i = steps.length - 1; i >= 0; i--) {
        const moved = steps[i].rebase(doc, carried);
        if (!moved) break;
        kept.unshift(moved);
      }
      return kept;
    };
    this.undoSteps = rebased(this.undoSteps);
    this.redoSteps = rebased(this.redoSteps);
  }

  /** The R rows the undo and redo steps hold: a page turn looks for them in the page it loads (`moveTo`). */
  rows(): Element[] {
    // A row store's rows are copied from their entries: the page left is not built for them.
    const store = this.state.store;
    const index = store || !this.state.data ? null : WrsIndex.of(this.state.data);
    if (!store && !index) return [];
    const ids = new Set<string>();
    const rows: Element[] = [];
    for (const step of [...this.undoSteps, ...this.redoSteps]) {
      rows.push(...step.awayRows());
      for (const id of step.rowIds()) ids.add(id);
    }
    for (const id of ids) {
      const r = store ? store.positionOf(id) : -1;
      const row = store ? (r >= 0 && store.state(r) === 'R' ? store.copyOf(r) : null) : index!.rowById(id);
      if (row?.localName === 'R') rows.push(row);
    }
    return rows;
  }

  /**
   * After the page turn an undo or redo asked for: the focus on the first row it changed, else the status line says;
   * or the undo or redo waiting for the turn (`turnToReplay`) runs now that its rows are here.
   */
  afterTurn(carried: ReadonlyMap<string, string> | null): void {
    const turn = this.revealOnTurn;
    const replay = this.replayOnTurn;
    this.revealOnTurn = null;
    this.replayOnTurn = null;
    // Its rows are here now; a step still away (its rows gone from the page) says so, as this page is shown.
    if (replay === 'undone' && carried) this.undo();
    else if (replay === 'redone' && carried) this.redo();
    if (!turn || !carried) return;
    const hidden = this.reveal.revealRows(turn.rowIds.map((id) => carried.get(id) ?? id), { shown: false, near: null, hidden: 0 });
    if (hidden > 0) this.showReplayNote(turn.done, hidden);
  }
}
