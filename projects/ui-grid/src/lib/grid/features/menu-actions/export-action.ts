import { MenuAction } from './menu-action';

/** Export as CSV, the rows the filter passes; also on a read-only grid. */
export const EXPORT: MenuAction = { id: 'export', enabled: (ctx) => !ctx.exportDisabled, run: (ctx) => ctx.exportCsv() };
