import { expect, test } from '@playwright/test';

test.describe('demo: grid over the orders of the Wrs server', () => {
  test('edits a customer with the keyboard, saves, and a reload shows the change', async ({ page }) => {
    await page.goto('/#/grid-orders');
    await expect(page.getByTestId('grid-status')).toHaveText('TransformedStatus');
    const grid = page.getByTestId('orders-grid');
    // The second order: the header has two rows (the group line, captions).
    const customer = grid.locator('.ui-grid-row[aria-rowindex="4"] [role="gridcell"][aria-colindex="2"]');
    await expect(customer).not.toHaveText('');

    const value = `Grid E2E ${Date.now()}`;
    await customer.click();
    await page.keyboard.press('F2');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(value);
    await page.keyboard.press('Enter');
    await expect(customer).toHaveText(value);
    await expect(customer).toHaveClass(/ui-grid-cell-modified/);
    await expect(customer.locator('xpath=..')).toHaveClass(/ui-grid-row-M/);

    await grid.locator('[data-action="save"]').click();
    await expect(page.getByTestId('grid-status')).toHaveText('SavedStatus');
    await expect(customer).toHaveText(value);
    await expect(customer.locator('xpath=..')).toHaveClass(/ui-grid-row-R/);

    await page.reload();
    await expect(page.getByTestId('grid-status')).toHaveText('TransformedStatus');
    await expect(grid.locator('.ui-grid-row[aria-rowindex="4"] [role="gridcell"][aria-colindex="2"]')).toHaveText(value);
  });

  test('a new order gets its id from the server\'s identifier scope', async ({ page }) => {
    await page.goto('/#/grid-orders');
    await expect(page.getByTestId('grid-status')).toHaveText('TransformedStatus');
    const grid = page.getByTestId('orders-grid');
    await grid.locator('[data-action="add"]').click();
    const id = grid.locator('.ui-grid-row-I [role="gridcell"][aria-colindex="1"]');
    await expect(id).toHaveText(/^\d+$/);
    expect(Number(await id.textContent())).toBeGreaterThan(10_000);
    await expect(grid.locator('.ui-grid-row-I')).toHaveCount(1);
  });
});
