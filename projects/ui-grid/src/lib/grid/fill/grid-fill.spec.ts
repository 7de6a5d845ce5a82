import { TestBed } from '@angular/core/testing';
import { WrsIndex, cellValue, cellsOf } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../../core/testing/fixtures';
import { GRID_MESSAGES, GRID_MESSAGES_DE } from '../features/grid-messages';
import { mountGrid } from '../testing/mount-grid';

const ITEMS = () =>
  wrsText(
    [
      { id: 'name', nullable: '0' },
      { id: 'qty', type: 'INTEGER' },
      { id: 'price', type: 'DECIMAL', scale: 2 },
      { id: 'due', type: 'DATE' },
    ],
    [
      ['Item 1', '1', '0.1', '2026-02-27'],
      ['Item 2', '3', '0.2', '2026-02-28'],
      ['x', null, '5', null],
      ['y', '9', '6', '2026-01-01'],
      ['z', '10', '7', '2026-01-02'],
    ],
  );

async function setup(inputs: Record<string, unknown> = {}, german = false, data = ITEMS()) {
  const { fixture, grid, el } = await mountGrid(data, inputs, german ? [{ provide: GRID_MESSAGES, useValue: GRID_MESSAGES_DE }] : []);
  const body = el.querySelector('.ui-grid-body') as HTMLElement;
  const cell = (row: number, col: number) => el.querySelector(`.ui-grid-row[aria-rowindex="${row + 2}"] [aria-colindex="${col + 1}"]`) as HTMLElement;
  const stored = (rowId: string) => cellsOf(WrsIndex.of(grid.getData()!).rowById(rowId)!).map(cellValue);
  const column = (pos: number) => WrsIndex.of(grid.getData()!).rows().map((r) => cellValue(cellsOf(r)[pos]));
  const center = (e: Element) => {
    const r = e.getBoundingClientRect();
    return { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
  };
  const mouse = (target: EventTarget, type: string, init: MouseEventInit) =>
    target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, buttons: type === 'mouseup' ? 0 : 1, ...init }));
  /** Selects a range by a click and a shift+click. */
  const select = (top: number, left: number, bottom = top, right = left) => {
    mouse(cell(top, left), 'mousedown', center(cell(top, left)));
    mouse(document, 'mouseup', {});
    mouse(cell(bottom, right), 'mousedown', { ...center(cell(bottom, right)), shiftKey: true });
    mouse(document, 'mouseup', {});
  };
  const handle = () => el.querySelector('.ui-grid-fill-handle') as HTMLElement;
  const frame = () => el.querySelector('.ui-grid-fill-frame') as HTMLElement;
  /** Presses the handle and moves it to a point; `release` ends the drag there. */
  const drag = (to: { clientX: number; clientY: number }, release = true) => {
    mouse(handle(), 'mousedown', center(handle()));
    mouse(document, 'mousemove', to);
    if (release) mouse(document, 'mouseup', to);
  };
  const key = (k: string, init: KeyboardEventInit = {}) => {
    const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init });
    body.dispatchEvent(event);
    return event;
  };
  let changeSets = 0;
  grid.changes$.subscribe(() => changeSets++);
  return { fixture, grid, el, cell, stored, column, center, select, handle, frame, drag, key, changeSets: () => changeSets };
}

