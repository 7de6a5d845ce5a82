import { WrsError } from '../errors';
import { createWrsElement } from '../xml/dom';
import { insertNodesBefore } from '../xml/insert-nodes';
import { WrsIndex } from '../rows/wrs-index';
import { pushAll } from './push-all';
import { cellValue, cellsOf, rowState, setCellContent } from '../rows/row-states';
import { copyRowAs, deleteRowElement, markModified, pastedValue } from '../rows/row-transitions';
import { restoreRowColumns } from '../rows/column-restore';
import {
  createRow,
  defaultCellValue,
  newRowIds,
  nextTransactionsNumber,
} from '../rows/new-rows';
import type { CellBlock } from './clipboard-text';

/**
 * What one document-level edit touched: the nodes and row ids a provider notes for its change set.
 * The functions here know no providers; WrsUtil resolves the provider, notes the edit and fires.
 */
export interface RowEdit {
  readonly nodes: Node[];
  readonly rowIds: string[];
  /** Rows created by the edit, in document order. */
  readonly created: Element[];
}

function emptyEdit(): RowEdit {
  return { nodes: [], rowIds: [], created: [] };
}

function isPosition(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n);
}

/** Checks a 1-based, inclusive row range against the rows there are; INVALID_ARGUMENT names the bad bound. */
export function checkRowRange(index: Pick<WrsIndex, 'rowCount'>, start: number, end: number): void {
  if (!isPosition(start) || start < 1 || start > index.rowCount) {
    throw new WrsError('INVALID_ARGUMENT', `rowStartPos must be a position from 1 to ${index.rowCount}, got ${start}`, start);
  }
  if (!isPosition(end) || end < start || end > index.rowCount) {
    throw new WrsError('INVALID_ARGUMENT', `rowEndPos must be a position from ${start} to ${index.rowCount}, got ${end}`, end);
  }
}

/** Checks a 1-based, inclusive column range. */
export function checkColumnRange(index: WrsIndex, start: number, end: number): void {
  const count = index.columns().length;
  if (!isPosition(start) || start < 1 || start > count) {
    throw new WrsError('INVALID_ARGUMENT', `colStartPos must be a position from 1 to ${count}, got ${start}`, start);
  }
  if (!isPosition(end) || end < start || end > count) {
    throw new WrsError('INVALID_ARGUMENT', `colEndPos must be a position from ${start} to ${count}, got ${end}`, end);
  }
}

/** Removes I rows from the document and the index in one go (the index update is linear, so never per row). */
function removeRows(index: WrsIndex, rows: Element[]): void {
  for (const row of rows) row.parentNode?.removeChild(row);
  index.removed(rows);
}

/** Deletes rows `start..end` (R, M -> D with originals; I removed; D unchanged). */
export function deleteRowRange(index: WrsIndex, start: number, end: number): RowEdit {
  checkRowRange(index, start, end);
  const edit = emptyEdit();
  const rows = index.rows().slice(start - 1, end);
  const removed: Element[] = [];
  for (const row of rows) {
    const state = rowState(row);
    if (state === 'D') continue;
    edit.rowIds.push(row.getAttribute('id') ?? '');
    if (state === 'I') removed.push(row);
    else edit.nodes.push(deleteRowElement(row, index).row!);
  }
  if (removed.length > 0) {
    edit.nodes.push(index.data!);
    removeRows(index, removed);
  }
  return edit;
}

/**
 * Restores rows `start..end` in columns `colStart..colEnd`: I rows are removed, D rows become R,
 * an M row gets its originals back in those columns and becomes R when no other column still differs.
 */
export function restoreRange(index: WrsIndex, start: number, end: number, colStart: number, colEnd: number): RowEdit {
  checkRowRange(index, start, end);
  checkColumnRange(index, colStart, colEnd);
  const edit = emptyEdit();
  const removed: Element[] = [];
  const allColumns = colStart === 1 && colEnd === index.columns().length;
  for (const row of index.rows().slice(start - 1, end)) {
    const state = rowState(row);
    if (state === 'R') continue;
    const id = row.getAttribute('id') ?? '';
    if (state === 'I') {
      removed.push(row);
      edit.rowIds.push(id);
    } else {
      const done = restoreRowColumns(row, colStart, colEnd, allColumns, index);
      if (!done.named) continue;
      edit.nodes.push(done.row!);
      edit.rowIds.push(id);
    }
  }
  if (removed.length > 0) {
    edit.nodes.push(index.data!);
    removeRows(index, removed);
  }
  return edit;
}

