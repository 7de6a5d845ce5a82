import { ColumnFilterFunction, ColumnValues, RowOrdering, RowStore, WrsIndex, filterRows, filterStoreRows, sortRows, sortStoreRows } from 'ngx-wrs-grid/core';
import { ElementRow, ShownRow, StoreRow } from '../shown-row';

/** What decides the visible rows: a filter, sort keys and a page (0-based page number), each optional. */
export interface RowViewQuery {
  readonly filter?: Element | null;
  readonly custom?: Readonly<Record<string, ColumnFilterFunction>>;
  readonly orderings?: readonly RowOrdering[];
  readonly page?: { readonly size: number; readonly number: number } | null;
  /** Rows to leave out whatever the filter says (server-side pages: pending rows kept from other pages). */
  readonly hidden?: ReadonlySet<string> | null;
}

/**
 * The grid's row view: the list of rows the grid shows, fed by filtering, sorting and pagination. Positions are
 * 0-based view positions. Without any of them the view is the Wrs index itself and costs nothing; otherwise it keeps
 * the matching rows in order, and change sets patch it (edited rows stay, new rows appear where they were inserted,
 * removed rows go) so an edit never makes a row jump away. Rows filtered out keep their pending changes in the
 * document, so a save sends them.
 *
 * Over a row store whose document is not built yet (a provider's `getRowStore()`), the view reads its rows from the
 * store (`rowCount`, `shownAt`), in document order or filtered, sorted and paged by store positions: showing,
 * scrolling, filtering, sorting and turning pages build nothing. Whatever needs elements (a custom filter function
 * that takes the row, `rowAt` and the other element reads) builds the document first; the positions become the
 * rows' elements when it is built.
 */
export class GridRowView {
  /** Every row passing filter and order, before paging; null while the view is the whole index. */
  private matched: Element[] | null = null;
  /** The store positions of the rows in view order (sorted or paged over a store not built), else null. */
  private stored: number[] | null = null;
  /** The store's row count that `stored` follows: another count means rows came or went behind the view's back. */
  private storedCount = 0;
  private waitsForBuild = false;
  /** True while `stored` holds every store position in order (client pages alone). */
  private storeOrder = false;
  private pageStart = 0;
  private pageLength = 0;
  /** The matched elements, built when a change set first needs them after a query (no DOM reads). */
  private members: Set<Element> | null = null;
  /** Row id -> position in the page, built on demand. */
  private positions: Map<string, number> | null = null;
  private query: RowViewQuery = {};
  readonly values: ColumnValues;

  constructor(readonly index: WrsIndex, private store: RowStore | null = null) {
    this.values = new ColumnValues(index, store);
  }

  /** The row store the view reads while its document is not built, else null. */
  get unbuiltStore(): RowStore | null {
    return this.unbuilt();
  }

  /** The store positions of every row passing the filter in view order (all pages), null when the view is all rows in store order (or reads elements). */
  storedRows(): readonly number[] | null {
    return this.unbuilt() && !this.matched && !this.storeOrder ? this.stored : null;
  }

  /** The store the view reads while its document is not built, else null. */
  private unbuilt(): RowStore | null {
    if (this.store?.materialized) this.store = null;
    return this.store;
  }

  /** Builds the document of the store the view reads (once): from then on the view reads elements. */
  private build(): void {
    this.unbuilt()?.materialize();
    this.store = null;
  }

  /** Store positions in view order become the rows' elements: called as the document is complete, before any change. */
  private readonly toElements = (): void => {
    if (!this.stored) return;
    this.matched = this.stored.map((r) => this.index.rowAt(r + 1)!);
    this.stored = null;
    this.members = null;
    this.positions = null;
  };

  /** Rows in view order before paging: matched elements or store positions; null while the view is the whole index. */
  private get listed(): number | null {
    return this.matched?.length ?? this.stored?.length ?? null;
  }

  /** Rows of the whole document. */
  private get total(): number {
    return this.unbuilt()?.rowCount ?? this.index.rowCount;
  }

