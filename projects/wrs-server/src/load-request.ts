import { NS } from 'ngx-wrs-grid/core';
import { childElements, firstChildElement } from '../../ui-grid/core/src/xml/dom';
import { BindingSet, BindingSets, ColumnBinding, quoteName } from './binding-sets';
import { SqlExecutor, SqlResult } from './database';
import { emptyAsNull, filterSql } from './filter-sql';
import { badRequest } from './http-error';
import { SqlParams, columnSql, shownPrecisionSql } from './sql-params';
import { answeredText, selectText } from './sql-values';
import { AnswerColumn, wrsAnswerXml } from './wrs-response';

/** wrq:C attributes a request may not override: they describe the database, and a client must not redefine them. */
const PROTECTED = new Set(['id', 'pos', 'bRef', 'type-name', 'display-size', 'scale', 'nullable', 'isKey', 'isReadOnly', 'aggr', 'escapeXml', 'alias']);

interface SelectedColumn {
  readonly binding: ColumnBinding;
  readonly extra: [string, string][];
}

/** A checked load request: only binding-set columns, typed parameters, and the page asked for. */
export interface LoadPlan {
  readonly set: BindingSet;
  readonly columns: readonly SelectedColumn[];
  /** Column id of a row-count request (`wrq:C` with `@aggr="count"` or `wrq:Calc/wrq:Count`). */
  readonly count?: { readonly id: string; readonly column: ColumnBinding | null };
  readonly where: string | null;
  readonly params: SqlParams;
  readonly orderBy: readonly string[];
  /** 1-based first row. */
  readonly rowStart: number;
  /** Last row asked for, if any. */
  readonly rowEnd?: number;
  /** Whether a cut by @rowEnd is flagged (request schema: only when @rowStart is absent or 0). */
  readonly flagRowEnd: boolean;
}

function only(el: Element, allowed: Record<string, string[]>, what: string): void {
  for (const child of childElements(el)) {
    const names = Object.entries(allowed).find(([ns]) => ns === child.namespaceURI)?.[1];
    if (!names?.includes(child.localName)) throw badRequest(`${what}: ${child.nodeName} is not supported by this server`);
  }
}

function intAttribute(el: Element, name: string): number | undefined {
  if (!el.hasAttribute(name)) return undefined;
  const text = el.getAttribute(name)!.trim();
  // xs:int: up to 2,147,483,647 either way.
  if (!/^[+-]?\d{1,10}$/.test(text) || Math.abs(Number(text)) > 2_147_483_647) throw badRequest(`wrq:Select/@${name} must be an integer (xs:int), got "${text}"`);
  return Number(text);
}

function columnOf(set: BindingSet, bRef: string | null, where: string): ColumnBinding {
  const column = bRef ? set.byId.get(bRef) : undefined;
  if (!column) throw badRequest(`Unknown column "${bRef ?? ''}" in ${where} (binding set ${set.id})`);
  return column;
}

/** The bRef counted by a `wrq:C`, undefined when it is no count, null for COUNT(*). */
function countedRef(c: Element): string | null | undefined {
  const aggr = c.getAttribute('aggr');
  if (aggr === 'count') return c.getAttribute('bRef') || null;
  // Rows, not aggregates, would come back: refused like the other parts this server does not support.
  if (aggr) throw badRequest(`wrq:C/@aggr="${aggr}": only count is supported by this server`);
  const calc = firstChildElement(c, NS.wrq, 'Calc');
  if (!calc) return undefined;
  const count = firstChildElement(calc, NS.wrq, 'Count');
  if (!count || childElements(calc).length !== 1) throw badRequest('wrq:Calc: only wrq:Count is supported by this server');
  const ref = firstChildElement(count, NS.wrq, 'ValueRef');
  return ref ? ref.getAttribute('idRef') : null;
}

