// `npm run bench -- grid-features`: the grid's column filters, header sort and pages on 100,000 rows in headless
// Chromium (target: filtering <= 100 ms), a server page round trip (page + row count) against the reference server,
// and fills of 10,000 cells on the demo's speed page (target: 100 ms).
import { bundleForBrowser, chromiumPage, median, report, type Figure } from '../harness';
import { fillFigures } from './fill';
import { serverPageRoundTrip } from './server-page';

async function main(): Promise<void> {
  const { browser, page } = await chromiumPage(await bundleForBrowser('bench/grid-features/browser-entry.ts'));
  try {
    const figures = await page.evaluate(() => (globalThis as unknown as { runGridFeatureCases(env: string): Promise<Figure[]> }).runGridFeatureCases('chromium'));
    figures.forEach(report);
  } finally {
    await browser.close();
  }
  for (const figure of await serverPageRoundTrip(median)) report(figure);
  for (const figure of await fillFigures()) report(figure);
}

void main();
