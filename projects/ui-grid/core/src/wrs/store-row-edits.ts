import { WrsError } from '../errors';
import type { RowStore } from '../rows/row-store';
import { WrsIndex } from '../rows/wrs-index';
import { RowEdit, checkColumnRange, checkRowRange, defaultRowValues } from './row-edits';

// WrsUtil's row operations on the entries of a row store whose document is not built (see docs/concepts/row-store.md):
// the same rules, results and change sets as the document functions of row-edits.ts, with no element built.

/**
 * The store's document as it is: its header (columns, validation results) is there from the start, its rows only once
 * built, so this index answers for columns and the header, never for rows.
 */
export function headerIndex(store: RowStore): WrsIndex {
  return WrsIndex.of(store.document);
}

/**
 * What a change of the store's rows notes: the row ids and the store document's `wrs:Data`, which exists before any
 * row is built and holds every row once they are, so a node-holding listener still finds what changed in it.
 */
export function storeEdit(store: RowStore, rowIds: string[], created: Element[] = []): RowEdit {
  return { nodes: rowIds.length > 0 ? [headerIndex(store).data!] : [], rowIds, created };
}

/**
 * The elements of new rows (ids `ids` from position `at` on) for a callback that gets them: each row built alone
 * (`RowStore.element`), kept by the store as the row's element, so what the callback writes into it is the row's.
 */
export function newRowElements(store: RowStore, at: number, ids: readonly string[]): Element[] {
  return ids.map((id, i) => store.element(store.positionOf(id, at + i)));
}

/** A row by id or 1-based position (as `WrsIndex.resolveRow`), as a 0-based position, or -1. */
export function resolveStoreRow(store: RowStore, idOrPos: string | number): number {
  if (typeof idOrPos === 'string') return store.positionOf(idOrPos);
  store.scan();
  return Number.isInteger(idOrPos) && idOrPos >= 1 && idOrPos <= store.rowCount ? idOrPos - 1 : -1;
}

/** Rows from which a range's changed rows are read from `RowStore.changedRows`. */
const LONG_RANGE = 1000;

/** Rows 1-based `start..end` checked as `checkRowRange` checks them on a document, every row read first. */
function checkStoreRange(store: RowStore, start: number, end: number): void {
  store.scan();
  checkRowRange(store, start, end);
}

/** The ids of rows `first..last` (0-based) whose state passes `take`, in order. */
function idsOf(store: RowStore, first: number, last: number, take: (state: string) => boolean): string[] {
  const ids: string[] = [];
  for (let r = first; r <= last; r++) if (take(store.state(r))) ids.push(store.id(r) ?? '');
  return ids;
}

/** `WrsUtil.getCellValue`: row and column by id or 1-based position; null for `wrs:null` and for a missing cell. */
export function storeCellValue(store: RowStore, rowId: string | number, columnId: string | number): string | null {
  const r = resolveStoreRow(store, rowId);
  const pos = headerIndex(store).resolveColumn(columnId);
  return r < 0 || pos === 0 ? null : store.cellValue(r, pos);
}

/**
 * Writes a cell as `WrsUtil.setCellValue` does: null when the row or the cell is missing or the row is deleted, else
 * the edit (no row ids when the cell held the value).
 */
export function setStoreCell(store: RowStore, rowId: string | number, columnId: string | number, value: string | null): RowEdit | null {
  const r = resolveStoreRow(store, rowId);
  const pos = headerIndex(store).resolveColumn(columnId);
  if (r < 0 || pos === 0 || store.state(r) === 'D') return null;
  if (store.setCell(r, pos, value)) return storeEdit(store, [store.id(r) ?? '']);
  // Not written: the cell holds the value, or there is no such cell (a missing cell reads as null).
  const present = value !== null ? store.cellValue(r, pos) === value : store.hasCell(r, pos);
  return present ? storeEdit(store, []) : null;
}

