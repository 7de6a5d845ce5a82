import { WrsError } from '../errors';
import { ELEMENT_NODE } from '../xml/dom';
import { WrsIndex } from '../rows/wrs-index';

/**
 * Physically drops columns (spec 4.3 `deleteColumns`): their header `wrs:C`, and in every row their cell with
 * its `wrs:O`; the remaining header columns are renumbered 1..n. An unknown id changes nothing
 * and raises UNKNOWN_COLUMN.
 */
export function deleteColumnsOf(index: WrsIndex, colIds: readonly string[]): void {
  if (!Array.isArray(colIds)) throw new WrsError('INVALID_ARGUMENT', 'deleteColumns needs an array of column ids', colIds);
  const drop = new Set<number>();
  for (const id of colIds) {
    const column = index.column(id);
    if (!column) throw new WrsError('UNKNOWN_COLUMN', `deleteColumns: no column "${id}"`, id);
    drop.add(column.pos);
  }
  if (drop.size === 0) return;
  const columns = index.columns();
  for (const row of index.rows()) {
    let pos = 0;
    let c = row.firstChild;
    while (c) {
      const next = c.nextSibling;
      if (c.nodeType === ELEMENT_NODE) {
        const name = (c as Element).localName;
        if (name === 'C') pos++;
        if ((name === 'C' || name === 'O') && drop.has(pos)) row.removeChild(c);
      }
      c = next;
    }
  }
  let pos = 0;
  for (const column of columns) {
    if (drop.has(column.pos)) column.element.parentNode?.removeChild(column.element);
    else column.element.setAttribute('pos', String(++pos));
  }
  index.invalidate();
}
