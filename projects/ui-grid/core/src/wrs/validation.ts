import { WrsError } from '../errors';
import { ELEMENT_NODE, firstChildElement } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { WrsIndex } from '../rows/wrs-index';
import type { WrsColumn } from '../rows/wrs-columns';
import { cellValue, hasCellShape } from '../rows/row-states';
import { referenceValues } from '../rows/new-rows';
import { pushAll } from './push-all';
import type { ValidationError } from './validation-result';
import type { RowStore } from '../rows/row-store';

/** What a cell check returns: null when valid, else the message (key) of the error. */
export type CellValidationResult = { validationMessage: string } | null | undefined;

/** `wrsValidation`'s `cellValidation`: the check per cell and which header columns it covers (all when absent). */
export interface CellValidation {
  func: (wrsC: Element, wrsHeaderC: Element) => CellValidationResult;
  bRefSelector?: (header: Element) => ArrayLike<Element> | Iterable<Element>;
}

/** Options of the built-in validation. */
export interface ValidateWrsOptions {
  /** Compare key values case-insensitively (the grid's `ignoreKeyCase`). */
  ignoreKeyCase?: boolean;
}

/** A validation the library runs by name (the spec's stylesheet url): errors of a Wrs. */
export type WrsValidator = (index: WrsIndex, options: ValidateWrsOptions & Record<string, unknown>) => ValidationError[];

/** Message keys of the built-in validation. */
export const VALIDATION_MESSAGES = {
  notNull: 'ui_ValidationError_NotNull',
  integer: 'ui_ValidationError_Integer',
  decimal: 'ui_ValidationError_Decimal',
  scale: 'ui_ValidationError_Scale',
  date: 'ui_ValidationError_Date',
  timestamp: 'ui_ValidationError_Timestamp',
  boolean: 'ui_ValidationError_Boolean',
  tooLong: 'ui_ValidationError_StringTooLong',
  notInReferences: 'ui_ValidationError_NotInReferenceList',
  duplicateKey: 'ui_ValidationError_DuplicateKey',
} as const;

/** Name of the built-in validation: the spec's default `stylesheetUrl` of `validateModel`. */
export const DEFAULT_VALIDATION = 'xslt/validate/validateWrs.xslt';

/**
 * Calls `check(cell, position)` for the cells of positions `wanted` (1-based, sorted) of every row that is not
 * deleted, walking the row's children once (the `wrs:O` of M rows skipped).
 */
function forEachCell(
  index: WrsIndex,
  wanted: readonly number[],
  check: (row: Element, cell: Element, k: number) => void,
  rows: Iterable<Element> = index.rows(),
): void {
  const last = wanted[wanted.length - 1];
  const width = index.columns().length;
  for (const row of rows) {
    if (row.localName === 'D') continue;
    const plain = hasCellShape(row, width);
    let pos = 0;
    let k = 0;
    for (let c = row.firstChild; c && k < wanted.length; c = c.nextSibling) {
      if (c.nodeType !== ELEMENT_NODE || (c as Element).localName !== 'C' || (!plain && (c as Element).namespaceURI !== NS.wrs)) continue;
      pos++;
      if (pos === wanted[k]) check(row, c as Element, k++);
      if (pos >= last) break;
    }
  }
}

/**
 * Errors of a custom cell check over the rows that are not deleted (spec 4.3 `wrsValidation`): the index's rows, or
 * the rows `rows` gives (asked for once a column is to be checked).
 */
export function validateCells(index: WrsIndex, validation: CellValidation, rows?: () => Iterable<Element>): ValidationError[] {
  if (typeof validation?.func !== 'function') {
    throw new WrsError('INVALID_ARGUMENT', 'wrsValidation needs cellValidation.func', validation);
  }
  let columns: readonly WrsColumn[] = index.columns();
  if (validation.bRefSelector) {
    const header = firstChildElement(index.root, NS.wrs, 'Header');
    const selected = header ? Array.from(validation.bRefSelector(header) as ArrayLike<Element>) : [];
    const chosen = new Set(selected);
    columns = columns.filter((c) => chosen.has(c.element));
  }
  if (columns.length === 0) return [];
  const wanted = columns.map((c) => c.pos);
  const errors: ValidationError[] = [];
  forEachCell(index, wanted, (row, cell, k) => {
    const result = validation.func(cell, columns[k].element);
    if (result) errors.push({ rowId: row.getAttribute('id') ?? '', colId: columns[k].id, message: String(result.validationMessage) });
  }, rows?.());
  return errors;
}

