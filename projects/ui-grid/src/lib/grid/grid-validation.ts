import { RowStore, StoredValidationResult, VALIDATION_MESSAGES, ValidationError, WrsIndex, cellAt, cellValue, compareValidationErrors, validateStoreCells, validateStoreRows, validateWrsCells } from 'ngx-wrs-grid/core';
import { GridColumn } from './grid-column';

/** Message key of a key that a row outside the loaded subset holds on the server (the deep key check). */
export const DUPLICATE_SERVER_KEY = 'ui_ValidationError_DuplicateKeyOnServer';

const MESSAGE_TEXT: Readonly<Record<string, string>> = {
  [VALIDATION_MESSAGES.notNull]: 'needs a value',
  [VALIDATION_MESSAGES.integer]: 'is not a whole number',
  [VALIDATION_MESSAGES.decimal]: 'is not a number',
  [VALIDATION_MESSAGES.scale]: 'has too many decimal places',
  [VALIDATION_MESSAGES.date]: 'is not a date (YYYY-MM-DD)',
  [VALIDATION_MESSAGES.timestamp]: 'is not a timestamp (YYYY-MM-DD hh:mm:ss)',
  [VALIDATION_MESSAGES.boolean]: 'is not true or false',
  [VALIDATION_MESSAGES.tooLong]: 'is too long',
  [VALIDATION_MESSAGES.notInReferences]: 'is not an allowed value',
  [VALIDATION_MESSAGES.duplicateKey]: 'is not unique (key)',
  [DUPLICATE_SERVER_KEY]: 'exists on the server already (key)',
};

/** The text a user reads for a validation message: built-in message keys as "<caption> <rule>", other messages as they are. */
export function validationText(caption: string, message: string): string {
  const text = MESSAGE_TEXT[message];
  return text === undefined ? message : `${caption} ${text}`;
}

/**
 * The grid's validation state, kept per change set at a cost that grows with the rows changed: the cell errors of
 * the validation chain (the built-in rules checked per row, or a custom chain's whole result), `isKey` uniqueness
 * among the loaded rows (deleted rows do not count; `ignoreKeyCase`), and keys the server holds outside the
 * loaded subset. `store()` writes all of it as the model's `wrs:Header/wrs:ValidationResult`, replacing only the
 * result rows of the data rows whose errors may have changed since the last store.
 */
export class GridValidation {
  private readonly cellErrors = new Map<string, Map<string, string>>();
  private readonly serverKeyErrors = new Set<string>();
  private readonly keyOfRow = new Map<string, string>();
  private readonly rowsOfKey = new Map<string, Set<string>>();
  /** The keys more than one row holds, kept with `rowsOfKey`: `errors()` reads them without walking every key. */
  private readonly duplicated = new Set<string>();
  private readonly keyColumns: GridColumn[];
  /** Data rows whose errors may have changed since the last `store`; null: any (the result is built anew). */
  private dirty: Set<string> | null = null;
  private stored: StoredValidationResult | null = null;

  constructor(
    columns: readonly GridColumn[],
    private readonly ignoreKeyCase: boolean,
  ) {
    this.keyColumns = columns.filter((c) => c.isKey);
  }

  /** The columns whose values form the key. */
  get keys(): readonly GridColumn[] {
    return this.keyColumns;
  }

  /**
   * Forgets every result and indexes the keys of all rows (read from `store` while its rows are not built); the cell
   * checks follow through `checkRows` and `checkStoreRows`.
   */
  reset(wrs: Document, store: RowStore | null = null): void {
    this.cellErrors.clear();
    this.serverKeyErrors.clear();
    this.keyOfRow.clear();
    this.rowsOfKey.clear();
    this.duplicated.clear();
    this.dirty = null;
    if (this.keyColumns.length === 0) return;
    if (!store) for (const row of WrsIndex.of(wrs).rows()) this.updateKey(row.getAttribute('id') ?? '', row.localName === 'D' ? null : keyOf(row, this.keyColumns, this.ignoreKeyCase));
    else {
      const values = (r: number) => this.keyColumns.map((c) => store.cellValue(r, c.pos));
      for (let r = 0; r < store.rowCount; r++) this.indexKey(store.id(r) ?? '', store.state(r) === 'D' ? null : keyOfValues(values(r), this.ignoreKeyCase));
    }
  }

  /** `checkRows` for the rows [first, last) of a store whose rows are not built; returns their ids. */
  checkStoreRows(store: RowStore, index: WrsIndex, first: number, last: number): string[] {
    const ids: string[] = [];
    for (let r = first; r < last; r++) {
      const id = store.id(r) ?? '';
      ids.push(id);
      this.markDirty(id);
      this.cellErrors.delete(id);
    }
    this.addCellErrors(validateStoreCells(store, index, first, last));
    return ids;
  }

