import { WrsError } from '../errors';
import type { DataProvider } from '../data-provider/data-provider';
import type { WrsIndex } from '../rows/wrs-index';
import type { RowStore } from '../rows/row-store';
import { cellAt, cellValue, rowState } from '../rows/row-states';
import { deleteRowElement, restoreRowElement, writeCell } from '../rows/row-transitions';
import * as onStore from './store-row-edits';
import { RowEdit, deleteRowRange, duplicateRowRange, insertRowRange, restoreRange } from './row-edits';
import { isNode } from './wrs-util-args';
import type {
  DeleteRowsArgs, DuplicateRowsArgs, InsertRowArgs, ModelRef, RestoreArgs, RowOperationFn, RowPositionArgs, WrsRef,
} from './wrs-util-args';

/** A value `setCellValue` writes: its text, null (and undefined) for `wrs:null`. */
export type CellInput = string | number | boolean | null | undefined;

/** How the row calls find their provider and report an edit: WrsUtil's resolution and `finish`. */
export interface RowCallsHost {
  /** The provider of a model (by instance or registered id). */
  provider(model: ModelRef): DataProvider;
  /** The provider and its Wrs index; NOT_READY when it has no data yet. */
  ready(model: ModelRef): { provider: DataProvider; index: WrsIndex };
  /** The provider and its row store while the store's document is not built, else null. */
  unbuilt(model: WrsRef): { provider: DataProvider; store: RowStore } | null;
  /** The index of a Wrs document, or of a provider's data (NOT_READY when it has none). */
  indexOf(wrs: WrsRef): WrsIndex;
  finish(provider: DataProvider, edit: RowEdit, propagateUpdate: boolean | undefined, fn: RowOperationFn | undefined): void;
}

/**
 * The WrsUtil functions on cells and rows (spec 4.3 getCellValue, setCellValue, getRowPositionByRowId, the single-row
 * and row-range edits): on a provider's row store whose document is not built they run on its entries
 * (store-row-edits.ts) and build nothing, else on the document through its WrsIndex.
 */
export class WrsRowCalls {
  constructor(private readonly host: RowCallsHost) {}

  /** `finish` for a single-row operation on a store: false, and nothing noted or fired, when it changed nothing. */
  private finishStore(provider: DataProvider, edit: RowEdit | null, propagateUpdate: boolean): boolean {
    if (edit) this.host.finish(provider, edit, propagateUpdate, undefined);
    return edit !== null;
  }

  getCellValue(wrs: WrsRef, rowId: string | number, columnId: string | number): string | null {
    const on = this.host.unbuilt(wrs);
    if (on) return onStore.storeCellValue(on.store, rowId, columnId);
    const index = this.host.indexOf(wrs);
    const row = index.resolveRow(rowId);
    const pos = index.resolveColumn(columnId);
    if (!row || pos === 0) return null;
    const cell = cellAt(row, pos);
    return cell ? cellValue(cell) : null;
  }

  setCellValue(wrs: WrsRef, rowId: string | number, columnIdOrPos: string | number, value: CellInput): boolean {
    const on = this.host.unbuilt(wrs);
    const edit = on && onStore.setStoreCell(on.store, rowId, columnIdOrPos, value === null || value === undefined ? null : String(value));
    if (on && edit?.rowIds.length) on.provider.noteChange(edit.nodes, edit.rowIds);
    if (on) return edit !== null;
    const index = this.host.indexOf(wrs);
    const row = index.resolveRow(rowId);
    const pos = index.resolveColumn(columnIdOrPos);
    if (!row || pos === 0 || rowState(row) === 'D') return false;
    const result = writeCell(row, pos, value === null || value === undefined ? null : String(value), index);
    if (!result) return false;
    if (result.changed && !isNode(wrs)) this.host.provider(wrs).noteChange([result.cell], [result.row.getAttribute('id') ?? '']);
    return true;
  }

  getRowPositionByRowId(args: RowPositionArgs): number {
    const on = this.host.unbuilt(args.model);
    if (on) {
      const r = on.store.positionOf(args.rowId);
      return r < 0 ? -1 : r + 1;
    }
    const index = this.host.ready(args.model).index;
    const row = index.rowById(args.rowId);
    return row ? index.positionOf(row) : -1;
  }

  // ---- single rows ----

