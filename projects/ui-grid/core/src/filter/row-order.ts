import { WrsError } from '../errors';
import { cellAt, cellValue } from '../rows/row-states';
import { WrsIndex } from '../rows/wrs-index';
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
  const keys = orderings.map((o) => {
    const column = index.column(o.colId);
    if (!column) throw new WrsError('UNKNOWN_COLUMN', `Cannot sort by unknown column "${o.colId}"`, o.colId);
    const typed = typedValues(column.element.getAttribute('type-name'));
    return {
      pos: column.pos,
      // Text by locale collation; numbers, booleans, dates and timestamps by value, as the filters compare them.
      typed: typed.kind === 'text' ? null : typed,
      sign: o.descending ? -1 : 1,
      kept: values?.values(column.pos),
    };
  });
  const decorated = rows.map((row, i) => ({
    row,
    i,
    values: keys.map((k) => {
      let v: string | null;
      const at = k.kept ? index.positionOf(row) : -1;
      // A row the index does not hold (not in the document) is read from its cells.
      if (at > 0) v = k.kept![at - 1] ?? null;
      else {
        const cell = cellAt(row, k.pos);
        v = cell ? cellValue(cell) : null;
      }
      if (v === null || v === '') return null;
      if (!k.typed) return v;
      // A text that is no value of the type (a typing error in a date column) sorts after the values, as text.
      const key = k.typed.kind === 'temporal' ? temporalSortKey(v) : k.typed.key(v);
      return key === undefined ? { text: v } : key;
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
  return decorated.map((d) => d.row);
}
