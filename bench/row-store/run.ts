// `npm run bench -- row-store`: a large Wrs through the row store against parseXml, in headless Chromium, at
// 10,000 and 100,000 rows (ROW_STORE_BENCH_ROWS: a comma list).
import { bundleForBrowser, chromiumPage, report, type Figure } from '../harness';

const SIZES = (process.env.ROW_STORE_BENCH_ROWS ?? '10000,100000').split(',').map(Number);

async function main(): Promise<void> {
  const bundle = await bundleForBrowser('bench/row-store/browser-entry.ts');
  const { browser, page } = await chromiumPage(bundle);
  try {
    for (const rows of SIZES) {
      const figures = await page.evaluate((n) => (globalThis as unknown as { runRowStoreCases(rows: number): Figure[] }).runRowStoreCases(n), rows);
      figures.forEach(report);
    }
  } finally {
    await browser.close();
  }
}

void main();
