// Over 500 lines: the public-surface suite of <ui-grid> (inputs, output, public methods, what the screen shows); each
// feature unit has its own spec beside it.
import { Clipboard } from '@angular/cdk/clipboard';
import { provideZonelessChangeDetection } from '@angular/core';
import { ComponentFixture, TestBed } from '@angular/core/testing';
import {
  ChangeSet,
  DataProvider,
  DataProviderRegistry,
  NS,
  RowStore,
  SaveFailedStatus,
  SavedStatus,
  StaticModel,
  WrsBackend,
  WrsIndex,
  WrsUtil,
  httpFailure,
  parseXml,
  serializeXml,
} from 'ngx-wrs-grid/core';
import { firstValueFrom } from 'rxjs';
import { filter } from 'rxjs/operators';
import { wrsText } from '../../../core/testing/fixtures';
import { rowShapes } from '../../../core/testing/wrs-shape';
import { WRS_BACKEND } from '../services/wrs-backend.token';
import { GridComponent } from './grid.component';
import { GridValidation } from './grid-validation';
import { expectConsistentDom } from '../../../core/testing/dom-consistency';

const ORDERS = () =>
  wrsText(
    [
      { id: 'id', nullable: '0', isKey: true },
      { id: 'name', nullable: '0' },
      { id: 'qty', type: 'INTEGER', nullable: '0' },
      { id: 'price', type: 'DOUBLE', scale: 2 },
      { id: 'country', references: ['DE', 'FR', 'IT'] },
    ],
    [
      ['1', 'Anna', '3', '1.5', 'DE'],
      ['2', 'Bert', '5', '2', 'FR'],
      ['3', 'Cleo', '7', '10.125', null],
    ],
  );

interface Setup {
  fixture: ComponentFixture<GridComponent>;
  grid: GridComponent;
  model: StaticModel;
  el: HTMLElement;
  changes: ChangeSet[];
  statuses: string[];
}

async function setup(inputs: Record<string, unknown> = {}, data: string = ORDERS(), backend?: WrsBackend): Promise<Setup> {
  const providers: unknown[] = [provideZonelessChangeDetection(), { provide: DataProviderRegistry, useValue: new DataProviderRegistry() }];
  if (backend) providers.push({ provide: WRS_BACKEND, useValue: backend });
  TestBed.configureTestingModule({ providers: providers as never[] });
  const model = new StaticModel({ data });
  const fixture = TestBed.createComponent(GridComponent);
  const grid = fixture.componentInstance;
  const statuses: string[] = [];
  grid.status$.subscribe((s) => statuses.push(s.name));
  if (!('inputModel' in inputs) && !backend) fixture.componentRef.setInput('inputModel', model);
  for (const [k, v] of Object.entries(inputs)) fixture.componentRef.setInput(k, v);
  document.body.appendChild(fixture.nativeElement);
  fixture.detectChanges();
  await firstValueFrom(grid.status$.pipe(filter((s) => s.name === 'TransformedStatus' || s.isFailure)));
  await fixture.whenStable();
  await new Promise((resolve) => setTimeout(resolve));
  const changes: ChangeSet[] = [];
  grid.changes$.subscribe((c) => changes.push(c));
  return { fixture, grid, model, el: fixture.nativeElement as HTMLElement, changes, statuses };
}

function body(s: Setup): HTMLElement {
  return s.el.querySelector('.ui-grid-body') as HTMLElement;
}

function cell(s: Setup, row: number, col: number): HTMLElement {
  const found = s.el.querySelector(`.ui-grid-row[aria-rowindex="${row + 2}"] [aria-colindex="${col + 1}"]`) as HTMLElement | null;
  if (!found || (found.parentElement as HTMLElement).style.display === 'none') throw new Error(`cell ${row},${col} is not painted`);
  return found;
}

function press(s: Setup, key: string, init: KeyboardEventInit = {}): void {
  const target = (document.querySelector('.ui-grid-editor') as HTMLElement | null) ?? body(s);
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
}

function type(s: Setup, text: string): void {
  const editor = s.el.querySelector('.ui-grid-editor') as HTMLInputElement;
  editor.value = text;
}

function rowXml(s: Setup, id: string): string {
  const row = WrsIndex.of(s.grid.getData()!).rowById(id);
  return row ? serializeXml(row).replace(/ xmlns:wrs="[^"]*"/g, '') : '(none)';
}

/** The grid's document without the validation result the grid stores in its header (written after the first paint). */
function documentXml(s: Setup): string {
  const doc = s.grid.getData()!.cloneNode(true) as Document;
  for (const result of [...doc.getElementsByTagNameNS(NS.wrs, 'ValidationResult')]) result.parentNode!.removeChild(result);
  return serializeXml(doc);
}

function paste(s: Setup, text: string): void {
  const data = new DataTransfer();
  data.setData('text/plain', text);
  body(s).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
}

function click(s: Setup, row: number, col: number, init: MouseEventInit = {}): void {
  const r = cell(s, row, col).getBoundingClientRect();
  cell(s, row, col).dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: r.left + 3, clientY: r.top + 3, ...init }));
  document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
}

function button(s: Setup, action: string): HTMLButtonElement {
  return s.el.querySelector(`[data-action="${action}"]`) as HTMLButtonElement;
}

afterEach(() => document.querySelectorAll('ui-grid').forEach((e) => e.remove()));

/** Lets a grid paint, finish what it started (saves, focus after render) and run its timers. */
async function settled(s: Setup): Promise<void> {
  s.fixture.detectChanges();
  await s.fixture.whenStable();
  await new Promise((resolve) => setTimeout(resolve));
}