/** Checks a `wrq:WrsRequest` against the binding sets and turns it into a plan with parameterised SQL parts. */
export function planLoad(request: Element, sets: BindingSets): LoadPlan {
  only(request, { [NS.wrq]: ['Header', 'Select'] }, 'wrq:WrsRequest');
  const select = firstChildElement(request, NS.wrq, 'Select');
  if (!select) throw badRequest('wrq:WrsRequest needs a wrq:Select');
  only(select, { [NS.wrq]: ['Columns', 'From', 'Ordering'], [NS.f]: ['Filter'] }, 'wrq:Select');
  const from = firstChildElement(select, NS.wrq, 'From');
  const bindingSet = from && firstChildElement(from, NS.wrq, 'BindingSet');
  if (!from || !bindingSet || childElements(from).length !== 1) throw badRequest('wrq:Select needs wrq:From holding one wrq:BindingSet');
  const setId = (bindingSet.textContent ?? '').trim();
  const set = sets.get(setId);
  if (!set) throw badRequest(`Unknown binding set "${setId}"`);

  const columns: SelectedColumn[] = [];
  let count: LoadPlan['count'];
  const columnsElement = firstChildElement(select, NS.wrq, 'Columns');
  if (columnsElement) only(columnsElement, { [NS.wrq]: ['C'] }, 'wrq:Columns');
  const requested = columnsElement ? childElements(columnsElement) : [];
  // Each column once: a column named again would cost its whole answer (and its references) again for nothing.
  if (requested.length > set.columns.length) {
    throw badRequest(`wrq:Columns names ${requested.length} columns; binding set ${set.id} has ${set.columns.length}, each named at most once`);
  }
  const named = new Set<ColumnBinding>();
  for (const c of requested) {
    const counted = countedRef(c);
    if (counted !== undefined) {
      if (requested.length !== 1) throw badRequest('A count request asks for the count column only');
      const column = counted === null ? null : columnOf(set, counted, 'the count');
      count = { id: c.getAttribute('id') || c.getAttribute('bRef') || 'count', column };
      continue;
    }
    const binding = columnOf(set, c.getAttribute('bRef'), 'wrq:Columns');
    if (named.has(binding)) throw badRequest(`Column "${binding.id}" is named twice in wrq:Columns`);
    named.add(binding);
    const extra: [string, string][] = [];
    for (let i = 0; i < c.attributes.length; i++) {
      const a = c.attributes[i];
      if (!a.namespaceURI && !PROTECTED.has(a.name)) extra.push([a.name, a.value]);
    }
    columns.push({ binding, extra });
  }
  if (requested.length === 0) for (const binding of set.columns) columns.push({ binding, extra: [] });

  const params = new SqlParams();
  const filter = firstChildElement(select, NS.f, 'Filter');
  const where = filter ? filterSql(filter, set, params) : null;

  const orderBy: string[] = [];
  const ordered = new Set<ColumnBinding>();
  const ordering = firstChildElement(select, NS.wrq, 'Ordering');
  for (const c of ordering ? childElements(ordering) : []) {
    if (c.namespaceURI !== NS.wrq || c.localName !== 'C') throw badRequest(`wrq:Ordering: ${c.nodeName} is not supported`);
    const column = columnOf(set, c.getAttribute('bRef'), 'wrq:Ordering');
    const order = c.getAttribute('order') || 'asc';
    if (order !== 'asc' && order !== 'desc') throw badRequest(`wrq:Ordering/wrq:C/@order must be asc or desc, got "${order}"`);
    // Empty cells (NULL or, in text columns, '') last either way, as the grid sorts its own rows: server pages and
    // client pages agree.
    // Timestamps order to the second, the precision answers show (then by key): what looks equal keeps key order.
    orderBy.push(`${emptyAsNull(column, shownPrecisionSql(column, columnSql(column)))} ${order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`);
    ordered.add(column);
  }
  // Keys last, so equal sort values still give stable pages.
  for (const key of set.keys) if (!ordered.has(key)) orderBy.push(`${columnSql(key)} ASC`);

  const rawStart = intAttribute(select, 'rowStart');
  const rowEnd = intAttribute(select, 'rowEnd');
  if (rawStart !== undefined && rawStart < 0) throw badRequest(`wrq:Select/@rowStart must not be negative, got ${rawStart}`);
  return {
    set,
    columns,
    count,
    where,
    params,
    orderBy,
    rowStart: Math.max(rawStart ?? 1, 1),
    rowEnd,
    flagRowEnd: !rawStart,
  };
}

