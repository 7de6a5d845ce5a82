import { inject } from '@angular/core';
import { ChangeSet, WrsIndex } from 'ngx-wrs-grid/core';
import { Subscription } from 'rxjs';
import { GridCells } from '../grid-cells';
import { GridChanges } from '../grid-changes';
import { GridState } from '../grid-state';
import { GridStatusLine } from '../grid-status-line';
import type { ServerPage } from '../features/grid-features';
import { GridJournal } from './grid-journal';
import { journalKeyOf } from './journal-key';
import { conflictNote, restoredNote } from './journal-notes';
import { JournalEntry, JournalRow, journalColumnsOf } from './journal-entry';
import { JournalRestore, JournalRowPlace, appendJournalRows, journalFits, restoreJournal } from './journal-restore';
import { appendStoreJournalRows, restoreStoreJournal } from './journal-store-restore';
import { GRID_JOURNAL_STORE } from './journal-store';

/**
 * The grid's unsaved changes kept across reloads (docs/grid/unsaved-changes.md): journals every change set, offers a
 * journal found at load (the status line's question), restores it as one undo step and marks the conflicts.
 */
export class GridUnsavedChanges {
  readonly journal: GridJournal;
  private readonly saved: Subscription;
  /** With server-side pages: the page each pending row was changed on (and the filter and order it was cut from). */
  private pages = new Map<string, ServerPage>();
  /** The filter and order version the waiting rows' pages hold under; null when they are not known. */
  private waitQuery: number | null = null;

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
      data: () => state.document,
      rowStore: () => state.store,
      retentionDays: () => grid.journalRetentionDays(),
      pages: () => this.cut(),
      pageOf: (rowId) => this.pageOf(this.pages.get(rowId)?.page, this.pages.get(rowId)?.query),
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

  /**
   * A document was loaded. A page turn (`carried`: the ids the pending rows have in it) carries the pending rows under
   * new ids, and restores the rows of a journal that waited for this page; any other load may find a journal.
   */
  loaded(carried: ReadonlyMap<string, string> | null): void {
    if (!carried) {
      this.pages = new Map();
      this.waitQuery = null;
      void this.journal.open(journalKeyOf(this.state.grid.gridId(), this.state.fromBackend ? this.state.loadedRequest : null));
      return;
    }
    const { features } = this.state;
    const now = features.serverPage();
    const pages = new Map<string, ServerPage>();
    // A carried row the page holds is on it now; one hidden in it stays on the page it was changed on.
    for (const [from, to] of carried) {
      const page = this.pages.get(from);
      if (page) pages.set(to, features.isHidden(to) || !now ? page : now);
    }
    this.pages = pages;
    if (this.waitQuery !== null && now?.query !== this.waitQuery) {
      // Filtered or sorted otherwise: the pages of the rows waiting no longer say where they are.
      this.waitQuery = null;
      this.journal.waiting = withoutPages(this.journal.waiting);
    }
    this.journal.moved(carried);
    this.restoreWaiting();
  }

  /** A new document is shown: the conflicts marked on the one before go. */
  shown(): void {
    this.journal.clearConflicts();
  }

  changed(changeSet: ChangeSet): void {
    const page = this.state.features.serverPage();
    if (page) for (const id of changeSet.rowIds) if (!this.pages.has(id)) this.pages.set(id, page);
    this.journal.changed(changeSet.rowIds);
  }

  /** Reset dropped every change: the journal goes too (and the rows waiting for their page). */
  dropped(): void {
    this.waitQuery = null;
    this.journal.reset();
  }

  /**
   * The answer "Restore changes": the journal's changes made again on the data loaded now, one undo step; rows the
   * server changed since are marked with both values (`conflictOf`).
   */
  restore(): void {
    const offer = this.journal.offer();
    if (!offer?.fits || !this.state.document || this.state.busy() !== '') return;
    const now = this.state.features.serverPage();
    this.waitQuery = now && offer.entry.pages === this.cut() ? now.query : null;
    const restored = this.apply(offer.entry);
    // Pages cut another way than when journaled say nothing about where the rows are now.
    if (restored) this.journal.waiting = this.waitQuery === null ? withoutPages(restored.waiting) : restored.waiting;
    this.journal.answered(false);
    if (!restored) return;
    this.statusLine.showActionNote(restoredNote(restored, this.state.messages));
    this.cells.focusBody();
  }

