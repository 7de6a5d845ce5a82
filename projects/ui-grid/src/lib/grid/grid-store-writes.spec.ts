import { TestBed } from '@angular/core/testing';
import { NS, WrsIndex, cellAt, cellValue, serializeXml } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../core/testing/fixtures';
import { MountedGrid, mountGrid } from './testing/mount-grid';
import { builtBy, watchBuilds } from './testing/store-grid';
import { cell, click, frame, key, paste, type } from './testing/user-steps';

const ROWS = 2000;
/** Rows of a key, a name and a number; row 3 comes as M with its originals, row 4 as D, row 6 as I. */
const text = () => {
  const plain = wrsText(
    [{ id: 'id', isKey: true }, { id: 'name' }, { id: 'n', type: 'INTEGER' }],
    Array.from({ length: ROWS }, (_, r) => [`k${r + 1}`, `name ${r + 1}`, String(ROWS - r)]),
  );
  return plain
    .replace(/<wrs:R id="R3">(.*?)<\/wrs:R>/, (_, cells: string) => `<wrs:M id="R3">${cells.replace(/<wrs:C>([^<]*)<\/wrs:C>/g, '<wrs:C>$1</wrs:C><wrs:O>was $1</wrs:O>')}</wrs:M>`)
    .replace(/<wrs:R id="R4">(.*?)<\/wrs:R>/, '<wrs:D id="R4">$1</wrs:D>')
    .replace(/<wrs:R id="R6">(.*?)<\/wrs:R>/, '<wrs:I id="R6">$1</wrs:I>');
};

/** The rows of a Wrs (not a validation result in its header). */
const dataOf = (doc: Document) => serializeXml([...doc.documentElement.children].find((e) => e.localName === 'Data' && e.namespaceURI === NS.wrs)!);

afterEach(() => document.querySelectorAll('ui-grid').forEach((e) => e.remove()));

/** The same user steps on any grid: edits, a paste, a fill, deletes and restores, undos and redos. */
async function steps(s: MountedGrid, check: (step: string) => void): Promise<void> {
  await type(s, 0, 1, 'typed');
  check('typed into an R row');
  await type(s, 2, 1, 'typed into M');
  check('typed into an M row');
  await type(s, 5, 2, '77');
  check('typed into an I row');
  paste(s, 7, 1, 'p1\t1\np2\t2\np3\t3');
  await frame();
  check('pasted');
  click(s, 10, 1);
  click(s, 14, 1, { shiftKey: true });
  key(s, 'd', { ctrlKey: true });
  await frame();
  check('filled down');
  click(s, 8, 0);
  click(s, 11, 0, { shiftKey: true });
  s.grid.deleteSelectedRows();
  await frame();
  check('deleted');
  expect(s.grid.undo()).toBeTrue();
  await frame();
  check('undone the delete');
  expect(s.grid.redo()).toBeTrue();
  await frame();
  check('redone the delete');
  click(s, 0, 0);
  click(s, 4, 0, { shiftKey: true });
  s.grid.restoreSelectedRows();
  await frame();
  check('restored rows 1-5');
  for (let i = 0; i < 3; i++) expect(s.grid.undo()).toBeTrue();
  await frame();
  check('undone three times');
  expect(s.grid.redo()).toBeTrue();
  await frame();
  check('redone once');
  s.grid.insertRowAt(3);
  await frame();
  check('inserted a row at 3');
  await type(s, 3, 1, 'new one');
  check('typed into the new row');
  s.grid.addRow();
  await frame();
  check('added a row');
  expect(s.grid.undo()).toBeTrue();
  expect(s.grid.undo()).toBeTrue();
  expect(s.grid.undo()).toBeTrue();
  await frame();
  check('undone the inserts');
  expect(s.grid.redo()).toBeTrue();
  expect(s.grid.redo()).toBeTrue();
  await frame();
  check('redone the insert and its typing');
  click(s, 4, 0);
  click(s, 7, 0, { shiftKey: true });
  s.grid.deleteSelectedRows();
  await frame();
  check('deleted rows with an I row');
  click(s, 2, 0);
  click(s, 6, 0, { shiftKey: true });
  s.grid.restoreSelectedRows();
  await frame();
  check('restored rows with an I row');
  expect(s.grid.undo()).toBeTrue();
  expect(s.grid.undo()).toBeTrue();
  await frame();
  check('undone the deletes and restores with I rows');
  expect(s.grid.redo()).toBeTrue();
  await frame();
  check('redone the delete with an I row');
  click(s, 1, 0);
  click(s, 2, 0, { shiftKey: true });
  s.grid.duplicateSelectedRows();
  await frame();
  check('duplicated two rows');
  await type(s, 3, 1, 'in the copy');
  check('typed into a copy');
  expect(s.grid.undo()).toBeTrue();
  expect(s.grid.undo()).toBeTrue();
  await frame();
  check('undone the copies');
  expect(s.grid.redo()).toBeTrue();
  await frame();
  check('redone the copies');
}