  /** Recomputes the view for a query (a filter, order or page change). */
  apply(query: RowViewQuery): void {
    this.query = query;
    const hasFilter = !!query.filter && query.filter.firstChild !== null;
    const hasOrder = (query.orderings?.length ?? 0) > 0;
    if (!hasFilter && !hasOrder && !query.page && !query.hidden?.size) {
      this.matched = null;
      this.stored = null;
      this.positions = null;
      return;
    }
    const store = this.unbuilt();
    if (store && !Object.values(query.custom ?? {}).some((f) => f.length > 1)) {
      this.matched = null;
      const values = this.values;
      let rows = hasFilter ? filterStoreRows(store, this.index, query.filter!, { values, custom: query.custom }) : undefined;
      if (query.hidden?.size) rows = (rows ?? Array.from({ length: store.rowCount }, (_, r) => r)).filter((r) => !query.hidden!.has(store.id(r) ?? ''));
      this.stored = hasOrder ? sortStoreRows(store, this.index, query.orderings!, rows, values) : (rows ?? Array.from({ length: store.rowCount }, (_, r) => r));
      this.storeOrder = !hasOrder && !rows;
      this.storedCount = store.rowCount;
      if (!this.waitsForBuild) store.onBuilt(this.toElements);
      this.waitsForBuild = true;
      this.setPage();
      return;
    }
    this.build();
    let rows = hasFilter ? filterRows(this.index, query.filter!, { values: this.values, custom: query.custom }) : [...this.index.rows()];
    if (query.hidden?.size) rows = rows.filter((r) => !query.hidden!.has(r.getAttribute('id') ?? ''));
    if (hasOrder) rows = sortRows(this.index, rows, query.orderings!, this.values);
    this.matched = rows;
    this.members = null;
    this.setPage();
  }

  /** Shows another page (or with null all rows) of the same filtered and sorted rows, without filtering again. */
  showPage(page: RowViewQuery['page']): void {
    if (this.listed === null) {
      this.apply({ ...this.query, page });
      return;
    }
    this.query = { ...this.query, page };
    this.setPage();
  }

  private setPage(): void {
    const length = this.listed!;
    const page = this.query.page;
    if (page && page.size > 0) {
      const last = Math.max(0, Math.ceil(length / page.size) - 1);
      this.pageStart = Math.min(page.number, last) * page.size;
      this.pageLength = Math.min(page.size, length - this.pageStart);
    } else {
      this.pageStart = 0;
      this.pageLength = length;
    }
    this.positions = null;
  }

  /** True when the view shows every row of the document in document order. */
  get isWhole(): boolean {
    return this.listed === null;
  }

  /** Rows shown now (the current page). */
  get rowCount(): number {
    return this.listed === null ? this.total : this.pageLength;
  }

  /** Rows passing the filter, all pages together. */
  get matchedCount(): number {
    return this.listed ?? this.total;
  }

  /**
   * Pages of `size` rows: the pages before the one shown, the one shown, the pages after it. Rows added to the page
   * shown lengthen it (they appear where they were added), so counting `matchedCount / size` would show them on the
   * next page a second time.
   */
  pagesOf(size: number): number {
    const listed = this.listed;
    if (listed === null) return Math.ceil(this.total / size);
    const after = Math.max(0, listed - this.pageStart - this.pageLength);
    return Math.ceil(this.pageStart / size) + 1 + Math.ceil(after / size);
  }

  /** The page number actually shown (a page past the end shows the last one). */
  get pageNumber(): number {
    const size = this.query.page?.size ?? 0;
    return size > 0 ? Math.floor(this.pageStart / size) : 0;
  }

  /** The row at a view position as the body paints it (from the store while the document is not built), or null. */
  shownAt(position: number): ShownRow | null {
    const store = this.unbuilt();
    if (store && this.stored) return position >= 0 && position < this.pageLength ? new StoreRow(store, this.stored[this.pageStart + position]) : null;
    if (store && !this.matched) return position >= 0 && position < store.rowCount ? new StoreRow(store, position) : null;
    const row = this.rowAt(position);
    return row ? new ElementRow(row) : null;
  }

  /**
   * Where row `r` of the store is while the view reads one (`shownAt` gives StoreRows): its place in the whole order
   * of the view, and its position on the page shown; -1 when not there (or the view reads elements).
   */
  storedPlace(r: number): { order: number; position: number } {
    const store = this.unbuilt();
    if (!store || this.matched) return { order: -1, position: -1 };
    const order = this.stored ? this.stored.indexOf(r) : r < store.rowCount ? r : -1;
    const onPage = order >= this.pageStart && order < this.pageStart + this.pageLength;
    return { order, position: this.stored ? (onPage ? order - this.pageStart : -1) : order };
  }

  /**
   * While the view reads a store: the place of a store row in the whole view order (undefined when the view does
   * not hold it), read once for many rows; null when the view reads elements.
   */
  storedOrder(): ((r: number) => number | undefined) | null {
    const store = this.unbuilt();
    if (!store || this.matched) return null;
    if (!this.stored) return (r) => (r >= 0 && r < store.rowCount ? r : undefined);
    const order = new Map<number, number>();
    this.stored.forEach((r, i) => order.set(r, i));
    return (r) => order.get(r);
  }

  /** The store position at a place of the whole view order (all pages) while the view reads a store, else -1. */
  storedAtOrder(order: number): number {
    const store = this.unbuilt();
    if (!store || this.matched || order < 0) return -1;
    if (!this.stored) return order < store.rowCount ? order : -1;
    return this.stored[order] ?? -1;
  }

