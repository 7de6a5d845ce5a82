import { NS, serializeXml } from 'ngx-wrs-grid/core';

/**
 * What identifies a grid's data across page loads: the grid's `id` when given, and for data loaded from a request
 * its binding sets and filters (not its page: pending rows go along when the page turns). Null when there is
 * neither: such a grid keeps no journal.
 */
export function journalKeyOf(gridId: string | undefined, request: Document | null): string | null {
  const bindingSets = request ? [...request.getElementsByTagNameNS(NS.wrq, 'BindingSet')].map((b) => (b.textContent ?? '').trim()) : [];
  if (!gridId && bindingSets.length === 0) return null;
  const filters = request ? [...request.getElementsByTagNameNS(NS.f, 'Filter')].map((f) => serializeXml(f)) : [];
  return JSON.stringify({ id: gridId ?? null, bindingSets, filters });
}
