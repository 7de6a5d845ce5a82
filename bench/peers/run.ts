// `npm run bench -- peers`: ngx-wrs-grid against the grids an app would pick instead (AG Grid Community, Handsontable)
// in one headless Chromium run, on the same rows x 20 columns at 1,000, 10,000 and 100,000 rows (PEERS_BENCH_ROWS: a
// comma list): ours from Wrs XML text (the format it edits), theirs from the same rows as JSON text. Payload -> first
// row painted, scrolling, page memory.
import { type Browser } from '@playwright/test';
import { median, percentile, report } from '../harness';
import { GRIDS, Grid, VIEWPORT, launchPeers, load, memoryMB, open, scroll, type Load } from './pages';

const OUT = 'dist/bench-peers-demo';
const SIZES = (process.env.PEERS_BENCH_ROWS ?? '1000,10000,100000').split(',').map(Number);
const LOADS = 3;

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
    if (loads[0].readyMs !== undefined) report({ suite: 'peers', name: `${grid}.textToReady.${rows}`, value: median(loads.map((l) => l.readyMs!)), unit: 'ms', env: `${env}, text -> grid ready (rows in a row store where the text is long enough)` });
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
  const { browser, server } = await launchPeers(OUT);
  try {
    for (const rows of SIZES) await measureSize(browser, server.url, rows);
  } finally {
    await browser.close();
    server.close();
  }
}

void main();
