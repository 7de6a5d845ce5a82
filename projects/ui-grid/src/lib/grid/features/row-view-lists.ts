import { RowStore, WrsIndex } from 'ngx-wrs-grid/core';

/** The page of a row view: where it starts among the rows listed in view order, and how many rows it shows. */
export interface PageSlice {
  start: number;
  length: number;
}

/**
 * The rows a row view lists in view order as elements (filtered, sorted or paged over a built document). Change
 * sets patch the list at the cost of the rows they name, so an edit never makes a row jump away.
 */
export class MatchedRows {
  /** The listed elements as a set, built when a change set first needs them after a query (no DOM reads). */
  private members: Set<Element> | null = null;
  /** Row id -> position in the page, built on demand. */
  private positions: Map<string, number> | null = null;

  constructor(
    private readonly index: WrsIndex,
    private list: Element[],
    private readonly slice: PageSlice,
  ) {}

  get length(): number {
    return this.list.length;
  }

  /** The page moved: the positions on it are read again. */
  paged(): void {
    this.positions = null;
  }

  /** The row at a position on the page, or null. */
  at(position: number): Element | null {
    if (position < 0 || position >= this.slice.length) return null;
    return this.current(this.slice.start + position);
  }

  /** The row at a position counted on past the page, into the pages after it (null past the last row). */
  inOrder(position: number): Element | null {
    return position < 0 ? null : this.current(this.slice.start + position);
  }

  /** The listed row at an index; an element an edit replaced (R -> M) is swapped for the current one here, lazily. */
  private current(at: number): Element | null {
    const row = this.list[at] ?? null;
    if (row && !row.parentNode) {
      const current = this.index.rowById(row.getAttribute('id') ?? '');
      if (current) {
        this.list[at] = current;
        return current;
      }
    }
    return row;
  }

  /** The position of a row on the page, -1 when the page does not show it. */
  positionOf(row: Element): number {
    const { start, length } = this.slice;
    if (!this.positions) {
      this.positions = new Map();
      for (let p = 0; p < length; p++) this.positions.set(this.list[start + p].getAttribute('id') ?? '', p);
    }
    const position = this.positions.get(row.getAttribute('id') ?? '');
    return position !== undefined && this.current(start + position) === row ? position : -1;
  }

  /** The rows on the page, in view order. */
  page(): Element[] {
    const out: Element[] = [];
    for (let p = 0; p < this.slice.length; p++) out.push(this.current(this.slice.start + p)!);
    return out;
  }

  /** Every listed row, all pages. */
  all(): Element[] {
    return this.list.map((_, i) => this.current(i)!);
  }

  /** The 0-based document position where rows inserted at a position of the page go. */
  documentPositionFor(position: number): number {
    const at = this.at(position);
    if (at) return this.index.positionOf(at) - 1;
    const last = this.at(this.slice.length - 1);
    return last ? this.index.positionOf(last) : this.index.rowCount;
  }

  /** New rows were inserted into the document to show at a position of the page. */
  inserted(position: number, rows: readonly Element[]): void {
    const at = this.slice.start + Math.max(0, Math.min(position, this.slice.length));
    // One splice with a spread overflows the call stack past about 130,000 rows.
    this.list = [...this.list.slice(0, at), ...rows, ...this.list.slice(at)];
    for (const row of rows) this.members?.add(row);
    this.slice.length += rows.length;
    this.positions = null;
  }