async function until(condition: () => boolean, timeout = 3000): Promise<void> {
  const end = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('GridComponent rendering', () => {
  it('paints captions and cell text from the Wrs: numbers by scale and right-aligned, references and null as text', async () => {
    const s = await setup();
    const headers = [...s.el.querySelectorAll('[role="columnheader"]')].map((h) => h.textContent);
    expect(headers).toEqual(['ID', 'NAME', 'QTY', 'PRICE', 'COUNTRY']);
    expect([0, 1, 2, 3, 4].map((c) => cell(s, 0, c).textContent)).toEqual(['1', 'Anna', '3', '1.50', 'DE']);
    expect(cell(s, 2, 3).textContent).toBe('10.13');
    expect(cell(s, 2, 4).textContent).toBe('');
    expect(cell(s, 0, 3).classList).toContain('ui-grid-num');
    expect(getComputedStyle(cell(s, 0, 3)).textAlign).toBe('right');
  });

  it('shows cell text as text, never as HTML', async () => {
    const s = await setup({}, wrsText([{ id: 'a' }], [['&lt;img src=x onerror="window.__xss=1"&gt;&lt;b&gt;bold&lt;/b&gt;']]));
    expect(cell(s, 0, 0).textContent).toBe('<img src=x onerror="window.__xss=1"><b>bold</b>');
    expect(cell(s, 0, 0).children.length).toBe(0);
  });

  it('paints the wrs:C cells of a row, not a foreign element among them', async () => {
    const xml = wrsText([{ id: 'a' }, { id: 'b' }], [['a1', 'b1']]).replace(
      /(<wrs:R [^>]*>)/,
      '$1<x:C xmlns:x="urn:x">foreign</x:C>',
    );
    expect(xml).toContain('<x:C');
    const s = await setup({}, xml);
    expect([0, 1].map((c) => cell(s, 0, c).textContent)).toEqual(['a1', 'b1']);
  });

  it('uses WAI-ARIA grid roles with aria-rowindex on virtual rows', async () => {
    const s = await setup();
    expect(body(s).getAttribute('role')).toBe('grid');
    expect(body(s).getAttribute('aria-rowcount')).toBe('4');
    expect(cell(s, 1, 0).getAttribute('role')).toBe('gridcell');
    expect(cell(s, 1, 0).parentElement!.getAttribute('role')).toBe('row');
    expect(cell(s, 1, 0).parentElement!.getAttribute('aria-rowindex')).toBe('3');
  });

  it('numbers the header lines (groups, captions, filters) as rows and the data rows after them', async () => {
    const config = new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>t</wrq:BindingSet><grid:SelectColumns>
        <grid:Group caption="Who"><grid:C bRef="id"/><grid:C bRef="name"/></grid:Group><grid:C bRef="qty"/></grid:SelectColumns></grid:GridConfiguration>`,
    });
    const s = await setup({ config, columnFilters: true });
    const lines = [...s.el.querySelectorAll('.ui-grid-header-row')];
    expect(lines.map((l) => `${l.getAttribute('role')}:${l.getAttribute('aria-rowindex')}`)).toEqual(['row:1', 'row:2', 'row:3']);
    expect(body(s).getAttribute('aria-rowcount')).toBe('6');
    const first = s.el.querySelector('.ui-grid-canvas [aria-colindex="2"]')!.parentElement!;
    expect(first.getAttribute('aria-rowindex')).toBe('4');
    expect(first.querySelector('[aria-colindex="2"]')!.textContent).toBe('Anna');
  });

  it('shows no empty row element over the rows: the first row is what the pointer hits, also after a filter shrinks the view', async () => {
    const s = await setup();
    const hit = (row: number) => {
      const box = cell(s, row, 1).getBoundingClientRect();
      return document.elementFromPoint(box.left + 5, box.top + box.height / 2);
    };
    expect(hit(0)).toBe(cell(s, 0, 1));
    const visibleRows = () => [...s.el.querySelectorAll<HTMLElement>('.ui-grid-canvas .ui-grid-row')].filter((r) => r.style.display !== 'none');
    expect(visibleRows().length).toBe(3);
    s.grid.setColumnFilter('country', { kind: 'values', values: ['FR'] });
    await s.fixture.whenStable();
    expect(visibleRows().map((r) => r.textContent)).toEqual([cell(s, 0, 1).parentElement!.textContent]);
    expect(hit(0)).toBe(cell(s, 0, 1));
  });

  it('paints only the rows in view of a large Wrs and the last rows after scrolling to the end', async () => {
    const rows = Array.from({ length: 10000 }, (_, i) => [String(i + 1), `n${i + 1}`]);
    const s = await setup({ maxHeight: 300 }, wrsText([{ id: 'id' }, { id: 'name' }], rows));
    const painted = () => [...s.el.querySelectorAll('.ui-grid-row')].filter((r) => (r as HTMLElement).style.display !== 'none');
    expect(painted().length).toBeLessThan(40);
    const viewport = s.el.querySelector('.ui-grid-viewport') as HTMLElement;
    viewport.scrollTop = viewport.scrollHeight;
    viewport.dispatchEvent(new Event('scroll'));
    expect(cell(s, 9999, 1).textContent).toBe('n10000');
    expect(painted().length).toBeLessThan(40);
  });

  it('lays out only the cells of the columns in view of a wide Wrs; every column keeps its cell element', async () => {
    const columns = Array.from({ length: 120 }, (_, c) => ({ id: `c${c}` }));
    const s = await setup({ maxHeight: 300 }, wrsText(columns, Array.from({ length: 50 }, (_, r) => columns.map((_, c) => `v${r}-${c}`))));
    // Row 3, away from the focused cell (painted wherever it is, for aria-activedescendant).
    const row3 = () => s.el.querySelector('.ui-grid-row[aria-rowindex="5"]') as HTMLElement;
    const laidOut = () => [...row3().children].filter((c) => c.getClientRects().length > 0).map((c) => Number(c.getAttribute('aria-colindex')) - 1);
    expect(row3().children.length).toBe(120);
    const shown = laidOut();
    expect(shown.length).toBeGreaterThan(2);
    expect(shown.length).toBeLessThan(40);
    expect(shown[0]).toBe(0);
    expect(shown.every((c, i) => c === i)).withContext(`columns laid out: ${shown}`).toBeTrue();
    for (const c of shown) expect(cell(s, 3, c).textContent).toBe(`v3-${c}`);
    const viewport = s.el.querySelector('.ui-grid-viewport') as HTMLElement;
    viewport.scrollLeft = viewport.scrollWidth;
    viewport.dispatchEvent(new Event('scroll'));
    const far = laidOut();
    expect(far).toContain(119);
    expect(far).not.toContain(0);
    expect(cell(s, 3, 119).textContent).toBe('v3-119');
    expect(row3().children[0].textContent).toBe('');
  });

  it('checks a wide Wrs in the background in tasks of at most 10,000 cells, every row in the end', async () => {
    const width = 200;
    const rows = 300;
    const columns = Array.from({ length: width }, (_, c) => ({ id: `c${c}`, type: 'INTEGER' }));
    const invalid = (r: number, c: number) => (r === rows - 1 && c === width - 1) || (r === 260 && c === 1) || (r === 0 && c === 2);
    const data = Array.from({ length: rows }, (_, r) => columns.map((_, c) => (invalid(r, c) ? 'x' : String(r))));
    const tasks: number[] = [];
    const checkRows = GridValidation.prototype.checkRows;
    spyOn(GridValidation.prototype, 'checkRows').and.callFake(function (this: GridValidation, wrs: Document, ids: readonly string[]) {
      tasks.push(ids.length);
      return checkRows.call(this, wrs, ids);
    });
    // The rows of a text this long are kept in a row store: the background tasks read them from it.
    const checkStoreRows = GridValidation.prototype.checkStoreRows;
    spyOn(GridValidation.prototype, 'checkStoreRows').and.callFake(function (this: GridValidation, store: RowStore, index: WrsIndex, first: number, last: number) {
      tasks.push(last - first);
      return checkStoreRows.call(this, store, index, first, last);
    });
    const s = await setup({ maxHeight: 300 }, wrsText(columns, data));
    // Rows in view when a later task checks them show their errors.
    const viewport = s.el.querySelector('.ui-grid-viewport') as HTMLElement;
    viewport.scrollTop = 258 * 28;
    viewport.dispatchEvent(new Event('scroll'));
    await until(() => tasks.reduce((a, b) => a + b, 0) >= rows);
    expect(cell(s, 260, 1).classList).toContain('ui-grid-cell-invalid');
    expect(cell(s, 261, 1).classList).not.toContain('ui-grid-cell-invalid');
    viewport.scrollTop = 0;
    viewport.dispatchEvent(new Event('scroll'));
    expect(cell(s, 0, 2).classList).toContain('ui-grid-cell-invalid');
    expect(tasks.length).toBeGreaterThan(1);
    expect(Math.max(...tasks) * width).toBeLessThanOrEqual(10_000);
    expect(tasks.reduce((a, b) => a + b, 0)).toBe(rows);
    await s.fixture.whenStable();
    expect(button(s, 'jump-to-error').textContent).toContain('3 invalid cells');
    // In a live region, so the count is heard while the focus stays in the cells.
    expect(button(s, 'jump-to-error').closest('[role="status"]')).not.toBeNull();
  });

  it('aria-label or aria-labelledby on <ui-grid> names its role="grid" element, not the host', async () => {
    const s = await setup({ 'aria-label': 'Orders' });
    const grid = s.el.querySelector('[role="grid"]')!;
    expect(grid.getAttribute('aria-label')).toBe('Orders');
    expect(s.el.hasAttribute('aria-label')).toBeFalse();
    s.fixture.componentRef.setInput('aria-labelledby', 'caption-id');
    s.fixture.detectChanges();
    expect(grid.getAttribute('aria-labelledby')).toBe('caption-id');
    expect(s.el.hasAttribute('aria-labelledby')).toBeFalse();
  });

  it('takes columns from the configuration: caption, width, isHidden, class, isCheckbox with custom values', async () => {
    const config = new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>orders</wrq:BindingSet><grid:SelectColumns>
        <grid:C bRef="name" caption="Customer" width="200" class="vip"/><grid:C bRef="id" isHidden="true"/><grid:C bRef="flag" isCheckbox="Y|N"/>
      </grid:SelectColumns></grid:GridConfiguration>`,
    });
    const s = await setup({ config }, wrsText([{ id: 'id' }, { id: 'name' }, { id: 'flag' }], [['1', 'Anna', 'Y'], ['2', 'Bert', 'N']]));
    expect([...s.el.querySelectorAll('[role="columnheader"]')].map((h) => h.textContent)).toEqual(['Customer', 'FLAG']);
    expect(cell(s, 0, 0).style.width).toBe('200px');
    expect(cell(s, 0, 0).classList).toContain('vip');
    expect(cell(s, 0, 1).textContent).toBe('\u2611');
    expect(cell(s, 1, 1).textContent).toBe('\u2610');
    s.grid.jumpToRow({ rowPos: 2, colId: 'flag' });
    press(s, 'x');
    press(s, 'q');
    expect(rowXml(s, 'R2')).withContext('letters do not toggle a checkbox').toContain('<wrs:R id="R2">');
    press(s, ' ');
    expect(rowXml(s, 'R2')).toContain('<wrs:C>Y</wrs:C><wrs:O>N</wrs:O>');
    expect(cell(s, 1, 1).textContent).toBe('\u2611');
  });

  it('nests grid:Group headers and collapses a group to its first column', async () => {
    const config = new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>orders</wrq:BindingSet><grid:SelectColumns>
        <grid:C bRef="id"/><grid:Group caption="Order"><grid:C bRef="qty"/><grid:C bRef="price"/></grid:Group>
      </grid:SelectColumns></grid:GridConfiguration>`,
    });
    const s = await setup({ config });
    const group = s.el.querySelector('.ui-grid-group') as HTMLButtonElement;
    expect(group.textContent).toBe('Order');
    expect(group.getBoundingClientRect().width).toBe(240);
    // The row owns a column header spanning the group's columns; the toggle is inside it.
    const header = group.parentElement!;
    expect(header.getAttribute('role')).toBe('columnheader');
    expect(header.parentElement!.getAttribute('role')).toBe('row');
    expect(header.getAttribute('aria-colindex')).toBe('2');
    expect(header.getAttribute('aria-colspan')).toBe('2');
    // Enter on the focused toggle is the button's (it collapses the group), not the grid's (an editor on the cell).
    group.focus();
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    group.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBeFalse();
    expect(s.el.querySelector('.ui-grid-editor')).toBeNull();
    group.click();
    expect(s.grid.shownColumnIds()).toEqual(['id', 'qty']);
    expect((s.el.querySelector('.ui-grid-group') as HTMLElement).getAttribute('aria-expanded')).toBe('false');
  });

  it('sets the viewport height from hotArgs.height, else caps it at maxHeight', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => [String(i)]);
    const capped = await setup({ maxHeight: 250 }, wrsText([{ id: 'a' }], rows));
    expect((capped.el.querySelector('.ui-grid-viewport') as HTMLElement).style.height).toBe('250px');
    TestBed.resetTestingModule();
    const fixed = await setup({ maxHeight: 250, hotArgs: { height: 400, rowHeight: 20 } }, wrsText([{ id: 'a' }], rows));
    expect((fixed.el.querySelector('.ui-grid-viewport') as HTMLElement).style.height).toBe('400px');
    expect(cell(fixed, 1, 0).parentElement!.style.transform).toBe('translateY(20px)');
  });

  it('without maxHeight or hotArgs.height grows with its rows up to 480 px, the documented default a virtual body needs', async () => {
    const many = await setup({}, wrsText([{ id: 'a' }], Array.from({ length: 200 }, (_, i) => [String(i)])));
    expect((many.el.querySelector('.ui-grid-viewport') as HTMLElement).style.height).toBe('480px');
    TestBed.resetTestingModule();
    const few = await setup({}, wrsText([{ id: 'a' }], [['1'], ['2']]));
    expect(parseFloat((few.el.querySelector('.ui-grid-viewport') as HTMLElement).style.height)).toBeLessThan(200);
  });

  it('takes colWidths and fixedColumnsStart from hotArgs: frozen columns stay in view and answer clicks while scrolled', async () => {
    const columns = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id }));
    const s = await setup({ hotArgs: { colWidths: [60, 200], fixedColumnsStart: 1 } }, wrsText(columns, [['1', '2', '3', '4', '5', '6'], ['7', '8', '9', '10', '11', '12']]));
    s.el.style.display = 'block';
    s.el.style.width = '300px';
    const headers = [...s.el.querySelectorAll<HTMLElement>('[role="columnheader"]')];
    expect(headers.map((h) => h.style.width)).toEqual(['60px', '200px', '120px', '120px', '120px', '120px']);
    expect(cell(s, 0, 1).style.left).toBe('60px');
    expect(cell(s, 0, 0).classList).toContain('ui-grid-cell-frozen');
    expect(cell(s, 0, 1).classList).not.toContain('ui-grid-cell-frozen');
    const viewport = s.el.querySelector('.ui-grid-viewport') as HTMLElement;
    viewport.scrollLeft = 250;
    viewport.dispatchEvent(new Event('scroll'));
    expect(viewport.scrollLeft).toBe(250);
    expect(cell(s, 1, 0).style.transform).toBe('translateX(250px)');
    expect(headers[0].style.transform).toBe('translateX(250px)');
    const frozen = cell(s, 1, 0).getBoundingClientRect();
    expect(Math.round(frozen.left)).toBe(Math.round(viewport.getBoundingClientRect().left + viewport.clientLeft));
    click(s, 1, 0);
    expect(cell(s, 1, 0).classList).toContain('ui-grid-cell-focus');
    press(s, 'ArrowRight');
    expect(viewport.scrollLeft).toBe(0);
    expect(cell(s, 1, 1).classList).toContain('ui-grid-cell-focus');
  });
});

describe('GridComponent keyboard and selection', () => {
  it('moves the focus with arrows, Home/End, Ctrl+Home/End and PageDown, and extends a range with shift', async () => {
    const s = await setup();
    click(s, 0, 0);
    press(s, 'ArrowRight');
    press(s, 'ArrowDown');
    expect(cell(s, 1, 1).classList).toContain('ui-grid-cell-focus');
    expect(body(s).getAttribute('aria-activedescendant')).toBe(cell(s, 1, 1).id);
    press(s, 'End');
    expect(cell(s, 1, 4).classList).toContain('ui-grid-cell-focus');
    press(s, 'Home');
    press(s, 'ArrowRight', { shiftKey: true });
    press(s, 'ArrowDown', { shiftKey: true });
    const selected = [...s.el.querySelectorAll('[aria-selected="true"]')].map((c) => `${c.parentElement!.getAttribute('aria-rowindex')}/${c.getAttribute('aria-colindex')}`);
    expect(selected).toEqual(['3/1', '3/2', '4/1', '4/2']);
    press(s, 'End', { ctrlKey: true });
    expect(cell(s, 2, 4).classList).toContain('ui-grid-cell-focus');
    press(s, 'Home', { ctrlKey: true });
    expect(cell(s, 0, 0).classList).toContain('ui-grid-cell-focus');
    press(s, 'PageDown');
    expect(cell(s, 2, 0).classList).toContain('ui-grid-cell-focus');
  });

  it('selects everything with Ctrl+A and a rectangle with shift+click', async () => {
    const s = await setup();
    click(s, 1, 2);
    press(s, 'a', { ctrlKey: true });
    expect(s.el.querySelectorAll('[aria-selected="true"]').length).toBe(15);
    // The active cell stays where it was, as in a spreadsheet: typing edits it, not the top left cell.
    expect(cell(s, 1, 2).classList).toContain('ui-grid-cell-focus');
    expect(s.el.querySelectorAll('.ui-grid-cell-focus').length).toBe(1);
    // Shift+arrow goes on from the corner farthest from the active cell (here the top left).
    press(s, 'ArrowDown', { shiftKey: true });
    expect(s.el.querySelectorAll('[aria-selected="true"]').length).toBe(9);
    expect(cell(s, 2, 2).classList).toContain('ui-grid-cell-focus');
    press(s, 'a', { ctrlKey: true });
    press(s, 'x');
    press(s, 'Enter');
    expect(rowXml(s, 'R3')).toContain('<wrs:C>x</wrs:C>');
    click(s, 0, 1);
    click(s, 1, 2, { shiftKey: true });
    expect(s.el.querySelectorAll('[aria-selected="true"]').length).toBe(4);
  });

  it('copies the range as Excel tab text (core toTabText) through the CDK clipboard with Ctrl+C', async () => {
    const s = await setup({}, wrsText([{ id: 'a' }, { id: 'b' }], [['x', 'two\tparts'], ['-3', null]]));
    const copy = spyOn(TestBed.inject(Clipboard), 'copy').and.returnValue(true);
    press(s, 'a', { ctrlKey: true });
    press(s, 'c', { ctrlKey: true });
    expect(copy).toHaveBeenCalledOnceWith('x\t"two\tparts"\r\n-3\t\r\n');
  });

  it('a copy pasted in place changes nothing, also the empty text of a nullable column and wrs:null of a nullable="0" one', async () => {
    const s = await setup({}, wrsText([{ id: 'a', nullable: '0' }, { id: 'b' }], [[null, ''], ['y', 'z']]));
    spyOn(TestBed.inject(Clipboard), 'copy').and.returnValue(true);
    const before = serializeXml(s.grid.getData()!);
    press(s, 'a', { ctrlKey: true });
    press(s, 'c', { ctrlKey: true });
    paste(s, '\t\r\ny\tz\r\n');
    expect(serializeXml(s.grid.getData()!)).toBe(before);
    expect(button(s, 'undo').disabled).withContext('nothing changed, nothing to undo').toBeTrue();
  });
});

describe('GridComponent cut, and the browser copy and cut events', () => {
  const READ_ONLY_ID = () =>
    new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>orders</wrq:BindingSet><grid:SelectColumns>
        <grid:C bRef="id" isReadOnly="true"/><grid:C bRef="name"/><grid:C bRef="price"/></grid:SelectColumns></grid:GridConfiguration>`,
    });
  const clipboardEvent = (target: HTMLElement, type: 'copy' | 'cut') => {
    const event = new ClipboardEvent(type, { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
    target.dispatchEvent(event);
    return event;
  };

  it('cuts the range with Ctrl+X: copies it through the CDK clipboard and clears it as Delete does, in one undo step', async () => {
    const s = await setup({ config: READ_ONLY_ID() });
    const copy = spyOn(TestBed.inject(Clipboard), 'copy').and.returnValue(true);
    click(s, 1, 1);
    s.grid.deleteSelectedRows();
    const before = serializeXml(s.grid.getData()!);
    const changes = s.changes.length;
    click(s, 0, 0);
    click(s, 2, 2, { shiftKey: true });
    const key = new KeyboardEvent('keydown', { key: 'x', ctrlKey: true, bubbles: true, cancelable: true });
    body(s).dispatchEvent(key);
    expect(key.defaultPrevented).withContext('the browser fires no cut event of its own').toBeTrue();
    expect(copy).toHaveBeenCalledOnceWith('1\tAnna\t1.5\r\n2\tBert\t2\r\n3\tCleo\t10.125\r\n');
    expect(s.changes.length - changes).toBe(1);
    expect(rowXml(s, 'R1')).toBe('<wrs:M id="R1"><wrs:C>1</wrs:C><wrs:O>1</wrs:O><wrs:C/><wrs:O>Anna</wrs:O><wrs:C>3</wrs:C><wrs:O>3</wrs:O><wrs:C><wrs:null/></wrs:C><wrs:O>1.5</wrs:O><wrs:C>DE</wrs:C><wrs:O>DE</wrs:O></wrs:M>');
    expect(rowXml(s, 'R2')).withContext('a deleted row keeps its cells').toContain('<wrs:D id="R2"><wrs:C>2</wrs:C><wrs:C>Bert</wrs:C>');
    press(s, 'z', { ctrlKey: true });
    expect(serializeXml(s.grid.getData()!)).toBe(before);
  });

  it('writes the clipboard once on Ctrl+C: the key is handled, so the browser fires no copy event of its own', async () => {
    const s = await setup();
    const copy = spyOn(TestBed.inject(Clipboard), 'copy').and.returnValue(true);
    click(s, 0, 1);
    const key = new KeyboardEvent('keydown', { key: 'c', ctrlKey: true, bubbles: true, cancelable: true });
    body(s).dispatchEvent(key);
    expect(key.defaultPrevented).toBeTrue();
    expect(copy).toHaveBeenCalledOnceWith('Anna\r\n');
  });

  it('answers the browser copy and cut events (Edit menu) with the selection as TSV in clipboardData; the cut clears it', async () => {
    const s = await setup({ config: READ_ONLY_ID() });
    const copy = spyOn(TestBed.inject(Clipboard), 'copy').and.returnValue(true);
    click(s, 0, 0);
    click(s, 1, 1, { shiftKey: true });
    const copied = clipboardEvent(body(s), 'copy');
    expect(copied.defaultPrevented).toBeTrue();
    expect(copied.clipboardData!.getData('text/plain')).toBe('1\tAnna\r\n2\tBert\r\n');
    expect(s.changes.length).toBe(0);
    const cut = clipboardEvent(body(s), 'cut');
    expect(cut.defaultPrevented).toBeTrue();
    expect(cut.clipboardData!.getData('text/plain')).toBe('1\tAnna\r\n2\tBert\r\n');
    expect(s.changes.length).toBe(1);
    expect(rowXml(s, 'R1')).toContain('<wrs:C>1</wrs:C><wrs:O>1</wrs:O><wrs:C/><wrs:O>Anna</wrs:O><wrs:C>3</wrs:C><wrs:O>3</wrs:O><wrs:C>1.5</wrs:C>');
    expect(rowXml(s, 'R2')).toContain('<wrs:C>2</wrs:C><wrs:O>2</wrs:O><wrs:C/><wrs:O>Bert</wrs:O>');
    expect(copy).withContext('the event carries the text, the CDK clipboard is not written besides').not.toHaveBeenCalled();
  });

  it('leaves the copy and cut of an open editor and of a filter field to the browser', async () => {
    const s = await setup({ columnFilters: true });
    body(s).focus();
    press(s, 'ArrowRight');
    press(s, 'F2');
    const editor = s.el.querySelector('.ui-grid-editor') as HTMLInputElement;
    for (const type of ['copy', 'cut'] as const) {
      const event = clipboardEvent(editor, type);
      expect(event.defaultPrevented).withContext(type).toBeFalse();
      expect(event.clipboardData!.getData('text/plain')).toBe('');
    }
    press(s, 'Escape');
    const filter = s.el.querySelector<HTMLInputElement>('input.ui-grid-filter')!;
    filter.focus();
    const event = clipboardEvent(filter, 'cut');
    expect(event.defaultPrevented).toBeFalse();
    expect(s.changes.length).toBe(0);
  });

  it('leaves a paste into a filter field to the field: no cell is written', async () => {
    const s = await setup({ columnFilters: true });
    const filter = s.el.querySelector<HTMLInputElement>('input.ui-grid-filter')!;
    filter.focus();
    const data = new DataTransfer();
    data.setData('text/plain', 'Zed');
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    filter.dispatchEvent(event);
    expect(event.defaultPrevented).toBeFalse();
    expect(s.changes.length).toBe(0);
  });
});

describe('GridComponent row states and read-only cells for assistive technology', () => {
  const rowElement = (s: Setup, id: string) => s.el.querySelector(`.ui-grid-row[data-row-id="${id}"]`) as HTMLElement;
  const readOnly = (s: Setup, row: number) => [0, 1, 2, 3].map((c) => cell(s, row, c).getAttribute('aria-readonly'));

  it('describes modified, new and deleted rows (aria-description) and drops it when a row is back to R', async () => {
    const s = await setup();
    click(s, 0, 1);
    paste(s, 'Xena');
    click(s, 1, 1);
    s.grid.deleteSelectedRows();
    s.grid.addRow();
    const added = WrsIndex.of(s.grid.getData()!).rowAt(4)!.getAttribute('id')!;
    expect(rowElement(s, 'R1').getAttribute('aria-description')).toBe('Modified row');
    expect(rowElement(s, 'R2').getAttribute('aria-description')).toBe('Deleted row');
    expect(rowElement(s, 'R3').hasAttribute('aria-description')).toBeFalse();
    expect(rowElement(s, added).getAttribute('aria-description')).toBe('New row');
    for (let i = 0; i < 3; i++) press(s, 'z', { ctrlKey: true });
    expect(WrsIndex.of(s.grid.getData()!).rowCount).toBe(3);
    const shown = [...s.el.querySelectorAll<HTMLElement>('.ui-grid-row')].filter((r) => r.style.display !== 'none');
    expect(shown.map((r) => r.getAttribute('aria-description'))).toEqual([null, null, null]);
  });

  it('says aria-readonly on cells of read-only columns, of deleted rows and where isReadOnlyCell says so, and drops it on restore', async () => {
    const config = new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>orders</wrq:BindingSet><grid:SelectColumns>
        <grid:C bRef="id" isReadOnly="true"/><grid:C bRef="name"/><grid:C bRef="qty"/><grid:C bRef="price"/></grid:SelectColumns></grid:GridConfiguration>`,
    });
    const s = await setup({ config, isReadOnlyCell: (...args: unknown[]) => args[2] === 'R3' && args[3] === 'price' });
    click(s, 1, 1);
    s.grid.deleteSelectedRows();
    expect(readOnly(s, 0)).toEqual(['true', null, null, null]);
    expect(readOnly(s, 1)).toEqual(['true', 'true', 'true', 'true']);
    expect(readOnly(s, 2)).toEqual(['true', null, null, 'true']);
    s.grid.restoreSelectedRows();
    expect(readOnly(s, 1)).toEqual(['true', null, null, null]);
  });

  it('says aria-readonly on every cell of a read-only grid', async () => {
    const s = await setup({ isReadOnly: true });
    expect([0, 1, 2].flatMap((r) => readOnly(s, r)).every((v) => v === 'true')).toBeTrue();
  });

  it('paints aria-readonly anew when isReadOnly or isReadOnlyCell change after the rows were painted', async () => {
    const s = await setup();
    expect(readOnly(s, 0)).toEqual([null, null, null, null]);
    s.fixture.componentRef.setInput('isReadOnly', true);
    s.fixture.detectChanges();
    expect([0, 1, 2].flatMap((r) => readOnly(s, r)).every((v) => v === 'true')).toBeTrue();
    s.fixture.componentRef.setInput('isReadOnly', false);
    s.fixture.componentRef.setInput('isReadOnlyCell', (...args: unknown[]) => args[2] === 'R1');
    s.fixture.detectChanges();
    expect(readOnly(s, 0)).toEqual(['true', 'true', 'true', 'true']);
    expect(readOnly(s, 1)).toEqual([null, null, null, null]);
  });
});

describe('GridComponent text selection elsewhere on the page', () => {
  it('a click on a cell clears a text selection elsewhere, so the browser sends Ctrl+V to the grid, not to that text', async () => {
    const s = await setup();
    const heading = document.body.appendChild(document.createElement('h1'));
    heading.textContent = 'Orders';
    try {
      document.getSelection()!.selectAllChildren(heading);
      const target = cell(s, 0, 1);
      const box = target.getBoundingClientRect();
      target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0, clientX: box.left + 3, clientY: box.top + 3 }));
      document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      expect(document.getSelection()!.rangeCount).toBe(0);
      expect(document.activeElement).toBe(s.el.querySelector('.ui-grid-body'));
    } finally {
      heading.remove();
    }
  });
});

describe('GridComponent drag selection', () => {
  const columns = Array.from({ length: 30 }, (_, c) => ({ id: `c${c}` }));
  const big = () => wrsText(columns, Array.from({ length: 500 }, (_, r) => columns.map((_, c) => `${r}.${c}`)));
  const viewportOf = (s: Setup) => s.el.querySelector('.ui-grid-viewport') as HTMLElement;
  const focused = (s: Setup) => {
    const cellEl = s.el.querySelector('.ui-grid-cell-focus') as HTMLElement;
    return { row: Number(cellEl.parentElement!.getAttribute('aria-rowindex')) - 2, col: Number(cellEl.getAttribute('aria-colindex')) - 1 };
  };
  // As a browser sends them during a drag: moves with the left button held, the mouseup without it.
  const mouse = (type: string, x: number, y: number, buttons = type === 'mouseup' ? 0 : 1) => document.dispatchEvent(new MouseEvent(type, { bubbles: true, button: 0, buttons, clientX: x, clientY: y }));
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('scrolls and extends the range while the pointer is held below the body, and stops when it comes back or on mouseup', async () => {
    const s = await setup({ maxHeight: 300 }, big());
    const viewport = viewportOf(s);
    const start = cell(s, 0, 1).getBoundingClientRect();
    cell(s, 0, 1).dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: start.left + 3, clientY: start.top + 3 }));
    const box = viewport.getBoundingClientRect();
    mouse('mousemove', start.left + 3, box.bottom + 40);
    await until(() => viewport.scrollTop > 600);
    expect(focused(s).row).toBeGreaterThan(20);
    expect(focused(s).col).toBe(1);
    expect(cell(s, focused(s).row - 3, 1).getAttribute('aria-selected')).withContext('the range reaches from the first row').toBe('true');
    mouse('mousemove', start.left + 3, box.top + 100);
    const held = viewport.scrollTop;
    await pause(150);
    expect(viewport.scrollTop).withContext('back inside, the scrolling stops').toBe(held);
    mouse('mousemove', start.left + 3, box.bottom + 40);
    await until(() => viewport.scrollTop > held + 100);
    mouse('mouseup', start.left + 3, box.bottom + 40);
    const released = viewport.scrollTop;
    await pause(150);
    expect(viewport.scrollTop).withContext('mouseup stops it').toBe(released);
  });

  it('ends the drag at a move without the button held (released outside the window, no mouseup came)', async () => {
    const s = await setup({ maxHeight: 300 }, big());
    const viewport = viewportOf(s);
    const start = cell(s, 0, 1).getBoundingClientRect();
    cell(s, 0, 1).dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: start.left + 3, clientY: start.top + 3 }));
    const box = viewport.getBoundingClientRect();
    mouse('mousemove', start.left + 3, box.bottom + 40);
    await until(() => viewport.scrollTop > 200);
    mouse('mousemove', start.left + 3, box.bottom + 40, 0);
    const released = viewport.scrollTop;
    const focus = focused(s);
    await pause(150);
    expect(viewport.scrollTop).toBe(released);
    mouse('mousemove', start.left + 3, box.top + 10, 0);
    expect(focused(s)).toEqual(focus);
  });

  it('scrolls up and sideways the same way, and stops when the grid is destroyed during the drag', async () => {
    const s = await setup({ maxHeight: 300 }, big());
    const viewport = viewportOf(s);
    viewport.scrollTop = 3000;
    viewport.dispatchEvent(new Event('scroll'));
    const row = Math.ceil(3000 / 28) + 2;
    const start = cell(s, row, 1).getBoundingClientRect();
    cell(s, row, 1).dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: start.left + 3, clientY: start.top + 3 }));
    const box = viewport.getBoundingClientRect();
    mouse('mousemove', box.right + 30, box.top - 30);
    await until(() => viewport.scrollTop < 2500 && viewport.scrollLeft > 300);
    expect(focused(s).row).toBeLessThan(row);
    expect(focused(s).col).toBeGreaterThan(1);
    const frames = spyOn(window, 'requestAnimationFrame').and.callThrough();
    s.fixture.destroy();
    frames.calls.reset();
    await pause(100);
    expect(frames).not.toHaveBeenCalled();
  });
});

describe('GridComponent editing', () => {
  it('starts editing by typing, commits with Enter as one change set, turns the row into M and marks the cell', async () => {
    const s = await setup();
    click(s, 0, 1);
    press(s, 'Z');
    const editor = s.el.querySelector('.ui-grid-editor') as HTMLInputElement;
    expect(editor.value).toBe('Z');
    expect(document.activeElement).toBe(editor);
    type(s, 'Zoe');
    press(s, 'Enter');
    expect(s.el.querySelector('.ui-grid-editor')).toBeNull();
    expect(rowXml(s, 'R1')).toBe('<wrs:M id="R1"><wrs:C>1</wrs:C><wrs:O>1</wrs:O><wrs:C>Zoe</wrs:C><wrs:O>Anna</wrs:O><wrs:C>3</wrs:C><wrs:O>3</wrs:O><wrs:C>1.5</wrs:C><wrs:O>1.5</wrs:O><wrs:C>DE</wrs:C><wrs:O>DE</wrs:O></wrs:M>');
    expect(s.changes.length).toBe(1);
    expect(s.changes[0].rowIds).toEqual(['R1']);
    expect(cell(s, 0, 1).textContent).toBe('Zoe');
    expect(cell(s, 0, 1).classList).toContain('ui-grid-cell-modified');
    expect(cell(s, 0, 0).classList).not.toContain('ui-grid-cell-modified');
    expect(cell(s, 0, 1).parentElement!.classList).toContain('ui-grid-row-M');
    expect(cell(s, 1, 1).classList).toContain('ui-grid-cell-focus');
  });

  it('opens the editor with F2 holding the value, commits with Tab moving right, and Escape cancels', async () => {
    const s = await setup();
    click(s, 1, 2);
    press(s, 'F2');
    expect((s.el.querySelector('.ui-grid-editor') as HTMLInputElement).value).toBe('5');
    type(s, '6');
    press(s, 'Tab');
    expect(rowXml(s, 'R2')).toContain('<wrs:C>6</wrs:C><wrs:O>5</wrs:O>');
    expect(cell(s, 1, 3).classList).toContain('ui-grid-cell-focus');
    const before = serializeXml(s.grid.getData()!);
    press(s, 'Enter');
    type(s, '99');
    press(s, 'Escape');
    expect(serializeXml(s.grid.getData()!)).toBe(before);
    expect(s.changes.length).toBe(1);
  });

  it('leaves a cell exactly as it was when its editor opens and closes without a change, dates and timestamps too', async () => {
    const s = await setup({}, wrsText([{ id: 'd', type: 'DATE' }, { id: 't', type: 'TIMESTAMP' }, { id: 'u', type: 'TIMESTAMP' }], [['2024-01-05T00:00:00', '2024-01-05T10:00:00Z', '2024-01-05T10:00:00']]));
    const before = rowXml(s, 'R1');
    for (const col of [0, 1, 2]) {
      click(s, 0, col);
      press(s, 'F2');
      expect(s.el.querySelector('.ui-grid-editor')).withContext(`column ${col}`).not.toBeNull();
      press(s, 'Enter');
    }
    expect(rowXml(s, 'R1')).toBe(before);
    expect(s.changes.length).toBe(0);
  });

  it('edits text holding line breaks in a textarea that keeps them (CRLF as written), Alt+Enter adding one, Enter committing', async () => {
    const s = await setup({}, wrsText([{ id: 'note' }, { id: 'win' }], [['line1&#10;line2', 'a&#13;&#10;b']]));
    click(s, 0, 0);
    press(s, 'F2');
    const editor = s.el.querySelector('.ui-grid-editor') as HTMLTextAreaElement;
    expect(editor instanceof HTMLTextAreaElement).toBe(true);
    expect(editor.value).toBe('line1\nline2');
    press(s, 'Enter', { altKey: true });
    expect(s.el.querySelector('.ui-grid-editor')).withContext('Alt+Enter leaves the editor open').toBe(editor);
    editor.value += '!';
    press(s, 'Enter');
    expect(rowXml(s, 'R1')).toContain('<wrs:C>line1\nline2!</wrs:C><wrs:O>line1\nline2</wrs:O>');
    click(s, 0, 1);
    press(s, 'F2');
    type(s, (s.el.querySelector('.ui-grid-editor') as HTMLTextAreaElement).value + '!');
    press(s, 'Enter');
    expect(WrsIndex.of(s.grid.getData()!).rowById('R1')!.getElementsByTagNameNS(NS.wrs, 'C')[1].textContent).toBe('a\r\nb!');
  });

  it('writes an open editor into the row it was opened on when a filter or sort changes the view under it', async () => {
    const s = await setup();
    click(s, 1, 2);
    press(s, 'F2');
    type(s, '42');
    s.grid.sortBy('name');
    s.grid.sortBy('name');
    expect(rowXml(s, 'R2')).toContain('<wrs:C>42</wrs:C><wrs:O>5</wrs:O>');
    click(s, 2, 2);
    press(s, 'F2');
    type(s, '43');
    const id = s.grid.viewRows()[2].getAttribute('id')!;
    s.grid.setColumnFilter('country', { kind: 'values', values: ['FR'] });
    expect(rowXml(s, id)).toContain('<wrs:C>43</wrs:C>');
    expect(WrsIndex.of(s.grid.getData()!).rows().filter((r) => r.localName === 'M').map((r) => r.getAttribute('id')).sort()).toEqual(['R2', id].sort());
  });

  it('edits a reference column with a dropdown in a CDK overlay: captions shown, ids written, arrows, Enter, Escape and type-ahead', async () => {
    const ref = (v: string, caption: string) => `<wrs:R id="${v}"><wrs:C>${v}</wrs:C><wrs:C>${caption}</wrs:C></wrs:R>`;
    const data = `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="id"/><wrs:C pos="2" id="country"><wrs:References><wrs:Wrs><wrs:Header><wrs:Columns><wrs:C pos="1" id="v"/><wrs:C pos="2" id="caption"/></wrs:Columns></wrs:Header><wrs:Data>${ref('DE', 'Germany')}${ref('FR', 'France')}${ref('IT', 'Italy')}${ref('ES', 'Spain')}</wrs:Data></wrs:Wrs></wrs:References></wrs:C></wrs:Columns></wrs:Header><wrs:Data><wrs:R id="R1"><wrs:C>1</wrs:C><wrs:C>DE</wrs:C></wrs:R><wrs:R id="R2"><wrs:C>2</wrs:C><wrs:C><wrs:null/></wrs:C></wrs:R></wrs:Data></wrs:Wrs>`;
    const s = await setup({}, data);
    expect(cell(s, 0, 1).textContent).toBe('Germany');
    click(s, 0, 1);
    press(s, 'Enter');
    const list = document.querySelector('.cdk-overlay-container [role="listbox"]') as HTMLElement;
    expect(s.el.contains(list)).toBeFalse();
    expect(document.activeElement).toBe(list);
    // Outside the grid, it still has the popup colours and the grid's font.
    expect(list.closest('.ui-grid-overlay')).not.toBeNull();
    expect(getComputedStyle(list).backgroundColor).toBe('rgb(255, 255, 255)');
    expect(getComputedStyle(list).fontSize).toBe('13px');
    const options = [...list.querySelectorAll('[role="option"]')];
    expect(options.map((o) => o.textContent)).toEqual(['\u00a0', 'Germany', 'France', 'Italy', 'Spain']);
    expect(list.querySelector('[aria-selected="true"]')!.textContent).toBe('Germany');
    press(s, 'ArrowDown');
    press(s, 'ArrowDown');
    expect(list.getAttribute('aria-activedescendant')).toBe(options[3].id);
    press(s, 'Enter');
    expect(document.querySelector('[role="listbox"]')).toBeNull();
    expect(rowXml(s, 'R1')).toBe('<wrs:M id="R1"><wrs:C>1</wrs:C><wrs:O>1</wrs:O><wrs:C>IT</wrs:C><wrs:O>DE</wrs:O></wrs:M>');
    expect(cell(s, 0, 1).textContent).toBe('Italy');
    expect(cell(s, 1, 1).classList).toContain('ui-grid-cell-focus');
    press(s, 's');
    expect(document.querySelector('[role="listbox"] [aria-selected="true"]')!.textContent).toBe('Spain');
    press(s, 'Escape');
    expect(document.querySelector('[role="listbox"]')).toBeNull();
    expect(rowXml(s, 'R2')).toBe('<wrs:R id="R2"><wrs:C>2</wrs:C><wrs:C><wrs:null/></wrs:C></wrs:R>');
    press(s, 'F2');
    press(s, 'f');
    press(s, 'r');
    expect(document.querySelector('[role="listbox"] [aria-selected="true"]')!.textContent).toBe('France');
    press(s, 'Tab');
    expect(rowXml(s, 'R2')).toContain('<wrs:C>FR</wrs:C><wrs:O><wrs:null/></wrs:O>');
    click(s, 1, 1);
    press(s, 'Enter');
    (document.querySelectorAll('[role="listbox"] [role="option"]')[4] as HTMLElement).click();
    expect(rowXml(s, 'R2')).toContain('<wrs:C>ES</wrs:C><wrs:O><wrs:null/></wrs:O>');
    expect(s.changes.length).toBe(3);
  });

  it('pastes a reference caption as its id (text copied from what the grid shows), other text as it is', async () => {
    const ref = (v: string, caption: string) => `<wrs:R id="${v}"><wrs:C>${v}</wrs:C><wrs:C>${caption}</wrs:C></wrs:R>`;
    const data = `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="id"/><wrs:C pos="2" id="country"><wrs:References><wrs:Wrs><wrs:Header><wrs:Columns><wrs:C pos="1" id="v"/><wrs:C pos="2" id="caption"/></wrs:Columns></wrs:Header><wrs:Data>${ref('DE', 'Germany')}${ref('FR', 'France')}${ref('XX', 'France')}</wrs:Data></wrs:Wrs></wrs:References></wrs:C></wrs:Columns></wrs:Header><wrs:Data><wrs:R id="R1"><wrs:C>1</wrs:C><wrs:C>FR</wrs:C></wrs:R><wrs:R id="R2"><wrs:C>2</wrs:C><wrs:C>DE</wrs:C></wrs:R><wrs:R id="R3"><wrs:C>3</wrs:C><wrs:C>DE</wrs:C></wrs:R></wrs:Data></wrs:Wrs>`;
    const s = await setup({}, data);
    click(s, 0, 1);
    paste(s, 'Germany\nFR\nFrance');
    expect(rowXml(s, 'R1')).toContain('<wrs:C>DE</wrs:C><wrs:O>FR</wrs:O>');
    expect(rowXml(s, 'R2')).toContain('<wrs:C>FR</wrs:C>');
    expect(rowXml(s, 'R3')).toContain('<wrs:C>France</wrs:C>');
  });

  it('adds no rows for lines pasted past the last row into read-only columns only; pasteAsNewRows keeps isReadOnlyCell', async () => {
    const config = new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>orders</wrq:BindingSet><grid:SelectColumns>
        <grid:C bRef="id" isReadOnly="true"/><grid:C bRef="name"/><grid:C bRef="qty"/></grid:SelectColumns></grid:GridConfiguration>`,
    });
    const s = await setup({ config, isReadOnlyCell: (...args: unknown[]) => args[3] === 'qty' });
    click(s, 2, 0);
    s.grid.pasteTsv('7\n8\n9\n');
    expect(WrsIndex.of(s.grid.getData()!).rowCount).toBe(3);
    expect(s.changes.length).toBe(0);
    click(s, 2, 1);
    s.grid.pasteAsNewRows('Dora\t99\n');
    const added = WrsIndex.of(s.grid.getData()!).rowAt(4)!;
    expect(added.localName).toBe('I');
    expect(rowXml(s, added.getAttribute('id')!)).toContain('<wrs:C>Dora</wrs:C>');
    expect(rowXml(s, added.getAttribute('id')!)).not.toContain('99');
  });

  it('offers no Duplicate in the context menu for deleted rows only', async () => {
    const s = await setup();
    click(s, 1, 1);
    expect(s.grid.menuActionEnabled('duplicateRow')).toBeTrue();
    s.grid.deleteSelectedRows();
    click(s, 1, 1);
    expect(s.grid.getData() && rowXml(s, 'R2')).toContain('<wrs:D id="R2">');
    expect(s.grid.menuActionEnabled('duplicateRow')).toBeFalse();
  });

  it('opens no editor in a read-only grid, a read-only column or where isReadOnlyCell says so', async () => {
    const ro = await setup({ isReadOnly: true });
    click(ro, 0, 1);
    press(ro, 'x');
    press(ro, 'Delete');
    expect(ro.el.querySelector('.ui-grid-editor')).toBeNull();
    expect(ro.changes.length).toBe(0);
    expect(button(ro, 'save')).toBeNull();
    TestBed.resetTestingModule();
    const calls: unknown[][] = [];
    const s = await setup({
      isReadOnlyCell: (...args: unknown[]) => {
        calls.push(args);
        return args[3] === 'name' && args[4] === 'Bert';
      },
    });
    calls.length = 0;
    click(s, 1, 1);
    press(s, 'x');
    expect(s.el.querySelector('.ui-grid-editor')).toBeNull();
    expect(calls[0][0]).toBe(s.grid);
    expect((calls[0][1] as Record<string, Record<string, string>>)['qty']['type-name']).toBe('INTEGER');
    expect(calls[0].slice(2)).toEqual(['R2', 'name', 'Bert']);
    click(s, 0, 1);
    press(s, 'x');
    expect(s.el.querySelector('.ui-grid-editor')).not.toBeNull();
  });

  it('clears the selected range with Delete as one change set, null in nullable columns', async () => {
    const s = await setup();
    click(s, 0, 3);
    press(s, 'ArrowDown', { shiftKey: true });
    press(s, 'ArrowRight', { shiftKey: true });
    press(s, 'Delete');
    expect(s.changes.length).toBe(1);
    expect(s.changes[0].rowIds).toEqual(['R1', 'R2']);
    expect(rowXml(s, 'R1')).toContain('<wrs:C><wrs:null/></wrs:C><wrs:O>1.5</wrs:O><wrs:C><wrs:null/></wrs:C><wrs:O>DE</wrs:O>');
  });
});

