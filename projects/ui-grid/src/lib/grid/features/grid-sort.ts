import { NS, RowOrdering } from 'ngx-wrs-grid/core';

/**
 * The next sort keys after a header click: a plain click sorts by that column alone, cycling ascending ->
 * descending -> unsorted; with shift the column is added to (or cycled within) the keys of the other columns.
 */
export function toggleOrdering(current: readonly RowOrdering[], colId: string, multi: boolean): RowOrdering[] {
  const existing = current.find((o) => o.colId === colId);
  const next: RowOrdering | null = !existing ? { colId } : !existing.descending ? { colId, descending: true } : null;
  if (!multi) return next ? [next] : [];
  const out: RowOrdering[] = [];
  for (const o of current) {
    if (o.colId !== colId) out.push(o);
    else if (next) out.push(next);
  }
  if (!existing && next) out.push(next);
  return out;
}

/** `grid:OrderColumns` of a grid configuration: the initial sort keys. */
export function configOrderings(config: Document | null): RowOrdering[] {
  const root = config?.documentElement;
  if (!root) return [];
  const out: RowOrdering[] = [];
  for (let c = root.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== 1 || (c as Element).namespaceURI !== NS.grid || (c as Element).localName !== 'OrderColumns') continue;
    for (let k = c.firstChild; k; k = k.nextSibling) {
      if (k.nodeType !== 1 || (k as Element).namespaceURI !== NS.grid || (k as Element).localName !== 'C') continue;
      const bRef = (k as Element).getAttribute('bRef');
      if (bRef) out.push({ colId: bRef, descending: (k as Element).getAttribute('order') === 'desc' });
    }
  }
  return out;
}

/** Replaces the `wrq:Ordering` of a `wrq:WrsRequest` with sort keys (none removes it): server-side sorting. */
export function setRequestOrdering(request: Document, orderings: readonly RowOrdering[]): Document {
  const select = request.getElementsByTagNameNS(NS.wrq, 'Select')[0];
  if (!select) return request;
  for (const old of Array.from(select.getElementsByTagNameNS(NS.wrq, 'Ordering'))) if (old.parentNode === select) select.removeChild(old);
  if (orderings.length === 0) return request;
  const ordering = select.appendChild(request.createElementNS(NS.wrq, 'wrq:Ordering'));
  for (const o of orderings) {
    const c = ordering.appendChild(request.createElementNS(NS.wrq, 'wrq:C')) as Element;
    c.setAttribute('bRef', o.colId);
    c.setAttribute('order', o.descending ? 'desc' : 'asc');
  }
  return request;
}
