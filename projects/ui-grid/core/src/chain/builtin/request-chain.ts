import { WrsError } from '../../errors';
import { DataProvider } from '../../data-provider/data-provider';
import { childElements, createDocument } from '../../xml/dom';
import { NS } from '../../xml/namespaces';
import type { ChainParams } from '../chain-definition';

/** Namespace of `xp:Paginate` in grid configurations. */
export const XSLT_PARAMS_NS = 'http://www.businesscode.de/schema/bcdui/xsltParams-1.0.0';

/** Options of `buildWrsRequest`. */
export interface WrsRequestOptions {
  /** The status model (or its document): its `/*\/f:Filter` restricts the rows (spec 2.1 `statusModel`). */
  statusModel?: DataProvider | Document | null;
  /** Server-side page (1-based rows, inclusive); wins over `serverSidedPagination`. */
  rowStart?: number;
  rowEnd?: number;
  /** Take the page from the configuration's `xp:Paginate` (`xp:PageSize`, `xp:PageNumber`, default page 1). */
  serverSidedPagination?: boolean;
}

// Grid column attributes the request carries over to the Wrs header (wrq:C allows any attribute).
const CARRIED_ATTRIBUTES = ['caption', 'isKey', 'isReadOnly'];

function child(parent: Element, ns: string, localName: string): Element | null {
  return childElements(parent).find((c) => c.namespaceURI === ns && c.localName === localName) ?? null;
}

function gridColumns(parent: Element, out: Element[]): Element[] {
  for (const c of childElements(parent)) {
    if (c.namespaceURI !== NS.grid) continue;
    if (c.localName === 'C') out.push(c);
    else if (c.localName === 'Group') gridColumns(c, out);
  }
  return out;
}

function positiveInteger(text: string | null | undefined, fallback: number): number {
  const n = Number((text ?? '').trim());
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function filterOf(status: DataProvider | Document | null | undefined): Element | null {
  const doc = status instanceof DataProvider ? status.getData() : status;
  const root = doc?.documentElement;
  return root ? child(root, NS.f, 'Filter') : null;
}

/**
 * Builds the `wrq:WrsRequest` a grid loads its data with, from a `grid:GridConfiguration`:
 * the selected columns (groups flattened, in order) as `wrq:Columns`, the binding set as `wrq:From`, the status
 * model's `f:Filter`, `grid:OrderColumns` as `wrq:Ordering`, and a server-side page as `rowStart`/`rowEnd`.
 * Throws INVALID_ARGUMENT naming what the configuration lacks.
 */
export function buildWrsRequest(config: Document, options: WrsRequestOptions = {}): Document {
  const root = config?.documentElement;
  if (!root || root.namespaceURI !== NS.grid || root.localName !== 'GridConfiguration') {
    throw new WrsError('INVALID_ARGUMENT', `Expected a grid:GridConfiguration, got ${root ? `{${root.namespaceURI}}${root.localName}` : 'no document'}`, config);
  }
  const bindingSet = child(root, NS.wrq, 'BindingSet')?.textContent?.trim();
  if (!bindingSet) throw new WrsError('INVALID_ARGUMENT', 'The grid configuration has no wrq:BindingSet', config);
  const selectColumns = child(root, NS.grid, 'SelectColumns');
  const columns = selectColumns ? gridColumns(selectColumns, []) : [];
  if (columns.length === 0) throw new WrsError('INVALID_ARGUMENT', 'The grid configuration selects no columns (grid:SelectColumns/grid:C)', config);

  const doc = createDocument(config);
  const el = (ns: string, qname: string) => doc.createElementNS(ns, qname);
  const request = el(NS.wrq, 'wrq:WrsRequest');
  request.setAttribute('xmlns:f', NS.f);
  doc.appendChild(request);
  const select = el(NS.wrq, 'wrq:Select');
  request.appendChild(select);

  let rowStart = options.rowStart;
  let rowEnd = options.rowEnd;
  const paginate = child(root, XSLT_PARAMS_NS, 'Paginate');
  if (rowStart === undefined && rowEnd === undefined && options.serverSidedPagination && paginate) {
    const size = positiveInteger(child(paginate, XSLT_PARAMS_NS, 'PageSize')?.textContent, 20);
    const page = positiveInteger(child(paginate, XSLT_PARAMS_NS, 'PageNumber')?.textContent, 1);
    rowStart = (page - 1) * size + 1;
    rowEnd = page * size;
  }
  if (rowStart !== undefined) select.setAttribute('rowStart', String(rowStart));
  if (rowEnd !== undefined) select.setAttribute('rowEnd', String(rowEnd));

  const wrqColumns = el(NS.wrq, 'wrq:Columns');
  const asked = new Set<string>();
  for (const c of columns) {
    const bRef = c.getAttribute('bRef');
    if (!bRef) throw new WrsError('INVALID_ARGUMENT', 'A grid:C has no bRef', c);
    // A column shown twice is asked for once: a Wrs header holds each column id once (and servers refuse repeats).
    if (asked.has(bRef)) continue;
    asked.add(bRef);
    const wc = el(NS.wrq, 'wrq:C');
    wc.setAttribute('bRef', bRef);
    for (const name of CARRIED_ATTRIBUTES) if (c.hasAttribute(name)) wc.setAttribute(name, c.getAttribute(name)!);
    wrqColumns.appendChild(wc);
  }
  select.appendChild(wrqColumns);

  const from = el(NS.wrq, 'wrq:From');
  const bs = el(NS.wrq, 'wrq:BindingSet');
  bs.appendChild(doc.createTextNode(bindingSet));
  from.appendChild(bs);
  select.appendChild(from);

  const filter = filterOf(options.statusModel);
  if (filter && childElements(filter).length > 0) select.appendChild(doc.importNode(filter, true));

  const order = child(root, NS.grid, 'OrderColumns');
  const orderColumns = order ? childElements(order).filter((c) => c.namespaceURI === NS.grid && c.localName === 'C') : [];
  if (orderColumns.length > 0) {
    const ordering = el(NS.wrq, 'wrq:Ordering');
    for (const c of orderColumns) {
      const oc = el(NS.wrq, 'wrq:C');
      oc.setAttribute('bRef', c.getAttribute('bRef') ?? '');
      oc.setAttribute('order', c.getAttribute('order') === 'desc' ? 'desc' : 'asc');
      ordering.appendChild(oc);
    }
    select.appendChild(ordering);
  }
  return doc;
}

/**
 * The request chain as a JS step: `(gridConfiguration, {statusModel, rowStart, rowEnd, serverSidedPagination})`
 * -> `wrq:WrsRequest` (parameters may be chain:Param strings).
 */
export function requestChain(config: Document, params: ChainParams): Document {
  const num = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));
  return buildWrsRequest(config, {
    statusModel: (params['statusModel'] as DataProvider | Document | null | undefined) ?? null,
    rowStart: num(params['rowStart']),
    rowEnd: num(params['rowEnd']),
    serverSidedPagination: params['serverSidedPagination'] === true || params['serverSidedPagination'] === 'true',
  });
}
