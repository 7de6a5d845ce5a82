import { RowStore, WrsError, WrsIndex } from 'ngx-wrs-grid/core';
import { GridCells } from './grid-cells';
import { GridState } from './grid-state';
import { GridValidationDisplay } from './grid-validation-display';
import { StoreRow } from './shown-row';
import { formatMessage } from './features/grid-messages';

/** Arguments of `jumpToRow`: a row by id or 1-based position, optionally a column. */
export interface JumpToRowArgs {
  readonly rowId?: string;
  readonly rowPos?: number;
  readonly colId?: string;
}

/** Moves the focus to a row asked for, or to the next invalid cell, turning pages and lifting filters as needed. */
export class GridNavigation {
  constructor(
    private readonly state: GridState,
    private readonly cells: GridCells,
    private readonly validation: GridValidationDisplay,
  ) {}

  /** Moves the focus to a row given by id or 1-based position, and to a column when `colId` is given. */
  jumpToRow(args: JumpToRowArgs): void {
    const { shown, selection, features } = this.state;
    const store = this.state.store;
    if (store) return this.jumpToStoredRow(store, args);
    const data = this.state.data;
    if (!data) return;
    const index = WrsIndex.of(data);
    const row = args.rowId !== undefined ? index.rowById(args.rowId) : index.rowAt(args.rowPos ?? 0);
    if (!row) throw new WrsError('UNKNOWN_ROW', `jumpToRow: no row ${args.rowId ?? args.rowPos}`, args);
    const col = args.colId !== undefined ? shown.findIndex((c) => c.id === args.colId) : selection.focus.col;
    if (col < 0) throw new WrsError('UNKNOWN_COLUMN', `jumpToRow: no shown column ${args.colId}`, args);
    const position = features.reveal(row);
    if (position < 0) throw new WrsError('UNKNOWN_ROW', `jumpToRow: row ${row.getAttribute('id')} is hidden by the filter`, args);
    this.cells.focusCell(position, col);
  }

  /**
   * Moves the focus to the next invalid cell after the focused one in view order (wrapping around, turning client
   * pages). Invalid cells in rows the column filters hide are not skipped silently: the returned note counts them, and
   * when no invalid cell is left in view, the column filters hiding the first of them are removed (the note names
   * them) and the focus goes there. Returns what the status line should tell the user, or null.
   */
  moveToError(): string | null {
    const store = this.state.store;
    const onStore = store && this.validation.ready ? this.moveToStoredError(store) : undefined;
    if (onStore !== undefined) return onStore;
    const { data, shown: columns, selection, features, messages } = this.state;
    const view = features.view;
    if (!this.validation.ready || !data || !view) return null;
    const errors = this.validation.errors();
    const index = WrsIndex.of(data);
    const order = new Map<Element, number>();
    view.matchedRows().forEach((row, i) => order.set(row, i));
    const shown: { row: Element; at: number; col: number }[] = [];
    const hidden: { row: Element; col: number }[] = [];
    for (const { rowId, colId } of errors) {
      const row = index.rowById(rowId);
      const col = columns.findIndex((c) => c.id === colId);
      if (!row || col < 0) continue;
      const at = order.get(row);
      if (at === undefined) hidden.push({ row, col });
      else shown.push({ row, at, col });
    }
    const cells = (n: number) => (n === 1 ? messages.invalidCell : formatMessage(messages.invalidCells, { n }));
    const hiddenNote = () => formatMessage(this.state.grid.serverSidedPagination() ? messages.errorsOnOtherPages : messages.errorsHiddenByFilter, { cells: cells(hidden.length) });
    if (shown.length > 0) {
      shown.sort((a, b) => a.at - b.at || a.col - b.col);
      const focused = view.rowAt(selection.focus.row);
      const from = focused ? order.get(focused) ?? -1 : -1;
      const col = selection.focus.col;
      const next = shown.find((c) => c.at > from || (c.at === from && c.col > col)) ?? shown[0];
      this.cells.focusCell(features.reveal(next.row), next.col);
      return hidden.length > 0 ? hiddenNote() : null;
    }
    if (hidden.length === 0) return null;
    hidden.sort((a, b) => index.positionOf(a.row) - index.positionOf(b.row) || a.col - b.col);
    const target = hidden[0];
    const removed = features.unhide(target.row);
    if (!removed) return hiddenNote();
    const position = features.reveal(target.row);
    if (position >= 0) this.cells.focusCell(position, target.col);
    return formatMessage(messages.filterRemovedForError, { columns: removed.map((c) => this.cells.captionOf(c)).join(', ') });
  }

