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

/** The rows of the one journal entry this page's origin holds (0 when none). */
function journalRows(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('ngx-wrs-grid-journal');
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('entries').objectStore('entries').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { rows: unknown[] }[])[0]?.rows.length ?? 0);
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

  test('server-side pages: edits on pages 1 and 2, reload, Restore; page 2 brings its edit back pending; a save stores both', async ({ page }) => {
    await page.goto('/#/grid-features-server');
    const status = page.getByTestId('grid-status');
    await expect(status).toHaveText('TransformedStatus');
    const grid = page.getByTestId('server-grid');
    // The first row of a page (the header has two rows: captions, filters).
    const cell = (col: number) => grid.locator(`.ui-grid-row[aria-rowindex="3"] [role="gridcell"][aria-colindex="${col}"]`);
    const next = async () => {
      const id = (await cell(1).textContent()) ?? '';
      await grid.locator('[data-page="next"]').click();
      await expect(grid.getByTestId('page-of')).toHaveText(/^Page 2 of \d+$/);
      await expect(cell(1)).not.toHaveText(id);
      await expect(status).toHaveText('TransformedStatus');
    };
    const stamp = Date.now();
    const first = `Page one ${stamp}`;
    const second = `Page two ${stamp}`;
    await typeInto(page, cell(2), first);
    await next();
    await typeInto(page, cell(2), second);
    await expect.poll(() => journalRows(page)).toBe(2);

    await page.reload();
    await expect(status).toHaveText('TransformedStatus');
    const question = grid.locator('ui-grid-journal-question');
    await expect(question.getByTestId('journal-text')).toHaveText(/^Unsaved changes from .+ in 2 rows$/);
    await question.getByRole('button', { name: 'Restore changes' }).click();
    await expect(cell(2)).toHaveText(first);
    await expect(cell(2).locator('xpath=..')).toHaveClass(/ui-grid-row-M/);
    await expect(grid.getByTestId('message')).toHaveText('Restored the changes in 1 row. 1 changed row of another page is restored when its page is shown (a save sends it)');
    await expect.poll(() => journalRows(page)).toBe(2);

    await next();
    await expect(cell(2)).toHaveText(second);
    await expect(cell(2).locator('xpath=..')).toHaveClass(/ui-grid-row-M/);
    await expect(grid.getByTestId('message')).toHaveText('Restored the changes in 1 row');

    await grid.locator('[data-action="save"]').click();
    await expect(status).toHaveText('SavedStatus');
    await expect.poll(() => journalEntries(page)).toBe(0);

    await page.reload();
    await expect(status).toHaveText('TransformedStatus');
    await expect(cell(2)).toHaveText(first);
    await expect(cell(2).locator('xpath=..')).toHaveClass(/ui-grid-row-R/);
    await expect(grid.locator('ui-grid-journal-question')).toHaveCount(0);
    await next();
    await expect(cell(2)).toHaveText(second);
    await expect(cell(2).locator('xpath=..')).toHaveClass(/ui-grid-row-R/);
  });

  test('Restore of all 1,000 rows of the client grid: one undo step; prints how long it took', async ({ page }) => {
    await page.goto('/#/grid-features');
    const grid = page.getByTestId('features-grid');
    const product = (row: number) => grid.locator(`.ui-grid-row[aria-rowindex="${row + 3}"] [role="gridcell"][aria-colindex="2"]`);
    await typeInto(page, product(1), 'Edited once');
    await expect.poll(() => journalRows(page)).toBe(1);
    // The journal of a session that changed every row: the product of each, the other cells as the page makes them
    // (the category as row 1's: a cell the user did not change is not compared).
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('ngx-wrs-grid-journal');
          open.onsuccess = () => {
            const store = open.result.transaction('entries', 'readwrite').objectStore('entries');
            const all = store.getAll();
            all.onsuccess = () => {
              const entry = all.result[0] as { rows: unknown[]; savedAt: number; writer: string };
              entry.rows = Array.from({ length: 1000 }, (_, i) => {
                const r = i + 1;
                const pad = (n: number, w: number) => String(n).padStart(w, '0');
                const row = entry.rows[0] as { originals: (string | null)[] };
                const originals = [String(r), `Product ${pad(r, 4)}`, row.originals[2], (((r * 37) % 9000) / 100 + 1).toFixed(2), String((r * 13) % 200), String((r * 29) % 101), `2026-${pad((r % 12) + 1, 2)}-${pad((r % 28) + 1, 2)}`, `https://example.com/p/${r}`];
                return { state: 'M', id: `R${r}`, cells: originals.map((v, c) => (c === 1 ? `Restored ${r}` : v)), originals };
              });
              entry.writer = 'another tab';
              store.put(entry).onsuccess = () => resolve();
            };
          };
          open.onerror = () => reject(open.error);
        }),
    );
    await page.reload();
    const restore = grid.locator('ui-grid-journal-question').getByRole('button', { name: 'Restore changes' });
    await expect(restore).toBeEnabled();
    const ms = await restore.evaluate(async (button: HTMLElement) => {
      const start = performance.now();
      button.click();
      const applied = performance.now() - start;
      await new Promise(requestAnimationFrame);
      return { applied, painted: performance.now() - start };
    });
    console.log(`journal restore of 1,000 rows: applied in ${ms.applied.toFixed(0)} ms, painted after ${ms.painted.toFixed(0)} ms`);
    await expect(grid.getByTestId('message')).toHaveText(/^Restored the changes in 1000 rows/);
    await expect(product(1)).toHaveText('Restored 1');
    await expect(product(1).locator('xpath=..')).toHaveClass(/ui-grid-row-M/);
    await grid.locator('[data-action="undo"]').click();
    await expect(product(1)).toHaveText('Product 0001');
    await expect(product(1).locator('xpath=..')).toHaveClass(/ui-grid-row-R/);
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
