// The pages of bench/peers, shared with bench/peers-1m: the demo's speed page (ngx-wrs-grid) and a page of the peer
// grids, served from one static server to one headless Chromium; loads, scrolling and memory measured in them.
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from '@playwright/test';
import { buildDemo, serveStatic } from '../demo-server';
import { CHROMIUM_BIN, CHROMIUM_FLAGS } from '../../scripts/chromium.cjs';

export const GRIDS = ['ngx-wrs-grid', 'ag-grid', 'handsontable'] as const;
export type Grid = (typeof GRIDS)[number];
export const VIEWPORT: Record<Grid, string> = { 'ngx-wrs-grid': '.ui-grid-viewport', 'ag-grid': '.ag-grid-viewport', handsontable: '.ht_master .wtHolder' };

export interface Load {
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

export async function open(browser: Browser, url: string, grid: Grid): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  // tsx keeps function names with a `__name` helper that the page does not have.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await page.goto(grid === 'ngx-wrs-grid' ? `${url}/#/grid-speed` : `${url}/peers.html`);
  await page.waitForFunction((hook) => hook in globalThis, grid === 'ngx-wrs-grid' ? 'gridSpeed' : 'peers');
  return page;
}

export function load(page: Page, grid: Grid, rows: number): Promise<Load> {
  if (grid === 'ngx-wrs-grid') return page.evaluate((n) => (globalThis as unknown as { gridSpeed: { loadText(n: number): Promise<Load> } }).gridSpeed.loadText(n), rows);
  return page.evaluate(([name, n]) => (globalThis as unknown as { peers: { load(g: string, n: number): Promise<Load> } }).peers.load(name, n), [grid, rows] as const);
}

/** The scroll driver of bench/grid on any grid's scrolling element: half wheel-like steps, half page jumps; rAF intervals. */
export function scroll(page: Page, selector: string): Promise<number[]> {
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

export async function memoryMB(page: Page, grid: Grid, rows: number): Promise<number> {
  if (grid === 'ngx-wrs-grid') {
    return page.evaluate((n) => (globalThis as unknown as { gridSpeed: { memory(n: number): Promise<{ afterLoadMB: number }> } }).gridSpeed.memory(n).then((m) => m.afterLoadMB), rows);
  }
  const m = await page.evaluate(([name, n]) => (globalThis as unknown as { peers: { memory(g: string, n: number): Promise<{ emptyMB: number; loadedMB: number }> } }).peers.memory(name, n), [grid, rows] as const);
  return m.loadedMB - m.emptyMB;
}

/** Builds the demo into `out`, serves it with the peers' page, and launches Chromium with the flags the figures need. */
export async function launchPeers(out: string): Promise<{ browser: Browser; server: { url: string; close(): void } }> {
  const peersHtml = '<!doctype html><html><head><meta charset="utf-8"><title>peers</title></head><body><script src="/peers.js"></script></body></html>';
  const server = await serveStatic(buildDemo(out), { '/peers.html': peersHtml, '/peers.js': await bundlePeers() });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_BIN,
    args: [...CHROMIUM_FLAGS, '--js-flags=--expose-gc', '--enable-precise-memory-info', '--enable-blink-features=ForceEagerMeasureMemory'],
  });
  return { browser, server };
}
