import { signal } from '@angular/core';
import { RowStore, WrsIndex, errorMessage } from 'ngx-wrs-grid/core';
import { JournalEntry, JournalRow, JournalRowCache, documentJournalRows, journalColumnsOf, storeJournalRows } from './journal-entry';
import { JournalConflict, journalFits } from './journal-restore';
import { GridJournalStore } from './journal-store';

/** A journal found when the grid's data loaded, offered to the user until answered. */
export interface JournalOffer {
  readonly entry: JournalEntry;
  /** False when its columns are not those of the data now: it can only be discarded. */
  readonly fits: boolean;
}

/** What a grid's journal needs from the grid. */
export interface GridJournalHost {
  /** The store, null when the app turned the journal off (`journal: false`). */
  store(): GridJournalStore | null;
  /** The grid's data as it is now (read when a write runs, not when the edit happened), without building a store's rows. */
  data(): Document | null;
  /** The row store of the data while its document is not built (its pending rows are read from it), else null. */
  rowStore?(): RowStore | null;
  /** Days an entry is kept; older entries are dropped when a grid looks for its journal. */
  retentionDays(): number;
  /** With server-side pages: how they are cut now (`JournalEntry.pages`), and a pending row's page, if known. */
  pages?(): string | null;
  pageOf?(rowId: string): number | null;
}

/** Time from a change to its write: edits typed in a burst are one write; a crash loses at most this much. */
const WRITE_DELAY_MS = 300;
const DAY_MS = 86_400_000;

/**
 * Keeps a grid's pending changes in a journal (IndexedDB by default) as they happen, so that a reload, a closed tab or
 * a crash does not lose them. Writes run after the change, in a timer and one after another; an edit never waits for
 * one, and a failed write (a full quota, no IndexedDB) turns the journal off with a console warning.
 */
export class GridJournal {
  /** Largest entry written, in bytes of its JSON (about 40,000 cells of short text); a larger one is not kept. */
  static maxBytes = 4_000_000;

  /** The journal found at load, while it waits for Restore or Discard. */
  readonly offer = signal<JournalOffer | null>(null);
  /** Identifies this grid instance as a writer: a save clears only an entry it wrote. */
  readonly writer = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  private key: string | null = null;
  /** Row id -> when it was first changed: the journal lists rows in the order they were changed. */
  private order = new Map<string, number>();
  private changes = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The store calls, one after another: a delete never overtakes the write before it. */
  private queue: Promise<unknown> = Promise.resolve();
  private off = false;
  private tooLarge = false;
  private conflicts = new Map<string, JournalConflict[]>();
  /** Restored rows of other server pages, not in the data until their page loads: journaled with the data's rows. */
  private waitingRows: readonly JournalRow[] = [];
  private readonly cache = new JournalRowCache();
  private readonly writeNow = () => this.write();
  /** A closed tab, a navigation away or a hidden tab (which may be discarded) writes what the timer still holds. */
  private readonly writeWhenLeaving = (event: Event) => {
    if (this.timer !== null && (event.type === 'pagehide' || document.visibilityState === 'hidden')) this.write();
  };

  constructor(private readonly host: GridJournalHost) {
    addEventListener('pagehide', this.writeWhenLeaving);
    document.addEventListener('visibilitychange', this.writeWhenLeaving);
  }

  /**
   * The grid loaded its data afresh (not a page turn, nor the reload after a save): drops entries past retention, then
   * offers the journal kept under `key`. Its own entry too: the fresh data holds none of the changes it journaled.
   */
  async open(key: string | null): Promise<JournalOffer | null> {
    this.cancelTimer();
    this.cache.invalidate();
    this.key = key;
    this.order = new Map();
    this.offer.set(null);
    this.conflicts = new Map();
    this.waitingRows = [];
    const store = this.host.store();
    if (!store || !key || this.off) return null;
    const cutoff = Date.now() - Math.max(0, this.host.retentionDays()) * DAY_MS;
    const entry = await this.enqueue(async () => {
      await store.prune(cutoff);
      return store.read(key);
    });
    const doc = this.host.data();
    // The columns are in the header: a store's document has it before its rows are built.
    if (!entry || entry.rows.length === 0 || this.key !== key || !doc) return null;
    const offer = { entry, fits: journalFits(entry, WrsIndex.of(doc)) };
    this.offer.set(offer);
    return offer;
  }

  /** A change set on the grid's data: the rows it names are journaled (after WRITE_DELAY_MS). */
  changed(rowIds: readonly string[]): void {
    for (const id of rowIds) if (!this.order.has(id)) this.order.set(id, this.changes++);
    this.cache.changed(rowIds);
    if (this.offer() || this.off || !this.key || !this.host.store()) return;
    this.timer ??= setTimeout(this.writeNow, WRITE_DELAY_MS);
  }

  /** A server page turn carried the pending rows under new ids (old -> new): they keep their place in the order. */
  moved(ids: ReadonlyMap<string, string>): void {
    const order = new Map<string, number>();
    for (const [from, to] of ids) {
      const rank = this.order.get(from);
      if (rank !== undefined) order.set(to, rank);
    }
    this.order = order;
    // The rows are other elements now, some under other ids: all are read again.
    this.cache.invalidate();
    this.changed([]);
  }

