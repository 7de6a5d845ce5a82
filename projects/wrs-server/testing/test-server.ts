import { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { NS, parseXml } from 'ngx-wrs-grid/core';
import { BindingSets, readBindingSets } from '../src/binding-sets';
import { Database } from '../src/database';
import { ensureDemoData } from '../src/seed';
import { createWrsServer } from '../src/wrs-server';
import { DatabaseKind, openTestDatabase } from './test-databases';

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

/**
 * The real server on a fresh database of the kind (`openTestDatabase`), on a free port: seeded with the 10,000 demo orders and their binding sets, or
 * with `table` (one CREATE TABLE statement) and `bindingSets` instead; `log` gets what the server logs of its 500s
 * and what openPostgres logs.
 */
export async function startTestServer(
  kind: DatabaseKind,
  own?: { table: string; bindingSets: BindingSets },
  log?: (message: string) => void,
): Promise<TestServer> {
  const db = await openTestDatabase(kind, log);
  if (own) await db.query(own.table);
  else await ensureDemoData(db);
  const bindingSets = own?.bindingSets ?? readBindingSets(resolve('projects/wrs-server/binding-sets.json'));
  const server = createWrsServer({ db, bindingSets, log });
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

export interface LoadOptions {
  columns?: string[];
  filter?: string;
  ordering?: string;
  select?: string;
  columnsXml?: string;
}

/** A load request for the `orders` binding set; `select` holds the wrq:Select attributes, `inner` its children after From. */
export function ordersRequest(options: LoadOptions = {}): string {
  return loadRequest('orders', options);
}

/** A load request for a binding set (see `ordersRequest`). */
export function loadRequest(bindingSet: string, options: LoadOptions = {}): string {
  const columns = options.columnsXml ?? (options.columns ? options.columns.map((c) => `<wrq:C bRef="${c}"/>`).join('') : '');
  return (
    `<wrq:WrsRequest xmlns:wrq="${WRQ}" xmlns:f="${F}"><wrq:Select ${options.select ?? ''}>` +
    (columns ? `<wrq:Columns>${columns}</wrq:Columns>` : '') +
    `<wrq:From><wrq:BindingSet>${bindingSet}</wrq:BindingSet></wrq:From>` +
    (options.filter !== undefined ? `<f:Filter>${options.filter}</f:Filter>` : '') +
    (options.ordering ? `<wrq:Ordering>${options.ordering}</wrq:Ordering>` : '') +
    '</wrq:Select></wrq:WrsRequest>'
  );
}

type Cells = readonly (string | null)[];

/** A wrs:C or wrs:O cell; null is wrs:null. */
export function cellXml(tag: 'C' | 'O', v: string | null): string {
  // As a client must: a literal carriage return would reach the server as a line feed.
  const text = v?.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\r/g, '&#13;');
  return text === undefined ? `<wrs:${tag}><wrs:null/></wrs:${tag}>` : `<wrs:${tag}>${text}</wrs:${tag}>`;
}

/** Save rows: wrs:I and wrs:D with their values, wrs:M with new values and originals. */
export const I = (id: string, values: Cells) => `<wrs:I id="${id}">${values.map((v) => cellXml('C', v)).join('')}</wrs:I>`;
export const D = (id: string, values: Cells) => `<wrs:D id="${id}">${values.map((v) => cellXml('C', v)).join('')}</wrs:D>`;
export const M = (id: string, values: Cells, originals: Cells) =>
  `<wrs:M id="${id}">${values.map((v, i) => cellXml('C', v) + cellXml('O', originals[i])).join('')}</wrs:M>`;

/** A save document for a binding set: header columns `ids` (pos in this order), then `rows`. */
export function saveXml(bindingSet: string, ids: readonly string[], rows: string): string {
  const cols = ids.map((id, i) => `<wrs:C id="${id}" pos="${i + 1}"/>`).join('');
  return `<wrs:Wrs xmlns:wrs="${WRS}"><wrs:Header><wrs:BindingSet>${bindingSet}</wrs:BindingSet><wrs:Columns>${cols}</wrs:Columns></wrs:Header><wrs:Data>${rows}</wrs:Data></wrs:Wrs>`;
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
