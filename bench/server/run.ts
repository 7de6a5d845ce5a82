// `npm run bench -- server`: the reference server on an in-memory PGlite with the 10,000 demo orders, over HTTP.
// Figures: a load of a 10,000-row page (round trip, then with the client's parse), a save of 1,000 changed rows, and a
// save of 1,000 rows mixing deletes, changes and inserts (each over HTTP, commit included).
import { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { FetchWrsBackend, NS, cellValue, cellsOf, parseXml } from 'ngx-wrs-grid/core';
import { readBindingSets } from '../../projects/wrs-server/src/binding-sets';
import { openPglite } from '../../projects/wrs-server/src/database';
import { ensureDemoData } from '../../projects/wrs-server/src/seed';
import { createWrsServer } from '../../projects/wrs-server/src/wrs-server';

const RUNS = 5;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function report(name: string, value: number, unit = 'ms'): void {
  console.log(JSON.stringify({ suite: 'server', name, value: Math.round(value * 100) / 100, unit }));
}

async function main(): Promise<void> {
  const seedStart = performance.now();
  const db = await openPglite();
  const opened = performance.now();
  await ensureDemoData(db);
  report('pglite.open', opened - seedStart);
  report('seed.10k', performance.now() - opened);

  const server = createWrsServer({ db, bindingSets: readBindingSets(resolve('projects/wrs-server/binding-sets.json')) });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/WrsServlet`;
  const backend = new FetchWrsBackend({ modelUrl: url });

  const columns = ['id', 'customer', 'country', 'status', 'quantity', 'price', 'orderDate'];
  const request = (rowStart: number, rowEnd: number) =>
    `<wrq:WrsRequest xmlns:wrq="${NS.wrq}"><wrq:Select rowStart="${rowStart}" rowEnd="${rowEnd}"><wrq:Columns>${columns
      .map((c) => `<wrq:C bRef="${c}"/>`)
      .join('')}</wrq:Columns><wrq:From><wrq:BindingSet>orders</wrq:BindingSet></wrq:From></wrq:Select></wrq:WrsRequest>`;

  async function post(body: string): Promise<string> {
    const r = await fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/xml' } });
    const text = await r.text();
    if (!r.ok) throw new Error(`HTTP ${r.status}: ${text}`);
    return text;
  }

  const http: number[] = [];
  const parsed: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS + 1; i++) {
    let t = performance.now();
    const text = await post(request(1, 10_000));
    const httpTime = performance.now() - t;
    t = performance.now();
    const doc = await backend.load(request(1, 10_000));
    const parsedTime = performance.now() - t;
    if (doc.getElementsByTagNameNS(NS.wrs, 'R').length < 10_000) throw new Error('expected 10,000 rows');
    bytes = text.length;
    // The first run warms the JIT and PGlite's caches.
    if (i > 0) {
      http.push(httpTime);
      parsed.push(parsedTime);
    }
  }
  report('load.page10k.http', median(http));
  report('load.page10k.parsedWithXmldom', median(parsed));
  report('load.page10k.bytes', bytes, 'bytes');

  const header = columns.map((c, k) => `<wrs:C id="${c}" pos="${k + 1}"/>`).join('');
  const saveDoc = (rows: string) =>
    `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:BindingSet>orders</wrs:BindingSet><wrs:Columns>${header}</wrs:Columns></wrs:Header><wrs:Data>${rows}</wrs:Data></wrs:Wrs>`;
  const cell = (tag: string, v: string | null) => (v === null ? `<wrs:${tag}><wrs:null/></wrs:${tag}>` : `<wrs:${tag}>${v.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</wrs:${tag}>`);
  /** Rows `start`..`start + 999` as the client loaded them: id and cell values. */
  async function loadedRows(start: number): Promise<{ id: string; values: (string | null)[] }[]> {
    const page = parseXml(await post(request(start, start + 999)));
    // The answer's own wrs:Data, not one inside a column's wrs:References.
    const data = [...(page.documentElement.childNodes as unknown as Element[])].find((n) => n.localName === 'Data')!;
    const rows = [...(data.childNodes as unknown as Element[])].filter((n) => n.nodeType === 1);
    return rows.map((r) => ({ id: r.getAttribute('id')!, values: cellsOf(r).map(cellValue) }));
  }
  const modified = (row: { id: string; values: (string | null)[] }) => {
    const changed = [...row.values];
    changed[4] = String(Number(row.values[4]) + 1);
    return `<wrs:M id="${row.id}">${changed.map((v, k) => cell('C', v) + cell('O', row.values[k])).join('')}</wrs:M>`;
  };
  async function timedSave(doc: string): Promise<number> {
    const t = performance.now();
    await backend.save(doc);
    return performance.now() - t;
  }

  // Each run saves other rows, so no run finds rows an earlier one changed.
  const saves: number[] = [];
  for (let i = 0; i < RUNS; i++) saves.push(await timedSave(saveDoc((await loadedRows(1 + i * 1000)).map(modified).join(''))));
  report('save.1000M', median(saves));

  // A third each: rows deleted, rows modified, and new rows inserted.
  const mixed: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const rows = await loadedRows(5001 + i * 1000);
    const body = rows
      .map((row, k) => {
        if (k % 3 === 0) return `<wrs:D id="${row.id}">${row.values.map((v) => cell('C', v)).join('')}</wrs:D>`;
        if (k % 3 === 1) return modified(row);
        const inserted = [String(100_000 + i * 1000 + k), ...row.values.slice(1)];
        return `<wrs:I id="I_${i}_${row.id}">${inserted.map((v) => cell('C', v)).join('')}</wrs:I>`;
      })
      .join('');
    mixed.push(await timedSave(saveDoc(body)));
  }
  report('save.1000mixed', median(mixed));

  server.close();
  await db.close();
}

void main();
