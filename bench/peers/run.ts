// `npm run bench -- peers`: ngx-wrs-grid against the grids an app would pick instead (AG Grid Community, Handsontable)
// in one headless Chromium run, on the same rows x 20 columns at 1,000, 10,000 and 100,000 rows (PEERS_BENCH_ROWS: a
// comma list): ours from Wrs XML text (the format it edits), theirs from the same rows as JSON text. Payload -> first
// row painted, scrolling, page memory.
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from '@playwright/test';
import { buildDemo, serveStatic } from '../demo-server';
import { median, percentile, report } from '../harness';
import { CHROMIUM_BIN, CHROMIUM_FLAGS } from '../../scripts/chromium.cjs';

const OUT = 'dist/bench-peers-demo';
const SIZES = (process.env.PEERS_BENCH_ROWS ?? '1000,10000,100000').split(',').map(Number);
const LOADS = 3;
const GRIDS = ['ngx-wrs-grid', 'ag-grid', 'handsontable'] as const;
type Grid = (typeof GRIDS)[number];
const VIEWPORT: Record<Grid, string> = { 'ngx-wrs-grid': '.ui-grid-viewport', 'ag-grid': '.ag-grid-viewport', handsontable: '.ht_master .wtHolder' };

interface Load {
  parseMs: number;
  firstPaintMs: number;
  /** Ours: text -> grid ready with the whole document. */
  readyMs?: number;
}

async function bundlePeers(): Promise<string> {
  const result = await build({
    entryPoints: ['bench/peers/browser-entry.ts'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: true,
    loader: { '.css': 'text' },
    tsconfig: 'tsconfig.json',
    logLevel: 'error',
  });
  return result.outputFiles[0].text;
}

async function open(browser: Browser, url: string, grid: Grid): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  // tsx keeps function names with a `__name` helper that the page does not have.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await page.goto(grid === 'ngx-wrs-grid' ? `${url}/#/grid-speed` : `${url}/peers.html`);
  await page.waitForFunction((hook) => hook in globalThis, grid === 'ngx-wrs-grid' ? 'gridSpeed' : 'peers');
  return page;
}

function load(page: Page, grid: Grid, rows: number): Promise<Load> {
  if (grid === 'ngx-wrs-grid') return page.evaluate((n) => (globalThis as unknown as { gridSpeed: { loadText(n: number): Promise<Load> } }).gridSpeed.loadText(n), rows);
  return page.evaluate(([name, n]) => (globalThis as unknown as { peers: { load(g: string, n: number): Promise<Load> } }).peers.load(name, n), [grid, rows] as const);
}

/** The scroll driver of bench/grid on any grid's scrolling element: half wheel-like steps, half page jumps; rAF intervals. */
function scroll(page: Page, selector: string): Promise<number[]> {
  return page.evaluate(async (sel) => {
    const vp = document.querySelector(sel) as HTMLElement;
    const frame = () => new Promise<number>(requestAnimationFrame);
    const deltas: number[] = [];
    let last = await frame();
    for (let i = 0; i < 400; i++) {
      const step = i % 2 === 0 ? 84 : vp.scrollHeight / 200;
      vp.scrollTop = (vp.scrollTop + step) % (vp.scrollHeight - vp.clientHeight);
      vp.dispatchEvent(new Event('scroll'));
      void vp.getBoundingClientRect();
      const now = await frame();
      deltas.push(now - last);
      last = now;
    }
    return deltas;
  }, selector);
}

async function memoryMB(page: Page, grid: Grid, rows: number): Promise<number> {
  if (grid === 'ngx-wrs-grid') {
    return page.evaluate((n) => (globalThis as unknown as { gridSpeed: { memory(n: number): Promise<{ afterLoadMB: number }> } }).gridSpeed.memory(n).then((m) => m.afterLoadMB), rows);
  }
  const m = await page.evaluate(([name, n]) => (globalThis as unknown as { peers: { memory(g: string, n: number): Promise<{ emptyMB: number; loadedMB: number }> } }).peers.memory(name, n), [grid, rows] as const);
  return m.loadedMB - m.emptyMB;
}

