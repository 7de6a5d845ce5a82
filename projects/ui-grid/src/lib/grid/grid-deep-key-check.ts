import { NS, RowStore, WrsBackend, WrsIndex, cellAt, cellValue, cloneDocument, originalOf } from 'ngx-wrs-grid/core';
import { GridColumn } from './grid-column';
import { keyOf, keyOfValues } from './grid-validation';

/** A changed row (any but R) as the deep key check reads it: its key values now and the key it had before the edits. */
export interface ChangedKeyRow {
  readonly id: string;
  readonly state: string;
  /** The key columns' values now, in key column order (null: no cell or `wrs:null`). */
  readonly values: readonly (string | null)[];
  /** `keyOf` of the key it had before the edits: from its `wrs:O` cells where it has them. */
  readonly originalKey: string;
  /** An I row, or an M row whose key cells differ from their originals. */
  readonly keyChanged: boolean;
}

/** What the deep key check needs: the request the grid loaded with, its Wrs, the key columns and where to ask. */
export interface DeepKeyCheckArgs {
  readonly backend: WrsBackend;
  readonly url: string | undefined;
  /** The `wrq:WrsRequest` the grid's rows were loaded with. */
  readonly request: Document;
  /** The changed rows (`changedKeyRows`, or `changedStoreKeyRows` while the rows are in a row store). */
  readonly rows: readonly ChangedKeyRow[];
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
  const candidates = new Map<string, string[]>();
  const values: (string | null)[][] = [];
  const loadedKeys = new Set<string>();
  for (const row of args.rows) {
    if (row.state !== 'I') loadedKeys.add(row.originalKey);
    if (!row.keyChanged || row.values.some((v) => v === null || v === '')) continue;
    const key = keyOfValues(row.values, args.ignoreKeyCase);
    const ids = candidates.get(key);
    if (ids) ids.push(row.id);
    else {
      candidates.set(key, [row.id]);
      values.push([...row.values]);
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

/** The changed rows of a document, read for the deep key check. */
export function changedKeyRows(index: WrsIndex, keyColumns: readonly GridColumn[], ignoreCase: boolean): ChangedKeyRow[] {
  return index.changedRows().map((row) => ({
    id: row.getAttribute('id') ?? '',
    state: row.localName,
    values: keyColumns.map((c) => {
      const cell = cellAt(row, c.pos);
      return cell ? cellValue(cell) : null;
    }),
    originalKey: originalKeyOf(row, keyColumns, ignoreCase),
    keyChanged: keyChanged(row, keyColumns),
  }));
}

/** `changedKeyRows` of a row store's rows, read from their entries: nothing is built. */
export function changedStoreKeyRows(store: RowStore, keyColumns: readonly GridColumn[], ignoreCase: boolean): ChangedKeyRow[] {
  return store.changedRows().map((r) => {
    const state = store.state(r);
    const values = keyColumns.map((c) => store.cellValue(r, c.pos));
    // Only an M row holds originals (`wrs:O`) on its entry; any other row had the key it holds.
    const originals = state === 'M' ? keyColumns.map((c) => store.originalValue(r, c.pos)) : values;
    return {
      id: store.id(r) ?? '',
      state,
      values,
      originalKey: keyOfValues(originals, ignoreCase),
      keyChanged: state === 'I' || (state === 'M' && values.some((v, k) => v !== originals[k])),
    };
  });
}

/** The key a changed loaded row had before the edits: from its `wrs:O` cells where it has them. */
function originalKeyOf(row: Element, keyColumns: readonly GridColumn[], ignoreCase: boolean): string {
  return keyOfValues(keyColumns.map((c) => {
    const cell = cellAt(row, c.pos);
    const source = cell ? originalOf(cell) ?? cell : null;
    return source ? cellValue(source) : null;
  }), ignoreCase);
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
