// `npm run bench -- grid-features`: the grid's column filters, header sort and pages on 100,000 rows in headless
// Chromium (target: filtering <= 100 ms), column resize frames against scrolling's and a column state's restore on the
// first paint (columns-entry.ts), and a server page round trip (page + row count) against the reference server.
import { bundleForBrowser, chromiumPage, median, report, type Figure } from '../harness';
import { serverPageRoundTrip } from './server-page';

async function main(): Promise<void> {
  const { browser, page } = await chromiumPage(await bundleForBrowser('bench/grid-features/browser-entry.ts'));
  try {
    const figures = await page.evaluate(() => (globalThis as unknown as { runGridFeatureCases(env: string): Promise<Figure[]> }).runGridFeatureCases('chromium'));
    figures.forEach(report);
    // Column resize frames and restoring a column state need the grid's stylesheet, as a page has it.
    await page.addStyleTag({ path: 'projects/ui-grid/src/lib/grid/grid.component.css' });
    const columns = await page.evaluate(() => (globalThis as unknown as { runColumnCases(env: string): Promise<Figure[]> }).runColumnCases('chromium'));
    columns.forEach(report);
  } finally {
    await browser.close();
  }
  for (const figure of await serverPageRoundTrip(median)) report(figure);
}

void main();
