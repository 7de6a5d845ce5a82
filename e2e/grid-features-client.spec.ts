import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';

const grid = (page: Page) => page.getByTestId('features-grid');
// The header has three rows (the group line, captions, column filters): data rows are numbered from 4.
const firstCell = (page: Page, col: number) => grid(page).locator(`.ui-grid-row[aria-rowindex="4"] [role="gridcell"][aria-colindex="${col}"]`);

async function open(page: Page): Promise<void> {
  await page.goto('/#/grid-features');
  await expect(firstCell(page, 2)).toHaveText('Product 0001');
}

test.describe('demo: grid features on client data', () => {
  test('column filters narrow the rows, keep their state in the status model across a re-render, and sort by header', async ({ page }) => {
    await open(page);
    const rowsShown = grid(page).getByTestId('rows-shown');
    await expect(rowsShown).toHaveText('50 of 1000 rows');
    const product = grid(page).locator('input.ui-grid-filter[data-col-id="product"]');
    await product.fill('Product 00');
    await expect(rowsShown).toHaveText('50 of 99 rows');
    await grid(page).locator('input.ui-grid-filter[data-col-id="stock"]').fill('100..120');
    await product.press('Enter');
    await expect(rowsShown).toHaveText(/^\d+ of \d+ rows$/);
    const text = await rowsShown.textContent();
    const matched = Number(/of (\d+)/.exec(text ?? '')![1]);
    expect(matched).toBeGreaterThan(0);
    expect(matched).toBeLessThan(99);
    const stock = Number(await firstCell(page, 5).textContent());
    expect(stock).toBeGreaterThanOrEqual(100);
    expect(stock).toBeLessThanOrEqual(120);

    // Switching the language re-creates the grid: the filters come back from the status model.
    await page.getByTestId('german').check();
    await expect(grid(page).locator('[data-action="save"]')).toHaveText('Speichern');
    await expect(grid(page).locator('.ui-grid-colheader[data-col-id="product"]')).toHaveText('Produkt');
    await expect(grid(page).getByTestId('rows-shown')).toHaveText(`${Math.min(50, matched)} von ${matched} Zeilen`);
    await expect(grid(page).locator('input.ui-grid-filter[data-col-id="product"]')).toHaveValue('Product 00');
    await grid(page).locator('[data-action="clear-filters"]').click();
    await expect(grid(page).getByTestId('rows-shown')).toHaveText('50 von 1000 Zeilen');

    const idHeader = grid(page).locator('.ui-grid-colheader[data-col-id="id"]');
    await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
    await idHeader.click();
    await expect(grid(page).locator('.ui-grid-colheader[data-col-id="id"]')).toHaveAttribute('aria-sort', 'descending');
    await expect(firstCell(page, 1)).toHaveText('1000');
  });

  test('pages through the rows and shows all', async ({ page }) => {
    await open(page);
    const pager = grid(page).locator('ui-grid-pager');
    await expect(pager.getByTestId('page-of')).toHaveText('Page 1 of 20');
    await pager.locator('[data-page="next"]').click();
    await expect(pager.getByTestId('page-of')).toHaveText('Page 2 of 20');
    await expect(firstCell(page, 1)).toHaveText('51');
    await pager.locator('[data-page="all"]').check();
    await expect(pager.getByTestId('page-of')).toHaveText('Page 1 of 1');
    await expect(grid(page).getByTestId('rows-shown')).toHaveText('1000 of 1000 rows');
  });

  test('a row added on the last page gets the next id, is typed into and saved on the page', async ({ page }) => {
    await open(page);
    const pager = grid(page).locator('ui-grid-pager');
    await pager.locator('[data-page="last"]').click();
    await expect(pager.getByTestId('page-of')).toHaveText('Page 20 of 20');
    await grid(page).locator('[data-action="add"]').click();
    const added = grid(page).locator('.ui-grid-row-I');
    await expect(added.locator('[role="gridcell"][aria-colindex="1"]')).toHaveText('1001');
    await expect(pager.getByTestId('page-of')).toHaveText('Page 20 of 20');
    // The focus is on the first column the user may type into: Product (Id is read-only, filled by afterAddRow).
    await page.keyboard.type('Product QA');
    await page.keyboard.press('Enter');
    await expect(added.locator('[role="gridcell"][aria-colindex="2"]')).toHaveText('Product QA');
    await grid(page).locator('[data-action="save"]').click();
    await expect(page.getByTestId('saved')).toHaveText('Saved here (no server): 1 inserted, 0 modified, 0 deleted rows');
    await expect(grid(page).locator('.ui-grid-row-I')).toHaveCount(0);
  });

  test('lines pasted past the last row get their ids in one change set, not one per new row', async ({ page }) => {
    await open(page);
    await grid(page).locator('ui-grid-pager [data-page="last"]').click();
    // The last row of the last page: product 1000.
    await firstCell(page, 2).click();
    await page.keyboard.press('ControlOrMeta+ArrowDown');
    await expect(grid(page).locator('.ui-grid-row[aria-rowindex="53"] [role="gridcell"][aria-colindex="2"]')).toHaveText('Product 1000');
    const changeSets = await page.evaluate(async () => {
      const host = document.querySelector('[data-test="features-grid"]')!;
      const grid = (window as unknown as { ng: { getComponent(e: Element): { changes$: { subscribe(f: () => void): { unsubscribe(): void } } } } }).ng.getComponent(host);
      let count = 0;
      const subscription = grid.changes$.subscribe(() => count++);
      const lines = Array.from({ length: 200 }, (_, i) => `Pasted ${i}`).join('\n');
      const data = new DataTransfer();
      data.setData('text/plain', lines);
      host.querySelector('.ui-grid-body')!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      await new Promise((resolve) => setTimeout(resolve));
      subscription.unsubscribe();
      return count;
    });
    // The paste, then the ids of its 199 new rows.
    expect(changeSets).toBe(2);
    await expect(grid(page).getByTestId('rows-shown')).toHaveText('249 of 1199 rows');
    await expect(grid(page).locator('.ui-grid-row[aria-rowindex="54"] [role="gridcell"][aria-colindex="1"]')).toHaveText('1001');
  });

  test('the context menu opens on right click and Shift+F10 and is driven by the keyboard', async ({ page }) => {
    await open(page);
    await firstCell(page, 2).click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Cell actions' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText(['Cut', 'Copy', 'Paste', 'Paste as new rows', 'Insert row above', 'Insert row below', 'Duplicate row', 'Delete row', 'Restore', 'Clear cells', 'Fill series', 'Hide column', 'Reset columns', 'Export']);
    await expect(menu.getByRole('menuitem', { name: 'Cut' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await firstCell(page, 2).click();
    await page.keyboard.press('Shift+F10');
    await expect(menu).toBeVisible();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Insert row below' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    const inserted = grid(page).locator('.ui-grid-row[aria-rowindex="5"]');
    await expect(inserted).toHaveClass(/ui-grid-row-I/);

    await firstCell(page, 2).click({ button: 'right' });
    await menu.getByRole('menuitem', { name: 'Delete row' }).click();
    await expect(grid(page).locator('.ui-grid-row[aria-rowindex="4"]')).toHaveClass(/ui-grid-row-D/);
  });

  test('exports the filtered rows as CSV and XLSX downloads whose files read back', async ({ page }) => {
    await open(page);
    await grid(page).locator('input.ui-grid-filter[data-col-id="product"]').fill('Product 01');
    await expect(grid(page).getByTestId('rows-shown')).toHaveText('50 of 100 rows');

    const [csv] = await Promise.all([page.waitForEvent('download'), grid(page).locator('[data-export="csv"]').click()]);
    expect(csv.suggestedFilename()).toBe('products.csv');
    const text = (await readFile(await csv.path())).toString('utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Id,Product,Category,Price,Stock,Rating %,Released,Web');
    expect(lines.length).toBe(101);
    expect(lines[1]).toMatch(/^100,Product 0100,Tools,\d+\.\d{2},\d+,\d+,2026-\d\d-\d\d,https:\/\/example\.com\/p\/100$/);

    await grid(page).locator('[data-export="rows"]').selectOption('all');
    const [xlsx] = await Promise.all([page.waitForEvent('download'), grid(page).locator('[data-export="xlsx"]').click()]);
    expect(xlsx.suggestedFilename()).toBe('products.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await readFile(await xlsx.path()));
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(1001);
    expect(sheet.getCell('B1').value).toBe('Product');
    expect(sheet.getCell('C2').value).toBe('Garden');
    expect(sheet.getCell('A2').value).toBe(1);
    expect(typeof sheet.getCell('D2').value).toBe('number');
    expect(sheet.getColumn(4).numFmt).toBe('0.00');
  });

  test('tooltips show caption, description and value; the dark theme recolours the grid', async ({ page }) => {
    await open(page);
    await firstCell(page, 2).hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText('Product');
    await expect(tooltip).toContainText('Name shown in the shop');
    await expect(tooltip).toContainText('Product 0001');
    await page.getByTestId('dark').check();
    await expect(grid(page).locator('.ui-grid-body')).toHaveCSS('background-color', 'rgb(22, 27, 37)');
  });
});
