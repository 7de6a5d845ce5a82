import { expect, test, type Locator, type Page } from '@playwright/test';

// The pictures of the docs: each test shows one grid feature in the demo and asserts it is on the screen. Only with
// DOCS_SCREENSHOTS set (`npm run docs:screenshots`) are the pictures written into docs/; a plain `npm test` checks
// the same screens and writes no tracked file.
const WRITE = !!process.env['DOCS_SCREENSHOTS'];

const features = (page: Page) => page.getByTestId('features-grid');
// The header has three rows (the group line, captions, column filters): data rows are numbered from 4.
const cell = (page: Page, row: number, col: number) =>
  features(page).locator(`.ui-grid-row[aria-rowindex="${row + 3}"] [role="gridcell"][aria-colindex="${col}"]`);

async function openFeatures(page: Page): Promise<void> {
  await page.goto('/#/grid-features');
  await expect(cell(page, 1, 2)).toHaveText('Product 0001');
}

/** Writes the picture of `area` (and of any overlay given, which may reach beyond it) when asked to. */
async function picture(page: Page, file: string, area: Locator, ...overlays: Locator[]): Promise<void> {
  const boxes = [];
  for (const l of [area, ...overlays]) {
    const box = await l.boundingBox();
    expect(box, `${file}: nothing to show`).not.toBeNull();
    boxes.push(box!);
  }
  if (!WRITE) return;
  const x = Math.max(0, Math.min(...boxes.map((b) => b.x)) - 8);
  const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - 8);
  const right = Math.max(...boxes.map((b) => b.x + b.width)) + 8;
  const bottom = Math.max(...boxes.map((b) => b.y + b.height)) + 8;
  await page.mouse.move(0, 0).catch(() => undefined);
  await page.screenshot({ path: file, clip: { x, y, width: right - x, height: bottom - y }, animations: 'disabled', caret: 'hide' });
}

test.use({ viewport: { width: 1280, height: 900 } });

