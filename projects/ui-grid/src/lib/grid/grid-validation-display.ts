import { ChangeSet, RowStore, ValidationError, WrsIndex, cellValue, cellsOf, errorMessage } from 'ngx-wrs-grid/core';
import { GridCells } from './grid-cells';
import type { WrittenCells } from './grid-changes';
import { runGridChain } from './grid-chain';
import { changedKeyRows, changedStoreKeyRows, deepKeyCheck, showsSubset } from './grid-deep-key-check';
import { GridState } from './grid-state';
import { GridStatusLine } from './grid-status-line';
import { GridValidation, validationText } from './grid-validation';
import { formatMessage } from './features/grid-messages';

/**
 * Cells one background task checks or reads ahead (500 rows of 20 columns): the rows of a task follow from the
 * table's width, so a task of a 200-column table takes no longer than one of a 20-column table and drops no frame.
 */
const BACKGROUND_CHUNK_CELLS = 10_000;

/**
 * The grid's validation as the user sees it: the loaded rows checked in background tasks (the built-in Wrs
 * validation, or `validationChain`), the result stored in `wrs:Header/wrs:ValidationResult`, the cell messages in the
 * message table's words, and the checks a save waits for.
 */
export class GridValidationDisplay {
  private validation: GridValidation | null = null;
  /** Position of the next loaded row still to check, null when all are checked. */
  private cursor: number | null = null;
  private run = 0;
  /** The running validation chain, so a save waits for its result. */
  private chainRun: Promise<void> | null = null;
  private chainRunCount = 0;

  constructor(
    private readonly state: GridState,
    private readonly cells: GridCells,
    private readonly statusLine: GridStatusLine,
  ) {}

  /** Id of the grid's result in `wrs:Header/wrs:ValidationResult` (read late: `gridId` sets the id in ngOnInit). */
  private get validationId(): string {
    return `${this.state.grid.id}_validation`;
  }

  get ready(): boolean {
    return this.validation !== null;
  }

  /** A new document: its keys indexed, its rows checked from the first paint on, a chunk per task. */
  start(doc: Document): void {
    const { grid } = this.state;
    this.validation = new GridValidation(this.state.layout.columns, grid.ignoreKeyCase());
    this.validation.reset(doc, this.state.store);
    this.cursor = null;
    const run = ++this.run;
    if (grid.validationChain()) this.runChain();
    else this.cursor = 0;
    setTimeout(() => this.backgroundPass(run));
  }

  /**
   * A change set: the rows it names are checked again (or the validation chain runs again); of the rows a grid write
   * changed in some columns only (`written`), only those columns' cells.
   */
  changed(changeSet: ChangeSet, written: WrittenCells | null = null): void {
    const store = this.state.store;
    if (store && this.validation && !this.state.grid.validationChain()) {
      // Writes on the entries of a row store: checked from the entries, nothing built.
      const index = WrsIndex.of(this.state.document!);
      const cells = written ? changeSet.rowIds.filter((id) => written.rowIds.has(id)) : [];
      const at = written?.storePositions;
      if (cells.length > 0) this.validation.checkStoreRowIds(store, index, cells, written!.positions, at);
      const whole = written ? changeSet.rowIds.filter((id) => !written.rowIds.has(id)) : changeSet.rowIds;
      if (whole.length > 0) this.validation.checkStoreRowIds(store, index, whole, null, at);
      if (this.cursor === null) this.store();
      return;
    }
    const doc = this.state.data;
    if (!doc || !this.validation) return;
    if (this.state.grid.validationChain()) {
      this.validation.updateKeys(doc, changeSet.rowIds);
      this.runChain();
    } else if (written) {
      const whole = changeSet.rowIds.filter((id) => !written.rowIds.has(id));
      this.validation.checkCells(doc, changeSet.rowIds.filter((id) => written.rowIds.has(id)), written.positions);
      if (whole.length > 0) this.validation.checkRows(doc, whole);
    } else this.validation.checkRows(doc, changeSet.rowIds);
    if (this.cursor === null) this.store();
  }

