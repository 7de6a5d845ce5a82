import {
  RowStore,
  SavePayload,
  SaveFailedStatus,
  StoreSavePayload,
  WrsError,
  WrsIndex,
  buildSavePayload,
  buildStoreSavePayload,
  commitSavedRows,
  commitStoreSavedRows,
  errorMessage,
  oneSaveAtATime,
} from 'ngx-wrs-grid/core';
import { GridCells } from './grid-cells';
import { runGridChain } from './grid-chain';
import { GridEditing } from './grid-editing';
import { GridHistory } from './grid-history';
import { GridLoader } from './grid-loader';
import { GridNavigation } from './grid-navigation';
import { GridReset } from './grid-reset';
import { GridState } from './grid-state';
import { GridStatusLine, footerMessage } from './grid-status-line';
import { GridValidationDisplay } from './grid-validation-display';
import { GridUnsavedChanges } from './journal/grid-unsaved-changes';
import { loadFailureReason, saveFailureMessage } from './features/failure-message';
import { formatMessage, messageOf } from './features/grid-messages';

/** Row positions a failed save's message lists before "…". */
const FAILED_ROWS_LISTED = 5;

/** What save needs of the other units. */
export interface GridSaveUnits {
  readonly cells: GridCells;
  readonly editing: GridEditing;
  readonly history: GridHistory;
  readonly loader: GridLoader;
  readonly navigation: GridNavigation;
  readonly reset: GridReset;
  readonly validation: GridValidationDisplay;
  readonly unsaved: GridUnsavedChanges;
}

/**
 * Save: validates, then saves through `customSave`, else `saveChain` and the backend; the document becomes what the
 * server holds, or the rows the server refused are marked and every pending change kept.
 */
export class GridSave {
  /** The save of this grid that is running: loads wait for it. */
  private run: Promise<void> | null = null;
  /** App code of a running save (customSave, save chain) in progress: loads it starts do not wait for the save. */
  private callbacks = 0;

  constructor(
    private readonly state: GridState,
    private readonly statusLine: GridStatusLine,
    private readonly units: GridSaveUnits,
  ) {}

  /**
   * Validates, then saves: success -> SavedStatus with the server state; failure -> SaveFailedStatus with the reason
   * and every pending change kept.
   */
  async save(): Promise<void> {
    const { grid } = this.state;
    // After a failed page turn the page shown (and every pending change) is still there to save.
    if (!this.state.document || this.state.busy() || !(grid.isReady() || grid.hasFailed())) return;
    const run = this.runSave();
    this.run = run;
    try {
      await run;
    } finally {
      if (this.run === run) this.run = null;
    }
  }

  /** The save still running for a load to wait for; null while its app code runs (a load it starts must not wait). */
  pending(): Promise<void> | null {
    return this.callbacks === 0 ? this.run : null;
  }

  /** The row's failure mark of the last save, as the body paints it, or null. */
  rowFailure(rowId: string): string | null {
    return this.state.failedRows.has(rowId) ? this.state.messages.rowNotSaved : null;
  }

  /**
   * Runs app code of a save (`customSave`, a save chain's steps): a load it starts (`gridModel.execute(true)` to show
   * what it saved) must not wait for the save that waits for it, so loads do not wait while such code runs.
   */
  private async inSaveCallback<T>(callback: () => Promise<T> | T): Promise<T> {
    this.callbacks++;
    try {
      return await callback();
    } finally {
      this.callbacks--;
    }
  }

  private async runSave(): Promise<void> {
    const { state, statusLine, units } = this;
    const { grid, messages } = state;
    units.editing.close(true);
    state.busy.set('saving');
    // Discarding while the save runs would undo in the grid what the server is saving.
    units.reset.withdraw();
    statusLine.set('');
    this.unmarkFailedRows();
    try {
      const errors = await units.validation.forSave();
      if (errors > 0) {
        const notSaved = formatMessage(messages.notSaved, { cells: errors === 1 ? messages.invalidCell : formatMessage(messages.invalidCells, { n: errors }) });
        const note = units.navigation.moveToError();
        statusLine.set(note ? `${notSaved}. ${note}` : notSaved);
        // On the invalid cell shown, so that typing fixes it and Ctrl+Z works (the Save button had the focus).
        units.cells.focusBody();
        return;
      }
      // Restored rows still waiting for their server page are saved with the rest.
      units.unsaved.beforeSave();
      let reloadFailure: unknown = null;
      let sent = 0;
      // One save of the document at a time: a WrsUtil save of this grid that is still running is waited for.
      const doc = state.document!;
      await oneSaveAtATime(doc, async () => {
        // While the rows are in a row store whose document is not built, they are saved from its entries: no build.
        const store = state.store;
        const payload = store ? buildStoreSavePayload(store) : buildSavePayload(WrsIndex.of(state.data!));
        sent = payload.rowCount;
        const sequence = state.provider.lastChangeSequence();
        const custom = grid.customSave();
        if (custom) await this.inSaveCallback(() => custom({ gridModel: grid, wrs: payload.wrs }));
        else if (payload.rowCount > 0 || grid.saveChain()) {
          // Nothing changed and no save chain to make something of it: nothing to post (as WrsUtil.saveModel).
          const chain = grid.saveChain();
          // Without a save chain the payload's text is posted as built: no parse and serialize round trip.
          const body = chain ? await this.inSaveCallback(() => runGridChain(state.services.chains, 'saveChain', chain, payload.wrs, grid.saveParameters())) : payload.text;
          await state.backend().save(body, { url: await state.requestUrl() });
        }
        const editedMeanwhile = state.provider.lastChangeSequence() !== sequence || grid.hasUncommittedWrites();
        units.history.clear();
        // The document becomes what the server now holds; edits made while the save ran stay changes against it.
        // Loads wait for the save, so the document is the one the payload was built from.
        if (state.document === doc) this.commitLocally(payload, store);
        // Loaded again when nothing was edited meanwhile (a reload would drop those edits), and not after destroy. The
        // save went through either way: a failed reload leaves the committed document and says so.
        if (state.fromBackend && !editedMeanwhile && !state.destroyed) {
          try {
            await units.loader.reloadQuietly();
          } catch (e) {
            reloadFailure = e;
          }
        }
      });
      state.provider.setStatus(grid.savedStatus);
      if (reloadFailure) statusLine.set(formatMessage(messages.savedReloadFailed, { reason: loadFailureReason(reloadFailure, messages) }));
      else {
        // The data's own notes (a row limit, a query error of the reload) stay after what the save did.
        const done = sent > 0 ? formatMessage(messageOf(messages, sent === 1 ? 'savedRow' : 'savedRows'), { n: sent }) : messageOf(messages, 'nothingToSave');
        statusLine.showActionNote([done, state.document ? footerMessage(state.document, messages) : ''].filter((n) => n !== '').join('. '));
      }
    } catch (e) {
      // What happened in the UI's language, the server's own text after it (`saveFailureMessage`).
      statusLine.set(saveFailureMessage(e, this.markFailedRows(e), messages));
      state.provider.fail(SaveFailedStatus, errorMessage(e));
    } finally {
      state.busy.set('');
    }
  }