/** The values new cells get, one per column (`defaultCellValue`). */
export function defaultRowValues(index: WrsIndex): (string | null)[] {
  return index.columns().map((c) => defaultCellValue(c));
}

/**
 * Inserts new rows before the row at 0-based `atIndex` (at the end when it equals the row count) in one
 * transaction: `wrs:TransactionsNumber` advances once and the ids follow `newRowIds`, anchored on `anchorId`.
 */
export function insertRowElements(index: WrsIndex, atIndex: number, anchorId: string | null, rowsValues: readonly (readonly (string | null)[])[]): RowEdit {
  return insertBuiltRows(index, atIndex, anchorId, rowsValues.length, (i, id) => createRow(index.doc, 'I', id, rowsValues[i]));
}

/** Inserts `count` rows that `build` makes from their position in the batch and their new id (see `insertRowElements`). */
function insertBuiltRows(index: WrsIndex, atIndex: number, anchorId: string | null, count: number, build: (i: number, id: string) => Element): RowEdit {
  const edit = emptyEdit();
  if (count === 0) return edit;
  const doc = index.doc;
  let data = index.data;
  if (!data) {
    data = index.root.appendChild(createWrsElement(doc, 'Data'));
    WrsIndex.invalidate(doc);
  }
  const transaction = nextTransactionsNumber(doc);
  const ids = newRowIds(index, transaction, anchorId, count);
  for (let i = 0; i < count; i++) edit.created.push(build(i, ids[i]));
  insertNodesBefore(data, edit.created, index.rowAt(atIndex + 1));
  index.inserted(atIndex, edit.created);
  pushAll(edit.nodes, edit.created);
  pushAll(edit.rowIds, ids);
  return edit;
}

/** Where rows go for a selection `start..end`: before its first row, or after its last. */
function insertionPoint(index: WrsIndex, start: number, end: number, before: boolean): { atIndex: number; anchorId: string | null } {
  const anchor = index.rowAt(before ? start : end);
  return { atIndex: before ? start - 1 : end, anchorId: anchor?.getAttribute('id') ?? null };
}

/**
 * Inserts `end - start + 1` empty I rows with default values before (or after) the selection. An empty
 * document takes the rows at its start.
 */
export function insertRowRange(index: WrsIndex, start: number, end: number, before: boolean): RowEdit {
  if (index.rowCount === 0) {
    if (!isPosition(start) || !isPosition(end) || start < 1 || end < start) {
      throw new WrsError('INVALID_ARGUMENT', `insertRow needs 1 <= rowStartPos <= rowEndPos, got ${start}..${end}`, { start, end });
    }
    return insertDefaultRows(index, 0, null, end - start + 1);
  }
  checkRowRange(index, start, end);
  const { atIndex, anchorId } = insertionPoint(index, start, end, before);
  return insertDefaultRows(index, atIndex, anchorId, end - start + 1);
}

/** Inserts rows of default values: one row is built, the others are native deep clones of it. */
function insertDefaultRows(index: WrsIndex, atIndex: number, anchorId: string | null, count: number): RowEdit {
  const template = createRow(index.doc, 'I', '', defaultRowValues(index));
  return insertBuiltRows(index, atIndex, anchorId, count, (_, id) => {
    const row = template.cloneNode(true) as Element;
    row.setAttribute('id', id);
    return row;
  });
}

/** Duplicates the rows `start..end` (D rows left out) as I rows holding their current values, before or after the selection. */
export function duplicateRowRange(index: WrsIndex, start: number, end: number, before: boolean): RowEdit {
  checkRowRange(index, start, end);
  const sources = index.rows().slice(start - 1, end).filter((row) => rowState(row) !== 'D');
  const { atIndex, anchorId } = insertionPoint(index, start, end, before);
  return insertBuiltRows(index, atIndex, anchorId, sources.length, (i, id) => copyRowAs(sources[i], 'I', id));
}

