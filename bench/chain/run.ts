// `npm run bench -- chain`: issue 4's figures in headless Chromium (saxon-js bundle loaded by a script tag) and in Node.
// The server-compiled case starts the reference server (as bench/server does) with a stylesheet folder.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROMIUM_BIN, CHROMIUM_FLAGS } from '../../scripts/chromium.cjs';
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import 'ngx-wrs-grid/core/xmldom';
import { bundleForBrowser, report, type Figure } from '../harness';
import { readBindingSets } from '../../projects/wrs-server/src/binding-sets';
import { openPglite } from '../../projects/wrs-server/src/database';
import { ensureDemoData } from '../../projects/wrs-server/src/seed';
import { StylesheetFolder } from '../../projects/wrs-server/src/stylesheet-folder';
import { wrsRequestHandler } from '../../projects/wrs-server/src/wrs-server';
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

/**
 * The reference server's handler on an in-memory PGlite with a stylesheet folder holding the bench stylesheet (one
 * file per case, so each case compiles), behind a server that also serves the bench page: the page fetches
 * `/xslt/...` from its own origin over real HTTP, as an app behind a proxy does.
 */
async function startServer(page: { bench: string; saxon: Buffer }): Promise<{ url: string; folder: StylesheetFolder; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-chain-xslt-'));
  mkdirSync(join(dir, 'xslt'));
  for (const rows of [100, 1000]) writeFileSync(join(dir, 'xslt', `bench-${rows}.xslt`), BENCH_XSLT);
  const db = await openPglite();
  await ensureDemoData(db);
  const folder = new StylesheetFolder(join(dir, 'xslt'));
  const wrs = wrsRequestHandler({ db, bindingSets: readBindingSets(resolve('projects/wrs-server/binding-sets.json')), stylesheets: folder });
  const server = createServer((req, res) => {
    if (req.url === '/saxon-js.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(page.saxon);
    else if (req.url === '/bench.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(page.bench);
    else if (req.url === '/index.html') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><html><head><script src="bench.js"></script></head><body></body></html>');
    else wrs(req, res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    folder,
    async close() {
      await new Promise((ok) => server.close(ok));
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function inChromium(sef: string): Promise<Figure[]> {
  execFileSync(process.execPath, ['scripts/build-saxon-bundle.mjs'], { stdio: 'ignore' });
  const saxon = readFileSync('build/saxon-js/saxon-js.js');
  const bundle = await bundleForBrowser('bench/chain/browser-entry.ts');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_BIN,
    args: CHROMIUM_FLAGS,
  });
  const server = await startServer({ bench: bundle, saxon });
  try {
    const page = await browser.newPage();
    // The page is served from a local origin so the engine loads saxon-js with a real script tag, as an app does.
    await page.route(`${ORIGIN}/**`, (route) => {
      const url = route.request().url();
      if (url.endsWith('/saxon-js.js')) return route.fulfill({ body: saxon, contentType: 'text/javascript' });
      if (url.endsWith('/bench.js')) return route.fulfill({ body: bundle, contentType: 'text/javascript' });
      return route.fulfill({ body: '<!doctype html><html><head><script src="bench.js"></script></head><body></body></html>', contentType: 'text/html' });
    });
    await page.goto(`${ORIGIN}/index.html`);
    const figures = await page.evaluate((sefText) => (globalThis as unknown as { chainBench(env: string, sef: string): Promise<Figure[]> }).chainBench('chromium', sefText), sef);
    await page.close();
    // A page of the reference server's origin: its stylesheet urls reach the server over HTTP.
    const served = await browser.newPage();
    await served.goto(`${server.url}/index.html`);
    const cases = [1000, 100].map((rows) => ({ url: `/xslt/bench-${rows}.xslt`, rows }));
    type ServerBench = { chainBenchServerCompiled(env: string, c: typeof cases): Promise<Figure[]> };
    figures.push(...(await served.evaluate((c) => (globalThis as unknown as ServerBench).chainBenchServerCompiled('chromium', c), cases)));
    figures.push({ suite: 'chain', name: 'xslt.serverCompiled.serverCompilations', value: server.folder.compilations, unit: 'count', env: 'chromium' });
    return figures;
  } finally {
    await browser.close();
    await server.close();
  }
}

async function main(): Promise<void> {
  const sef = compiledBenchStylesheet();
  (await inChromium(sef)).forEach(report);
  (await xsltCompileOnce('node', sef)).forEach(report);
  (await jsChainOverhead('node')).forEach(report);
}

void main();
