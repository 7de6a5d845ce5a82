import { WrsError } from '../errors';
import type { WrsBackend } from '../backend/wrs-backend';
import { getDefaultWrsBackend } from '../backend/default-wrs-backend';
import { DataProvider, DataProviderRegistry, defaultRegistry } from '../data-provider/data-provider';
import { StaticModel } from '../data-provider/static-model';
import { DOCUMENT_NODE } from '../xml/dom';
import { FillParams } from '../xml/placeholders';
import { WrsIndex } from '../rows/wrs-index';
import type { RowStore } from '../rows/row-store';
import { deleteRowsByColumnValue } from './delete-by-value';
import * as onStore from './store-row-edits';
import { ClipboardPort, browserClipboard } from './clipboard-port';
import { WrsClipboardCalls } from './wrs-util-clipboard';
import { FilterParams, parseFilterExpression } from './filter-expression';
import type { RowEdit } from './row-edits';
import { applyScaleTo } from './apply-scale';
import { WrsHeaderMeta, generateWrsHeaderMetaOf } from './wrs-header-meta';
import { deleteColumnsOf } from './delete-columns';
import { storeTransposeRows, transposeGroupingOf } from './transpose-grouping';
import { validateCells } from './validation';
import { validateStoreCellsWith } from './store-validation';
import { findValidationResult, replaceValidationResultOf, storeValidationWrsOf, validationErrorCountOf, validationWrsOf, wrsRootOf } from './validation-result';
import { createValidationChain } from './validation-model';
import type { ModelWrapper } from '../chain/model-wrapper';
import { WrsServerCalls } from './wrs-server-calls';
import { isNode } from './wrs-util-args';
import { CellInput, WrsRowCalls } from './wrs-util-rows';
import type {
  CopyAllRows2CsvArgs,
  CopyArgs,
  DeleteRowsArgs,
  DuplicateRowsArgs,
  GetNextIdentifierArgs,
  InsertRowArgs,
  ModelRef,
  PasteArgs,
  PostWrsParam,
  RestoreArgs,
  RowOperationFn,
  RowPositionArgs,
  SaveModelArgs,
  ValidateModelArgs,
  WrsRef,
  WrsUtilArgs,
  WrsValidationArgs,
} from './wrs-util-args';

/**
 * The Wrs utility functions of spec 4.3 (`ui.wrs.wrsUtil`), over providers (by instance or registered id) and
 * Wrs documents. Row and cell access goes through the WrsIndex, so costs grow with the rows an operation touches.
 * Each bulk operation is one change set: one `fire()` unless `propagateUpdate` is false.
 */
export class WrsUtil {
  private readonly registry: DataProviderRegistry;
  private readonly clipboard: ClipboardPort | null;
  private readonly backend: WrsBackend | null;

  constructor(args: WrsUtilArgs = {}) {
    this.registry = args.registry ?? defaultRegistry;
    this.clipboard = args.clipboard ?? browserClipboard();
    this.backend = args.backend ?? null;
  }

  private readonly serverCalls = new WrsServerCalls({ ready: (model) => this.ready(model), unbuilt: (model) => this.unbuilt(model), server: () => this.server() });
  private readonly rowCalls = new WrsRowCalls({
    provider: (model) => this.provider(model),
    ready: (model) => this.ready(model),
    unbuilt: (model) => this.unbuilt(model),
    indexOf: (wrs) => this.indexOf(wrs),
    finish: (provider, edit, propagateUpdate, fn) => this.finish(provider, edit, propagateUpdate, fn),
  });
  private readonly clipboardCalls = new WrsClipboardCalls({
    ready: (model) => this.ready(model),
    unbuilt: (model) => this.unbuilt(model),
    finish: (provider, edit, propagateUpdate, fn) => this.finish(provider, edit, propagateUpdate, fn),
    clipboard: () => this.clipboard,
  });

  // ---- resolution ----

  private provider(model: ModelRef): DataProvider {
    if (typeof model === 'string') return this.registry.require(model);
    if (model instanceof DataProvider) return model;
    throw new WrsError('INVALID_ARGUMENT', 'Expected a data provider or its id', model);
  }

  /** The provider and its Wrs index; NOT_READY when it has no data yet. */
  private ready(model: ModelRef): { provider: DataProvider; index: WrsIndex } {
    const provider = this.provider(model);
    return { provider, index: provider.wrsIndex() };
  }

