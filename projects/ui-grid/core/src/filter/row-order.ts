import { WrsError } from '../errors';
import { cellAt, cellValue, isNumericType } from '../wrs/row-states';
import { WrsIndex } from '../wrs/wrs-index';
import { ColumnValues } from './column-values';

/** One sort key: a column and a direction. */
export interface RowOrdering {
  readonly colId: string;
  readonly descending?: boolean;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Sorts rows by several columns (stable), numbers by value, text by locale collation, dates by their ISO text;
 * empty cells last in either direction. Keys are read once per row, so the cost is n log n comparisons of values.
 */
export function sortRows(index: WrsIndex, rows: readonly Element[], orderings: readonly RowOrdering[], values?: ColumnValues): Element[] {
  if (orderings.length === 0) return [...rows];
  const keys = orderings.map((o) => {
    const column = index.column(o.colId);
    if (!column) throw new WrsError('UNKNOWN_COLUMN', `Cannot sort by unknown column "${o.colId}"`, o.colId);
    return {
      pos: column.pos,
      numeric: isNumericType(column.element.getAttribute('type-name')),
      sign: o.descending ? -1 : 1,
      kept: values?.values(column.pos),
    };
  });
  const decorated = rows.map((row, i) => ({
    row,
    i,
    values: keys.map((k) => {
      let v: string | null;
      if (k.kept) v = k.kept[index.positionOf(row) - 1] ?? null;
      else {
        const cell = cellAt(row, k.pos);
        v = cell ? cellValue(cell) : null;
      }
      if (v === null || v === '') return null;
      return k.numeric ? Number(v) : v;
    }),
  }));
  decorated.sort((a, b) => {
    for (let k = 0; k < keys.length; k++) {
      const x = a.values[k];
      const y = b.values[k];
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
      if (c !== 0) return c * keys[k].sign;
    }
    return a.i - b.i;
  });
  return decorated.map((d) => d.row);
}