  /** Checks rows again with the built-in cell rules (rows gone from the document drop their errors). */
  checkRows(wrs: Document, rowIds: readonly string[]): void {
    const index = WrsIndex.of(wrs);
    const rows: Element[] = [];
    for (const id of this.updateKeys(wrs, rowIds)) {
      this.cellErrors.delete(id);
      const row = index.rowById(id);
      if (row) rows.push(row);
    }
    this.addCellErrors(validateWrsCells(index, rows));
  }

  /**
   * Checks only the cells of the columns at `positions` of rows again (a grid write of those columns): the rows'
   * errors in other columns stay, their keys follow.
   */
  checkCells(wrs: Document, rowIds: readonly string[], positions: ReadonlySet<number>): void {
    const index = WrsIndex.of(wrs);
    const colIds = index.columns().filter((c) => positions.has(c.pos)).map((c) => c.id);
    const rows: Element[] = [];
    for (const id of this.updateKeys(wrs, rowIds)) {
      const cols = this.cellErrors.get(id);
      if (cols) for (const colId of colIds) cols.delete(colId);
      if (cols?.size === 0) this.cellErrors.delete(id);
      const row = index.rowById(id);
      if (row) rows.push(row);
    }
    this.addCellErrors(validateWrsCells(index, rows, positions));
  }

  /**
   * `checkRows` (`positions` null) or `checkCells` for rows of a store whose document is not built, named by id
   * (a change set of writes on its entries): read from the entries.
   */
  checkStoreRowIds(store: RowStore, index: WrsIndex, rowIds: readonly string[], positions: ReadonlySet<number> | null, at?: ReadonlyMap<string, number>): void {
    const colIds = positions && index.columns().filter((c) => positions.has(c.pos)).map((c) => c.id);
    const rows: number[] = [];
    for (const id of rowIds) {
      const r = store.positionOf(id, at?.get(id));
      this.markDirty(id);
      this.updateKey(id, r < 0 || store.state(r) === 'D' ? null : keyOfValues(this.keyColumns.map((c) => store.cellValue(r, c.pos)), this.ignoreKeyCase));
      this.serverKeyErrors.delete(id);
      const cols = this.cellErrors.get(id);
      if (!colIds || !cols) this.cellErrors.delete(id);
      else {
        for (const colId of colIds) cols.delete(colId);
        if (cols.size === 0) this.cellErrors.delete(id);
      }
      if (r >= 0) rows.push(r);
    }
    this.addCellErrors(validateStoreRows(store, index, rows, positions ?? undefined));
  }

  /** Keeps the key index current for changed rows; a changed row also drops its server key error. Returns the ids. */
  updateKeys(wrs: Document, rowIds: readonly string[]): readonly string[] {
    const index = WrsIndex.of(wrs);
    for (const id of rowIds) {
      this.markDirty(id);
      const row = index.rowById(id);
      this.updateKey(id, !row || row.localName === 'D' ? null : keyOf(row, this.keyColumns, this.ignoreKeyCase));
      this.serverKeyErrors.delete(id);
    }
    return rowIds;
  }

  /** Replaces every cell error by a chain's result (the result Wrs rows: RowId, ColId, Error). */
  setCellErrors(errors: readonly ValidationError[]): void {
    this.cellErrors.clear();
    this.dirty = null;
    this.addCellErrors(errors);
  }

  /** Marks rows whose key the server holds in a row the grid has not loaded. */
  setServerKeyErrors(rowIds: Iterable<string>): void {
    for (const id of this.serverKeyErrors) this.markDirty(id);
    this.serverKeyErrors.clear();
    for (const id of rowIds) {
      this.serverKeyErrors.add(id);
      this.markDirty(id);
    }
  }

  /** The message of an invalid cell (a key of `validationText`), or null. */
  errorOf(rowId: string, colId: string): string | null {
    const message = this.cellErrors.get(rowId)?.get(colId);
    if (message !== undefined) return message;
    if (this.keyColumns.length === 0 || colId !== this.keyColumns[0].id) return null;
    if (this.serverKeyErrors.has(rowId)) return DUPLICATE_SERVER_KEY;
    const key = this.keyOfRow.get(rowId);
    return key !== undefined && (this.rowsOfKey.get(key)?.size ?? 0) > 1 ? VALIDATION_MESSAGES.duplicateKey : null;
  }

  /** True when a cell of the row is invalid (its key a duplicate included). */
  rowInvalid(rowId: string): boolean {
    return (this.cellErrors.get(rowId)?.size ?? 0) > 0 || (this.keyColumns.length > 0 && this.errorOf(rowId, this.keyColumns[0].id) !== null);
  }

