// `npm run bench -- journal`: main-thread cost of journaling unsaved changes (per write, after the edit) and of
// Restore, on 100,000 x 20 rows in headless Chromium, with 40, 1,000 and 10,000 changed rows.
import { bundleForBrowser, chromiumPage, report, type Figure } from '../harness';

async function main(): Promise<void> {
  const { browser, page } = await chromiumPage(await bundleForBrowser('bench/journal/browser-entry.ts'));
  try {
    // JOURNAL_BENCH=restore: only Restore as the grid runs it.
    const only = process.env.JOURNAL_BENCH === 'restore';
    const figures = await page.evaluate((onlyRestore) => (globalThis as unknown as { runJournalCases(env: string, onlyRestore: boolean): Promise<Figure[]> }).runJournalCases('chromium', onlyRestore), only);
    figures.forEach(report);
  } finally {
    await browser.close();
  }
}

void main();
