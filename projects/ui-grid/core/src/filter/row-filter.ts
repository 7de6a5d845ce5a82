import { ownValue } from '../data-provider/own-keys';
import { WrsError } from '../errors';
import { ELEMENT_NODE } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { cellAt, cellValue, rowState } from '../rows/row-states';
import { WrsIndex } from '../rows/wrs-index';
import type { RowStore } from '../rows/row-store';
import { ColumnValues } from './column-values';
import { TypedValues, temporalSortKey, typedValues } from './typed-values';

/** Decides whether a Wrs row passes a filter. */
export type RowPredicate = (row: Element) => boolean;

/**
 * Internal form: the row and its 0-based position in `index.rows()` (or in a row store, with no element: null), so
 * kept column values can answer.
 */
type IndexedPredicate = (row: Element | null, i: number) => boolean;
type ValueAccessor = (pos: number) => (row: Element | null, i: number) => string | null;

const domAccessor: ValueAccessor = (pos) => (row) => {
  const cell = cellAt(row!, pos);
  return cell ? cellValue(cell) : null;
};

/** A filter function for one column: receives the cell value and the row; true keeps the row. */
export type ColumnFilterFunction = (value: string | null, row: Element) => boolean;

export interface CompileFilterOptions {
  /** Kept column values (aligned with `index.rows()`) to read instead of the DOM; see ColumnValues. */
  values?: ColumnValues;
  /** Per column, a function that replaces the `f:Expression`s on that column (spec 2.1 `columnFiltersCustomFilter`). */
  custom?: Readonly<Record<string, ColumnFilterFunction>>;
}

/** The operators of the filter format (`f:Expression/@op`) that a client can evaluate. */
export const FILTER_OPERATORS = ['=', '>', '>=', '<', '<=', '<>', '!=', 'like', 'notLike', 'in', 'notIn', 'bitand'] as const;

const truthy = (v: string | null) => v === 'true' || v === '1';

/**
 * `like` with `*` for any text, matched without a regular expression: the literal parts are found in order, each at
 * its first place after the one before (for `*` alone that first place is always right), so the cost grows with the
 * text, never exponentially as a backtracking `.*a.*a.*b` did. `fold` makes it case-insensitive when asked.
 */
function likeMatcher(pattern: string, fold: (s: string) => string): (value: string) => boolean {
  const parts = fold(pattern).split('*');
  if (parts.length === 1) return (value) => fold(value) === parts[0];
  const first = parts[0];
  const last = parts[parts.length - 1];
  const middle = parts.slice(1, -1).filter((part) => part !== '');
  return (raw) => {
    const value = fold(raw);
    if (!value.startsWith(first)) return false;
    let at = first.length;
    for (const part of middle) {
      const found = value.indexOf(part, at);
      if (found < 0) return false;
      at = found + part.length;
    }
    return value.length - last.length >= at && value.endsWith(last);
  };
}