describe('GridFill', () => {
  afterEach(() => document.querySelectorAll('ui-grid, [ng-version]').forEach((e) => e.remove()));

  it('drags the handle down: two selected rows continue their series per column, one change set, one undo step', async () => {
    const s = await setup();
    s.select(0, 0, 1, 3);
    expect(s.handle().style.display).toBe('');
    s.drag(s.center(s.cell(3, 1)));
    expect(s.column(0)).toEqual(['Item 1', 'Item 2', 'Item 3', 'Item 4', 'z']);
    expect(s.column(1)).toEqual(['1', '3', '5', '7', '10']);
    expect(s.column(2)).toEqual(['0.1', '0.2', '0.3', '0.4', '7']);
    expect(s.column(3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-01-02']);
    expect(s.changeSets()).toBe(1);
    expect(s.cell(3, 2).textContent).toBe('0.40');
    expect(s.cell(2, 0).getAttribute('aria-selected')).withContext('the selection spans the filled cells').toBe('true');
    expect(s.grid.undo()).toBeTrue();
    expect(s.column(1)).toEqual(['1', '3', null, '9', '10']);
    expect(s.stored('R3')).toEqual(['x', null, '5', null]);
    expect(s.grid.getData()!.getElementsByTagNameNS(s.grid.getData()!.documentElement.namespaceURI, 'M').length).toBe(0);
  });

  it('a double click on the handle fills down as far as the column beside the range holds values', async () => {
    const s = await setup();
    s.select(0, 1, 1, 1);
    s.handle().dispatchEvent(new MouseEvent('dblclick', { bubbles: true, cancelable: true }));
    expect(s.column(1)).toEqual(['1', '3', '5', '7', '9']);
    expect(s.changeSets()).toBe(1);
    expect(s.el.querySelector('.ui-grid-editor')).withContext('no editor opens under the handle').toBeNull();
    s.select(3, 0);
    s.handle().dispatchEvent(new MouseEvent('dblclick', { bubbles: true, cancelable: true }));
    expect(s.column(0)).withContext('no column left of it: the one right of it').toEqual(['Item 1', 'Item 2', 'x', 'y', 'y']);
    s.select(2, 2);
    s.grid.clearSelection();
    s.select(0, 3);
    s.handle().dispatchEvent(new MouseEvent('dblclick', { bubbles: true, cancelable: true }));
    expect(s.column(3)).withContext('up to the first empty cell beside it').toEqual(['2026-02-27', '2026-02-27', null, '2026-01-01', '2026-01-02']);
  });

  it('shows the cells a drag fills in a frame, and Escape cancels the drag without writing', async () => {
    const s = await setup();
    s.select(0, 1);
    s.drag(s.center(s.cell(2, 1)), false);
    expect(s.frame().style.display).toBe('');
    expect(s.frame().getBoundingClientRect().height).toBeCloseTo(s.cell(1, 1).getBoundingClientRect().height * 2, 0);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(s.frame().style.display).toBe('none');
    document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    expect(s.column(1)).toEqual(['1', '3', null, '9', '10']);
    expect(s.changeSets()).toBe(0);
  });

  it('drags up and right: a series continues backwards up, and across columns of one kind only', async () => {
    const s = await setup();
    s.select(3, 1, 4, 1);
    s.drag(s.center(s.cell(1, 1)));
    expect(s.column(1)).toEqual(['1', '7', '8', '9', '10']);
    s.select(0, 1, 0, 2);
    s.drag(s.center(s.cell(0, 3)));
    expect(s.stored('R1')[3]).withContext('a number series goes into no date column: the cells repeat').toBe('1');
  });

  it('Ctrl+D copies the top row of the range down, Ctrl+R the left column right; one row or column takes its neighbour', async () => {
    const s = await setup();
    s.select(0, 1, 2, 2);
    expect(s.key('d', { ctrlKey: true }).defaultPrevented).toBeTrue();
    expect(s.column(1)).toEqual(['1', '1', '1', '9', '10']);
    expect(s.column(2)).withContext('copied, not continued').toEqual(['0.1', '0.1', '0.1', '6', '7']);
    expect(s.changeSets()).toBe(1);
    s.select(4, 3);
    s.key('d', { ctrlKey: true });
    expect(s.stored('R5')[3]).toBe('2026-01-01');
    s.select(3, 2, 3, 3);
    s.key('r', { ctrlKey: true });
    expect(s.stored('R4')).toEqual(['y', '9', '6', '6']);
    s.select(4, 1);
    s.key('r', { ctrlKey: true });
    expect(s.stored('R5')[1]).toBe('z');
    expect(s.key('r', { ctrlKey: true, shiftKey: true }).defaultPrevented).withContext('Ctrl+Shift+R reloads').toBeFalse();
    expect(s.changeSets()).toBe(4);
    s.grid.undo();
    expect(s.stored('R5')[1]).toBe('10');
  });

  it('skips read-only cells and deleted rows and says how many', async () => {
    const s = await setup({ isReadOnlyCell: (...args: unknown[]) => args[2] === 'R3' && args[3] === 'qty' });
    s.select(4, 0);
    s.grid.deleteSelectedRows();
    s.select(1, 0, 4, 1);
    s.key('d', { ctrlKey: true });
    expect(s.column(1)).toEqual(['1', '3', null, '3', '10']);
    expect(s.column(0)).toEqual(['Item 1', 'Item 2', 'Item 2', 'Item 2', 'z']);
    await s.fixture.whenStable();
    expect(s.el.querySelector('[data-test="message"]')?.textContent).toBe('3 read-only cells were not filled');
  });

  it('a drag below the last row adds rows with allowNewRows, and none without', async () => {
    const s = await setup();
    s.select(3, 1, 4, 1);
    const last = s.cell(4, 1).getBoundingClientRect();
    s.drag({ clientX: last.left + 5, clientY: last.bottom + last.height * 1.5 });
    expect(s.column(1)).toEqual(['1', '3', null, '9', '10', '11', '12']);
    expect(WrsIndex.of(s.grid.getData()!).rows().slice(5).map((r) => r.localName)).toEqual(['I', 'I']);
    expect(s.changeSets()).toBe(1);
    s.grid.undo();
    expect(WrsIndex.of(s.grid.getData()!).rowCount).toBe(5);
    TestBed.resetTestingModule();
    const fixed = await setup({ allowNewRows: false });
    fixed.select(3, 1, 4, 1);
    const end = fixed.cell(4, 1).getBoundingClientRect();
    fixed.drag({ clientX: end.left + 5, clientY: end.bottom + end.height * 1.5 });
    expect(WrsIndex.of(fixed.grid.getData()!).rowCount).toBe(5);
  });

  it('checks the cells a fill wrote again, keeps the errors of the rows\' other cells, and checks new rows whole', async () => {
    const data = wrsText([{ id: 'name', nullable: '0' }, { id: 'qty', type: 'INTEGER' }, { id: 'due', type: 'DATE' }], [['a', '1', 'bad'], ['b', 'x', '2026-01-01'], ['c', '3', '2026-01-02']]);
    const s = await setup({}, false, data);
    expect(s.grid.getCellError('R2', 'qty')).not.toBeNull();
    s.select(0, 1, 1, 1);
    s.key('d', { ctrlKey: true });
    expect(s.grid.getCellError('R2', 'qty')).toBeNull();
    expect(s.grid.getCellError('R1', 'due')).withContext('an error in a column the fill did not write stays').not.toBeNull();
    s.select(0, 2, 2, 2);
    s.key('d', { ctrlKey: true });
    expect(['R2', 'R3'].map((id) => s.grid.getCellError(id, 'due') !== null)).toEqual([true, true]);
    // Rows a fill adds hold defaults in the other columns: a name is needed there.
    s.select(1, 1, 2, 1);
    const last = s.cell(2, 1).getBoundingClientRect();
    s.drag({ clientX: last.left + 5, clientY: last.bottom + last.height * 0.5 });
    const added = WrsIndex.of(s.grid.getData()!).rowAt(4)!.getAttribute('id')!;
    expect(s.grid.getCellError(added, 'name')).not.toBeNull();
    expect(s.grid.getErrorCount()).toBe(4);
  });

  it('"Fill series" of the context menu continues the first two rows of the range down over it, in one undo step', async () => {
    const s = await setup();
    s.select(0, 1, 4, 2);
    await s.grid.runMenuAction('fillSeries');
    expect(s.column(1)).toEqual(['1', '3', '5', '7', '9']);
    expect(s.column(2)).toEqual(['0.1', '0.2', '0.3', '0.4', '0.5']);
    expect(s.column(0)).withContext('columns outside the range stay').toEqual(['Item 1', 'Item 2', 'x', 'y', 'z']);
    expect(s.changeSets()).toBe(1);
    expect(s.cell(4, 2).getAttribute('aria-selected')).withContext('the selection stays').toBe('true');
    s.grid.undo();
    expect(s.column(1)).toEqual(['1', '3', null, '9', '10']);
    s.select(0, 0, 1, 3);
    expect(s.grid.menuActionEnabled('fillSeries')).withContext('two rows start a series, nothing is left to fill').toBeFalse();
  });

  it('follows hotArgs.fillHandle: false hides the handle, a direction allows only it', async () => {
    const off = await setup({ hotArgs: { fillHandle: false } });
    off.select(0, 1);
    expect(off.handle().style.display).toBe('none');
    off.select(0, 1, 1, 1);
    off.key('d', { ctrlKey: true });
    expect(off.column(1)[1]).withContext('Ctrl+D works without the handle').toBe('1');
    TestBed.resetTestingModule();
    const across = await setup({ hotArgs: { fillHandle: 'horizontal' } });
    across.select(0, 1);
    across.drag(across.center(across.cell(2, 1)));
    expect(across.column(1)).toEqual(['1', '3', null, '9', '10']);
    across.drag(across.center(across.cell(0, 2)));
    expect(across.stored('R1')[2]).toBe('1');
  });

  it('is off in a read-only grid: no handle, and Ctrl+D and Ctrl+R are the browser\'s', async () => {
    const s = await setup({ isReadOnly: true });
    s.select(0, 1, 1, 1);
    expect(s.handle().style.display).toBe('none');
    expect(s.key('d', { ctrlKey: true }).defaultPrevented).toBeFalse();
    expect(s.column(1)).toEqual(['1', '3', null, '9', '10']);
  });

  it('continues series on stored values in a German grid and names the handle in German', async () => {
    const s = await setup({ locale: 'de-DE' }, true);
    expect(s.handle().title).toBe('Ziehen, um Zellen zu füllen (Strg+D füllt nach unten, Strg+R nach rechts)');
    s.select(0, 2, 1, 3);
    s.drag(s.center(s.cell(2, 2)));
    expect(s.stored('R3').slice(2)).toEqual(['0.3', '2026-03-01']);
    expect([s.cell(2, 2).textContent, s.cell(2, 3).textContent]).toEqual(['0,30', '01.03.2026']);
  });
});
