import { NS } from 'ngx-wrs-grid/core';
import { childElements } from '../../ui-grid/core/src/xml/dom';
import { BindingSet, ColumnBinding, SqlType } from './binding-sets';
import { badRequest } from './http-error';
import { SqlParams, columnSql, shownPrecisionSql } from './sql-params';
import { isIntegerType, isTextType, selectText, sqlValue } from './sql-values';

/** The comparison operators of filter-1.0.0.xsd (TypeSQLOperators) and their SQL. */
const COMPARISONS: Readonly<Record<string, string>> = { '=': '=', '>': '>', '>=': '>=', '<': '<', '<=': '<=', '<>': '<>', '!=': '<>' };
const SPATIAL = new Set(['spatContains', 'spatContained', 'spatIntersect']);
/** `in` lists longer than this are refused, so one request cannot make a statement of unbounded size. */
export const MAX_IN_VALUES = 1000;
/** Deepest nesting of f:And / f:Or: the SQL is built by recursion, and the database has a limit of its own. */
export const MAX_FILTER_DEPTH = 64;
/** Most values one filter may bind (PostgreSQL takes at most 65,535 parameters per statement). */
export const MAX_FILTER_VALUES = 10_000;

function resolve(set: BindingSet, bRef: string | null, what: string): ColumnBinding {
  if (!bRef) throw badRequest(`f:Expression needs @${what}`);
  const column = set.byId.get(bRef);
  if (!column) throw badRequest(`Unknown column "${bRef}" in f:Expression/@${what} (binding set ${set.id})`);
  return column;
}

function attr(el: Element, name: string): string | null {
  return el.hasAttribute(name) ? el.getAttribute(name) : null;
}

/**
 * A column's SQL for filters and ordering: an empty text is NULL there, as the grid shows and filters it (an empty
 * cell either way), so a filter or an order finds the same rows on server pages as on client pages.
 */
export function emptyAsNull(column: ColumnBinding, sql: string): string {
  return isTextType(column.type) ? `NULLIF(${sql}, '')` : sql;
}

/**
 * A condition on a column's value that holds for no NULL: on a text column also for no empty text, as
 * `emptyAsNull` reads it. Written with the plain column and `col <> ''` beside it, not through `NULLIF`, so that
 * the database can use an index on the column (or on `lower(col)`) for the condition.
 */
function whenNotEmpty(column: ColumnBinding, col: string, condition: string): string {
  return isTextType(column.type) ? `(${condition} AND ${col} <> '')` : condition;
}

/** `col IS NULL` as `emptyAsNull` reads it (an empty text too), in a form an index can serve. */
function isEmpty(column: ColumnBinding, col: string): string {
  return isTextType(column.type) ? `(${col} IS NULL OR ${col} = '')` : `${col} IS NULL`;
}

/** `col IS NOT NULL` as `emptyAsNull` reads it. */
function isNotEmpty(column: ColumnBinding, col: string): string {
  return isTextType(column.type) ? `${col} <> ''` : `${col} IS NOT NULL`;
}

/** `lower(x)` for case-insensitive text comparisons. */
function folded(sql: string, ic: boolean): string {
  return ic ? `lower(${sql})` : sql;
}

/**
 * A filter value as a parameter of the column's type. CHAR values compare as BPCHAR, trailing blanks insignificant, as
 * the column does: a TEXT parameter would make `=` and a one-item `in` compare as text, a longer `in` list as BPCHAR.
 */
function filterValue(column: ColumnBinding, params: SqlParams, value: string | null): string {
  return column.type === 'CHAR' ? `CAST(${params.add(value)} AS BPCHAR)` : params.typed(column, value);
}

/**
 * The text `like` matches: what answers show. CHAR without its padding, dates and timestamps in the answers' format
 * (`T` between date and time), other types as PostgreSQL writes them.
 */
function likeTarget(column: ColumnBinding, col: string): string {
  if (column.type === 'CHAR') return `CAST(${col} AS TEXT)`;
  if (isTextType(column.type)) return col;
  return selectText(column, columnSql(column));
}

/** Which column types compare with each other (`@bRef2`): PostgreSQL has no operator between the families. */
function typeFamily(type: SqlType): string {
  if (isTextType(type)) return 'text';
  if (type === 'DATE' || type === 'TIMESTAMP') return 'time';
  if (type === 'BOOLEAN') return 'boolean';
  return 'number';
}

/** `*` is the filter schema's wildcard; `%`, `_` and `\` in the value are literal. */
export function likePattern(value: string): string {
  return value.replace(/[\\%_]/g, (c) => '\\' + c).replace(/\*/g, '%');
}