const INTEGER_TYPES = new Set(['INTEGER', 'BIGINT', 'SMALLINT', 'TINYINT']);
const DECIMAL_TYPES = new Set(['NUMERIC', 'DECIMAL']);
const FLOAT_TYPES = new Set(['DOUBLE', 'FLOAT', 'REAL']);
const CHAR_TYPES = new Set(['CHAR', 'VARCHAR', 'NCHAR', 'NVARCHAR', 'LONGVARCHAR', 'LONGNVARCHAR']);
const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const FLOAT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
// Besides ISO dates: an era after the date and years past 9999, and the endless dates and the special numbers, as
// PostgreSQL holds and the reference server answers them (a row holding one must still be savable).
const DATE = /^(\d{4,7})-(\d{2})-(\d{2})( BC)?$/;
const TIMESTAMP = /^(\d{4,7})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:(\d{2})(\.\d{1,9})?)?( BC)?$/;
const ENDLESS = new Set(['infinity', '-infinity']);
const SPECIAL_NUMBERS = new Set(['NaN', 'Infinity', '-Infinity']);
const BOOLEAN = new Set(['true', 'false', '1', '0']);

/** A day of the proleptic Gregorian calendar; with an era, year 1 BC is the leap year 0 (there is no year 0). */
function validDate(y: string, m: string, d: string, era?: string): boolean {
  const month = Number(m);
  const day = Number(d);
  const year = era ? 1 - Number(y) : Number(y);
  if (Number(y) === 0 || month < 1 || month > 12 || day < 1) return false;
  const last = new Date(Date.UTC(2000, month, 0));
  last.setUTCFullYear(year, month, 0);
  return day <= last.getUTCDate();
}

/** The check of one column's non-null values: the message key of the first rule broken, or null. */
function valueCheck(column: WrsColumn): ((v: string) => string | null) | null {
  const el = column.element;
  const type = (el.getAttribute('type-name') ?? '').toUpperCase();
  const checks: ((v: string) => string | null)[] = [];
  if (INTEGER_TYPES.has(type)) checks.push((v) => (INTEGER.test(v) ? null : VALIDATION_MESSAGES.integer));
  else if (DECIMAL_TYPES.has(type)) {
    const scale = el.hasAttribute('scale') ? Number(el.getAttribute('scale')) : NaN;
    checks.push((v) => {
      if (SPECIAL_NUMBERS.has(v)) return null;
      if (!DECIMAL.test(v)) return VALIDATION_MESSAGES.decimal;
      const dot = v.indexOf('.');
      return Number.isInteger(scale) && dot >= 0 && v.length - dot - 1 > scale ? VALIDATION_MESSAGES.scale : null;
    });
  } else if (FLOAT_TYPES.has(type)) checks.push((v) => (FLOAT.test(v) || SPECIAL_NUMBERS.has(v) ? null : VALIDATION_MESSAGES.decimal));
  else if (type === 'DATE') {
    checks.push((v) => {
      if (ENDLESS.has(v)) return null;
      const m = DATE.exec(v);
      return m && validDate(m[1], m[2], m[3], m[4]) ? null : VALIDATION_MESSAGES.date;
    });
  } else if (type === 'TIMESTAMP') {
    checks.push((v) => {
      if (ENDLESS.has(v)) return null;
      const m = TIMESTAMP.exec(v);
      const ok = m && validDate(m[1], m[2], m[3], m[9]) && Number(m[4]) < 24 && Number(m[5]) < 60 && (m[7] === undefined || Number(m[7]) < 60);
      return ok ? null : VALIDATION_MESSAGES.timestamp;
    });
  } else if (type === 'BOOLEAN') checks.push((v) => (BOOLEAN.has(v) ? null : VALIDATION_MESSAGES.boolean));
  const size = Number(el.getAttribute('display-size'));
  if (CHAR_TYPES.has(type) && size > 0) checks.push((v) => (v.length > size ? VALIDATION_MESSAGES.tooLong : null));
  const refs = referenceValues(el);
  if (refs.length > 0) {
    const allowed = new Set(refs);
    checks.push((v) => (allowed.has(v) ? null : VALIDATION_MESSAGES.notInReferences));
  }
  if (checks.length === 0) return null;
  if (checks.length === 1) return checks[0];
  return (v) => {
    for (const check of checks) {
      const message = check(v);
      if (message) return message;
    }
    return null;
  };
}

function isTrue(value: string | null): boolean {
  return value === 'true' || value === '1';
}

/**
 * The cell rules of the built-in validation (no key uniqueness) over some rows, deleted ones left out, so a grid
 * re-checks only the rows a change set touched; all rows when `rows` is absent. With `positions` (1-based column
 * positions), only the cells of those columns: a write of one column re-checks one cell per row.
 */
export function validateWrsCells(index: WrsIndex, rows: readonly Element[] = index.rows(), positions?: ReadonlySet<number>): ValidationError[] {
  const errors: ValidationError[] = [];
  const { checked, rules } = cellRules(index, positions);
  if (checked.length === 0) return errors;
  forEachCell(index, checked.map((c) => c.pos), (row, cell, k) => {
    const message = ruleMessage(rules[k], cellValue(cell));
    if (message) errors.push({ rowId: row.getAttribute('id') ?? '', colId: checked[k].id, message });
  }, rows);
  return errors;
}

/**
 * `validateWrsCells` over the rows [first, last) of a row store, read from their entries without building an element
 * (`index` is the index of the store's document, for the columns). A cell missing from a row reads as null.
 */