function expressionPredicate(expr: Element, index: WrsIndex, options: CompileFilterOptions, access: ValueAccessor): IndexedPredicate {
  const bRef = expr.getAttribute('bRef');
  if (!bRef) throw new WrsError('INVALID_ARGUMENT', 'f:Expression without @bRef cannot be evaluated on the client', expr.getAttribute('op'));
  const column = index.column(bRef);
  if (!column) throw new WrsError('UNKNOWN_COLUMN', `Filter on unknown column "${bRef}"`, bRef);
  const pos = column.pos;
  const custom = ownValue(options.custom, bRef);
  const valueOf = access(pos);
  if (custom) return (row, i) => custom(valueOf(row, i), row!);

  const op = expr.getAttribute('op') ?? '=';
  if (!(FILTER_OPERATORS as readonly string[]).includes(op)) {
    throw new WrsError('INVALID_ARGUMENT', `Unknown filter operator "${op}"; allowed: ${FILTER_OPERATORS.join(' ')}`, op);
  }
  const value = expr.getAttribute('value') ?? '';
  const typeName = column.element.getAttribute('type-name');
  // As on the server: `ic` folds text columns only (a boolean's `like` matches its text as written).
  const typed = typedValues(typeName, truthy(expr.getAttribute('ic')));
  const ignoreCase = truthy(expr.getAttribute('ic')) && typed.kind === 'text';
  const fold = (s: string) => (ignoreCase ? s.toLowerCase() : s);
  const isNull = (v: string | null) => v === null || v === '';
  const keyOf = (text: string, what: string) => {
    // A filter value keeps its fraction of a second; cells compare to the second (as the server truncates them).
    const key = typed.kind === 'temporal' ? temporalSortKey(text) : typed.key(text);
    if (key === undefined) throw new WrsError('INVALID_ARGUMENT', `Filter value "${text}" on ${typed.kind === 'text' ? '' : `${typed.kind} `}column ${bRef} is no ${what}`, text);
    return key;
  };
  const what = typed.kind === 'number' ? 'number' : typed.kind === 'boolean' ? 'boolean' : 'date or timestamp';

  const bRef2 = expr.getAttribute('bRef2');
  if (bRef2) return columnComparison(op, bRef, bRef2, typed, valueOf, index, access);

  if (value === '' && (op === '=' || op === 'in')) return (row, i) => isNull(valueOf(row, i));
  if (value === '' && (op === '<>' || op === '!=' || op === 'notIn')) return (row, i) => !isNull(valueOf(row, i));

  switch (op) {
    case 'like':
    case 'notLike': {
      const matches = likeMatcher(value, fold);
      const want = op === 'like';
      // An empty text is an empty cell here too (as the server reads it): like and notLike pass it over.
      return (row, i) => {
        const v = valueOf(row, i);
        return !isNull(v) && matches(v!) === want;
      };
    }
    case 'in':
    case 'notIn': {
      // An empty item is NULL, as an empty @value is (and as the reference server reads it): `in` takes null cells
      // too, `notIn` never does. Items compare as values of the column's type (5 and 5.0, TRUE and 1 are equal).
      const items = value.split(',').map((v) => (typed.kind === 'text' ? v : v.trim()));
      const given = items.filter((v) => v !== '');
      const set = new Set<string>(given.map((v) => typed.keyText(keyOf(v, what))));
      const want = op === 'in';
      const nullWanted = want && given.length < items.length;
      return (row, i) => {
        const v = valueOf(row, i);
        if (isNull(v)) return nullWanted;
        const key = typed.key(v!);
        return key !== undefined && set.has(typed.keyText(key)) === want;
      };
    }
    case 'bitand': {
      // As BIGINT on the server: 64 bits, not JS's 32.
      const mask = BigInt.asIntN(64, integerOf(value, bRef));
      return (row, i) => {
        const v = valueOf(row, i);
        if (isNull(v) || !INTEGER.test(v!.trim())) return false;
        return (BigInt.asIntN(64, BigInt(v!.trim())) & mask) !== 0n;
      };
    }
    default: {
      const target = keyOf(value, what);
      const test = comparisonTest(op);
      return (row, i) => {
        const v = valueOf(row, i);
        if (isNull(v)) return false;
        const key = typed.key(v!);
        return key !== undefined && test(typed.compare(key, target));
      };
    }
  }
}

const INTEGER = /^[+-]?\d+$/;

function integerOf(value: string, bRef: string): bigint {
  if (!INTEGER.test(value.trim())) throw new WrsError('INVALID_ARGUMENT', `bitand on column ${bRef} takes an integer, got "${value}"`, value);
  return BigInt(value.trim());
}

function comparisonTest(op: string): (c: number) => boolean {
  return op === '=' ? (c) => c === 0
    : op === '>' ? (c) => c > 0
    : op === '>=' ? (c) => c >= 0
    : op === '<' ? (c) => c < 0
    : op === '<=' ? (c) => c <= 0
    : (c) => c !== 0;
}

/** `bRef op bRef2`: a row's value compared with its value of another column of the same kind (NULL matches nothing). */
function columnComparison(op: string, bRef: string, bRef2: string, typed: TypedValues, valueOf: (row: Element | null, i: number) => string | null, index: WrsIndex, access: ValueAccessor): IndexedPredicate {
  if (!['=', '<>', '!=', '<', '<=', '>', '>='].includes(op)) {
    throw new WrsError('INVALID_ARGUMENT', `Operator "${op}" cannot compare column ${bRef} with column ${bRef2}`, op);
  }
  const other = index.column(bRef2);
  if (!other) throw new WrsError('UNKNOWN_COLUMN', `Filter on unknown column "${bRef2}"`, bRef2);
  const otherTyped = typedValues(other.element.getAttribute('type-name'));
  if (otherTyped.kind !== typed.kind) {
    throw new WrsError('INVALID_ARGUMENT', `Columns ${bRef} (${typed.kind}) and ${bRef2} (${otherTyped.kind}) cannot be compared`, bRef2);
  }
  const otherOf = access(other.pos);
  const test = comparisonTest(op);
  return (row, i) => {
    const a = valueOf(row, i);
    const b = otherOf(row, i);
    if (a === null || a === '' || b === null || b === '') return false;
    const x = typed.key(a);
    const y = typed.key(b);
    return x !== undefined && y !== undefined && test(typed.compare(x, y));
  };
}

