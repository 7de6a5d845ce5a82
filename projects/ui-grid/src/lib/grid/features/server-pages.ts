import { NS, RowStore, WrsBackend, WrsBackendCallOptions, WrsError, WrsIndex, cellAt, cellValue, cellsOf, originalOf } from 'ngx-wrs-grid/core';

function select(request: Document): Element {
  const found = request.getElementsByTagNameNS(NS.wrq, 'Select')[0];
  if (!found) throw new WrsError('INVALID_ARGUMENT', 'The request has no wrq:Select to page', request.documentElement?.nodeName);
  return found;
}

/** Asks for one page (0-based number) of `size` rows: `rowStart`/`rowEnd`, 1-based and inclusive. */
export function pageRequest(request: Document, page: number, size: number): Document {
  const s = select(request);
  s.setAttribute('rowStart', String(page * size + 1));
  s.setAttribute('rowEnd', String((page + 1) * size));
  return request;
}

/** The same request asking only for the number of matching rows (`wrq:C/@aggr="count"`, no order, no page). */
export function countRequest(request: Document): Document {
  const copy = request.cloneNode(true) as Document;
  const s = select(copy);
  s.removeAttribute('rowStart');
  s.removeAttribute('rowEnd');
  for (let c = s.firstChild; c; ) {
    const next = c.nextSibling;
    if (c.nodeType === 1 && (c as Element).namespaceURI === NS.wrq && (c as Element).localName === 'Ordering') s.removeChild(c);
    if (c.nodeType === 1 && (c as Element).namespaceURI === NS.wrq && (c as Element).localName === 'Columns') {
      const columns = c as Element;
      while (columns.firstChild) columns.removeChild(columns.firstChild);
      const count = columns.appendChild(copy.createElementNS(NS.wrq, 'wrq:C')) as Element;
      count.setAttribute('aggr', 'count');
      count.setAttribute('id', 'count');
    }
    c = next;
  }
  return copy;
}

/** Loads the total row count of a request through the backend. */
export async function loadTotalRows(backend: WrsBackend, request: Document, call: WrsBackendCallOptions): Promise<number> {
  const answer = await backend.load(countRequest(request), call);
  const index = WrsIndex.of(answer);
  const row = index.rowAt(1);
  const cell = row ? cellAt(row, 1) : null;
  const total = Number(cell ? cellValue(cell) : NaN);
  if (!Number.isInteger(total) || total < 0) throw new WrsError('BACKEND', 'The row count answer holds no count', cell?.textContent);
  return total;
}

/** `pendingRows` of a row store whose document is not built: copies of its I, M and D rows, read from their entries. */
export function storePendingRows(store: RowStore): Element[] {
  return store.changedRows().map((r) => store.copyOf(r));
}

/** The pending rows (I, M, D) of a document, as copies to carry to another page. */
export function pendingRows(doc: Document): Element[] {
  return WrsIndex.of(doc).rows().filter((r) => r.localName !== 'R').map((r) => r.cloneNode(true) as Element);
}

/**
 * Puts rows with pending changes from other pages into a freshly loaded page: a row the page holds is replaced by
 * its pending version, the others are appended when `keep` says so. Returned are the appended rows the server holds
 * on other pages, so the view hides them while a save still sends them; inserted rows stay in view.
 * Rows are matched by their `isKey` columns (an M row by its original key, as the server matches it): servers number
 * row ids by position in the answer, so the same id names another row once the filter or the order changed. Without
 * key columns the ids are all there is. A carried row takes the id of the row it replaces, and an appended row whose
 * id the page uses gets a free one (the server identifies saved rows by their keys, not ids). An R row among them
 * (one the undo history holds) is only looked for: the page's own row stays, neither replaced nor appended.
 * `ids`, when given, receives the id each row found or carried has in the page (old id -> new id).
 */
