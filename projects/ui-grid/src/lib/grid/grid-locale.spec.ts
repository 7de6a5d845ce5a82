import { Clipboard } from '@angular/cdk/clipboard';
import { LOCALE_ID } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { WrsIndex, cellValue, cellsOf } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../core/testing/fixtures';
import { mountGrid } from './testing/mount-grid';

const PRODUCTS = () =>
  wrsText(
    [
      { id: 'name', nullable: '0' },
      { id: 'price', type: 'DECIMAL', scale: 2 },
      { id: 'released', type: 'DATE' },
      { id: 'changed', type: 'TIMESTAMP' },
    ],
    [
      ['Anna', '1.37', '2026-02-02', '2026-02-02T09:30:00'],
      ['Bert', '1234.5', '2025-12-31', null],
      ['Cleo', '3', null, null],
    ],
  );

async function setup(inputs: Record<string, unknown>, localeId = 'en-US') {
  const { fixture, grid, el } = await mountGrid(PRODUCTS(), inputs, [{ provide: LOCALE_ID, useValue: localeId }]);
  const body = el.querySelector('.ui-grid-body') as HTMLElement;
  const cell = (row: number, col: number) => el.querySelector(`.ui-grid-row[aria-rowindex="${row + 2}"] [aria-colindex="${col + 1}"]`) as HTMLElement;
  const stored = (rowId: string) => cellsOf(WrsIndex.of(grid.getData()!).rowById(rowId)!).map(cellValue);
  const click = (row: number, col: number, init: MouseEventInit = {}) => {
    const r = cell(row, col).getBoundingClientRect();
    cell(row, col).dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: r.left + 3, clientY: r.top + 3, ...init }));
    document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
  };
  const press = (key: string) => {
    const target = (el.querySelector('.ui-grid-editor') as HTMLElement | null) ?? body;
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  };
  const editor = () => el.querySelector('.ui-grid-editor') as HTMLInputElement;
  return { fixture, grid, el, cell, stored, click, press, editor };
}

