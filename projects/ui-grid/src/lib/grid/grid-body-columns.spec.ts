import { provideZonelessChangeDetection } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import { DataProviderRegistry, NS, StaticModel } from 'ngx-wrs-grid/core';
import { firstValueFrom } from 'rxjs';
import { filter } from 'rxjs/operators';
import { wrsText } from '../../../core/testing/fixtures';
import { GridBody, GridBodySource } from './grid-body';
import { GridColumn } from './grid-column';
import { GridComponent } from './grid.component';
import { ElementRow, ShownRow } from './shown-row';

const COLUMNS = 300;
const ROWS = 2000;
const WIDTH = 100;
const ROW_HEIGHT = 28;

const value = (row: number, col: number) => `v${row}-${col}`;

function column(i: number): GridColumn {
  return {
    id: `c${i}`, pos: i + 1, caption: `C${i}`, typeName: 'VARCHAR', scale: null, width: WIDTH, hidden: false, className: '',
    readOnly: false, isKey: false, nullable: true, numeric: false, checkbox: null, references: null, rendererType: null,
    editorType: null, editorParams: {}, group: -1,
  };
}

/** Wrs rows made when first asked for, as a view over a large document would hand them out. */
class Rows implements GridBodySource {
  private readonly doc = document.implementation.createDocument(NS.wrs, 'wrs:Data', null);
  private readonly made = new Map<number, Element>();
  selected: { top: number; bottom: number; left: number; right: number } | null = null;
  focus = { row: -1, col: -1 };

  rowCount(): number {
    return ROWS;
  }

  rowAt(position: number): ShownRow | null {
    return new ElementRow(this.elementAt(position));
  }

  elementAt(position: number): Element {
    let row = this.made.get(position);
    if (!row) {
      row = this.doc.createElementNS(NS.wrs, 'wrs:R');
      row.setAttribute('id', `r${position}`);
      for (let c = 0; c < COLUMNS; c++) row.appendChild(this.doc.createElementNS(NS.wrs, 'wrs:C')).textContent = value(position, c);
      this.made.set(position, row);
    }
    return row;
  }

  isSelected(row: number, col: number): boolean {
    const s = this.selected;
    return !!s && row >= s.top && row <= s.bottom && col >= s.left && col <= s.right;
  }

  isFocused(row: number, col: number): boolean {
    return row === this.focus.row && col === this.focus.col;
  }

  errorOf(): string | null {
    return null;
  }
}

const STYLE = `
.ui-grid-viewport { overflow: auto; position: relative; contain: strict; }
.ui-grid-canvas { position: relative; }
.ui-grid-row { position: absolute; top: 0; left: 0; width: 100%; }
.ui-grid-cell { position: absolute; top: 0; height: 100%; box-sizing: border-box; overflow: hidden; white-space: nowrap; }
.ui-grid-cell-frozen { z-index: 1; background: #fff; }
`;

