import { GridColumn } from './grid-column';

/** What the grid's own body takes from `hotArgs` besides height and row height. */
export interface HotColumnArgs {
  readonly colWidths?: number | readonly number[];
  readonly fixedColumnsStart?: number;
  readonly fixedColumnsLeft?: number;
  readonly fixedRowsTop?: number;
}

/** The shown columns with `colWidths` applied: one width for all, or one per shown column (missing or invalid entries keep theirs). */
export function withHotWidths(columns: readonly GridColumn[], args: HotColumnArgs | null): GridColumn[] {
  const widths = args?.colWidths;
  if (widths === undefined) return [...columns];
  return columns.map((c, i) => {
    const width = typeof widths === 'number' ? widths : widths[i];
    return typeof width === 'number' && Number.isFinite(width) && width > 0 ? { ...c, width } : c;
  });
}

/** How many leading columns stay in view: `fixedColumnsStart`, else Handsontable's older `fixedColumnsLeft`. */
export function frozenColumns(args: HotColumnArgs | null): number {
  const n = args?.fixedColumnsStart ?? args?.fixedColumnsLeft ?? 0;
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** How many leading rows of the row view stay in view while scrolling down: `fixedRowsTop`. */
export function fixedTopRows(args: HotColumnArgs | null): number {
  const n = args?.fixedRowsTop ?? 0;
  return Number.isInteger(n) && n > 0 ? n : 0;
}
