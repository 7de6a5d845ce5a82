import { RowStore, WrsIndex, cellValue, cellsOf, originalOf, rowState } from 'ngx-wrs-grid/core';

/** One pending row of a journal: what the grid needs to make the same change again on freshly loaded data. */
export interface JournalRow {
  readonly state: 'I' | 'M' | 'D';
  /** The row's id when it was journaled (server ids may number rows anew; key columns find them again). */
  readonly id: string;
  /** Cell values in column order (`null` is `wrs:null`); for a D row the values it held. */
  readonly cells: readonly (string | null)[];
  /** An M row's `wrs:O` values: the server's values when the user first changed the row. */
  readonly originals?: readonly (string | null)[];
  /** An I row: the id of the row before it, and its 1-based position in the document, to insert it there again. */
  readonly after?: string | null;
  readonly position?: number;
  /** With server-side pages, an M or D row's 0-based page when journaled (under the entry's `pages`), if known. */
  readonly page?: number;
}

/** A header column as the journal knows it: a journal fits data whose columns are the same, in the same order. */
export interface JournalColumn {
  readonly id: string;
  readonly type: string;
}

/** What the journal stores per grid data (one IndexedDB record). */
export interface JournalEntry {
  /** What identifies the grid's data (`journalKeyOf`). */
  readonly key: string;
  /** When it was written (ms since the epoch): retention drops old entries, the question names the time. */
  readonly savedAt: number;
  /** The grid instance (one page load of one tab) that wrote it last. */
  readonly writer: string;
  readonly columns: readonly JournalColumn[];
  /** The pending rows, in the order they were first changed. */
  readonly rows: readonly JournalRow[];
  /** With server-side pages, how they were cut (page size, order): a row's `page` holds only under the same cut. */
  readonly pages?: string;
}

/** The header columns of a Wrs as the journal compares them. */
export function journalColumnsOf(index: WrsIndex): JournalColumn[] {
  return index.columns().map((c) => ({ id: c.id, type: (c.element.getAttribute('type-name') ?? '').toUpperCase() }));
}

/**
 * The pending rows of a document as journal rows: rows `order` knows first, in its order (when they were first
 * changed), then the others in document order. Reads only the changed rows (`WrsIndex.changedRows`).
 */
export function journalRowsOf(index: WrsIndex, order: ReadonlyMap<string, number>): JournalRow[] {
  const changed = index.changedRows();
  const positions = new Map(changed.map((row, i) => [row, i]));
  const rank = (row: Element) => order.get(row.getAttribute('id') ?? '') ?? Number.MAX_SAFE_INTEGER;
  const sorted = [...changed].sort((a, b) => rank(a) - rank(b) || positions.get(a)! - positions.get(b)!);
  return sorted.map((row) => journalRowOf(index, row));
}

/** One pending row as a journal row. */
export function journalRowOf(index: WrsIndex, row: Element): JournalRow {
  const state = rowState(row) as JournalRow['state'];
  const id = row.getAttribute('id') ?? '';
  const cells = cellsOf(row);
  const values = cells.map(cellValue);
  if (state === 'M') return { state, id, cells: values, originals: cells.map((c) => cellValue(originalOf(c) ?? c)) };
  if (state === 'I') {
    const position = index.positionOf(row);
    const before = position > 1 ? index.rowAt(position - 1) : null;
    return { state, id, cells: values, after: before?.getAttribute('id') ?? null, position };
  }
  return { state, id, cells: values };
}

/** The size of an entry as stored, in UTF-16 code units of its JSON (what a quota counts, near enough). */
export function journalEntrySize(entry: JournalEntry): number {
  return JSON.stringify(entry).length * 2;
}

/**
 * Where the journal reads pending rows: a document's index, or a row store whose document is not built (its
 * entries), so that journaling an edit on a store builds nothing.
 */
export interface JournalRows {
  /** How many rows are not R. */
  changedCount(): number;
  /** The ids of the rows that are not R, in document order. */
  changedIds(): string[];
  /** The row of an id as a journal row; null when it is R or not there. */
  rowOf(id: string): JournalRow | null;
}

/** The pending rows of a document. */
export function documentJournalRows(index: WrsIndex): JournalRows {
  return {
    changedCount: () => index.changedRowCount(),
    changedIds: () => index.changedRows().map((row) => row.getAttribute('id') ?? ''),
    rowOf: (id) => {
      const row = index.rowById(id);
      return !row || row.localName === 'R' ? null : journalRowOf(index, row);
    },
  };
}

/** The pending rows of a row store whose document is not built, read from its entries (`columns` cells a row). */
export function storeJournalRows(store: RowStore, columns: number): JournalRows {
  return {
    changedCount: () => store.changedRows().length,
    changedIds: () => store.changedRows().map((r) => store.id(r) ?? ''),
    rowOf: (id) => {
      const r = store.positionOf(id);
      const state = r < 0 ? 'R' : store.state(r);
      if (state !== 'I' && state !== 'M' && state !== 'D') return null;
      const cells = Array.from({ length: columns }, (_, k) => store.cellValue(r, k + 1));
      if (state === 'M') return { state, id, cells, originals: cells.map((value, k) => (store.originalValue(r, k + 1) ?? value)) };
      if (state === 'I') return { state, id, cells, after: r > 0 ? store.id(r - 1) : null, position: r + 1 };
      return { state, id, cells };
    },
  };
}

/**
 * The journal rows of a document kept between writes: a write reads again only the rows change sets named since the
 * last one (and the I rows, whose neighbours and positions move), so its cost follows the edit, not every pending row.
 */
export class JournalRowCache {
  private readonly rows = new Map<string, { row: JournalRow; size: number }>();
  /** Rows named since the last read; null: all (a new document, a change set naming no rows). */
  private dirty: Set<string> | null = null;

  /** Rows of these ids changed; none named: anything may have. */
  changed(rowIds: readonly string[]): void {
    if (rowIds.length === 0) this.dirty = null;
    else if (this.dirty) for (const id of rowIds) this.dirty.add(id);
  }

  /** Everything is read again on the next `read`. */
  invalidate(): void {
    this.dirty = null;
  }

  /** The pending rows in `order` (then document order), and their size in bytes of JSON. */
  read(source: JournalRows, order: ReadonlyMap<string, number>): { rows: JournalRow[]; size: number } {
    const dirty = this.dirty;
    this.dirty = new Set();
    if (dirty === null) {
      this.rows.clear();
      for (const id of source.changedIds()) this.put(source, id);
    } else {
      for (const [id, kept] of this.rows) if (kept.row.state === 'I') dirty.add(id);
      for (const id of dirty) this.put(source, id);
      // Rows changed without a change set naming them: read all of them again.
      if (this.rows.size !== source.changedCount()) return this.invalidate(), this.read(source, order);
    }
    const rank = (id: string) => order.get(id) ?? Number.MAX_SAFE_INTEGER;
    const sorted = [...this.rows].sort((a, b) => rank(a[0]) - rank(b[0]));
    let size = 0;
    for (const [, kept] of sorted) size += kept.size;
    return { rows: sorted.map(([, kept]) => kept.row), size };
  }

  private put(source: JournalRows, id: string): void {
    const journaled = source.rowOf(id);
    if (!journaled) {
      this.rows.delete(id);
      return;
    }
    this.rows.set(id, { row: journaled, size: JSON.stringify(journaled).length * 2 });
  }
}
