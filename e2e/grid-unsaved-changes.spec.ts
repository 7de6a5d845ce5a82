import { Page, expect, test } from '@playwright/test';

/** The journal entries this page's origin holds in IndexedDB (the grid created the database when it loaded). */
function journalEntries(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('ngx-wrs-grid-journal');
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('entries').objectStore('entries').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
      }),
  );
}

/** Types a value into a cell with the keyboard (F2, select all, type, Enter). */
async function typeInto(page: Page, cell: ReturnType<Page['locator']>, value: string): Promise<void> {
  await cell.click();
  await page.keyboard.press('F2');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(value);
  await page.keyboard.press('Enter');
  await expect(cell).toHaveText(value);
}

test.describe('demo: unsaved changes survive a reload', () => {
  // Three page loads each, on a dev server shared by the machine.
  test.setTimeout(150_000);

  test('orders of the reference server: edit, reload, Restore changes, save; the next reload shows the saved value and asks nothing', async ({ page }) => {
    await page.goto('/#/grid-orders');
    await expect(page.getByTestId('grid-status')).toHaveText('TransformedStatus');
    const grid = page.getByTestId('orders-grid');
    // The third order (the header has two rows).
    const customer = grid.locator('.ui-grid-row[aria-rowindex="5"] [role="gridcell"][aria-colindex="2"]');
    const value = `Journal E2E ${Date.now()}`;
    await typeInto(page, customer, value);
    await expect.poll(() => journalEntries(page)).toBe(1);

    await page.reload();
    await expect(page.getByTestId('grid-status')).toHaveText('TransformedStatus');
    const question = grid.locator('ui-grid-journal-question');
    await expect(question).toHaveAttribute('role', 'group');
    await expect(question.getByTestId('journal-text')).toHaveText(/^Unsaved changes from .+ in 1 row$/);
    await expect(customer).not.toHaveText(value);

    await question.getByRole('button', { name: 'Restore changes' }).click();
    await expect(question).toHaveCount(0);
    await expect(customer).toHaveText(value);
    await expect(customer.locator('xpath=..')).toHaveClass(/ui-grid-row-M/);
    await expect(grid.getByTestId('message')).toHaveText('Restored the changes in 1 row');

    await grid.locator('[data-action="save"]').click();
    await expect(page.getByTestId('grid-status')).toHaveText('SavedStatus');
    await expect.poll(() => journalEntries(page)).toBe(0);

    await page.reload();
    await expect(page.getByTestId('grid-status')).toHaveText('TransformedStatus');
    await expect(customer).toHaveText(value);
    await expect(customer.locator('xpath=..')).toHaveClass(/ui-grid-row-R/);
    await expect(grid.locator('ui-grid-journal-question')).toHaveCount(0);
  });

  test('client data: Discard drops the journal; an edit, a reload and Restore bring the change back, undoable', async ({ page }) => {
    await page.goto('/#/grid-features');
    const grid = page.getByTestId('features-grid');
    // The first product (the header has three rows: groups, captions, filters).
    const product = grid.locator('.ui-grid-row[aria-rowindex="4"] [role="gridcell"][aria-colindex="2"]');
    await expect(product).toHaveText('Product 0001');
    await typeInto(page, product, 'Renamed product');
    await expect.poll(() => journalEntries(page)).toBe(1);

    await page.reload();
    await expect(product).toHaveText('Product 0001');
    const question = grid.locator('ui-grid-journal-question');
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(question).toHaveCount(0);
    await expect.poll(() => journalEntries(page)).toBe(0);
    await page.reload();
    await expect(product).toHaveText('Product 0001');
    await expect(grid.locator('ui-grid-journal-question')).toHaveCount(0);

    await typeInto(page, product, 'Renamed again');
    await expect.poll(() => journalEntries(page)).toBe(1);
    await page.reload();
    await grid.locator('ui-grid-journal-question').getByRole('button', { name: 'Restore changes' }).click();
    await expect(product).toHaveText('Renamed again');
    await grid.locator('[data-action="undo"]').click();
    await expect(product).toHaveText('Product 0001');
    await expect(product.locator('xpath=..')).toHaveClass(/ui-grid-row-R/);
  });
});
