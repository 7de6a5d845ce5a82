import { expect, test, type Locator, type Page } from '@playwright/test';

const grid = (page: Page) => page.getByTestId('features-grid');
const header = (page: Page, colId: string) => grid(page).locator(`.ui-grid-colheader[data-col-id="${colId}"]`);
const shownIds = (page: Page) => grid(page).locator('.ui-grid-colheader').evaluateAll((cells) => cells.map((c) => (c as HTMLElement).dataset['colId']));
const widthOf = async (locator: Locator) => Math.round((await locator.boundingBox())!.width);

async function open(page: Page): Promise<void> {
  await page.goto('/#/grid-features');
  await expect(grid(page).locator('.ui-grid-row[aria-rowindex="4"] [aria-colindex="2"]')).toHaveText('Product 0001');
}

/** Drags with the mouse from one point to another in a few steps, as a hand does. */
async function dragBy(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, to.y, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

test.describe('demo: columns on the features page', () => {
  test('resizes a column by dragging its header edge and fits it to its content with a double click', async ({ page }) => {
    await open(page);
    const product = header(page, 'product');
    const box = (await product.boundingBox())!;
    const edge = { x: box.x + box.width - 2, y: box.y + box.height / 2 };
    await dragBy(page, edge, { x: edge.x + 80, y: edge.y });
    expect(await widthOf(product)).toBe(Math.round(box.width) + 80);
    const cell = grid(page).locator('.ui-grid-row[aria-rowindex="4"] [aria-colindex="2"]');
    expect(await widthOf(cell)).toBe(Math.round(box.width) + 80);
    await expect(product).toHaveAttribute('aria-sort', 'none');
    const wide = (await product.boundingBox())!;
    await page.mouse.dblclick(wide.x + wide.width - 2, wide.y + wide.height / 2);
    const fitted = await widthOf(product);
    expect(fitted).toBeLessThan(Math.round(wide.width));
    expect(await cell.evaluate((c) => c.scrollWidth <= c.clientWidth)).toBe(true);
    await product.focus();
    await page.keyboard.press('Alt+ArrowRight');
    expect(await widthOf(header(page, 'product'))).toBe(fitted + 10);
  });

  test('moves a column by dragging its header and with Alt+Shift+arrows; the stock group moves whole', async ({ page }) => {
    await open(page);
    const released = (await header(page, 'released').boundingBox())!;
    const target = (await header(page, 'product').boundingBox())!;
    await dragBy(page, { x: released.x + 20, y: released.y + 5 }, { x: target.x + 3, y: target.y + 5 });
    expect(await shownIds(page)).toEqual(['id', 'released', 'product', 'category', 'price', 'stock', 'rating', 'site']);
    await header(page, 'released').focus();
    await page.keyboard.press('Alt+Shift+ArrowLeft');
    expect(await shownIds(page)).toEqual(['released', 'id', 'product', 'category', 'price', 'stock', 'rating', 'site']);
    await expect(header(page, 'released')).toBeFocused();
    const group = grid(page).locator('.ui-grid-group');
    const g = (await group.boundingBox())!;
    const first = (await header(page, 'released').boundingBox())!;
    await dragBy(page, { x: g.x + 20, y: g.y + 5 }, { x: first.x + 3, y: g.y + 5 });
    expect(await shownIds(page)).toEqual(['price', 'stock', 'rating', 'released', 'id', 'product', 'category', 'site']);
    await expect(group).toHaveAttribute('aria-expanded', 'true');
  });

  test('hides columns from the header menu and the chooser, keyboard only, in German and the dark theme', async ({ page }) => {
    await open(page);
    await page.getByTestId('german').check();
    await page.getByTestId('dark').check();
    await header(page, 'site').focus();
    await page.keyboard.press('Shift+F10');
    const menu = page.locator('.ui-grid-overlay [role="menu"]');
    await expect(menu).toHaveAttribute('aria-label', 'Spalte Web');
    await expect(page.locator('.ui-grid-overlay.ui-grid-theme-dark')).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await expect(menu.locator('[data-action="hideColumn"]')).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await shownIds(page)).not.toContain('site');
    await grid(page).locator('[data-action="columns"]').focus();
    await expect(grid(page).locator('[data-action="columns"]')).toHaveText('Spalten');
    await page.keyboard.press('Enter');
    const chooser = page.locator('.ui-grid-column-chooser');
    await expect(chooser).toHaveAttribute('aria-label', 'Spalten');
    await expect(chooser.locator('input[data-col-id="site"]')).not.toBeChecked();
    await expect(chooser.locator('input[data-col-id="id"]')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    expect(await shownIds(page)).not.toContain('product');
    await page.keyboard.press('Escape');
    await expect(chooser).toHaveCount(0);
    await expect(grid(page).locator('[data-action="columns"]')).toBeFocused();
  });

  test('keeps widths, order, hidden columns and sort across a reload; Reset columns goes back', async ({ page }) => {
    await open(page);
    await header(page, 'stock').focus();
    await page.keyboard.press('Alt+ArrowRight');
    await page.keyboard.press('Alt+ArrowRight');
    await page.keyboard.press('Alt+Shift+ArrowLeft');
    // The click scrolls the page to the button first: the chooser stays open (that scroll came before it).
    await grid(page).locator('[data-action="columns"]').click();
    await page.locator('.ui-grid-column-chooser input[data-col-id="category"]').uncheck();
    await page.keyboard.press('Escape');
    await header(page, 'rating').click();
    const before = await shownIds(page);
    expect(before).toEqual(['id', 'product', 'stock', 'price', 'rating', 'released', 'site']);
    await page.reload();
    // Sorted by rating as kept: the first row is another product.
    await expect(grid(page).locator('.ui-grid-row[aria-rowindex="4"] [aria-colindex="2"]')).toHaveText('Product 0101');
    expect(await shownIds(page)).toEqual(before);
    expect(await widthOf(header(page, 'stock'))).toBe(110);
    await expect(header(page, 'rating')).toHaveAttribute('aria-sort', 'ascending');
    await page.getByTestId('reset-columns').click();
    expect(await shownIds(page)).toEqual(['id', 'product', 'category', 'price', 'stock', 'rating', 'released', 'site']);
    await expect(header(page, 'id')).toHaveAttribute('aria-sort', 'ascending');
    await expect(grid(page).locator('.ui-grid-row[aria-rowindex="4"] [aria-colindex="2"]')).toHaveText('Product 0001');
    await page.reload();
    await open(page);
    expect(await widthOf(header(page, 'stock'))).toBe(90);
  });

  test('on server pages: a resized and hidden column stays so after a reload', async ({ page }) => {
    await page.goto('/#/grid-features-server');
    await expect(page.getByTestId('grid-status')).toHaveText('TransformedStatus');
    const server = page.getByTestId('server-grid');
    const colheaders = server.locator('.ui-grid-colheader');
    const ids = await colheaders.evaluateAll((cells) => cells.map((c) => (c as HTMLElement).dataset['colId']!));
    const first = server.locator(`.ui-grid-colheader[data-col-id="${ids[0]}"]`);
    const width = await widthOf(first);
    await first.focus();
    await page.keyboard.press('Alt+ArrowRight');
    await page.keyboard.press('Shift+F10');
    await page.locator(`.ui-grid-overlay [data-action="hideColumn"]`).click();
    await expect(server.locator(`.ui-grid-colheader[data-col-id="${ids[0]}"]`)).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('grid-status')).toHaveText('TransformedStatus');
    await expect(server.locator('.ui-grid-colheader').first()).toHaveAttribute('data-col-id', ids[1]);
    await server.locator('[data-action="columns"]').click();
    await page.locator(`.ui-grid-column-chooser input[data-col-id="${ids[0]}"]`).check();
    expect(await widthOf(server.locator(`.ui-grid-colheader[data-col-id="${ids[0]}"]`))).toBe(width + 10);
  });
});
