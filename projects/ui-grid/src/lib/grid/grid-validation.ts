import { WrsIndex, cellAt, cellValue } from 'ngx-wrs-grid/core';
import { GridColumn } from './grid-column';

/** One invalid cell. */
export interface CellError {
  readonly rowId: string;
  readonly colId: string;
  readonly message: string;
}

/** What a validation step sees: the Wrs, the rows to check (null: all), the grid's columns and `validationParameters`. */
export interface ValidationContext {
  readonly wrs: Document;
  readonly rowIds: readonly string[] | null;
  readonly columns: readonly GridColumn[];
  readonly parameters: Readonly<Record<string, unknown>>;
}

/** A validation step of `validationChain`: returns the invalid cells among the rows it was given. */
export type ValidationStep = (context: ValidationContext) => CellError[];

/** The built-in cell check: required values, numbers, dates and reference values. */
export function cellError(column: GridColumn, value: string | null): string | null {
  if (value === null || value === '') return column.nullable ? null : `${column.caption} needs a value`;
  if (column.numeric && !Number.isFinite(Number(value))) return `${column.caption}: "${value}" is not a number`;
  if (column.typeName === 'DATE' && !/^\d{4}-\d{2}-\d{2}/.test(value)) return `${column.caption}: "${value}" is not a date (YYYY-MM-DD)`;
  if (column.references && !column.references.values.includes(value)) return `${column.caption}: "${value}" is not an allowed value`;
  return null;
}

/** The default `validationChain`: `cellError` on every shown cell of the rows, deleted rows left out. */
export const builtInValidation: ValidationStep = ({ wrs, rowIds, columns }) => {
  const index = WrsIndex.of(wrs);
  const rows = rowIds ? rowIds.map((id) => index.rowById(id)).filter((r): r is Element => r !== null) : index.rows();
  const errors: CellError[] = [];
  for (const row of rows) {
    if (row.localName === 'D') continue;
    const values = rowValues(row);
    const rowId = row.getAttribute('id') ?? '';
    for (const column of columns) {
      const message = cellError(column, values[column.pos - 1] ?? null);
      if (message !== null) errors.push({ rowId, colId: column.id, message });
    }
  }
  return errors;
};

/** The `wrs:C` values of a row by position (null for `wrs:null`). */
export function rowValues(row: Element): (string | null)[] {
  const out: (string | null)[] = [];
  for (let c = row.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== 1 || (c as Element).localName !== 'C') continue;
    const cell = c as Element;
    const first = cell.firstChild;
    out.push(first && first.nodeType === 1 && (first as Element).localName === 'null' ? null : cell.textContent ?? '');
  }
  return out;
}

/**
 * The grid's validation state, kept up to date per change set at a cost that grows with the rows changed:
 * cell errors from the validation chain, plus `isKey` uniqueness (deleted rows do not count; `ignoreKeyCase`).
 */
export class GridValidation {
  private readonly cellErrors = new Map<string, Map<string, string>>();
  private readonly keyOfRow = new Map<string, string>();
  private readonly rowsOfKey = new Map<string, Set<string>>();
  private readonly keyColumns: GridColumn[];

  constructor(
    private readonly columns: readonly GridColumn[],
    private readonly steps: readonly ValidationStep[],
    private readonly parameters: Readonly<Record<string, unknown>>,
    private readonly ignoreKeyCase: boolean,
  ) {
    this.keyColumns = columns.filter((c) => c.isKey);
  }

  /** Number of invalid cells. */
  get count(): number {
    return this.errorCells().length;
  }

  /** Forgets every result and indexes the keys of all rows; the cell checks follow through `validateRows`. */
  reset(wrs: Document): void {
    this.cellErrors.clear();
    this.keyOfRow.clear();
    this.rowsOfKey.clear();
    if (this.keyColumns.length === 0) return;
    for (const row of WrsIndex.of(wrs).rows()) this.updateKey(row.getAttribute('id') ?? '', row);
  }

  /** Validates the rows of a change set again (rows gone from the document drop their errors). */
  validateRows(wrs: Document, rowIds: readonly string[]): void {
    const index = WrsIndex.of(wrs);
    for (const id of rowIds) {
      this.updateKey(id, index.rowById(id));
      this.cellErrors.delete(id);
    }
    this.apply(wrs, rowIds);
  }

  /** The message of an invalid cell, or null. */
  errorOf(rowId: string, colId: string): string | null {
    const message = this.cellErrors.get(rowId)?.get(colId);
    if (message !== undefined) return message;
    if (this.keyColumns.length === 0) return null;
    const key = this.keyOfRow.get(rowId);
    if (key === undefined || (this.rowsOfKey.get(key)?.size ?? 0) < 2) return null;
    const column = this.keyColumns.find((c) => c.id === colId);
    return column ? `Key ${this.keyColumns.map((c) => c.caption).join(', ')} is not unique` : null;
  }

  /** Every invalid cell as [rowId, colId]. */
  errorCells(): [string, string][] {
    const out: [string, string][] = [];
    for (const [rowId, cols] of this.cellErrors) for (const colId of cols.keys()) out.push([rowId, colId]);
    for (const rows of this.rowsOfKey.values()) {
      if (rows.size < 2) continue;
      for (const rowId of rows) for (const c of this.keyColumns) if (!this.cellErrors.get(rowId)?.has(c.id)) out.push([rowId, c.id]);
    }
    return out;
  }

  private apply(wrs: Document, rowIds: readonly string[] | null): void {
    for (const step of this.steps) {
      for (const e of step({ wrs, rowIds, columns: this.columns, parameters: this.parameters })) {
        let cols = this.cellErrors.get(e.rowId);
        if (!cols) this.cellErrors.set(e.rowId, (cols = new Map()));
        cols.set(e.colId, e.message);
      }
    }
  }

  private updateKey(rowId: string, row: Element | null): void {
    if (this.keyColumns.length === 0) return;
    const old = this.keyOfRow.get(rowId);
    if (old !== undefined) {
      const rows = this.rowsOfKey.get(old)!;
      rows.delete(rowId);
      if (rows.size === 0) this.rowsOfKey.delete(old);
      this.keyOfRow.delete(rowId);
    }
    if (!row || row.localName === 'D') return;
    let key = this.keyColumns.map((c) => keyPart(cellAt(row, c.pos))).join('\u0001');
    if (this.ignoreKeyCase) key = key.toLowerCase();
    this.keyOfRow.set(rowId, key);
    let rows = this.rowsOfKey.get(key);
    if (!rows) this.rowsOfKey.set(key, (rows = new Set()));
    rows.add(rowId);
  }
}

function keyPart(cell: Element | null): string {
  return cell ? cellValue(cell) ?? '\u0000' : '\u0000';
}
