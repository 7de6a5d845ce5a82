import { WrsError } from '../errors';
import { ELEMENT_NODE } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { cellAt, cellValue, isNumericType, rowState } from '../wrs/row-states';
import { WrsIndex } from '../wrs/wrs-index';

/** Decides whether a Wrs row passes a filter. */
export type RowPredicate = (row: Element) => boolean;

/** A filter function for one column: receives the cell value and the row; true keeps the row. */
export type ColumnFilterFunction = (value: string | null, row: Element) => boolean;

export interface CompileFilterOptions {
  /** Per column, a function that replaces the `f:Expression`s on that column (spec 2.1 `columnFiltersCustomFilter`). */
  custom?: Readonly<Record<string, ColumnFilterFunction>>;
}

/** The operators of `formats/filter-1.0.0.xsd` that a client can evaluate. */
export const FILTER_OPERATORS = ['=', '>', '>=', '<', '<=', '<>', '!=', 'like', 'notLike', 'in', 'notIn', 'bitand'] as const;

const truthy = (v: string | null) => v === 'true' || v === '1';

function likeRegExp(pattern: string, ignoreCase: boolean): RegExp {
  const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`, ignoreCase ? 'is' : 's');
}

function expressionPredicate(expr: Element, index: WrsIndex, options: CompileFilterOptions): RowPredicate {
  const bRef = expr.getAttribute('bRef');
  if (!bRef) throw new WrsError('INVALID_ARGUMENT', 'f:Expression without @bRef cannot be evaluated on the client', expr.getAttribute('op'));
  const column = index.column(bRef);
  if (!column) throw new WrsError('UNKNOWN_COLUMN', `Filter on unknown column "${bRef}"`, bRef);
  const pos = column.pos;
  const custom = options.custom?.[bRef];
  const valueOf = (row: Element) => {
    const cell = cellAt(row, pos);
    return cell ? cellValue(cell) : null;
  };
  if (custom) return (row) => custom(valueOf(row), row);

  const op = expr.getAttribute('op') ?? '=';
  if (!(FILTER_OPERATORS as readonly string[]).includes(op)) {
    throw new WrsError('INVALID_ARGUMENT', `Unknown filter operator "${op}"; allowed: ${FILTER_OPERATORS.join(' ')}`, op);
  }
  const value = expr.getAttribute('value') ?? '';
  const ignoreCase = truthy(expr.getAttribute('ic'));
  const numeric = isNumericType(column.element.getAttribute('type-name'));
  const fold = (s: string) => (ignoreCase ? s.toLowerCase() : s);
  const isNull = (v: string | null) => v === null || v === '';

  if (value === '' && (op === '=' || op === 'in')) return (row) => isNull(valueOf(row));
  if (value === '' && (op === '<>' || op === '!=' || op === 'notIn')) return (row) => !isNull(valueOf(row));

  switch (op) {
    case 'like':
    case 'notLike': {
      const re = likeRegExp(value, ignoreCase);
      const want = op === 'like';
      return (row) => {
        const v = valueOf(row);
        return v !== null && re.test(v) === want;
      };
    }
    case 'in':
    case 'notIn': {
      const items = value.split(',').map((v) => (numeric ? v.trim() : v));
      const set = new Set<string | number>(numeric ? items.map(Number) : items.map(fold));
      const want = op === 'in';
      return (row) => {
        const v = valueOf(row);
        if (isNull(v)) return false;
        return set.has(numeric ? Number(v) : fold(v!)) === want;
      };
    }
    case 'bitand': {
      const mask = Number(value);
      return (row) => {
        const v = valueOf(row);
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
      return (row) => {
        const v = valueOf(row);
        if (isNull(v)) return false;
        const c = compare(v!);
        return !Number.isNaN(c) && test(c);
      };
    }
  }
}

function connective(el: Element, index: WrsIndex, options: CompileFilterOptions, any: boolean): RowPredicate {
  const parts: RowPredicate[] = [];
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== ELEMENT_NODE || (c as Element).namespaceURI !== NS.f) continue;
    const child = c as Element;
    if (child.localName === 'And') parts.push(connective(child, index, options, false));
    else if (child.localName === 'Or') parts.push(connective(child, index, options, true));
    else if (child.localName === 'Expression') parts.push(expressionPredicate(child, index, options));
  }
  if (parts.length === 0) return any ? () => false : () => true;
  if (parts.length === 1) return parts[0];
  return any ? (row) => parts.some((p) => p(row)) : (row) => parts.every((p) => p(row));
}

/**
 * Compiles an `f:Filter` (or `f:And`/`f:Or`) into a row predicate: the same filter the server gets as SQL, evaluated
 * on the client. An empty `@value` means IS NULL; `like` uses `*` as wild card; `in` takes a comma-separated list.
 * Expressions with an empty or missing filter element keep every row.
 */
export function compileFilter(filter: Element | null, index: WrsIndex, options: CompileFilterOptions = {}): RowPredicate {
  if (!filter) return () => true;
  return connective(filter, index, options, filter.localName === 'Or');
}

/** The rows (deleted ones included, they stay visible until saved) that pass a filter, in document order. */
export function filterRows(index: WrsIndex, filter: Element | null, options: CompileFilterOptions = {}): Element[] {
  const keep = compileFilter(filter, index, options);
  const out: Element[] = [];
  for (const row of index.rows()) if (keep(row)) out.push(row);
  return out;
}

/** True when a row is deleted: filters and sorts keep them, the grid strikes them through. */
export function isDeletedRow(row: Element): boolean {
  return rowState(row) === 'D';
}
