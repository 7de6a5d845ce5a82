import { wrsText } from '../../../../core/testing/fixtures';
import { mountGrid } from '../testing/mount-grid';
import { GRID_MESSAGES, GRID_MESSAGES_DE } from './grid-messages';

const ROWS = (n: number) =>
  wrsText(
    [{ id: 'name', nullable: '0' }, { id: 'qty', type: 'INTEGER' }, { id: 'note' }],
    Array.from({ length: n }, (_, i) => [`N${i + 1}`, String(i + 1), `note ${i + 1}`]),
  );

async function setup(inputs: Record<string, unknown>, options: { rows?: number; german?: boolean; host?: string } = {}) {
  const german = options.german ? [{ provide: GRID_MESSAGES, useValue: GRID_MESSAGES_DE }] : [];
  const { fixture, grid, el } = await mountGrid(ROWS(options.rows ?? 5), inputs, german, { hostClass: options.host });
  const body = el.querySelector('.ui-grid-body') as HTMLElement;
  const viewport = el.querySelector('.ui-grid-viewport') as HTMLElement;
  const row = (p: number) => el.querySelector(`.ui-grid-row[aria-rowindex="${p + 2}"]`) as HTMLElement | null;
  const head = (p: number) => row(p)?.querySelector('[role="rowheader"]') as HTMLElement | null;
  const cell = (p: number, col: number) => row(p)!.querySelector(`[aria-colindex="${col + 1}"]`) as HTMLElement;
  const mousedown = (target: HTMLElement, init: MouseEventInit = {}) => {
    const r = target.getBoundingClientRect();
    target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0, clientX: r.left + 3, clientY: r.top + 3, ...init }));
    document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
  };
  const press = (key: string, init: KeyboardEventInit = {}) => body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  const selectedRows = () => [0, 1, 2, 3, 4].filter((p) => row(p) && [0, 1, 2].every((c) => cell(p, c).getAttribute('aria-selected') === 'true'));
  const settle = async () => {
    fixture.detectChanges();
    await fixture.whenStable();
    await new Promise((resolve) => setTimeout(resolve));
  };
  return { fixture, grid, el, body, viewport, row, head, cell, mousedown, press, selectedRows, settle };
}