  deleteRow(model: ModelRef, rowId: string, propagateUpdate: boolean): boolean {
    const on = this.host.unbuilt(model);
    if (on) return this.finishStore(on.provider, onStore.deleteStoreRow(on.store, rowId), propagateUpdate);
    const { provider, index } = this.host.ready(model);
    const row = index.rowById(rowId);
    if (!row) return false;
    const { outcome, row: after } = deleteRowElement(row, index);
    if (outcome === 'unchanged') return false;
    this.host.finish(provider, { nodes: [after ?? index.data!], rowIds: [rowId], created: [] }, propagateUpdate, undefined);
    return true;
  }

  restoreRow(model: ModelRef, rowId: string, propagateUpdate: boolean): boolean {
    const on = this.host.unbuilt(model);
    if (on) return this.finishStore(on.provider, onStore.restoreStoreRow(on.store, rowId), propagateUpdate);
    const { provider, index } = this.host.ready(model);
    const row = index.rowById(rowId);
    const restored = row && restoreRowElement(row, index);
    if (!restored) return false;
    this.host.finish(provider, { nodes: [restored], rowIds: [rowId], created: [] }, propagateUpdate, undefined);
    return true;
  }

  duplicateRow(model: ModelRef, row: Element | string, propagateUpdate: boolean, fn: RowOperationFn | undefined): void {
    const on = typeof row === 'string' ? this.host.unbuilt(model) : null;
    if (on) return this.duplicateRows({ model, rowStartPos: onStore.duplicableRow(on.store, row as string), propagateUpdate, fn });
    const { index } = this.host.ready(model);
    const element = typeof row === 'string' ? index.rowById(row) : row;
    const pos = element ? index.positionOf(element) : -1;
    if (pos < 0) throw new WrsError('UNKNOWN_ROW', `duplicateRow: no such row ${typeof row === 'string' ? `"${row}"` : 'element'}`, row);
    // A range skips its D rows; asked for one by name, a deleted row is an error, not a silent no-op.
    if (rowState(element!) === 'D') throw new WrsError('INVALID_ARGUMENT', `duplicateRow: row "${element!.getAttribute('id')}" is deleted`, row);
    this.duplicateRows({ model, rowStartPos: pos, propagateUpdate, fn });
  }

  // ---- row ranges ----

  deleteRows(args: DeleteRowsArgs): void {
    const on = this.host.unbuilt(args.model);
    if (on) return this.host.finish(on.provider, onStore.deleteStoreRange(on.store, args.rowStartPos, args.rowEndPos ?? args.rowStartPos), args.propagateUpdate, args.fn);
    const { provider, index } = this.host.ready(args.model);
    const edit = deleteRowRange(index, args.rowStartPos, args.rowEndPos ?? args.rowStartPos);
    this.host.finish(provider, edit, args.propagateUpdate, args.fn);
  }

  insertRow(args: InsertRowArgs): void {
    const start = args.rowStartPos ?? 1;
    const on = this.host.unbuilt(args.model);
    if (on) return this.host.finish(on.provider, onStore.insertStoreRange(on.store, start, args.rowEndPos ?? start, args.insertBeforeSelection ?? true, !!args.fn), args.propagateUpdate, args.fn);
    const { provider, index } = this.host.ready(args.model);
    const edit = insertRowRange(index, start, args.rowEndPos ?? start, args.insertBeforeSelection ?? true);
    this.host.finish(provider, edit, args.propagateUpdate, args.fn);
  }

  duplicateRows(args: DuplicateRowsArgs): void {
    const on = this.host.unbuilt(args.model);
    if (on) return this.host.finish(on.provider, onStore.duplicateStoreRange(on.store, args.rowStartPos, args.rowEndPos ?? args.rowStartPos, args.insertBeforeSelection ?? true, !!args.fn), args.propagateUpdate, args.fn);
    const { provider, index } = this.host.ready(args.model);
    const edit = duplicateRowRange(index, args.rowStartPos, args.rowEndPos ?? args.rowStartPos, args.insertBeforeSelection ?? true);
    this.host.finish(provider, edit, args.propagateUpdate, args.fn);
  }

  restore(args: RestoreArgs): void {
    const colStart = args.colStartPos ?? 1;
    const colEnd = args.colEndPos ?? colStart;
    const on = this.host.unbuilt(args.model);
    if (on) return this.host.finish(on.provider, onStore.restoreStoreRange(on.store, args.rowStartPos, args.rowEndPos ?? args.rowStartPos, colStart, colEnd), args.propagateUpdate, args.fn);
    const { provider, index } = this.host.ready(args.model);
    const edit = restoreRange(index, args.rowStartPos, args.rowEndPos ?? args.rowStartPos, colStart, colEnd);
    this.host.finish(provider, edit, args.propagateUpdate, args.fn);
  }
}