  /** `jumpToRow` over the rows of a row store whose document is not built. */
  private jumpToStoredRow(store: RowStore, args: JumpToRowArgs): void {
    const { shown, selection, features } = this.state;
    const r = args.rowId !== undefined ? store.positionOf(args.rowId) : (args.rowPos ?? 0) - 1;
    if (r < 0 || r >= store.rowCount) throw new WrsError('UNKNOWN_ROW', `jumpToRow: no row ${args.rowId ?? args.rowPos}`, args);
    const col = args.colId !== undefined ? shown.findIndex((c) => c.id === args.colId) : selection.focus.col;
    if (col < 0) throw new WrsError('UNKNOWN_COLUMN', `jumpToRow: no shown column ${args.colId}`, args);
    const position = features.revealStored(r);
    if (position < 0) throw new WrsError('UNKNOWN_ROW', `jumpToRow: row ${store.id(r)} is hidden by the filter`, args);
    this.cells.focusCell(position, col);
  }

  /**
   * `moveToError` over the rows of a row store whose document is not built, by their store positions; undefined when
   * the view reads no store. A filter hiding the first invalid cell is tested on that row's element, built alone.
   */
  private moveToStoredError(store: RowStore): string | null | undefined {
    const { shown: columns, selection, features, messages } = this.state;
    const orderOf = features.view?.storedOrder();
    if (!orderOf) return undefined;
    const shown: { r: number; at: number; col: number }[] = [];
    const hidden: { r: number; col: number }[] = [];
    for (const { rowId, colId } of this.validation.errors()) {
      const r = store.positionOf(rowId);
      const col = columns.findIndex((c) => c.id === colId);
      if (r < 0 || col < 0) continue;
      const at = orderOf(r);
      if (at === undefined) hidden.push({ r, col });
      else shown.push({ r, at, col });
    }
    const cells = (n: number) => (n === 1 ? messages.invalidCell : formatMessage(messages.invalidCells, { n }));
    const hiddenNote = () => formatMessage(this.state.grid.serverSidedPagination() ? messages.errorsOnOtherPages : messages.errorsHiddenByFilter, { cells: cells(hidden.length) });
    if (shown.length > 0) {
      shown.sort((a, b) => a.at - b.at || a.col - b.col);
      const focused = features.view!.shownAt(selection.focus.row);
      const from = focused instanceof StoreRow ? (orderOf(focused.position) ?? -1) : -1;
      const col = selection.focus.col;
      const next = shown.find((c) => c.at > from || (c.at === from && c.col > col)) ?? shown[0];
      this.cells.focusCell(features.revealStored(next.r), next.col);
      return hidden.length > 0 ? hiddenNote() : null;
    }
    if (hidden.length === 0) return null;
    hidden.sort((a, b) => a.r - b.r || a.col - b.col);
    const target = hidden[0];
    const removed = features.unhide(store.element(target.r));
    if (!removed) return hiddenNote();
    const position = features.revealStored(target.r);
    if (position >= 0) this.cells.focusCell(position, target.col);
    return formatMessage(messages.filterRemovedForError, { columns: removed.map((c) => this.cells.captionOf(c)).join(', ') });
  }
}
