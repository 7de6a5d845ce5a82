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
});
