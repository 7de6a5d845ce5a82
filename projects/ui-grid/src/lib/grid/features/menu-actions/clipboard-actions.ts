import { MenuAction, MenuContext, editableIn, someSelectedRow } from './menu-action';

/** Cut and clear: where a selected cell may be edited. */
const anyEditableCell = (ctx: MenuContext) => ctx.editable && someSelectedRow(ctx, (row) => editableIn(ctx, row, ctx.range.left, ctx.range.right));

export const CUT: MenuAction = { id: 'cut', enabled: anyEditableCell, run: (ctx) => ctx.cut() };

export const COPY: MenuAction = { id: 'copy', enabled: () => true, run: (ctx) => ctx.copy() };

/** Paste: where a cell from the focused one on may be edited, or new rows may be added below the last. */
export const PASTE: MenuAction = {
  id: 'paste',
  enabled: (ctx) => {
    const row = ctx.rowAt(ctx.focus.row);
    return ctx.editable && (row ? editableIn(ctx, row, ctx.focus.col, ctx.columnCount - 1) : ctx.allowNewRows);
  },
  run: async (ctx) => ctx.paste(await ctx.readClipboard()),
};

export const PASTE_AS_NEW_ROWS: MenuAction = {
  id: 'pasteAsNewRows',
  enabled: (ctx) => ctx.editable && ctx.allowNewRows,
  run: async (ctx) => ctx.pasteAsNewRows(await ctx.readClipboard()),
};

export const CLEAR_CELLS: MenuAction = { id: 'clearCells', enabled: anyEditableCell, run: (ctx) => ctx.clearCells() };
