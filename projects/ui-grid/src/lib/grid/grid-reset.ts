import { afterNextRender, signal } from '@angular/core';
import { WrsIndex } from 'ngx-wrs-grid/core';
import { GridCells } from './grid-cells';
import { GridEditing } from './grid-editing';
import { GridHistory } from './grid-history';
import { GridState } from './grid-state';
import { GridStatusLine } from './grid-status-line';
import { formatMessage, messageOf } from './features/grid-messages';

/** Reset: drops every pending change, asking first from the toolbar when there are some. */
export class GridReset {
  /** The Reset button's question while it asks whether to drop pending changes; null when not asking. */
  readonly question = signal<string | null>(null);

  constructor(
    private readonly state: GridState,
    private readonly cells: GridCells,
    private readonly editing: GridEditing,
    private readonly history: GridHistory,
    private readonly statusLine: GridStatusLine,
    /** Told when a reset drops the changes (the journal of unsaved changes goes with them). */
    private readonly dropped: () => void,
  ) {}

  /**
   * The Reset button: without pending changes it resets; with some it asks first whether to drop them (the rows
   * changed, counted), with the focus on "Keep changes", so a second Enter keeps them. `reset()` does not ask.
   */
  request(): void {
    if (this.state.busy() !== '') return;
    if (this.pendingRowCount() === 0) {
      void this.reset();
      return;
    }
    this.recount(true);
    this.focusToolbarButton('reset-keep');
  }

  /** The answer "Discard changes": resets (not while a save or a load runs: the button is disabled then). */
  discard(): void {
    if (this.state.busy() !== '') return;
    this.question.set(null);
    this.cells.focusBody();
    void this.reset();
  }

  /** The answer "Keep changes" (or Escape): nothing is dropped; the focus goes back to the Reset button. */
  keep(): void {
    this.question.set(null);
    this.focusToolbarButton('reset');
  }

  /**
   * Keeps the question's count of changed rows current (after a change set or a load); with none left it goes.
   * `open` asks it when it is not shown.
   */
  recount(open = false): void {
    if (!open && this.question() === null) return;
    const pending = this.pendingRowCount();
    if (pending === 0) {
      this.withdraw();
      return;
    }
    const key = pending === 1 ? 'resetConfirmRow' : 'resetConfirmRows';
    this.question.set(formatMessage(messageOf(this.state.messages, key), { n: pending }));
  }

  /** Takes the question away; the keyboard focus on one of its buttons goes back to the Reset button. */
  withdraw(): void {
    if (this.question() === null) return;
    const focused = !!this.state.services.host.querySelector('.ui-grid-reset-question')?.contains(document.activeElement);
    this.question.set(null);
    if (focused) this.focusToolbarButton('reset');
  }

  /** Drops every change and loads fresh data (from the backend; an inputModel's rows go back to their server state). */
  async reset(): Promise<void> {
    const { grid, services } = this.state;
    this.question.set(null);
    this.dropped();
    this.editing.close(false);
    this.history.clear();
    this.statusLine.showFooter(this.state.document);
    if (this.state.fromBackend) {
      await grid.execute(true);
      return;
    }
    const store = this.state.store;
    if (store) {
      // The rows of a row store go back on their entries, as `WrsUtil.restore` puts back a document's.
      const rows = store.changedRows();
      const changed = rows.map((r) => store.id(r) ?? '');
      const inserted = rows.filter((r) => store.state(r) === 'I');
      if (store.rowCount > 0) store.restoreRows(0, store.rowCount - 1);
      this.state.features.view?.storedRemoved(inserted);
      grid.noteChange([this.state.document!.documentElement], changed);
      grid.fire();
      this.state.provider.setStatus(grid.transformedStatus);
      return;
    }
    const doc = this.state.data;
    if (!doc) return;
    const index = WrsIndex.of(doc);
    if (index.rowCount > 0 && index.columns().length > 0) {
      services.wrsUtil.restore({ model: grid, rowStartPos: 1, rowEndPos: index.rowCount, colStartPos: 1, colEndPos: index.columns().length, propagateUpdate: false });
    }
    grid.fire();
    this.state.provider.setStatus(grid.transformedStatus);
  }

  private pendingRowCount(): number {
    const store = this.state.store;
    if (store) return store.changedRows().length;
    const doc = this.state.data;
    return doc ? WrsIndex.of(doc).changedRowCount() : 0;
  }

  /** Focuses a toolbar button once painted; the grid body when it is not there or disabled (a save runs). */
  private focusToolbarButton(action: string): void {
    afterNextRender(
      () => {
        const button = this.state.services.host.querySelector<HTMLButtonElement>(`.ui-grid-toolbar [data-action="${action}"]`);
        if (button && !button.disabled) button.focus();
        else this.cells.focusBody();
      },
      { injector: this.state.services.injector },
    );
  }
}
