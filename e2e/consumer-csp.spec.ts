import { Page, expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { STRICT_CSP, serveWithCsp } from '../scripts/csp-static-server.mjs';

// The production build of projects/consumer-app (set up as `ng add ngx-wrs-grid` sets up an app) served under the
// strict CSP of docs/security-csp.md: Trusted Types for every script sink, no inline or evaluated script.
const APP = 'dist/consumer-app/browser';

type Served = Awaited<ReturnType<typeof serveWithCsp>>;

// Violations as the page sees them; addInitScript runs before the app's scripts and is not subject to the CSP.
async function openWatched(page: Page, url: string): Promise<{ violations: () => Promise<string[]>; errors: string[] }> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective}: ${e.blockedURI} ${e.sample}`));
  });
  await page.goto(url);
  return { violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), errors };
}

test.describe('consumer app under a strict CSP with Trusted Types', () => {
  // saxon-js's first load and compile, and exceljs's chunk, take their time on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(() => {
    test.setTimeout(600_000);
    const build = spawnSync('npx', ['ng', 'build', 'consumer-app'], { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
    expect(build.status, 'ng build consumer-app').toBe(0);
  });

  test('rows paint, the XSLT chains run, the XLSX export downloads, and no violation is reported', async ({ page }) => {
    const served: Served = await serveWithCsp(APP, STRICT_CSP);
    try {
      const { violations, errors } = await openWatched(page, served.url);
      const grid = page.getByRole('grid', { name: 'Orders' });
      // The grid shows the chain's output: customers in capitals only when saxon-js ran the inline stylesheet.
      await expect(grid.locator('.ui-grid-row-R [role="gridcell"][aria-colindex="2"]')).toHaveText(['ACME', 'GLOBEX', 'INITECH']);
      await expect(page.getByTestId('report-status')).toHaveText('report ready');
      await expect(page.getByTestId('report').locator('p.report')).toHaveText('3 orders, 20.75 in total');
      expect(await page.evaluate(() => typeof (window as { SaxonJS?: unknown }).SaxonJS)).toBe('object');
      // The XLSX export loads exceljs (a lazy chunk) under the same policy.
      const [xlsx] = await Promise.all([page.waitForEvent('download'), page.locator('ui-grid [data-export="xlsx"]').click()]);
      expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
      expect(await violations()).toEqual([]);
      expect(served.reports).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await served.close();
    }
  });

  test('without the ngx-wrs-grid policy in the CSP, the same page reports violations and paints no row', async ({ page }) => {
    const served: Served = await serveWithCsp(APP, STRICT_CSP.replace('trusted-types ngx-wrs-grid ', 'trusted-types '));
    try {
      const { violations } = await openWatched(page, served.url);
      await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
      expect((await violations()).join('\n')).toContain('require-trusted-types-for');
      await expect(page.getByRole('grid', { name: 'Orders' }).locator('.ui-grid-row-R')).toHaveCount(0);
    } finally {
      await served.close();
    }
  });
});
