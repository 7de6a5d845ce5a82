// `npm run bench -- wrs-util`: issue 3's figures in headless Chromium; the batch write also in Node (@xmldom/xmldom).
import 'ngx-wrs-grid/core/xmldom';
import { batchWriteFigures } from './batch-cases';
import { bundleForBrowser, chromiumPage, report, type Figure } from '../harness';

async function main(): Promise<void> {
  const bundle = await bundleForBrowser('bench/wrs-util/browser-entry.ts');
  const { browser, page } = await chromiumPage(bundle);
  try {
    const figures = await page.evaluate(() =>
      (globalThis as unknown as { runWrsUtilCases(env: string): Promise<Figure[]> }).runWrsUtilCases('chromium'),
    );
    figures.forEach(report);
  } finally {
    await browser.close();
  }
  batchWriteFigures(30_000, 3, 'node, @xmldom/xmldom').forEach(report);
}

void main();