  /**
   * The provider and its row store while the store's document is not built: the row operations then run on its
   * entries (store-row-edits.ts) and build nothing. Null for documents, other providers, and a provider not ready.
   */
  private unbuilt(wrs: WrsRef): { provider: DataProvider; store: RowStore } | null {
    if (isNode(wrs)) return null;
    const provider = this.provider(wrs);
    const store = provider.getRowStore();
    return store && !store.materialized && provider.isReady() ? { provider, store } : null;
  }

  /** The index of the header: a store's document as it is (its rows not built), else the data's. */
  private headerOf(wrs: WrsRef): WrsIndex {
    const on = this.unbuilt(wrs);
    return on ? onStore.headerIndex(on.store) : this.indexOf(wrs);
  }

  private indexOf(wrs: WrsRef): WrsIndex {
    if (isNode(wrs)) return WrsIndex.ofElement(wrsRootOf(wrs));
    return this.ready(wrs).index;
  }

  private server(): WrsBackend {
    return this.backend ?? getDefaultWrsBackend();
  }

  /** Notes an edit as a change set of the provider, runs `fn`, and fires when asked. */
  private finish(provider: DataProvider, edit: RowEdit, propagateUpdate: boolean | undefined, fn: RowOperationFn | undefined): void {
    if (edit.nodes.length > 0) provider.noteChange(edit.nodes, edit.rowIds);
    try {
      fn?.({ model: provider, rowIds: edit.rowIds, rowNodes: edit.created });
    } finally {
      // The change is made: it is fired even when the callback throws (its error still reaches the caller). An
      // operation that changed nothing still fires its (empty) change set, without it being read as a hand edit.
      if (propagateUpdate ?? true) {
        if (edit.nodes.length === 0) provider.noteUnchanged();
        provider.fire();
      }
    }
  }

  // ---- cells and positions ----

  /** The value of a cell (row and column by id or 1-based position); null for `wrs:null` and for a missing cell. */
  getCellValue(wrs: WrsRef, rowId: string | number, columnId: string | number): string | null {
    return this.rowCalls.getCellValue(wrs, rowId, columnId);
  }

  /**
   * Sets a cell (spec 3.2): an R row becomes M with its originals in `wrs:O`; null writes `wrs:null`. Returns false
   * when the row or the cell is missing, or the row is deleted. Noted in the open change set, not fired (spec 6.3).
   */
  setCellValue(wrs: WrsRef, rowId: string | number, columnIdOrPos: string | number, value: CellInput = null): boolean {
    return this.rowCalls.setCellValue(wrs, rowId, columnIdOrPos, value);
  }

  /** The 1-based position of a column id from the header, 0 when there is no such column. */
  getColPosById(wrs: WrsRef, id: string): number {
    return this.headerOf(wrs).columnPos(id);
  }

  /** The 1-based position of a row over `wrs:Data/*`, -1 when there is no such row. */
  getRowPositionByRowId(args: RowPositionArgs): number {
    return this.rowCalls.getRowPositionByRowId(args);
  }

  // ---- single rows ----

  /** Deletes a row (R, M -> D; I removed). False when there is no such row or it is deleted already. */
  deleteRow(model: ModelRef, rowId: string, propagateUpdate = false): boolean {
    return this.rowCalls.deleteRow(model, rowId, propagateUpdate);
  }

  /** Restores an M or D row to R with its original values; false when the row is neither M nor D. */
  restoreRow(model: ModelRef, rowId: string, propagateUpdate = false): boolean {
    return this.rowCalls.restoreRow(model, rowId, propagateUpdate);
  }

  /** Duplicates one row (element or id) as an I row right before it; a D row is INVALID_ARGUMENT (restore it first). */
  duplicateRow(model: ModelRef, row: Element | string, propagateUpdate = true, fn?: RowOperationFn): void {
    this.rowCalls.duplicateRow(model, row, propagateUpdate, fn);
  }

  // ---- row ranges ----

  /** Deletes rows `rowStartPos..rowEndPos` as one change set: R and M rows become D (M with its originals), I rows go. */
  deleteRows(args: DeleteRowsArgs): void {
    this.rowCalls.deleteRows(args);
  }

  /**
   * Inserts `rowEndPos - rowStartPos + 1` I rows with default values before (or after) the selection; `fn` may fill
   * them (on a store, it gets the new rows' elements, each built alone).
   */
  insertRow(args: InsertRowArgs): void {
    this.rowCalls.insertRow(args);
  }

