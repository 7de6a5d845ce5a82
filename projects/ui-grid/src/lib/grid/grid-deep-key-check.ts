import { NS, WrsBackend, WrsIndex, cellAt, cellValue, cloneDocument, originalOf } from 'ngx-wrs-grid/core';
import { GridColumn } from './grid-column';
import { keyOf } from './grid-validation';

/** What the deep key check needs: the request the grid loaded with, its Wrs, the key columns and where to ask. */
export interface DeepKeyCheckArgs {
  readonly backend: WrsBackend;
  readonly url: string | undefined;
  /** The `wrq:WrsRequest` the grid's rows were loaded with. */
  readonly request: Document;
  readonly wrs: Document;
  readonly keyColumns: readonly GridColumn[];
  readonly ignoreKeyCase: boolean;
  /** True when an unchanged (R) loaded row holds this key (a `keyOf` string). */
  readonly unchangedRowHolds: (key: string) => boolean;
}

/** True when the loaded rows are a subset of the table: a filter, a page, or a cut at the server's row limit. */
export function showsSubset(request: Document, wrs: Document): boolean {
  const select = firstChild(request.documentElement!, NS.wrq, 'Select');
  const filter = select && firstChild(select, NS.f, 'Filter');
  if (filter && firstChild(filter, NS.f) !== null) return true;
  if (select && (select.hasAttribute('rowStart') || select.hasAttribute('rowEnd'))) return true;
  const footer = firstChild(wrs.documentElement!, NS.wrs, 'Footer');
  return !!footer && firstChild(footer, NS.wrs, 'MaxRowsExceeded') !== null;
}

/**
 * Asks the server for the keys of the inserted rows and of the rows whose key changed (one request: the load request
 * narrowed to the key columns and an `f:Or` of those keys) and returns the ids of the rows whose key the server holds
 * in a row the grid has not loaded. A server row counts as loaded when a loaded row held its key before the edits
 * (an R row now, an M or D row in its originals); the answer's row ids are positions, so keys decide. Only the
 * changed rows are visited.
 */
export async function deepKeyCheck(args: DeepKeyCheckArgs): Promise<string[]> {
  const index = WrsIndex.of(args.wrs);
  const candidates = new Map<string, string[]>();
  const values: (string | null)[][] = [];
  const loadedKeys = new Set<string>();
  for (const row of index.changedRows()) {
    if (row.localName !== 'I') loadedKeys.add(originalKeyOf(row, args.keyColumns, args.ignoreKeyCase));
    if (!keyChanged(row, args.keyColumns)) continue;
    const cells = args.keyColumns.map((c) => cellAt(row, c.pos));
    const keyValues = cells.map((c) => (c ? cellValue(c) : null));
    if (keyValues.some((v) => v === null || v === '')) continue;
    const key = keyOf(row, args.keyColumns, args.ignoreKeyCase);
    const ids = candidates.get(key);
    if (ids) ids.push(row.getAttribute('id') ?? '');
    else {
      candidates.set(key, [row.getAttribute('id') ?? '']);
      values.push(keyValues);
    }
  }
  if (candidates.size === 0) return [];
  const answer = WrsIndex.of(await args.backend.load(keyRequest(args, values), args.url === undefined ? undefined : { url: args.url }));
  const positions = args.keyColumns.map((c) => answer.columnPos(c.id));
  const answerKeys = positions.map((pos, i) => ({ ...args.keyColumns[i], pos }));
  const clashes = new Set<string>();
  for (const row of answer.rows()) {
    const key = keyOf(row, answerKeys, args.ignoreKeyCase);
    if (loadedKeys.has(key) || args.unchangedRowHolds(key)) continue;
    for (const id of candidates.get(key) ?? []) clashes.add(id);
  }
  return [...clashes];
}

/** The key a changed loaded row had before the edits: from its `wrs:O` cells where it has them. */
function originalKeyOf(row: Element, keyColumns: readonly GridColumn[], ignoreCase: boolean): string {
  const key = keyColumns
    .map((c) => {
      const cell = cellAt(row, c.pos);
      const source = cell ? originalOf(cell) ?? cell : null;
      return source ? cellValue(source) ?? '\u0000' : '\u0000';
    })
    .join('\u0001');
  return ignoreCase ? key.toLowerCase() : key;
}

/** An I row, or an M row whose key cells differ from their originals. */
function keyChanged(row: Element, keyColumns: readonly GridColumn[]): boolean {
  if (row.localName === 'I') return true;
  if (row.localName !== 'M') return false;
  return keyColumns.some((c) => {
    const cell = cellAt(row, c.pos);
    const original = cell && originalOf(cell);
    return !!cell && !!original && cellValue(cell) !== cellValue(original);
  });
}

/** The load request narrowed to the key columns and the wanted keys, without paging or ordering. */
function keyRequest(args: DeepKeyCheckArgs, keys: readonly (string | null)[][]): Document {
  const doc = cloneDocument(args.request);
  const select = firstChild(doc.documentElement!, NS.wrq, 'Select')!;
  select.removeAttribute('rowStart');
  select.removeAttribute('rowEnd');
  for (const name of ['Columns', 'Ordering', 'Grouping']) {
    const el = firstChild(select, NS.wrq, name);
    if (el) select.removeChild(el);
  }
  const oldFilter = firstChild(select, NS.f, 'Filter');
  if (oldFilter) select.removeChild(oldFilter);
  const columns = doc.createElementNS(NS.wrq, 'wrq:Columns');
  for (const c of args.keyColumns) columns.appendChild(doc.createElementNS(NS.wrq, 'wrq:C')).setAttribute('bRef', c.id);
  select.insertBefore(columns, select.firstChild);
  const filter = doc.createElementNS(NS.f, 'f:Filter');
  const or = filter.appendChild(doc.createElementNS(NS.f, 'f:Or'));
  for (const key of keys) {
    const and = or.appendChild(doc.createElementNS(NS.f, 'f:And'));
    args.keyColumns.forEach((c, i) => {
      const e = and.appendChild(doc.createElementNS(NS.f, 'f:Expression')) as Element;
      e.setAttribute('bRef', c.id);
      e.setAttribute('op', '=');
      e.setAttribute('value', key[i] ?? '');
      if (args.ignoreKeyCase) e.setAttribute('ic', 'true');
    });
  }
  const from = firstChild(select, NS.wrq, 'From');
  select.insertBefore(filter, from ? from.nextSibling : null);
  return doc;
}

function firstChild(parent: Element, ns: string, localName?: string): Element | null {
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as Element).namespaceURI === ns && (localName === undefined || (c as Element).localName === localName)) return c as Element;
  }
  return null;
}