export function carryPendingRows(page: Document, pending: readonly Element[], keep: (row: Element) => boolean = () => true, ids?: Map<string, string>): Set<string> {
  const index = WrsIndex.of(page);
  const foreign = new Set<string>();
  let data = index.data;
  if (!data) data = page.documentElement!.appendChild(page.createElementNS(NS.wrs, 'wrs:Data')) as Element;
  const keys = index.columns().filter((c) => c.element.getAttribute('isKey') === 'true' || c.element.getAttribute('isKey') === '1').map((c) => c.pos);
  const byKey = new Map<string, Element>();
  if (keys.length > 0) for (const row of index.rows()) byKey.set(serverKey(row, keys), row);
  const used = new Set(index.rows().map((r) => r.getAttribute('id') ?? ''));
  for (const source of pending) {
    const sourceId = source.getAttribute('id') ?? '';
    const state = source.localName;
    const loaded = keys.length > 0 ? (state === 'I' ? undefined : byKey.get(serverKey(source, keys))) : index.rowById(sourceId) ?? undefined;
    if (state === 'R') {
      // Without key columns an id names a position: the page's row is taken for this one only when it holds the same
      // values, else an undo or redo would change another record that moved under the id (a filter or order change).
      if (loaded && (keys.length > 0 || sameValues(loaded, source))) ids?.set(sourceId, loaded.getAttribute('id') ?? '');
      continue;
    }
    const row = page.importNode(source, true) as Element;
    if (loaded) {
      row.setAttribute('id', loaded.getAttribute('id') ?? '');
      loaded.parentNode!.replaceChild(row, loaded);
      ids?.set(sourceId, row.getAttribute('id') ?? '');
      continue;
    }
    if (!keep(row)) continue;
    let id = sourceId;
    for (let n = 1; used.has(id); n++) id = `${sourceId}_${n}`;
    row.setAttribute('id', id);
    used.add(id);
    ids?.set(sourceId, id);
    data.appendChild(row);
    // An inserted row belongs to no server page: it stays in view on every page (at its end) until it is saved, so
    // it can be seen, fixed or deleted; rows the server has on other pages are hidden.
    if (row.localName !== 'I') foreign.add(id);
  }
  index.invalidate();
  return foreign;
}

/** Whether two rows hold the same cell values, in order. */
function sameValues(a: Element, b: Element): boolean {
  const cellsA = cellsOf(a);
  const cellsB = cellsOf(b);
  return cellsA.length === cellsB.length && cellsA.every((cell, i) => cellValue(cell) === cellValue(cellsB[i]));
}

/** The key a server knows a row by: its key cells, from `wrs:O` where an M row changed them. */
function serverKey(row: Element, keys: readonly number[]): string {
  return keys
    .map((pos) => {
      const cell = cellAt(row, pos);
      const source = cell && row.localName === 'M' ? originalOf(cell) ?? cell : cell;
      return source ? cellValue(source) ?? '\u0000' : '\u0000';
    })
    .join('\u0001');
}

/** The same request for every page: a copy without `rowStart`/`rowEnd`. */
export function allPagesRequest(request: Document): Document {
  const copy = request.cloneNode(true) as Document;
  const s = select(copy);
  s.removeAttribute('rowStart');
  s.removeAttribute('rowEnd');
  return copy;
}

/** Every row of a server-side grid, as an export writes it. */
export interface AllRows {
  /** The server's rows with the pending client changes applied. */
  readonly doc: Document;
  /** The server's row limit when it cut the answer (`wrs:Footer/wrs:MaxRowsExceeded/@maxRows`), else null. */
  readonly maxRows: number | null;
}

/**
 * Loads every page of a request (no `rowStart`/`rowEnd`), runs `transform` on it (the grid's load chain), and applies
 * the pending client rows: a row the answer holds
 * is replaced by its pending version, the others (inserted rows, rows the answer left out) are appended when `keep`
 * says so. The server may still cut the answer at its row limit; `maxRows` then says where.
 */
export async function loadAllRows(
  backend: WrsBackend,
  request: Document,
  call: WrsBackendCallOptions,
  pending: readonly Element[],
  keep: (row: Element) => boolean,
  transform: (loaded: Document) => Promise<Document> = async (loaded) => loaded,
): Promise<AllRows> {
  const doc = await transform(await backend.load(allPagesRequest(request), call));
  const footer = doc.documentElement ? wrsChild(doc.documentElement, 'Footer') : null;
  const exceeded = footer ? wrsChild(footer, 'MaxRowsExceeded') : null;
  const limit = Number(exceeded?.getAttribute('maxRows'));
  carryPendingRows(doc, pending, keep);
  return { doc, maxRows: exceeded ? (Number.isInteger(limit) && limit > 0 ? limit : WrsIndex.of(doc).rowCount) : null };
}

function wrsChild(parent: Element, localName: string): Element | null {
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as Element).namespaceURI === NS.wrs && (c as Element).localName === localName) return c as Element;
  }
  return null;
}
