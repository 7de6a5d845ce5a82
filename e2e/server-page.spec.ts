import { expect, test } from '@playwright/test';

test.describe('demo: orders from the Wrs server', () => {
  test('loads with a filter, edits a cell, saves through the backend, and a reload shows the change', async ({ page }) => {
    await page.goto('/#/server');
    await page.getByTestId('country').fill('FR');
    await page.getByTestId('load').click();
    await expect(page.getByTestId('status')).toHaveText('TransformedStatus');
    const rows = page.getByTestId('orders').locator('tbody tr');
    await expect(rows).toHaveCount(50);
    await expect(rows.locator('td[data-col="country"]')).toHaveText(Array(50).fill('FR'));

    const value = `E2E ${Date.now()}`;
    await page.getByTestId('edit-row').fill('R2');
    await page.getByTestId('edit-column').selectOption('customer');
    await page.getByTestId('edit-value').fill(value);
    await page.getByTestId('write').click();
    const row = page.locator('tr[data-row="R2"]');
    await expect(row.getByTestId('state')).toHaveText('M');
    await expect(row.locator('td[data-col="customer"]')).toHaveText(value);
    const id = await row.locator('td[data-col="id"]').textContent();

    await page.getByTestId('save').click();
    await expect(row.getByTestId('state')).toHaveText('R');
    await expect(page.getByTestId('status')).toHaveText('TransformedStatus');
    await expect(page.getByTestId('error')).toHaveCount(0);

    await page.reload();
    await page.getByTestId('country').fill('FR');
    await page.getByTestId('customer-filter').fill('e2e*');
    await page.getByTestId('load').click();
    await expect(page.locator(`tr:has(td[data-col="id"]:text-is("${id}")) td[data-col="customer"]`)).toHaveText(value);
  });

  test('a failed save says what happened in the grid\'s wording, and the change stays pending', async ({ page }) => {
    // A proxy in front of the server: the loads pass, the saves get its error pages in turn.
    const saves = [
      { status: 504, title: '504 Gateway Time-out' },
      { status: 500, title: '500 Internal Server Error' },
    ];
    await page.route('**/WrsServlet', async (route) => {
      const answer = (route.request().postData() ?? '').includes('WrsRequest') ? null : saves.shift();
      if (!answer) return route.continue();
      await route.fulfill({ status: answer.status, contentType: 'text/html', body: `<html><head><title>${answer.title}</title></head><body><h1>${answer.title}</h1></body></html>` });
    });
    await page.goto('/#/server');
    await page.getByTestId('country').fill('FR');
    await page.getByTestId('load').click();
    await expect(page.getByTestId('status')).toHaveText('TransformedStatus');
    await page.getByTestId('edit-row').fill('R2');
    await page.getByTestId('edit-value').fill('not saved');
    await page.getByTestId('write').click();
    const row = page.locator('tr[data-row="R2"]');
    await expect(row.getByTestId('state')).toHaveText('M');

    await page.getByTestId('save').click();
    await expect(page.getByTestId('status')).toHaveText(
      'Save not confirmed: the server did not answer through the proxy: 504 Gateway Time-out (HTTP 504). The changes may have been saved all the same: load the data again before saving them once more',
    );
    await expect(page.getByTestId('error')).toContainText('HTTP 504');
    await expect(row.getByTestId('state')).toHaveText('M');

    await page.getByTestId('save').click();
    await expect(page.getByTestId('status')).toHaveText('Save failed: error on the server: 500 Internal Server Error (HTTP 500)');
    await expect(row.getByTestId('state')).toHaveText('M');
  });
});
