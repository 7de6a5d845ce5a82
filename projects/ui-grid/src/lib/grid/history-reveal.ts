import { RowStore, WrsIndex } from 'ngx-wrs-grid/core';
import { GridCells } from './grid-cells';
import { GridState } from './grid-state';
import { RowSnapshot } from './row-snapshot';

/** Where the rows a step's restore removes were in the view, read before they go (`rowsToRemove`). */
export interface RemovedRows {
  /** The page shown holds one of them. */
  readonly shown: boolean;
  /** The id of the row next to the first of them in view order that stays, whose page is theirs once they are gone. */
  readonly near: string | null;
  /** How many of them the filter hid. */
  readonly hidden: number;
}

export const NOTHING_REMOVED: RemovedRows = { shown: false, near: null, hidden: 0 };

/** Shows the user the rows an undo or redo changed: the focus goes there, or the status line says where they are. */
export class HistoryReveal {
  constructor(
    private readonly state: GridState,
    private readonly cells: GridCells,
  ) {}

  /**
   * Where the rows a step's restore removes (an undone add, a redone delete of new rows) are in the view, read before
   * they go: `shown` when the page shown holds one of them; else `near`, the row next to the first of them in view
   * order that stays (the next one, else the one before); `hidden`, how many of them the filter hid.
   */
  rowsToRemove(step: RowSnapshot): RemovedRows {
    const view = this.state.features.view;
    const none = NOTHING_REMOVED;
    if (!view || !this.state.document) return none;
    const store = this.state.store;
    if (store) return this.storedToRemove(store, step);
    const index = WrsIndex.of(this.state.data!);
    const going = new Set<Element>();
    for (const id of step.rowIds()) {
      const row = step.created(id) ? index.rowById(id) : null;
      if (!row) continue;
      if (view.positionOf(row) >= 0) return { ...none, shown: true };
      going.add(row);
    }
    if (going.size === 0) return none;
    const matched = view.matchedRows();
    const first = matched.findIndex((row) => going.has(row));
    if (first < 0) return { ...none, hidden: going.size };
    let near: Element | null = null;
    for (let i = first + 1; i < matched.length && !near; i++) if (!going.has(matched[i])) near = matched[i];
    for (let i = first - 1; i >= 0 && !near; i--) if (!going.has(matched[i])) near = matched[i];
    let hidden = going.size;
    for (const row of matched) if (going.has(row)) hidden--;
    return { shown: false, near: near && (near.getAttribute('id') ?? ''), hidden: near ? 0 : hidden };
  }

  /** `rowsToRemove` over the store positions of a row store whose document is not built. */
  private storedToRemove(store: RowStore, step: RowSnapshot): RemovedRows {
    const view = this.state.features.view!;
    const orderOf = view.storedOrder();
    if (!orderOf) return NOTHING_REMOVED;
    const going = new Set<number>();
    for (const id of step.rowIds()) {
      const r = step.created(id) ? store.positionOf(id) : -1;
      if (r < 0) continue;
      if (view.storedPlace(r).position >= 0) return { ...NOTHING_REMOVED, shown: true };
      going.add(r);
    }
    if (going.size === 0) return NOTHING_REMOVED;
    let first = -1;
    let hidden = 0;
    for (const r of going) {
      const at = orderOf(r);
      if (at === undefined) hidden++;
      else if (first < 0 || at < first) first = at;
    }
    if (first < 0) return { ...NOTHING_REMOVED, hidden };
    const stays = (at: number) => {
      const r = view.storedAtOrder(at);
      return r >= 0 && !going.has(r) ? r : -1;
    };
    let near = -1;
    for (let at = first + 1; near < 0 && view.storedAtOrder(at) >= 0; at++) near = stays(at);
    for (let at = first - 1; near < 0 && at >= 0; at--) near = stays(at);
    return { shown: false, near: near >= 0 ? store.id(near) : null, hidden: near >= 0 ? 0 : hidden };
  }

  /**
   * Moves the focus, in the focused column, to the first of these rows (in the order the change touched them) on the
   * page shown, else turns to the client page of the first of them in view order (as `jumpToRow`). When the change
   * removed them all (an undone add), it turns to the page they were on, the focus on the row next to where they
   * were. Returns how many rows there are when the filter (or another server page) hides all of them, else 0.
   */
  revealRows(rowIds: readonly string[], removed: RemovedRows, storePositions?: ReadonlyMap<string, number>): number {
    const { features, selection } = this.state;
    const view = features.view;
    if (!view || !this.state.document) return 0;
    const store = this.state.store;
    if (store) return this.revealStored(store, rowIds, removed, storePositions);
    const index = WrsIndex.of(this.state.data!);
    const away: Element[] = [];
    for (const id of rowIds) {
      const row = index.rowById(id);
      if (!row) continue;
      const position = view.positionOf(row);
      if (position >= 0) {
        this.cells.focusCell(position, selection.focus.col);
        return 0;
      }
      away.push(row);
    }
    if (away.length === 0) {
      if (removed.shown) return 0;
      const near = removed.near && index.rowById(removed.near);
      const position = near ? features.reveal(near) : -1;
      if (position >= 0) this.cells.focusCell(position, selection.focus.col);
      return removed.hidden;
    }
    // Read once for all of them: finding each row on its own would scan every row per changed row.
    const order = new Map<Element, number>();
    view.matchedRows().forEach((row, i) => order.set(row, i));
    let first: Element | null = null;
    for (const row of away) {
      const at = order.get(row);
      if (at !== undefined && (first === null || at < order.get(first)!)) first = row;
    }
    const position = first ? features.reveal(first) : -1;
    if (position < 0) return away.length;
    this.cells.focusCell(position, selection.focus.col);
    return 0;
  }

  /** `revealRows` over the rows of a row store whose document is not built, by their store positions. */
  private revealStored(store: RowStore, rowIds: readonly string[], removed: RemovedRows, at?: ReadonlyMap<string, number>): number {
    const { features, selection } = this.state;
    const view = features.view!;
    const orderOf = view.storedOrder();
    const away: number[] = [];
    for (const id of rowIds) {
      const r = store.positionOf(id, at?.get(id));
      if (r < 0) continue;
      const { position } = view.storedPlace(r);
      if (position >= 0) {
        this.cells.focusCell(position, selection.focus.col);
        return 0;
      }
      away.push(r);
    }
    if (away.length === 0) {
      if (removed.shown) return 0;
      const near = removed.near ? store.positionOf(removed.near) : -1;
      const position = near >= 0 ? features.revealStored(near) : -1;
      if (position >= 0) this.cells.focusCell(position, selection.focus.col);
      return removed.hidden;
    }
    // The first of them in view order, as on the document.
    let first = -1;
    let firstAt = Infinity;
    for (const r of away) {
      const order = orderOf?.(r);
      if (order !== undefined && order < firstAt) [first, firstAt] = [r, order];
    }
    const position = first >= 0 ? features.revealStored(first) : -1;
    if (position < 0) return away.length;
    this.cells.focusCell(position, selection.focus.col);
    return 0;
  }
}
