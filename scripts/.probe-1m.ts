import { bundleForBrowser, chromiumPage } from '../bench/harness';
import { writeFileSync } from 'node:fs';
(async () => {
  writeFileSync('/tmp/hload/probe-entry.ts', `
import { RowStore } from '/work/h-load/projects/ui-grid/core/src/rows/row-store';
import { generateWrs } from '/work/h-load/bench/data/generate-wrs';
(globalThis as any).probe = (n: number) => {
  const out: any = {};
  let t = performance.now();
  const text = generateWrs(n, 20);
  out.genMs = performance.now() - t; out.mb = text.length / 2 ** 20;
  t = performance.now();
  const store = RowStore.open(text)!;
  out.openMs = performance.now() - t;
  t = performance.now();
  store.materializeSlice({ rows: 100 });
  out.firstRowsMs = performance.now() - t;
  return out;
};`);
  const bundle = await bundleForBrowser('/tmp/hload/probe-entry.ts');
  const { browser, page } = await chromiumPage(bundle);
  const t0 = Date.now();
  try { console.log(JSON.stringify(await page.evaluate((n) => (globalThis as any).probe(n), Number(process.argv[2])))); } catch (e) { console.log('failed', String(e).slice(0, 300)); }
  console.log('total s', (Date.now() - t0) / 1000);
  await browser.close();
})();
