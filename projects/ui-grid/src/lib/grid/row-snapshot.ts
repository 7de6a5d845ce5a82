import { NS, RowStore, WrsIndex, cellAt, cellValue, cellsOf, deleteRowElement, forgetSourceText, restoreRowElement, setCellContent } from 'ngx-wrs-grid/core';
import type { ServerPage } from './features/grid-features';

/**
 * A cell an undo puts back: the `wrs:C` as it was (or, taken from a row store's entry, its value), and the value the
 * change wrote (to see whether another did since).
 */
export interface CellEntry {
  readonly before: Element | null;
  readonly beforeValue: string | null;
  readonly after: string | null;
}

export interface RowEntry {
  readonly id: string;
  /** A deep copy of the row as it was, or null when the row did not exist. */
  readonly before: Element | null;
  /** 0-based index of the row in `wrs:Data` before the change. */
  readonly position: number;
  /**
   * Rows changed in place, nothing copied: `deleted`, an R row the change deletes (restoring its D row puts it back);
   * `undeleted`, such a row put back by an undo (deleting it again is the redo); `modified`, an R row whose cells the
   * change writes (restoring its M row, which keeps the original values, puts it back).
   */
  readonly inPlace?: 'deleted' | 'undeleted' | 'modified';
  /**
   * An I or M row whose cells the change writes: only the cells it wrote are put back, so a later change of its other
   * cells by another component stays (an id `afterAddRow` fills in when the server answers). Until `seal()` every
   * `wrs:C` of the row as it was; after it, by 1-based position, the cells the change wrote, and the row's state.
   */
  cells?: Map<number, CellEntry>;
  rawCells?: Element[];
  /** As `rawCells`, for a row of a store: its values. */
  rawValues?: (string | null)[];
  state?: string;
  /** The R row as it was, while it is on a server page not loaded (`rebase`). */
  away?: Element;
}

/** How an undo step stands to a row another component changed: see `RowSnapshot.afterForeignChange`. */
export type ForeignChange = 'created' | 'cells' | 'conflict';

/** A snapshot's rows in a row store whose document is not built: `StoreSnapshotRows` (store-snapshot.ts). */
export interface SnapshotStoreRows {
  readonly store: RowStore;
  seal(entries: Iterable<RowEntry>): void;
  afterForeignChange(entry: RowEntry, claimed: Set<number>): ForeignChange;
  /** True when `restore` can put the rows back in the store (no row to remove or to put back in). */
  canRestore(entries: Iterable<RowEntry>): boolean;
  restore(entries: Iterable<RowEntry>, inverse: RowSnapshot): void;
}

/**
 * The state of the rows one change set touches, taken before it touches them, so that `restore()` puts the
 * document back exactly (row states, C/O pairs, inserted rows gone, deleted rows back) at a cost that grows with
 * the rows touched, not with the document.
 */
export class RowSnapshot {
  private readonly entries = new Map<string, RowEntry>();
  /**
   * `wrs:TransactionsNumber` before the change, null when the header had none; undefined once the step moved into
   * another server page's document (`rebase`), whose header is the server's.
   */
  private transactions: string | null | undefined;
  /** With server-side pages, the page the change was made on (its rows are there), else null. */
  page: ServerPage | null = null;

  /** Rows in a store whose document is not built yet: recorded from its entries (`touchStore`). */
  private storeRows: SnapshotStoreRows | null = null;

  constructor(private readonly doc: Document, storeRows: SnapshotStoreRows | null = null) {
    this.transactions = transactionsElement(doc)?.textContent ?? null;
    this.storeRows = storeRows;
  }

  /** The store the snapshot records rows of, while its document is not built; else null. */
  get store(): RowStore | null {
    const store = this.storeRows?.store;
    return store && !store.materialized ? store : null;
  }

  /** Records an entry taken from a store row (`StoreSnapshotRows`); the first record of a row wins. */
  record(entry: RowEntry): void {
    if (!this.entries.has(entry.id)) this.entries.set(entry.id, entry);
  }

