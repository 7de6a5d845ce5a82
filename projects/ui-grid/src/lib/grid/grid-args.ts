import { WrsHeaderMeta } from 'ngx-wrs-grid/core';
import type { RowHeadersOption } from './features/row-headers';
import { HotColumnLayoutArgs } from './columns/hot-column-args';
import { FillHandleSetting } from './fill/fill-options';
// Type only: the callbacks get the grid itself.
import type { GridComponent } from './grid.component';
import type { GridSearchArgs } from './features/grid-find';

/** What `customSave` receives: the grid and a Wrs holding only its I, M and D rows. */
export interface CustomSaveArgs {
  readonly gridModel: GridComponent;
  readonly wrs: Document;
}

/** What `afterAddRow` receives (spec 2.1). */
export interface AfterAddRowArgs {
  readonly rowNode: Element;
  readonly headerMeta: WrsHeaderMeta;
}

/** `isReadOnlyCell(gridModel, wrsHeaderMeta, rowId, colId, value)`: true makes the cell read-only. */
export type IsReadOnlyCell = (gridModel: GridComponent, wrsHeaderMeta: WrsHeaderMeta, rowId: string, colId: string, value: string | null) => boolean;

/**
 * Options passed to the table widget (`hotArgs`, Handsontable's names where it has them). The grid's own body
 * honours: `height` (px, wins over `maxHeight`), `rowHeight` (px), `colWidths` (px for every shown column, or per
 * shown column in order; wins over the configuration's `width`) and `fixedColumnsStart` (alias `fixedColumnsLeft`:
 * that many leading columns stay in view while scrolling sideways), `rowHeaders` (as the `rowHeaders` input),
 * `fixedRowsTop` (that many leading rows of the row view stay in view while scrolling down), `search` (false turns
 * find in the grid off; an object sets `searchResultClass` and `queryMethod`) and the column keys of
 * `HotColumnLayoutArgs` (docs/grid/columns.md). docs/grid/hot-args.md lists every key.
 */
export interface GridHotArgs extends HotColumnLayoutArgs {
  readonly height?: number;
  readonly rowHeight?: number;
  readonly colWidths?: number | readonly number[];
  readonly fixedColumnsStart?: number;
  readonly fixedColumnsLeft?: number;
  readonly rowHeaders?: RowHeadersOption;
  readonly fixedRowsTop?: number;
  /** The fill handle: on (default), off, one direction, or `{ direction, autoInsertRow }` (docs/grid/fill.md). */
  readonly fillHandle?: FillHandleSetting;
  readonly search?: boolean | GridSearchArgs;
}

/**
 * Rows per page the inputs ask for: `paginationSize`; 0 when only `paginationAllPages` or `serverSidedPagination`
 * turn pages on (then the configuration's xp:PageSize, else 20); null for no pagination.
 */
export function pageSizeAsked(size: number | undefined, allPages: boolean, serverSided: boolean): number | null {
  if (size !== undefined && size > 0) return size;
  return size !== undefined || allPages || serverSided ? 0 : null;
}
