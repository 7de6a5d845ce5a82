import { ComponentFixture, TestBed } from '@angular/core/testing';
import { NS, StaticModel, isWrsError } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../../core/testing/fixtures';
import { GRID_MESSAGES, GRID_MESSAGES_DE } from '../features/grid-messages';
import { GridComponent } from '../grid.component';
import { ColumnState, COLUMN_STATE_STORAGE_PREFIX } from './column-state';
import { mountGrid } from '../testing/mount-grid';

const DATA = () =>
  wrsText(
    [{ id: 'id' }, { id: 'name' }, { id: 'qty', type: 'INTEGER' }, { id: 'price', type: 'DOUBLE' }, { id: 'note' }],
    [
      ['1', 'Anna', '3', '1.5', 'short'],
      ['2', 'Bert', '5', '2', 'a much longer note than the others, it needs room'],
      ['3', 'Cleo', '7', '10.125', null],
    ],
  );

/** id, then the group "Order" (qty, price), then name and note. */
const GROUPED = () =>
  new StaticModel({
    data: `<grid:GridConfiguration xmlns:grid="${NS.grid}"><grid:SelectColumns>
      <grid:C bRef="id" width="60"/><grid:Group caption="Order"><grid:C bRef="qty"/><grid:C bRef="price"/></grid:Group>
      <grid:C bRef="name"/><grid:C bRef="note"/></grid:SelectColumns></grid:GridConfiguration>`,
  });

interface Setup {
  fixture: ComponentFixture<GridComponent>;
  grid: GridComponent;
  el: HTMLElement;
}

async function setup(inputs: Record<string, unknown> = {}, german = false): Promise<Setup> {
  return mountGrid(DATA(), inputs, german ? [{ provide: GRID_MESSAGES, useValue: GRID_MESSAGES_DE }] : []);
}

const header = (s: Setup, colId: string) => s.el.querySelector(`.ui-grid-colheader[data-col-id="${colId}"]`) as HTMLElement;
const handle = (s: Setup, colId: string) => header(s, colId).querySelector('.ui-grid-col-resize') as HTMLElement;
const width = (element: HTMLElement) => Math.round(element.getBoundingClientRect().width);
/** The painted body cell of a column in the first row. */
const firstCell = (s: Setup, colId: string) => s.el.querySelector(`.ui-grid-row[aria-rowindex] [aria-colindex="${s.grid.shownColumnIds().indexOf(colId) + 1}"]`) as HTMLElement;
const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));

function pointer(target: EventTarget, type: string, clientX: number, clientY = 5): void {
  target.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, button: 0, clientX, clientY, pointerId: 1 }));
}

function key(target: HTMLElement, k: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const e = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(e);
  return e;
}

/** Drags a header cell (or group toggle) and drops it at a page x. */
async function drag(element: HTMLElement, toX: number): Promise<void> {
  const box = element.getBoundingClientRect();
  pointer(element, 'pointerdown', box.left + 10, box.top + 5);
  pointer(document, 'pointermove', box.left + 30, box.top + 5);
  pointer(document, 'pointermove', toX, box.top + 5);
  pointer(document, 'pointerup', toX, box.top + 5);
  // The browser clicks the pressed element when it is still there (a drop that moved nothing keeps it).
  if (element.isConnected) element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  await frame();
}

function storedStates(): string[] {
  return Object.keys(localStorage).filter((k) => k.startsWith(COLUMN_STATE_STORAGE_PREFIX));
}