describe('GridComponent paste', () => {
  it('pastes TSV at the focus as one change set and appends I rows when allowNewRows', async () => {
    const s = await setup();
    click(s, 1, 1);
    paste(s, 'Xena\t8\nYves\t9\nZack\t10\n');
    expect(s.changes.length).toBe(1);
    expect(rowXml(s, 'R2')).toContain('<wrs:C>Xena</wrs:C><wrs:O>Bert</wrs:O><wrs:C>8</wrs:C><wrs:O>5</wrs:O>');
    expect(rowXml(s, 'R3')).toContain('<wrs:C>Yves</wrs:C><wrs:O>Cleo</wrs:O>');
    const index = WrsIndex.of(s.grid.getData()!);
    expect(index.rowCount).toBe(4);
    const added = index.rowAt(4)!;
    expect(added.localName).toBe('I');
    expect(serializeXml(added)).toContain('<wrs:C>Zack</wrs:C><wrs:C>10</wrs:C>');
    expect(cell(s, 3, 1).textContent).toBe('Zack');
    expect(cell(s, 3, 1).parentElement!.classList).toContain('ui-grid-row-I');
  });

  it('does not append rows when allowNewRows is false', async () => {
    const s = await setup({ allowNewRows: false });
    click(s, 2, 1);
    paste(s, 'Xena\nYves');
    expect(WrsIndex.of(s.grid.getData()!).rowCount).toBe(3);
    expect(rowXml(s, 'R3')).toContain('<wrs:C>Xena</wrs:C>');
  });
});

