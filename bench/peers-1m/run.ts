// `npm run bench -- peers-1m`: ngx-wrs-grid and AG Grid Community on 1,000,000 rows x 20 columns (PEERS_1M_ROWS), ours
// from Wrs XML text (about 460 MB), AG Grid from the same rows as JSON text, each generated in its page. Payload -> first
// row painted and the p95 scroll frame, for each grid that gets there. Ours is scrolled while its rows are still being
// built and again once it is ready. A grid that runs out of memory, crashes, or passes a time limit is a result: its
// `outcome` figure says where it stopped, and the run goes on. The page's processes are held under PEERS_1M_MAX_MB
// (9,000 by default) of resident memory, read from /proc (Linux): past it the renderer is killed, so one run cannot take
// the memory of a shared machine.
import { readFileSync, readdirSync } from 'node:fs';
import { type Browser, type Page } from '@playwright/test';
import { percentile, report } from '../harness';
import { VIEWPORT, launchPeers, load, open, scroll, type Load } from '../peers/pages';

const OUT = 'dist/bench-peers-demo';
const ROWS = Number(process.env.PEERS_1M_ROWS ?? 1_000_000);
const MAX_MB = Number(process.env.PEERS_1M_MAX_MB ?? 9000);
// Counted from the start of the load, the text generated in the page included (over a minute on a loaded machine).
const FIRST_PAINT_LIMIT_MS = 1_800_000;
const READY_LIMIT_MS = 900_000;
const SCROLL_LIMIT_MS = 180_000;
const PAGE_SIZE = 4096;

/** Resident memory (MB) of each process below `root`, by pid. */
function descendants(root: number): Map<number, number> {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name may hold spaces: the fields after it start behind the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(fields[1]));
      rss.set(Number(name), (Number(readFileSync(`/proc/${name}/statm`, 'utf8').split(' ')[1]) * PAGE_SIZE) / 2 ** 20);
    } catch {
      // The process ended while being read.
    }
  }
  const below = new Map<number, number>();
  for (const [pid, mb] of rss) {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) {
      if (p === root) {
        below.set(pid, mb);
        break;
      }
    }
  }
  return below;
}

/** Kills the largest process of the browser once all of them hold more than MAX_MB; `stopped` tells it happened. */
function memoryCap(): { stop(): void; stopped(): number } {
  let stoppedAt = 0;
  const timer = setInterval(() => {
    const processes = descendants(process.pid);
    const total = [...processes.values()].reduce((a, b) => a + b, 0);
    if (total <= MAX_MB) return;
    const [largest] = [...processes].sort((a, b) => b[1] - a[1])[0];
    stoppedAt = total;
    process.kill(largest, 'SIGKILL');
  }, 500);
  return { stop: () => clearInterval(timer), stopped: () => stoppedAt };
}

/** `work`, or a rejection naming the limit once `ms` passed or the page crashed. */
function within<T>(page: Page, work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms / 1000} s`)), ms);
    page.once('crash', () => reject(new Error(`${what}: the page crashed`)));
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

const env = `chromium headless, ${ROWS} x 20`;

function outcome(grid: string, completed: boolean, note: string): void {
  report({ suite: 'peers-1m', name: `${grid}.completed.${ROWS}`, value: completed ? 1 : 0, unit: 'count', env: `${env}, ${note}` });
}

/** The reason of a failed step, with the memory cap where it struck. */
function reason(e: unknown, cap: { stopped(): number }): string {
  const message = e instanceof Error ? e.message.split('\n')[0] : String(e);
  return cap.stopped() ? `${message} (the browser's processes held ${Math.round(cap.stopped())} MB, over the cap of ${MAX_MB} MB)` : message;
}