  /** `rowInOrder` as the store position of the row while the view reads a store (see `storedPlace`), else -1. */
  storedInOrder(position: number): number {
    const store = this.unbuilt();
    if (!store || this.matched || position < 0) return -1;
    if (!this.stored) return position < store.rowCount ? position : -1;
    return this.stored[this.pageStart + position] ?? -1;
  }

  /** The row at a view position, or null. */
  rowAt(position: number): Element | null {
    this.build();
    if (!this.matched) return this.index.rowAt(position + 1);
    if (position < 0 || position >= this.pageLength) return null;
    return this.current(this.pageStart + position);
  }

  /** The matched row at an index; an element an edit replaced (R -> M) is swapped for the current one here, lazily. */
  private current(at: number): Element | null {
    const row = this.matched![at] ?? null;
    if (row && !row.parentNode) {
      const current = this.index.rowById(row.getAttribute('id') ?? '');
      if (current) {
        this.matched![at] = current;
        return current;
      }
    }
    return row;
  }

  /**
   * The row at a view position counted on past the page shown, into the pages after it (null past the last row):
   * where lines pasted at the end of a page go.
   */
  rowInOrder(position: number): Element | null {
    this.build();
    if (!this.matched) return this.index.rowAt(position + 1);
    if (position < 0) return null;
    return this.current(this.pageStart + position);
  }

  /** Rows from a view position on, in view order: the rest of the page shown and every page after it. */
  rowsFrom(position: number): number {
    const listed = this.listed;
    const total = listed === null ? this.total : listed - this.pageStart;
    return Math.max(0, total - position);
  }

  /** The view position of a row, -1 when the view does not show it. */
  positionOf(row: Element): number {
    this.build();
    if (!this.matched) return this.index.positionOf(row) - 1;
    if (!this.positions) {
      this.positions = new Map();
      for (let p = 0; p < this.pageLength; p++) this.positions.set(this.matched[this.pageStart + p].getAttribute('id') ?? '', p);
    }
    const position = this.positions.get(row.getAttribute('id') ?? '');
    return position !== undefined && this.current(this.pageStart + position) === row ? position : -1;
  }

  /** The rows shown, in view order. */
  rows(): Element[] {
    this.build();
    if (!this.matched) return [...this.index.rows()];
    const out: Element[] = [];
    for (let p = 0; p < this.pageLength; p++) out.push(this.current(this.pageStart + p)!);
    return out;
  }

  /** Every row passing the filter in view order, all pages (what "export the current filter" writes). */
  matchedRows(): Element[] {
    this.build();
    if (!this.matched) return [...this.index.rows()];
    return this.matched.map((_, i) => this.current(i)!);
  }

  /** The 0-based document position where rows inserted at a view position go. */
  documentPositionFor(position: number): number {
    this.build();
    if (!this.matched) return position;
    const at = this.rowAt(position);
    if (at) return this.index.positionOf(at) - 1;
    const last = this.rowAt(this.pageLength - 1);
    return last ? this.index.positionOf(last) : this.index.rowCount;
  }

  /** New rows were inserted into the document to show at a view position. */
  inserted(position: number, rows: readonly Element[]): void {
    if (!this.matched) return;
    const at = this.pageStart + Math.max(0, Math.min(position, this.pageLength));
    // One splice with a spread overflows the call stack past about 130,000 rows.
    this.matched = [...this.matched.slice(0, at), ...rows, ...this.matched.slice(at)];
    for (const row of rows) this.members?.add(row);
    this.pageLength += rows.length;
    this.positions = null;
  }

  /**
   * Rows were inserted into the store the view reads, `n` rows before store position `at`: the positions it holds
   * move, and the new rows show at view position `position` (null: after the row before them in the store, where the
   * page shows it, else at the page's start).
   */
  storedInserted(at: number, n: number, position: number | null): void {
    const stored = this.stored;
    if (!stored || n === 0) return;
    this.storeOrder = false;
    let slot = -1;
    for (let i = 0; i < stored.length; i++) {
      if (stored[i] >= at) stored[i] += n;
      else if (stored[i] === at - 1) slot = i + 1;
    }
    const inPage = (i: number) => i >= this.pageStart && i <= this.pageStart + this.pageLength;
    const view = position !== null ? this.pageStart + Math.max(0, Math.min(position, this.pageLength)) : inPage(slot) ? slot : this.pageStart;
    const added = Array.from({ length: n }, (_, k) => at + k);
    this.stored = [...stored.slice(0, view), ...added, ...stored.slice(view)];
    this.storedCount += n;
    this.pageLength += n;
    this.positions = null;
  }

