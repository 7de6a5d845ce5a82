import { WrsError } from '../errors';
import { cellAt, cellValue } from '../rows/row-states';
import { WrsIndex } from '../rows/wrs-index';
import type { RowStore } from '../rows/row-store';
import { ColumnValues } from './column-values';
import { TypedKey, TypedValues, temporalSortKey, typedValues } from './typed-values';

/** One sort key: a column and a direction. */
export interface RowOrdering {
  readonly colId: string;
  readonly descending?: boolean;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

type SortKey = TypedKey | { text: string };

function compareKeys(x: SortKey, y: SortKey, typed: TypedValues | null): number {
  if (!typed) return collator.compare(x as string, y as string);
  const xText = typeof x === 'object';
  const yText = typeof y === 'object';
  if (xText || yText) return xText && yText ? collator.compare(x.text, y.text) : xText ? 1 : -1;
  return typed.compare(x, y);
}

/**
 * Sorts rows by several columns (stable), numbers, booleans, dates and timestamps by value (`typedValues`), text by
 * locale collation; empty cells last in either direction. Keys are read once per row, so the cost is n log n comparisons of values.
 */
export function sortRows(index: WrsIndex, rows: readonly Element[], orderings: readonly RowOrdering[], values?: ColumnValues): Element[] {
  if (orderings.length === 0) return [...rows];
  // Without kept values, a sort of most rows reads its columns whole, in one pass (several times cheaper than a cell
  // walk per row); a sort of a few rows reads just their cells, so its cost stays with the rows sorted.
  if (!values && rows.length * 4 >= index.rowCount) values = ColumnValues.read(index, orderings.map((o) => o.colId));
  const keys = sortKeys(index, orderings);
  const kept = keys.map((k) => values?.values(k.pos));
  return sortedBy(rows, keys, (row, k) => {
    const at = kept[k] ? index.positionOf(row) : -1;
    // A row the index does not hold (not in the document) is read from its cells.
    if (at > 0) return kept[k]![at - 1] ?? null;
    const cell = cellAt(row, keys[k].pos);
    return cell ? cellValue(cell) : null;
  });
}

/**
 * `sortRows` over all rows of a row store (or the store positions `rows`), read from their entries without building
 * an element (`index` is the index of the store's document, for the columns): the 0-based store positions in sorted
 * order. `values`: a `ColumnValues` over the store, to read the columns from.
 */
export function sortStoreRows(store: RowStore, index: WrsIndex, orderings: readonly RowOrdering[], rows?: readonly number[], values?: ColumnValues): number[] {
  const all = rows ? [...rows] : Array.from({ length: store.rowCount }, (_, r) => r);
  if (orderings.length === 0) return all;
  const keys = sortKeys(index, orderings);
  // Kept values (a `ColumnValues` over the store) where given: a filter read the columns already.
  const kept = keys.map((k) => values?.values(k.pos));
  return sortedBy(all, keys, (r, k) => (kept[k] ? kept[k]![r] : store.cellValue(r, keys[k].pos)));
}

interface SortColumn {
  readonly pos: number;
  readonly typed: TypedValues | null;
  readonly sign: number;
}

function sortKeys(index: WrsIndex, orderings: readonly RowOrdering[]): SortColumn[] {
  return orderings.map((o) => {
    const column = index.column(o.colId);
    if (!column) throw new WrsError('UNKNOWN_COLUMN', `Cannot sort by unknown column "${o.colId}"`, o.colId);
    const typed = typedValues(column.element.getAttribute('type-name'));
    // Text by locale collation; numbers, booleans, dates and timestamps by value, as the filters compare them.
    return { pos: column.pos, typed: typed.kind === 'text' ? null : typed, sign: o.descending ? -1 : 1 };
  });
}

/** Items sorted (stably) by the values `read` gives for each sort column `k`. */
function sortedBy<T>(items: readonly T[], keys: readonly SortColumn[], read: (item: T, k: number) => string | null): T[] {
  const decorated = items.map((item, i) => ({
    item,
    i,
    values: keys.map((key, k) => {
      const v = read(item, k);
      if (v === null || v === '') return null;
      if (!key.typed) return v;
      // A text that is no value of the type (a typing error in a date column) sorts after the values, as text.
      const typedKey = key.typed.kind === 'temporal' ? temporalSortKey(v) : key.typed.key(v);
      return typedKey === undefined ? { text: v } : typedKey;
    }),
  }));
  decorated.sort((a, b) => {
    for (let k = 0; k < keys.length; k++) {
      const x = a.values[k];
      const y = b.values[k];
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const c = compareKeys(x, y, keys[k].typed);
      if (c !== 0) return c * keys[k].sign;
    }
    return a.i - b.i;
  });
  return decorated.map((d) => d.item);
}