describe('GridComponent reference columns on the clipboard', () => {
  /** A Wrs of an id column and a reference column (`country`, nullable) with `[id, caption]` references. */
  const referenceWrs = (refs: [string, string][], values: (string | null)[]) => {
    const ref = ([v, caption]: [string, string]) => `<wrs:R id="${v}"><wrs:C>${v}</wrs:C><wrs:C>${caption.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</wrs:C></wrs:R>`;
    const row = (v: string | null, r: number) => `<wrs:R id="R${r + 1}"><wrs:C>${r + 1}</wrs:C><wrs:C>${v === null ? '<wrs:null/>' : v}</wrs:C></wrs:R>`;
    return `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="id"/><wrs:C pos="2" id="country"><wrs:References><wrs:Wrs><wrs:Header><wrs:Columns><wrs:C pos="1" id="v"/><wrs:C pos="2" id="caption"/></wrs:Columns></wrs:Header><wrs:Data>${refs.map(ref).join('')}</wrs:Data></wrs:Wrs></wrs:References></wrs:C></wrs:Columns></wrs:Header><wrs:Data>${values.map(row).join('')}</wrs:Data></wrs:Wrs>`;
  };
  const COUNTRIES: [string, string][] = [['DE', 'Germany'], ['FR', 'France'], ['KR', 'Korea "South"'], ['US', 'United States']];
  /** The country of every row in document order; null for wrs:null. */
  const countries = (s: Setup) =>
    WrsIndex.of(s.grid.getData()!).rows().map((r) => {
      const c = r.getElementsByTagNameNS(NS.wrs, 'C')[1];
      return c.getElementsByTagNameNS(NS.wrs, 'null').length > 0 ? null : c.textContent;
    });
  const clipboardEvent = (target: HTMLElement, type: 'copy' | 'cut') => {
    const event = new ClipboardEvent(type, { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
    target.dispatchEvent(event);
    return event;
  };

  it('copies what a reference column shows, its captions, with Ctrl+C, the context menu Copy, the browser copy event and Cut; TSV quoting kept', async () => {
    const s = await setup({}, referenceWrs(COUNTRIES, ['DE', 'KR', null, 'ZZ']));
    expect([0, 1, 2, 3].map((r) => cell(s, r, 1).textContent)).toEqual(['Germany', 'Korea "South"', '', 'ZZ']);
    const copy = spyOn(TestBed.inject(Clipboard), 'copy').and.returnValue(true);
    press(s, 'a', { ctrlKey: true });
    press(s, 'c', { ctrlKey: true });
    // A value without a reference is copied as it is shown: as stored.
    expect(copy).toHaveBeenCalledOnceWith('1\tGermany\r\n2\t"Korea ""South"""\r\n3\t\r\n4\tZZ\r\n');
    click(s, 0, 1);
    click(s, 1, 1, { shiftKey: true });
    await s.grid.runMenuAction('copy');
    expect(copy.calls.mostRecent().args[0]).toBe('Germany\r\n"Korea ""South"""\r\n');
    expect(clipboardEvent(body(s), 'copy').clipboardData!.getData('text/plain')).toBe('Germany\r\n"Korea ""South"""\r\n');
    await s.grid.runMenuAction('cut');
    expect(copy.calls.mostRecent().args[0]).toBe('Germany\r\n"Korea ""South"""\r\n');
    expect(countries(s)).toEqual([null, null, null, 'ZZ']);
  });

  it('copies the stored id where pasting the caption would not give it back: a caption two ids share, an empty one', async () => {
    const s = await setup({}, referenceWrs([['FR', 'France'], ['XX', 'France'], ['EM', ''], ['DE', 'Germany']], ['FR', 'XX', 'EM', 'DE']));
    expect([0, 1, 2, 3].map((r) => cell(s, r, 1).textContent)).toEqual(['France', 'France', '', 'Germany']);
    const copy = spyOn(TestBed.inject(Clipboard), 'copy').and.returnValue(true);
    click(s, 0, 1);
    click(s, 3, 1, { shiftKey: true });
    press(s, 'c', { ctrlKey: true });
    expect(copy).toHaveBeenCalledOnceWith('FR\r\nXX\r\nEM\r\nGermany\r\n');
  });

  it('pastes a caption (exactly, else ignoring case) or an id as the id; ambiguous or unknown text as it is, flagged by validation', async () => {
    const refs: [string, string][] = [['DE', 'Germany'], ['FR', 'France'], ['XX', 'France'], ['GB', 'United Kingdom'], ['UK', 'UNITED KINGDOM'], ['N', 'NO'], ['NO', 'Norway']];
    const s = await setup({}, referenceWrs(refs, new Array<string | null>(10).fill('DE')));
    click(s, 0, 1);
    paste(s, 'germany\nFR\nFrance\nfRANCE\nUnited Kingdom\nunited kingdom\nNO\nnorway\nAtlantis\n\n');
    expect(countries(s)).toEqual(['DE', 'FR', 'France', 'fRANCE', 'GB', 'united kingdom', 'N', 'NO', 'Atlantis', null]);
    const flagged = countries(s).map((_, r) => s.grid.getCellError(`R${r + 1}`, 'country') !== null);
    expect(flagged).toEqual([false, false, true, true, false, true, false, false, true, false]);
    // Paste as new rows reads them the same way.
    s.grid.pasteAsNewRows('germany\nGB\nNO\n');
    expect(countries(s).slice(10)).toEqual(['DE', 'GB', 'N']);
  });

  it('a copy of reference cells pastes back exactly: over other rows, as new rows, and in place', async () => {
    const refs: [string, string][] = [...COUNTRIES, ['XX', 'France'], ['N', 'NO'], ['NO', 'Norway'], ['EM', '']];
    const values = ['DE', 'KR', null, 'ZZ', 'FR', 'XX', 'N', 'NO', 'EM'];
    const s = await setup({}, referenceWrs(refs, [...values, ...new Array<string | null>(values.length).fill('US')]));
    let copied = '';
    spyOn(TestBed.inject(Clipboard), 'copy').and.callFake((text: string) => ((copied = text), true));
    click(s, 0, 1);
    click(s, values.length - 1, 1, { shiftKey: true });
    press(s, 'c', { ctrlKey: true });
    expect(copied).toBe('Germany\r\n"Korea ""South"""\r\n\r\nZZ\r\nFR\r\nXX\r\nNO\r\nNorway\r\nEM\r\n');
    const before = serializeXml(s.grid.getData()!);
    paste(s, copied);
    expect(serializeXml(s.grid.getData()!)).withContext('pasted in place').toBe(before);
    click(s, values.length, 1);
    paste(s, copied);
    expect(countries(s)).toEqual([...values, ...values]);
    s.grid.pasteAsNewRows(copied);
    expect(countries(s).slice(2 * values.length)).toEqual(values);
  });
});

describe('GridComponent paste over a selected range', () => {
  const LETTERS = () => wrsText([{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }], Array.from({ length: 4 }, (_, r) => ['a', 'b', 'c', 'd'].map((c) => `${c}${r + 1}`)));
  const shown = (s: Setup, rows: number, cols: number) => Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => cell(s, r, c).textContent));

  it('fills the whole range with a single value, read-only cells and deleted rows kept, as one change set and one undo step', async () => {
    const config = new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>orders</wrq:BindingSet><grid:SelectColumns>
        <grid:C bRef="id" isReadOnly="true"/><grid:C bRef="name"/><grid:C bRef="qty"/><grid:C bRef="price"/></grid:SelectColumns></grid:GridConfiguration>`,
    });
    const s = await setup({ config, isReadOnlyCell: (...args: unknown[]) => args[2] === 'R3' && args[3] === 'price' });
    click(s, 1, 1);
    s.grid.deleteSelectedRows();
    const before = serializeXml(s.grid.getData()!);
    const changes = s.changes.length;
    click(s, 0, 0);
    click(s, 2, 3, { shiftKey: true });
    paste(s, '4');
    expect(s.changes.length - changes).toBe(1);
    expect(shown(s, 3, 4)).toEqual([
      ['1', '4', '4', '4.00'],
      ['2', 'Bert', '5', '2.00'],
      ['3', '4', '4', '10.13'],
    ]);
    expect(s.el.querySelectorAll('[aria-selected="true"]').length).withContext('the selection covers what was pasted').toBe(12);
    press(s, 'z', { ctrlKey: true });
    expect(serializeXml(s.grid.getData()!)).toBe(before);
  });

  it('tiles a block over a range it divides, and pastes one that does not divide it once from the top left', async () => {
    const s = await setup({}, LETTERS());
    click(s, 0, 0);
    click(s, 3, 3, { shiftKey: true });
    paste(s, 'x\ty\r\n1\t2\r\n');
    expect(shown(s, 4, 4)).toEqual([
      ['x', 'y', 'x', 'y'],
      ['1', '2', '1', '2'],
      ['x', 'y', 'x', 'y'],
      ['1', '2', '1', '2'],
    ]);
    expect(s.changes.length).toBe(1);
    click(s, 0, 0);
    click(s, 3, 1, { shiftKey: true });
    paste(s, 'p\tq\tr\ns\tt\tu\nv\tw\tz');
    expect(shown(s, 4, 4)).toEqual([
      ['p', 'q', 'r', 'y'],
      ['s', 't', 'u', '2'],
      ['v', 'w', 'z', 'y'],
      ['1', '2', '1', '2'],
    ]);
    expect(s.el.querySelectorAll('[aria-selected="true"]').length).withContext('the block pasted, 3 x 3').toBe(9);
  });

  it('tiles a single line across the range and does not tile lines of unequal length', async () => {
    const s = await setup({}, LETTERS());
    click(s, 1, 0);
    click(s, 2, 3, { shiftKey: true });
    paste(s, 'k\tl');
    expect(shown(s, 4, 4)).toEqual([
      ['a1', 'b1', 'c1', 'd1'],
      ['k', 'l', 'k', 'l'],
      ['k', 'l', 'k', 'l'],
      ['a4', 'b4', 'c4', 'd4'],
    ]);
    click(s, 0, 0);
    click(s, 3, 1, { shiftKey: true });
    paste(s, 'm\tn\no');
    expect(shown(s, 4, 2)).toEqual([
      ['m', 'n'],
      ['o', 'l'],
      ['k', 'l'],
      ['a4', 'b4'],
    ]);
  });
});

describe('GridComponent rows', () => {
  it('toolbar actions on cells give focus back to the grid body: add and jump always, the others after a pointer click', async () => {
    const s = await setup();
    button(s, 'add').focus();
    button(s, 'add').click();
    expect(document.activeElement).toBe(body(s));
    button(s, 'restore').focus();
    button(s, 'restore').click();
    expect(document.activeElement).toBe(button(s, 'restore'));
    button(s, 'restore').dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
    expect(document.activeElement).toBe(body(s));
  });

  it('a toolbar button pressed from the keyboard that its action disables (Save while saving, Undo at the last step) hands the focus to the grid body, not to the page', async () => {
    let release = () => {};
    const s = await setup({ customSave: () => new Promise<void>((resolve) => (release = resolve)) });
    const settle = () => settled(s);
    click(s, 0, 1);
    press(s, 'k');
    press(s, 'Enter');
    await settle();
    // Undo from the keyboard: the one step is undone, the button disables itself.
    button(s, 'undo').focus();
    button(s, 'undo').click();
    await settle();
    expect(button(s, 'undo').disabled).toBeTrue();
    expect(document.activeElement).withContext('after Undo').toBe(body(s));
    s.grid.redo();
    await settle();
    // Save from the keyboard: disabled while the save runs.
    const saved = firstValueFrom(s.grid.status$.pipe(filter((x) => x instanceof SavedStatus)));
    button(s, 'save').focus();
    button(s, 'save').click();
    await settle();
    expect(button(s, 'save').disabled).toBeTrue();
    expect(document.activeElement).withContext('while saving').toBe(body(s));
    release();
    await saved;
    await settle();
    expect(document.activeElement).withContext('after the save').toBe(body(s));
  });

  it('Clear filters pressed from the keyboard hands the focus to the grid body: the button goes with the filters', async () => {
    const s = await setup({ columnFilters: true });
    s.grid.setColumnFilter('country', { kind: 'values', values: ['FR'] });
    s.fixture.detectChanges();
    await s.fixture.whenStable();
    button(s, 'clear-filters').focus();
    button(s, 'clear-filters').click();
    s.fixture.detectChanges();
    await s.fixture.whenStable();
    expect(button(s, 'clear-filters')).toBeNull();
    expect(document.activeElement).toBe(body(s));
  });

  it('adds a row at the bottom with defaults and calls afterAddRow with the row node and header meta', async () => {
    const seen: { id: string | null; meta: string }[] = [];
    const s = await setup({
      afterAddRow: (args: { rowNode: Element; headerMeta: Record<string, Record<string, string>> }) => {
        seen.push({ id: args.rowNode.getAttribute('id'), meta: args.headerMeta['price']['scale'] });
        args.rowNode.getElementsByTagNameNS(NS.wrs, 'C')[1].textContent = 'Filled';
      },
    });
    button(s, 'add').click();
    const index = WrsIndex.of(s.grid.getData()!);
    const row = index.rowAt(4)!;
    expect(serializeXml(row).replace(/ xmlns:wrs="[^"]*"/g, '')).toBe(
      `<wrs:I id="${row.getAttribute('id')}"><wrs:C><wrs:null/></wrs:C><wrs:C>Filled</wrs:C><wrs:C>0</wrs:C><wrs:C><wrs:null/></wrs:C><wrs:C><wrs:null/></wrs:C></wrs:I>`,
    );
    expect(seen).toEqual([{ id: row.getAttribute('id'), meta: '2' }]);
    expect(cell(s, 3, 1).textContent).toBe('Filled');
    expect(s.changes.length).toBe(1);
  });

  it('calls afterAddRow for rows that a paste past the last row and paste as new rows add, the pasted values winning', async () => {
    const seen: string[] = [];
    const s = await setup({
      afterAddRow: (args: { rowNode: Element }) => {
        seen.push(args.rowNode.getAttribute('id') ?? '');
        const cells = args.rowNode.getElementsByTagNameNS(NS.wrs, 'C');
        cells[0].textContent = String(100 + seen.length);
        cells[1].textContent = 'Default';
      },
    });
    click(s, 2, 1);
    s.grid.pasteTsv('Cleopatra\nDora');
    const index = WrsIndex.of(s.grid.getData()!);
    expect(seen.length).toBe(1);
    expect(rowXml(s, seen[0])).toContain('<wrs:C>101</wrs:C><wrs:C>Dora</wrs:C>');
    click(s, 0, 1);
    s.grid.pasteAsNewRows('Emil');
    expect(seen.length).toBe(2);
    const added = index.rowById(seen[1])!;
    expect(added.localName).toBe('I');
    expect(rowXml(s, seen[1])).toContain('<wrs:C>102</wrs:C><wrs:C>Emil</wrs:C>');
  });

  it('puts the focus of an added row on its first column the user may type into, past read-only and hidden ones', async () => {
    const config = new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>orders</wrq:BindingSet><grid:SelectColumns>
        <grid:C bRef="id" isReadOnly="true"/><grid:C bRef="name" isHidden="true"/><grid:C bRef="qty"/></grid:SelectColumns></grid:GridConfiguration>`,
    });
    const s = await setup({ config });
    click(s, 0, 0);
    button(s, 'add').click();
    expect(cell(s, 3, 1).classList).toContain('ui-grid-cell-focus');
    press(s, '4');
    press(s, 'Enter');
    const added = WrsIndex.of(s.grid.getData()!).rowAt(4)!.getAttribute('id')!;
    expect(rowXml(s, added)).toContain('<wrs:C>4</wrs:C>');
  });

  it('adds at the top in topMode, at the bottom with forceAddAtBottom, and puts the buttons on top', async () => {
    const top = await setup({ topMode: true });
    expect(top.el.firstElementChild!.classList).toContain('ui-grid-toolbar');
    button(top, 'add').click();
    expect(WrsIndex.of(top.grid.getData()!).rowAt(1)!.localName).toBe('I');
    TestBed.resetTestingModule();
    const bottom = await setup({ topMode: true, forceAddAtBottom: true });
    button(bottom, 'add').click();
    expect(WrsIndex.of(bottom.grid.getData()!).rowAt(4)!.localName).toBe('I');
  });

  it('deletes selected rows: R rows become D and stay visible struck through, I rows go', async () => {
    const s = await setup();
    button(s, 'add').click();
    click(s, 2, 0);
    press(s, 'ArrowDown', { shiftKey: true });
    button(s, 'delete').click();
    const index = WrsIndex.of(s.grid.getData()!);
    expect(index.rows().map((r) => r.localName)).toEqual(['R', 'R', 'D']);
    expect(cell(s, 2, 1).parentElement!.classList).toContain('ui-grid-row-D');
    expect(getComputedStyle(cell(s, 2, 1)).textDecorationLine).toBe('line-through');
  });

  it('restores selected rows to the server state and duplicates rows as I rows below', async () => {
    const s = await setup();
    click(s, 0, 1);
    press(s, 'x');
    press(s, 'Enter');
    click(s, 0, 1);
    button(s, 'restore').click();
    expect(rowXml(s, 'R1')).toBe('<wrs:R id="R1"><wrs:C>1</wrs:C><wrs:C>Anna</wrs:C><wrs:C>3</wrs:C><wrs:C>1.5</wrs:C><wrs:C>DE</wrs:C></wrs:R>');
    click(s, 1, 0);
    button(s, 'duplicate').click();
    const rows = WrsIndex.of(s.grid.getData()!).rows();
    expect(rows.map((r) => r.localName)).toEqual(['R', 'R', 'I', 'R']);
    expect(rows[2].textContent).toBe(rows[1].textContent);
  });
});