test.describe('docs: pictures of the grid features', () => {
  test('overview: the features page', async ({ page }) => {
    await openFeatures(page);
    await expect(features(page).locator('.ui-grid-bar').first()).toBeVisible();
    await expect(features(page).getByRole('link').first()).toBeVisible();
    await picture(page, 'docs/images/overview.png', features(page));
  });

  test('inputs: a grid over a binding set of the reference server', async ({ page }) => {
    await page.goto('/#/grid-orders');
    await expect(page.getByTestId('grid-status')).toHaveText('TransformedStatus');
    const grid = page.getByTestId('orders-grid');
    await expect(grid.locator('.ui-grid-colheader[data-col-id="customer"]')).toHaveText('Customer');
    await picture(page, 'docs/grid/images/inputs.png', grid);
  });

  test('editing: a cell editor open with typed text', async ({ page }) => {
    await openFeatures(page);
    await cell(page, 2, 2).click();
    await page.keyboard.press('F2');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Garden chair');
    const editor = features(page).locator('input.ui-grid-editor, textarea.ui-grid-editor');
    await expect(editor).toHaveValue('Garden chair');
    await picture(page, 'docs/grid/images/editing-and-keyboard.png', features(page));
  });

  test('clipboard: a range selected with shift and the arrow keys', async ({ page }) => {
    await openFeatures(page);
    await cell(page, 2, 2).click();
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(features(page).locator('.ui-grid-cell-selected')).toHaveCount(6);
    await picture(page, 'docs/grid/images/clipboard.png', features(page));
  });

  test('undo and redo: an edit undone, Redo enabled', async ({ page }) => {
    await openFeatures(page);
    await cell(page, 1, 5).click();
    await page.keyboard.type('77');
    await page.keyboard.press('Enter');
    await expect(cell(page, 1, 5)).toHaveText('77');
    await cell(page, 2, 2).click();
    await page.keyboard.type('Kettle');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+z');
    await expect(cell(page, 2, 2)).toHaveText('Product 0002');
    await expect(features(page).locator('[data-action="redo"]')).toBeEnabled();
    await expect(cell(page, 1, 5)).toHaveClass(/ui-grid-cell-modified/);
    await picture(page, 'docs/grid/images/undo-redo.png', features(page));
  });

  test('validation: invalid cells marked and counted', async ({ page }) => {
    await openFeatures(page);
    await cell(page, 1, 4).click();
    await page.keyboard.type('cheap');
    await page.keyboard.press('Enter');
    await cell(page, 2, 5).click();
    await page.keyboard.type('many');
    await page.keyboard.press('Enter');
    await expect(features(page).locator('.ui-grid-cell-invalid')).toHaveCount(2);
    await expect(features(page).locator('[data-action="jump-to-error"]')).toHaveText('2 invalid cells');
    await picture(page, 'docs/grid/images/validation.png', features(page));
  });

  test('saving: the status line says what a save did', async ({ page }) => {
    await openFeatures(page);
    await cell(page, 1, 5).click();
    await page.keyboard.type('42');
    await page.keyboard.press('Enter');
    await cell(page, 3, 2).click();
    await page.keyboard.type('Watering can');
    await page.keyboard.press('Enter');
    await features(page).locator('[data-action="save"]').click();
    await expect(features(page).getByTestId('message')).toHaveText('Saved 2 changed rows');
    await expect(page.getByTestId('saved')).toHaveText('Saved here (no server): 0 inserted, 2 modified, 0 deleted rows');
    await picture(page, 'docs/grid/images/saving.png', features(page), page.getByTestId('saved'));
  });

  test('filters, sort and pages: two column filters, a sorted header and the pager', async ({ page }) => {
    await openFeatures(page);
    await features(page).locator('input.ui-grid-filter[data-col-id="product"]').fill('Product 0');
    await features(page).locator('input.ui-grid-filter[data-col-id="stock"]').fill('50..150');
    await features(page).locator('input.ui-grid-filter[data-col-id="stock"]').press('Enter');
    await expect(features(page).getByTestId('rows-shown')).toHaveText(/^50 of \d+ rows$/);
    await expect(features(page).locator('.ui-grid-colheader[data-col-id="id"]')).toHaveAttribute('aria-sort', 'ascending');
    await expect(features(page).locator('ui-grid-pager').getByTestId('page-of')).toHaveText(/^Page 1 of \d+$/);
    await picture(page, 'docs/grid/images/filters-sort-pages.png', features(page));
  });

  test('export: the CSV and XLSX buttons and, under a filter, the rows they take', async ({ page }) => {
    await openFeatures(page);
    await features(page).locator('input.ui-grid-filter[data-col-id="product"]').fill('Product 01');
    await features(page).locator('input.ui-grid-filter[data-col-id="product"]').press('Enter');
    await expect(features(page).getByTestId('rows-shown')).toHaveText('50 of 100 rows');
    await expect(features(page).locator('[data-export="csv"]')).toBeVisible();
    await expect(features(page).locator('[data-export="xlsx"]')).toBeVisible();
    await expect(features(page).locator('[data-export="rows"]')).toBeVisible();
    await picture(page, 'docs/grid/images/export.png', features(page));
  });

  test('context menu: the built-in menu on a cell', async ({ page }) => {
    await openFeatures(page);
    await cell(page, 2, 2).click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Cell actions' });
    await expect(menu.getByRole('menuitem', { name: 'Duplicate row' })).toBeVisible();
    await picture(page, 'docs/grid/images/context-menu.png', features(page), menu);
  });

  test('tooltips: caption, description and value of a cell', async ({ page }) => {
    await openFeatures(page);
    await cell(page, 1, 2).hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toContainText('Name shown in the shop');
    const box = (await features(page).boundingBox())!;
    // The picture keeps the pointer where the tooltip belongs: no mouse move before it.
    await expect(tooltip).toBeVisible();
    if (WRITE) {
      const tip = (await tooltip.boundingBox())!;
      const bottom = Math.max(box.y + 260, tip.y + tip.height + 8);
      await page.screenshot({ path: 'docs/grid/images/tooltips.png', clip: { x: box.x - 8, y: box.y - 8, width: box.width + 16, height: bottom - box.y + 8 }, animations: 'disabled' });
    }
  });

  test('i18n: the German message table', async ({ page }) => {
    await openFeatures(page);
    await page.getByTestId('german').check();
    await expect(features(page).locator('[data-action="save"]')).toHaveText('Speichern');
    await expect(features(page).locator('.ui-grid-colheader[data-col-id="product"]')).toHaveText('Produkt');
    await picture(page, 'docs/grid/images/i18n.png', features(page));
  });

  test('theming: the dark theme', async ({ page }) => {
    await openFeatures(page);
    await page.getByTestId('dark').check();
    await expect(features(page).locator('.ui-grid-body')).toHaveCSS('background-color', 'rgb(22, 27, 37)');
    await picture(page, 'docs/grid/images/theming.png', features(page));
  });

  test('renderers and editors: bar and link renderers, the reference listbox open', async ({ page }) => {
    await openFeatures(page);
    await expect(features(page).locator('.ui-grid-bar').first()).toBeVisible();
    await cell(page, 2, 3).click();
    await page.keyboard.press('Enter');
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByRole('option', { name: 'Garden' })).toBeVisible();
    await picture(page, 'docs/grid/images/renderers-and-editors.png', features(page), listbox);
  });

  test('accessibility: the focused cell is the active descendant of the named grid', async ({ page }) => {
    await openFeatures(page);
    await cell(page, 3, 2).click();
    await page.keyboard.press('ArrowRight');
    const body = page.getByRole('grid', { name: 'Products' });
    await expect(body).toBeFocused();
    const active = await body.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-colindex', '3');
    await picture(page, 'docs/grid/images/accessibility.png', features(page));
  });
});
