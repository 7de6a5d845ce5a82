// Shared benchmark plumbing: medians, JSON lines, and a headless Chromium page running an esbuild bundle.
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_BIN, CHROMIUM_FLAGS } from '../scripts/chromium.cjs';

export interface Figure {
  suite: string;
  name: string;
  value: number;
  unit: 'ms' | 'ratio' | 'MB' | 'count' | 'bool';
  target?: number;
  env?: string;
}

/** Prints one figure as one JSON line. */
export function report(figure: Figure): void {
  const value = Math.round(figure.value * 1000) / 1000;
  console.log(JSON.stringify({ ...figure, value }));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const CHROMIUM_ARGS = [...CHROMIUM_FLAGS, '--js-flags=--expose-gc', '--enable-precise-memory-info'];

/** Bundles an entry file for the browser as one IIFE script. */
export async function bundleForBrowser(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: false,
    tsconfig: 'tsconfig.json',
    logLevel: 'error',
  });
  return result.outputFiles[0].text;
}

/** Launches Debian's Chromium headless with a blank page holding the bundle. */
export async function chromiumPage(bundle: string): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_BIN, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: bundle });
  return { browser, page };
}
