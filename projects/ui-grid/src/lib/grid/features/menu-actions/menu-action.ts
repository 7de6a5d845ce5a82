import { CellAddress, CellRange } from '../../grid-selection';
import { ShownRow } from '../../shown-row';
import { GridMenuAction } from '../grid-context-menu';

/** What a context menu action reads of the grid and runs on it, at the moment the menu asks. */
export interface MenuContext {
  /** The grid is not read-only. */
  readonly editable: boolean;
  readonly allowNewRows: boolean;
  readonly exportDisabled: boolean;
  readonly range: CellRange;
  readonly focus: CellAddress;
  /** Number of shown columns. */
  readonly columnCount: number;
  /** The row shown at a view position (from the row store while its document is not built), or null. */
  rowAt(position: number): ShownRow | null;
  canEditRow(row: ShownRow, col: number): boolean;
  readClipboard(): Promise<string>;
  cut(): void;
  copy(): void;
  paste(text: string): void;
  pasteAsNewRows(text: string): void;
  insertRowAt(position: number): void;
  duplicateRows(): void;
  deleteRows(): void;
  restoreRows(): void;
  clearCells(): void;
  /** Fills the selected range with the series its first two rows (a one-row range: columns) start. */
  fillSeries(): void;
  exportCsv(): Promise<unknown>;
  /** Hiding the focused cell's column applies: hiding is on and another column stays shown. */
  readonly canHideColumn: boolean;
  hideColumn(): void;
  resetColumns(): void;
}

/** One action of the grid's context menu: whether it applies now, and what it does. */
export interface MenuAction {
  readonly id: GridMenuAction;
  enabled(ctx: MenuContext): boolean;
  run(ctx: MenuContext): void | Promise<unknown>;
}

/** Whether a row shown at a position of the selected rows passes `test`. */
export function someSelectedRow(ctx: MenuContext, test: (row: ShownRow) => boolean): boolean {
  for (let p = ctx.range.top; p <= ctx.range.bottom; p++) {
    const row = ctx.rowAt(p);
    if (row && test(row)) return true;
  }
  return false;
}

/** Whether the user may change a cell of a row in the columns `[from, to]`. */
export function editableIn(ctx: MenuContext, row: ShownRow, from: number, to: number): boolean {
  for (let c = from; c <= to; c++) if (ctx.canEditRow(row, c)) return true;
  return false;
}
