import { RowStore, WrsIndex } from 'ngx-wrs-grid/core';
import { GridCells } from './grid-cells';
import { GridState } from './grid-state';
import { RowSnapshot } from './row-snapshot';

/** Where the rows a step's restore removes were in the view, read before they go (`rowsToRemove`). */
export interface RemovedRows {
  /** The page shown holds one of them. */
  readonly shown: boolean;
  /** The row next to the first of them in view order that stays, whose page is theirs once they are gone. */
  readonly near: Element | null;
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
    // A step on a row store's entries removes no row (one that would is undone on the built document).
    if (!view || !this.state.document || step.store) return none;
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
    return { shown: false, near, hidden: near ? 0 : hidden };
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
    if (store) return this.revealStored(store, rowIds, storePositions);
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
      // By id: the element kept may be one the restore replaced.
      const near = removed.near && index.rowById(removed.near.getAttribute('id') ?? '');
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

  /** `revealRows` over the rows of a row store whose document is not built (its steps remove no row). */
  private revealStored(store: RowStore, rowIds: readonly string[], at?: ReadonlyMap<string, number>): number {
    const { features, selection } = this.state;
    let hidden = 0;
    for (const id of rowIds) {
      const r = store.positionOf(id, at?.get(id));
      const position = r < 0 ? -1 : features.revealStored(r);
      if (position >= 0) {
        this.cells.focusCell(position, selection.focus.col);
        return 0;
      }
      if (r >= 0) hidden++;
    }
    return hidden;
  }
}
