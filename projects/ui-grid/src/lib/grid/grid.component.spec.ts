import { Clipboard } from '@angular/cdk/clipboard';
import { provideZonelessChangeDetection } from '@angular/core';
import { ComponentFixture, TestBed } from '@angular/core/testing';
import {
  ChangeSet,
  DataProvider,
  DataProviderRegistry,
  NS,
  SaveFailedStatus,
  SavedStatus,
  StaticModel,
  WrsBackend,
  WrsIndex,
  parseXml,
  serializeXml,
} from 'ngx-wrs-grid/core';
import { firstValueFrom } from 'rxjs';
import { filter } from 'rxjs/operators';
import { wrsText } from '../../../core/testing/fixtures';
import { GridComponent } from './grid.component';

const ORDERS = () =>
  wrsText(
    [
      { id: 'id', nullable: '0', isKey: true },
      { id: 'name', nullable: '0' },
      { id: 'qty', type: 'INTEGER', nullable: '0' },
      { id: 'price', type: 'DECIMAL', scale: 2 },
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

async function setup(inputs: Record<string, unknown> = {}, data: string = ORDERS()): Promise<Setup> {
  TestBed.configureTestingModule({ providers: [provideZonelessChangeDetection(), { provide: DataProviderRegistry, useValue: new DataProviderRegistry() }] });
  const model = new StaticModel({ data });
  const fixture = TestBed.createComponent(GridComponent);
  const grid = fixture.componentInstance;
  const statuses: string[] = [];
  grid.status$.subscribe((s) => statuses.push(s.name));
  if (!('inputModel' in inputs) && !('backend' in inputs)) fixture.componentRef.setInput('inputModel', model);
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
  const target = (s.el.querySelector('.ui-grid-editor') as HTMLElement | null) ?? body(s);
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

  it('uses WAI-ARIA grid roles with aria-rowindex on virtual rows', async () => {
    const s = await setup();
    expect(body(s).getAttribute('role')).toBe('grid');
    expect(body(s).getAttribute('aria-rowcount')).toBe('4');
    expect(cell(s, 1, 0).getAttribute('role')).toBe('gridcell');
    expect(cell(s, 1, 0).parentElement!.getAttribute('role')).toBe('row');
    expect(cell(s, 1, 0).parentElement!.getAttribute('aria-rowindex')).toBe('3');
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
    expect(group.style.width).toBe('240px');
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
    press(s, 'a', { ctrlKey: true });
    expect(s.el.querySelectorAll('[aria-selected="true"]').length).toBe(15);
    click(s, 0, 1);
    click(s, 1, 2, { shiftKey: true });
    expect(s.el.querySelectorAll('[aria-selected="true"]').length).toBe(4);
  });

  it('copies the range as TSV through the CDK clipboard with Ctrl+C, guarding formula-like text', async () => {
    const s = await setup({}, wrsText([{ id: 'a' }, { id: 'b' }], [['x', '=SUM(A1)'], ['-3', null]]));
    const copy = spyOn(TestBed.inject(Clipboard), 'copy').and.returnValue(true);
    press(s, 'a', { ctrlKey: true });
    press(s, 'c', { ctrlKey: true });
    expect(copy).toHaveBeenCalledOnceWith("x\t'=SUM(A1)\n-3\t");
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

  it('edits a reference column with a dropdown of captions storing the value', async () => {
    const s = await setup();
    click(s, 2, 4);
    press(s, 'Enter');
    const select = s.el.querySelector('select.ui-grid-editor') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['', 'DE', 'FR', 'IT']);
    select.value = 'IT';
    press(s, 'Enter');
    expect(rowXml(s, 'R3')).toContain('<wrs:C>IT</wrs:C><wrs:O><wrs:null/></wrs:O>');
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

describe('GridComponent rows', () => {
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

describe('GridComponent undo and redo', () => {
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

describe('GridComponent validation', () => {
  it('marks invalid cells with the message, counts them and jumps to them', async () => {
    const s = await setup();
    click(s, 0, 2);
    press(s, 'a');
    press(s, 'Enter');
    expect(cell(s, 0, 2).classList).toContain('ui-grid-cell-invalid');
    expect(cell(s, 0, 2).title).toContain('not a number');
    expect(cell(s, 0, 2).getAttribute('aria-invalid')).toBe('true');
    expect(cell(s, 1, 2).hasAttribute('aria-invalid')).toBeFalse();
    await s.fixture.whenStable();
    expect(button(s, 'jump-to-error').textContent).toContain('1 invalid cell');
    click(s, 2, 0);
    s.grid.jumpToError();
    expect(cell(s, 0, 2).classList).toContain('ui-grid-cell-focus');
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

  it('runs validationChain with validationParameters on every change set', async () => {
    const contexts: string[] = [];
    const s = await setup({
      validationChain: ({ rowIds, parameters }: { rowIds: string[] | null; parameters: { max: number } }) => {
        contexts.push(rowIds === null ? 'all' : rowIds.join());
        return rowIds?.includes('R2') ? [{ rowId: 'R2', colId: 'qty', message: `more than ${parameters.max}` }] : [];
      },
      validationParameters: { max: 4 },
    });
    click(s, 1, 2);
    press(s, '9');
    press(s, 'Enter');
    expect(contexts).toEqual(['R1,R2,R3', 'R2']);
    expect(s.grid.getCellError('R2', 'qty')).toBe('more than 4');
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
    const statusModel = new StaticModel({ data: `<s:Status xmlns:s="urn:s" xmlns:f="${NS.f}"><f:Filter><f:Expression bRef="country" op="=" value="DE"/></f:Filter></s:Status>` });
    await statusModel.fetchData();
    const s = await setup({
      config,
      backend,
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
    });
    expect(loads.length).toBe(1);
    expect(loads[0].url).toBe('/api/orders');
    expect(loads[0].request).toContain('orders</wrq:BindingSet>');
    expect(loads[0].request).toContain('value="DE"');
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