  /** Number of invalid cells: `getValidationErrorCount` of the stored result, after checking every loaded row. */
  errorCount(): number {
    this.checkAll();
    const doc = this.state.document;
    return doc ? Math.max(0, this.state.services.wrsUtil.getValidationErrorCount(doc)) : 0;
  }

  /** The validation message of a cell as the user reads it, or null. */
  cellError(rowId: string, colId: string): string | null {
    this.checkAll();
    return this.shownError(rowId, colId);
  }

  /** The message a painted cell shows (rows not checked yet show none). */
  shownError(rowId: string, colId: string): string | null {
    const message = this.validation?.errorOf(rowId, colId) ?? null;
    return message === null ? null : this.messageFor(colId, message);
  }

  /** True when a checked row shows an invalid cell (its row header marks it). */
  rowInvalid(rowId: string): boolean {
    return this.validation?.rowInvalid(rowId) ?? false;
  }

  /** Every invalid cell, after checking every loaded row. */
  errors(): ValidationError[] {
    this.checkAll();
    return this.validation?.errors() ?? [];
  }

  /** Checks every loaded row, waits for the validation chain, asks the server for keys outside the loaded subset; the error count. */
  async forSave(): Promise<number> {
    this.checkAll();
    for (let running = this.chainRun; running; running = running === this.chainRun ? null : this.chainRun) await running;
    await this.checkKeysOnServer();
    return this.errorCount();
  }

  /** The grid goes: the result describes what this grid checked; a grid shown again on the same model stores its own. */
  remove(): void {
    // The header only: a grid going builds no rows.
    const doc = this.state.document;
    if (doc && WrsIndex.tryOf(doc)) this.state.services.wrsUtil.replaceValidationResult(doc, null, this.validationId);
  }

  private checkAll(): void {
    this.validateNextRows(Number.POSITIVE_INFINITY);
  }

  /**
   * After the first paint, a chunk of rows per task (so a large load neither delays painting nor blocks input):
   * checks the loaded rows and, with column filters, reads the shown columns ahead for the first filter or sort.
   */
  private backgroundPass(run: number): void {
    // After destroy it would store the result the teardown removed from the model.
    if (run !== this.run || this.state.destroyed) return;
    const rows = this.backgroundChunkRows();
    if (this.cursor !== null) this.validateNextRows(rows);
    const read = !this.state.grid.columnFilters() || this.state.features.prefetch(rows);
    if (this.cursor !== null || !read) setTimeout(() => this.backgroundPass(run));
  }

  /** Rows of one background task: `BACKGROUND_CHUNK_CELLS` over the columns of the Wrs. */
  private backgroundChunkRows(): number {
    const doc = this.state.document;
    const width = doc ? WrsIndex.of(doc).columns().length : 0;
    return Math.max(1, Math.floor(BACKGROUND_CHUNK_CELLS / Math.max(1, width)));
  }

  private validateNextRows(count: number): void {
    const store = this.state.store;
    if (store) return this.validateNextStoreRows(store, count);
    const doc = this.state.data;
    if (!doc || !this.validation || this.cursor === null) return;
    const rows = WrsIndex.of(doc).rows();
    const end = Math.min(rows.length, this.cursor + count);
    const ids = rows.slice(this.cursor, end).map((r) => r.getAttribute('id') ?? '');
    this.cursor = end >= rows.length ? null : end;
    if (ids.length > 0) this.validation.checkRows(doc, ids);
    if (this.cursor === null) this.store();
    // Only the rows checked can show new errors: the keys of all rows were indexed before the first task.
    this.state.body?.repaintRowIds(new Set(ids));
  }

  /** `validateNextRows` over the rows of a store that are not built: read from their entries. */
  private validateNextStoreRows(store: RowStore, count: number): void {
    const doc = this.state.document;
    if (!doc || !this.validation || this.cursor === null) return;
    const end = Math.min(store.rowCount, this.cursor + count);
    const ids = this.validation.checkStoreRows(store, WrsIndex.of(doc), this.cursor, end);
    this.cursor = end >= store.rowCount ? null : end;
    if (this.cursor === null) this.store();
    this.state.body?.repaintRowIds(new Set(ids));
  }

