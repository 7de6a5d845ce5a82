// `npm run bench -- filter`: client-side filtering of 100,000 rows (target <= 100 ms) and sorting, in headless Chromium.
import { bundleForBrowser, chromiumPage, report, type Figure } from '../harness';

async function main(): Promise<void> {
  const { browser, page } = await chromiumPage(await bundleForBrowser('bench/filter/browser-entry.ts'));
  try {
    const figures = await page.evaluate(() => (globalThis as unknown as { runFilterCases(env: string): Figure[] }).runFilterCases('chromium'));
    figures.forEach(report);
  } finally {
    await browser.close();
  }
}

void main();