  /** Duplicates rows `rowStartPos..rowEndPos` as I rows before (or after) the selection; D rows of the range are skipped. */
  duplicateRows(args: DuplicateRowsArgs): void {
    this.rowCalls.duplicateRows(args);
  }

  /**
   * Undoes changes in rows `rowStartPos..rowEndPos`, columns `colStartPos` (default 1) `..colEndPos` (default
   * colStartPos), by spec 3.2: M and D rows become R with their originals.
   */
  restore(args: RestoreArgs): void {
    this.rowCalls.restore(args);
  }

  /**
   * `deleteRows` on a row store (1-based positions, `rowEndPos` defaulting to `rowStartPos`): entry states change,
   * no row is built; on a complete document its rows as `deleteRows` changes them. No provider is told: a store is
   * changed before it is handed to one. Returns how many rows changed.
   */
  deleteStoreRows(store: RowStore, rowStartPos: number, rowEndPos = rowStartPos): number {
    return store.deleteRows(rowStartPos - 1, rowEndPos - 1);
  }

  /** `restore` of rows of a row store in all columns, as `deleteStoreRows` deletes them; returns how many changed. */
  restoreStoreRows(store: RowStore, rowStartPos: number, rowEndPos = rowStartPos): number {
    return store.restoreRows(rowStartPos - 1, rowEndPos - 1);
  }

  /**
   * Removes rows whose column value is one of `values`, by deleteRow's rules. Numbers match their
   * text, a null matches `wrs:null` cells, and a single string is one value (not its characters).
   */
  deleteRowByColumnValue(wrs: Document | Element, colIdOrPos: string | number, values: readonly (string | number | null)[] | string): void {
    deleteRowsByColumnValue(wrs, colIdOrPos, values);
  }

  // ---- clipboard ----

  /**
   * Copies the selected cells to the clipboard as tab-separated text (Excel-compatible): the stored values, not the
   * captions a grid shows for reference columns. The model is unchanged.
   */
  copy(args: CopyArgs): Promise<void> {
    return this.clipboardCalls.copy(args);
  }

  /** Copies every row that is not deleted as RFC 4180 CSV with a header row of captions (formula-injection guarded). */
  copyAllRows2CSV(args: CopyAllRows2CsvArgs): Promise<void> {
    return this.clipboardCalls.copyAllRows2CSV(args);
  }

  /**
   * Pastes tab-separated clipboard text from (`rowStartPos`, `colStartPos`) on: rows past the last are appended as
   * I rows, columns past the last are cut off. A single copied value fills the whole selection. Empty cells paste
   * as `wrs:null`, in `nullable="0"` columns as the empty text; an empty field over an empty cell changes nothing, so
   * a copy pasted in place changes nothing. D rows stay as they are and their clipboard line is not written. One
   * change set.
   */
  paste(args: PasteArgs): Promise<void> {
    return this.clipboardCalls.paste(args);
  }

  /** Pastes clipboard text as new I rows appended at the end (defaults, then the values from `colStartPos` on). */
  pasteAsNewRows(args: PasteArgs): Promise<void> {
    return this.clipboardCalls.pasteAsNewRows(args);
  }

  // ---- documents ----

  /** Rounds numbers per `wrs:Header/wrs:Columns/wrs:C/@scale`, half away from zero; returns the same document. */
  applyScale(wrsDoc: Document): Document {
    applyScaleTo(WrsIndex.of(wrsDoc));
    return wrsDoc;
  }

  /** Column id -> the column's header attributes as strings. */
  generateWrsHeaderMeta(wrsDoc: Document): WrsHeaderMeta {
    return generateWrsHeaderMetaOf(WrsIndex.of(wrsDoc));
  }

  /** Physically drops columns from the header and every row; the remaining columns are renumbered. */
  deleteColumns(wrs: Element | Document, colIdArray: readonly string[]): void {
    deleteColumnsOf(WrsIndex.ofElement(wrsRootOf(wrs)), colIdArray);
  }

  /** A new Wrs with the innermost `@dimId` dimension transposed from rows to columns; D rows are left out. */
  transposeGrouping(input: ModelRef): Document {
    const on = this.unbuilt(input);
    return on ? transposeGroupingOf(onStore.headerIndex(on.store), storeTransposeRows(on.store)) : transposeGroupingOf(this.ready(input).index);
  }

  /** Parses a filter expression into a filter document with root `f:And`. */
  parseFilterExpression(expression: string, params?: FilterParams): Document {
    return parseFilterExpression(expression, params);
  }

