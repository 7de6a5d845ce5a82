import { expect, test } from '@playwright/test';

test.describe('demo: data provider page', () => {
  test('loads the sample Wrs file and shows the statuses and the data', async ({ page }) => {
    await page.goto('/#/provider');
    await page.getByTestId('load-sample').click();
    const statuses = page.getByTestId('statuses').locator('li');
    await expect(statuses).toHaveText(['InitializedStatus', 'LoadingStatus', 'TransformedStatus']);
    await expect(page.getByTestId('row-count')).toHaveText('4 rows');
    await expect(page.getByTestId('serialized')).toContainText('Chiara Russo');
  });

  test('a missing file ends in LoadFailedStatus with the reason', async ({ page }) => {
    await page.goto('/#/provider');
    await page.getByTestId('load-broken').click();
    await expect(page.getByTestId('statuses').locator('li').last()).toHaveText('LoadFailedStatus');
    await expect(page.getByTestId('reason')).toContainText('missing.xml');
  });
});