  /** Rows at store positions `rs` left the store the view reads: they leave the view, the positions after them move. */
  storedRemoved(rs: readonly number[]): void {
    const stored = this.stored;
    if (!stored || rs.length === 0) return;
    const sorted = [...rs].sort((a, b) => a - b);
    const gone = new Set(sorted);
    // How many removed positions lie below p: a binary search over the sorted positions.
    const below = (p: number) => {
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid] < p) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const kept: number[] = [];
    let pageStart = this.pageStart;
    let pageLength = this.pageLength;
    stored.forEach((p, i) => {
      if (!gone.has(p)) kept.push(p - below(p));
      else if (i < this.pageStart) pageStart--;
      else if (i < this.pageStart + this.pageLength) pageLength--;
    });
    this.stored = kept;
    this.storedCount -= gone.size;
    this.pageStart = Math.max(0, pageStart);
    this.pageLength = Math.max(0, pageLength);
    this.positions = null;
  }

  /** `documentPositionFor` as a store position while the view reads a store: where rows inserted at a view position go. */
  storedPositionFor(position: number): number {
    const store = this.unbuilt()!;
    if (!this.stored) return Math.max(0, Math.min(position, store.rowCount));
    const at = position >= 0 && position < this.pageLength ? this.stored[this.pageStart + position] : undefined;
    if (at !== undefined) return at;
    const last = this.pageLength > 0 ? this.stored[this.pageStart + this.pageLength - 1] : undefined;
    return last !== undefined ? last + 1 : store.rowCount;
  }

  /**
   * Patches the view after a change set at the cost of the rows it names. Edited rows stay where they are, even when
   * they no longer pass the filter (elements an edit replaced are swapped in lazily by `rowAt`). Only I rows can leave
   * the document or come back into it (delete, restore, duplicate, undo): those leave the view or appear after their
   * document predecessor; only then is the view scanned, for the detached elements.
   */
  changed(rowIds: Iterable<string>): void {
    const ids = [...rowIds];
    this.values.changed(ids);
    // Rows another component added to or took from the store the view reads in its own order: ordered again.
    const store = this.unbuilt();
    if (store && this.stored && store.rowCount !== this.storedCount) this.apply(this.query);
    if (!this.matched) return;
    const gone = new Set<string>();
    const fresh: Element[] = [];
    for (const id of ids) {
      const row = this.index.rowById(id);
      if (!row) gone.add(id);
      else if (row.localName === 'I' && !this.query.hidden?.has(id)) fresh.push(row);
    }
    if (gone.size === 0 && fresh.length === 0) return;
    const members = (this.members ??= new Set(this.matched));
    const unknown = new Map<string, Element>();
    for (const row of fresh) if (!members.has(row)) unknown.set(row.getAttribute('id') ?? '', row);
    if (gone.size === 0 && unknown.size === 0) return;
    const kept: Element[] = [];
    let pageStart = this.pageStart;
    let pageLength = this.pageLength;
    this.matched.forEach((row, i) => {
      const id = row.parentNode ? null : row.getAttribute('id') ?? '';
      if (id !== null && gone.has(id)) {
        members.delete(row);
        if (i < this.pageStart) pageStart--;
        else if (i < this.pageStart + this.pageLength) pageLength--;
        return;
      }
      const replacement = id !== null ? unknown.get(id) : undefined;
      if (replacement) {
        unknown.delete(id!);
        members.delete(row);
        members.add(replacement);
        kept.push(replacement);
      } else kept.push(row);
    });
    this.matched = kept;
    this.pageStart = Math.max(0, pageStart);
    this.pageLength = Math.max(0, pageLength);
    for (const row of unknown.values()) {
      const at = this.viewSlotAfterPredecessor(kept, row, this.pageStart, this.pageLength);
      kept.splice(at, 0, row);
      members.add(row);
      if (at < this.pageStart) this.pageStart++;
      else this.pageLength++;
    }
    this.positions = null;
  }

  /** Where a row re-appearing in the view goes: after the nearest row before it in the document that the page shows. */
  private viewSlotAfterPredecessor(rows: Element[], row: Element, pageStart: number, pageLength: number): number {
    // By id: the view may still hold the element an edit or undo replaced (swapped in lazily by `current`).
    const inPage = new Map<string, number>();
    for (let p = pageStart; p < pageStart + pageLength; p++) inPage.set(rows[p].getAttribute('id') ?? '', p);
    for (let pos = this.index.positionOf(row) - 1; pos >= 1; pos--) {
      const at = inPage.get(this.index.rowAt(pos)!.getAttribute('id') ?? '');
      if (at !== undefined) return at + 1;
    }
    return pageStart;
  }
}