  /** The data provider `read` on any document. */
  read(doc: Document, xPath: string, params?: FillParams, defaultValue?: string): string | null {
    return documentModel(doc).read(xPath, params, defaultValue);
  }

  /** The data provider `write` on any document (spec 4.5), Wrs-aware. */
  write(doc: Document, xPath: string, params?: FillParams, value?: CellInput): Node | null {
    return documentModel(doc).write(xPath, params ?? {}, value);
  }

  // ---- validation ----

  /** The result Wrs of a validation id in the model's header; null when there is none, unless `doCreate`. */
  getValidationResult(wrs: WrsRef, validationId: string, doCreate = false): Element | null {
    return findValidationResult(this.headerOf(wrs).root, validationId, doCreate);
  }

  /** Replaces (or with null removes) the validation result of an id in a Wrs. */
  replaceValidationResult(wrsRootNode: Document | Element, validationResultNode: Node | null, validationId: string): void {
    replaceValidationResultOf(wrsRootOf(wrsRootNode), validationResultNode, validationId);
  }

  /** -2 when no validation was performed, -1 when the provider is not ready, else the number of errors. */
  getValidationErrorCount(wrs: WrsRef): number {
    if (!isNode(wrs) && !this.provider(wrs).isReady()) return -1;
    return validationErrorCountOf(this.headerOf(wrs).root);
  }

  /**
   * Runs a cell check over the rows that are not deleted and stores the errors as the model's result of
   * `validationId`, replacing its earlier one. Returns the model's document.
   */
  wrsValidation(args: WrsValidationArgs): Document {
    if (typeof args?.validationId !== 'string' || args.validationId === '') {
      throw new WrsError('INVALID_ARGUMENT', 'wrsValidation needs a validationId', args?.validationId);
    }
    const on = this.unbuilt(args.model);
    const index = on ? onStore.headerIndex(on.store) : this.ready(args.model).index;
    // On a store the check gets each row's element, built alone; the result goes into the header, there from the start.
    const errors = on ? validateStoreCellsWith(on.store, index, args.cellValidation) : validateCells(index, args.cellValidation);
    storeValidationWrsOf(index.root, validationWrsOf(index.doc, args.validationId, errors), args.validationId);
    return index.doc;
  }

  /**
   * Validates a model with a registered validation (the built-in `xslt/validate/validateWrs.xslt` by default) or a
   * validation stylesheet (`stylesheetUrl`) and returns the TransformationChain whose data is the `wrs:ValidationResult`;
   * it is started at once and runs again when the model fires.
   */
  validateModel(args: ValidateModelArgs, validationId?: string): ModelWrapper {
    const provider = this.provider(args.model);
    const validation = createValidationChain({
      model: provider,
      validationId: validationId ?? args.validationId ?? provider.id,
      stylesheetUrl: args.stylesheetUrl,
      dataProviders: args.dataProviders,
      parameters: args.parameters,
      fn: args.fn,
      registry: this.registry,
    });
    void validation.execute();
    return validation;
  }

  // ---- server ----

  /**
   * Saves the model: sends only its I, M and D rows. On success the document becomes what the server holds
   * (one change set) and the model moves to SavedStatus, then reloads when `reload`, unless changes were made while the
   * save ran (the reload would drop them; the model stays in SavedStatus with them pending). On failure the document and
   * its history stay untouched, the model moves to SaveFailedStatus with the server's reason, and the promise
   * rejects with that WrsError.
   */
  saveModel(args: SaveModelArgs): Promise<void> {
    return this.serverCalls.saveModel(args);
  }

  /** Posts Wrs documents and providers (only their I, M and D rows), one after the other; rejects at the first failure. */
  postWrs(args: PostWrsParam | Document | ModelRef | readonly (Document | ModelRef)[]): Promise<void> {
    return this.serverCalls.postWrs(args);
  }

  /**
   * Reserves `blockSize` identifiers of a scope on the server and calls `onSuccessCb` with them (spec 4.3); a
   * failure, bad arguments included, calls `onErrorCb`, or rejects when there is none.
   */
  getNextIdentifier(args: GetNextIdentifierArgs): Promise<void> {
    return this.serverCalls.getNextIdentifier(args);
  }
}

/** A provider over a document given directly, so `read`/`write` on documents share the provider's rules. */
function documentModel(doc: Document): DataProvider {
  if (!doc || doc.nodeType !== DOCUMENT_NODE) throw new WrsError('INVALID_ARGUMENT', 'Expected a Document', doc);
  const model = new StaticModel({ data: doc });
  void model.execute();
  return model;
}