describe('GridColumns: resize, move, hide and the column state', () => {
  afterEach(() => {
    document.querySelectorAll('ui-grid, [ng-version], .cdk-overlay-container').forEach((e) => e.remove());
    for (const k of storedStates()) localStorage.removeItem(k);
  });

  it('resizes a column by dragging its header edge, live each frame, never below the minimum, and the click does not sort', async () => {
    const s = await setup();
    const edge = handle(s, 'name').getBoundingClientRect();
    pointer(handle(s, 'name'), 'pointerdown', edge.left + 2);
    pointer(document, 'pointermove', edge.left + 82);
    await frame();
    expect(width(header(s, 'name'))).withContext('live, before the drop').toBe(200);
    expect(width(firstCell(s, 'name'))).toBe(200);
    expect(Math.round(header(s, 'qty').getBoundingClientRect().left)).toBe(Math.round(header(s, 'name').getBoundingClientRect().right));
    pointer(document, 'pointermove', edge.left - 500);
    pointer(document, 'pointerup', edge.left - 500);
    header(s, 'name').click();
    expect(width(header(s, 'name'))).withContext('minimum width').toBe(30);
    expect(s.grid.getColumnState().sort).withContext('the click ending a drag does not sort').toEqual([]);
    expect(s.grid.getColumnState().columns.find((c) => c.id === 'name')!.width).toBe(30);
  });

  it('sizes a column to its content on a double click on the edge: the rows in view and the caption', async () => {
    const s = await setup();
    handle(s, 'note').dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
    const wide = width(header(s, 'note'));
    expect(wide).toBeGreaterThan(200);
    const text = firstCell(s, 'note').parentElement!.parentElement!.querySelector('[aria-rowindex="3"] [aria-colindex="5"]') as HTMLElement;
    expect(text.scrollWidth).withContext('the long note shows whole').toBeLessThanOrEqual(text.clientWidth);
    handle(s, 'id').dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
    expect(width(header(s, 'id'))).withContext('short content: narrower than the default 120').toBeLessThan(120);
  });

  it('resizes and moves a focused header with Alt+arrows and keeps the focus on it', async () => {
    const s = await setup();
    header(s, 'name').focus();
    key(header(s, 'name'), 'ArrowRight', { altKey: true });
    expect(width(header(s, 'name'))).toBe(130);
    key(header(s, 'name'), 'ArrowLeft', { altKey: true });
    key(header(s, 'name'), 'ArrowLeft', { altKey: true });
    expect(width(header(s, 'name'))).toBe(110);
    key(header(s, 'name'), 'ArrowRight', { altKey: true, shiftKey: true });
    expect(s.grid.shownColumnIds()).toEqual(['id', 'qty', 'name', 'price', 'note']);
    expect(document.activeElement).toBe(header(s, 'name'));
    expect(header(s, 'name').getAttribute('aria-description')).toContain('Alt+Shift');
    expect(s.grid.getColumnState().sort).withContext('Alt+arrows do not sort').toEqual([]);
  });

  it('moves a column by dragging its header to a drop indicator; the focused cell stays on its column', async () => {
    const s = await setup();
    s.grid.jumpToRow({ rowPos: 1, colId: 'qty' });
    const target = header(s, 'note').getBoundingClientRect();
    const qty = header(s, 'qty');
    const box = qty.getBoundingClientRect();
    pointer(qty, 'pointerdown', box.left + 10);
    pointer(document, 'pointermove', target.left + 3);
    expect(s.el.querySelector('.ui-grid-drop-indicator')).withContext('a drop indicator while dragging').not.toBeNull();
    expect(qty.classList).toContain('ui-grid-col-dragging');
    pointer(document, 'pointerup', target.left + 3);
    expect(s.grid.shownColumnIds()).toEqual(['id', 'name', 'price', 'qty', 'note']);
    expect(s.el.querySelector('.ui-grid-drop-indicator')).toBeNull();
    expect(firstCell(s, 'qty').textContent).toBe('3');
    expect(s.el.querySelector('.ui-grid-cell-focus')!.getAttribute('aria-colindex')).withContext('the focus follows qty').toBe('4');
  });

  it('keeps a grid:Group together: its columns move inside it, the group moves whole, others jump over it', async () => {
    const s = await setup({ config: GROUPED() });
    expect(s.grid.shownColumnIds()).toEqual(['id', 'qty', 'price', 'name', 'note']);
    key(header(s, 'price'), 'ArrowRight', { altKey: true, shiftKey: true });
    expect(s.grid.shownColumnIds()).withContext('price cannot leave its group').toEqual(['id', 'qty', 'price', 'name', 'note']);
    key(header(s, 'price'), 'ArrowLeft', { altKey: true, shiftKey: true });
    expect(s.grid.shownColumnIds()).toEqual(['id', 'price', 'qty', 'name', 'note']);
    key(header(s, 'id'), 'ArrowRight', { altKey: true, shiftKey: true });
    expect(s.grid.shownColumnIds()).withContext('id jumps over the whole group').toEqual(['price', 'qty', 'id', 'name', 'note']);
    const group = s.el.querySelector('.ui-grid-group') as HTMLElement;
    await drag(group, header(s, 'note').getBoundingClientRect().right - 2);
    expect(s.grid.shownColumnIds()).withContext('the group dragged to the end').toEqual(['id', 'name', 'note', 'price', 'qty']);
    expect((s.el.querySelector('.ui-grid-group') as HTMLElement).getAttribute('aria-expanded')).withContext('the drag did not toggle it').toBe('true');
    expect(s.el.querySelector('.ui-grid-group-cell')!.getAttribute('aria-colindex')).toBe('4');
  });

  it('scrolls the body sideways while a move drag is near an edge, faster nearer it; the indicator follows; Escape stops', async () => {
    const s = await setup();
    s.el.style.width = '240px';
    await frame();
    const viewport = s.el.querySelector('.ui-grid-viewport') as HTMLElement;
    expect(viewport.scrollWidth).toBeGreaterThan(viewport.clientWidth + 100);
    const edge = viewport.getBoundingClientRect().left + viewport.clientLeft + viewport.clientWidth;
    const id = header(s, 'id');
    pointer(id, 'pointerdown', id.getBoundingClientRect().left + 10);
    pointer(document, 'pointermove', id.getBoundingClientRect().left + 40);
    await frame();
    expect(viewport.scrollLeft).withContext('no scroll away from the edges').toBe(0);
    const step = async () => {
      const before = viewport.scrollLeft;
      await frame();
      return viewport.scrollLeft - before;
    };
    pointer(document, 'pointermove', edge - 28);
    await frame();
    const slow = await step();
    pointer(document, 'pointermove', edge - 2);
    await frame();
    const fast = await step();
    expect(slow).toBeGreaterThan(0);
    expect(fast).withContext('faster nearer the edge').toBeGreaterThan(slow);
    const indicator = s.el.querySelector('.ui-grid-drop-indicator') as HTMLElement;
    const shown = indicator.getBoundingClientRect().left;
    expect(Math.abs(shown - (edge - 2))).withContext('the indicator at the gap under the pointer, in view').toBeLessThan(header(s, 'note').offsetWidth);
    key(document.body, 'Escape');
    const stopped = viewport.scrollLeft;
    await frame();
    await frame();
    expect(viewport.scrollLeft).withContext('Escape stops the scroll').toBe(stopped);
    expect(s.grid.shownColumnIds()).toEqual(['id', 'name', 'qty', 'price', 'note']);

    const name = header(s, 'name');
    pointer(name, 'pointerdown', name.getBoundingClientRect().left + 10);
    pointer(document, 'pointermove', edge - 2);
    for (let i = 0; i < 100 && viewport.scrollLeft + viewport.clientWidth < viewport.scrollWidth; i++) await frame();
    pointer(document, 'pointerup', edge - 2);
    expect(s.grid.shownColumnIds()).withContext('dropped at the end the scroll brought in').toEqual(['id', 'qty', 'price', 'note', 'name']);
    const left = viewport.getBoundingClientRect().left + viewport.clientLeft;
    const end = viewport.scrollLeft;
    pointer(header(s, 'qty'), 'pointerdown', header(s, 'qty').getBoundingClientRect().left + 10);
    pointer(document, 'pointermove', left + 2);
    await frame();
    await frame();
    expect(viewport.scrollLeft).withContext('the left edge scrolls back').toBeLessThan(end);
    pointer(document, 'pointerup', left + 2);
    const dropped = viewport.scrollLeft;
    await frame();
    expect(viewport.scrollLeft).withContext('the drop stops the scroll').toBe(dropped);
  });

  it('keeps frozen columns frozen: nothing moves into or out of them', async () => {
    const s = await setup({ hotArgs: { fixedColumnsStart: 2 } });
    key(header(s, 'name'), 'ArrowRight', { altKey: true, shiftKey: true });
    expect(s.grid.shownColumnIds()).toEqual(['id', 'name', 'qty', 'price', 'note']);
    key(header(s, 'qty'), 'ArrowLeft', { altKey: true, shiftKey: true });
    expect(s.grid.shownColumnIds()).toEqual(['id', 'name', 'qty', 'price', 'note']);
    key(header(s, 'name'), 'ArrowLeft', { altKey: true, shiftKey: true });
    expect(s.grid.shownColumnIds()).withContext('inside the frozen part').toEqual(['name', 'id', 'qty', 'price', 'note']);
    expect(header(s, 'id').classList).toContain('ui-grid-cell-frozen');
  });

  it('hides a column from its header menu (Shift+F10) and shows it again from the column chooser', async () => {
    const s = await setup();
    header(s, 'qty').focus();
    key(header(s, 'qty'), 'F10', { shiftKey: true });
    const menu = document.querySelector('.ui-grid-overlay [role="menu"]') as HTMLElement;
    expect(menu.getAttribute('aria-label')).toBe('Column QTY');
    expect(document.activeElement!.textContent).toBe('Size to content');
    (menu.querySelector('[data-action="hideColumn"]') as HTMLElement).click();
    expect(s.grid.shownColumnIds()).toEqual(['id', 'name', 'price', 'note']);
    expect(s.grid.getData()!.getElementsByTagNameNS(NS.wrs, 'C').length).withContext('hidden, not removed from the data').toBeGreaterThan(15);
    const button = s.el.querySelector('[data-action="columns"]') as HTMLButtonElement;
    button.click();
    const chooser = document.querySelector('.ui-grid-column-chooser') as HTMLElement;
    expect(chooser.getAttribute('role')).toBe('dialog');
    const boxes = [...chooser.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((b) => b.parentElement!.textContent)).toEqual(['ID', 'NAME', 'QTY', 'PRICE', 'NOTE']);
    expect(boxes.map((b) => b.checked)).toEqual([true, true, false, true, true]);
    expect(document.activeElement).toBe(boxes[0]);
    key(boxes[0], 'ArrowDown');
    expect(document.activeElement).toBe(boxes[1]);
    boxes[2].click();
    expect(s.grid.shownColumnIds()).toEqual(['id', 'name', 'qty', 'price', 'note']);
    key(chooser, 'Escape');
    expect(document.querySelector('.ui-grid-column-chooser')).toBeNull();
    expect(document.activeElement).withContext('the focus goes back to the button').toBe(s.el.querySelector('[data-action="columns"]'));
  });

  it('hides the column of the focused cell from the cell context menu, and resets the columns from it', async () => {
    const s = await setup({ contextMenu: true });
    s.grid.jumpToRow({ rowPos: 1, colId: 'price' });
    await s.grid.openContextMenu();
    const hide = document.querySelector('.ui-grid-context-menu [data-action="hideColumn"]') as HTMLElement;
    expect(hide.textContent).toBe('Hide column');
    hide.click();
    expect(s.grid.shownColumnIds()).toEqual(['id', 'name', 'qty', 'note']);
    await s.grid.runMenuAction('resetColumns');
    expect(s.grid.shownColumnIds()).toEqual(['id', 'name', 'qty', 'price', 'note']);
  });

  it('never hides the last shown column from the chooser, and says so', async () => {
    const s = await setup();
    s.grid.setColumnState({ columns: ['id', 'name', 'qty', 'price'].map((id) => ({ id, width: 100, hidden: true })) });
    expect(s.grid.shownColumnIds()).toEqual(['note']);
    s.grid.openColumnChooser();
    const chooser = document.querySelector('.ui-grid-column-chooser') as HTMLElement;
    const note = chooser.querySelector<HTMLInputElement>('input[data-col-id="note"]')!;
    note.click();
    expect(note.checked).toBeTrue();
    expect(s.grid.shownColumnIds()).toEqual(['note']);
    expect(chooser.querySelector('[role="status"]')!.textContent).toBe('At least one column stays shown');
  });

  it('reads, sets and tells the column state as one object; bad input is a WrsError and changes nothing', async () => {
    const s = await setup({ columnFilters: true });
    const told: ColumnState[] = [];
    s.grid.columnState$.subscribe((state) => told.push(state));
    expect(told.length).withContext('the current state on subscribe').toBe(1);
    s.grid.setColumnState({
      columns: [{ id: 'note', width: 90, hidden: false }, { id: 'gone', width: 50, hidden: false }, { id: 'id', width: 70, hidden: true }],
      sort: [{ colId: 'qty', descending: true }],
      filters: { name: { kind: 'text', op: 'contains', text: 'e' } },
    });
    expect(s.grid.shownColumnIds()).toEqual(['note', 'name', 'qty', 'price']);
    expect(width(header(s, 'note'))).toBe(90);
    expect(s.grid.viewRows().map((r) => r.getAttribute('id'))).withContext('filtered and sorted').toEqual(['R3', 'R2']);
    const state = s.grid.getColumnState();
    expect(state.columns.map((c) => [c.id, c.width, c.hidden])).toEqual([['note', 90, false], ['id', 70, true], ['name', 120, false], ['qty', 120, false], ['price', 120, false]]);
    expect(state.sort).toEqual([{ colId: 'qty', descending: true }]);
    expect(state.filters).toEqual({ name: { kind: 'text', op: 'contains', text: 'e' } });
    expect(JSON.parse(JSON.stringify(state))).withContext('serializable').toEqual(state);
    expect(told[told.length - 1]).toEqual(state);
    for (const bad of [null, { columns: 'x' }, { columns: [{ id: 'name', width: -3 }] }, { sort: [{}] }, { filters: { name: { kind: 'nope' } } }]) {
      let error: unknown = null;
      try {
        s.grid.setColumnState(bad as never);
      } catch (e) {
        error = e;
      }
      expect(isWrsError(error, 'INVALID_ARGUMENT')).withContext(JSON.stringify(bad)).toBeTrue();
    }
    expect(s.grid.getColumnState()).toEqual(state);
  });

  it('keeps the column state per grid in localStorage and restores it with the next grid of that id; reset forgets it', async () => {
    const first = await setup({ id: 'kept' });
    expect(storedStates()).withContext('the defaults are not kept').toEqual([]);
    first.grid.setColumnState({ columns: [{ id: 'price', width: 150, hidden: false }, { id: 'name', width: 120, hidden: true }], sort: [{ colId: 'qty' }] });
    expect(storedStates().length).toBe(1);
    first.fixture.destroy();
    TestBed.resetTestingModule();
    const second = await setup({ id: 'kept' });
    expect(second.grid.shownColumnIds()).toEqual(['price', 'id', 'qty', 'note']);
    expect(width(header(second, 'price'))).toBe(150);
    expect(header(second, 'qty').getAttribute('aria-sort')).toBe('ascending');
    second.grid.resetColumns();
    expect(second.grid.shownColumnIds()).toEqual(['id', 'name', 'qty', 'price', 'note']);
    expect(header(second, 'qty').getAttribute('aria-sort')).toBe('none');
    expect(storedStates()).toEqual([]);
  });

  it('ignores a kept state that is not JSON or names columns no longer there, and keeps nothing with keepColumnState off', async () => {
    const key = COLUMN_STATE_STORAGE_PREFIX + JSON.stringify({ id: 'broken', bindingSets: [] });
    localStorage.setItem(key, '{not json');
    const s = await setup({ id: 'broken' });
    expect(s.grid.shownColumnIds()).toEqual(['id', 'name', 'qty', 'price', 'note']);
    expect(localStorage.getItem(key)).withContext('dropped').toBeNull();
    s.fixture.destroy();
    TestBed.resetTestingModule();
    localStorage.setItem(key, JSON.stringify({ columns: [{ id: 'old', width: 80, hidden: false }, { id: 'note', width: 77, hidden: false }] }));
    const old = await setup({ id: 'broken' });
    expect(old.grid.shownColumnIds()[0]).toBe('note');
    expect(width(header(old, 'note'))).toBe(77);
    old.fixture.destroy();
    TestBed.resetTestingModule();
    localStorage.removeItem(key);
    const off = await setup({ id: 'broken', keepColumnState: false });
    off.grid.setColumnState({ columns: [{ id: 'note', width: 99, hidden: false }] });
    expect(storedStates()).toEqual([]);
  });

  it('honours hotArgs manualColumnResize, manualColumnMove, hiddenColumns and colHeaders as Handsontable takes them', async () => {
    const s = await setup({ hotArgs: { manualColumnResize: [50, 60], manualColumnMove: [2], hiddenColumns: { columns: [3], indicators: true }, colHeaders: ['A', 'B', 'C', 'D', 'E'] } });
    expect(s.grid.shownColumnIds()).withContext('column 0 moved to position 2, column 3 hidden').toEqual(['name', 'qty', 'id', 'note']);
    expect(width(header(s, 'id'))).toBe(50);
    expect(width(header(s, 'name'))).toBe(60);
    expect(header(s, 'qty').textContent).toBe('C');
    expect(header(s, 'note').classList).withContext('the hidden column is marked').toContain('ui-grid-hidden-before');
    expect(header(s, 'note').title).toBe('1 hidden columns here');
    s.fixture.destroy();
    TestBed.resetTestingModule();
    const off = await setup({ hotArgs: { manualColumnResize: false, manualColumnMove: false, hiddenColumns: false, colHeaders: (i: number) => `Col ${i}` } });
    expect(off.el.querySelector('.ui-grid-col-resize')).toBeNull();
    expect(off.el.querySelector('[data-action="columns"]')).withContext('no chooser without hiding').toBeNull();
    key(header(off, 'id'), 'ArrowRight', { altKey: true, shiftKey: true });
    key(header(off, 'id'), 'ArrowRight', { altKey: true });
    expect(off.grid.shownColumnIds()[0]).toBe('id');
    expect(width(header(off, 'id'))).toBe(120);
    expect(header(off, 'price').textContent).toBe('Col 3');
    off.fixture.destroy();
    TestBed.resetTestingModule();
    const none = await setup({ hotArgs: { colHeaders: false } });
    expect(none.el.querySelector('.ui-grid-colheader')).toBeNull();
    expect(none.el.querySelector('.ui-grid-row')!.getAttribute('aria-rowindex')).withContext('data rows numbered from 1').toBe('1');
  });

  it('exports the shown columns in their order, and the hidden ones only with exportHiddenColumns', async () => {
    const s = await setup();
    s.grid.setColumnState({ columns: [{ id: 'qty', width: 80, hidden: false }, { id: 'name', width: 80, hidden: true }] });
    const csv = await (await s.grid.exportData('csv'))!.text();
    expect(csv.split(/\r?\n/)[0]).toBe('QTY,ID,PRICE,NOTE');
    s.fixture.componentRef.setInput('exportHiddenColumns', true);
    const all = await (await s.grid.exportData('csv'))!.text();
    expect(all.split(/\r?\n/)[0]).toBe('QTY,NAME,ID,PRICE,NOTE');
  });

  it('speaks German: the Columns button, the chooser and the header menu', async () => {
    const s = await setup({}, true);
    const button = s.el.querySelector('[data-action="columns"]') as HTMLButtonElement;
    expect(button.textContent!.trim()).toBe('Spalten');
    button.click();
    expect(document.querySelector('.ui-grid-column-chooser')!.getAttribute('aria-label')).toBe('Spalten');
    expect(document.querySelector('.ui-grid-column-chooser-reset')!.textContent).toBe('Spalten zurücksetzen');
    key(document.querySelector('.ui-grid-column-chooser') as HTMLElement, 'Escape');
    key(header(s, 'id'), 'ContextMenu');
    expect(document.querySelector('[data-action="hideColumn"]')!.textContent).toBe('Spalte ausblenden');
  });
});
