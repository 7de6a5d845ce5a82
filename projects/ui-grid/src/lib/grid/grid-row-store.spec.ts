import { NS, WrsIndex, parseXml, serializeXml, sortRows } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../core/testing/fixtures';
import { MountedGrid, mountGrid } from './testing/mount-grid';
import { sheetRows } from './testing/sheet-rows';
import { builtBy, watchBuilds } from './testing/store-grid';
import { cell, frame } from './testing/user-steps';

const ROWS = 2000;
/** Rows of a key, a name and a number; row 5's number is invalid, rows 7 and 8 share a key. */
const text = () =>
  wrsText(
    [{ id: 'id', isKey: true }, { id: 'name' }, { id: 'n', type: 'INTEGER' }],
    Array.from({ length: ROWS }, (_, r) => [r === 7 ? 'k7' : `k${r + 1}`, `name ${r + 1}`, r === 4 ? 'x' : String(ROWS - r)]),
  );

/** The rows of a Wrs (not those of a validation result in its header). */
const dataOf = (doc: Document) => serializeXml([...doc.documentElement.children].find((e) => e.localName === 'Data' && e.namespaceURI === NS.wrs)!);

afterEach(() => document.querySelectorAll('ui-grid').forEach((e) => e.remove()));

describe('GridComponent over a row store', () => {
  let built: string[];
  beforeEach(() => {
    built = watchBuilds(text());
  });

  const viewport = (s: MountedGrid) => s.el.querySelector('.ui-grid-viewport') as HTMLElement;

  it('shows, scrolls and validates the rows of a store without building its document', async () => {
    const s = await mountGrid(text());
    const store = s.grid.getRowStore()!;
    expect(store).not.toBeNull();
    expect(s.grid.isReady()).toBeTrue();
    expect(cell(s, 0, 1)!.textContent).toBe('name 1');
    expect(s.el.querySelector('.ui-grid-body')!.getAttribute('aria-rowcount')).toBe(String(ROWS + 1));
    viewport(s).scrollTop = viewport(s).scrollHeight;
    await frame();
    const rows = [...s.el.querySelectorAll('.ui-grid-canvas .ui-grid-row')].filter((r) => (r as HTMLElement).style.display !== 'none');
    expect(rows.map((r) => r.querySelectorAll('.ui-grid-cell')[1].textContent)).toContain(`name ${ROWS}`);
    viewport(s).scrollTop = 0;
    await frame();
    // The background validation read the rows from the store: the invalid number and the shared key are marked.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await frame();
    expect(cell(s, 4, 2)!.classList).toContain('ui-grid-cell-invalid');
    expect(cell(s, 6, 0)!.classList).toContain('ui-grid-cell-invalid');
    expect(cell(s, 7, 0)!.classList).toContain('ui-grid-cell-invalid');
    expect(cell(s, 5, 0)!.classList).not.toContain('ui-grid-cell-invalid');
    expect(s.grid.getErrorCount()).toBe(3);
    expect(store.materialized).withContext(builtBy(built)).toBeFalse();
    expect(store.builtRowCount).toBe(0);
  });

  it('keeps its rows in the store when the focus enters the grid', async () => {
    const s = await mountGrid(text());
    (s.el.querySelector('.ui-grid-body') as HTMLElement).focus();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(s.grid.getRowStore()!.materialized).withContext(builtBy(built)).toBeFalse();
  });

  it('exports CSV and XLSX from the store without building its document, as from the built document', async () => {
    const s = await mountGrid(text());
    const store = s.grid.getRowStore()!;
    const csv = await (await s.grid.exportData('csv'))!.text();
    const xlsx = await sheetRows((await s.grid.exportData('xlsx'))!);
    expect(store.materialized).withContext(builtBy(built)).toBeFalse();
    expect(csv.split('\r\n').length).toBe(ROWS + 2);
    expect(xlsx.length).toBe(ROWS + 2);
    s.grid.getData();
    expect(await (await s.grid.exportData('csv'))!.text()).toBe(csv);
    expect(await sheetRows((await s.grid.exportData('xlsx'))!)).toEqual(xlsx);
  });

  it('builds the document parseXml builds when it is asked for, and edits it', async () => {
    const s = await mountGrid(text());
    const store = s.grid.getRowStore()!;
    const doc = s.grid.getData()!;
    expect(store.materialized).toBeTrue();
    expect(dataOf(doc)).toBe(dataOf(parseXml(text())));
    s.grid.write('/*/wrs:Data/*[2]/wrs:C[2]', 'changed', true);
    await frame();
    expect(cell(s, 1, 1)!.textContent).toBe('changed');
    expect(cell(s, 1, 1)!.classList).toContain('ui-grid-cell-modified');
    expect(WrsIndex.of(doc).rowAt(2)!.localName).toBe('M');
  });

  it('sorts and turns pages over the store without building it; an edit writes the row shown', async () => {
    const s = await mountGrid(text(), { paginationSize: 50 });
    const store = s.grid.getRowStore()!;
    s.grid.sortBy('n');
    await frame();
    // Ascending numbers: the last rows (the smallest numbers) first; row 5's 'x' is no number and goes last.
    expect(cell(s, 0, 1)!.textContent).toBe(`name ${ROWS}`);
    expect(cell(s, 1, 1)!.textContent).toBe(`name ${ROWS - 1}`);
    s.grid.goToPage(2);
    await frame();
    expect(cell(s, 0, 1)!.textContent).toBe(`name ${ROWS - 100}`);
    s.grid.sortBy('n');
    s.grid.goToPage(2);
    await frame();
    const parsed = WrsIndex.of(parseXml(text()));
    const descending = sortRows(parsed, parsed.rows(), [{ colId: 'n', descending: true }]);
    const shownId = descending[100].getAttribute('id')!;
    expect(cell(s, 0, 1)!.textContent).withContext('descending, third page').toBe(`name ${shownId.slice(1)}`);
    expect(store.materialized).withContext(builtBy(built)).toBeFalse();
    expect(store.builtRowCount).toBe(0);
    // The write goes to the row's entry; the document built after holds it.
    const target = cell(s, 0, 1)!;
    const r = target.getBoundingClientRect();
    target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: r.left + 3, clientY: r.top + 3 }));
    document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    (s.el.querySelector('.ui-grid-body') as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'F2', bubbles: true, cancelable: true }));
    const editor = s.el.querySelector('.ui-grid-editor') as HTMLInputElement;
    editor.value = 'typed';
    editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await frame();
    expect(store.materialized).withContext(builtBy(built)).toBeFalse();
    expect(cell(s, 0, 1)!.textContent).toBe('typed');
    expect(cell(s, 1, 1)!.textContent).toBe(`name ${descending[101].getAttribute('id')!.slice(1)}`);
    expect(WrsIndex.of(s.grid.getData()!).rowById(shownId)!.localName).toBe('M');
    expect(cell(s, 0, 1)!.textContent).toBe('typed');
  });

  it('takes a cell edit from the keyboard into the store, and the document built after holds it with its original', async () => {
    const s = await mountGrid(text());
    const store = s.grid.getRowStore()!;
    const target = cell(s, 2, 1)!;
    const r = target.getBoundingClientRect();
    target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: r.left + 3, clientY: r.top + 3 }));
    document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    const body = s.el.querySelector('.ui-grid-body') as HTMLElement;
    body.dispatchEvent(new KeyboardEvent('keydown', { key: 'F2', bubbles: true, cancelable: true }));
    const editor = s.el.querySelector('.ui-grid-editor') as HTMLInputElement;
    expect(editor).withContext('an editor opened').toBeTruthy();
    expect(editor.value).toBe('name 3');
    editor.value = 'typed';
    editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await frame();
    expect(store.materialized).withContext(builtBy(built)).toBeFalse();
    expect(store.state(2)).toBe('M');
    expect(cell(s, 2, 1)!.classList).toContain('ui-grid-cell-modified');
    const row = WrsIndex.of(s.grid.getData()!).rowAt(3)!;
    expect(row.localName).toBe('M');
    expect(serializeXml(row)).toContain('typed');
    expect(serializeXml(row)).toContain('name 3');
    expect(cell(s, 2, 1)!.textContent).toBe('typed');
  });
});