describe('Row headers', () => {
  afterEach(() => document.querySelectorAll('ui-grid, [ng-version]').forEach((e) => (e.parentElement === document.body ? e : e.parentElement!).remove()));

  it('are off by default: no row header and the columns start at the left edge', async () => {
    const s = await setup({});
    expect(s.el.querySelector('[role="rowheader"]')).toBeNull();
    expect(s.el.querySelector('.ui-grid-corner')).toBeNull();
    expect(s.cell(0, 0).getBoundingClientRect().left - s.viewport.getBoundingClientRect().left).toBeLessThan(3);
  });

  it('show each row\'s number with role=rowheader and an accessible name, left of the cells', async () => {
    const s = await setup({ rowHeaders: true });
    expect([0, 1, 2, 3, 4].map((p) => s.head(p)!.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(s.head(0)!.getAttribute('aria-label')).toBe('Row 1');
    expect(s.el.querySelector('.ui-grid-corner')).not.toBeNull();
    const head = s.head(0)!.getBoundingClientRect();
    expect(head.width).toBeGreaterThan(20);
    expect(s.cell(0, 0).getBoundingClientRect().left).toBeGreaterThanOrEqual(head.right - 1);
    const caption = s.el.querySelector('.ui-grid-colheader') as HTMLElement;
    expect(Math.round(caption.getBoundingClientRect().left)).withContext('the header moves right with the cells').toBe(Math.round(s.cell(0, 0).getBoundingClientRect().left));
  });

  it('select the whole row on a click, and extend to the row shift+clicked', async () => {
    const s = await setup({ rowHeaders: true });
    s.mousedown(s.head(1)!);
    expect(s.selectedRows()).toEqual([1]);
    expect(s.cell(1, 2).getAttribute('aria-selected')).toBe('true');
    expect(s.cell(0, 0).getAttribute('aria-selected')).toBe('false');
    expect(s.head(1)!.classList).toContain('ui-grid-rowheader-selected');
    expect(document.activeElement).toBe(s.body);
    s.mousedown(s.head(3)!, { shiftKey: true });
    expect(s.selectedRows()).toEqual([1, 2, 3]);
    s.grid.deleteSelectedRows();
    await s.settle();
    expect([1, 2, 3].map((p) => s.row(p)!.className)).toEqual(['ui-grid-row ui-grid-row-D', 'ui-grid-row ui-grid-row-D', 'ui-grid-row ui-grid-row-D']);
  });

  it('Shift+Space selects the rows of the selection, with or without row headers', async () => {
    const s = await setup({});
    s.mousedown(s.cell(2, 1));
    s.press(' ', { shiftKey: true });
    expect(s.selectedRows()).toEqual([2]);
    s.press('ArrowDown', { shiftKey: true });
    s.press(' ', { shiftKey: true });
    expect(s.selectedRows()).toEqual([2, 3]);
  });

  it('mark modified, new, deleted and invalid rows, and name the state', async () => {
    const s = await setup({ rowHeaders: true });
    s.mousedown(s.cell(0, 2));
    s.grid.pasteTsv('changed');
    s.mousedown(s.cell(1, 0));
    s.grid.deleteSelectedRows();
    s.mousedown(s.cell(2, 0));
    s.grid.clearSelection();
    s.grid.insertRowAt(4);
    await s.settle();
    const mark = (p: number) => s.head(p)!.querySelector('.ui-grid-rowheader-mark')!.textContent;
    expect([0, 1, 2, 3, 4].map(mark)).toEqual(['*', '\u2212', '*!', '', '+!']);
    expect(s.head(0)!.getAttribute('aria-label')).toBe('Row 1, Modified row');
    expect(s.head(1)!.getAttribute('aria-label')).toBe('Row 2, Deleted row');
    expect(s.head(2)!.getAttribute('aria-label')).toBe('Row 3, Modified row, Invalid values');
    expect(s.head(4)!.getAttribute('aria-label')).toBe('Row 5, New row, Invalid values');
    expect(s.head(0)!.classList).toContain('ui-grid-rowheader-M');
    s.grid.undo();
    s.grid.undo();
    await s.settle();
    expect(mark(2)).withContext('the mark follows undo').toBe('');
  });

  it('read German names with the German table', async () => {
    const s = await setup({ rowHeaders: true }, { german: true });
    s.mousedown(s.cell(0, 2));
    s.grid.pasteTsv('x');
    await s.settle();
    expect(s.head(0)!.getAttribute('aria-label')).toBe('Zeile 1, Geänderte Zeile');
  });

  it('take hotArgs.rowHeaders: labels by index or a function, and the input wins', async () => {
    const s = await setup({ hotArgs: { rowHeaders: ['a', 'b'] } });
    expect([0, 1, 2].map((p) => s.head(p)!.textContent)).toEqual(['a', 'b', '']);
    expect(s.head(0)!.getAttribute('aria-label')).toBe('a');
    s.fixture.componentRef.setInput('hotArgs', { rowHeaders: (i: number) => `#${i * 10}` });
    await s.settle();
    expect(s.head(2)!.textContent).toBe('#20');
    s.fixture.componentRef.setInput('rowHeaders', false);
    await s.settle();
    expect(s.el.querySelector('[role="rowheader"]')).withContext('false on the input turns them off').toBeNull();
    s.fixture.componentRef.setInput('rowHeaders', true);
    await s.settle();
    expect(s.head(2)!.textContent).toBe('3');
  });

  it('number the rows of a client page by their place in the whole result', async () => {
    const s = await setup({ rowHeaders: true, paginationSize: 2 });
    s.grid.goToPage(1);
    await s.settle();
    expect([0, 1].map((p) => s.head(p)!.textContent)).toEqual(['3', '4']);
  });

  it('stay at the left edge while scrolling sideways, in the dark theme\'s colours', async () => {
    const s = await setup({ rowHeaders: true, hotArgs: { colWidths: 600 } }, { host: 'ui-grid-theme-dark' });
    const left = s.head(0)!.getBoundingClientRect().left;
    s.viewport.scrollLeft = 400;
    s.viewport.dispatchEvent(new Event('scroll'));
    expect(Math.round(s.head(0)!.getBoundingClientRect().left)).toBe(Math.round(left));
    expect(getComputedStyle(s.head(1)!).backgroundColor).toBe('rgb(34, 42, 56)');
    expect(getComputedStyle(s.head(0)!).backgroundColor).withContext('the focused row: selected').toBe('rgb(38, 59, 102)');
  });
});

describe('hotArgs.fixedRowsTop', () => {
  afterEach(() => document.querySelectorAll('ui-grid, [ng-version]').forEach((e) => (e.parentElement === document.body ? e : e.parentElement!).remove()));

  it('keeps the first rows of the row view in view while scrolling down; a click on them selects them', async () => {
    const s = await setup({ maxHeight: 300, hotArgs: { fixedRowsTop: 2 } }, { rows: 200 });
    const top = s.row(0)!.getBoundingClientRect().top;
    s.viewport.scrollTop = 2000;
    s.viewport.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(s.row(0)).not.toBeNull();
    expect(Math.round(s.row(0)!.getBoundingClientRect().top)).toBe(Math.round(top));
    expect(Math.round(s.row(1)!.getBoundingClientRect().top)).toBe(Math.round(top + 28));
    expect(s.cell(0, 0).textContent).toBe('N1');
    s.mousedown(s.cell(1, 1));
    expect(s.grid.viewRows().indexOf(s.grid.viewRows()[1])).toBe(1);
    expect(s.cell(1, 1).classList).toContain('ui-grid-cell-focus');
    expect(s.viewport.scrollTop).withContext('a fixed row needs no scroll').toBe(2000);
  });

  it('keeps an open editor over its cell while scrolling, whichever band it is in: a fixed row, a frozen column, the rest', async () => {
    const s = await setup({ maxHeight: 300, hotArgs: { fixedRowsTop: 2, fixedColumnsStart: 1, colWidths: 400 } }, { rows: 200 });
    const editor = () => s.el.querySelector('.ui-grid-editor') as HTMLElement;
    const over = (cell: HTMLElement) => {
      const a = editor().getBoundingClientRect();
      const b = cell.getBoundingClientRect();
      return [Math.round(a.top - b.top), Math.round(a.left - b.left)];
    };
    const scroll = async (top: number, left: number) => {
      s.viewport.scrollTop = top;
      s.viewport.scrollLeft = left;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    };
    s.mousedown(s.cell(1, 1));
    s.press('F2');
    expect(over(s.cell(1, 1))).toEqual([0, 0]);
    await scroll(2000, 300);
    expect(editor()).withContext('still open').not.toBeNull();
    expect(over(s.cell(1, 1))).withContext('a fixed row, scrolled down and sideways').toEqual([0, 0]);
    editor().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));

    s.mousedown(s.cell(0, 0));
    s.press('F2');
    await scroll(2400, 500);
    expect(over(s.cell(0, 0))).withContext('a fixed row in a frozen column').toEqual([0, 0]);
    editor().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));

    s.mousedown(s.cell(90, 0));
    s.press('F2');
    await scroll(2400 + 56, 100);
    expect(over(s.cell(90, 0))).withContext('a frozen column of a scrolling row').toEqual([0, 0]);
    editor().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(editor()).toBeNull();
  });

  it('scrolls a row moved to from below the fixed rows into view, not under them', async () => {
    const s = await setup({ maxHeight: 300, hotArgs: { fixedRowsTop: 3 } }, { rows: 200 });
    s.viewport.scrollTop = 2800;
    s.viewport.dispatchEvent(new Event('scroll'));
    s.grid.jumpToRow({ rowId: 'R90' } as never);
    await s.settle();
    const fixedBottom = s.row(2)!.getBoundingClientRect().bottom;
    expect(s.row(89)!.getBoundingClientRect().top).toBeGreaterThanOrEqual(fixedBottom - 1);
  });

  it('sorting keeps the first rows of the sorted view fixed', async () => {
    const s = await setup({ maxHeight: 300, hotArgs: { fixedRowsTop: 1 } }, { rows: 50 });
    s.grid.sortBy('qty');
    s.grid.sortBy('qty');
    await s.settle();
    s.viewport.scrollTop = 800;
    s.viewport.dispatchEvent(new Event('scroll'));
    expect(s.cell(0, 0).textContent).toBe('N50');
  });
});
