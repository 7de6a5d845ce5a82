import { DataProvider, NS, WrsError, typedValues } from 'ngx-wrs-grid/core';
import { GridColumn } from '../grid-column';
import { canonicalCellValue, localeEditText } from './cell-locale';

/** What a column filter control holds: text (contains or equals), a range (numbers, dates) or a list of values. */
export type ColumnFilterValue =
  | { readonly kind: 'text'; readonly op: 'contains' | 'equals'; readonly text: string }
  | { readonly kind: 'range'; readonly from: string; readonly to: string }
  | { readonly kind: 'values'; readonly values: readonly string[] };

const RANGE = '..';

/** The `@id` of the `f:And` holding one column's filter in the status model: `<grid id>_cf_<column id>`. */
export function columnFilterId(gridKey: string, colId: string): string {
  return `${gridKey}_cf_${colId}`;
}

/** The kind of filter control a column gets: a value list for reference columns, a range for numbers and dates. */
export function filterKindOf(column: GridColumn): ColumnFilterValue['kind'] {
  if (column.references || column.checkbox) return 'values';
  if (column.numeric || column.typeName === 'DATE' || column.typeName === 'TIMESTAMP') return 'range';
  return 'text';
}

/**
 * Reads what a user typed into a column's filter field: text means "contains", `=text` "equals"; for numbers and
 * dates `a..b`, `a..`, `..b` or a single value (from = to). Empty input means no filter (null).
 */
export function parseFilterInput(column: GridColumn, input: string): ColumnFilterValue | null {
  const problem = filterInputProblem(column, input);
  if (problem) throw new WrsError('INVALID_ARGUMENT', `Filter of ${column.id}: "${problem.bound}" is no ${problem.expected}`, input);
  const text = input.trim();
  if (text === '') return null;
  if (filterKindOf(column) === 'range') {
    const [from, to] = rangeBounds(column, text);
    return from === '' && to === '' ? null : { kind: 'range', from, to };
  }
  return text.startsWith('=') ? { kind: 'text', op: 'equals', text: text.slice(1) } : { kind: 'text', op: 'contains', text };
}

/** What the user typed may be a range bound of the wrong form: which bound, and what it should be; or null when fine. */
export interface FilterInputProblem {
  readonly bound: string;
  readonly expected: 'number' | 'date' | 'timestamp';
}

const DATE_BOUND = /^\d{4}-\d{2}-\d{2}$/;
// Microseconds at most: the server's precision (a finer bound is a 400 there).
const TIMESTAMP_BOUND = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?$/;

/** The first range bound of a number, date or timestamp column that is not of that form (`parseFilterInput` refuses it). */
export function filterInputProblem(column: GridColumn, input: string): FilterInputProblem | null {
  const text = input.trim();
  if (text === '' || filterKindOf(column) !== 'range') return null;
  const expected = column.numeric ? 'number' : column.typeName === 'DATE' ? 'date' : 'timestamp';
  // A bound the filter itself can read (as the server does): decimal numbers, not `0x10`; real calendar moments, not
  // month 13. The form is checked first, so `2020-01-02` is no timestamp bound with a zone or an era.
  const typed = typedValues(column.typeName);
  const fits = (bound: string) =>
    (expected === 'number' || (expected === 'date' ? DATE_BOUND : TIMESTAMP_BOUND).test(bound)) && typed.key(bound) !== undefined;
  const bound = rangeBounds(column, text).find((b) => b !== '' && !fits(b));
  return bound === undefined ? null : { bound, expected };
}

/** The bounds of a range as typed, each read in the column's locale (`1,5..3` in German gives 1.5 and 3). */
function rangeBounds(column: GridColumn, text: string): [string, string] {
  const at = text.indexOf(RANGE);
  const bound = (b: string) => (column.locale && b !== '' ? canonicalCellValue(column.locale, column, b) : b);
  return [bound((at < 0 ? text : text.slice(0, at)).trim()), bound((at < 0 ? text : text.slice(at + RANGE.length)).trim())];
}

/** The text a filter field shows for a filter (the inverse of `parseFilterInput`), range bounds in the column's locale. */
export function formatFilterInput(value: ColumnFilterValue | null, column?: GridColumn): string {
  if (!value) return '';
  if (value.kind === 'text') return value.op === 'equals' ? `=${value.text}` : value.text;
  if (value.kind === 'range') {
    const shown = (b: string) => (column?.locale && b !== '' ? localeEditText(column.locale, column, b) : b);
    return value.from === value.to ? shown(value.from) : `${shown(value.from)}${RANGE}${shown(value.to)}`;
  }
  return value.values.join(', ');
}

function expression(doc: Document, bRef: string, op: string, value: string, ignoreCase = false): Element {
  const e = doc.createElementNS(NS.f, 'f:Expression');
  e.setAttribute('bRef', bRef);
  e.setAttribute('op', op);
  e.setAttribute('value', value);
  if (ignoreCase) e.setAttribute('ic', 'true');
  return e;
}

