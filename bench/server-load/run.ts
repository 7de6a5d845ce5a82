// `npm run bench -- server-load`: the reference server under N concurrent clients (10, 50, 200) loading pages and
// saving, a fifth of them on the same five rows. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL or
// DATABASE_URL names one (a schema of its own, dropped afterwards). Prints saves per second and latencies, and proves
// from the outcomes and the table that no update was lost, no insert doubled and the server kept answering.
import type { TestServer } from '../../projects/wrs-server/testing/test-server';
import { ClientOutcome, checkOutcomes } from './outcomes';

/** `SERVER_LOAD_CLIENTS=10,50` runs fewer client counts. */
const CLIENT_COUNTS = (process.env['SERVER_LOAD_CLIENTS'] ?? '10,50,200').split(',').map(Number);
/** Iterations per client (a load, then a save), and a time limit per run: the bench stays bounded on a slow machine. */
const ITERATIONS = 8;
const RUN_LIMIT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 60_000;
const HOT_IDS = [1, 2, 3, 4, 5];
const ROWS_PER_CLIENT = 5;
const COLUMNS = ['id', 'customer', 'country', 'status', 'quantity', 'price'];
const QUANTITY = COLUMNS.indexOf('quantity');

process.env['TEST_DATABASE_URL'] ||= process.env['DATABASE_URL'] ?? '';
const testing = import('../../projects/wrs-server/testing/test-server');

function report(name: string, value: number, unit: string): void {
  console.log(JSON.stringify({ suite: 'server-load', name, value: Math.round(value * 100) / 100, unit }));
}

