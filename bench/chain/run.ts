// `npm run bench -- chain`: issue 4's figures in headless Chromium (saxon-js bundle loaded by a script tag) and in Node.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_BIN, CHROMIUM_FLAGS } from '../../scripts/chromium.cjs';
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { bundleForBrowser, report, type Figure } from '../harness';
import { BENCH_XSLT, jsChainOverhead, xsltCompileOnce } from './cases';

const ORIGIN = 'http://bench.chain.test';

/** The benchmark stylesheet compiled to SEF by xslt3, as an app's build step would (`xslt3 -export -nogo`). */
function compiledBenchStylesheet(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-chain-'));
  try {
    writeFileSync(join(dir, 'bench.xsl'), BENCH_XSLT);
    const xslt3 = createRequire(import.meta.url).resolve('xslt3');
    execFileSync(process.execPath, [xslt3, `-xsl:${join(dir, 'bench.xsl')}`, `-export:${join(dir, 'bench.sef.json')}`, '-nogo']);
    return readFileSync(join(dir, 'bench.sef.json'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function inChromium(sef: string): Promise<Figure[]> {
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
    return await page.evaluate((sefText) => (globalThis as unknown as { chainBench(env: string, sef: string): Promise<Figure[]> }).chainBench('chromium', sefText), sef);
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const sef = compiledBenchStylesheet();
  (await inChromium(sef)).forEach(report);
  (await xsltCompileOnce('node', sef)).forEach(report);
  (await jsChainOverhead('node')).forEach(report);
}

void main();