  /**
   * Patches the list after a change set naming these rows. Edited rows stay where they are, even when they no longer
   * pass the filter (elements an edit replaced are swapped in lazily by `current`). Only I rows can leave the document
   * or come back into it (delete, restore, duplicate, undo): those leave the list or appear after their document
   * predecessor, unless `hidden` holds them; only then is the list scanned, for the detached elements.
   */
  changed(ids: readonly string[], hidden: ReadonlySet<string> | null | undefined): void {
    const gone = new Set<string>();
    const fresh: Element[] = [];
    for (const id of ids) {
      const row = this.index.rowById(id);
      if (!row) gone.add(id);
      else if (row.localName === 'I' && !hidden?.has(id)) fresh.push(row);
    }
    if (gone.size === 0 && fresh.length === 0) return;
    const members = (this.members ??= new Set(this.list));
    const unknown = new Map<string, Element>();
    for (const row of fresh) if (!members.has(row)) unknown.set(row.getAttribute('id') ?? '', row);
    if (gone.size === 0 && unknown.size === 0) return;
    const kept: Element[] = [];
    let { start, length } = this.slice;
    this.list.forEach((row, i) => {
      const id = row.parentNode ? null : row.getAttribute('id') ?? '';
      if (id !== null && gone.has(id)) {
        members.delete(row);
        if (i < this.slice.start) start--;
        else if (i < this.slice.start + this.slice.length) length--;
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
    this.list = kept;
    this.slice.start = Math.max(0, start);
    this.slice.length = Math.max(0, length);
    for (const row of unknown.values()) {
      const at = this.slotAfterPredecessor(row);
      kept.splice(at, 0, row);
      members.add(row);
      if (at < this.slice.start) this.slice.start++;
      else this.slice.length++;
    }
    this.positions = null;
  }

  /** Where a row re-appearing in the list goes: after the nearest row before it in the document that the page shows. */
  private slotAfterPredecessor(row: Element): number {
    const { start, length } = this.slice;
    // By id: the list may still hold the element an edit or undo replaced (swapped in lazily by `current`).
    const inPage = new Map<string, number>();
    for (let p = start; p < start + length; p++) inPage.set(this.list[p].getAttribute('id') ?? '', p);
    for (let pos = this.index.positionOf(row) - 1; pos >= 1; pos--) {
      const at = inPage.get(this.index.rowAt(pos)!.getAttribute('id') ?? '');
      if (at !== undefined) return at + 1;
    }
    return start;
  }
}

/**
 * The rows a row view lists in view order over a row store whose document is not built: their store positions
 * (filtered and sorted, or every row in store order when only paged). Writes through the store move them along
 * (`inserted`, `removed`); a row count the list did not follow means another component added or took rows.
 */
export class StoredRows {
  /** The store's row count the list follows. */
  private count: number;

  constructor(
    private readonly store: RowStore,
    private list: number[],
    /** True while the list holds every store position in order (client pages alone). */
    private inStoreOrder: boolean,
    private readonly slice: PageSlice,
  ) {
    this.count = store.rowCount;
  }

  get length(): number {
    return this.list.length;
  }

  /** True when rows came into or left the store behind the view's back: the list is to be made again. */
  get stale(): boolean {
    return this.store.rowCount !== this.count;
  }

  /** The listed store positions (every page), or null while they are every row in store order. */
  filtered(): readonly number[] | null {
    return this.inStoreOrder ? null : this.list;
  }

  /** The rows' elements, in view order: for the document just built. */
  elements(index: WrsIndex): Element[] {
    return this.list.map((r) => index.rowAt(r + 1)!);
  }

  /** The store position shown at a position of the page, -1 when none. */
  at(position: number): number {
    return position >= 0 && position < this.slice.length ? this.list[this.slice.start + position] : -1;
  }

  /** Where store row `r` is: its place in the whole view order and its position on the page, -1 when not there. */
  place(r: number): { order: number; position: number } {
    const order = this.list.indexOf(r);
    const onPage = order >= this.slice.start && order < this.slice.start + this.slice.length;
    return { order, position: onPage ? order - this.slice.start : -1 };
  }

  /** The place of a store row in the whole view order (undefined when not listed), read once for many rows. */
  orderOf(): (r: number) => number | undefined {
    const order = new Map<number, number>();
    this.list.forEach((r, i) => order.set(r, i));
    return (r) => order.get(r);
  }

  /** The store position at a place of the whole view order, -1 past the end. */
  atOrder(order: number): number {
    return this.list[order] ?? -1;
  }

  /** The store position at a position counted on past the page (see `MatchedRows.inOrder`), -1 past the end. */
  inOrder(position: number): number {
    return this.list[this.slice.start + position] ?? -1;
  }

  /** The store position where rows inserted at a position of the page go. */
  positionFor(position: number): number {
    const at = position >= 0 && position < this.slice.length ? this.list[this.slice.start + position] : undefined;
    if (at !== undefined) return at;
    const last = this.slice.length > 0 ? this.list[this.slice.start + this.slice.length - 1] : undefined;
    return last !== undefined ? last + 1 : this.store.rowCount;
  }

  /**
   * `n` rows were inserted into the store before store position `at`: the positions listed move, and the new rows
   * show at page position `position` (null: after the row before them in the store, where the page shows it, else
   * at the page's start).
   */
  inserted(at: number, n: number, position: number | null): void {
    if (n === 0) return;
    const list = this.list;
    this.inStoreOrder = false;
    let slot = -1;
    for (let i = 0; i < list.length; i++) {
      if (list[i] >= at) list[i] += n;
      else if (list[i] === at - 1) slot = i + 1;
    }
    const { start, length } = this.slice;
    const inPage = (i: number) => i >= start && i <= start + length;
    const view = position !== null ? start + Math.max(0, Math.min(position, length)) : inPage(slot) ? slot : start;
    const added = Array.from({ length: n }, (_, k) => at + k);
    this.list = [...list.slice(0, view), ...added, ...list.slice(view)];
    this.count += n;
    this.slice.length += n;
  }

  /** Rows at store positions `rs` left the store: they leave the list, the positions after them move. */
  removed(rs: readonly number[]): void {
    if (rs.length === 0) return;
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
    let { start, length } = this.slice;
    this.list.forEach((p, i) => {
      if (!gone.has(p)) kept.push(p - below(p));
      else if (i < this.slice.start) start--;
      else if (i < this.slice.start + this.slice.length) length--;
    });
    this.list = kept;
    this.count -= gone.size;
    this.slice.start = Math.max(0, start);
    this.slice.length = Math.max(0, length);
  }
}