async function ours(browser: Browser, url: string): Promise<void> {
  const grid = 'ngx-wrs-grid';
  const cap = memoryCap();
  const page = await open(browser, url, grid);
  let step = 'first row painted';
  try {
    await page.evaluate((n) => {
      const g = globalThis as unknown as Record<string, unknown> & { gridSpeed: { loadText(n: number, painted: (f: unknown) => void): Promise<Load> } };
      g['first'] = null;
      g['ready'] = null;
      g.gridSpeed.loadText(n, (f) => (g['first'] = f)).then((r) => (g['ready'] = r), (e) => (g['failed'] = String(e)));
    }, ROWS);
    const first = (await within(page, page.waitForFunction(() => (globalThis as Record<string, unknown>)['first'] ?? (globalThis as Record<string, unknown>)['failed'], null, { polling: 200, timeout: 0 }).then((h) => h.jsonValue()), FIRST_PAINT_LIMIT_MS, step)) as Load | string;
    if (typeof first === 'string') throw new Error(first);
    report({ suite: 'peers-1m', name: `${grid}.payloadToFirstPaint.${ROWS}`, value: first.parseMs + first.firstPaintMs, unit: 'ms', env: `${env}, Wrs XML text -> first row painted, one load` });
    step = 'scroll while loading';
    const loading = await within(page, scroll(page, VIEWPORT[grid]), SCROLL_LIMIT_MS, step);
    report({ suite: 'peers-1m', name: `${grid}.scroll.p95Frame.whileLoading.${ROWS}`, value: percentile(loading, 95), unit: 'ms', env: `${env}, 400 frames over the rows built so far while the rest are built` });
    step = 'ready';
    const ready = (await within(page, page.waitForFunction(() => (globalThis as Record<string, unknown>)['ready'] ?? (globalThis as Record<string, unknown>)['failed'], null, { polling: 1000, timeout: 0 }).then((h) => h.jsonValue()), READY_LIMIT_MS, step)) as Load | string;
    if (typeof ready === 'string') throw new Error(ready);
    report({ suite: 'peers-1m', name: `${grid}.textToReady.${ROWS}`, value: ready.readyMs!, unit: 'ms', env: `${env}, text -> grid ready (rows read and checked, kept in a row store)` });
    step = 'scroll when ready';
    const deltas = await within(page, scroll(page, VIEWPORT[grid]), SCROLL_LIMIT_MS, step);
    report({ suite: 'peers-1m', name: `${grid}.scroll.p95Frame.${ROWS}`, value: percentile(deltas, 95), unit: 'ms', env: `${env}, 400 frames, rAF interval, all rows loaded` });
    outcome(grid, true, 'loaded, painted, scrolled, ready');
  } catch (e) {
    outcome(grid, false, `stopped at "${step}": ${reason(e, cap)}`);
  } finally {
    cap.stop();
    await page.close().catch(() => undefined);
  }
}

async function agGrid(browser: Browser, url: string): Promise<void> {
  const grid = 'ag-grid';
  const cap = memoryCap();
  const page = await open(browser, url, grid);
  let step = 'first row painted';
  try {
    const first = await within(page, load(page, grid, ROWS), FIRST_PAINT_LIMIT_MS, step);
    report({ suite: 'peers-1m', name: `${grid}.payloadToFirstPaint.${ROWS}`, value: first.parseMs + first.firstPaintMs, unit: 'ms', env: `${env}, JSON text -> first row painted, one load` });
    step = 'scroll';
    const deltas = await within(page, scroll(page, VIEWPORT[grid]), SCROLL_LIMIT_MS, step);
    report({ suite: 'peers-1m', name: `${grid}.scroll.p95Frame.${ROWS}`, value: percentile(deltas, 95), unit: 'ms', env: `${env}, 400 frames, rAF interval` });
    outcome(grid, true, 'loaded, painted, scrolled');
  } catch (e) {
    outcome(grid, false, `stopped at "${step}": ${reason(e, cap)}`);
  } finally {
    cap.stop();
    await page.close().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const { browser, server } = await launchPeers(OUT);
  try {
    await ours(browser, server.url);
    await agGrid(browser, server.url);
  } finally {
    await browser.close().catch(() => undefined);
    server.close();
  }
}

void main();
