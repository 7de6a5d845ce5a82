import { MenuAction } from './menu-action';

/** Hides the focused cell's column (also on a read-only grid: it changes the view, not the data). */
export const HIDE_COLUMN: MenuAction = { id: 'hideColumn', enabled: (ctx) => ctx.canHideColumn, run: (ctx) => ctx.hideColumn() };

/** Back to the configured columns and sort (`resetColumns`). */
export const RESET_COLUMNS: MenuAction = { id: 'resetColumns', enabled: () => true, run: (ctx) => ctx.resetColumns() };