  /**
   * Writes the grid's errors as its result in `wrs:Header/wrs:ValidationResult` and shows the count read back with
   * `getValidationErrorCount`. Not a change set: the result describes the data, it is not an edit. The header is
   * there while the rows of a store are not built: they stay so.
   */
  private store(): void {
    const doc = this.state.document;
    if (!doc || !this.validation) return;
    this.validation.store(doc, this.validationId);
    this.state.errorCount.set(Math.max(0, this.state.services.wrsUtil.getValidationErrorCount(doc)));
  }

  /**
   * Runs `validationChain` (with `validationParameters`) over the Wrs; its output is a validation result (a result
   * Wrs of RowId, ColId, Error, or a `wrs:ValidationResult` holding one) that replaces the cell errors. A newer run
   * wins; a failing chain shows its reason and leaves the earlier result.
   */
  private runChain(): void {
    const { grid, services } = this.state;
    const chain = grid.validationChain();
    const doc = this.state.data;
    if (!chain || !doc) return;
    const run = ++this.chainRunCount;
    this.chainRun = runGridChain(services.chains, 'validationChain', chain, doc, grid.validationParameters())
      .then((out) => {
        if (this.state.destroyed || run !== this.chainRunCount || doc !== this.state.data || !this.validation) return;
        services.wrsUtil.replaceValidationResult(doc, out, this.validationId);
        this.validation.setCellErrors(resultErrors(services.wrsUtil.getValidationResult(doc, this.validationId)));
        this.store();
        this.state.body?.repaintAll();
      })
      .catch((e) => {
        if (run === this.chainRunCount) this.statusLine.set(errorMessage(e));
      });
  }

  /**
   * The deep key check (skipped with `disableDeepKeyCheck`): when the grid shows a subset of the table it loaded, the
   * server is asked whether rows outside that subset hold the keys of the inserted or re-keyed rows.
   */
  private async checkKeysOnServer(): Promise<void> {
    const validation = this.validation;
    const { grid, loadedRequest: request, document } = this.state;
    if (grid.disableDeepKeyCheck() || !validation || validation.keys.length === 0 || !this.state.fromBackend || !request || !document) return;
    // The footer is in a store's document as it is; a store's changed rows are read from their entries.
    if (!showsSubset(request, document)) return;
    const store = this.state.store;
    const keys = validation.keys;
    const index = store ? null : WrsIndex.of(this.state.data!);
    const stateOf = store ? (id: string) => (store.positionOf(id) < 0 ? null : store.state(store.positionOf(id))) : (id: string) => index!.rowById(id)?.localName ?? null;
    const clashes = await deepKeyCheck({
      backend: this.state.backend(),
      url: await this.state.requestUrl(),
      request,
      rows: store ? changedStoreKeyRows(store, keys, grid.ignoreKeyCase()) : changedKeyRows(index!, keys, grid.ignoreKeyCase()),
      keyColumns: keys,
      ignoreKeyCase: grid.ignoreKeyCase(),
      unchangedRowHolds: (key) => validation.unchangedRowHolds(stateOf, key),
    });
    validation.setServerKeyErrors(clashes);
    this.store();
    this.state.body?.repaintAll();
  }

  /** A validation message as shown: the message table's text for its key (`{caption}` filled), else the built-in text. */
  private messageFor(colId: string, message: string): string {
    const caption = this.cells.captionOf(colId);
    const text = this.state.messages[message];
    return text !== undefined ? formatMessage(text, { caption }) : validationText(caption, message);
  }
}

/** The errors of a stored result Wrs (columns RowId, ColId, Error). */
function resultErrors(result: Element | null): ValidationError[] {
  const errors: ValidationError[] = [];
  const data = result ? Array.from(result.childNodes).find((n) => n.nodeType === 1 && (n as Element).localName === 'Data') : undefined;
  for (let r = data?.firstChild ?? null; r; r = r.nextSibling) {
    if (r.nodeType !== 1) continue;
    const [rowId, colId, message] = cellsOf(r as Element).map((c) => cellValue(c) ?? '');
    errors.push({ rowId, colId, message });
  }
  return errors;
}
