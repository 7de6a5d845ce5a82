import { Clipboard } from '@angular/cdk/clipboard';
import { TestBed } from '@angular/core/testing';
import { wrsText } from '../../../core/testing/fixtures';
import { GridState } from './grid-state';
import { MountedGrid, configureGrids, mountConfiguredGrid } from './testing/mount-grid';
import { sheetRows } from './testing/sheet-rows';
import { builtBy, mountStoreGrid, watchBuilds } from './testing/store-grid';
import { cell, frame } from './testing/user-steps';

const ROWS = 2000;
const COUNTRIES = ['DE', 'FR', 'IT'];
/**
 * A key, a name (row 11's holds an entity: a row the text search leaves to the store), a number, an amount shown to
 * two decimals, a country (references: a value list filter); every 7th amount and every 13th name empty or null.
 */
const text = () =>
  wrsText(
    [{ id: 'id', isKey: true }, { id: 'name', nullable: '1' }, { id: 'n', type: 'INTEGER' }, { id: 'amount', type: 'NUMERIC', scale: 2, nullable: '1' }, { id: 'country', references: COUNTRIES }],
    Array.from({ length: ROWS }, (_, r) => [
      `k${r + 1}`,
      r === 10 ? 'Smith &amp; Sons' : r % 13 === 0 ? null : `name ${r + 1}`,
      String((r * 7) % 500),
      r % 7 === 0 ? '' : String(((r * 13) % 1000) / 4),
      COUNTRIES[r % 3],
    ]),
  );

afterEach(() => document.querySelectorAll('ui-grid').forEach((e) => e.remove()));

const stateOf = (s: MountedGrid) => (s.grid as unknown as { state: GridState }).state;

/** The ids of every row the grid shows, page after page, in view order (as the body paints them). */
async function shownIds(s: MountedGrid, pages: number): Promise<string[]> {
  const ids: string[] = [];
  for (let p = 0; p < pages; p++) {
    s.grid.goToPage(p);
    await frame();
    const view = stateOf(s).features.view!;
    for (let at = 0; at < view.rowCount; at++) ids.push(view.shownAt(at)!.id);
  }
  return ids;
}

/** Scrolls to the top, focuses the first cell, then presses keys on the body (two grids share the page: no pointer). */
async function keys(s: MountedGrid, ...presses: [string, boolean?][]): Promise<void> {
  (s.el.querySelector('.ui-grid-viewport') as HTMLElement).scrollTop = 0;
  await frame();
  const target = cell(s, 0, 0)!;
  const r = target.getBoundingClientRect();
  target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: r.left + 3, clientY: r.top + 3 }));
  document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
  const body = s.el.querySelector('.ui-grid-body') as HTMLElement;
  for (const [key, shiftKey] of presses) body.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey: !!shiftKey, bubbles: true, cancelable: true }));
}