function expressionSql(el: Element, set: BindingSet, params: SqlParams): string {
  const column = resolve(set, attr(el, 'bRef'), 'bRef');
  const op = attr(el, 'op') ?? '=';
  const icAttr = attr(el, 'ic');
  if (icAttr !== null && !['true', 'false', '1', '0'].includes(icAttr)) throw badRequest(`f:Expression/@ic must be a boolean, got "${icAttr}"`);
  const ic = (icAttr === 'true' || icAttr === '1') && isTextType(column.type);
  // Timestamps compare to the second, the precision answers carry: a filter on a value as shown finds its row. An
  // empty text is an empty cell (`emptyAsNull`): conditions on values leave it out, IS NULL takes it.
  const col = shownPrecisionSql(column, columnSql(column));
  if (SPATIAL.has(op)) throw badRequest(`Operator "${op}" needs a spatial database; this server has none`);
  if (childElements(el).length > 0) throw badRequest('f:Expression with wrq:Calc is not supported by this server');
  const bRef2 = attr(el, 'bRef2');
  if (bRef2 !== null) {
    const other = resolve(set, bRef2, 'bRef2');
    const sqlOp = COMPARISONS[op];
    if (!sqlOp) throw badRequest(`Operator "${op}" cannot compare two columns`);
    if (typeFamily(column.type) !== typeFamily(other.type)) {
      throw badRequest(`Columns ${column.id} (${column.type}) and ${other.id} (${other.type}) cannot be compared: their types differ`);
    }
    const otherCol = shownPrecisionSql(other, columnSql(other));
    // CHAR beside another text type compares as text (its padding dropped), as the client compares them; left as
    // they are, PostgreSQL would compare the other side as CHAR, trailing blanks insignificant ('ab' = 'ab ').
    const mixed = (column.type === 'CHAR') !== (other.type === 'CHAR');
    const asText = (c: ColumnBinding, sql: string) => (mixed && c.type === 'CHAR' ? `CAST(${sql} AS TEXT)` : sql);
    const condition = `${folded(asText(column, col), ic)} ${sqlOp} ${folded(asText(other, otherCol), ic && isTextType(other.type))}`;
    return whenNotEmpty(column, col, whenNotEmpty(other, otherCol, condition));
  }
  const value = attr(el, 'value') ?? '';
  if (op in COMPARISONS) {
    if (value === '') {
      if (op === '=') return isEmpty(column, col);
      if (op === '<>' || op === '!=') return isNotEmpty(column, col);
      throw badRequest(`Operator "${op}" on ${column.id} needs a value`);
    }
    return whenNotEmpty(column, col, `${folded(col, ic)} ${COMPARISONS[op]} ${folded(filterValue(column, params, sqlValue(column, value)), ic)}`);
  }
  switch (op) {
    case 'like':
    case 'notLike': {
      const target = likeTarget(column, col);
      const pattern = params.add(likePattern(value));
      return whenNotEmpty(column, col, `${folded(target, ic)} ${op === 'like' ? 'LIKE' : 'NOT LIKE'} ${folded(pattern, ic)} ESCAPE '\\'`);
    }
    case 'in':
    case 'notIn': {
      // An empty @value is one empty item: IS NULL (`in`) or IS NOT NULL (`notIn`), as for `=` and `<>`.
      const items = value.split(',');
      if (items.length > MAX_IN_VALUES) throw badRequest(`Operator "${op}" takes at most ${MAX_IN_VALUES} values, got ${items.length}`);
      // An empty item is NULL, as an empty @value is: `in` also takes NULL rows, `notIn` leaves them out. Never a NULL
      // inside the list: `x NOT IN (1, NULL)` is true for no row at all.
      const values = items.map((v) => sqlValue(column, v === '' ? null : isTextType(column.type) ? v : v.trim()));
      const given = values.filter((v): v is string => v !== null);
      const withNull = given.length < values.length;
      const list = given.map((v) => folded(filterValue(column, params, v), ic)).join(', ');
      if (given.length === 0) return op === 'in' ? isEmpty(column, col) : isNotEmpty(column, col);
      if (op === 'in') {
        const found = whenNotEmpty(column, col, `${folded(col, ic)} IN (${list})`);
        return withNull ? `(${found} OR ${isEmpty(column, col)})` : found;
      }
      // NOT IN is never true for a NULL (nor for an empty text): the empty item changes nothing here.
      return whenNotEmpty(column, col, `${folded(col, ic)} NOT IN (${list})`);
    }
    case 'bitand': {
      if (!isIntegerType(column.type)) throw badRequest(`Operator "bitand" needs an integer column; ${column.id} is ${column.type}`);
      return `(CAST(${col} AS BIGINT) & CAST(${params.add(sqlValue(column, value))} AS BIGINT)) <> 0`;
    }
    default:
      throw badRequest(`Unknown filter operator "${op}"; the filter schema allows = > >= < <= <> != like notLike in notIn bitand`);
  }
}

function connectiveSql(el: Element, set: BindingSet, params: SqlParams, joiner: 'AND' | 'OR', depth: number): string | null {
  if (depth > MAX_FILTER_DEPTH) throw badRequest(`The filter nests f:And and f:Or deeper than ${MAX_FILTER_DEPTH} levels`);
  const parts: string[] = [];
  for (const child of childElements(el)) {
    if (child.namespaceURI !== NS.f) throw badRequest(`Unexpected element ${child.nodeName} in a filter`);
    let part: string | null;
    if (child.localName === 'Expression') part = expressionSql(child, set, params);
    else if (child.localName === 'And') part = connectiveSql(child, set, params, 'AND', depth + 1);
    else if (child.localName === 'Or') part = connectiveSql(child, set, params, 'OR', depth + 1);
    else throw badRequest(`Unknown filter element f:${child.localName}; allowed are f:And, f:Or, f:Expression`);
    if (part !== null) parts.push(part);
  }
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0] : `(${parts.join(` ${joiner} `)})`;
}

/**
 * The WHERE condition of an `f:Filter` (its children joined by AND), or null when it restricts nothing
 * (empty connectives are no restriction). Columns resolve through the binding set only; values become parameters.
 */
export function filterSql(filter: Element, set: BindingSet, params: SqlParams): string | null {
  const before = params.values.length;
  const sql = connectiveSql(filter, set, params, 'AND', 0);
  const bound = params.values.length - before;
  if (bound > MAX_FILTER_VALUES) throw badRequest(`The filter binds ${bound} values; at most ${MAX_FILTER_VALUES} are taken`);
  return sql;
}
