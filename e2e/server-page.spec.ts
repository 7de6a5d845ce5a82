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
});