  /**
   * The same step in the document of another server page, which a page turn loaded with the rows of this one that
   * were pending, and found in it the R rows the history holds (`ids`: old id -> id in `page`): rows it holds go by
   * their new ids, copies go back where the rows are now. An R row the page does not hold is away (`isAway`): kept
   * to be looked for again at the next turn (by key, as pending rows are carried), the step waits for a turn to its
   * page. A row not in the document (an I row deleted) keeps its id; a copy the step puts back goes in at the end,
   * where server pages show new rows. Null when a row it holds can no longer be told (neither found, nor R, nor its
   * id free in the page).
   */
  rebase(page: Document, ids: ReadonlyMap<string, string>): RowSnapshot | null {
    const old = WrsIndex.of(this.doc);
    const index = WrsIndex.of(page);
    const moved = new RowSnapshot(page);
    moved.transactions = undefined;
    moved.page = this.page;
    const rows = new Map<RowEntry, Element>();
    const away = new Map<RowEntry, Element>();
    for (const entry of this.entries.values()) {
      const id = ids.get(entry.id);
      const row = id === undefined ? null : index.rowById(id);
      if (row) rows.set(entry, row);
      else if (id !== undefined) return null;
      else {
        const left = entry.away ?? old.rowById(entry.id);
        if (left?.localName === 'R') away.set(entry, page.importNode(left, true) as Element);
        // A row not in the document now (an I row deleted, put back by this step's undo or a newer one's) keeps its
        // id, which must be free in the page.
        else if (left || index.rowById(entry.id)) return null;
      }
    }
    // A copy goes back where its row is once the rows this step created are gone (as `position` counts).
    const created = [...rows].filter(([entry]) => entry.before === null && !entry.inPlace && !entry.cells).map(([, row]) => index.positionOf(row));
    for (const entry of this.entries.values()) {
      const row = rows.get(entry);
      const cells = entry.cells && new Map([...entry.cells].map(([pos, cell]) => [pos, { ...cell, before: cell.before && (page.importNode(cell.before, true) as Element) }]));
      // Two rows under one id (an away row's old id is a row of this page): the step cannot tell them apart.
      if (moved.entries.has(row?.getAttribute('id') ?? entry.id)) return null;
      if (!row) {
        const before = entry.before && (page.importNode(entry.before, true) as Element);
        moved.entries.set(entry.id, { ...entry, before, cells, position: Number.MAX_SAFE_INTEGER, away: away.get(entry) });
        continue;
      }
      const id = row.getAttribute('id') ?? '';
      let before: Element | null = null;
      let position = entry.position;
      if (entry.before) {
        before = page.importNode(entry.before, true) as Element;
        before.setAttribute('id', id);
        const at = index.positionOf(row);
        position = at - 1 - created.filter((p) => p < at).length;
      }
      moved.entries.set(id, { ...entry, id, before, position, cells, away: undefined });
    }
    return moved;
  }

  /** True when a row the step holds is on a server page not loaded (`rebase`): it cannot be undone here. */
  get isAway(): boolean {
    for (const entry of this.entries.values()) if (entry.away) return true;
    return false;
  }