/** A failed fetch with its cause (fetch says only "fetch failed"). */
function failure(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return `${String(e)}${cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : ''}`;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** The ids a client edits: the hot rows for a fifth of the clients, five rows of its own for the others. */
function rowsOfClient(client: number): number[] {
  return client % 5 === 0 ? HOT_IDS : Array.from({ length: ROWS_PER_CLIENT }, (_, k) => 100 + client * ROWS_PER_CLIENT + k);
}

function idFilter(ids: number[]): string {
  return `<f:And><f:Expression bRef="id" op="&gt;=" value="${Math.min(...ids)}"/><f:Expression bRef="id" op="&lt;=" value="${Math.max(...ids)}"/></f:And>`;
}

/** What one client does: load its rows, save one changed row (every fourth time an inserted one), until done or late. */
async function runClient(server: TestServer, client: number, deadline: number, out: ClientOutcome[], latencies: { load: number[]; save: number[] }): Promise<void> {
  const t = await testing;
  const ids = rowsOfClient(client);
  const hot = client % 5 === 0;
  const post = async (body: string) => {
    const r = await fetch(server.url + '/WrsServlet', {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/xml' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: r.status, text: await r.text() };
  };
  for (let i = 0; i < ITERATIONS && Date.now() < deadline; i++) {
    // Unique over the run: a saved quantity tells which save wrote it.
    const quantity = String(1_000_000 + client * 1_000 + i);
    let started = performance.now();
    let rows: ReturnType<typeof t.rowsOf>;
    try {
      const page = await post(t.loadRequest('orders', { columns: COLUMNS, filter: idFilter(ids) }));
      latencies.load.push(performance.now() - started);
      if (page.status !== 200) throw new Error(`load answered ${page.status}: ${page.text}`);
      rows = t.rowsOf(page.text);
    } catch (e) {
      out.push({ kind: 'load', client, rowId: '', key: '', original: null, value: null, status: 0, body: failure(e) });
      continue;
    }
    let outcome: ClientOutcome;
    let body: string;
    if (i % 4 === 3) {
      // Hot clients insert the same new keys, so all but one of them must be refused.
      const key = hot ? 50_000 + i : 60_000 + client * 100 + i;
      const rowId = `I_${client}_${i}`;
      outcome = { kind: 'I', client, rowId, key: String(key), original: null, value: `load ${client}.${i}`, status: 0, body: '' };
      body = t.saveXml('orders', COLUMNS, t.I(rowId, [String(key), outcome.value, 'DE', 'NEW', quantity, '1.00']));
    } else {
      const row = rows[(hot ? i : client + i) % rows.length];
      const values = [...row.cells];
      values[QUANTITY] = quantity;
      outcome = { kind: 'M', client, rowId: `R${row.cells[0]}`, key: row.cells[0]!, original: row.cells[QUANTITY], value: quantity, status: 0, body: '' };
      body = t.saveXml('orders', COLUMNS, t.M(outcome.rowId, values, row.cells));
    }
    started = performance.now();
    try {
      const answer = await post(body);
      latencies.save.push(performance.now() - started);
      out.push({ ...outcome, status: answer.status, body: answer.text });
    } catch (e) {
      out.push({ ...outcome, status: 0, body: failure(e) });
    }
  }
}

async function run(kind: 'pglite' | 'postgres', clients: number): Promise<{ savesPerSecond: number; violations: string[] }> {
  const t = await testing;
  const logged: string[] = [];
  const server = await t.startTestServer(kind, undefined, (m) => logged.push(m));
  const prefix = `${kind}.clients${clients}`;
  try {
    const touched = [...new Set(Array.from({ length: clients }, (_, c) => rowsOfClient(c)).flat())];
    const initial = new Map((await t.orderRows(server.db, touched)).map((r) => [r['id']!, r['quantity']]));
    const outcomes: ClientOutcome[] = [];
    const latencies = { load: [] as number[], save: [] as number[] };
    const started = performance.now();
    const deadline = Date.now() + RUN_LIMIT_MS;
    await Promise.all(Array.from({ length: clients }, (_, c) => runClient(server, c, deadline, outcomes, latencies)));
    const seconds = (performance.now() - started) / 1000;
    const saves = outcomes.filter((o) => o.kind !== 'load' && o.status !== 0);
    const check = await checkOutcomes(server.db, outcomes, initial);
    // Still answering after the run: its health endpoint and a load.
    const health = await fetch(server.url + '/health').then((r) => r.status, () => 0);
    const after = await server.post('/WrsServlet', t.loadRequest('orders', { columns: COLUMNS, filter: idFilter(HOT_IDS) })).then((r) => r.status, () => 0);
    const violations = [...check.violations, ...logged.map((m) => `server logged: ${m}`)];
    if (health !== 200 || after !== 200) violations.push(`after the run the server answered health ${health}, load ${after}`);
    report(`${prefix}.savesPerSecond`, saves.length / seconds, 'saves/s');
    report(`${prefix}.acceptedSavesPerSecond`, saves.filter((o) => o.status === 200).length / seconds, 'saves/s');
    report(`${prefix}.save.p50`, percentile(latencies.save, 50), 'ms');
    report(`${prefix}.save.p95`, percentile(latencies.save, 95), 'ms');
    report(`${prefix}.load.p95`, percentile(latencies.load, 95), 'ms');
    report(`${prefix}.saves`, saves.length, 'count');
    report(`${prefix}.conflicts409`, saves.filter((o) => o.status === 409).length, 'count');
    report(`${prefix}.lostUpdates`, check.lostUpdates, 'count');
    report(`${prefix}.duplicateInserts`, check.duplicateInserts, 'count');
    report(`${prefix}.unjustifiedRejections`, check.unjustifiedRejections, 'count');
    report(`${prefix}.unanswered`, check.unanswered + (health === 200 && after === 200 ? 0 : 1), 'count');
    return { savesPerSecond: saves.length / seconds, violations };
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const kinds: ('pglite' | 'postgres')[] = process.env['TEST_DATABASE_URL'] ? ['pglite', 'postgres'] : ['pglite'];
  if (kinds.length === 1) console.error('server-load: PostgreSQL skipped (set TEST_DATABASE_URL or DATABASE_URL, or run through bash scripts/with-postgres.sh)');
  const rates = new Map<string, number>();
  const violations: string[] = [];
  for (const kind of kinds) {
    for (const clients of CLIENT_COUNTS) {
      const result = await run(kind, clients);
      rates.set(`${kind}.${clients}`, result.savesPerSecond);
      violations.push(...result.violations.map((v) => `${kind}, ${clients} clients: ${v}`));
    }
  }
  if (kinds.length === 2) {
    for (const clients of CLIENT_COUNTS) report(`postgresToPglite.clients${clients}.savesPerSecond`, rates.get(`postgres.${clients}`)! / rates.get(`pglite.${clients}`)!, 'ratio');
  }
  for (const v of violations.slice(0, 50)) console.error(`server-load: VIOLATION ${v}`);
  // Figures are what they are; a lost update, a doubled insert or an unanswered request fails the run.
  if (violations.length > 0) process.exitCode = 1;
}

void main();