/** Deletes one row by id (`WrsUtil.deleteRow`); null when there is no such row or it was deleted already. */
export function deleteStoreRow(store: RowStore, id: string): RowEdit | null {
  const r = store.positionOf(id);
  return r >= 0 && store.deleteRow(r) !== 'unchanged' ? storeEdit(store, [id]) : null;
}

/** Restores one row by id (`WrsUtil.restoreRow`); null when it is neither M nor D. */
export function restoreStoreRow(store: RowStore, id: string): RowEdit | null {
  const r = store.positionOf(id);
  return r >= 0 && store.restoreRow(r) ? storeEdit(store, [id]) : null;
}

/** The 1-based position of a row `WrsUtil.duplicateRow` may copy: UNKNOWN_ROW without it, INVALID_ARGUMENT when deleted. */
export function duplicableRow(store: RowStore, id: string): number {
  const r = store.positionOf(id);
  if (r < 0) throw new WrsError('UNKNOWN_ROW', `duplicateRow: no such row "${id}"`, id);
  if (store.state(r) === 'D') throw new WrsError('INVALID_ARGUMENT', `duplicateRow: row "${id}" is deleted`, id);
  return r + 1;
}

/** `deleteRowRange` on entries: R and M rows become D, I rows go; the ids of the rows changed. */
export function deleteStoreRange(store: RowStore, start: number, end: number): RowEdit {
  checkStoreRange(store, start, end);
  const rowIds = idsOf(store, start - 1, end - 1, (state) => state !== 'D');
  store.deleteRows(start - 1, end - 1);
  return storeEdit(store, rowIds);
}

/**
 * `restoreRange` on entries: M and D rows become R, I rows go; over some columns an M row gets its originals back in
 * them, cell by cell, and becomes R when no other column still differs.
 */
export function restoreStoreRange(store: RowStore, start: number, end: number, colStart: number, colEnd: number): RowEdit {
  checkStoreRange(store, start, end);
  checkColumnRange(headerIndex(store), colStart, colEnd);
  if (colStart !== 1 || colEnd !== headerIndex(store).columns().length) return storeEdit(store, store.restoreColumns(start - 1, end - 1, colStart, colEnd));
  // As restoreRange: every row but R is named, a row of another name too. Over many rows the store's list of changed
  // rows (one pass over its state bytes) is quicker than asking each row for its state.
  const rowIds =
    end - start >= LONG_RANGE
      ? store.changedRows().filter((r) => r >= start - 1 && r <= end - 1).map((r) => store.id(r) ?? '')
      : idsOf(store, start - 1, end - 1, (state) => state !== 'R');
  store.restoreRows(start - 1, end - 1);
  return storeEdit(store, rowIds);
}

/**
 * `insertRowRange` on entries: I rows of default values before (or after) the selection, in one transaction; with
 * `elements`, their elements for a callback (`newRowElements`).
 */
export function insertStoreRange(store: RowStore, start: number, end: number, before: boolean, elements = false): RowEdit {
  store.scan();
  let at = 0;
  let anchorId: string | null = null;
  if (store.rowCount === 0) {
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 1 || end < start) {
      throw new WrsError('INVALID_ARGUMENT', `insertRow needs 1 <= rowStartPos <= rowEndPos, got ${start}..${end}`, { start, end });
    }
  } else {
    checkStoreRange(store, start, end);
    at = before ? start - 1 : end;
    anchorId = store.id(before ? start - 1 : end - 1);
  }
  const values = defaultRowValues(headerIndex(store));
  const ids = store.insertRows(at, anchorId, Array.from({ length: end - start + 1 }, () => values));
  return storeEdit(store, ids, elements ? newRowElements(store, at, ids) : []);
}

/** `duplicateRowRange` on entries: the rows (D rows left out) as I rows before (or after) the selection. */
export function duplicateStoreRange(store: RowStore, start: number, end: number, before: boolean, elements = false): RowEdit {
  checkStoreRange(store, start, end);
  const ids = store.duplicateRows(start - 1, end - 1, before);
  return storeEdit(store, ids, elements ? newRowElements(store, before ? start - 1 : end, ids) : []);
}