/**
 * Runs a statement built from the request; a data exception (SQLSTATE class 22: a value out of range, a number
 * overflowing) is the request's fault, a 400 with the database's reason.
 */
async function queryForRequest(db: SqlExecutor, sql: string, params: readonly unknown[]): Promise<SqlResult> {
  try {
    return await db.query(sql, params);
  } catch (e) {
    const err = e as { code?: unknown; message?: unknown };
    if (typeof err.code === 'string' && err.code.startsWith('22')) throw badRequest(`The database refused a value of the request: ${String(err.message)}`);
    throw e;
  }
}

/** The allowed values of each column with a references query, each query run once. */
async function referencesOf(db: SqlExecutor, columns: readonly SelectedColumn[]): Promise<Map<string, [string | null, string | null][]>> {
  const out = new Map<string, [string | null, string | null][]>();
  for (const { binding } of columns) {
    if (!binding.references || out.has(binding.references)) continue;
    const r = await db.query(binding.references);
    out.set(
      binding.references,
      r.rows.map((row) => {
        const v = Object.values(row).map((x) => (x === null || x === undefined ? null : String(x)));
        return [v[0], v.length > 1 ? v[1] : v[0]];
      }),
    );
  }
  return out;
}

/** Runs a plan and returns the `wrs:Wrs` answer text. */
export async function runLoad(db: SqlExecutor, plan: LoadPlan): Promise<string> {
  const { set } = plan;
  const where = plan.where ? ` WHERE ${plan.where}` : '';
  if (plan.count) {
    const target = plan.count.column ? columnSql(plan.count.column) : '*';
    const r = await queryForRequest(db, `SELECT CAST(COUNT(${target}) AS TEXT) AS c1 FROM ${quoteName(set.table)}${where}`, plan.params.values);
    return wrsAnswerXml({
      bindingSetId: set.id,
      columns: [{ id: plan.count.id, typeName: 'INTEGER' }],
      rows: [[r.rows[0].c1 as string]],
      firstRowNumber: 1,
    });
  }
  const references = await referencesOf(db, plan.columns);
  const columns: AnswerColumn[] = plan.columns.map((c) => ({
    id: c.binding.id,
    binding: c.binding,
    typeName: c.binding.type,
    extra: c.extra,
    references: c.binding.references ? references.get(c.binding.references) : undefined,
  }));
  const wanted = plan.rowEnd === undefined ? Infinity : plan.rowEnd - plan.rowStart + 1;
  if (wanted <= 0) return wrsAnswerXml({ bindingSetId: set.id, columns, rows: [], firstRowNumber: plan.rowStart });
  const limit = Math.min(wanted, set.maxRows);
  const list = plan.columns.map((c, i) => `${selectText(c.binding, columnSql(c.binding))} AS c${i + 1}`).join(', ');
  const sql =
    `SELECT ${list} FROM ${quoteName(set.table)}${where} ORDER BY ${plan.orderBy.join(', ')}` +
    ` LIMIT ${plan.params.add(limit + 1)} OFFSET ${plan.params.add(plan.rowStart - 1)}`;
  const r = await queryForRequest(db, sql, plan.params.values);
  const more = r.rows.length > limit;
  const rows = (more ? r.rows.slice(0, limit) : r.rows).map((row) => plan.columns.map((c, i) => answeredText(c.binding, row[`c${i + 1}`] as string | null)));
  let maxRowsExceeded: number | undefined;
  if (more && limit === set.maxRows && limit < wanted) maxRowsExceeded = set.maxRows;
  else if (more && plan.flagRowEnd) maxRowsExceeded = limit;
  return wrsAnswerXml({ bindingSetId: set.id, columns, rows, firstRowNumber: plan.rowStart, maxRowsExceeded });
}
