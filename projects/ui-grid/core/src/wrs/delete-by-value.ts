import { WrsError } from '../errors';
import { WrsIndex } from '../rows/wrs-index';
import { cellAt, cellValue, rowState } from '../rows/row-states';
import { deleteRowElement } from '../rows/row-transitions';
import { wrsRootOf } from './validation-result';

/**
 * `WrsUtil.deleteRowByColumnValue`: removes rows whose column value is one of `values`, by deleteRow's rules. Numbers
 * match their text, a null matches `wrs:null` cells, and a single string is one value (not its characters).
 */
export function deleteRowsByColumnValue(wrs: Document | Element, colIdOrPos: string | number, values: readonly (string | number | null)[] | string): void {
  const list: unknown = typeof values === 'string' ? [values] : values;
  if (!Array.isArray(list) || !list.every((v) => v === null || typeof v === 'string' || typeof v === 'number')) {
    throw new WrsError('INVALID_ARGUMENT', 'deleteRowByColumnValue: values must be an array of strings, numbers or nulls', values);
  }
  const index = WrsIndex.ofElement(wrsRootOf(wrs));
  const pos = index.resolveColumn(colIdOrPos);
  if (pos === 0) throw new WrsError('UNKNOWN_COLUMN', `deleteRowByColumnValue: no column ${JSON.stringify(colIdOrPos)}`, colIdOrPos);
  const wanted = new Set(list.map((v) => (v === null ? null : String(v))));
  const matching = index.rows().filter((row) => {
    const cell = cellAt(row, pos);
    return cell !== null && wanted.has(cellValue(cell));
  });
  const removed: Element[] = [];
  for (const row of matching) {
    if (rowState(row) === 'I') removed.push(row);
    else deleteRowElement(row, index);
  }
  for (const row of removed) row.parentNode!.removeChild(row);
  index.removed(removed);
}
