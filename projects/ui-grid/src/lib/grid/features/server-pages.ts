import { NS, WrsBackend, WrsError, WrsIndex, cellAt, cellValue } from 'ngx-wrs-grid/core';

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
export async function loadTotalRows(backend: WrsBackend, request: Document, url: string): Promise<number> {
  const answer = await backend.load(countRequest(request), { url });
  const index = WrsIndex.of(answer);
  const row = index.rowAt(1);
  const cell = row ? cellAt(row, 1) : null;
  const total = Number(cell ? cellValue(cell) : NaN);
  if (!Number.isInteger(total) || total < 0) throw new WrsError('BACKEND', 'The row count answer holds no count', cell?.textContent);
  return total;
}

/** The pending rows (I, M, D) of a document, as copies to carry to another page. */
export function pendingRows(doc: Document): Element[] {
  return WrsIndex.of(doc).rows().filter((r) => r.localName !== 'R').map((r) => r.cloneNode(true) as Element);
}

/**
 * Puts rows with pending changes from other pages into a freshly loaded page: a row the page holds is replaced by
 * its pending version, the others are appended (and returned, so the view hides them while a save still sends them).
 */
export function carryPendingRows(page: Document, pending: readonly Element[]): Set<string> {
  const index = WrsIndex.of(page);
  const foreign = new Set<string>();
  let data = index.data;
  if (!data) data = page.documentElement!.appendChild(page.createElementNS(NS.wrs, 'wrs:Data')) as Element;
  for (const source of pending) {
    const row = page.importNode(source, true) as Element;
    const id = row.getAttribute('id') ?? '';
    const loaded = index.rowById(id);
    if (loaded) loaded.parentNode!.replaceChild(row, loaded);
    else {
      data.appendChild(row);
      foreign.add(id);
    }
  }
  index.invalidate();
  return foreign;
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
  url: string,
  pending: readonly Element[],
  keep: (row: Element) => boolean,
  transform: (loaded: Document) => Promise<Document> = async (loaded) => loaded,
): Promise<AllRows> {
  const doc = await transform(await backend.load(allPagesRequest(request), { url }));
  const footer = doc.documentElement ? wrsChild(doc.documentElement, 'Footer') : null;
  const exceeded = footer ? wrsChild(footer, 'MaxRowsExceeded') : null;
  const limit = Number(exceeded?.getAttribute('maxRows'));
  const index = WrsIndex.of(doc);
  carryPendingRows(doc, pending.filter((row) => index.rowById(row.getAttribute('id') ?? '') !== null || keep(row)));
  return { doc, maxRows: exceeded ? (Number.isInteger(limit) && limit > 0 ? limit : index.rowCount) : null };
}

function wrsChild(parent: Element, localName: string): Element | null {
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as Element).namespaceURI === NS.wrs && (c as Element).localName === localName) return c as Element;
  }
  return null;
}