  /** Restore or Discard answered the offer: from now on the journal follows the grid's data again. */
  answered(discard: boolean): void {
    const offer = this.offer();
    this.offer.set(null);
    const store = this.host.store();
    if (discard && offer && store) void this.enqueue(() => store.remove(offer.entry.key));
    this.changed([]);
    this.flush();
  }

  /** The rows of other server pages waiting for their page (each change of them is written). */
  get waiting(): readonly JournalRow[] {
    return this.waitingRows;
  }

  set waiting(rows: readonly JournalRow[]) {
    this.waitingRows = rows;
    this.changed([]);
  }

  /** Reset dropped every change: the journal of the data goes, whoever wrote it (an open offer with it). */
  reset(): void {
    this.cancelTimer();
    this.offer.set(null);
    this.waitingRows = [];
    const store = this.host.store();
    const key = this.key;
    if (store && key) void this.enqueue(() => store.remove(key));
  }

  /** Writes every pending change now, read afresh from the data (an empty set deletes this instance's entry). */
  flush(): void {
    this.cache.invalidate();
    this.write();
  }

  private write(): void {
    this.cancelTimer();
    const store = this.host.store();
    const key = this.key;
    if (!store || !key || this.off || this.offer()) return;
    // Read after the cheap checks (a store's rows are read from its entries below).
    const doc = this.host.data();
    if (!doc) return;
    const index = WrsIndex.tryOf(doc);
    if (!index) return;
    const rowStore = this.host.rowStore?.() ?? null;
    const source = rowStore ? storeJournalRows(rowStore, index.columns().length) : documentJournalRows(index);
    const waiting = this.waitingRows;
    const pending = source.changedCount() + waiting.length;
    if (pending === 0) {
      void this.enqueue(() => store.remove(key, this.writer));
      return;
    }
    // Every cell takes at least 6 bytes of JSON: changes that cannot fit are not even read (a delete of 100,000 rows).
    const least = pending * index.columns().length * 6;
    const read = least > GridJournal.maxBytes ? null : this.cache.read(source, this.order);
    const entry: JournalEntry | null = read && this.entryOf(key, index, read.rows);
    const size = read ? read.size + waiting.reduce((n, r) => n + JSON.stringify(r).length * 2, 0) : least;
    if (!entry || size > GridJournal.maxBytes) {
      // A part of the changes would restore half of them: none are kept until they fit again.
      if (!this.tooLarge) console.warn(`ngx-wrs-grid: the unsaved changes of ${key} (${entry ? '' : 'at least '}${size} bytes) exceed the journal limit of ${GridJournal.maxBytes} bytes; they are not kept across reloads`);
      this.tooLarge = true;
      this.cache.invalidate();
      void this.enqueue(() => store.remove(key, this.writer));
      return;
    }
    this.tooLarge = false;
    void this.enqueue(() => store.write(entry));
  }

  /** The entry of the data's pending rows, then those waiting; with server pages, each M and D row's page if known. */
  private entryOf(key: string, index: WrsIndex, rows: JournalRow[]): JournalEntry {
    const entry = { key, savedAt: Date.now(), writer: this.writer, columns: journalColumnsOf(index), rows: [...rows, ...this.waitingRows] };
    const pages = this.host.pages?.() ?? null;
    if (pages === null) return entry;
    const withPage = (row: JournalRow): JournalRow => {
      const page = row.state === 'I' ? null : this.host.pageOf?.(row.id) ?? null;
      return page === null ? row : { ...row, page };
    };
    return { ...entry, pages, rows: [...rows.map(withPage), ...this.waitingRows] };
  }

  /** The conflicts a restore found, by row id, shown until the data is loaded again or saved. */
  setConflicts(conflicts: readonly JournalConflict[]): void {
    this.conflicts = new Map();
    for (const c of conflicts) this.conflicts.set(c.rowId, [...(this.conflicts.get(c.rowId) ?? []), c]);
  }

  conflictsOf(rowId: string): readonly JournalConflict[] | null {
    return this.conflicts.get(rowId) ?? null;
  }

  clearConflicts(): void {
    this.conflicts = new Map();
  }

  /** The grid is destroyed: what the timer holds is written, the page listeners go. */
  stop(): void {
    if (this.timer !== null) this.write();
    removeEventListener('pagehide', this.writeWhenLeaving);
    document.removeEventListener('visibilitychange', this.writeWhenLeaving);
  }

  /** Settles when every store call so far has (tests; an app waiting before it navigates). */
  settled(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Runs a store call after the ones before it; a failure turns the journal off for this grid, the edit unaffected. */
  private enqueue<T>(call: () => Promise<T>): Promise<T | null> {
    const run = this.queue.then(call).catch((e: unknown) => {
      if (!this.off) console.warn(`ngx-wrs-grid: unsaved changes are not kept across reloads for this grid: ${errorMessage(e)}`);
      this.off = true;
      return null;
    });
    this.queue = run;
    return run;
  }
}
