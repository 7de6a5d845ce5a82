// `npm run bench -- chain`: issue 4's figures in headless Chromium (saxon-js bundle loaded by a script tag) and in Node.
import { execFileSync } from 'node:child_process';
import { CHROMIUM_BIN, CHROMIUM_FLAGS } from '../../scripts/chromium.cjs';
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { bundleForBrowser, report, type Figure } from '../harness';
import { jsChainOverhead, xsltCompileOnce } from './cases';

const ORIGIN = 'http://bench.chain.test';

async function inChromium(): Promise<Figure[]> {
  execFileSync(process.execPath, ['scripts/build-saxon-bundle.mjs'], { stdio: 'ignore' });
  const saxon = readFileSync('build/saxon-js/saxon-js.js');
  const bundle = await bundleForBrowser('bench/chain/browser-entry.ts');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_BIN,
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = await browser.newPage();
    // The page is served from a local origin so the engine loads saxon-js with a real script tag, as an app does.
    await page.route(`${ORIGIN}/**`, (route) => {
      const url = route.request().url();
      if (url.endsWith('/saxon-js/saxon-js.js')) return route.fulfill({ body: saxon, contentType: 'text/javascript' });
      if (url.endsWith('/bench.js')) return route.fulfill({ body: bundle, contentType: 'text/javascript' });
      return route.fulfill({ body: '<!doctype html><html><head><script src="bench.js"></script></head><body></body></html>', contentType: 'text/html' });
    });
    await page.goto(`${ORIGIN}/index.html`);
    return await page.evaluate(() => (globalThis as unknown as { chainBench(env: string): Promise<Figure[]> }).chainBench('chromium'));
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  (await inChromium()).forEach(report);
  (await xsltCompileOnce('node')).forEach(report);
  (await jsChainOverhead('node')).forEach(report);
}

void main();