describe('GridBody column window', () => {
  let host: HTMLElement;
  let style: HTMLStyleElement;
  let rows: Rows;
  let body: GridBody;

  function create(frozen = 0): void {
    rows = new Rows();
    body = new GridBody(host, rows, ROW_HEIGHT);
    body.setColumns(Array.from({ length: COLUMNS }, (_, i) => column(i)), frozen);
    body.setHeight(400);
  }

  /** Scrolls and paints as the scroll event would, without waiting for it. */
  function scrollTo(left: number, top = body.viewport.scrollTop): void {
    body.viewport.scrollLeft = left;
    body.viewport.scrollTop = top;
    body.paint();
  }

  function shownRows(): { position: number; element: HTMLElement }[] {
    return [...body.canvas.querySelectorAll<HTMLElement>('.ui-grid-row')]
      .filter((r) => r.style.display !== 'none')
      .map((element) => ({ position: Number(element.getAttribute('aria-rowindex')) - 2, element }));
  }

  function cellsOf(row: HTMLElement): HTMLElement[] {
    return [...row.querySelectorAll<HTMLElement>('[role="gridcell"]')];
  }

  /** Every cell meeting the viewport shows its own value; every other cell is blank or shows its own row's value. */
  function expectPaintedInView(): void {
    const view = body.viewport.getBoundingClientRect();
    let checked = 0;
    for (const { position, element } of shownRows()) {
      for (const cell of cellsOf(element)) {
        const col = Number(cell.getAttribute('aria-colindex')) - 1;
        const box = cell.getBoundingClientRect();
        const meets = box.right > view.left && box.left < view.left + body.viewport.clientWidth && box.bottom > view.top && box.top < view.top + body.viewport.clientHeight;
        if (meets) {
          checked++;
          expect(cell.textContent).withContext(`row ${position} col ${col} in view`).toBe(value(position, col));
        } else if (cell.textContent !== '') {
          expect(cell.textContent).withContext(`row ${position} col ${col} out of view`).toBe(value(position, col));
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  }

  /** Cells whose content changed while `step` ran. */
  function cellsWritten(step: () => void): number {
    const written = new Set<Node>();
    const observer = new MutationObserver(() => undefined);
    observer.observe(body.canvas, { childList: true, characterData: true, subtree: true });
    step();
    for (const r of observer.takeRecords()) written.add(r.target.nodeType === 1 ? r.target : r.target.parentNode!);
    observer.disconnect();
    return written.size;
  }

  /** The column window painted in every row: the cells of a row that hold text. */
  function paintedColumns(): number[] {
    const first = shownRows()[0].element;
    return cellsOf(first).filter((c) => c.textContent !== '').map((c) => Number(c.getAttribute('aria-colindex')) - 1);
  }

  beforeEach(() => {
    style = document.head.appendChild(document.createElement('style'));
    style.textContent = STYLE;
    host = document.body.appendChild(document.createElement('div'));
    host.style.width = '800px';
  });

  afterEach(() => {
    body.destroy();
    host.remove();
    style.remove();
  });

  it('paints every cell in view at each horizontal position, to the far right and back, and leaves no other row\'s text', () => {
    create();
    const far = body.viewport.scrollWidth - body.viewport.clientWidth;
    expect(far).toBeGreaterThan(COLUMNS * WIDTH - 1000);
    for (const [left, top] of [[0, 0], [1234, 0], [1234, 5000], [15_050, 5000], [far, 5000], [far, 28 * 1500], [7000, 300], [0, 300], [0, 0]]) {
      scrollTo(left, top);
      expectPaintedInView();
    }
  });

  it('paints only the columns in view with a small overscan, not every column of a row', () => {
    create();
    scrollTo(10_000);
    const painted = paintedColumns();
    expect(painted.length).toBeLessThanOrEqual(Math.ceil(800 / WIDTH) + 1 + 4);
    expect(Math.min(...painted)).toBeGreaterThanOrEqual(100 - 2);
    expect(Math.max(...painted)).toBeLessThanOrEqual(108 + 2);
  });

  it('keeps frozen columns painted and at the left edge at every horizontal position', () => {
    create(2);
    for (const left of [0, 5000, body.viewport.scrollWidth, 300]) {
      scrollTo(left, 2800);
      const view = body.viewport.getBoundingClientRect();
      for (const { position, element } of shownRows()) {
        const cells = cellsOf(element);
        for (const col of [0, 1]) {
          expect(cells[col].textContent).toBe(value(position, col));
          expect(cells[col].classList).toContain('ui-grid-cell-frozen');
          expect(Math.round(cells[col].getBoundingClientRect().left - view.left)).toBe(col * WIDTH);
        }
      }
      expectPaintedInView();
    }
  });

  it('marks selected cells of columns scrolled into view, and repaintMarks follows the selection', () => {
    create();
    rows.selected = { top: 0, bottom: 20, left: 150, right: 160 };
    body.repaintMarks();
    expect(body.canvas.querySelectorAll('.ui-grid-cell-selected').length).toBe(0);
    scrollTo(15_000);
    const row3 = cellsOf(shownRows().find((r) => r.position === 3)!.element);
    for (let c = 150; c <= 156; c++) {
      expect(row3[c].classList).toContain('ui-grid-cell-selected');
      expect(row3[c].getAttribute('aria-selected')).toBe('true');
    }
    expect(row3[149].classList).not.toContain('ui-grid-cell-selected');
    rows.selected = { top: 3, bottom: 3, left: 152, right: 152 };
    body.repaintMarks();
    expect([...body.canvas.querySelectorAll('.ui-grid-cell-selected')]).toEqual([row3[152]]);
    scrollTo(0);
    expect(body.canvas.querySelectorAll('.ui-grid-cell-selected').length).toBe(0);
    // Blank cells claim no selection state of a row they do not show.
    expect(row3[152].hasAttribute('aria-selected')).toBeFalse();
  });

  it('writes per vertical step only the new rows\' cells of the column window', () => {
    create(1);
    scrollTo(12_000, 0);
    const window = paintedColumns().length;
    expect(window).toBeLessThan(20);
    // Steps past the row overscan, and a jump to rows none of which are painted.
    for (const top of [10, 17, 1000, 1003]) {
      const before = new Set(shownRows().map((r) => r.position));
      const written = cellsWritten(() => scrollTo(12_000, top * ROW_HEIGHT));
      const newRows = shownRows().filter((r) => !before.has(r.position)).length;
      expect(newRows).toBeGreaterThan(0);
      expect(written).toBeGreaterThan(0);
      expect(written).withContext(`scrolled to row ${top}`).toBeLessThanOrEqual(newRows * window);
      expectPaintedInView();
    }
  });

  it('writes per horizontal step only the cells of columns entering or leaving the window', () => {
    create();
    scrollTo(5000, 2000);
    const inView = shownRows().length;
    // One column sideways: one column painted and one blanked per row.
    expect(cellsWritten(() => scrollTo(5100))).toBeLessThanOrEqual(inView * 2);
    expect(cellsWritten(() => scrollTo(5100))).toBe(0);
    expectPaintedInView();
  });

  it('cellElement paints a cell out of view sideways, and scrollIntoView brings it into the window', () => {
    create();
    scrollTo(0, 0);
    const cell = body.cellElement(2, 250)!;
    expect(cell.getAttribute('aria-colindex')).toBe('251');
    expect(cell.textContent).toBe(value(2, 250));
    // A repaint of the same row keeps it painted (aria-activedescendant may point at it).
    body.repaintRows([2]);
    expect(cell.textContent).toBe(value(2, 250));
    body.scrollIntoView(40, 280);
    expect(body.cellElement(40, 280)!.textContent).toBe(value(40, 280));
    expectPaintedInView();
    expect(body.cellElement(40, 3)).toBe(cellsOf(shownRows().find((r) => r.position === 40)!.element)[3]);
    expect(body.cellElement(40, 3)!.textContent).toBe(value(40, 3));
  });

  it('cellAtPoint names the cell showing the value under the point', () => {
    create(1);
    scrollTo(20_000, 3000);
    const view = body.viewport.getBoundingClientRect();
    for (const x of [30, 150, 420, 700]) {
      const at = body.cellAtPoint(view.left + x, view.top + 200)!;
      const under = document.elementFromPoint(view.left + x, view.top + 200) as HTMLElement;
      expect(under.textContent).toBe(value(at.row, at.col));
    }
  });

  it('repaintRows and repaintAll show changed values in the window', () => {
    create();
    scrollTo(9000, 0);
    const row = rows.elementAt(1);
    (row.children[95] as Element).textContent = 'changed';
    body.repaintRows([1]);
    expect(body.cellElement(1, 95)!.textContent).toBe('changed');
    (row.children[96] as Element).textContent = 'again';
    body.repaintAll();
    expect(body.cellElement(1, 96)!.textContent).toBe('again');
    (row.children[95] as Element).textContent = value(1, 95);
    (row.children[96] as Element).textContent = value(1, 96);
    body.repaintAll();
    expectPaintedInView();
  });

  it('paints the columns a wider viewport shows without a scroll', async () => {
    create();
    scrollTo(3000, 0);
    host.style.width = '1600px';
    await new Promise(requestAnimationFrame);
    await new Promise(requestAnimationFrame);
    expect(body.viewport.clientWidth).toBeGreaterThan(1500);
    expectPaintedInView();
  });
});

describe('GridComponent with many columns', () => {
  afterEach(() => document.querySelectorAll('ui-grid').forEach((e) => e.remove()));

  async function wideGrid(): Promise<HTMLElement> {
    TestBed.configureTestingModule({ providers: [provideZonelessChangeDetection(), { provide: DataProviderRegistry, useValue: new DataProviderRegistry() }] });
    const columns = Array.from({ length: COLUMNS }, (_, c) => ({ id: `c${c}` }));
    const data = wrsText(columns, Array.from({ length: 40 }, (_, r) => columns.map((_, c) => value(r, c))));
    const fixture = TestBed.createComponent(GridComponent);
    fixture.componentRef.setInput('inputModel', new StaticModel({ data }));
    const el = fixture.nativeElement as HTMLElement;
    el.style.display = 'block';
    el.style.width = '800px';
    document.body.appendChild(el);
    fixture.detectChanges();
    await firstValueFrom(fixture.componentInstance.status$.pipe(filter((st) => st.name === 'TransformedStatus' || st.isFailure)));
    await fixture.whenStable();
    await new Promise((resolve) => setTimeout(resolve));
    return el;
  }

  it('points aria-activedescendant at a painted cell holding its own value wherever the focus goes sideways', async () => {
    const el = await wideGrid();
    const body = el.querySelector('.ui-grid-body') as HTMLElement;
    const viewport = el.querySelector('.ui-grid-viewport') as HTMLElement;
    const press = (key: string, init: KeyboardEventInit = {}) =>
      ((el.querySelector('.ui-grid-editor') as HTMLElement | null) ?? body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
    const active = () => document.getElementById(body.getAttribute('aria-activedescendant') ?? '');
    press('Home', { ctrlKey: true });
    press('ArrowDown');
    press('End');
    expect(viewport.scrollLeft).toBeGreaterThan(COLUMNS * 100);
    expect(active()?.textContent).toBe(value(1, COLUMNS - 1));
    expect(active()?.getAttribute('aria-colindex')).toBe(String(COLUMNS));
    // The focused cell scrolled out of view sideways is still a cell showing its own value.
    viewport.scrollLeft = 0;
    viewport.dispatchEvent(new Event('scroll'));
    expect(active()?.textContent).toBe(value(1, COLUMNS - 1));
    // Typing edits the focused cell: scrolled back into view, the editor sits over the painted cell.
    press('x');
    const editor = el.querySelector('.ui-grid-editor') as HTMLElement;
    const cell = active()!;
    expect(cell.textContent).toBe(value(1, COLUMNS - 1));
    expect(Math.round(editor.getBoundingClientRect().left)).toBe(Math.round(cell.getBoundingClientRect().left));
    expect(cell.getBoundingClientRect().right).toBeLessThanOrEqual(viewport.getBoundingClientRect().right);
    press('Escape');
    press('Home');
    expect(viewport.scrollLeft).toBe(0);
    expect(active()?.textContent).toBe(value(1, 0));
    const row = active()!.parentElement!;
    for (const c of row.querySelectorAll('[role="gridcell"]')) {
      if (c.textContent !== '') expect(c.textContent).toBe(value(1, Number(c.getAttribute('aria-colindex')) - 1));
    }
  });
});