  /**
   * Marks the rows a failed save names (`details.rowIds` of SAVE_CONFLICT / SAVE_FAILED: a conflict, a duplicate key)
   * and moves the focus to the first one shown. Returns how the message names them ("rows 3, 7, 1 not shown"), or
   * null when the failure names no row of this document.
   */
  private markFailedRows(error: unknown): string | null {
    const { state } = this;
    const ids = error instanceof WrsError ? error.details?.['rowIds'] : undefined;
    if (!Array.isArray(ids) || !state.document) return null;
    const store = state.store;
    const positionOf = store ? this.storeViewPositions(store) : this.viewPositions(WrsIndex.of(state.data!));
    const shown: number[] = [];
    let hidden = 0;
    for (const id of ids) {
      const position = typeof id === 'string' && !state.failedRows.has(id) ? positionOf(id) : null;
      if (position === null) continue;
      state.failedRows.add(id as string);
      if (position >= 0) shown.push(position);
      else hidden++;
    }
    if (shown.length === 0 && hidden === 0) return null;
    state.body?.repaintAll();
    shown.sort((a, b) => a - b);
    if (shown.length > 0) this.units.cells.focusCell(shown[0], state.selection.focus.col);
    const parts: string[] = [];
    if (shown.length > 0) {
      // The first few positions say where to look; the count of the rest keeps the message one line.
      const listed = shown.slice(0, FAILED_ROWS_LISTED).map((p) => String(p + 1));
      if (shown.length > FAILED_ROWS_LISTED) listed.push('…');
      parts.push(formatMessage(shown.length === 1 ? state.messages.failedRow : state.messages.failedRows, { list: listed.join(', ') }));
    }
    if (hidden > 0) parts.push(formatMessage(state.messages.failedRowsHidden, { n: hidden }));
    return parts.join(', ');
  }

  /** The view position of a row by id: -1 when the view does not show it, null when there is no such row. */
  private viewPositions(index: WrsIndex): (id: string) => number | null {
    const view = this.state.features.view;
    return (id) => {
      const row = index.rowById(id);
      return row ? (view ? view.positionOf(row) : -1) : null;
    };
  }

  /** `viewPositions` over the rows of a store whose document is not built: the rows shown are read, none is built. */
  private storeViewPositions(store: RowStore): (id: string) => number | null {
    const view = this.state.features.view;
    let shown: Map<string, number> | null = null;
    return (id) => {
      if (store.positionOf(id) < 0) return null;
      if (!shown) {
        shown = new Map();
        const total = view ? view.rowsFrom(0) : 0;
        for (let p = 0; p < total; p++) {
          const row = view!.shownAt(p);
          if (!row) break;
          if (!shown.has(row.id)) shown.set(row.id, p);
        }
      }
      return shown.get(id) ?? -1;
    };
  }

  private unmarkFailedRows(): void {
    if (this.state.failedRows.size === 0) return;
    this.state.failedRows = new Set();
    this.state.body?.repaintAll();
  }

  /**
   * After a save without a server to reload from, the document becomes what the server now holds: a store's rows on
   * their entries (`commitStoreSavedRows`), without building them.
   */
  private commitLocally(payload: SavePayload | StoreSavePayload, store: RowStore | null): void {
    const committed = store ? commitStoreSavedRows(store, payload as StoreSavePayload) : commitSavedRows(WrsIndex.of(this.state.data!), payload as SavePayload);
    this.state.grid.noteChange(committed.nodes, committed.rowIds);
    this.state.grid.fire();
  }
}
