import { GridColumn, GridLayout } from '../grid-column';

/** `hiddenColumns` as Handsontable takes it: true, or the columns hidden at first and whether to mark where they are. */
export type HotHiddenColumns = boolean | { readonly columns?: readonly number[]; readonly indicators?: boolean; readonly copyPasteEnabled?: boolean };

/** `colHeaders` as Handsontable takes it: false hides the captions line, an array or a function gives the captions. */
export type HotColHeaders = boolean | readonly string[] | ((index: number) => string);

/** The `hotArgs` keys about columns the grid's column layout honours (Handsontable's names and value forms). */
export interface HotColumnLayoutArgs {
  /** False: no resizing by mouse or keys; an array: the first widths, per configured column. */
  readonly manualColumnResize?: boolean | readonly number[];
  /** False: no moving; an array: at first, column i moves to position `manualColumnMove[i]`. */
  readonly manualColumnMove?: boolean | readonly number[];
  readonly hiddenColumns?: HotHiddenColumns;
  readonly colHeaders?: HotColHeaders;
}

/** Whether the user may resize columns: on unless `manualColumnResize` is false. */
export function resizeAllowed(args: HotColumnLayoutArgs | null): boolean {
  return args?.manualColumnResize !== false;
}

/** Whether the user may move columns: on unless `manualColumnMove` is false. */
export function moveAllowed(args: HotColumnLayoutArgs | null): boolean {
  return args?.manualColumnMove !== false;
}

/** Whether the user may hide and show columns: on unless `hiddenColumns` is false. */
export function hidingAllowed(args: HotColumnLayoutArgs | null): boolean {
  return args?.hiddenColumns !== false;
}

/** Whether the header marks where hidden columns are (`hiddenColumns.indicators`). */
export function hiddenIndicators(args: HotColumnLayoutArgs | null): boolean {
  const hidden = args?.hiddenColumns;
  return typeof hidden === 'object' && hidden !== null && hidden.indicators === true;
}

/** Ids of the columns `hiddenColumns.columns` hides at first (indexes of the configured columns). */
export function hotHiddenIds(layout: GridLayout, args: HotColumnLayoutArgs | null): Set<string> {
  const hidden = args?.hiddenColumns;
  const out = new Set<string>();
  if (typeof hidden !== 'object' || hidden === null || !Array.isArray(hidden.columns)) return out;
  for (const i of hidden.columns) if (Number.isInteger(i) && layout.columns[i]) out.add(layout.columns[i].id);
  return out;
}

/** Widths `manualColumnResize` gives, by column id (positive numbers only). */
export function hotWidths(layout: GridLayout, args: HotColumnLayoutArgs | null): Map<string, number> {
  const widths = args?.manualColumnResize;
  const out = new Map<string, number>();
  if (!Array.isArray(widths)) return out;
  widths.forEach((w, i) => {
    if (typeof w === 'number' && Number.isFinite(w) && w > 0 && layout.columns[i]) out.set(layout.columns[i].id, w);
  });
  return out;
}

/** The first column order: the configured one with `manualColumnMove`'s moves applied in turn (column i to position a[i]). */
export function hotOrder(layout: GridLayout, args: HotColumnLayoutArgs | null): string[] {
  const order = layout.columns.map((c) => c.id);
  const moves = args?.manualColumnMove;
  if (!Array.isArray(moves)) return order;
  moves.forEach((to, i) => {
    const id = layout.columns[i]?.id;
    if (id === undefined || !Number.isInteger(to) || to < 0 || to >= order.length) return;
    order.splice(order.indexOf(id), 1);
    order.splice(to, 0, id);
  });
  return order;
}

/** Captions `colHeaders` gives (an array or a function of the configured column index); the configured ones else. */
export function withHotCaptions(columns: readonly GridColumn[], layout: GridLayout, args: HotColumnLayoutArgs | null): GridColumn[] {
  const headers = args?.colHeaders;
  if (typeof headers !== 'function' && !Array.isArray(headers)) return [...columns];
  return columns.map((c) => {
    const index = layout.columns.findIndex((l) => l.id === c.id);
    const caption = typeof headers === 'function' ? headers(index) : headers[index];
    return typeof caption === 'string' ? { ...c, caption } : c;
  });
}

/** False when `colHeaders` is false: the captions line is not shown. */
export function captionsShown(args: HotColumnLayoutArgs | null): boolean {
  return args?.colHeaders !== false;
}
