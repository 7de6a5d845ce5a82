import { MenuAction, someSelectedRow } from './menu-action';

export const INSERT_ROW_ABOVE: MenuAction = {
  id: 'insertRowAbove',
  enabled: (ctx) => ctx.editable && ctx.allowNewRows,
  run: (ctx) => ctx.insertRowAt(ctx.range.top),
};

export const INSERT_ROW_BELOW: MenuAction = {
  id: 'insertRowBelow',
  enabled: (ctx) => ctx.editable && ctx.allowNewRows,
  run: (ctx) => ctx.insertRowAt(ctx.range.bottom + 1),
};

/** Duplicate and delete: when a selected row is not deleted yet. */
export const DUPLICATE_ROW: MenuAction = {
  id: 'duplicateRow',
  enabled: (ctx) => ctx.editable && ctx.allowNewRows && someSelectedRow(ctx, (row) => row.state !== 'D'),
  run: (ctx) => ctx.duplicateRows(),
};

export const DELETE_ROW: MenuAction = {
  id: 'deleteRow',
  enabled: (ctx) => ctx.editable && someSelectedRow(ctx, (row) => row.state !== 'D'),
  run: (ctx) => ctx.deleteRows(),
};

/** Restore: when a selected row is changed. */
export const RESTORE: MenuAction = {
  id: 'restore',
  enabled: (ctx) => ctx.editable && someSelectedRow(ctx, (row) => row.state !== 'R'),
  run: (ctx) => ctx.restoreRows(),
};
