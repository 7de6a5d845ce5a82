import { inject } from '@angular/core';
import { ChangeSet } from 'ngx-wrs-grid/core';
import { Subscription } from 'rxjs';
import { GridCells } from '../grid-cells';
import { GridChanges } from '../grid-changes';
import { GridState } from '../grid-state';
import { GridStatusLine } from '../grid-status-line';
import { GridJournal } from './grid-journal';
import { journalKeyOf } from './journal-key';
import { conflictNote, restoredNote } from './journal-notes';
import { JournalRestore, restoreJournal } from './journal-restore';
import { GRID_JOURNAL_STORE } from './journal-store';

/**
 * The grid's unsaved changes kept across reloads (docs/grid/unsaved-changes.md): journals every change set, offers a
 * journal found at load (the status line's question), restores it as one undo step and marks the conflicts.
 */
export class GridUnsavedChanges {
  readonly journal: GridJournal;
  private readonly saved: Subscription;

  constructor(
    private readonly state: GridState,
    private readonly writes: GridChanges,
    private readonly cells: GridCells,
    private readonly statusLine: GridStatusLine,
  ) {
    const store = inject(GRID_JOURNAL_STORE);
    const grid = state.grid;
    this.journal = new GridJournal({
      store: () => (grid.journal() && !grid.isReadOnly() ? store : null),
      data: () => state.data,
      retentionDays: () => grid.journalRetentionDays(),
    });
    // What a save covered leaves the journal now, not after the write delay: a reload right after finds none of it.
    this.saved = grid.status$.subscribe((status) => {
      if (status !== grid.savedStatus) return;
      this.journal.clearConflicts();
      this.journal.flush();
    });
  }

  /** The offer the status line asks about, null when none. */
  readonly offer = () => this.journal.offer();

  /** A document was loaded: a page turn carries the pending rows under new ids; any other load may find a journal. */
  loaded(pageTurn: boolean): void {
    if (pageTurn) this.journal.changed([]);
    else void this.journal.open(journalKeyOf(this.state.grid.gridId(), this.state.fromBackend ? this.state.loadedRequest : null));
  }

  /** A new document is shown: the conflicts marked on the one before go. */
  shown(): void {
    this.journal.clearConflicts();
  }

  changed(changeSet: ChangeSet): void {
    this.journal.changed(changeSet.rowIds);
  }

  /** Reset dropped every change: the journal goes too. */
  dropped(): void {
    this.journal.reset();
  }

  /**
   * The answer "Restore changes": the journal's changes made again on the data loaded now, one undo step; rows the
   * server changed since are marked with both values (`conflictOf`).
   */
  restore(): void {
    const offer = this.journal.offer();
    if (!offer?.fits || !this.state.data || this.state.busy() !== '') return;
    let restored: JournalRestore | null = null;
    this.writes.change((snapshot, index) => {
      const hooks = { beforeWrite: (row: Element) => snapshot.touchForWrite(row), beforeDelete: (row: Element) => snapshot.touchForDelete(row), added: (id: string) => snapshot.added(id) };
      restored = restoreJournal(index, offer.entry, hooks);
      return restored.rowIds;
    });
    this.journal.answered(false);
    if (!restored) return;
    this.journal.setConflicts((restored as JournalRestore).conflicts);
    this.state.body?.repaintAll();
    this.statusLine.showActionNote(restoredNote(restored, this.state.messages));
    this.cells.focusBody();
  }

  /** The answer "Discard": the journal found at load is deleted; the data stays as loaded. */
  discard(): void {
    this.journal.answered(true);
    this.cells.focusBody();
  }

  /** What a restored row's conflicts with the server say (of one column, or all), or null. */
  conflictOf(rowId: string, colId?: string): string | null {
    const conflicts = this.journal.conflictsOf(rowId)?.filter((c) => colId === undefined || c.colId === colId);
    return conflicts?.length ? conflictNote(conflicts, this.state.messages, (id) => this.cells.captionOf(id)) : null;
  }

  stop(): void {
    this.saved.unsubscribe();
    this.journal.stop();
  }
}
