import { seriesSpan } from '../../fill/grid-fill';
import { MenuAction, editableIn, someSelectedRow } from './menu-action';

/** "Fill series": a range of three rows or more (or one row of three cells or more) with a cell the user may edit. */
export const FILL_SERIES: MenuAction = {
  id: 'fillSeries',
  enabled: (ctx) => ctx.editable && seriesSpan(ctx.range) !== null && someSelectedRow(ctx, (row) => editableIn(ctx, row, ctx.range.left, ctx.range.right)),
  run: (ctx) => ctx.fillSeries(),
};