  /**
   * A save sends the rows waiting for their page too, as it sends the pending rows of other pages: they go into the
   * data now as such rows (hidden), with the originals the user changed them from, which the server checks.
   */
  beforeSave(): void {
    const waiting = this.journal.waiting;
    if (waiting.length === 0 || !this.state.document) return;
    const store = this.state.store;
    const ids = store ? appendStoreJournalRows(store, waiting) : appendJournalRows(WrsIndex.of(this.state.data!), waiting);
    ids.forEach((id, i) => {
      const page = waiting[i].page;
      if (page !== undefined && this.waitQuery !== null) this.pages.set(id, { query: this.waitQuery, page });
    });
    this.state.features.hide(ids);
    this.journal.waiting = [];
    this.journal.changed(ids);
  }

  /** The rows waiting that this page holds, restored as one undo step; those it should hold and does not are gone. */
  private restoreWaiting(): void {
    const waiting = this.journal.waiting;
    if (waiting.length === 0 || this.journal.offer()) return;
    // The header says whether the journal fits: a store's rows stay unbuilt.
    const doc = this.state.document;
    if (!doc) return;
    const index = WrsIndex.of(doc);
    const entry: JournalEntry = { key: '', savedAt: 0, writer: '', columns: journalColumnsOf(index), rows: waiting };
    if (!journalFits(entry, index)) return;
    const restored = this.apply(entry);
    if (!restored) return;
    this.journal.waiting = restored.waiting;
    if (restored.rowIds.length > 0 || restored.gone > 0) this.statusLine.showActionNote(restoredNote(restored, this.state.messages));
  }

  /** Makes a journal's changes on the data as one undo step, marks its conflicts and repaints. */
  private apply(entry: JournalEntry): JournalRestore | null {
    const place = this.placer();
    let restored: JournalRestore | null = null;
    const onStore = this.writes.changeStore((snapshot, rows) => {
      const view = this.state.features.view;
      restored = restoreStoreJournal(rows.store, WrsIndex.of(this.state.document!), entry, {
        write: (r, writes) => rows.writeBatch(snapshot, [[r, writes]]).rowIds.length > 0,
        beforeDelete: (r) => rows.touchForDelete(snapshot, r),
        removed: (r) => view?.storedRemoved([r]),
        inserted: (at, ids) => {
          for (const id of ids) snapshot.added(id);
          view?.storedInserted(at, ids.length, null);
        },
      }, place);
      return restored.rowIds;
    });
    if (!onStore) this.writes.change((snapshot, index) => {
      const hooks = { beforeWrite: (row: Element) => snapshot.touchForWrite(row), beforeDelete: (row: Element) => snapshot.touchForDelete(row), added: (id: string) => snapshot.added(id) };
      restored = restoreJournal(index, entry, hooks, place);
      return restored.rowIds;
    });
    if (!restored) return null;
    this.journal.setConflicts((restored as JournalRestore).conflicts);
    this.state.body?.repaintAll();
    return restored;
  }

  /** Where a journaled row is: without server pages on the data; with them by its page when its page is known. */
  private placer(): (row: JournalRow) => JournalRowPlace {
    const now = this.state.features.serverPage();
    if (!now || !this.state.fromBackend) return () => 'here';
    return (row) => {
      const page = this.pageOf(row.page, this.waitQuery ?? undefined);
      return page === null ? 'unknown' : page === now.page ? 'here' : 'elsewhere';
    };
  }

  /** A page number recorded under a filter and order version, if that version still holds. */
  private pageOf(page: number | undefined, query: number | undefined): number | null {
    const now = this.state.features.serverPage();
    return page !== undefined && now && query === now.query ? page : null;
  }

  /** With server-side pages loaded from the backend, how they are cut now (`JournalEntry.pages`), else null. */
  private cut(): string | null {
    const { features } = this.state;
    if (!features.serverPage() || !this.state.fromBackend) return null;
    return JSON.stringify({ size: features.activePageSize(), order: features.orderings() });
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

function withoutPages(rows: readonly JournalRow[]): JournalRow[] {
  return rows.map(({ page: _, ...row }) => row);
}