describe('GridComponent duplicate', () => {
  it('calls afterAddRow for each copy, top to bottom in the document, and one undo takes the copies and what afterAddRow wrote', async () => {
    const seen: { id: string | null; scale: string }[] = [];
    const s = await setup({
      afterAddRow: (args: { rowNode: Element; headerMeta: Record<string, Record<string, string>> }) => {
        seen.push({ id: args.rowNode.getAttribute('id'), scale: args.headerMeta['price']['scale'] });
        args.rowNode.getElementsByTagNameNS(NS.wrs, 'C')[0].textContent = String(100 + seen.length);
      },
    });
    click(s, 0, 1);
    press(s, 'ArrowDown', { shiftKey: true });
    const before = serializeXml(s.grid.getData()!);
    button(s, 'duplicate').click();
    const rows = WrsIndex.of(s.grid.getData()!).rows();
    const copies = rows.filter((r) => r.localName === 'I');
    expect(copies.length).toBe(2);
    expect(seen).toEqual(copies.map((r) => ({ id: r.getAttribute('id'), scale: '2' })));
    expect(copies.map((r) => r.getElementsByTagNameNS(NS.wrs, 'C')[0].textContent)).toEqual(['101', '102']);
    expect(copies.map((r) => r.getElementsByTagNameNS(NS.wrs, 'C')[1].textContent)).toEqual(['Anna', 'Bert']);
    expect(s.grid.getCellError('R1', 'id')).toBeNull();
    expect(s.grid.getCellError(copies[0].getAttribute('id')!, 'id')).toBeNull();
    expect(s.changes.length).toBe(1);
    expect(s.grid.undo()).toBeTrue();
    expect(serializeXml(s.grid.getData()!)).toBe(before);
    expect(s.grid.undo()).toBeFalse();

    TestBed.resetTestingModule();
    const ids: (string | null)[] = [];
    const t = await setup(
      { afterAddRow: (args: { rowNode: Element }) => void ids.push(args.rowNode.getAttribute('id')) },
      wrsText([{ id: 'id', isKey: true }, { id: 'name' }], [['1', 'Anna'], ['2', 'Bert'], ['3', 'Dana']]),
    );
    t.grid.setColumnFilter('name', { kind: 'text', op: 'contains', text: 'a' });
    await t.fixture.whenStable();
    expect(t.grid.viewRows().map((r) => r.getAttribute('id'))).toEqual(['R1', 'R3']);
    click(t, 0, 1);
    press(t, 'ArrowDown', { shiftKey: true });
    button(t, 'duplicate').click();
    const added = WrsIndex.of(t.grid.getData()!).rows().filter((r) => r.localName === 'I');
    expect(added.length).toBe(2);
    expect(ids).toEqual(added.map((r) => r.getAttribute('id')));
  });

  it('keeps rows an afterAddRow that throws leaves behind as one undo step and one change set; the error reaches the caller', async () => {
    const s = await setup({
      afterAddRow: () => {
        throw new Error('app failed');
      },
    });
    const before = serializeXml(s.grid.getData()!);
    click(s, 0, 1);
    expect(() => s.grid.duplicateSelectedRows()).toThrowError('app failed');
    expect(WrsIndex.of(s.grid.getData()!).rows().map((r) => r.localName)).toEqual(['R', 'I', 'R', 'R']);
    expect(s.changes.length).toBe(1);
    s.fixture.detectChanges();
    expect(button(s, 'undo').disabled).toBeFalse();
    expect(() => s.grid.addRow()).toThrowError('app failed');
    expect(s.changes.length).toBe(2);
    expect(s.grid.undo()).toBeTrue();
    expect(s.grid.undo()).toBeTrue();
    expect(serializeXml(s.grid.getData()!)).toBe(before);
  });
});

describe('GridComponent undo and redo', () => {
  it('undoes a paste that added rows in a sorted view back to the exact Wrs, rows in their order', async () => {
    const names = ['Anna', 'Bert', 'Cleo', 'Dora', 'Emil'];
    const s = await setup({}, wrsText([{ id: 'name' }, { id: 'qty', type: 'INTEGER' }], names.map((n, i) => [n, String(i + 1)])));
    const before = serializeXml(s.grid.getData()!);
    s.grid.sortBy('name');
    s.grid.sortBy('name');
    expect(cell(s, 3, 0).textContent).toBe('Bert');
    click(s, 3, 1);
    s.grid.pasteTsv('11\n12\n13\n');
    expect(WrsIndex.of(s.grid.getData()!).rowCount).toBe(6);
    expect(s.grid.undo()).toBeTrue();
    expect(serializeXml(s.grid.getData()!)).toBe(before);
  });

  it('undoes edit, paste, add and delete back to the exact Wrs and redoes them', async () => {
    const s = await setup();
    const states = [serializeXml(s.grid.getData()!)];
    click(s, 0, 1);
    press(s, 'q');
    press(s, 'Enter');
    states.push(serializeXml(s.grid.getData()!));
    click(s, 1, 1);
    paste(s, 'P\t1\nQ\t2\nR\t3');
    states.push(serializeXml(s.grid.getData()!));
    button(s, 'add').click();
    states.push(serializeXml(s.grid.getData()!));
    click(s, 0, 0);
    press(s, 'ArrowDown', { shiftKey: true });
    button(s, 'delete').click();
    states.push(serializeXml(s.grid.getData()!));
    for (let i = states.length - 2; i >= 0; i--) {
      press(s, 'z', { ctrlKey: true });
      expect(serializeXml(s.grid.getData()!)).toBe(states[i]);
    }
    await s.fixture.whenStable();
    expect(button(s, 'undo').disabled).toBeTrue();
    press(s, 'y', { ctrlKey: true });
    expect(serializeXml(s.grid.getData()!)).toBe(states[1]);
    await s.fixture.whenStable();
    button(s, 'redo').click();
    expect(serializeXml(s.grid.getData()!)).toBe(states[2]);
    press(s, 'z', { ctrlKey: true, shiftKey: true });
    expect(serializeXml(s.grid.getData()!)).toBe(states[3]);
    expect(cell(s, 4, 1).parentElement!.classList).toContain('ui-grid-row-I');
  });
});

describe('GridComponent undo of cell writes in place', () => {
  afterEach(() => (WrsIndex.keptCellsMax = 400_000));

  // A paste over R rows records no copy of them: the undo restores the M rows, whose wrs:O hold the values they had.
  for (const kept of [400_000, 0]) {
    it(`undoes and redoes a paste over R rows and a later edit of one of them exactly (kept copies of R rows: ${kept})`, async () => {
      WrsIndex.keptCellsMax = kept;
      const s = await setup();
      const states = [serializeXml(s.grid.getData()!)];
      click(s, 0, 1);
      paste(s, 'P\t1\nQ\t2');
      expect(rowShapes(s.grid.getData()!).map((r) => r.split(' ')[0])).toEqual(['M', 'M', 'R']);
      states.push(serializeXml(s.grid.getData()!));
      click(s, 1, 1);
      press(s, 'q');
      press(s, 'Enter');
      states.push(serializeXml(s.grid.getData()!));
      expect(rowXml(s, 'R2')).toContain('<wrs:C>q</wrs:C><wrs:O>Bert</wrs:O>');
      for (let round = 0; round < 2; round++) {
        press(s, 'z', { ctrlKey: true });
        expect(serializeXml(s.grid.getData()!)).toBe(states[1]);
        press(s, 'z', { ctrlKey: true });
        expect(serializeXml(s.grid.getData()!)).toBe(states[0]);
        press(s, 'y', { ctrlKey: true });
        expect(serializeXml(s.grid.getData()!)).toBe(states[1]);
        press(s, 'y', { ctrlKey: true });
        expect(serializeXml(s.grid.getData()!)).toBe(states[2]);
      }
      expect(cell(s, 1, 1).textContent).toBe('q');
      expect(cell(s, 1, 1).classList).toContain('ui-grid-cell-modified');
      expect(cell(s, 0, 1).classList).toContain('ui-grid-cell-modified');
    });
  }

  it('undoes a paste over R, M and I rows: R rows in place, the others from their copies', async () => {
    const s = await setup();
    click(s, 1, 1);
    press(s, 'q');
    press(s, 'Enter');
    button(s, 'add').click();
    const before = serializeXml(s.grid.getData()!);
    click(s, 0, 1);
    paste(s, 'P\nQ\nR\nS');
    expect(rowShapes(s.grid.getData()!).map((r) => r.split(' ')[0])).toEqual(['M', 'M', 'M', 'I']);
    const pasted = serializeXml(s.grid.getData()!);
    press(s, 'z', { ctrlKey: true });
    expect(serializeXml(s.grid.getData()!)).toBe(before);
    press(s, 'y', { ctrlKey: true });
    expect(serializeXml(s.grid.getData()!)).toBe(pasted);
  });
});

describe('GridComponent undo of deletes', () => {
  it('undoes a delete of R, M and I rows (R rows restored in place, the others from their copies) and redoes it', async () => {
    const s = await setup();
    button(s, 'add').click();
    click(s, 1, 1);
    press(s, 'q');
    press(s, 'Enter');
    const before = serializeXml(s.grid.getData()!);
    click(s, 0, 0);
    press(s, 'ArrowDown', { shiftKey: true });
    press(s, 'ArrowDown', { shiftKey: true });
    press(s, 'ArrowDown', { shiftKey: true });
    button(s, 'delete').click();
    const deleted = serializeXml(s.grid.getData()!);
    expect(rowShapes(s.grid.getData()!).map((r) => r.split(' ')[0])).toEqual(['D', 'D', 'D']);
    press(s, 'z', { ctrlKey: true });
    expect(serializeXml(s.grid.getData()!)).toBe(before);
    press(s, 'y', { ctrlKey: true });
    expect(serializeXml(s.grid.getData()!)).toBe(deleted);
    press(s, 'z', { ctrlKey: true });
    expect(serializeXml(s.grid.getData()!)).toBe(before);
    press(s, 'y', { ctrlKey: true });
    expect(serializeXml(s.grid.getData()!)).toBe(deleted);
    press(s, 'z', { ctrlKey: true });
    expect(serializeXml(s.grid.getData()!)).toBe(before);
  });
});

describe('GridComponent validation', () => {
  it('shows an invalid value as it is, not rounded to the column scale', async () => {
    const s = await setup({}, wrsText([{ id: 'id' }, { id: 'amount', type: 'DECIMAL', scale: 2 }], [['1', '1.5'], ['2', '1.23456']]));
    expect(cell(s, 0, 1).textContent).toBe('1.50');
    expect(cell(s, 1, 1).getAttribute('aria-invalid')).toBe('true');
    expect(cell(s, 1, 1).textContent).toBe('1.23456');
  });

  it('a grid shown again on the same model counts its own result only: the destroyed grid takes its result along', async () => {
    const s = await setup();
    click(s, 0, 2);
    press(s, 'a');
    press(s, 'Enter');
    await s.fixture.whenStable();
    expect(button(s, 'jump-to-error').textContent).toContain('1 invalid cell');
    s.fixture.destroy();
    const again = TestBed.createComponent(GridComponent);
    again.componentRef.setInput('inputModel', s.model);
    document.body.appendChild(again.nativeElement);
    again.detectChanges();
    await until(() => !!(again.nativeElement as HTMLElement).querySelector('[data-action="jump-to-error"]'));
    again.detectChanges();
    const jump = () => (again.nativeElement as HTMLElement).querySelector('[data-action="jump-to-error"]');
    expect(jump()!.textContent).toContain('1 invalid cell');
    const results = s.model.getData()!.getElementsByTagNameNS(NS.wrs, 'ValidationResult')[0];
    expect(results.getElementsByTagNameNS(NS.wrs, 'Wrs').length).toBe(1);
    again.destroy();
  });

  it('marks invalid cells with the message, counts them and jumps to them', async () => {
    const s = await setup();
    click(s, 0, 2);
    press(s, 'a');
    press(s, 'Enter');
    expect(cell(s, 0, 2).classList).toContain('ui-grid-cell-invalid');
    expect(cell(s, 0, 2).title).toBe('QTY is not a whole number');
    expect(cell(s, 0, 2).getAttribute('aria-invalid')).toBe('true');
    expect(cell(s, 1, 2).hasAttribute('aria-invalid')).toBeFalse();
    await s.fixture.whenStable();
    expect(button(s, 'jump-to-error').textContent).toContain('1 invalid cell');
    click(s, 2, 0);
    s.grid.jumpToError();
    expect(cell(s, 0, 2).classList).toContain('ui-grid-cell-focus');
  });

  it('a row whose id an app writes keeps its errors under the new id (stored result and cells)', async () => {
    const s = await setup({}, wrsText([{ id: 'code', isKey: true }, { id: 'n', type: 'INTEGER' }], [['a', 'x'], ['a', '2']]));
    expect(s.grid.getErrorCount()).toBe(3);
    s.grid.write("/*/wrs:Data/*[@id='R1']/@id", 'Q1', true);
    s.fixture.detectChanges();
    expect(s.grid.getCellError('R1', 'n')).toBeNull();
    expect(s.grid.getCellError('Q1', 'n')).toBe('N is not a whole number');
    expect(s.grid.getCellError('Q1', 'code')).toBe('CODE is not unique (key)');
    expect(s.grid.getErrorCount()).toBe(3);
    const stored = s.grid.getData()!.getElementsByTagNameNS(NS.wrs, 'ValidationResult')[0];
    const rowIds = [...stored.getElementsByTagNameNS(NS.wrs, 'R')].map((r) => r.firstElementChild!.textContent);
    expect(rowIds.sort()).toEqual(['Q1', 'Q1', 'R2']);
  });

  it('checks isKey uniqueness, case-insensitively with ignoreKeyCase, and leaves deleted rows out', async () => {
    const data = wrsText([{ id: 'code', isKey: true }, { id: 'v' }], [['a', '1'], ['B', '2']]);
    const s = await setup({ ignoreKeyCase: true }, data);
    click(s, 1, 0);
    press(s, 'b');
    press(s, 'Enter');
    expect(s.grid.getErrorCount()).toBe(0);
    click(s, 1, 0);
    press(s, 'A');
    press(s, 'Enter');
    expect(s.grid.getErrorCount()).toBe(2);
    expect(s.grid.getCellError('R1', 'code')).toContain('not unique');
    click(s, 1, 0);
    button(s, 'delete').click();
    expect(s.grid.getErrorCount()).toBe(0);
    expect(cell(s, 0, 0).classList).not.toContain('ui-grid-cell-invalid');
  });

  it('stores the built-in validation as the model\'s wrs:ValidationResult and counts errors from it', async () => {
    const s = await setup();
    const result = () => s.grid.getData()!.getElementsByTagNameNS(NS.wrs, 'ValidationResult')[0];
    expect(result().getElementsByTagNameNS(NS.wrs, 'Wrs')[0].getAttribute('uiValidationId')).toBeTruthy();
    expect(result().getElementsByTagNameNS(NS.wrs, 'R').length).toBe(0);
    click(s, 1, 4);
    press(s, 'Delete');
    click(s, 0, 1);
    press(s, 'Delete');
    expect(s.grid.getErrorCount()).toBe(1);
    expect([...result().getElementsByTagNameNS(NS.wrs, 'C')].map((c) => c.textContent).slice(-3)).toEqual(['R1', 'name', 'ui_ValidationError_NotNull']);
    expect(cell(s, 0, 1).title).toBe('NAME needs a value');
    press(s, 'z', { ctrlKey: true });
    expect(s.grid.getErrorCount()).toBe(0);
  });

  it('runs a JS validationChain with validationParameters on every change set; save waits for it and refuses', async () => {
    const runs: string[] = [];
    const chain = (doc: Document, params: Record<string, unknown>) => {
      const bad = WrsIndex.of(doc).rows().filter((r) => r.localName !== 'D' && Number(r.getElementsByTagNameNS(NS.wrs, 'C')[2].textContent) > Number(params['max']));
      runs.push(bad.map((r) => r.getAttribute('id')).join());
      const rows = bad.map((r, i) => `<wrs:R id="${i + 1}"><wrs:C>${r.getAttribute('id')}</wrs:C><wrs:C>qty</wrs:C><wrs:C>more than ${params['max']}</wrs:C></wrs:R>`);
      return `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="RowId"/><wrs:C pos="2" id="ColId"/><wrs:C pos="3" id="Error"/></wrs:Columns></wrs:Header><wrs:Data>${rows.join('')}</wrs:Data></wrs:Wrs>`;
    };
    const customSave = jasmine.createSpy('customSave');
    const s = await setup({ validationChain: chain, validationParameters: { max: 4 }, customSave });
    await until(() => s.grid.getErrorCount() === 2);
    expect(runs).toEqual(['R2,R3']);
    expect(cell(s, 1, 2).title).toBe('more than 4');
    click(s, 2, 2);
    press(s, '1');
    press(s, 'Enter');
    await s.grid.save();
    expect(runs).toEqual(['R2,R3', 'R2']);
    expect(customSave).not.toHaveBeenCalled();
    expect(s.grid.getErrorCount()).toBe(1);
    expect(cell(s, 2, 2).classList).not.toContain('ui-grid-cell-invalid');
    expect(cell(s, 1, 2).classList).toContain('ui-grid-cell-invalid');
  });

  it('runs an XSLT validationChain given as text, its parameter from validationParameters', async () => {
    const xslt = `<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:wrs="${NS.wrs}"><xsl:param name="max"/><xsl:template match="/"><wrs:ValidationResult><wrs:Wrs><wrs:Header><wrs:Columns><wrs:C pos="1" id="RowId"/><wrs:C pos="2" id="ColId"/><wrs:C pos="3" id="Error"/></wrs:Columns></wrs:Header><wrs:Data><xsl:for-each select="/*/wrs:Data/*[not(self::wrs:D)][number(wrs:C[3]) gt number($max)]"><wrs:R id="{position()}"><wrs:C><xsl:value-of select="@id"/></wrs:C><wrs:C>qty</wrs:C><wrs:C>over <xsl:value-of select="$max"/></wrs:C></wrs:R></xsl:for-each></wrs:Data></wrs:Wrs></wrs:ValidationResult></xsl:template></xsl:stylesheet>`;
    const s = await setup({ validationChain: xslt, validationParameters: { max: 6 } });
    await until(() => s.grid.getErrorCount() === 1, 10000);
    expect(s.grid.getCellError('R3', 'qty')).toBe('over 6');
    click(s, 0, 2);
    press(s, '9');
    press(s, 'Enter');
    await until(() => s.grid.getErrorCount() === 2, 10000);
    expect(cell(s, 0, 2).title).toBe('over 6');
  });
});