  /** The R rows away on other server pages, as they were: a page turn looks for them in the page it loads. */
  awayRows(): Element[] {
    return [...this.entries.values()].filter((e) => e.away).map((e) => e.away!);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The store positions of its rows, by id, while it records rows of a store (lookups start there); else empty. */
  storePositions(): Map<string, number> {
    const at = new Map<string, number>();
    if (this.store) for (const entry of this.entries.values()) at.set(entry.id, entry.position);
    return at;
  }

  /** Ids of the rows in the snapshot. */
  rowIds(): string[] {
    return [...this.entries.keys()];
  }

  /** Records a row before the change set modifies or removes it; later calls for the same row keep the first state. */
  touch(row: Element): void {
    const id = row.getAttribute('id') ?? '';
    if (this.entries.has(id)) return;
    const index = WrsIndex.of(this.doc);
    this.entries.set(id, { id, before: row.cloneNode(true) as Element, position: index.positionOf(row) - 1 });
  }

  /**
   * Records a row before a delete. An R row becomes a D row holding the same cells, so undoing restores that D row
   * and nothing is copied (deleting 10,000 rows copies no row); other rows are recorded as `touch` does.
   */
  touchForDelete(row: Element): void {
    if (row.localName !== 'R') return this.touch(row);
    const id = row.getAttribute('id') ?? '';
    if (this.entries.has(id)) return;
    this.entries.set(id, { id, before: null, position: WrsIndex.of(this.doc).positionOf(row) - 1, inPlace: 'deleted' });
  }

  /**
   * Records a row before cells of it are written (`writeRowCells`). An R row becomes an M row whose `wrs:O` hold the
   * values it had, so undoing restores that M row and nothing is copied (a paste over 1,000 rows copies no row);
   * I and M rows by their cells, put back one by one (`seal`); D rows as `touch` does.
   */
  touchForWrite(row: Element): void {
    const id = row.getAttribute('id') ?? '';
    if (this.entries.has(id)) return;
    if (row.localName === 'I' || row.localName === 'M') {
      // The row stays where it is; `seal()` keeps only the cells that changed.
      const rawCells = cellsOf(row).map((c) => c.cloneNode(true) as Element);
      this.entries.set(id, { id, before: null, position: -1, rawCells });
      return;
    }
    if (row.localName !== 'R') return this.touch(row);
    this.entries.set(id, { id, before: null, position: -1, inPlace: 'modified' });
  }

  /**
   * After the change: the cell entries (`touchForWrite` of I and M rows) keep the cells it changed, with the values
   * it wrote; the other cells' copies go.
   */
  seal(): void {
    if (this.store) return this.storeRows!.seal(this.entries.values());
    const index = WrsIndex.of(this.doc);
    for (const entry of this.entries.values()) {
      if (!entry.rawCells) continue;
      const row = index.rowById(entry.id);
      const cells = new Map<number, CellEntry>();
      if (row) {
        const now = cellsOf(row);
        entry.rawCells.forEach((before, i) => {
          const after = now[i] ? cellValue(now[i]) : null;
          if (now[i] && cellValue(before) !== after) cells.set(i + 1, { before, beforeValue: null, after });
        });
      }
      entry.cells = cells;
      entry.state = row?.localName;
      delete entry.rawCells;
    }
  }

  /**
   * Another component changed a row this step holds. `created`: the step added it (undoing it removes the row, that
   * change with it); `cells`: the step wrote cells of it that still hold what it wrote, and undoing puts back only
   * those (older steps decide on the rest; `claimed` are the cells newer steps wrote, checked there), or it holds no
   * row of that id here (one away on another server page); `conflict`: undoing would put back what the other
   * component changed.
   */
  afterForeignChange(id: string, claimed: Set<number>): ForeignChange {
    const entry = this.entries.get(id);
    // A row away on another server page is not the row of that id here.
    if (!entry || entry.away) return 'cells';
    if (entry.before === null && !entry.inPlace && !entry.cells && !entry.rawCells && !entry.rawValues) return 'created';
    if (!entry.cells) return 'conflict';
    if (this.store) return this.storeRows!.afterForeignChange(entry, claimed);
    const row = WrsIndex.of(this.doc).rowById(id);
    if (!row || row.localName !== entry.state) return 'conflict';
    for (const [pos, cell] of entry.cells) {
      if (claimed.has(pos)) continue;
      const now = cellAt(row, pos);
      if (!now || cellValue(now) !== cell.after) return 'conflict';
      claimed.add(pos);
    }
    return 'cells';
  }

  /** Records a row an undo puts back in place (an R row from a D row): the redo deletes it again. */
  private touchUndeleted(row: Element): void {
    const id = row.getAttribute('id') ?? '';
    if (!this.entries.has(id)) this.entries.set(id, { id, before: null, position: -1, inPlace: 'undeleted' });
  }

  /** Records a row the change set creates. */
  added(id: string): void {
    if (!this.entries.has(id)) this.entries.set(id, { id, before: null, position: -1 });
  }

  /** True when the snapshot records this row. */
  holds(id: string): boolean {
    return this.entries.has(id);
  }

  /** True when the change set created this row: `restore()` removes it, whatever was written into it since. */
  created(id: string): boolean {
    const entry = this.entries.get(id);
    return !!entry && entry.before === null && !entry.inPlace && !entry.cells && !entry.rawCells && !entry.rawValues;
  }

  /** Puts every recorded row back as it was and returns the snapshot that undoes this restore. */
  restore(): RowSnapshot {
    const inverse = new RowSnapshot(this.doc, this.storeRows);
    inverse.page = this.page;
    inverse.transactions = this.transactions === undefined ? undefined : inverse.transactions;
    if (this.store && this.storeRows!.canRestore(this.entries.values())) {
      this.storeRows!.restore(this.entries.values(), inverse);
      if (this.transactions !== undefined) setTransactionsNumber(this.doc, this.transactions);
      return inverse;
    }
    // Rows to put back in or take out of a store: its document is built first (the same object, then complete).
    this.store?.materialize();
    const index = WrsIndex.of(this.doc);
    const current: Element[] = [];
    for (const entry of this.entries.values()) {
      const row = index.rowById(entry.id);
      if (!row) inverse.added(entry.id);
      else if (entry.cells) {
        // Undone in place, cell by cell: the redo writes the same cells again.
        const cells = new Map<number, CellEntry>();
        forgetSourceText(this.doc);
        for (const [pos, cell] of entry.cells) {
          const now = cellAt(row, pos);
          if (!now) continue;
          const value = cellValue(now);
          if (cell.before) row.replaceChild(cell.before.cloneNode(true), now);
          else setCellContent(now, cell.beforeValue);
          const back = cellAt(row, pos)!;
          cells.set(pos, { before: cell.before ? now : null, beforeValue: value, after: cellValue(back) });
        }
        inverse.entries.set(entry.id, { id: entry.id, before: null, position: -1, cells, state: row.localName });
      } else if (entry.inPlace === 'deleted' && row.localName === 'D') {
        // Undone in place: later change sets are undone first, so the row is the D row the delete left.
        inverse.touchUndeleted(restoreRowElement(row, index)!);
      } else if (entry.inPlace === 'modified' && row.localName === 'M') {
        // Undone in place: the redo puts back a copy of the M row, written values and all.
        inverse.touch(row);
        restoreRowElement(row, index);
      } else if (entry.inPlace === 'undeleted' && row.localName === 'R') {
        // The redo of such an undo: the R row is deleted again, into the D row it was.
        inverse.touchForDelete(row);
        deleteRowElement(row, index);
      } else if (entry.inPlace) {
        inverse.touch(row);
      } else {
        inverse.touch(row);
        current.push(row);
      }
    }
    const data = index.data ?? this.doc.documentElement!.appendChild(this.doc.createElementNS(NS.wrs, 'wrs:Data'));
    for (const row of current) data.removeChild(row);
    index.removed(current);
    const back = [...this.entries.values()].filter((e) => e.before !== null).sort((a, b) => a.position - b.position);
    for (const entry of back) {
      const row = entry.before!.cloneNode(true) as Element;
      const at = index.rows()[entry.position] ?? null;
      data.insertBefore(row, at);
      index.inserted(Math.min(entry.position, index.rowCount), [row]);
    }
    if (this.transactions !== undefined) setTransactionsNumber(this.doc, this.transactions);
    return inverse;
  }
}

function setTransactionsNumber(doc: Document, value: string | null): void {
  const tn = transactionsElement(doc);
  if (tn && value === null) tn.parentNode!.removeChild(tn);
  else if (tn && value !== null) tn.textContent = value;
  else if (value !== null) {
    const root = doc.documentElement!;
    const header = firstWrsChild(root, 'Header');
    const created = doc.createElementNS(NS.wrs, root.prefix ? `${root.prefix}:TransactionsNumber` : 'TransactionsNumber');
    created.textContent = value;
    header?.appendChild(created);
  }
}

function transactionsElement(doc: Document): Element | null {
  const header = firstWrsChild(doc.documentElement!, 'Header');
  return header && firstWrsChild(header, 'TransactionsNumber');
}

function firstWrsChild(parent: Element, localName: string): Element | null {
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as Element).namespaceURI === NS.wrs && (c as Element).localName === localName) return c as Element;
  }
  return null;
}
