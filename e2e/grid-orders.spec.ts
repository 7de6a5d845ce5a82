import { expect, test } from '@playwright/test';

test.describe('demo: grid over the orders of the Wrs server', () => {
  test('edits a customer with the keyboard, saves, and a reload shows the change', async ({ page }) => {
    await page.goto('/#/grid-orders');
    await expect(page.getByTestId('grid-status')).toHaveText('TransformedStatus');
    const grid = page.getByTestId('orders-grid');
    // The page's aria-label names the grid element (a screen reader reads "Orders, grid"), not the host.
    await expect(page.getByRole('grid', { name: 'Orders' })).toHaveCount(1);
    await expect(grid).not.toHaveAttribute('aria-label', /.*/);
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
    // The row shows the column's default (0) until the server's id arrives.
    await expect.poll(async () => Number(await id.textContent())).toBeGreaterThan(10_000);
    await expect(grid.locator('.ui-grid-row-I')).toHaveCount(1);
  });

  test('lines pasted past the last order get their ids in one request for a block and one change set', async ({ page }) => {
    const idRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('WrsNextIdentifierServlet')) idRequests.push(new URL(r.url()).pathname);
    });
    await page.goto('/#/grid-orders');
    await expect(page.getByTestId('grid-status')).toHaveText('TransformedStatus');
    const grid = page.getByTestId('orders-grid');
    // The first order (the header has two rows).
    await grid.locator('.ui-grid-row[aria-rowindex="3"] [role="gridcell"][aria-colindex="2"]').click();
    await page.keyboard.press('ControlOrMeta+ArrowDown');
    await expect(grid.locator('.ui-grid-cell-focus')).toHaveCount(1);
    const changeSets = await page.evaluate(async () => {
      const host = document.querySelector('[data-test="orders-grid"]')!;
      const component = (window as unknown as { ng: { getComponent(e: Element): { changes$: { subscribe(f: () => void): { unsubscribe(): void } } } } }).ng.getComponent(host);
      let count = 0;
      const subscription = component.changes$.subscribe(() => count++);
      const data = new DataTransfer();
      data.setData('text/plain', Array.from({ length: 30 }, (_, i) => `Pasted ${i}`).join('\n'));
      host.querySelector('.ui-grid-body')!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      // The paste's change set, then the one of the ids once the server answered.
      for (let t = 0; t < 500 && count < 2; t++) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 200));
      subscription.unsubscribe();
      return count;
    });
    expect(changeSets).toBe(2);
    // The first line went into the last order; the other 29 are new orders.
    expect(idRequests).toEqual(['/WrsNextIdentifierServlet/orders/29']);
    const ids = await grid.locator('.ui-grid-row-I [role="gridcell"][aria-colindex="1"]').allTextContents();
    expect(ids.length).toBeGreaterThan(0);
    const numbers = ids.map(Number);
    expect(numbers.every((n) => Number.isInteger(n) && n > 10_000)).toBe(true);
    // Consecutive, in the order of the rows: one block.
    expect(numbers.slice(1).every((n, i) => n === numbers[i] + 1)).toBe(true);
  });
});