describe('GridComponent save and reset', () => {
  it('refuses to save with invalid cells and keeps every change', async () => {
    const customSave = jasmine.createSpy('customSave');
    const s = await setup({ customSave });
    click(s, 0, 2);
    press(s, 'x');
    press(s, 'Enter');
    const before = serializeXml(s.grid.getData()!);
    await s.grid.save();
    expect(customSave).not.toHaveBeenCalled();
    expect(serializeXml(s.grid.getData()!)).toBe(before);
    await s.fixture.whenStable();
    expect(s.el.querySelector('[data-test="message"]')!.textContent).toContain('1 invalid cell');
  });

  it('saves through customSave with only I, M and D rows, then reaches SavedStatus with the server state and no undo', async () => {
    let sent = '';
    const s = await setup({ customSave: ({ wrs }: { wrs: Document }) => void (sent = serializeXml(wrs)) });
    click(s, 0, 1);
    press(s, 'k');
    press(s, 'Enter');
    click(s, 1, 1);
    button(s, 'delete').click();
    button(s, 'add').click();
    click(s, 3, 0);
    press(s, '9');
    press(s, 'Tab');
    press(s, 'N');
    press(s, 'Enter');
    button(s, 'save').click();
    await firstValueFrom(s.grid.status$.pipe(filter((x) => x instanceof SavedStatus)));
    const payload = parseXml(sent);
    expect(WrsIndex.of(payload).rows().map((r) => `${r.localName}:${r.getAttribute('id')}`)).toEqual(['M:R1', 'D:R2', jasmine.stringMatching(/^I:/) as unknown as string]);
    expect(WrsIndex.of(s.grid.getData()!).rows().map((r) => r.localName)).toEqual(['R', 'R', 'R']);
    expect(s.grid.getData()!.getElementsByTagNameNS(NS.wrs, 'O').length).toBe(0);
    expect(button(s, 'undo').disabled).toBeTrue();
    expect(s.statuses.slice(-1)).toEqual(['SavedStatus']);
    s.fixture.detectChanges();
    expect(s.el.querySelector('[data-test="message"]')!.textContent).toBe('Saved 3 changed rows');
  });

  it('says in the status line what a save sent: one row, or nothing to save', async () => {
    const s = await setup({ customSave: () => undefined });
    click(s, 0, 1);
    press(s, 'k');
    press(s, 'Enter');
    button(s, 'save').click();
    await firstValueFrom(s.grid.status$.pipe(filter((x) => x instanceof SavedStatus)));
    s.fixture.detectChanges();
    expect(s.el.querySelector('[data-test="message"]')!.textContent).toBe('Saved 1 changed row');
    TestBed.resetTestingModule();
    const idle = await setup();
    await idle.grid.save();
    idle.fixture.detectChanges();
    expect(idle.el.querySelector('[data-test="message"]')!.textContent).toBe('Nothing to save');
    TestBed.resetTestingModule();
    const custom = await setup({ customSave: () => undefined });
    await custom.grid.save();
    custom.fixture.detectChanges();
    expect(custom.el.querySelector('[data-test="message"]')!.textContent).withContext('a customSave handed no row').toBe('Nothing to save');
    TestBed.resetTestingModule();
    const cut = await setup({ customSave: () => undefined }, ORDERS().replace(/<\/wrs:Data><\/wrs:Wrs>$/, '</wrs:Data><wrs:Footer><wrs:MaxRowsExceeded maxRows="3">true</wrs:MaxRowsExceeded></wrs:Footer></wrs:Wrs>'));
    click(cut, 0, 1);
    press(cut, 'k');
    press(cut, 'Enter');
    await cut.grid.save();
    cut.fixture.detectChanges();
    expect(cut.el.querySelector('[data-test="message"]')!.textContent).toBe('Saved 1 changed row. Only the first 3 rows are shown');
    // The next edit ends the note about the save; the data's own note stays.
    click(cut, 1, 1);
    press(cut, 'j');
    press(cut, 'Enter');
    cut.fixture.detectChanges();
    expect(cut.el.querySelector('[data-test="message"]')!.textContent).toBe('Only the first 3 rows are shown');
  });

  it('on a failing save reaches SaveFailedStatus, shows the reason, keeps every pending change and can retry', async () => {
    let fail = true;
    const s = await setup({
      customSave: async () => {
        if (fail) throw new Error('409 conflict on R1');
      },
    });
    click(s, 0, 1);
    press(s, 'k');
    press(s, 'Enter');
    const pending = serializeXml(s.grid.getData()!);
    await s.grid.save();
    expect(s.grid.getStatus()).toBeInstanceOf(SaveFailedStatus);
    expect(s.grid.getFailureReason()).toBe('409 conflict on R1');
    await s.fixture.whenStable();
    expect(s.el.querySelector('[data-test="message"]')!.textContent).toContain('409 conflict on R1');
    expect(serializeXml(s.grid.getData()!)).toBe(pending);
    expect(button(s, 'undo').disabled).toBeFalse();
    fail = false;
    await s.grid.save();
    expect(s.grid.getStatus()).toBeInstanceOf(SavedStatus);
    expect(rowXml(s, 'R1')).toContain('<wrs:R id="R1">');
  });

  it('waits for a WrsUtil save of the grid that is still running, then sends only what is still changed', async () => {
    const shape = (wrs: Document | string) => WrsIndex.of(typeof wrs === 'string' ? parseXml(wrs) : wrs).rows().map((r) => `${r.localName}:${r.getAttribute('id')}`);
    const sent: string[][] = [];
    const s = await setup({ customSave: ({ wrs }: { wrs: Document }) => void sent.push(shape(wrs)) });
    const posted: string[][] = [];
    let release = () => {};
    const backend: WrsBackend = {
      load: async () => Promise.reject(new Error('not used')),
      save: async (wrs) => {
        posted.push(shape(wrs));
        await new Promise<void>((resolve) => (release = resolve));
      },
      nextIdentifier: async () => 1,
    };
    const util = new WrsUtil({ registry: new DataProviderRegistry(), backend });
    util.setCellValue(s.grid, 'R1', 'name', 'Anya');
    const first = util.saveModel({ model: s.grid });
    util.setCellValue(s.grid, 'R2', 'name', 'Bo');
    const second = s.grid.save();
    await until(() => posted.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).withContext('the grid waits for the running save').toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(posted).toEqual([['M:R1']]);
    expect(sent).toEqual([['M:R2']]);
    expect(WrsIndex.of(s.grid.getData()!).rows().map((r) => r.localName)).toEqual(['R', 'R', 'R']);
    expect(s.grid.getStatus()).toBeInstanceOf(SavedStatus);
  });

  it('names the server\'s reason and status once after "Save failed" for an answer of the server', async () => {
    const s = await setup({ customSave: async () => Promise.reject(httpFailure('save', '/WrsServlet', 400, 'Bad Request', 'no binding set')) });
    click(s, 0, 1);
    press(s, 'k');
    press(s, 'Enter');
    await s.grid.save();
    await s.fixture.whenStable();
    expect(s.el.querySelector('[data-test="message"]')!.textContent).toBe('Save failed: the server refused the changes: no binding set (HTTP 400)');
    expect(s.grid.getFailureReason()).toBe('Save failed: HTTP 400 Bad Request from /WrsServlet: no binding set');
  });

  it('marks the rows a refused save names, says where they are, focuses the first, and unmarks them on the next save', async () => {
    let answer: Error | null = httpFailure('save', '/WrsServlet', 409, 'Conflict', '<Error><Message>2 row(s) changed on the server</Message><Row id="R3"/><Row id="R2"/><Row id="gone"/></Error>');
    const s = await setup({ customSave: async () => { if (answer) throw answer; } });
    for (const row of [1, 2]) {
      click(s, row, 1);
      press(s, 'k');
      press(s, 'Enter');
    }
    click(s, 0, 3);
    await s.grid.save();
    await s.fixture.whenStable();
    expect(s.grid.getStatus()).toBeInstanceOf(SaveFailedStatus);
    expect(s.el.querySelector('[data-test="message"]')!.textContent).toBe('Save failed: conflict with the data on the server at rows 2, 3: 2 row(s) changed on the server (HTTP 409)');
    const rowOf = (row: number) => cell(s, row, 0).parentElement as HTMLElement;
    expect([0, 1, 2].map((r) => rowOf(r).classList.contains('ui-grid-row-failed'))).toEqual([false, true, true]);
    expect(rowOf(1).getAttribute('aria-description')).toBe('Modified row. Not saved: the server refused this row');
    expect(rowOf(0).hasAttribute('aria-description')).toBeFalse();
    expect(cell(s, 1, 3).classList).withContext('the focus moves to the first refused row, in its column').toContain('ui-grid-cell-focus');
    expect(rowXml(s, 'R2')).toContain('<wrs:O>Bert</wrs:O>');

    answer = httpFailure('save', '/WrsServlet', 409, 'Conflict', '<Error><Message>duplicate key</Message><Row id="R3"/></Error>');
    await s.grid.save();
    await s.fixture.whenStable();
    expect(s.el.querySelector('[data-test="message"]')!.textContent).toBe('Save failed: conflict with the data on the server at row 3: duplicate key (HTTP 409)');
    expect([0, 1, 2].map((r) => rowOf(r).classList.contains('ui-grid-row-failed'))).toEqual([false, false, true]);

    answer = null;
    await s.grid.save();
    await s.fixture.whenStable();
    expect(s.grid.getStatus()).toBeInstanceOf(SavedStatus);
    expect(s.el.querySelectorAll('.ui-grid-row-failed').length).toBe(0);
  });

  it('counts refused rows on other pages (or hidden by a filter) without listing them', async () => {
    const s = await setup({ paginationSize: 2, customSave: async () => Promise.reject(httpFailure('save', '/WrsServlet', 409, 'Conflict', '<Error><Message>changed</Message><Row id="R1"/><Row id="R3"/></Error>')) });
    click(s, 0, 1);
    press(s, 'k');
    press(s, 'Enter');
    await s.grid.save();
    await s.fixture.whenStable();
    expect(s.el.querySelector('[data-test="message"]')!.textContent).toBe('Save failed: conflict with the data on the server at row 1, 1 not shown: changed (HTTP 409)');
    expect((cell(s, 0, 0).parentElement as HTMLElement).classList).toContain('ui-grid-row-failed');
  });

  it('actionReset drops all changes', async () => {
    const s = await setup();
    const original = serializeXml(s.grid.getData()!);
    click(s, 0, 1);
    press(s, 'k');
    press(s, 'Enter');
    button(s, 'add').click();
    click(s, 1, 0);
    button(s, 'delete').click();
    await s.grid.actionReset();
    expect(serializeXml(s.grid.getData()!).replace(/<wrs:TransactionsNumber>\d+<\/wrs:TransactionsNumber>/, '')).toBe(original);
    expect(cell(s, 0, 1).textContent).toBe('Anna');
  });

  it('the Reset button asks before dropping pending changes: Keep (focused, or Escape) keeps them, Discard drops them', async () => {
    const s = await setup();
    const original = serializeXml(s.grid.getData()!);
    const settle = () => settled(s);
    click(s, 0, 1);
    press(s, 'k');
    press(s, 'Enter');
    button(s, 'add').click();
    await settle();
    const changed = serializeXml(s.grid.getData()!);
    button(s, 'reset').click();
    await settle();
    expect(s.el.querySelector('.ui-grid-reset-text')!.textContent).toBe('Discard the changes in 2 rows?');
    expect(document.activeElement).toBe(button(s, 'reset-keep'));
    button(s, 'reset-keep').click();
    await settle();
    expect(serializeXml(s.grid.getData()!)).toBe(changed);
    expect(button(s, 'reset-keep')).toBeNull();
    expect(document.activeElement).toBe(button(s, 'reset'));
    button(s, 'reset').click();
    await settle();
    button(s, 'reset-keep').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    await settle();
    expect(serializeXml(s.grid.getData()!)).toBe(changed);
    expect(s.el.querySelector('.ui-grid-reset-question')).toBeNull();
    // A change set while it asks (here an app's own write): the count follows, the focus stays on Keep.
    button(s, 'reset').click();
    await settle();
    new WrsUtil().setCellValue(s.grid, 'R3', 'name', 'Zed');
    s.grid.fire();
    await settle();
    expect(s.el.querySelector('.ui-grid-reset-text')!.textContent).toBe('Discard the changes in 3 rows?');
    expect(document.activeElement).toBe(button(s, 'reset-keep'));
    button(s, 'reset-discard').click();
    await settle();
    expect(serializeXml(s.grid.getData()!).replace(/<wrs:TransactionsNumber>\d+<\/wrs:TransactionsNumber>/, '')).toBe(original);
    expect(cell(s, 0, 1).textContent).toBe('Anna');
    // Nothing pending: no question.
    button(s, 'reset').click();
    await settle();
    expect(s.el.querySelector('.ui-grid-reset-question')).toBeNull();
  });

  it('the Reset question goes when its changes are gone or a save starts, and the focus goes back to the toolbar or the grid', async () => {
    let release = () => {};
    const s = await setup({ customSave: () => new Promise<void>((resolve) => (release = resolve)) });
    const settle = () => settled(s);
    click(s, 0, 1);
    press(s, 'k');
    press(s, 'Enter');
    await settle();
    button(s, 'reset').click();
    await settle();
    expect(document.activeElement).toBe(button(s, 'reset-keep'));
    // Undone from outside the question: nothing left to discard.
    s.grid.undo();
    await settle();
    expect(s.el.querySelector('.ui-grid-reset-question')).toBeNull();
    expect(document.activeElement).toBe(button(s, 'reset'));
    // A save starting takes it away: discarding then would undo in the grid what the server is saving.
    s.grid.redo();
    await settle();
    button(s, 'reset').click();
    await settle();
    expect(document.activeElement).toBe(button(s, 'reset-keep'));
    const saved = firstValueFrom(s.grid.status$.pipe(filter((x) => x instanceof SavedStatus)));
    void s.grid.save();
    await settle();
    expect(s.el.querySelector('.ui-grid-reset-question')).toBeNull();
    // The Reset button is disabled while the save runs: the focus goes to the grid, not to the page.
    expect(document.activeElement).toBe(body(s));
    release();
    await saved;
    await settle();
    expect(rowXml(s, 'R1')).toContain('<wrs:C>k</wrs:C>');
    expect(rowXml(s, 'R1')).toMatch(/^<wrs:R /);
  });

  function configured() {
    return new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>orders</wrq:BindingSet><grid:SelectColumns>${['id', 'name', 'qty', 'price', 'country'].map((c) => `<grid:C bRef="${c}"/>`).join('')}</grid:SelectColumns></grid:GridConfiguration>`,
    });
  }

  it('keeps an edit made while a save to the backend runs: no reload drops it, it stays a change against what was saved', async () => {
    let release = () => {};
    const saves: string[] = [];
    const backend: WrsBackend = {
      load: async () => parseXml(ORDERS()),
      save: async (wrs) => {
        saves.push(typeof wrs === 'string' ? wrs : serializeXml(wrs));
        await new Promise<void>((resolve) => (release = resolve));
      },
      nextIdentifier: async () => 1,
    };
    const s = await setup({ config: configured() }, undefined, backend);
    click(s, 0, 1);
    press(s, 'k');
    press(s, 'Enter');
    const saving = s.grid.save();
    await until(() => saves.length === 1);
    click(s, 2, 2);
    press(s, '4');
    press(s, 'Enter');
    release();
    await saving;
    expect(s.grid.getStatus()).toBeInstanceOf(SavedStatus);
    expect(rowXml(s, 'R1')).toBe('<wrs:R id="R1"><wrs:C>1</wrs:C><wrs:C>k</wrs:C><wrs:C>3</wrs:C><wrs:C>1.5</wrs:C><wrs:C>DE</wrs:C></wrs:R>');
    expect(rowXml(s, 'R3')).toContain('<wrs:C>4</wrs:C><wrs:O>7</wrs:O>');
  });

  it('after a save that went through, a failed reload leaves the saved document and says so; nothing is sent twice', async () => {
    let loads = 0;
    const saves: string[] = [];
    const backend: WrsBackend = {
      load: async () => {
        if (++loads > 1) throw new Error('503 reload refused');
        return parseXml(ORDERS());
      },
      save: async (wrs) => void saves.push(typeof wrs === 'string' ? wrs : serializeXml(wrs)),
      nextIdentifier: async () => 1,
    };
    const s = await setup({ config: configured() }, undefined, backend);
    click(s, 0, 1);
    press(s, 'k');
    press(s, 'Enter');
    await s.grid.save();
    expect(s.grid.getStatus()).toBeInstanceOf(SavedStatus);
    expect(rowXml(s, 'R1')).toContain('<wrs:R id="R1">');
    await s.fixture.whenStable();
    expect(s.el.querySelector('[data-test="message"]')!.textContent).toContain('503 reload refused');
    await s.grid.save();
    expect(saves.length).withContext('nothing left to send: no second post').toBe(1);
  });

  it('loads from config through the backend (statusModel filter, requestPostChain, modelUrl, loadChain) and reloads after save', async () => {
    const loads: { request: string; url?: string }[] = [];
    const saves: { wrs: string; url?: string }[] = [];
    let serverData = ORDERS();
    const backend: WrsBackend = {
      load: async (request, options) => {
        loads.push({ request: typeof request === 'string' ? request : serializeXml(request), url: options?.url });
        return parseXml(serverData);
      },
      save: async (wrs, options) => {
        saves.push({ wrs: typeof wrs === 'string' ? wrs : serializeXml(wrs), url: options?.url });
        serverData = serverData.replace('Anna', 'Anka');
      },
      nextIdentifier: async () => 1,
    };
    const config = new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>orders</wrq:BindingSet><grid:SelectColumns><grid:C bRef="id"/><grid:C bRef="name"/></grid:SelectColumns></grid:GridConfiguration>`,
    });
    const statusModel = new StaticModel({ data: `<s:Status xmlns:s="urn:s" xmlns:f="${NS.f}"><f:Filter><f:Expression bRef="qty" op="&gt;" value="0"/></f:Filter></s:Status>` });
    await statusModel.fetchData();
    const s = await setup({
      config,
      statusModel,
      modelUrl: '/api/orders',
      requestPostChain: (doc: Document) => {
        doc.documentElement!.setAttribute('tag', 'posted');
        return doc;
      },
      loadChain: (doc: Document, p: Record<string, unknown>) => {
        WrsIndex.of(doc).rowAt(1)!.getElementsByTagNameNS(NS.wrs, 'C')[1].textContent += String(p['suffix']);
        return doc;
      },
      loadParameters: { suffix: '!' },
    }, undefined, backend);
    expect(loads.length).toBe(1);
    expect(loads[0].url).toBe('/api/orders');
    expect(loads[0].request).toContain('orders</wrq:BindingSet>');
    expect(loads[0].request).toContain('bRef="qty"');
    expect(loads[0].request).toContain('tag="posted"');
    expect(cell(s, 0, 1).textContent).toBe('Anna!');
    click(s, 1, 1);
    press(s, 'b');
    press(s, 'Enter');
    await s.grid.save();
    expect(saves.length).toBe(1);
    expect(saves[0].url).toBe('/api/orders');
    expect(WrsIndex.of(parseXml(saves[0].wrs)).rows().map((r) => r.getAttribute('id'))).toEqual(['R2']);
    expect(loads.length).toBe(2);
    expect(cell(s, 0, 1).textContent).toBe('Anka!');
    expect(s.grid.getStatus()).toBeInstanceOf(SavedStatus);
  });
  it('takes modelUrl as a DataProvider holding the url, read each time a request is sent', async () => {
    const urls: string[] = [];
    const backend: WrsBackend = {
      load: async (_request, options) => (urls.push(`load ${options?.url}`), parseXml(ORDERS())),
      save: async (_wrs, options) => void urls.push(`save ${options?.url}`),
      nextIdentifier: async () => 1,
    };
    const config = new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>orders</wrq:BindingSet><grid:SelectColumns><grid:C bRef="id"/><grid:C bRef="name"/></grid:SelectColumns></grid:GridConfiguration>`,
    });
    const modelUrl = new StaticModel({ data: '<Url>/api/orders</Url>' });
    const s = await setup({ config, modelUrl }, undefined, backend);
    expect(s.grid.getStatus().name).toBe('TransformedStatus');
    modelUrl.write('/Url', '/api/orders-v2', true);
    s.grid.write('/*/wrs:Data/wrs:R[@id="R2"]/wrs:C[2]', 'Berta', true);
    await s.grid.save();
    expect(urls).toEqual(['load /api/orders', 'save /api/orders-v2', 'load /api/orders-v2']);
  });
});

describe('GridComponent chains', () => {
  it('runs a loadChain once per load: a load parameter provider changing later, or after the grid is gone, runs nothing', async () => {
    const param = new StaticModel({ data: '<p v="1"/>' });
    await param.fetchData();
    let runs = 0;
    const s = await setup({ loadChain: (doc: Document) => (runs++, doc), loadParameters: { param } });
    expect(runs).toBe(1);
    param.write('/p/@v', '2', true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).withContext('a parameter change is no load').toBe(1);
    s.fixture.destroy();
    param.write('/p/@v', '3', true);
    await param.execute(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).withContext('after the grid was destroyed').toBe(1);
  });

  it('shows the tooltipChain result of the latest hover: a slower result of an earlier hover is not rendered', async () => {
    const step = async (_doc: Document, p: Record<string, unknown>) => {
      await new Promise((resolve) => setTimeout(resolve, p['rowId'] === 'R1' ? 1000 : 10));
      return parseXml(`<div xmlns="http://www.w3.org/1999/xhtml"><b>${p['rowId']}</b></div>`);
    };
    const s = await setup({ tooltipChain: step });
    cell(s, 0, 1).dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    cell(s, 2, 1).dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const tip = document.querySelector<HTMLElement>('.ui-grid-tooltip')!;
    expect(tip.hidden).toBeFalse();
    expect(tip.textContent).toBe('R3');
    expect(cell(s, 2, 1).getAttribute('aria-describedby')).toBe(tip.id);
  });

  it('writes nothing into a tooltip hidden while its chain runs', async () => {
    const step = async (_doc: Document, p: Record<string, unknown>) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      return parseXml(`<div xmlns="http://www.w3.org/1999/xhtml"><b>${p['rowId']}</b></div>`);
    };
    const s = await setup({ tooltipChain: step });
    const unhandled: unknown[] = [];
    const onUnhandled = (e: PromiseRejectionEvent) => {
      unhandled.push(e.reason);
      e.preventDefault();
    };
    window.addEventListener('unhandledrejection', onUnhandled);
    cell(s, 0, 1).dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 450));
    s.el.querySelector('.ui-grid-canvas')!.dispatchEvent(new MouseEvent('mouseleave'));
    await new Promise((resolve) => setTimeout(resolve, 700));
    window.removeEventListener('unhandledrejection', onUnhandled);
    const tip = document.querySelector<HTMLElement>('.ui-grid-tooltip')!;
    expect(tip.hidden).toBeTrue();
    expect(tip.textContent).toBe('');
    expect(unhandled).withContext('the disposed run raises nothing').toEqual([]);
  });

  it('shows no tooltip for a failing tooltipChain and tells the console why (no unhandled rejection)', async () => {
    const s = await setup({ tooltipChain: () => { throw new Error('no tip today'); } });
    const unhandled: unknown[] = [];
    const onUnhandled = (e: PromiseRejectionEvent) => {
      unhandled.push(e.reason);
      e.preventDefault();
    };
    window.addEventListener('unhandledrejection', onUnhandled);
    const logged = spyOn(console, 'error');
    cell(s, 0, 1).dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    await until(() => logged.calls.count() > 0, 10_000);
    // A rejection nobody handled would be reported on a later task.
    await new Promise((resolve) => setTimeout(resolve, 50));
    window.removeEventListener('unhandledrejection', onUnhandled);
    expect(document.querySelector<HTMLElement>('.ui-grid-tooltip')!.hidden).toBeTrue();
    expect(unhandled).toEqual([]);
    expect(logged).toHaveBeenCalledWith('ui-grid: the tooltipChain failed:', jasmine.stringContaining('no tip today'));
  });

  it('runs a tooltipChain once per hover: grid changes later run no tooltip chain and leave the tooltip shown as it is', async () => {
    const runs: string[] = [];
    const step = (_doc: Document, p: Record<string, unknown>) => {
      runs.push(String(p['rowId']));
      return parseXml(`<div xmlns="http://www.w3.org/1999/xhtml"><b>${p['rowId']}</b></div>`);
    };
    const s = await setup({ tooltipChain: step });
    const tip = document.querySelector<HTMLElement>('.ui-grid-tooltip')!;
    for (const row of [0, 1, 2]) {
      cell(s, row, 1).dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      await until(() => runs.length === row + 1 && !tip.hidden, 10_000);
    }
    expect(runs).toEqual(['R1', 'R2', 'R3']);
    s.grid.write("/*/wrs:Data/*[@id='R1']/wrs:C[2]", 'Anka', true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toEqual(['R1', 'R2', 'R3']);
    expect(document.querySelector<HTMLElement>('.ui-grid-tooltip')!.textContent).toBe('R3');
  });

  it('renders HTML output of a contextMenu chain as chains render it: an empty element does not swallow what follows', async () => {
    const menuStep = () => parseXml('<div><span class="icon"/>Rows<ul><li>first</li></ul></div>');
    const s = await setup({ contextMenu: menuStep as unknown as string });
    await s.grid.openContextMenu();
    const menu = document.querySelector('.ui-grid-context-menu')!;
    expect(menu.querySelector('span.icon')!.childNodes.length).toBe(0);
    expect(menu.querySelector('span ul')).toBeNull();
    expect(menu.querySelector('div > ul > li')!.textContent).toBe('first');
    s.grid.closeContextMenu();
  });

  it('runs a contextMenu chain once per opening: grid changes later do not run it again', async () => {
    let runs = 0;
    const menuStep = () => (runs++, parseXml('<div xmlns="http://www.w3.org/1999/xhtml"><button data-action="copy">Copy</button></div>'));
    const s = await setup({ contextMenu: menuStep as unknown as string });
    await s.grid.openContextMenu();
    expect(document.querySelector('.ui-grid-context-menu')).not.toBeNull();
    s.grid.closeContextMenu();
    s.grid.write("/*/wrs:Data/*[@id='R1']/wrs:C[2]", 'Anka', true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toBe(1);
  });

  it('opens only the latest of two context menus asked for while a slow menu chain runs', async () => {
    let calls = 0;
    const menuStep = async () => {
      const call = ++calls;
      await new Promise((resolve) => setTimeout(resolve, call === 1 ? 300 : 10));
      return parseXml(`<div xmlns="http://www.w3.org/1999/xhtml"><button data-action="copy">Menu ${call}</button></div>`);
    };
    const s = await setup({ contextMenu: menuStep as unknown as string });
    const first = s.grid.openContextMenu();
    const second = s.grid.openContextMenu();
    await Promise.all([first, second]);
    const menus = [...document.querySelectorAll('.ui-grid-context-menu')];
    expect(menus.map((m) => m.textContent?.trim())).toEqual(['Menu 2']);
    s.grid.closeContextMenu();
  });
});

describe('GridComponent deep key check', () => {
  const table = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
  function server(loads: string[], saves: string[]): WrsBackend {
    return {
      load: async (request) => {
        const text = typeof request === 'string' ? request : serializeXml(request);
        loads.push(text);
        const doc = typeof request === 'string' ? parseXml(request) : request;
        if (doc.getElementsByTagNameNS(NS.f, 'Or').length === 0) {
          return parseXml(wrsText([{ id: 'id', isKey: true }, { id: 'name' }], table.slice(0, 3).map((id) => [id, `n${id}`])).replace('</wrs:Data>', '</wrs:Data><wrs:Footer><wrs:MaxRowsExceeded maxRows="3">true</wrs:MaxRowsExceeded></wrs:Footer>'));
        }
        const wanted = [...doc.getElementsByTagNameNS(NS.f, 'Expression')].map((e) => e.getAttribute('value'));
        return parseXml(wrsText([{ id: 'id' }], table.filter((id) => wanted.includes(id)).map((id) => [id])));
      },
      save: async (wrs) => void saves.push(typeof wrs === 'string' ? wrs : serializeXml(wrs)),
      nextIdentifier: async () => 1,
    };
  }
  const config = () =>
    new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>t</wrq:BindingSet><grid:SelectColumns><grid:C bRef="id"/><grid:C bRef="name"/></grid:SelectColumns></grid:GridConfiguration>`,
    });

  it('asks the server for the keys of new and re-keyed rows when the grid shows a subset, and refuses keys held outside it', async () => {
    const loads: string[] = [];
    const saves: string[] = [];
    const s = await setup({ config: config() }, undefined, server(loads, saves));
    button(s, 'add').click();
    click(s, 3, 0);
    press(s, '9');
    press(s, 'Enter');
    click(s, 0, 0);
    press(s, '2');
    type(s, '20');
    press(s, 'Enter');
    await s.grid.save();
    expect(saves.length).toBe(0);
    expect(loads.length).toBe(2);
    const keyRequest = parseXml(loads[1]);
    expect([...keyRequest.getElementsByTagNameNS(NS.wrq, 'C')].map((c) => c.getAttribute('bRef'))).toEqual(['id']);
    expect([...keyRequest.getElementsByTagNameNS(NS.f, 'Expression')].map((e) => e.getAttribute('value')).sort()).toEqual(['20', '9']);
    expect(s.grid.getErrorCount()).toBe(1);
    expect(cell(s, 3, 0).classList).toContain('ui-grid-cell-invalid');
    expect(cell(s, 3, 0).title).toBe('ID exists on the server already (key)');
    await s.fixture.whenStable();
    expect(s.el.querySelector('[data-test="message"]')!.textContent).toContain('1 invalid cell');
    click(s, 3, 0);
    press(s, '1');
    type(s, '10');
    press(s, 'Enter');
    expect(s.grid.getErrorCount()).toBe(0);
    await s.grid.save();
    expect(saves.length).toBe(1);
    expect(s.grid.getStatus()).toBeInstanceOf(SavedStatus);
  });

  it('skips the server request with disableDeepKeyCheck, and when the whole table is loaded', async () => {
    const loads: string[] = [];
    const saves: string[] = [];
    const s = await setup({ config: config(), disableDeepKeyCheck: true }, undefined, server(loads, saves));
    button(s, 'add').click();
    click(s, 3, 0);
    press(s, '9');
    press(s, 'Enter');
    await s.grid.save();
    expect(loads.filter((l) => l.includes('f:Or')).length).toBe(0);
    expect(saves.length).toBe(1);
    TestBed.resetTestingModule();
    const local = await setup({}, wrsText([{ id: 'id', isKey: true }], [['1'], ['2']]));
    button(local, 'add').click();
    click(local, 2, 0);
    press(local, '1');
    press(local, 'Enter');
    expect(local.grid.getCellError('R1', 'id')).toBe('ID is not unique (key)');
  });
});

