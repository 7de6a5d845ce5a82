import { expect, test } from '@playwright/test';

const OK = ['InitializedStatus', 'LoadingStatus', 'ChainLoadedStatus', 'WaitingForParametersStatus', 'TransformingStatus', 'TransformedStatus'];

test.describe('demo: XSLT chain page', () => {
  test('runs the XSLT 3.0 stylesheet over the sample Wrs and shows every status and the sanitized output', async ({ page }) => {
    await page.goto('/#/xslt');
    await page.getByTestId('title').fill('Sample');
    await page.getByTestId('run').click();
    await expect(page.getByTestId('statuses').locator('li')).toHaveText(OK);
    await expect(page.getByTestId('html-target').locator('h3')).toHaveText('Sample: 4 rows');
    await expect(page.getByTestId('html-target')).toContainText('Chiara Russo');
    await expect(page.getByTestId('output')).toContainText('<h3>Sample: 4 rows</h3>');
  });

  test('hostile output is sanitized and a compile error ends in ChainStylesheetLoadingFailed', async ({ page }) => {
    await page.goto('/#/xslt');
    const hostile = `<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
      <xsl:template match="/"><div><p onclick="window.hit=1">safe text</p><script>window.hit=2</script><a href="javascript:window.hit=3">x</a></div></xsl:template>
    </xsl:stylesheet>`;
    await page.getByTestId('xslt-source').fill(hostile);
    await page.getByTestId('run').click();
    await expect(page.getByTestId('statuses').locator('li').last()).toHaveText('TransformedStatus');
    const target = page.getByTestId('html-target');
    await expect(target).toContainText('safe text');
    expect(await target.innerHTML()).not.toMatch(/<script|onclick/);
    await target.locator('p').click();
    expect(await page.evaluate(() => (window as { hit?: number }).hit)).toBeUndefined();

    await page.getByTestId('xslt-source').fill('<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><xsl:value-of select="(("/></xsl:template></xsl:stylesheet>');
    await page.getByTestId('run').click();
    await expect(page.getByTestId('statuses').locator('li').last()).toHaveText('ChainStylesheetLoadingFailed');
    await expect(page.getByTestId('reason')).toContainText('XPST0003');
  });

  test('runs a url stylesheet through the SEF the reference server compiled: one fetch, no compilation in the browser, twice', async ({ page }) => {
    const stylesheetRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/xslt/')) stylesheetRequests.push(new URL(r.url()).pathname);
    });
    await page.goto('/#/xslt');
    await page.getByTestId('run-compiled').click();
    await expect(page.getByTestId('compiled-runs').locator('li')).toHaveCount(2);
    await expect(page.getByTestId('compiled-runs').locator('li')).toContainText([/^Run 1: TransformedStatus/, /^Run 2: TransformedStatus/]);
    const target = page.getByTestId('compiled-target');
    await expect(target.locator('h3')).toHaveText('Run 2: 4 orders');
    await expect(target.locator('tbody tr')).toHaveText(['DE25', 'FR11', 'IT112']);
    await expect(page.getByTestId('total-runs')).toHaveText('2');
    await expect(page.getByTestId('compilations')).toHaveText('0');
    expect(stylesheetRequests).toEqual(['/xslt/orders-by-country.xslt.sef.json']);

    // The engine keeps the compiled stylesheet: two more runs fetch nothing.
    await page.getByTestId('run-compiled').click();
    await expect(page.getByTestId('total-runs')).toHaveText('4');
    await expect(page.getByTestId('compilations')).toHaveText('0');
    await expect(target.locator('h3')).toHaveText('Run 2: 4 orders');
    expect(stylesheetRequests).toHaveLength(1);
  });

  test('a url stylesheet the server does not have falls back and ends in ChainStylesheetLoadingFailed naming it', async ({ page }) => {
    await page.goto('/#/xslt');
    await page.getByTestId('compiled-url').fill('xslt/missing.xslt');
    await page.getByTestId('run-compiled').click();
    await expect(page.getByTestId('compiled-runs').locator('li')).toHaveText([/^Run 1: ChainStylesheetLoadingFailed/]);
    await expect(page.getByTestId('compiled-reason')).toContainText('xslt/missing.xslt');
    await expect(page.getByTestId('compiled-reason')).toContainText('404');
  });
});
