import type { RowStore } from '../rows/row-store';
import { pastedValue } from '../rows/row-transitions';
import { RowEdit, blockRowValues, checkColumnRange, checkPasteStart, checkRowRange } from './row-edits';
import type { CellBlock } from './clipboard-text';
import { headerIndex, newRowElements, storeEdit } from './store-row-edits';

// WrsUtil's copy and paste on the entries of a row store whose document is not built (see docs/concepts/row-store.md):
// the same values, rules and change sets as `WrsUtil`'s block reads and `pasteBlock`/`appendBlockRows` on a document.

/**
 * The values `copy` takes from rows `start..end` (1-based), columns `colStart..colEnd`: a row holding fewer cells
 * gives fewer values, as the cells of its element would.
 */
export function storeBlock(store: RowStore, start: number, end: number, colStart: number, colEnd: number): (string | null)[][] {
  store.scan();
  checkRowRange(store, start, end);
  checkColumnRange(headerIndex(store), colStart, colEnd);
  const block: (string | null)[][] = [];
  for (let r = start - 1; r < end; r++) {
    const last = Math.min(colEnd, store.cellCount(r));
    block.push(last < colStart ? [] : store.cellValues(r, last).slice(colStart - 1));
  }
  return block;
}

/**
 * `pasteBlock` on entries: each row's cells written through `RowStore.setCell` (an R row with a changed value becomes
 * M, a missing cell is skipped, D rows keep their values), rows past the last appended as I rows. With `elements`,
 * the new rows' elements for a callback (`newRowElements`).
 */
export function pasteStoreBlock(store: RowStore, block: CellBlock, rowStart: number, colStart: number, elements = false): RowEdit {
  store.scan();
  checkPasteStart(headerIndex(store), store.rowCount, rowStart, colStart);
  const rowIds: string[] = [];
  const existing = Math.min(block.length, store.rowCount - rowStart + 1);
  for (let k = 0; k < existing; k++) {
    const r = rowStart - 1 + k;
    if (store.state(r) === 'D') continue;
    const values = block[k];
    let changed = false;
    for (let c = 0; c < values.length; c++) {
      const value = values[c];
      // Only an empty value depends on what the cell holds (`pastedValue`).
      const written = value === '' || value === null ? pastedValue(store.cellValue(r, colStart + c), value) : value;
      if (store.setCell(r, colStart + c, written)) changed = true;
    }
    if (changed) rowIds.push(store.id(r) ?? '');
  }
  if (block.length <= existing) return storeEdit(store, rowIds);
  const appended = appendStoreBlock(store, block.slice(existing), colStart, elements);
  return storeEdit(store, [...rowIds, ...appended.rowIds], appended.created);
}

/** `appendBlockRows` on entries: new I rows at the end (`blockRowValues`), in one transaction. */
export function appendStoreBlock(store: RowStore, block: CellBlock, colStart: number, elements = false): RowEdit {
  store.scan();
  const at = store.rowCount;
  const ids = store.insertRows(at, at > 0 ? store.id(at - 1) : null, blockRowValues(headerIndex(store), block, colStart));
  return storeEdit(store, ids, elements ? newRowElements(store, at, ids) : []);
}
