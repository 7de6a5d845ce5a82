// A server page round trip as the grid does it with serverSidedPagination: the page request (rowStart/rowEnd, the
// status model's f:Filter, wrq:Ordering) and the row count request side by side, through FetchWrsBackend over HTTP to
// the reference server on an in-memory PGlite holding the 10,000 demo orders.
import { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import 'ngx-wrs-grid/core/xmldom';
import { FetchWrsBackend, NS, StaticModel, WrsIndex, buildWrsRequest, parseXml } from 'ngx-wrs-grid/core';
import { readBindingSets } from '../../projects/wrs-server/src/binding-sets';
import { openPglite } from '../../projects/wrs-server/src/database';
import { ensureDemoData } from '../../projects/wrs-server/src/seed';
import { createWrsServer } from '../../projects/wrs-server/src/wrs-server';
import { loadTotalRows, pageRequest } from '../../projects/ui-grid/src/lib/grid/features/server-pages';
import { setRequestOrdering } from '../../projects/ui-grid/src/lib/grid/features/grid-sort';
import type { Figure } from '../harness';

const CONFIG = `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>orders</wrq:BindingSet><grid:SelectColumns>${[
  'id', 'customer', 'country', 'status', 'quantity', 'price', 'orderDate',
].map((c) => `<grid:C bRef="${c}"/>`).join('')}</grid:SelectColumns><grid:OrderColumns><grid:C bRef="id"/></grid:OrderColumns></grid:GridConfiguration>`;

const RUNS = 9;

export async function serverPageRoundTrip(median: (values: number[]) => number): Promise<Figure[]> {
  const db = await openPglite();
  await ensureDemoData(db);
  const server = createWrsServer({ db, bindingSets: readBindingSets(resolve('projects/wrs-server/binding-sets.json')) });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/WrsServlet`;
  const backend = new FetchWrsBackend({ modelUrl: url });
  const config = parseXml(CONFIG);
  try {
    const roundTrip = async (page: number, filter: string, orderBy: string | null): Promise<{ ms: number; rows: number; total: number }> => {
      const status = new StaticModel({ data: `<s:Status xmlns:s="urn:s" xmlns:f="${NS.f}"><f:Filter>${filter}</f:Filter></s:Status>` });
      await status.fetchData();
      const t0 = performance.now();
      const request = pageRequest(buildWrsRequest(config, { statusModel: status }), page, 25);
      if (orderBy) setRequestOrdering(request, [{ colId: orderBy, descending: true }]);
      const [doc, total] = await Promise.all([backend.load(request, { url }), loadTotalRows(backend, request, { url })]);
      const rows = WrsIndex.of(doc).rowCount;
      return { ms: performance.now() - t0, rows, total };
    };
    const cases: [string, number, string, string | null][] = [
      ['serverPage.first.25of10k', 0, '', null],
      ['serverPage.deep.page200.25of10k', 199, '', null],
      ['serverPage.filteredSorted.25', 0, '<f:And id="g_cf_quantity"><f:Expression bRef="quantity" op="&gt;=" value="5"/></f:And>', 'price'],
    ];
    const figures: Figure[] = [];
    for (const [name, page, filter, orderBy] of cases) {
      await roundTrip(page, filter, orderBy);
      const times: number[] = [];
      let last = { ms: 0, rows: 0, total: 0 };
      for (let i = 0; i < RUNS; i++) {
        last = await roundTrip(page, filter, orderBy);
        times.push(last.ms);
      }
      if (last.rows !== 25) throw new Error(`${name}: expected a page of 25 rows, got ${last.rows}`);
      figures.push({ suite: 'grid-features', name, value: median(times), unit: 'ms', env: 'node+pglite' });
      figures.push({ suite: 'grid-features', name: `${name}.totalRows`, value: last.total, unit: 'count', env: 'node+pglite' });
    }
    return figures;
  } finally {
    server.close();
    await db.close();
  }
}