/** Every grid at one row count, then ours against the best peer per figure. */
async function measureSize(browser: Browser, url: string, rows: number): Promise<void> {
  const env = `chromium headless, ${rows} x 20`;
  const figures: Record<string, Record<Grid, number>> = { payloadToFirstPaint: {} as Record<Grid, number>, scroll: {} as Record<Grid, number>, memory: {} as Record<Grid, number> };
  for (const grid of GRIDS) {
    const page = await open(browser, url, grid);
    const loads: Load[] = [];
    for (let i = 0; i < LOADS; i++) loads.push(await load(page, grid, rows));
    const total = median(loads.map((l) => l.parseMs + l.firstPaintMs));
    figures['payloadToFirstPaint'][grid] = total;
    const format = grid === 'ngx-wrs-grid' ? 'Wrs XML' : 'JSON';
    report({ suite: 'peers', name: `${grid}.payloadToFirstPaint.${rows}`, value: total, unit: 'ms', env: `${env}, ${format} text -> first row painted, median of ${LOADS}` });
    report({ suite: 'peers', name: `${grid}.parse.${rows}`, value: median(loads.map((l) => l.parseMs)), unit: 'ms', env: `${env}, ${format}` });
    report({ suite: 'peers', name: `${grid}.dataToFirstPaint.${rows}`, value: median(loads.map((l) => l.firstPaintMs)), unit: 'ms', env: `${env}, parsed data (ours: the first rows built) -> first row painted` });
    if (grid === 'ngx-wrs-grid') {
      // The same rows parsed whole before the grid gets them, as loads went before the row store: what readiness costs.
      const whole: Load[] = [];
      for (let i = 0; i < LOADS; i++) whole.push(await page.evaluate((n) => (globalThis as unknown as { gridSpeed: { load(n: number): Promise<Load> } }).gridSpeed.load(n), rows));
      report({ suite: 'peers', name: `${grid}.wholeParseToReady.${rows}`, value: median(whole.map((l) => l.parseMs + l.firstPaintMs)), unit: 'ms', env: `${env}, text parsed whole -> grid ready` });
    }
    if (loads[0].readyMs !== undefined) report({ suite: 'peers', name: `${grid}.textToReady.${rows}`, value: median(loads.map((l) => l.readyMs!)), unit: 'ms', env: `${env}, text -> grid ready with the whole document` });
    const deltas = await scroll(page, VIEWPORT[grid]);
    figures['scroll'][grid] = percentile(deltas, 95);
    report({ suite: 'peers', name: `${grid}.scroll.p95Frame.${rows}`, value: percentile(deltas, 95), unit: 'ms', env: `${env}, 400 frames, rAF interval` });
    await page.close();
    // A fresh page, so no data of the loads above is still waiting to be collected.
    const memoryPage = await open(browser, url, grid);
    figures['memory'][grid] = await memoryMB(memoryPage, grid, rows);
    report({ suite: 'peers', name: `${grid}.memory.${rows}`, value: figures['memory'][grid], unit: 'MB', env: `${env}, measureUserAgentSpecificMemory, MB above the empty page` });
    await memoryPage.close();
  }
  for (const [figure, byGrid] of Object.entries(figures)) {
    const best = Math.min(byGrid['ag-grid'], byGrid.handsontable);
    report({ suite: 'peers', name: `ratio.${figure}.${rows}.ngx-wrs-grid/bestPeer`, value: byGrid['ngx-wrs-grid'] / best, unit: 'ratio', env });
  }
}

async function main(): Promise<void> {
  const peersHtml = '<!doctype html><html><head><meta charset="utf-8"><title>peers</title></head><body><script src="/peers.js"></script></body></html>';
  const server = await serveStatic(buildDemo(OUT), { '/peers.html': peersHtml, '/peers.js': await bundlePeers() });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_BIN,
    args: [...CHROMIUM_FLAGS, '--js-flags=--expose-gc', '--enable-precise-memory-info', '--enable-blink-features=ForceEagerMeasureMemory'],
  });
  try {
    for (const rows of SIZES) await measureSize(browser, server.url, rows);
  } finally {
    await browser.close();
    server.close();
  }
}

void main();