describe('GridComponent as a DataProvider', () => {
  it('registers under its id, reports its statuses in order, and answers the provider API on its Wrs', async () => {
    const registry = new DataProviderRegistry();
    TestBed.configureTestingModule({ providers: [provideZonelessChangeDetection(), { provide: DataProviderRegistry, useValue: registry }] });
    const fixture = TestBed.createComponent(GridComponent);
    const statuses: string[] = [];
    fixture.componentInstance.status$.subscribe((st) => statuses.push(st.name));
    fixture.componentRef.setInput('id', 'ordersGrid');
    fixture.componentRef.setInput('inputModel', new StaticModel({ data: ORDERS() }));
    fixture.detectChanges();
    const grid = (await (registry.get('ordersGrid') as DataProvider).fetchData()) as GridComponent;
    expect(grid).toBe(fixture.componentInstance);
    // Its name is its id: a chain it is added to without a name sees it as "ordersGrid" (a validation parameter too).
    expect(grid.getName()).toBe('ordersGrid');
    expect(statuses).toEqual(['InitializedStatus', 'LoadingStatus', 'TransformedStatus']);
    expect(grid.read('/*/wrs:Data/wrs:R[@id="R2"]/wrs:C[2]')).toBe('Bert');
    expect(grid.getConfigModel()).toBeNull();
    const enhanced = grid.getEnhancedConfiguration().getData()!;
    const qty = [...enhanced.getElementsByTagNameNS(NS.grid, 'C')].find((c) => c.getAttribute('bRef') === 'qty')!;
    expect(qty.getAttribute('type-name')).toBe('INTEGER');
    expect(qty.getAttribute('nullable')).toBe('0');
    const country = [...enhanced.getElementsByTagNameNS(NS.grid, 'C')].find((c) => c.getAttribute('bRef') === 'country')!;
    expect(country.getElementsByTagNameNS(NS.wrs, 'References').length).toBe(1);
    expect(() => grid.jumpToRow({ rowId: 'nope' })).toThrowMatching((e) => e.code === 'UNKNOWN_ROW');
  });

  it('repaints after a write through the provider API', async () => {
    const s = await setup();
    s.grid.write('/*/wrs:Data/wrs:R[@id="R2"]/wrs:C[2]', 'Berta', true);
    expect(cell(s, 1, 1).textContent).toBe('Berta');
    expect(cell(s, 1, 1).classList).toContain('ui-grid-cell-modified');
  });

  it('ends in LoadFailedStatus when the input is no Wrs', async () => {
    const s = await setup({}, '<notWrs/>');
    expect(s.grid.getStatus().name).toBe('LoadFailedStatus');
    expect(s.grid.getFailureReason()).toContain('not a wrs:Wrs');
  });
});

