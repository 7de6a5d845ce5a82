import { expect, test, type Page } from '@playwright/test';

const grid = (page: Page) => page.getByTestId('features-grid');
// The header has three rows (the group line, captions, column filters): data rows are numbered from 4.
const row = (page: Page, position: number) => grid(page).locator(`.ui-grid-row[aria-rowindex="${position + 4}"]`);
const head = (page: Page, position: number) => row(page, position).getByRole('rowheader');
const cell = (page: Page, position: number, col: number) => row(page, position).locator(`[role="gridcell"][aria-colindex="${col}"]`);

async function open(page: Page): Promise<void> {
  await page.goto('/#/grid-features');
  await expect(cell(page, 0, 2)).toHaveText('Product 0001');
  await page.getByTestId('row-headers').check();
  await expect(head(page, 0)).toHaveText('1');
}

test.describe('demo: row headers', () => {
  test('a click on a row header selects the row, shift+click extends; Shift+Space from the keyboard', async ({ page }) => {
    await open(page);
    await head(page, 1).click();
    await expect(row(page, 1).locator('[role="gridcell"][aria-selected="true"]')).toHaveCount(await row(page, 1).getByRole('gridcell').count());
    await expect(cell(page, 0, 2)).toHaveAttribute('aria-selected', 'false');
    await head(page, 3).click({ modifiers: ['Shift'] });
    for (const p of [1, 2, 3]) await expect(cell(page, p, 4)).toHaveAttribute('aria-selected', 'true');
    await expect(head(page, 2)).toHaveClass(/ui-grid-rowheader-selected/);

    await cell(page, 5, 2).click();
    await page.keyboard.press('Shift+Space');
    await expect(cell(page, 5, 6)).toHaveAttribute('aria-selected', 'true');
    await expect(cell(page, 1, 2)).toHaveAttribute('aria-selected', 'false');
  });

  test('mark rows edited, deleted and inserted, with names that say so, in English and German', async ({ page }) => {
    await open(page);
    await cell(page, 0, 2).dblclick();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Edited');
    await page.keyboard.press('Enter');
    await expect(head(page, 0)).toHaveAccessibleName('Row 1, Modified row');
    await expect(head(page, 0).locator('.ui-grid-rowheader-mark')).toHaveText('*');

    await head(page, 2).click();
    await grid(page).locator('[data-action="delete"]').click();
    await expect(head(page, 2)).toHaveAccessibleName('Row 3, Deleted row');

    await cell(page, 4, 2).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Insert row below' }).click();
    await expect(head(page, 5)).toHaveAccessibleName(/^Row 6, New row/);
    await expect(head(page, 5).locator('.ui-grid-rowheader-mark')).toHaveText(/^\+/);

    await page.getByTestId('dark').check();
    await expect(head(page, 7)).toHaveCSS('background-color', 'rgb(34, 42, 56)');
    await page.getByTestId('german').check();
    // The German grid shows the same document: its changes, named in German.
    await expect(head(page, 0)).toHaveAccessibleName('Zeile 1, Geänderte Zeile');
    await expect(head(page, 1)).toHaveAccessibleName('Zeile 2');
  });

  test('number the rows of the second page on from the first', async ({ page }) => {
    await open(page);
    await grid(page).locator('ui-grid-pager [data-page="next"]').click();
    await expect(head(page, 0)).toHaveText('51');
  });
});
