import { expect, test, type Page } from '@playwright/test';

const grid = (page: Page) => page.getByTestId('features-grid');
// Data rows are numbered from 4 (group line, captions and filters come first); price is column 4, released 7.
const cell = (page: Page, row: number, col: number) => grid(page).locator(`.ui-grid-row[aria-rowindex="${row + 4}"] [role="gridcell"][aria-colindex="${col}"]`);

async function pasteIntoBody(page: Page, text: string): Promise<void> {
  await page.evaluate((lines) => {
    const data = new DataTransfer();
    data.setData('text/plain', lines);
    document.querySelector('[data-test="features-grid"] .ui-grid-body')!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test.describe('demo: German numbers and dates on the features page', () => {
  test('shows, reads typed and pasted German numbers and dates, and saves canonical values', async ({ page }) => {
    await page.goto('/#/grid-features');
    await expect(cell(page, 0, 4)).toHaveText('1.37');
    await expect(cell(page, 0, 7)).toHaveText('2026-02-02');

    await page.getByTestId('german').check();
    await expect(grid(page).locator('[data-action="save"]')).toHaveText('Speichern');
    await expect(cell(page, 0, 4)).toHaveText('1,37');
    await expect(cell(page, 0, 7)).toHaveText('02.02.2026');

    await cell(page, 0, 4).click();
    await page.keyboard.type('1.234,5');
    await page.keyboard.press('Enter');
    await expect(cell(page, 0, 4)).toHaveText('1234,50');
    await expect(cell(page, 0, 4)).not.toHaveClass(/ui-grid-cell-invalid/);

    await cell(page, 1, 4).click();
    await page.keyboard.type('1,2,3');
    await page.keyboard.press('Enter');
    await expect(cell(page, 1, 4)).toHaveClass(/ui-grid-cell-invalid/);
    await expect(cell(page, 1, 4)).toHaveAttribute('title', 'Preis ist keine Zahl');
    await page.keyboard.press('ControlOrMeta+z');
    await expect(cell(page, 1, 4)).not.toHaveClass(/ui-grid-cell-invalid/);

    await cell(page, 2, 7).click();
    await pasteIntoBody(page, '24.12.2026\n2026-11-30');
    await expect(cell(page, 2, 7)).toHaveText('24.12.2026');
    await expect(cell(page, 3, 7)).toHaveText('30.11.2026');

    // What the grid stores, by row id: canonical values.
    const stored = await page.evaluate(() => {
      const host = document.querySelector('[data-test="features-grid"]')!;
      const component = (window as unknown as { ng: { getComponent(e: Element): { getData(): Document } } }).ng.getComponent(host);
      const rows = [...component.getData().getElementsByTagName('*')].filter((e) => e.localName === 'M' && e.parentElement?.localName === 'Data');
      const text = (c: Element) => [...c.childNodes].filter((n) => n.nodeType === 3).map((n) => n.nodeValue).join('');
      return Object.fromEntries(rows.map((row) => [row.getAttribute('id'), [...row.children].filter((c) => c.localName === 'C').map(text)]));
    });
    expect([stored['R1']?.[3], stored['R1']?.[6], stored['R3']?.[6], stored['R4']?.[6]]).toEqual(['1234.5', '2026-02-02', '2026-12-24', '2026-11-30']);
  });
});
