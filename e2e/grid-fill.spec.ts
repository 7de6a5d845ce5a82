import { expect, test, type Locator, type Page } from '@playwright/test';

/** Drags the fill handle of a grid with the mouse to the middle of a cell. */
async function dragHandleTo(page: Page, grid: Locator, target: Locator): Promise<void> {
  const handle = grid.locator('.ui-grid-fill-handle');
  await expect(handle).toBeVisible();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await expect(grid.locator('.ui-grid-fill-frame')).toBeVisible();
  await page.mouse.up();
  await expect(grid.locator('.ui-grid-fill-frame')).toBeHidden();
}

test.describe('demo: fill handle and Ctrl+D on client data', () => {
  const grid = (page: Page) => page.getByTestId('features-grid');
  // Data rows are numbered from 4 (group line, captions and filters come first); product is column 2, released 7.
  const cell = (page: Page, row: number, col: number) => grid(page).locator(`.ui-grid-row[aria-rowindex="${row + 4}"] [role="gridcell"][aria-colindex="${col}"]`);

  test('drags the handle down to continue a date series, fills down with Ctrl+D, and undoes each in one step', async ({ page }) => {
    await page.goto('/#/grid-features');
    await expect(cell(page, 0, 7)).toHaveText('2026-02-02');
    await expect(cell(page, 1, 7)).toHaveText('2026-03-03');
    await cell(page, 0, 7).click();
    await cell(page, 1, 7).click({ modifiers: ['Shift'] });
    await dragHandleTo(page, grid(page), cell(page, 3, 7));
    // 29 days apart: the series goes on by 29 days, as spreadsheets continue dates.
    await expect(cell(page, 2, 7)).toHaveText('2026-04-01');
    await expect(cell(page, 3, 7)).toHaveText('2026-04-30');
    await expect(cell(page, 3, 7)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ControlOrMeta+z');
    await expect(cell(page, 2, 7)).toHaveText('2026-04-04');
    await expect(cell(page, 3, 7)).toHaveText('2026-05-05');

    await cell(page, 0, 2).click();
    await cell(page, 2, 2).click({ modifiers: ['Shift'] });
    await page.keyboard.press('ControlOrMeta+d');
    await expect(cell(page, 1, 2)).toHaveText('Product 0001');
    await expect(cell(page, 2, 2)).toHaveText('Product 0001');
    await expect(cell(page, 2, 2)).toHaveClass(/ui-grid-cell-modified/);
    await grid(page).locator('[data-action="undo"]').click();
    await expect(cell(page, 1, 2)).toHaveText('Product 0002');
    await expect(cell(page, 2, 2)).toHaveText('Product 0003');
  });

  test('in German and the dark theme: the handle takes the theme, and a filled date series shows German dates', async ({ page }) => {
    await page.goto('/#/grid-features');
    await page.getByTestId('german').check();
    await page.getByTestId('dark').check();
    await expect(cell(page, 0, 7)).toHaveText('02.02.2026');
    await cell(page, 0, 7).click();
    await cell(page, 1, 7).click({ modifiers: ['Shift'] });
    const handle = grid(page).locator('.ui-grid-fill-handle');
    await expect(handle).toHaveAttribute('title', /^Ziehen, um Zellen zu füllen/);
    await expect(handle).toHaveCSS('background-color', 'rgb(109, 156, 255)');
    await dragHandleTo(page, grid(page), cell(page, 2, 7));
    await expect(cell(page, 2, 7)).toHaveText('01.04.2026');
    await cell(page, 2, 4).click();
    await page.keyboard.press('ControlOrMeta+d');
    await expect(cell(page, 2, 4)).toHaveText(await cell(page, 1, 4).innerText());
    await expect(cell(page, 2, 4)).toHaveText(/^\d+,\d\d$/);
  });
});

test.describe('demo: fill handle on server pages', () => {
  const grid = (page: Page) => page.getByTestId('server-grid');
  // Data row `row` (1-based) is row `row + 2` of the grid (captions and filters first).
  const cell = (page: Page, row: number, col: number) => grid(page).locator(`.ui-grid-row[aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col}"]`);

  test('fills a page of the server with the handle and Ctrl+D, one undo step each', async ({ page }) => {
    await page.goto('/#/grid-features-server');
    await expect(page.getByTestId('grid-status')).toHaveText('TransformedStatus');
    const before = await Promise.all([1, 2, 3, 4].map((r) => cell(page, r, 5).innerText()));
    await cell(page, 1, 5).click();
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await cell(page, 2, 5).click();
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await cell(page, 1, 5).click();
    await cell(page, 2, 5).click({ modifiers: ['Shift'] });
    await dragHandleTo(page, grid(page), cell(page, 4, 5));
    await expect(cell(page, 3, 5)).toHaveText('6');
    await expect(cell(page, 4, 5)).toHaveText('8');
    await page.keyboard.press('ControlOrMeta+z');
    await expect(cell(page, 3, 5)).toHaveText(before[2]);
    await expect(cell(page, 4, 5)).toHaveText(before[3]);

    await cell(page, 1, 5).click();
    await cell(page, 3, 5).click({ modifiers: ['Shift'] });
    await page.keyboard.press('ControlOrMeta+d');
    await expect(cell(page, 3, 5)).toHaveText('2');
    await page.keyboard.press('ControlOrMeta+z');
    await expect(cell(page, 3, 5)).toHaveText(before[2]);
    await expect(cell(page, 2, 5)).toHaveText('4');
  });
});
