import { expect, test, type Page } from '@playwright/test';

const grid = (page: Page) => page.getByTestId('features-grid');
const body = (page: Page) => grid(page).locator('.ui-grid-body');
const findField = (page: Page) => grid(page).getByRole('search').locator('input');
const findCount = (page: Page) => grid(page).getByTestId('find-count');
/** The id cell of the row holding the focused cell. */
const focusedRowId = (page: Page) => grid(page).locator('.ui-grid-row:has(.ui-grid-cell-focus) [role="gridcell"][aria-colindex="1"]');
// The header has three rows (the group line, captions, column filters): data rows are numbered from 4.
const firstCell = (page: Page, col: number) => grid(page).locator(`.ui-grid-row[aria-rowindex="4"] [role="gridcell"][aria-colindex="${col}"]`);

async function open(page: Page): Promise<void> {
  await page.goto('/#/grid-features');
  await expect(firstCell(page, 2)).toHaveText('Product 0001');
}

test.describe('demo: find in the grid', () => {
  test('Ctrl+F opens the find field; typing counts the matches of every page and moves the focus; Enter, the buttons and Escape', async ({ page }) => {
    await open(page);
    await firstCell(page, 1).click();
    await page.keyboard.press('Control+f');
    await expect(findField(page)).toBeFocused();
    await expect(findField(page)).toHaveAttribute('aria-label', 'Find');

    // Reference captions are searched as shown ("Garden" for GARDEN): rows 1, 5, 9, ... on all 20 pages.
    await page.keyboard.type('garden');
    await expect(findCount(page)).toHaveText('1 of 250');
    await expect(grid(page).locator('.ui-grid-cell-match.ui-grid-cell-focus')).toHaveText('Garden');
    await expect(focusedRowId(page)).toHaveText('1');
    await page.keyboard.press('Enter');
    await expect(findCount(page)).toHaveText('2 of 250');
    await expect(focusedRowId(page)).toHaveText('5');
    await page.keyboard.press('Shift+Enter');
    await expect(focusedRowId(page)).toHaveText('1');
    await page.keyboard.press('Shift+Enter');
    await expect(findCount(page)).toHaveText('250 of 250');
    await expect(grid(page).getByTestId('page-of')).toHaveText('Page 20 of 20');
    await expect(focusedRowId(page)).toHaveText('997');

    // The mouse: the next button wraps round to the first page.
    await grid(page).locator('[data-find="next"]').click();
    await expect(findCount(page)).toHaveText('1 of 250');
    await expect(grid(page).getByTestId('page-of')).toHaveText('Page 1 of 20');

    await findField(page).fill('Product 0075');
    await expect(findCount(page)).toHaveText('1 of 1');
    await expect(grid(page).getByTestId('page-of')).toHaveText('Page 2 of 20');
    await expect(focusedRowId(page)).toHaveText('75');

    await page.keyboard.press('Escape');
    await expect(grid(page).getByRole('search')).toHaveCount(0);
    await grid(page).locator('[data-action="find"]').click();
    await expect(findField(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(body(page)).toBeFocused();
    await expect(grid(page).locator('.ui-grid-cell-match')).toHaveCount(0);
    // The focus stays on the match: typing edits it.
    await expect(grid(page).locator('.ui-grid-cell-focus')).toHaveText('Product 0075');
  });

  test('in German: the texts, and numbers matched as the German locale shows them', async ({ page }) => {
    await open(page);
    await page.getByTestId('german').check();
    await expect(grid(page).locator('[data-action="save"]')).toHaveText('Speichern');
    await firstCell(page, 1).click();
    await page.keyboard.press('Control+f');
    await expect(grid(page).getByRole('search')).toHaveAttribute('aria-label', 'In der Tabelle suchen');
    await expect(findField(page)).toHaveAttribute('aria-label', 'Suchen');
    // Prices are shown as "1,37": count the rows whose shown price holds ",37".
    let expected = 0;
    for (let r = 1; r <= 1000; r++) if ((((r * 37) % 9000) / 100 + 1).toFixed(2).replace('.', ',').includes(',37')) expected++;
    expect(expected).toBeGreaterThan(2);
    await page.keyboard.type(',37');
    await expect(findCount(page)).toHaveText(`1 von ${expected}`);
    await expect(grid(page).locator('.ui-grid-cell-match.ui-grid-cell-focus')).toHaveText('1,37');
    await page.keyboard.press('Enter');
    await expect(findCount(page)).toHaveText(`2 von ${expected}`);
    await findField(page).fill('kein Treffer');
    await expect(findCount(page)).toHaveText('Keine Treffer');
  });

  test('with server-side pages: searches the page loaded and says so', async ({ page }) => {
    await page.goto('/#/grid-features-server');
    const server = page.getByTestId('server-grid');
    await expect(page.getByTestId('grid-status')).toHaveText('TransformedStatus');
    await expect(server.locator('.ui-grid-body')).toHaveAttribute('aria-busy', 'false');
    // The text of a cell shown: other tests rename customers, so how often it occurs on the page is not known here,
    // but find must find this cell among its matches.
    const cell = server.locator('.ui-grid-row[aria-rowindex="3"] [role="gridcell"][aria-colindex="2"]');
    const text = ((await cell.textContent()) ?? '').trim();
    expect(text).not.toBe('');
    await cell.click();
    await page.keyboard.press('Control+f');
    await page.keyboard.type(text);
    await expect(server.getByTestId('find-count')).toHaveText(/^\d+ of \d+ on this page$/);
    await expect(server.locator('.ui-grid-cell-match.ui-grid-cell-focus')).toContainText(text);
  });
});
