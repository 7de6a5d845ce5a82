// `npm run bench -- grid-features`: the grid's column filters, header sort and pages on 100,000 rows in headless
// Chromium (target: filtering <= 100 ms), find in the grid over its 2,000,000 cells (targets: first result <= 150 ms,
// all matches counted <= 500 ms), column resize frames against scrolling's and a column state's restore on the first
// paint (columns-entry.ts), a server page round trip (page + row count) against the reference server, and fills of
// 10,000 cells on the demo's speed page (target: 100 ms). GRID_FEATURES_ONLY=find runs the find figures alone,
// `BENCH_COLUMNS_ONLY=1` the column figures.
import { bundleForBrowser, chromiumPage, median, report, type Figure } from '../harness';
import { fillFigures } from './fill';
import { serverPageRoundTrip } from './server-page';

async function main(): Promise<void> {
  const bundle = await bundleForBrowser('bench/grid-features/browser-entry.ts');
  const { browser, page } = await chromiumPage(bundle);
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
  for (const figure of await columnFigures(bundle)) report(figure);
  for (const figure of await serverPageRoundTrip(median)) report(figure);
  for (const figure of await fillFigures()) report(figure);
}

/**
 * Column resize frames against scrolling's, and a column state's restore on the first paint, in a page of their own
 * (a second 100k document beside the first cases' would not fit) with the grid's stylesheet, as a page has it.
 */
export async function columnFigures(bundle: string): Promise<Figure[]> {
  const { browser, page } = await chromiumPage(bundle);
  try {
    await page.addStyleTag({ path: 'projects/ui-grid/src/lib/grid/grid.component.css' });
    return await page.evaluate(() => (globalThis as unknown as { runColumnCases(env: string): Promise<Figure[]> }).runColumnCases('chromium'));
  } finally {
    await browser.close();
  }
}

if (!process.env['BENCH_COLUMNS_ONLY']) void main();
else void bundleForBrowser('bench/grid-features/browser-entry.ts').then(columnFigures).then((figures) => figures.forEach(report));