describe('GridComponent reads over a row store', () => {
  let built: string[];
  beforeEach(() => {
    built = watchBuilds(text());
    configureGrids();
  });

  /** The same grid twice: its rows in a store, and parsed whole (the document the existing code reads). */
  async function twoGrids(inputs: Record<string, unknown>): Promise<{ store: MountedGrid; parsed: MountedGrid }> {
    return { store: await mountStoreGrid(text(), inputs), parsed: await mountStoreGrid(text(), inputs, true) };
  }

  const unbuilt = (s: MountedGrid) => expect(s.grid.getRowStore()!.materialized).withContext(builtBy(built)).toBeFalse();

  it('filters, sorts and pages the store without building it, showing the rows the parsed document shows', async () => {
    const { store, parsed } = await twoGrids({ columnFilters: true, paginationSize: 40 });
    const steps: [string, (s: MountedGrid) => void, number][] = [
      ['a text filter', (s) => s.grid.setColumnFilter('name', { kind: 'text', op: 'contains', text: 'E 1' }), 12],
      ['and a range', (s) => s.grid.setColumnFilter('n', { kind: 'range', from: '100', to: '300' }), 6],
      ['sorted by amount', (s) => s.grid.sortBy('amount'), 6],
      ['and a value list', (s) => s.grid.setColumnFilter('country', { kind: 'values', values: ['FR', ''] }), 3],
      ['descending', (s) => s.grid.sortBy('amount'), 3],
      ['the text filter cleared', (s) => s.grid.setColumnFilter('name', null), 20],
      ['empty amounts', (s) => s.grid.setColumnFilter('amount', { kind: 'text', op: 'equals', text: '' }), 3],
    ];
    for (const [what, step, pages] of steps) {
      step(store);
      step(parsed);
      await frame();
      const ids = await shownIds(store, pages);
      expect(ids.length).withContext(what).toBeGreaterThan(0);
      expect(ids).withContext(what).toEqual(await shownIds(parsed, pages));
      store.grid.goToPage(0);
      parsed.grid.goToPage(0);
      await frame();
      expect(cell(store, 0, 1)!.textContent).withContext(what).toBe(cell(parsed, 0, 1)!.textContent!);
      unbuilt(store);
    }
    expect(parsed.grid.getRowStore()).toBeNull();
  });

  it('filters with a custom filter function that takes no row without building; one that takes the row builds', async () => {
    const noRow = { name: (value: string | null) => (value ?? '').endsWith('7') };
    const { store, parsed } = await twoGrids({ columnFilters: true, columnFiltersCustomFilter: noRow });
    for (const s of [store, parsed]) s.grid.setColumnFilter('name', { kind: 'text', op: 'contains', text: 'x' });
    await frame();
    expect(await shownIds(store, 1)).toEqual(await shownIds(parsed, 1));
    expect(stateOf(store).features.view!.rowCount).toBe(ROWS / 10 - Math.ceil(ROWS / 130));
    unbuilt(store);
    const withRow = await mountConfiguredGrid(text(), {
      columnFilters: true,
      columnFiltersCustomFilter: { name: (_v: string | null, _f: unknown, row: Element) => row.getAttribute('id') === 'R5' },
    });
    withRow.grid.setColumnFilter('name', { kind: 'text', op: 'contains', text: 'x' });
    await frame();
    expect(withRow.grid.getRowStore()!.materialized).toBeTrue();
    expect(stateOf(withRow).features.view!.shownAt(0)!.id).toBe('R5');
  });

  it('finds in the store without building it: the counts and marks of the parsed document, written rows by their values', async () => {
    const { store, parsed } = await twoGrids({ columnFilters: true });
    for (const query of ['name 1', '2.5', 'e 19', 'smith & sons', 'FR', 'k2000', 'nothing like it']) {
      const counted = await store.grid.openFind(query);
      expect(counted).withContext(query).toBe(await parsed.grid.openFind(query));
      expect(stateOf(store).selection.focus).withContext(query).toEqual(stateOf(parsed).selection.focus);
      // The marks the body paints, over the same rows.
      for (const s of [store, parsed]) (s.el.querySelector('.ui-grid-viewport') as HTMLElement).scrollTop = 0;
      await frame();
      await frame();
      const marks = (s: MountedGrid) => [...s.el.querySelectorAll('.ui-grid-row:not([style*="none"]) .ui-grid-cell-match')].map((c) => c.textContent);
      expect(marks(store)).withContext(query).toEqual(marks(parsed));
      unbuilt(store);
    }
    expect(await store.grid.openFind('name 1')).toBeGreaterThan(100);
    // A filtered and sorted view is searched in its order, the focus on its first match.
    for (const s of [store, parsed]) {
      s.grid.closeFind();
      s.grid.setColumnFilter('country', { kind: 'values', values: ['IT'] });
      s.grid.sortBy('n');
      await keys(s, ['ArrowDown'], ['ArrowDown'], ['ArrowDown']);
    }
    await frame();
    expect(await store.grid.openFind('5')).toBe(await parsed.grid.openFind('5'));
    expect(stateOf(store).selection.focus).toEqual(stateOf(parsed).selection.focus);
    unbuilt(store);
    // An edit written on the store's entry: find reads that row's new value, not its text's.
    for (const s of [store, parsed]) {
      s.grid.closeFind();
      s.grid.setColumnFilter('country', null);
    }
    await frame();
    for (const s of [store, parsed]) {
      await keys(s, ['ArrowDown'], ['ArrowDown'], ['ArrowRight'], ['F2']);
      const editor = s.el.querySelector('.ui-grid-editor') as HTMLInputElement;
      editor.value = 'written value';
      editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    }
    await frame();
    const rows = store.grid.getRowStore()!;
    expect(rows.state(rows.positionOf(stateOf(store).features.view!.shownAt(2)!.id))).toBe('M');
    expect(await store.grid.openFind('written value')).toBe(1);
    expect(await store.grid.openFind('name 3')).toBe(await parsed.grid.openFind('name 3'));
    expect(await store.grid.openFind('name 1')).toBe(await parsed.grid.openFind('name 1'));
    unbuilt(store);
  });

  it('copies a range of a filtered and sorted store view without building it, as from the parsed document', async () => {
    const { store, parsed } = await twoGrids({ columnFilters: true });
    const copied = spyOn(TestBed.inject(Clipboard), 'copy').and.returnValue(true);
    const texts: string[] = [];
    for (const s of [store, parsed]) {
      s.grid.setColumnFilter('n', { kind: 'range', from: '10', to: '400' });
      s.grid.sortBy('amount');
      await frame();
      await keys(s, ...Array.from({ length: 5 }, (): [string, boolean] => ['ArrowDown', true]), ...Array.from({ length: 4 }, (): [string, boolean] => ['ArrowRight', true]));
      texts.push(s.grid.copySelection());
    }
    expect(texts[0]).toBe(texts[1]);
    expect(texts[0].split('\r\n').length).toBe(7);
    expect(copied).toHaveBeenCalledWith(texts[0]);
    unbuilt(store);
  });

  it('exports CSV and XLSX of a filtered, sorted and paged store view without building it, as from the parsed document', async () => {
    const { store, parsed } = await twoGrids({ columnFilters: true, paginationSize: 30 });
    const exports: { csv: string; xlsx: string[]; all: string }[] = [];
    for (const s of [store, parsed]) {
      s.grid.setColumnFilter('n', { kind: 'range', from: '10', to: '200' });
      s.grid.sortBy('amount');
      s.grid.goToPage(1);
      await frame();
      // A cell written and a row deleted in the view: the export writes the one and leaves the other out.
      await keys(s, ['ArrowDown'], ['ArrowRight'], ['F2']);
      const editor = s.el.querySelector('.ui-grid-editor') as HTMLInputElement;
      editor.value = '=HYPERLINK("x")';
      editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
      await keys(s, ['ArrowDown'], ['ArrowDown'], ['ArrowDown']);
      s.grid.deleteSelectedRows();
      await frame();
      const csv = await (await s.grid.exportData('csv'))!.text();
      const xlsx = await sheetRows((await s.grid.exportData('xlsx'))!);
      exports.push({ csv, xlsx, all: await (await s.grid.exportData('csv', true))!.text() });
    }
    expect(exports[0].csv).toBe(exports[1].csv);
    expect(exports[0].xlsx).toEqual(exports[1].xlsx);
    expect(exports[0].all).toBe(exports[1].all);
    const lines = exports[0].csv.split('\r\n');
    const shown = stateOf(store).features.view!.matchedCount;
    // The BOM and header, every matched row but the deleted one, the last line's end.
    expect(lines.length).toBe(shown - 1 + 2);
    expect(exports[0].csv).toContain(`'=HYPERLINK(""x"")`);
    expect(exports[0].all.split('\r\n').length).toBe(ROWS - 1 + 2);
    unbuilt(store);
  });
});