describe('GridComponent writes on a row store', () => {
  let built: string[];
  beforeEach(() => {
    built = watchBuilds();
  });

  for (const [name, inputs, arrange] of [
    ['in document order', {}, () => undefined],
    ['sorted, on a client page', { paginationSize: 50 }, (s: MountedGrid) => s.grid.sortBy('n')],
  ] as const) it(`edits, pastes, fills, inserts, deletes, restores, undoes and redoes on the entries (${name}), and the document built after is the one built first`, async () => {
    // The same steps on a grid whose document is built before the first one (the DOM path), step by step.
    const first = await mountGrid(text(), inputs);
    arrange(first);
    await frame();
    first.grid.getData();
    const shown: Record<string, string[]> = {};
    const documents: Record<string, string> = {};
    const rowsShown = (s: MountedGrid) => Array.from({ length: 16 }, (_, r) => [0, 1, 2].map((c) => `${cell(s, r, c).textContent}${cell(s, r, c).classList.contains('ui-grid-cell-modified') ? '*' : ''}`).join('|'));
    await steps(first, (step) => {
      shown[step] = rowsShown(first);
      documents[step] = dataOf(first.grid.getData()!);
    });
    document.querySelectorAll('ui-grid').forEach((e) => e.remove());
    TestBed.resetTestingModule();

    const s = await mountGrid(text(), inputs);
    arrange(s);
    await frame();
    const store = s.grid.getRowStore()!;
    built.length = 0;
    const seen: string[] = [];
    await steps(s, (step) => {
      seen.push(step);
      expect(store.materialized).withContext(`${step}: built by\n${builtBy(built)}`).toBeFalse();
      expect(rowsShown(s)).withContext(step).toEqual(shown[step]);
    });
    expect(seen.length).toBe(Object.keys(documents).length);
    // Built now: the document holds what the DOM path made of the same steps, and undo goes on over it.
    expect(dataOf(s.grid.getData()!)).toBe(documents['redone the copies']);
    expect(s.grid.undo()).toBeTrue();
    expect(dataOf(s.grid.getData()!)).toBe(documents['undone the copies']);
    expect(s.grid.getErrorCount()).toBe(first.grid.getErrorCount());
  });

  it('undoes a step taken on the entries after the document was built', async () => {
    const s = await mountGrid(text());
    await type(s, 1, 1, 'on the store');
    paste(s, 9, 2, '5\n6');
    await frame();
    const doc = s.grid.getData()!;
    expect(WrsIndex.of(doc).rowById('R2')!.localName).toBe('M');
    expect(s.grid.undo()).toBeTrue();
    expect(s.grid.undo()).toBeTrue();
    await frame();
    expect(WrsIndex.of(doc).rowById('R2')!.localName).toBe('R');
    expect(WrsIndex.of(doc).rowById('R10')!.localName).toBe('R');
    expect(cell(s, 1, 1).textContent).toBe('name 2');
    expect(s.grid.redo()).toBeTrue();
    await frame();
    expect(cell(s, 1, 1).textContent).toBe('on the store');
    expect(cell(s, 1, 1).classList).toContain('ui-grid-cell-modified');
  });

  it('shows the built-in tooltip of a cell edited on the store, original value included, without building', async () => {
    const s = await mountGrid(text());
    await type(s, 1, 1, 'edited');
    cell(s, 1, 1).dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 800));
    const tip = document.querySelector<HTMLElement>('.ui-grid-tooltip')!;
    expect(tip.hidden).toBeFalse();
    expect(tip.querySelector('.ui-grid-tooltip-value')!.textContent).toBe('edited');
    expect(tip.querySelector('.ui-grid-tooltip-original')!.textContent).toContain('name 2');
    expect(s.grid.getRowStore()!.materialized).withContext(builtBy(built)).toBeFalse();
  });

  it('opens the context menu over a store and deletes a row from it without building', async () => {
    const s = await mountGrid(text(), { contextMenu: true });
    click(s, 9, 1);
    const rect = cell(s, 9, 1).getBoundingClientRect();
    cell(s, 9, 1).dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: rect.left + 3, clientY: rect.top + 3 }));
    await frame();
    const items = Array.from(document.querySelectorAll<HTMLElement>('.ui-grid-context-menu [role="menuitem"]'));
    const remove = items.find((i) => i.textContent === 'Delete row')!;
    expect(remove.getAttribute('aria-disabled')).not.toBe('true');
    expect(items.find((i) => i.textContent === 'Restore')!.getAttribute('aria-disabled')).toBe('true');
    remove.click();
    await frame();
    expect(s.grid.getRowStore()!.state(9)).toBe('D');
    expect(s.grid.getRowStore()!.materialized).withContext(builtBy(built)).toBeFalse();
  });

  it('asks about and resets the changes of a store on its entries: the rows go back to the text, inserted ones go', async () => {
    const s = await mountGrid(text(), { paginationSize: 50 });
    s.grid.sortBy('n');
    await frame();
    await type(s, 0, 1, 'changed');
    s.grid.insertRowAt(2);
    await frame();
    const store = s.grid.getRowStore()!;
    expect(store.rowCount).toBe(ROWS + 1);
    (s.el.querySelector('.ui-grid-toolbar [data-action="reset"]') as HTMLButtonElement).click();
    s.fixture.detectChanges();
    // Rows 3, 4 and 6 come changed (M, D, I), then the two of this session.
    expect(s.el.querySelector('.ui-grid-reset-question')!.textContent).toContain('5');
    await s.grid.actionReset();
    await frame();
    expect(store.rowCount).toBe(ROWS - 1);
    expect(store.changedRows()).toEqual([]);
    expect(cell(s, 0, 1).textContent).toBe(`name ${ROWS}`);
    expect(cell(s, 2, 1).textContent).toBe(`name ${ROWS - 2}`);
    expect(store.materialized).withContext(builtBy(built)).toBeFalse();
  });

  it('jumps to rows and to the next invalid cell over a store without building', async () => {
    const s = await mountGrid(text(), { paginationSize: 50 });
    s.grid.sortBy('n');
    await frame();
    // Sorted by n ascending, view row p shows R(2000 - p). Invalid numbers typed in view rows 14 and 4.
    await type(s, 14, 2, 'not a number');
    await type(s, 4, 2, 'nope');
    const focused = () => {
      const at = s.el.querySelector('.ui-grid-cell-focus') as HTMLElement;
      return `${at.closest<HTMLElement>('.ui-grid-row')!.dataset['rowId']} ${at.getAttribute('aria-colindex')}`;
    };
    click(s, 0, 0);
    s.grid.jumpToError();
    await frame();
    expect(focused()).toBe('R1996 3');
    s.grid.jumpToError();
    await frame();
    expect(focused()).toBe('R1986 3');
    s.grid.jumpToRow({ rowId: 'R1', colId: 'name' });
    await frame();
    expect(focused()).toBe('R1 2');
    expect(() => s.grid.jumpToRow({ rowId: 'nope' })).toThrowMatching((e) => (e as { code?: string }).code === 'UNKNOWN_ROW');
    expect(s.grid.getRowStore()!.materialized).withContext(builtBy(built)).toBeFalse();
  });

  it('pastes and fills past the last row on the store, adding rows as on the document; undo takes them out', async () => {
    const run = async (first: boolean) => {
      const s = await mountGrid(text(), { paginationSize: 10 });
      if (first) s.grid.getData();
      s.grid.goToPage(199);
      await frame();
      paste(s, 8, 1, 'p1\t1\np2\t2\np3\t3');
      await frame();
      // The fill handle of rows 9 and 10 (column n) dragged two rows below the last: a series into two new rows.
      click(s, 9, 2);
      click(s, 10, 2, { shiftKey: true });
      await frame();
      const handle = s.el.querySelector('.ui-grid-fill-handle') as HTMLElement;
      const from = handle.getBoundingClientRect();
      const last = cell(s, 10, 2).getBoundingClientRect();
      const to = { clientX: last.left + 5, clientY: last.bottom + last.height * 1.5, bubbles: true, cancelable: true, button: 0, buttons: 1 };
      handle.dispatchEvent(new MouseEvent('mousedown', { ...to, clientX: from.left + 2, clientY: from.top + 2 }));
      document.dispatchEvent(new MouseEvent('mousemove', to));
      document.dispatchEvent(new MouseEvent('mouseup', { ...to, buttons: 0 }));
      await frame();
      const shown = Array.from({ length: 13 }, (_, r) => [0, 1, 2].map((c) => cell(s, r, c)?.textContent).join('|'));
      const store = s.grid.getRowStore()!;
      if (!first) expect(store.materialized).withContext(builtBy(built)).toBeFalse();
      const after = dataOf(s.grid.getData()!);
      expect(s.grid.undo()).toBeTrue();
      expect(s.grid.undo()).toBeTrue();
      const undone = dataOf(s.grid.getData()!);
      document.querySelectorAll('ui-grid').forEach((e) => e.remove());
      TestBed.resetTestingModule();
      return { shown, after, undone };
    };
    const documentFirst = await run(true);
    const storeFirst = await run(false);
    expect(storeFirst.shown).toEqual(documentFirst.shown);
    expect(documentFirst.shown[10]).toContain('p3');
    expect(documentFirst.shown[12]).toBe('||5');
    expect(storeFirst.after).toBe(documentFirst.after);
    expect(storeFirst.undone).toBe(documentFirst.undone);
  });

  it('hands afterAddRow the new row of a store as an element whose writes stay the row\'s', async () => {
    const afterAddRow = ({ rowNode }: { rowNode: Element }) => (cellAt(rowNode, 1)!.textContent = `key ${rowNode.getAttribute('id')}`);
    const s = await mountGrid(text(), { afterAddRow, topMode: true });
    s.grid.addRow();
    await frame();
    const store = s.grid.getRowStore()!;
    const id = store.id(0)!;
    expect(store.state(0)).toBe('I');
    expect(cell(s, 0, 0).textContent).toBe(`key ${id}`);
    expect(store.materialized).withContext(builtBy(built)).toBeFalse();
    expect(cellValue(cellAt(WrsIndex.of(s.grid.getData()!).rowById(id)!, 1)!)).toBe(`key ${id}`);
  });

  it('adds a row on the last client page when afterAddRow builds the document (an app reading its rows)', async () => {
    let grid: MountedGrid['grid'] | null = null;
    const afterAddRow = ({ rowNode }: { rowNode: Element }) => {
      grid!.getData();
      const id = rowNode.getAttribute('id')!;
      queueMicrotask(() => {
        cellAt(WrsIndex.of(grid!.getData()!).rowById(id)!, 1)!.textContent = 'K-new';
        grid!.noteChange([grid!.getData()!.documentElement], [id]);
        grid!.fire();
      });
    };
    const s = await mountGrid(text(), { afterAddRow, paginationSize: 50 });
    grid = s.grid;
    s.grid.goToPage(39);
    await frame();
    s.grid.addRow();
    await frame();
    await frame();
    const rows = [...s.el.querySelectorAll('.ui-grid-canvas .ui-grid-row-I')];
    expect(rows.length).toBeGreaterThan(0);
  });

  it('orders a sorted view over a store again when another component adds rows to the store', async () => {
    const s = await mountGrid(text(), { paginationSize: 50 });
    s.grid.sortBy('n');
    await frame();
    const store = s.grid.getRowStore()!;
    const [id] = store.insertRows(0, 'R1', [['k-new', 'from the app', '0']]);
    s.grid.noteChange([store.document.documentElement], [id]);
    s.grid.fire();
    await frame();
    // n = 0 sorts first.
    expect(cell(s, 0, 1).textContent).toBe('from the app');
    expect(cell(s, 1, 1).textContent).toBe(`name ${ROWS}`);
    expect(store.materialized).withContext(builtBy(built)).toBeFalse();
  });
});
