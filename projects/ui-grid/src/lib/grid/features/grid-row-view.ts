import { ColumnFilterFunction, ColumnValues, RowOrdering, RowStore, WrsIndex, filterRows, filterStoreRows, sortRows, sortStoreRows } from 'ngx-wrs-grid/core';
import { ElementRow, ShownRow, StoreRow } from '../shown-row';
import { MatchedRows, PageSlice, StoredRows } from './row-view-lists';

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
 * rows' elements when it is built. The rows listed are a `MatchedRows` (elements) or a `StoredRows` (store positions),
 * both in `row-view-lists.ts`; the view holds the query, the page and which of them it reads.
 */
export class GridRowView {
  /** Every row passing filter and order as elements, before paging; null while the view is the whole index. */
  private matched: MatchedRows | null = null;
  /** The store positions of the rows in view order (sorted or paged over a store not built), else null. */
  private stored: StoredRows | null = null;
  private waitsForBuild = false;
  /** The page shown of the rows listed. */
  private readonly slice: PageSlice = { start: 0, length: 0 };
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
    return this.unbuilt() && !this.matched ? this.stored?.filtered() ?? null : null;
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
    this.matched = new MatchedRows(this.index, this.stored.elements(this.index), this.slice);
    this.stored = null;
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
      return;
    }
    const store = this.unbuilt();
    if (store && !Object.values(query.custom ?? {}).some((f) => f.length > 1)) {
      this.matched = null;
      const values = this.values;
      let rows = hasFilter ? filterStoreRows(store, this.index, query.filter!, { values, custom: query.custom }) : undefined;
      if (query.hidden?.size) rows = (rows ?? Array.from({ length: store.rowCount }, (_, r) => r)).filter((r) => !query.hidden!.has(store.id(r) ?? ''));
      const listed = hasOrder ? sortStoreRows(store, this.index, query.orderings!, rows, values) : (rows ?? Array.from({ length: store.rowCount }, (_, r) => r));
      this.stored = new StoredRows(store, listed, !hasOrder && !rows, this.slice);
      if (!this.waitsForBuild) store.onBuilt(this.toElements);
      this.waitsForBuild = true;
      this.setPage();
      return;
    }
    this.build();
    let rows = hasFilter ? filterRows(this.index, query.filter!, { values: this.values, custom: query.custom }) : [...this.index.rows()];
    if (query.hidden?.size) rows = rows.filter((r) => !query.hidden!.has(r.getAttribute('id') ?? ''));
    if (hasOrder) rows = sortRows(this.index, rows, query.orderings!, this.values);
    this.matched = new MatchedRows(this.index, rows, this.slice);
    this.stored = null;
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
      this.slice.start = Math.min(page.number, last) * page.size;
      this.slice.length = Math.min(page.size, length - this.slice.start);
    } else {
      this.slice.start = 0;
      this.slice.length = length;
    }
    this.matched?.paged();
  }

  /** True when the view shows every row of the document in document order. */
  get isWhole(): boolean {
    return this.listed === null;
  }

  /** Rows shown now (the current page). */
  get rowCount(): number {
    return this.listed === null ? this.total : this.slice.length;
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
    const after = Math.max(0, listed - this.slice.start - this.slice.length);
    return Math.ceil(this.slice.start / size) + 1 + Math.ceil(after / size);
  }

  /** The page number actually shown (a page past the end shows the last one). */
  get pageNumber(): number {
    const size = this.query.page?.size ?? 0;
    return size > 0 ? Math.floor(this.slice.start / size) : 0;
  }

  /** The row at a view position as the body paints it (from the store while the document is not built), or null. */
  shownAt(position: number): ShownRow | null {
    const store = this.unbuilt();
    if (store && this.stored) {
      const r = this.stored.at(position);
      return r >= 0 ? new StoreRow(store, r) : null;
    }
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
    if (this.stored) return this.stored.place(r);
    const order = r < store.rowCount ? r : -1;
    return { order, position: order };
  }

  /**
   * While the view reads a store: the place of a store row in the whole view order (undefined when the view does
   * not hold it), read once for many rows; null when the view reads elements.
   */
  storedOrder(): ((r: number) => number | undefined) | null {
    const store = this.unbuilt();
    if (!store || this.matched) return null;
    if (!this.stored) return (r) => (r >= 0 && r < store.rowCount ? r : undefined);
    return this.stored.orderOf();
  }

  /** The store position at a place of the whole view order (all pages) while the view reads a store, else -1. */
  storedAtOrder(order: number): number {
    const store = this.unbuilt();
    if (!store || this.matched || order < 0) return -1;
    if (!this.stored) return order < store.rowCount ? order : -1;
    return this.stored.atOrder(order);
  }

  /** `rowInOrder` as the store position of the row while the view reads a store (see `storedPlace`), else -1. */
  storedInOrder(position: number): number {
    const store = this.unbuilt();
    if (!store || this.matched || position < 0) return -1;
    if (!this.stored) return position < store.rowCount ? position : -1;
    return this.stored.inOrder(position);
  }

  /** The row at a view position, or null. */
  rowAt(position: number): Element | null {
    this.build();
    if (!this.matched) return this.index.rowAt(position + 1);
    return this.matched.at(position);
  }

  /**
   * The row at a view position counted on past the page shown, into the pages after it (null past the last row):
   * where lines pasted at the end of a page go.
   */
  rowInOrder(position: number): Element | null {
    this.build();
    if (!this.matched) return this.index.rowAt(position + 1);
    return this.matched.inOrder(position);
  }

  /** Rows from a view position on, in view order: the rest of the page shown and every page after it. */
  rowsFrom(position: number): number {
    const listed = this.listed;
    const total = listed === null ? this.total : listed - this.slice.start;
    return Math.max(0, total - position);
  }

  /** The view position of a row, -1 when the view does not show it. */
  positionOf(row: Element): number {
    this.build();
    if (!this.matched) return this.index.positionOf(row) - 1;
    return this.matched.positionOf(row);
  }

  /** The rows shown, in view order. */
  rows(): Element[] {
    this.build();
    if (!this.matched) return [...this.index.rows()];
    return this.matched.page();
  }

  /** Every row passing the filter in view order, all pages (what "export the current filter" writes). */
  matchedRows(): Element[] {
    this.build();
    if (!this.matched) return [...this.index.rows()];
    return this.matched.all();
  }

  /** The 0-based document position where rows inserted at a view position go. */
  documentPositionFor(position: number): number {
    this.build();
    if (!this.matched) return position;
    return this.matched.documentPositionFor(position);
  }

  /** New rows were inserted into the document to show at a view position. */
  inserted(position: number, rows: readonly Element[]): void {
    this.matched?.inserted(position, rows);
  }

  /**
   * Rows were inserted into the store the view reads, `n` rows before store position `at`: the positions it holds
   * move, and the new rows show at view position `position` (null: after the row before them in the store, where the
   * page shows it, else at the page's start).
   */
  storedInserted(at: number, n: number, position: number | null): void {
    this.stored?.inserted(at, n, position);
  }

  /** Rows at store positions `rs` left the store the view reads: they leave the view, the positions after them move. */
  storedRemoved(rs: readonly number[]): void {
    this.stored?.removed(rs);
  }

  /** `documentPositionFor` as a store position while the view reads a store: where rows inserted at a view position go. */
  storedPositionFor(position: number): number {
    const store = this.unbuilt()!;
    if (!this.stored) return Math.max(0, Math.min(position, store.rowCount));
    return this.stored.positionFor(position);
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
    if (store && this.stored?.stale) this.apply(this.query);
    this.matched?.changed(ids, this.query.hidden);
  }
}