/** The values of new rows for a pasted block: defaults, then the block's values from column `colStart` on (cut off at the last column). */
export function blockRowValues(index: WrsIndex, block: CellBlock, colStart: number): (string | null)[][] {
  const defaults = defaultRowValues(index);
  return block.map((values) => {
    const row = defaults.slice();
    for (let c = 0; c < values.length && colStart + c <= row.length; c++) row[colStart - 1 + c] = values[c];
    return row;
  });
}

/** New I rows at the end: `blockRowValues`. */
export function appendBlockRows(index: WrsIndex, block: CellBlock, colStart: number): RowEdit {
  const last = index.rowAt(index.rowCount);
  return insertRowElements(index, index.rowCount, last?.getAttribute('id') ?? null, blockRowValues(index, block, colStart));
}

/** Checks where a paste starts: a row up to one past the last (rows past the last are appended), and a column. */
export function checkPasteStart(index: WrsIndex, rowCount: number, rowStart: number, colStart: number): void {
  if (!isPosition(rowStart) || rowStart < 1 || rowStart > rowCount + 1) {
    throw new WrsError('INVALID_ARGUMENT', `rowStartPos must be a position from 1 to ${rowCount + 1}, got ${rowStart}`, rowStart);
  }
  const columnCount = index.columns().length;
  if (!isPosition(colStart) || colStart < 1 || colStart > columnCount) {
    throw new WrsError('INVALID_ARGUMENT', `colStartPos must be a position from 1 to ${columnCount}, got ${colStart}`, colStart);
  }
}

/**
 * Writes a block of values from (`rowStart`, `colStart`) on: an R row with a changed value becomes M, columns past
 * the last are cut off, rows past the last are appended as I rows. D rows are skipped (they keep the server's values).
 * An empty value leaves an empty cell as it is (`pastedValue`).
 */
export function pasteBlock(index: WrsIndex, block: CellBlock, rowStart: number, colStart: number): RowEdit {
  checkPasteStart(index, index.rowCount, rowStart, colStart);
  const edit = emptyEdit();
  const existing = Math.min(block.length, index.rowCount - rowStart + 1);
  for (let r = 0; r < existing; r++) {
    let row = index.rowAt(rowStart + r)!;
    if (rowState(row) === 'D') continue;
    const values = block[r];
    let cells = cellsOf(row);
    const width = Math.min(values.length, cells.length - colStart + 1);
    const written: (string | null)[] = [];
    let differs = false;
    for (let c = 0; c < width; c++) {
      const now = cellValue(cells[colStart - 1 + c]);
      written.push(pastedValue(now, values[c]));
      differs ||= now !== written[c];
    }
    if (!differs) continue;
    if (rowState(row) === 'R') {
      row = markModified(row, index);
      cells = cellsOf(row);
    }
    for (let c = 0; c < width; c++) {
      const cell = cells[colStart - 1 + c];
      if (cellValue(cell) !== written[c]) setCellContent(cell, written[c]);
    }
    edit.nodes.push(row);
    edit.rowIds.push(row.getAttribute('id') ?? '');
  }
  if (block.length > existing) {
    const appended = appendBlockRows(index, block.slice(existing), colStart);
    pushAll(edit.nodes, appended.nodes);
    pushAll(edit.rowIds, appended.rowIds);
    pushAll(edit.created, appended.created);
  }
  return edit;
}

/**
 * The values a pasted block writes: an empty cell is `wrs:null` in a nullable column and the empty text in a
 * `nullable="0"` one (as the grid pastes); into a cell already empty it writes nothing (`pastedValue`), so copying
 * and pasting a row in place changes nothing.
 */
export function pasteBlockOf(index: WrsIndex, text: readonly (readonly string[])[], colStart: number): CellBlock {
  const columns = index.columns();
  const nullable = (k: number) => columns[colStart - 1 + k]?.element.getAttribute('nullable') !== '0';
  return text.map((row) => row.map((v, k) => (v === '' && nullable(k) ? null : v)));
}