describe('GridComponent in a locale', () => {
  afterEach(() => document.querySelectorAll('ui-grid, [ng-version]').forEach((e) => e.remove()));

  it('shows numbers and dates in the locale input\'s form, and canonically without a locale or with Angular\'s default', async () => {
    const de = await setup({ locale: 'de-DE' });
    expect([1, 2, 3].map((c) => de.cell(0, c).textContent)).toEqual(['1,37', '02.02.2026', '02.02.2026 09:30:00']);
    expect(de.cell(1, 1).textContent).withContext('never grouped').toBe('1234,50');
    TestBed.resetTestingModule();
    const plain = await setup({});
    expect([1, 2, 3].map((c) => plain.cell(0, c).textContent)).toEqual(['1.37', '2026-02-02', '2026-02-02 09:30:00']);
    TestBed.resetTestingModule();
    const fromApp = await setup({}, 'de');
    expect(fromApp.cell(0, 1).textContent).withContext('the app\'s LOCALE_ID').toBe('1,37');
    TestBed.resetTestingModule();
    const forced = await setup({ locale: '' }, 'de');
    expect(forced.cell(0, 1).textContent).withContext('an empty locale input: canonical').toBe('1.37');
  });

  it('edits in the locale: the editor shows every digit in it and a typed German number is stored canonical', async () => {
    const s = await setup({ locale: 'de-DE' });
    s.click(0, 1);
    s.press('F2');
    expect(s.editor().value).toBe('1,37');
    s.editor().value = '1.234,56';
    s.press('Enter');
    expect(s.stored('R1')[1]).toBe('1234.56');
    s.click(1, 2);
    s.press('0');
    s.editor().value = '03.04.2026';
    s.press('Enter');
    expect(s.stored('R2')[2]).toBe('2026-04-03');
    s.click(0, 3);
    s.press('0');
    s.editor().value = '01.03.2026 8:05';
    s.press('Enter');
    expect(s.stored('R1')[3]).toBe('2026-03-01T08:05');
    expect(s.cell(0, 3).textContent).toBe('01.03.2026 08:05');
  });

  it('opens and leaves an editor without writing: the locale text reads back as the stored value', async () => {
    const s = await setup({ locale: 'de-DE' });
    s.click(0, 1);
    s.press('F2');
    s.press('Enter');
    expect(s.stored('R1')[1]).toBe('1.37');
    expect(s.grid.getData()!.getElementsByTagNameNS(s.grid.getData()!.documentElement.namespaceURI, 'M').length).toBe(0);
  });

  it('gives a bad German number the usual validation message and stores it as typed, never as another number', async () => {
    const s = await setup({ locale: 'de-DE' });
    s.click(2, 1);
    s.press('1');
    s.editor().value = '1,2,3';
    s.press('Enter');
    expect(s.stored('R3')[1]).toBe('1,2,3');
    expect(s.cell(2, 1).textContent).toBe('1,2,3');
    expect(s.cell(2, 1).classList).toContain('ui-grid-cell-invalid');
    expect(s.cell(2, 1).title).toBe('PRICE is not a number');
  });

  it('pastes German and canonical text, and copies what a paste in the locale reads back', async () => {
    const s = await setup({ locale: 'de-DE' });
    const copied = spyOn(TestBed.inject(Clipboard), 'copy').and.returnValue(true);
    s.click(0, 1);
    s.grid.pasteTsv('2,75\t03.04.2026\n1234.56\t2026-05-06\n');
    expect(s.stored('R1').slice(1, 3)).toEqual(['2.75', '2026-04-03']);
    expect(s.stored('R2').slice(1, 3)).withContext('canonical text from another app').toEqual(['1234.56', '2026-05-06']);
    s.click(0, 1);
    s.click(1, 3, { shiftKey: true });
    expect(s.grid.copySelection()).toBe('2,75\t03.04.2026\t02.02.2026 09:30:00\r\n1234,56\t06.05.2026\t\r\n');
    expect(copied).toHaveBeenCalled();
    s.grid.pasteTsv(s.grid.copySelection());
    expect(s.stored('R1').slice(1)).toEqual(['2.75', '2026-04-03', '2026-02-02T09:30:00']);
  });

  it('filters by bounds typed in the locale, over the stored values', async () => {
    const s = await setup({ locale: 'de-DE', columnFilters: true });
    const field = s.el.querySelector('.ui-grid-filter[data-col-id="price"]') as HTMLInputElement;
    field.value = '1,5..1.500';
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await s.fixture.whenStable();
    expect(field.getAttribute('aria-invalid')).toBeNull();
    const names = [...s.el.querySelectorAll<HTMLElement>('.ui-grid-canvas .ui-grid-row')].filter((r) => r.style.display !== 'none').map((r) => r.querySelector('[aria-colindex="1"]')!.textContent);
    expect(names).toEqual(['Bert', 'Cleo']);
  });

  it('fails the load naming a locale tag Intl refuses', async () => {
    const s = await setup({ locale: 'not a tag!' });
    expect(s.grid.hasFailed()).toBeTrue();
    expect(s.grid.getFailureReason()).toContain('"not a tag!"');
  });

  it('exports the stored values, as without a locale', async () => {
    spyOn(HTMLAnchorElement.prototype, 'click');
    const de = await setup({ locale: 'de-DE' });
    const german = await (await de.grid.exportData('csv'))!.text();
    TestBed.resetTestingModule();
    const plain = await setup({});
    expect(german).toBe(await (await plain.grid.exportData('csv'))!.text());
    expect(german).toContain('1234.5');
    expect(german).toContain('2026-02-02');
  });

  it('writes CSV in the locale with csvInLocale: German numbers and dates, semicolons, the formula guard kept', async () => {
    spyOn(HTMLAnchorElement.prototype, 'click');
    const de = await setup({ locale: 'de-DE', csvInLocale: true });
    de.click(2, 0);
    de.grid.pasteTsv('=1+2\t-0,5');
    const csv = await (await de.grid.exportData('csv'))!.text();
    expect(csv).toBe(
      'NAME;PRICE;RELEASED;CHANGED\r\n' +
        'Anna;1,37;02.02.2026;02.02.2026 09:30:00\r\n' +
        'Bert;1234,5;31.12.2025;\r\n' +
        "'=1+2;-0,5;;\r\n",
    );
    const typed = await (await de.grid.exportData('csv', false, { csvInLocale: false }))!.text();
    expect(typed).withContext('the argument wins over the input').toContain('Bert,1234.5,2025-12-31,');
  });

  it('writes CSV in an English locale with commas and points, and canonically without a locale', async () => {
    spyOn(HTMLAnchorElement.prototype, 'click');
    const gb = await setup({ locale: 'en-GB' });
    const csv = await (await gb.grid.exportData('csv', false, { csvInLocale: true }))!.text();
    expect(csv).toContain('Anna,1.37,02/02/2026,02/02/2026 09:30:00\r\n');
    TestBed.resetTestingModule();
    const plain = await setup({ csvInLocale: true });
    expect(await (await plain.grid.exportData('csv'))!.text()).toContain('Bert,1234.5,2025-12-31,\r\n');
  });
});