export function validateStoreCells(store: RowStore, index: WrsIndex, first: number, last: number): ValidationError[] {
  return validateStoreRows(store, index, { length: last - first, at: (k) => first + k });
}

/**
 * `validateStoreCells` over rows of a store at the positions `rows` gives, in the columns at `positions` only (all
 * without): the cells a write changed. With `onlyPresent`, a cell missing from a row is not checked, as on a document.
 */
export function validateStoreRows(store: RowStore, index: WrsIndex, rows: StorePositions, positions?: ReadonlySet<number>, onlyPresent = false): ValidationError[] {
  const errors: ValidationError[] = [];
  const { checked, rules } = cellRules(index, positions);
  if (checked.length === 0) return errors;
  // Several columns of a row are read in one pass over it; one column alone is cut out.
  const last = checked.length > 1 ? Math.max(...checked.map((c) => c.pos)) : 0;
  for (let k = 0; k < rows.length; k++) {
    const r = rows.at(k)!;
    if (store.state(r) === 'D') continue;
    const values = last > 0 ? store.cellValues(r, last) : null;
    const present = onlyPresent ? store.cellCount(r) : Infinity;
    for (let c = 0; c < checked.length; c++) {
      if (checked[c].pos > present) continue;
      const message = ruleMessage(rules[c], values ? values[checked[c].pos - 1] : store.cellValue(r, checked[c].pos));
      if (message) errors.push({ rowId: store.id(r) ?? '', colId: checked[c].id, message });
    }
  }
  return errors;
}

/** Row positions of a store, in the order checked: an array, or a range given by `at`. */
export interface StorePositions {
  readonly length: number;
  at(k: number): number | undefined;
}

interface CellRule {
  readonly notNull: boolean;
  readonly check: ((v: string) => string | null) | null;
}

/** The columns the built-in cell rules check, and their rules. */
function cellRules(index: WrsIndex, positions?: ReadonlySet<number>): { checked: WrsColumn[]; rules: CellRule[] } {
  const checked: WrsColumn[] = [];
  const rules: CellRule[] = [];
  for (const c of index.columns()) {
    if (positions && !positions.has(c.pos)) continue;
    const rule = { notNull: c.element.getAttribute('nullable') === '0', check: valueCheck(c) };
    if (!rule.notNull && !rule.check) continue;
    checked.push(c);
    rules.push(rule);
  }
  return { checked, rules };
}

function ruleMessage(rule: CellRule, value: string | null): string | null {
  if (value === null || value === '') return rule.notNull ? VALIDATION_MESSAGES.notNull : null;
  return rule.check ? rule.check(value) : null;
}

/**
 * The built-in validation (registered as `xslt/validate/validateWrs.xslt`) over the rows that are not deleted:
 * type (integer, decimal with scale, date, timestamp, boolean), `nullable="0"`, `display-size` of character
 * columns, membership in `wrs:References`, and uniqueness over the `isKey` columns.
 */
export function validateWrs(index: WrsIndex, options: ValidateWrsOptions = {}): ValidationError[] {
  const columns = index.columns();
  const errors = validateWrsCells(index);
  const keys = columns.filter((c) => isTrue(c.element.getAttribute('isKey')));
  if (keys.length > 0) pushAll(errors, duplicateKeys(index, keys, !!options.ignoreKeyCase));
  return errors;
}

/** One error per row whose key values another row (not deleted) shares, on the first key column. */
function duplicateKeys(index: WrsIndex, keys: readonly WrsColumn[], ignoreCase: boolean): ValidationError[] {
  const seen = new Map<string, Element[]>();
  const parts: string[] = new Array(keys.length);
  forEachCell(index, keys.map((c) => c.pos), (row, cell, k) => {
    const value = cellValue(cell);
    parts[k] = value === null ? '\u0001' : ignoreCase ? value.toLowerCase() : value;
    if (k < keys.length - 1) return;
    const key = parts.join('\u0000');
    const rows = seen.get(key);
    if (rows) rows.push(row);
    else seen.set(key, [row]);
  });
  const errors: ValidationError[] = [];
  for (const rows of seen.values()) {
    if (rows.length < 2) continue;
    for (const row of rows) errors.push({ rowId: row.getAttribute('id') ?? '', colId: keys[0].id, message: VALIDATION_MESSAGES.duplicateKey });
  }
  return errors;
}

/** The built-in validation as registered under `DEFAULT_VALIDATION`: a row store's entries are checked by `validateStoreWrs`. */
export const builtInValidation: WrsValidator = (index, options) => validateWrs(index, options);

const validators = new Map<string, WrsValidator>([[DEFAULT_VALIDATION, builtInValidation]]);

/** Registers a validation under a name (a `stylesheetUrl` of `validateModel`); the newest registration wins. */
export function registerValidation(name: string, validator: WrsValidator): void {
  validators.set(name, validator);
}

/** The validation registered under a name, or null. */
export function validationFor(name: string): WrsValidator | null {
  return validators.get(name) ?? null;
}