  /** True when an R row (a row loaded and not changed) holds this key (a `keyOf` string). */
  unchangedRowHolds(stateOf: (rowId: string) => string | null, key: string): boolean {
    for (const id of this.rowsOfKey.get(key) ?? []) if (stateOf(id) === 'R') return true;
    return false;
  }

  /** Every error, sorted by row and column id so the stored result does not depend on the order of edits. */
  errors(): ValidationError[] {
    const out: ValidationError[] = [];
    for (const [rowId, cols] of this.cellErrors) for (const [colId, message] of cols) out.push({ rowId, colId, message });
    const first = this.keyColumns[0];
    if (first) {
      const keyed = new Set(this.serverKeyErrors);
      for (const key of this.duplicated) for (const id of this.rowsOfKey.get(key)!) keyed.add(id);
      for (const rowId of keyed) {
        if (!this.cellErrors.get(rowId)?.has(first.id)) out.push({ rowId, colId: first.id, message: this.errorOf(rowId, first.id)! });
      }
    }
    return out.sort(compareValidationErrors);
  }

  /** The errors of one row, by column id. */
  errorsOfRow(rowId: string): ValidationError[] {
    const out: ValidationError[] = [];
    const cols = this.cellErrors.get(rowId);
    if (cols) for (const [colId, message] of cols) out.push({ rowId, colId, message });
    const first = this.keyColumns[0];
    if (first && !cols?.has(first.id)) {
      const message = this.errorOf(rowId, first.id);
      if (message !== null) out.push({ rowId, colId: first.id, message });
    }
    return out.sort(compareValidationErrors);
  }

  /**
   * Writes every error as the result of `validationId` in `wrs:Header/wrs:ValidationResult` of `doc`: the result
   * rows of the data rows changed since the last store are replaced, the others stay (a one-cell edit costs the same
   * with 10 or 10,000 errors). Returns the stored result Wrs.
   */
  store(doc: Document, validationId: string): Element {
    const root = doc.documentElement!;
    if (this.stored?.validationId !== validationId) this.stored = new StoredValidationResult(validationId);
    const dirty = this.dirty;
    this.dirty = new Set();
    if (!dirty) return this.stored.replaceAll(root, this.errors());
    return this.stored.update(root, dirty, (id) => this.errorsOfRow(id), () => this.errors());
  }

  private markDirty(rowId: string): void {
    this.dirty?.add(rowId);
  }

  private addCellErrors(errors: readonly ValidationError[]): void {
    for (const e of errors) {
      let cols = this.cellErrors.get(e.rowId);
      if (!cols) this.cellErrors.set(e.rowId, (cols = new Map()));
      if (!cols.has(e.colId)) cols.set(e.colId, e.message);
    }
  }

  /** Moves a row in the key index to its key now (null: none, as a deleted row holds). */
  private updateKey(rowId: string, key: string | null): void {
    if (this.keyColumns.length === 0) return;
    const old = this.keyOfRow.get(rowId);
    if (old !== undefined) {
      const rows = this.rowsOfKey.get(old)!;
      rows.delete(rowId);
      // The row left alone with the key is valid again.
      if (rows.size === 1) for (const other of rows) this.markDirty(other);
      if (rows.size <= 1) this.duplicated.delete(old);
      if (rows.size === 0) this.rowsOfKey.delete(old);
      this.keyOfRow.delete(rowId);
    }
    this.indexKey(rowId, key);
  }

  /** Indexes a row's key (null: the row holds none, as a deleted row). */
  private indexKey(rowId: string, key: string | null): void {
    if (key === null) return;
    this.keyOfRow.set(rowId, key);
    let rows = this.rowsOfKey.get(key);
    if (!rows) this.rowsOfKey.set(key, (rows = new Set()));
    rows.add(rowId);
    // The row that held the key alone is a duplicate now.
    if (rows.size === 2) for (const other of rows) this.markDirty(other);
    if (rows.size > 1) this.duplicated.add(key);
  }
}

/** The key of a row: its key column values joined (lower case with `ignoreCase`); null cells count as their own value. */
export function keyOf(row: Element, keyColumns: readonly GridColumn[], ignoreCase: boolean): string {
  return keyOfValues(keyColumns.map((c) => {
    const cell = cellAt(row, c.pos);
    return cell ? cellValue(cell) : null;
  }), ignoreCase);
}

/** `keyOf` for the key column values of a row. */
export function keyOfValues(values: readonly (string | null)[], ignoreCase: boolean): string {
  const key = values.map((v) => v ?? '\u0000').join('\u0001');
  return ignoreCase ? key.toLowerCase() : key;
}
