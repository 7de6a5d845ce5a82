// `npm run bench -- grid-features`: the grid's column filters, header sort and pages on 100,000 rows in headless
// Chromium (target: filtering <= 100 ms), find in the grid over its 2,000,000 cells (targets: first result <= 150 ms,
// all matches counted <= 500 ms), and a server page round trip (page + row count) against the reference server.
// GRID_FEATURES_ONLY=find runs the find figures alone.
import { bundleForBrowser, chromiumPage, median, report, type Figure } from '../harness';
import { serverPageRoundTrip } from './server-page';

async function main(): Promise<void> {
  const { browser, page } = await chromiumPage(await bundleForBrowser('bench/grid-features/browser-entry.ts'));
  try {
    const only = process.env.GRID_FEATURES_ONLY;
    if (only !== 'find') {
      const figures = await page.evaluate(() => (globalThis as unknown as { runGridFeatureCases(env: string): Promise<Figure[]> }).runGridFeatureCases('chromium'));
      figures.forEach(report);
    }
    const find = await page.evaluate(() => (globalThis as unknown as { runFindCases(env: string): Promise<Figure[]> }).runFindCases('chromium'));
    find.forEach(report);
    if (only === 'find') return;
  } finally {
    await browser.close();
  }
  for (const figure of await serverPageRoundTrip(median)) report(figure);
}

void main();
