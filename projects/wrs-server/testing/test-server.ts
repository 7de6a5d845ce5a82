import { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { NS, parseXml } from 'ngx-wrs-grid/core';
import { BindingSets, readBindingSets } from '../src/binding-sets';
import { Database, openPglite } from '../src/database';
import { ensureDemoData } from '../src/seed';
import { createWrsServer } from '../src/wrs-server';

export const WRQ = NS.wrq;
export const WRS = NS.wrs;
export const F = NS.f;

export interface TestServer {
  readonly url: string;
  readonly db: Database;
  readonly bindingSets: BindingSets;
  post(path: string, body: string): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

/** The real server on an in-memory PGlite seeded with the 10,000 demo orders, on a free port. */
export async function startTestServer(): Promise<TestServer> {
  const db = await openPglite();
  await ensureDemoData(db);
  const bindingSets = readBindingSets(resolve('projects/wrs-server/binding-sets.json'));
  const server = createWrsServer({ db, bindingSets });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    db,
    bindingSets,
    async post(path, body) {
      const r = await fetch(url + path, { method: 'POST', body, headers: { 'Content-Type': 'application/xml' } });
      return { status: r.status, text: await r.text() };
    },
    async close() {
      await new Promise((ok) => server.close(ok));
      await db.close();
    },
  };
}

/** A load request for the `orders` binding set; `select` holds the wrq:Select attributes, `inner` its children after From. */
export function ordersRequest(options: { columns?: string[]; filter?: string; ordering?: string; select?: string; columnsXml?: string } = {}): string {
  const columns = options.columnsXml ?? (options.columns ? options.columns.map((c) => `<wrq:C bRef="${c}"/>`).join('') : '');
  return (
    `<wrq:WrsRequest xmlns:wrq="${WRQ}" xmlns:f="${F}"><wrq:Select ${options.select ?? ''}>` +
    (columns ? `<wrq:Columns>${columns}</wrq:Columns>` : '') +
    '<wrq:From><wrq:BindingSet>orders</wrq:BindingSet></wrq:From>' +
    (options.filter !== undefined ? `<f:Filter>${options.filter}</f:Filter>` : '') +
    (options.ordering ? `<wrq:Ordering>${options.ordering}</wrq:Ordering>` : '') +
    '</wrq:Select></wrq:WrsRequest>'
  );
}

/** Rows of a Wrs answer as arrays of cell values (null for wrs:null), with their ids. */
export function rowsOf(text: string): { id: string; name: string; cells: (string | null)[] }[] {
  const doc = parseXml(text);
  let data: Node | null = null;
  for (let n = doc.documentElement.firstChild; n; n = n.nextSibling) if ((n as Element).localName === 'Data') data = n;
  const out: { id: string; name: string; cells: (string | null)[] }[] = [];
  for (let r = data?.firstChild ?? null; r; r = r.nextSibling) {
    if (r.nodeType !== 1) continue;
    const row = r as Element;
    const cells: (string | null)[] = [];
    for (let c = row.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1 || (c as Element).localName !== 'C') continue;
      cells.push((c as Element).getElementsByTagNameNS(WRS, 'null').length ? null : c.textContent ?? '');
    }
    out.push({ id: row.getAttribute('id')!, name: row.localName, cells });
  }
  return out;
}

/** The rows of `orders` as the database holds them, for asserting what a save wrote. */
export async function orderRows(db: Database, ids: number[]): Promise<Record<string, string | null>[]> {
  const r = await db.query(
    `SELECT id::text, customer, country::text, status, quantity::text, price::text, to_char(order_date, 'YYYY-MM-DD') AS order_date
     FROM orders WHERE id = ANY($1::int[]) ORDER BY id`,
    [ids],
  );
  return r.rows as Record<string, string | null>[];
}
