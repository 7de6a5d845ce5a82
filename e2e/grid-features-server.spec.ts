import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';

const grid = (page: Page) => page.getByTestId('server-grid');
// The header has two rows (captions, column filters): data row `row` (1-based) is row `row + 2` of the grid.
const cell = (page: Page, row: number, col: number) => grid(page).locator(`.ui-grid-row[aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col}"]`);

/** Bodies of the load requests the page sends (page requests, not the row counts). */
function recordRequests(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (r) => {
    const body = r.postData();
    if (r.method() === 'POST' && body?.includes('WrsRequest') && !body.includes('aggr="count"')) bodies.push(body);
  });
  return bodies;
}

async function ready(page: Page): Promise<void> {
  await expect(page.getByTestId('grid-status')).toHaveText('TransformedStatus');
}

test.describe('demo: grid with server-side pages', () => {
  test('loads pages with rowStart/rowEnd and a total row count; filters and sorting go to the server', async ({ page }) => {
    const requests = recordRequests(page);
    await page.goto('/#/grid-features-server');
    await ready(page);
    const pageOf = grid(page).getByTestId('page-of');
    await expect(pageOf).toHaveText(/^Page 1 of (\d+)$/);
    const pages = Number(/of (\d+)/.exec((await pageOf.textContent()) ?? '')![1]);
    expect(pages).toBeGreaterThanOrEqual(400);
    expect(requests.at(-1)).toContain('rowStart="1" rowEnd="25"');
    await expect(grid(page).locator('.ui-grid-body')).toHaveAttribute('aria-rowcount', '27');

    const firstOnPage1 = (await cell(page, 1, 1).textContent()) ?? '';
    await grid(page).locator('[data-page="next"]').click();
    await expect(pageOf).toHaveText(`Page 2 of ${pages}`);
    await expect.poll(() => requests.at(-1)).toContain('rowStart="26" rowEnd="50"');
    await ready(page);
    await expect(cell(page, 1, 1)).not.toHaveText(firstOnPage1);
    expect(Number(await cell(page, 1, 1).textContent())).toBeGreaterThan(Number(firstOnPage1));

    await grid(page).locator('input.ui-grid-filter[data-col-id="quantity"]').fill('3..3');
    await grid(page).locator('input.ui-grid-filter[data-col-id="quantity"]').press('Enter');
    await expect.poll(() => requests.at(-1)).toContain('bRef="quantity" op="&gt;=" value="3"');
    expect(requests.at(-1)).toContain('rowStart="1"');
    await expect(cell(page, 1, 5)).toHaveText('3');
    await expect.poll(async () => Number(/of (\d+)/.exec((await pageOf.textContent()) ?? '')![1])).toBeLessThan(pages);
    await expect(pageOf).toHaveText(/^Page 1 of \d+$/);

    await grid(page).locator('.ui-grid-colheader[data-col-id="price"]').click();
    await expect.poll(() => requests.at(-1)).toContain('<wrq:Ordering><wrq:C bRef="price" order="asc"/></wrq:Ordering>');
    await expect(grid(page).locator('.ui-grid-colheader[data-col-id="price"]')).toHaveAttribute('aria-sort', 'ascending');
    await ready(page);
    const prices = async () => [Number(await cell(page, 1, 6).textContent()), Number(await cell(page, 2, 6).textContent()), Number(await cell(page, 3, 6).textContent())];
    await expect.poll(async () => {
      const [a, b, c] = await prices();
      return a <= b && b <= c;
    }).toBe(true);
  });

  test('keeps an edit on a page left behind and saves it with the edits of the current page', async ({ page }) => {
    await page.goto('/#/grid-features-server');
    await ready(page);
    const stamp = Date.now();
    const edit = async (row: number, value: string) => {
      await cell(page, row, 2).click();
      await page.keyboard.press('F2');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(value);
      await page.keyboard.press('Enter');
      await expect(cell(page, row, 2)).toHaveText(value);
    };
    await edit(1, `Page one ${stamp}`);
    const firstId = await cell(page, 1, 1).textContent();
    await grid(page).locator('[data-page="next"]').click();
    await ready(page);
    await expect(grid(page).getByTestId('page-of')).toHaveText(/^Page 2 of/);
    await edit(2, `Page two ${stamp}`);
    await grid(page).locator('[data-action="save"]').click();
    await expect(page.getByTestId('grid-status')).toHaveText('SavedStatus');
    await expect(cell(page, 2, 2)).toHaveText(`Page two ${stamp}`);
    await grid(page).locator('[data-page="first"]').click();
    await ready(page);
    await expect(cell(page, 1, 1)).toHaveText(firstId ?? '');
    await expect(cell(page, 1, 2)).toHaveText(`Page one ${stamp}`);
    await expect(cell(page, 1, 2).locator('xpath=..')).toHaveClass(/ui-grid-row-R/);
  });

  test('undoes an edit of a page left behind: Undo turns back to that page and shows the value the server holds', async ({ page }) => {
    await page.goto('/#/grid-features-server');
    await ready(page);
    const pageOf = grid(page).getByTestId('page-of');
    const original = (await cell(page, 1, 2).textContent()) ?? '';
    const firstId = (await cell(page, 1, 1).textContent()) ?? '';
    const stamp = `Undo ${Date.now()}`;
    await cell(page, 1, 2).click();
    await page.keyboard.press('F2');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(stamp);
    await page.keyboard.press('Enter');
    await expect(cell(page, 1, 2)).toHaveText(stamp);
    await grid(page).locator('[data-page="next"]').click();
    await ready(page);
    await expect(pageOf).toHaveText(/^Page 2 of/);
    await grid(page).locator('[data-action="undo"]').click();
    await expect(pageOf).toHaveText(/^Page 1 of/);
    await ready(page);
    await expect(cell(page, 1, 1)).toHaveText(firstId);
    await expect(cell(page, 1, 2)).toHaveText(original);
    await expect(cell(page, 1, 2).locator('xpath=..')).toHaveClass(/ui-grid-row-R/);
    await expect(cell(page, 1, 2)).toHaveClass(/ui-grid-cell-focus/);
    // Redo puts the edit back on the page shown; nothing of it is saved here.
    await grid(page).locator('[data-action="redo"]').click();
    await expect(cell(page, 1, 2)).toHaveText(stamp);
    await grid(page).locator('[data-action="undo"]').click();
    await expect(cell(page, 1, 2)).toHaveText(original);
  });

  test('exports every row from the server, with an unsaved edit of another page, as a CSV download that reads back', async ({ page }) => {
    await page.goto('/#/grid-features-server');
    await ready(page);
    const total = Number(/of (\d+) rows/.exec((await grid(page).getByTestId('rows-shown').textContent()) ?? '')![1]);
    expect(total).toBeGreaterThanOrEqual(10_000);
    const stamp = `Export ${Date.now()}`;
    await cell(page, 1, 2).click();
    await page.keyboard.press('F2');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(stamp);
    await page.keyboard.press('Enter');
    const editedId = (await cell(page, 1, 1).textContent()) ?? '';
    await grid(page).locator('[data-page="next"]').click();
    await ready(page);
    const quantity = grid(page).locator('input.ui-grid-filter[data-col-id="quantity"]');
    await quantity.fill('3..40');
    await quantity.press('Enter');
    await expect.poll(async () => Number(/of (\d+) rows/.exec((await grid(page).getByTestId('rows-shown').textContent()) ?? '')![1])).toBeLessThan(total);
    await ready(page);
    const lines = async (rows: 'filtered' | 'all') => {
      await grid(page).locator('[data-export="rows"]').selectOption(rows);
      const [download] = await Promise.all([page.waitForEvent('download'), grid(page).locator('[data-export="csv"]').click()]);
      expect(download.suggestedFilename()).toBe('orders-page.csv');
      return (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    };

    const all = await lines('all');
    expect(all[0]).toBe('Order,Customer,Country,Status,Quantity,Price,Order date');
    expect(all.length).toBe(total + 1);
    expect(all.filter((l) => l.startsWith(`${editedId},`))).toEqual([expect.stringContaining(`,${stamp},`)]);

    const filtered = await lines('filtered');
    const shown = Number(/of (\d+) rows/.exec((await grid(page).getByTestId('rows-shown').textContent()) ?? '')![1]);
    expect(filtered.length).toBe(shown + 1);
    expect(filtered.length).toBeGreaterThan(26);
    expect(filtered.slice(1).filter((l) => !(Number(l.split(',')[4]) >= 3 && Number(l.split(',')[4]) <= 40))).toEqual([]);
  });
});
