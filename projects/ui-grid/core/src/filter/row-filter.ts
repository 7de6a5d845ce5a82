import { ownValue } from '../data-provider/own-keys';
import { WrsError } from '../errors';
import { ELEMENT_NODE } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { cellAt, cellValue, isNumericType, rowState } from '../wrs/row-states';
import { WrsIndex } from '../wrs/wrs-index';
import { ColumnValues } from './column-values';

/** Decides whether a Wrs row passes a filter. */
export type RowPredicate = (row: Element) => boolean;

/** Internal form: the row and its 0-based position in `index.rows()`, so kept column values can answer. */
type IndexedPredicate = (row: Element, i: number) => boolean;
type ValueAccessor = (pos: number) => (row: Element, i: number) => string | null;

const domAccessor: ValueAccessor = (pos) => (row) => {
  const cell = cellAt(row, pos);
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

/** The operators of `formats/filter-1.0.0.xsd` that a client can evaluate. */
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
  if (custom) return (row, i) => custom(valueOf(row, i), row);

  const op = expr.getAttribute('op') ?? '=';
  if (!(FILTER_OPERATORS as readonly string[]).includes(op)) {
    throw new WrsError('INVALID_ARGUMENT', `Unknown filter operator "${op}"; allowed: ${FILTER_OPERATORS.join(' ')}`, op);
  }
  const value = expr.getAttribute('value') ?? '';
  const ignoreCase = truthy(expr.getAttribute('ic'));
  const numeric = isNumericType(column.element.getAttribute('type-name'));
  const fold = (s: string) => (ignoreCase ? s.toLowerCase() : s);
  const isNull = (v: string | null) => v === null || v === '';

  if (value === '' && (op === '=' || op === 'in')) return (row, i) => isNull(valueOf(row, i));
  if (value === '' && (op === '<>' || op === '!=' || op === 'notIn')) return (row, i) => !isNull(valueOf(row, i));

  switch (op) {
    case 'like':
    case 'notLike': {
      const matches = likeMatcher(value, fold);
      const want = op === 'like';
      return (row, i) => {
        const v = valueOf(row, i);
        return v !== null && matches(v) === want;
      };
    }
    case 'in':
    case 'notIn': {
      // An empty item is NULL, as an empty @value is (and as the reference server reads it): `in` takes null cells
      // too, `notIn` never does.
      const items = value.split(',').map((v) => (numeric ? v.trim() : v));
      const given = items.filter((v) => v !== '');
      const set = new Set<string | number>(numeric ? given.map(Number) : given.map(fold));
      const want = op === 'in';
      const nullWanted = want && given.length < items.length;
      return (row, i) => {
        const v = valueOf(row, i);
        if (isNull(v)) return nullWanted;
        return set.has(numeric ? Number(v) : fold(v!)) === want;
      };
    }
    case 'bitand': {
      const mask = Number(value);
      return (row, i) => {
        const v = valueOf(row, i);
        return !isNull(v) && (Number(v) & mask) !== 0;
      };
    }
    default: {
      const compare = numeric
        ? (() => {
            const target = Number(value);
            if (Number.isNaN(target)) throw new WrsError('INVALID_ARGUMENT', `Filter value "${value}" on numeric column ${bRef} is no number`, value);
            return (v: string) => Number(v) - target;
          })()
        : (() => {
            const target = fold(value);
            return (v: string) => {
              const f = fold(v);
              return f < target ? -1 : f > target ? 1 : 0;
            };
          })();
      const test: (c: number) => boolean =
        op === '=' ? (c) => c === 0
        : op === '>' ? (c) => c > 0
        : op === '>=' ? (c) => c >= 0
        : op === '<' ? (c) => c < 0
        : op === '<=' ? (c) => c <= 0
        : (c) => c !== 0;
      return (row, i) => {
        const v = valueOf(row, i);
        if (isNull(v)) return false;
        const c = compare(v!);
        return !Number.isNaN(c) && test(c);
      };
    }
  }
}

function connective(el: Element, index: WrsIndex, options: CompileFilterOptions, any: boolean, access: ValueAccessor): IndexedPredicate {
  const parts: IndexedPredicate[] = [];
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== ELEMENT_NODE || (c as Element).namespaceURI !== NS.f) continue;
    const child = c as Element;
    if (child.localName === 'And') parts.push(connective(child, index, options, false, access));
    else if (child.localName === 'Or') parts.push(connective(child, index, options, true, access));
    else if (child.localName === 'Expression') parts.push(expressionPredicate(child, index, options, access));
  }
  if (parts.length === 0) return any ? () => false : () => true;
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
  return (row) => keep(row, -1);
}

/**
 * The rows (deleted ones included, they stay visible until saved) that pass a filter, in document order. With
 * `options.values` the cells come from kept column values, so filtering again costs a few milliseconds.
 */
export function filterRows(index: WrsIndex, filter: Element | null, options: CompileFilterOptions = {}): Element[] {
  const rows = index.rows();
  if (!filter) return [...rows];
  const cache = options.values;
  const access: ValueAccessor = cache ? (pos) => {
    const values = cache.values(pos);
    return (_row, i) => values[i];
  } : domAccessor;
  const keep = connective(filter, index, options, filter.localName === 'Or', access);
  const out: Element[] = [];
  for (let i = 0; i < rows.length; i++) if (keep(rows[i], i)) out.push(rows[i]);
  return out;
}

/** True when a row is deleted: filters and sorts keep them, the grid strikes them through. */
export function isDeletedRow(row: Element): boolean {
  return rowState(row) === 'D';
}
