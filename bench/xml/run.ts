// `npm run bench -- xml`: issue 2's figures in headless Chromium and in Node.
import 'ngx-wrs-grid/core/xmldom';
import { bundleForBrowser, chromiumPage, report, type Figure } from '../harness';
import { runXmlCases } from './cases';

async function main(): Promise<void> {
  const bundle = await bundleForBrowser('bench/xml/browser-entry.ts');
  const { browser, page } = await chromiumPage(bundle);
  try {
    const figures = await page.evaluate(() => (globalThis as unknown as { runXmlCases(env: string): Figure[] }).runXmlCases('chromium'));
    figures.forEach(report);
  } finally {
    await browser.close();
  }
  runXmlCases('node').forEach(report);
}

void main();