/** The `f:And` of one column's filter: like `*text*` (case-insensitive) or `=`; `>=`/`<=`; an `f:Or` of `=`. */
export function filterElement(doc: Document, id: string, colId: string, value: ColumnFilterValue): Element {
  const and = doc.createElementNS(NS.f, 'f:And');
  and.setAttribute('id', id);
  if (value.kind === 'text') {
    and.appendChild(value.op === 'equals' ? expression(doc, colId, '=', value.text) : expression(doc, colId, 'like', `*${value.text}*`, true));
  } else if (value.kind === 'range') {
    if (value.from !== '') and.appendChild(expression(doc, colId, '>=', value.from));
    if (value.to !== '') and.appendChild(expression(doc, colId, '<=', value.to));
  } else {
    const or = and.appendChild(doc.createElementNS(NS.f, 'f:Or'));
    for (const v of value.values) or.appendChild(expression(doc, colId, '=', v));
  }
  return and;
}

function children(parent: Element, localName?: string): Element[] {
  const out: Element[] = [];
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as Element).namespaceURI === NS.f && (!localName || (c as Element).localName === localName)) out.push(c as Element);
  }
  return out;
}

/** Reads a column filter back from its `f:And` (null when the element is not one the grid wrote). */
export function readFilterElement(and: Element): ColumnFilterValue | null {
  const [first] = children(and);
  if (!first) return null;
  if (first.localName === 'Or') return { kind: 'values', values: children(first, 'Expression').map((e) => e.getAttribute('value') ?? '') };
  const op = first.getAttribute('op');
  const value = first.getAttribute('value') ?? '';
  if (op === 'like' && value.startsWith('*') && value.endsWith('*') && value.length >= 2) return { kind: 'text', op: 'contains', text: value.slice(1, -1) };
  if (op === '=') return { kind: 'text', op: 'equals', text: value };
  let from = '';
  let to = '';
  for (const e of children(and, 'Expression')) {
    if (e.getAttribute('op') === '>=') from = e.getAttribute('value') ?? '';
    else if (e.getAttribute('op') === '<=') to = e.getAttribute('value') ?? '';
  }
  return from === '' && to === '' ? null : { kind: 'range', from, to };
}

/** The status model's `/*\/f:Filter`, or null. */
export function statusFilter(status: DataProvider): Element | null {
  const root = status.getData()?.documentElement;
  return root ? children(root, 'Filter')[0] ?? null : null;
}

/** The column filters of a grid in the status model, by column id. */
export function readColumnFilters(status: DataProvider, gridKey: string, colIds: readonly string[]): Map<string, ColumnFilterValue> {
  const out = new Map<string, ColumnFilterValue>();
  const filter = statusFilter(status);
  if (!filter) return out;
  const byId = new Map(children(filter, 'And').map((a) => [a.getAttribute('id') ?? '', a]));
  for (const colId of colIds) {
    const and = byId.get(columnFilterId(gridKey, colId));
    const value = and ? readFilterElement(and) : null;
    if (value) out.set(colId, value);
  }
  return out;
}

/**
 * Sets (or with null removes) one column's filter in the status model as one change set, creating `/*\/f:Filter`
 * when missing. The other parts of the filter (the app's own expressions) stay as they are.
 */
export function writeColumnFilter(status: DataProvider, gridKey: string, colId: string, value: ColumnFilterValue | null): void {
  const doc = status.getData();
  const root = doc?.documentElement;
  if (!doc || !root) throw new WrsError('NOT_READY', `The status model ${status.id} has no document to hold the filter`, status.id);
  let filter = statusFilter(status);
  if (!filter) filter = root.appendChild(doc.createElementNS(NS.f, 'f:Filter')) as Element;
  const id = columnFilterId(gridKey, colId);
  const old = children(filter, 'And').find((a) => a.getAttribute('id') === id);
  const next = value ? filterElement(doc, id, colId, value) : null;
  if (old && next) filter.replaceChild(next, old);
  else if (old) filter.removeChild(old);
  else if (next) filter.appendChild(next);
  else return;
  status.noteChange([filter]);
  status.fire();
}

/** Removes several column filters of a grid from the status model as one change set. */
export function removeColumnFilters(status: DataProvider, gridKey: string, colIds: readonly string[]): void {
  const filter = statusFilter(status);
  if (!filter) return;
  const ids = new Set(colIds.map((c) => columnFilterId(gridKey, c)));
  const gone = children(filter, 'And').filter((a) => ids.has(a.getAttribute('id') ?? ''));
  if (gone.length === 0) return;
  for (const and of gone) filter.removeChild(and);
  status.noteChange([filter]);
  status.fire();
}

/** The `f:And` of one column's filter in a status model `f:Filter`, or null. */
export function columnFilterElement(filter: Element, gridKey: string, colId: string): Element | null {
  const id = columnFilterId(gridKey, colId);
  return children(filter, 'And').find((a) => a.getAttribute('id') === id) ?? null;
}

/** A copy of a request's `f:Filter` without the grid's column filters (they run on the client then). */
export function withoutColumnFilters(request: Document, gridKey: string): Document {
  const prefix = `${gridKey}_cf_`;
  const filters = request.getElementsByTagNameNS(NS.f, 'Filter');
  for (let i = 0; i < filters.length; i++) {
    for (const and of children(filters[i], 'And')) if ((and.getAttribute('id') ?? '').startsWith(prefix)) filters[i].removeChild(and);
  }
  return request;
}