/** The predicate of an f:And / f:Or, or null when it holds no expression: then it is left out, as on the server. */
function connective(el: Element, index: WrsIndex, options: CompileFilterOptions, any: boolean, access: ValueAccessor): IndexedPredicate | null {
  const parts: IndexedPredicate[] = [];
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== ELEMENT_NODE || (c as Element).namespaceURI !== NS.f) continue;
    const child = c as Element;
    let part: IndexedPredicate | null = null;
    if (child.localName === 'And') part = connective(child, index, options, false, access);
    else if (child.localName === 'Or') part = connective(child, index, options, true, access);
    else if (child.localName === 'Expression') part = expressionPredicate(child, index, options, access);
    if (part) parts.push(part);
  }
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0];
  // Plain loops: a callback per row and part would allocate a closure for each of 100,000 rows.
  return any
    ? (row, i) => {
        for (let k = 0; k < parts.length; k++) if (parts[k](row, i)) return true;
        return false;
      }
    : (row, i) => {
        for (let k = 0; k < parts.length; k++) if (!parts[k](row, i)) return false;
        return true;
      };
}

/**
 * Compiles an `f:Filter` (or `f:And`/`f:Or`) into a row predicate: the same filter the server gets as SQL, evaluated
 * on the client. An empty `@value` means IS NULL; `like` uses `*` as wild card; `in` takes a comma-separated list.
 * Expressions with an empty or missing filter element keep every row.
 */
export function compileFilter(filter: Element | null, index: WrsIndex, options: CompileFilterOptions = {}): RowPredicate {
  if (!filter) return () => true;
  const keep = connective(filter, index, { ...options, values: undefined }, filter.localName === 'Or', domAccessor);
  return keep ? (row) => keep(row, -1) : () => true;
}

/**
 * The rows (deleted ones included, they stay visible until saved) that pass a filter, in document order. With
 * `options.values` the cells come from kept column values, so filtering again costs a few milliseconds.
 */
export function filterRows(index: WrsIndex, filter: Element | null, options: CompileFilterOptions = {}): Element[] {
  const rows = index.rows();
  if (!filter) return [...rows];
  // Without kept values, the columns the filter reads are read once each, whole, in one pass over the rows: reading
  // them cell by cell from the DOM for each row costs 2-3 times more (100,000 x 20, five expressions on four columns).
  const cache = options.values ?? ColumnValues.read(index, filterColumnIds(filter));
  const access: ValueAccessor = (pos) => {
    const values = cache.values(pos);
    return (_row, i) => values[i];
  };
  const keep = connective(filter, index, options, filter.localName === 'Or', access);
  if (!keep) return [...rows];
  const out: Element[] = [];
  for (let i = 0; i < rows.length; i++) if (keep(rows[i], i)) out.push(rows[i]);
  return out;
}

/**
 * `filterRows` over all rows of a row store (read to its end first), read from their entries without building an element (`index` is the
 * index of the store's document, for the columns): the 0-based store positions of the rows that pass, in order.
 * Each column the filter names is read once, whole (kept in `options.values` when given: a `ColumnValues` over the
 * store). A `custom` function gets no row element here: with one that takes the row (two parameters), filter the
 * document instead.
 */
export function filterStoreRows(store: RowStore, index: WrsIndex, filter: Element | null, options: CompileFilterOptions = {}): number[] {
  store.scan();
  const all = () => Array.from({ length: store.rowCount }, (_, r) => r);
  if (!filter) return all();
  for (const f of Object.values(options.custom ?? {})) {
    if (f.length > 1) throw new WrsError('INVALID_ARGUMENT', 'A custom filter function that takes the row cannot filter the rows of a row store', f.name);
  }
  const cache = options.values ?? new ColumnValues(index, store);
  const access: ValueAccessor = (pos) => {
    const values = cache.values(pos);
    return (_row, i) => values[i];
  };
  const keep = connective(filter, index, options, filter.localName === 'Or', access);
  if (!keep) return all();
  const out: number[] = [];
  for (let r = 0, n = store.rowCount; r < n; r++) if (keep(null, r)) out.push(r);
  return out;
}

/** True when a row is deleted: filters and sorts keep them, the grid strikes them through. */
export function isDeletedRow(row: Element): boolean {
  return rowState(row) === 'D';
}

/** The column ids a filter names (`@bRef`, `@bRef2`). */
function filterColumnIds(filter: Element): string[] {
  const ids: string[] = [];
  const visit = (el: Element) => {
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== ELEMENT_NODE || (c as Element).namespaceURI !== NS.f) continue;
      const child = c as Element;
      if (child.localName === 'Expression') {
        for (const name of ['bRef', 'bRef2']) {
          const id = child.getAttribute(name);
          if (id) ids.push(id);
        }
      } else visit(child);
    }
  };
  visit(filter);
  return ids;
}
