import { forgetSourceText } from '../xml/source-text';
import { cellsOf, originalOf, rowState, sameContent } from './row-states';
import { restoreRowElement } from './row-transitions';
import { WrsIndex } from './wrs-index';

// The restore of some columns of a row (`WrsUtil.restore` with a column range), shared by the document path and the
// row store, whose entries replay `restoreCells` on the row's element when it is built.

/** True when a cell of an M row outside columns `from..to` differs from its `wrs:O`. */
export function differsOutside(row: Element, from: number, to: number): boolean {
  const cells = cellsOf(row);
  for (let i = 0; i < cells.length; i++) {
    if (i + 1 >= from && i + 1 <= to) continue;
    const original = originalOf(cells[i]);
    if (original && !sameContent(cells[i], original)) return true;
  }
  return false;
}

/** Puts the `wrs:O` values of an M row back into its cells `from..to`; true when a cell changed. */
export function restoreCells(row: Element, from: number, to: number): boolean {
  let changed = false;
  const cells = cellsOf(row);
  for (let i = from - 1; i < to && i < cells.length; i++) {
    const cell = cells[i];
    const original = originalOf(cell);
    if (!original || sameContent(cell, original)) continue;
    forgetSourceText(cell.ownerDocument);
    while (cell.firstChild) cell.removeChild(cell.firstChild);
    for (let c = original.firstChild; c; c = c.nextSibling) cell.appendChild(c.cloneNode(true));
    changed = true;
  }
  return changed;
}

/**
 * Restores columns `from..to` of a row that is neither R nor I (R rows are skipped, I rows removed by the caller) as
 * `WrsUtil.restore` does: a D row becomes R; an M row (or one of another name) becomes R with its originals when no
 * other column still differs, else gets its originals back in those columns. `named` tells whether the row is among
 * the rows the restore changed, `row` is the row now (null for a row of another name, which no restore changes).
 */
export function restoreRowColumns(row: Element, from: number, to: number, allColumns: boolean, index?: WrsIndex | null): { named: boolean; row: Element | null } {
  if (rowState(row) === 'D' || allColumns || !differsOutside(row, from, to)) return { named: true, row: restoreRowElement(row, index) };
  return { named: restoreCells(row, from, to), row };
}