describe('GridComponent beside other components and page fields', () => {
  const people = () => [{ id: 'id', isKey: true }, { id: 'name' }];

  it('writes an open editor into its record before a reload, not into the record that has its row id after it', async () => {
    let rows = [['1', 'Anna'], ['2', 'Bert']];
    const saved: string[] = [];
    const backend: WrsBackend = {
      load: async () => parseXml(wrsText(people(), rows)),
      save: async (body) => void saved.push(typeof body === 'string' ? body : serializeXml(body)),
      nextIdentifier: async () => 1,
    };
    const config = new StaticModel({ data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>t</wrq:BindingSet><grid:SelectColumns><grid:C bRef="id"/><grid:C bRef="name"/></grid:SelectColumns></grid:GridConfiguration>` });
    const s = await setup({ config }, undefined, backend);
    click(s, 1, 1);
    press(s, 'F2');
    type(s, 'Bertram');
    rows = [['0', 'Zoe'], ['1', 'Anna'], ['2', 'Bert']];
    await s.grid.execute(true);
    expect(s.el.querySelector('.ui-grid-editor')).toBeNull();
    press(s, 'Enter');
    expect(WrsIndex.of(s.grid.getData()!).rows().map((r) => r.localName)).toEqual(['R', 'R', 'R']);
    expect(rowXml(s, 'R2')).toContain('<wrs:C>Anna</wrs:C>');
  });

  it('leaves the focus on a page field the user moves to while editing, committing the edit', async () => {
    const s = await setup();
    const field = document.body.appendChild(document.createElement('input'));
    try {
      click(s, 0, 1);
      press(s, 'F2');
      type(s, 'Anne');
      field.focus();
      expect(document.activeElement).toBe(field);
      expect(rowXml(s, 'R1')).toContain('<wrs:C>Anne</wrs:C><wrs:O>Anna</wrs:O>');
    } finally {
      field.remove();
    }
  });

  it('pastes into a range made with shift+arrows from its top left cell', async () => {
    const s = await setup();
    click(s, 0, 1);
    press(s, 'ArrowDown', { shiftKey: true });
    press(s, 'ArrowRight', { shiftKey: true });
    // Three columns do not divide the two selected ones: the block is pasted once, not tiled.
    paste(s, 'X\t8\t9');
    expect(rowXml(s, 'R1')).toContain('<wrs:C>X</wrs:C><wrs:O>Anna</wrs:O><wrs:C>8</wrs:C><wrs:O>3</wrs:O><wrs:C>9</wrs:C><wrs:O>1.5</wrs:O>');
    expect(rowXml(s, 'R2')).not.toContain('wrs:O');
  });

  it('keeps an open editor over its row when another component inserts rows above it', async () => {
    const s = await setup();
    click(s, 1, 1);
    press(s, 'F2');
    type(s, 'Bertram');
    new WrsUtil().insertRow({ model: s.grid, rowStartPos: 1 });
    const editor = s.el.querySelector('.ui-grid-editor') as HTMLElement;
    expect(Math.round(editor.getBoundingClientRect().top)).toBe(Math.round(cell(s, 2, 1).getBoundingClientRect().top));
    press(s, 'Enter');
    expect(rowXml(s, 'R2')).toContain('<wrs:C>Bertram</wrs:C><wrs:O>Bert</wrs:O>');
    expect(cell(s, 3, 1).classList).toContain('ui-grid-cell-focus');
  });

  it('commits the option chosen in a reference dropdown when the user clicks outside it', async () => {
    const s = await setup();
    click(s, 0, 4);
    press(s, 'F2');
    document.querySelector('.ui-grid-dropdown')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    (document.querySelector('.cdk-overlay-backdrop') as HTMLElement).click();
    expect(rowXml(s, 'R1')).toContain('<wrs:C>FR</wrs:C><wrs:O>DE</wrs:O>');
  });

  it('shows, validates and filters what another component changes in the inputModel document', async () => {
    const s = await setup();
    new WrsUtil().setCellValue(s.model, 'R2', 3, 'abc');
    new WrsUtil().setCellValue(s.model, 'R2', 2, 'Berta');
    s.model.fire();
    expect(cell(s, 1, 2).textContent).toBe('abc');
    expect(s.grid.getErrorCount()).toBe(1);
    s.grid.setColumnFilter('name', { kind: 'text', op: 'equals', text: 'Berta' });
    expect(s.grid.viewRows().map((r) => r.getAttribute('id'))).toEqual(['R2']);
  });

  it('opens the editor of a frozen column over its cell when the grid is scrolled sideways', async () => {
    const columns = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id }));
    const s = await setup({ hotArgs: { colWidths: [60, 200], fixedColumnsStart: 1 } }, wrsText(columns, [['1', '2', '3', '4', '5', '6']]));
    s.el.style.width = '300px';
    const viewport = s.el.querySelector('.ui-grid-viewport') as HTMLElement;
    viewport.scrollLeft = 250;
    viewport.dispatchEvent(new Event('scroll'));
    click(s, 0, 0);
    press(s, 'F2');
    const editor = s.el.querySelector('.ui-grid-editor') as HTMLElement;
    expect(Math.round(editor.getBoundingClientRect().left)).toBe(Math.round(cell(s, 0, 0).getBoundingClientRect().left));
  });

  it('keeps the active cell clear of the horizontal scrollbar when moving down past the bottom', async () => {
    const columns = Array.from({ length: 12 }, (_, i) => ({ id: `c${i}` }));
    const s = await setup({ maxHeight: 300 }, wrsText(columns, Array.from({ length: 100 }, (_, r) => columns.map((_, c) => `${r}.${c}`))));
    s.el.style.width = '400px';
    const viewport = s.el.querySelector('.ui-grid-viewport') as HTMLElement;
    expect(viewport.offsetHeight - viewport.clientHeight).withContext('a horizontal scrollbar').toBeGreaterThan(0);
    click(s, 0, 0);
    for (let i = 0; i < 20; i++) press(s, 'ArrowDown');
    const box = viewport.getBoundingClientRect();
    expect(cell(s, 20, 0).getBoundingClientRect().bottom).toBeLessThanOrEqual(box.top + viewport.clientTop + viewport.clientHeight + 0.5);
  });

  it('points aria-activedescendant at the focused cell after scrolling recycles the cells, and says the grid selects ranges', async () => {
    const s = await setup({ maxHeight: 300 }, wrsText([{ id: 'id' }], Array.from({ length: 500 }, (_, i) => [String(i + 1)])));
    click(s, 0, 0);
    const viewport = s.el.querySelector('.ui-grid-viewport') as HTMLElement;
    viewport.scrollTop = 2000;
    viewport.dispatchEvent(new Event('scroll'));
    const active = body(s).getAttribute('aria-activedescendant');
    expect(active === null || document.getElementById(active)?.textContent === '1').toBe(true);
    viewport.scrollTop = 0;
    viewport.dispatchEvent(new Event('scroll'));
    expect(document.getElementById(body(s).getAttribute('aria-activedescendant')!)?.textContent).toBe('1');
    expect(body(s).getAttribute('aria-multiselectable')).toBe('true');
  });

  it('wraps Tab from the last column of an editor to the next row, as Tab without an editor does', async () => {
    const s = await setup();
    click(s, 0, 3);
    press(s, 'F2');
    type(s, '2.5');
    press(s, 'Tab');
    expect(cell(s, 0, 4).classList).toContain('ui-grid-cell-focus');
    click(s, 0, 2);
    press(s, 'F2');
    press(s, 'Tab', { shiftKey: true });
    press(s, 'Tab', { shiftKey: true });
    press(s, 'Tab', { shiftKey: true });
    press(s, 'F2');
    press(s, 'Tab', { shiftKey: true });
    expect(cell(s, 0, 0).classList).toContain('ui-grid-cell-focus');
    click(s, 1, 2);
    press(s, 'End');
    press(s, 'F2');
    document.querySelector('.ui-grid-dropdown')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }));
    expect(cell(s, 2, 0).classList).toContain('ui-grid-cell-focus');
  });

  it('brings the row an undo changes into view with the focus on it', async () => {
    const s = await setup({ maxHeight: 300 }, wrsText([{ id: 'id' }, { id: 'name' }], Array.from({ length: 500 }, (_, i) => [String(i + 1), `n${i}`])));
    click(s, 0, 1);
    press(s, 'F2');
    type(s, 'first');
    press(s, 'Enter');
    press(s, 'End', { ctrlKey: true });
    const viewport = s.el.querySelector('.ui-grid-viewport') as HTMLElement;
    expect(viewport.scrollTop).toBeGreaterThan(1000);
    press(s, 'z', { ctrlKey: true });
    expect(rowXml(s, 'R1')).toContain('<wrs:C>n0</wrs:C>');
    expect(viewport.scrollTop).toBe(0);
    expect(cell(s, 0, 1).classList).toContain('ui-grid-cell-focus');
  });

  it('undoes only its own edits: a row another component changed since leaves the undo history, other rows stay undoable', async () => {
    const s = await setup();
    click(s, 1, 1);
    press(s, 'F2');
    type(s, 'Berta');
    press(s, 'Enter');
    click(s, 0, 1);
    press(s, 'F2');
    type(s, 'Zoe');
    press(s, 'Enter');
    s.grid.write('/*/wrs:Data/*[@id="R1"]/wrs:C[3]', '99', true);
    expect(rowXml(s, 'R1')).toContain('<wrs:C>Zoe</wrs:C><wrs:O>Anna</wrs:O><wrs:C>99</wrs:C>');
    press(s, 'z', { ctrlKey: true });
    expect(rowXml(s, 'R1')).toContain('<wrs:C>Zoe</wrs:C><wrs:O>Anna</wrs:O><wrs:C>99</wrs:C>');
    expect(rowXml(s, 'R2')).toContain('<wrs:C>Berta</wrs:C>');
    expect(button(s, 'undo').disabled).toBe(true);

    TestBed.resetTestingModule();
    const t = await setup();
    click(t, 1, 1);
    press(t, 'F2');
    type(t, 'Berta');
    press(t, 'Enter');
    new WrsUtil().setCellValue(t.model, 'R3', 2, 'Cleopatra');
    t.model.fire();
    press(t, 'z', { ctrlKey: true });
    expect(rowXml(t, 'R2')).not.toContain('Berta');
    expect(rowXml(t, 'R3')).toContain('<wrs:C>Cleopatra</wrs:C>');
  });

  it('keeps older steps when afterAddRow fills the new row later: undo removes the row with that change, redo brings it back', async () => {
    for (const when of ['microtask', 'sync'] as const) {
      TestBed.resetTestingModule();
      const util = new WrsUtil();
      let s: Setup | null = null;
      const fill = (rowId: string) => {
        if (s && util.setCellValue(s.grid, rowId, 'id', '42')) s.grid.fire();
      };
      s = await setup({
        afterAddRow: ({ rowNode }: { rowNode: Element }) => {
          const rowId = rowNode.getAttribute('id') ?? '';
          if (when === 'sync') fill(rowId);
          else queueMicrotask(() => fill(rowId));
        },
      });
      const t = s;
      click(t, 0, 1);
      press(t, 'F2');
      type(t, 'Zoe');
      press(t, 'Enter');
      button(t, 'add').click();
      await t.fixture.whenStable();
      const added = WrsIndex.of(t.grid.getData()!).rowAt(4)!.getAttribute('id')!;
      expect(rowXml(t, added)).withContext(when).toContain('<wrs:C>42</wrs:C>');
      expect(button(t, 'undo').disabled).withContext(when).toBeFalse();
      press(t, 'z', { ctrlKey: true });
      expect(rowXml(t, added)).withContext(when).toBe('(none)');
      press(t, 'z', { ctrlKey: true });
      expect(rowXml(t, 'R1')).withContext(when).toContain('<wrs:C>Anna</wrs:C>');
      press(t, 'y', { ctrlKey: true });
      press(t, 'y', { ctrlKey: true });
      expect(rowXml(t, 'R1')).withContext(when).toContain('<wrs:C>Zoe</wrs:C>');
      expect(rowXml(t, added)).withContext(when).toContain('<wrs:C>42</wrs:C>');
    }
  });

  it('undoes typing into a new row and the add itself, in order, whether the id the server gives arrives before or after the typing', async () => {
    for (const idArrives of ['after typing', 'before typing'] as const) {
      TestBed.resetTestingModule();
      let answer!: () => void;
      const nextIdentifier = new Promise<void>((resolve) => (answer = resolve));
      let s: Setup | null = null;
      s = await setup({
        // As an app does with getNextIdentifier: the key is written into the new row when the server answers.
        afterAddRow: ({ rowNode }: { rowNode: Element }) => {
          const rowId = rowNode.getAttribute('id') ?? '';
          void nextIdentifier.then(() => {
            if (new WrsUtil().setCellValue(s!.grid, rowId, 'id', '42')) s!.grid.fire();
          });
        },
      });
      const t = s;
      const loaded = documentXml(t);
      click(t, 0, 1);
      press(t, 'F2');
      type(t, 'Zoe');
      press(t, 'Enter');
      button(t, 'add').click();
      await settled(t);
      const added = WrsIndex.of(t.grid.getData()!).rowAt(4)!.getAttribute('id')!;
      const fresh = `<wrs:I id="${added}"><wrs:C>42</wrs:C><wrs:C><wrs:null/></wrs:C><wrs:C>0</wrs:C><wrs:C><wrs:null/></wrs:C><wrs:C><wrs:null/></wrs:C></wrs:I>`;
      const typeIntoNewRow = () => {
        click(t, 3, 1);
        press(t, 'F2');
        type(t, 'Xaver');
        press(t, 'Enter');
        click(t, 3, 2);
        press(t, 'F2');
        type(t, '4');
        press(t, 'Enter');
      };
      if (idArrives === 'before typing') {
        answer();
        await until(() => rowXml(t, added).includes('<wrs:C>42</wrs:C>'));
        typeIntoNewRow();
      } else {
        typeIntoNewRow();
        answer();
        await until(() => rowXml(t, added).includes('<wrs:C>42</wrs:C>'));
      }
      await settled(t);
      expect(rowXml(t, added)).withContext(idArrives).toBe(fresh.replace('<wrs:C><wrs:null/></wrs:C><wrs:C>0</wrs:C>', '<wrs:C>Xaver</wrs:C><wrs:C>4</wrs:C>'));
      expect(button(t, 'undo').disabled).withContext(idArrives).toBeFalse();
      // The typing first, cell by cell; the id the server gave stays.
      button(t, 'undo').click();
      await settled(t);
      expect(rowXml(t, added)).withContext(idArrives).toBe(fresh.replace('<wrs:C><wrs:null/></wrs:C><wrs:C>0</wrs:C>', '<wrs:C>Xaver</wrs:C><wrs:C>0</wrs:C>'));
      button(t, 'undo').click();
      await settled(t);
      expect(rowXml(t, added)).withContext(idArrives).toBe(fresh);
      expect([0, 1, 2].map((c) => cell(t, 3, c).textContent)).withContext(idArrives).toEqual(['42', '', '0']);
      // Then the add, then the edit made before it: the loaded document exactly.
      button(t, 'undo').click();
      await settled(t);
      expect(rowXml(t, added)).withContext(idArrives).toBe('(none)');
      expect(() => cell(t, 3, 0)).withContext(idArrives).toThrowError(/not painted/);
      expect(body(t).getAttribute('aria-rowcount')).withContext(idArrives).toBe('4');
      button(t, 'undo').click();
      await settled(t);
      expect(cell(t, 0, 1).textContent).withContext(idArrives).toBe('Anna');
      expect(documentXml(t)).withContext(idArrives).toBe(loaded);
      expect(button(t, 'undo').disabled).withContext(idArrives).toBeTrue();
      for (let i = 0; i < 4; i++) expect(t.grid.redo()).withContext(idArrives).toBeTrue();
      await settled(t);
      expect(rowXml(t, added)).withContext(idArrives).toBe(fresh.replace('<wrs:C><wrs:null/></wrs:C><wrs:C>0</wrs:C>', '<wrs:C>Xaver</wrs:C><wrs:C>4</wrs:C>'));
      expect([0, 1, 2].map((c) => cell(t, 3, c).textContent)).withContext(idArrives).toEqual(['42', 'Xaver', '4']);
    }
  });

  it('gives back the loaded document once everything is undone, ids of new rows arriving late among edits, adds, deletes and restores', async () => {
    for (const seed of [1, 2, 21, 24]) {
      TestBed.resetTestingModule();
      let state = seed;
      const random = (n: number) => {
        state = (state * 1103515245 + 12345) % 2147483648;
        return state % n;
      };
      let s: Setup | null = null;
      let next = 100;
      let waiting = 0;
      s = await setup({
        paginationSize: 2,
        afterAddRow: ({ rowNode }: { rowNode: Element }) => {
          const rowId = rowNode.getAttribute('id') ?? '';
          const id = String(next++);
          waiting++;
          setTimeout(() => {
            waiting--;
            if (new WrsUtil().setCellValue(s!.grid, rowId, 'id', id)) s!.grid.fire();
          }, random(3));
        },
      });
      const t = s;
      const loaded = documentXml(t);
      const shown = () => t.grid.viewRows().length;
      for (let step = 0; step < 30; step++) {
        const op = random(7);
        if (shown() > 0) click(t, random(shown()), 1 + random(2));
        if (op === 0) t.grid.goToPage(random(3));
        else if (op === 1) t.grid.addRow();
        else if (op === 2) t.grid.deleteSelectedRows();
        else if (op === 3) t.grid.restoreSelectedRows();
        else if (op === 4) t.grid.undo();
        else if (op === 5) t.grid.duplicateSelectedRows();
        else t.grid.pasteTsv(String(step));
        await settled(t);
        expectConsistentDom([t.grid.getData()], `seed ${seed}, step ${step}`);
      }
      await until(() => waiting === 0);
      await settled(t);
      while (t.grid.undo()) await settled(t);
      expect(documentXml(t)).withContext(`seed ${seed}`).toBe(loaded);
    }
  });

  it('ends the history at the typing when the server\'s answer overwrites a cell the user typed into the new row', async () => {
    const s = await setup();
    button(s, 'add').click();
    await settled(s);
    const added = WrsIndex.of(s.grid.getData()!).rowAt(4)!.getAttribute('id')!;
    click(s, 3, 0);
    s.grid.pasteTsv('7');
    new WrsUtil().setCellValue(s.grid, added, 'id', '42');
    s.grid.fire();
    expect(s.grid.undo()).toBeFalse();
    expect(rowXml(s, added)).toContain('<wrs:C>42</wrs:C>');
  });

  it('still ends the history at a step that changed a row existing before it, when another component changes that row', async () => {
    const s = await setup();
    click(s, 0, 1);
    s.grid.pasteTsv('Zoe');
    button(s, 'add').click();
    click(s, 1, 1);
    s.grid.pasteTsv('Berta');
    const added = WrsIndex.of(s.grid.getData()!).rowAt(4)!.getAttribute('id')!;
    new WrsUtil().setCellValue(s.grid, added, 'name', 'Xaver');
    s.grid.fire();
    expect(s.grid.undo()).toBeTrue();
    expect(rowXml(s, 'R2')).not.toContain('Berta');
    expect(s.grid.undo()).toBeTrue();
    expect(rowXml(s, added)).toBe('(none)');
    new WrsUtil().setCellValue(s.grid, 'R1', 'qty', '8');
    s.grid.fire();
    expect(s.grid.undo()).toBeFalse();
    expect(rowXml(s, 'R1')).toContain('<wrs:C>Zoe</wrs:C>');
  });

  it('posts nothing when nothing changed, and still reaches SavedStatus', async () => {
    const saves: string[] = [];
    const backend: WrsBackend = {
      load: async () => parseXml(wrsText(people(), [['1', 'Anna']])),
      save: async (body) => void saves.push(typeof body === 'string' ? body : serializeXml(body)),
      nextIdentifier: async () => 1,
    };
    const config = new StaticModel({ data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>t</wrq:BindingSet><grid:SelectColumns><grid:C bRef="id"/><grid:C bRef="name"/></grid:SelectColumns></grid:GridConfiguration>` });
    const s = await setup({ config }, undefined, backend);
    await s.grid.save();
    expect(saves).toEqual([]);
    expect(s.grid.getStatus().name).toBe('SavedStatus');
    click(s, 0, 1);
    s.grid.pasteTsv('Anka');
    await s.grid.save();
    expect(saves.length).toBe(1);
  });

  it('drops a note about a state that undo or reset took back ("Not saved: 1 invalid cell")', async () => {
    const s = await setup();
    click(s, 0, 2);
    s.grid.pasteTsv('abc');
    await s.grid.save();
    await s.fixture.whenStable();
    const message = () => s.el.querySelector('[data-test="message"]')?.textContent ?? '';
    expect(message()).toContain('Not saved');
    (s.el.querySelector('[data-action="save"]') as HTMLElement).focus();
    await s.grid.save();
    expect(document.activeElement).withContext('the focus goes to the grid, on the invalid cell').toBe(s.el.querySelector('.ui-grid-body'));
    press(s, 'z', { ctrlKey: true });
    await s.fixture.whenStable();
    expect(message()).toBe('');
    s.grid.pasteTsv('abc');
    await s.grid.save();
    await s.fixture.whenStable();
    expect(message()).toContain('Not saved');
    await s.grid.actionReset();
    await s.fixture.whenStable();
    expect(message()).toBe('');
  });
});

