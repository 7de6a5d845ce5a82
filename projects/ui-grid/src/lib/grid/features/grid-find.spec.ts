import { Provider } from '@angular/core';
import { ComponentFixture, TestBed } from '@angular/core/testing';
import { NS, StaticModel, WrsBackend, WrsIndex, WrsUtil, parseXml } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../../core/testing/fixtures';
import { WRS_BACKEND } from '../../services/wrs-backend.token';
import { GridComponent } from '../grid.component';
import { mountGrid } from '../testing/mount-grid';
import { GRID_MESSAGES, GRID_MESSAGES_DE } from './grid-messages';

/** Names, a quantity with two decimals, a country whose cells show a caption (`Germany`) for the stored id (`X1`). */
function people(rows: readonly (readonly [string, string, string])[]): string {
  const refs = `<wrs:References><wrs:Wrs><wrs:Header><wrs:Columns><wrs:C pos="1" id="id"/><wrs:C pos="2" id="caption"/></wrs:Columns></wrs:Header><wrs:Data>`
    + `<wrs:R id="c1"><wrs:C>X1</wrs:C><wrs:C>Germany</wrs:C></wrs:R><wrs:R id="c2"><wrs:C>X2</wrs:C><wrs:C>France</wrs:C></wrs:R></wrs:Data></wrs:Wrs></wrs:References>`;
  const data = rows.map(([name, qty, country], i) => `<wrs:R id="R${i + 1}"><wrs:C>${name}</wrs:C><wrs:C>${qty}</wrs:C><wrs:C>${country}</wrs:C></wrs:R>`).join('');
  return `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="name" caption="Name" type-name="VARCHAR"/>`
    + `<wrs:C pos="2" id="qty" caption="Qty" type-name="DECIMAL" scale="2"/><wrs:C pos="3" id="country" caption="Country" type-name="VARCHAR">${refs}</wrs:C>`
    + `</wrs:Columns></wrs:Header><wrs:Data>${data}</wrs:Data></wrs:Wrs>`;
}

const PEOPLE = people([
  ['Anna', '3', 'X1'],
  ['Bert', '5.5', 'X2'],
  ['Hanna', '7', 'X1'],
  ['Dora', '1', 'X2'],
  ['Johann', '9', 'X2'],
]);

interface Setup {
  fixture: ComponentFixture<GridComponent>;
  grid: GridComponent;
  el: HTMLElement;
}

async function setup(inputs: Record<string, unknown> = {}, options: { data?: string; backend?: WrsBackend; german?: boolean } = {}): Promise<Setup> {
  const providers: Provider[] = [];
  if (options.backend) providers.push({ provide: WRS_BACKEND, useValue: options.backend });
  if (options.german) providers.push({ provide: GRID_MESSAGES, useValue: GRID_MESSAGES_DE });
  const status = new StaticModel({ data: `<s:Status xmlns:s="urn:s" xmlns:f="${NS.f}"/>` });
  await status.fetchData();
  const mounted = await mountGrid(options.backend ? null : (options.data ?? PEOPLE), { statusModel: status, ...inputs }, providers);
  mounted.fixture.detectChanges();
  return mounted;
}

async function settle(fixture: ComponentFixture<GridComponent>): Promise<void> {
  await fixture.whenStable();
  await new Promise((resolve) => setTimeout(resolve));
  fixture.detectChanges();
}

async function until(condition: () => boolean, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const body = (s: Setup) => s.el.querySelector<HTMLElement>('.ui-grid-body')!;
const field = (s: Setup) => s.el.querySelector<HTMLInputElement>('.ui-grid-find-input');
const count = (s: Setup) => s.el.querySelector('[data-test="find-count"]')?.textContent?.trim() ?? null;

/** Dispatches a key on an element; returns whether the grid took it (prevented the browser's default). */
function key(target: HTMLElement, name: string, init: KeyboardEventInit = {}): boolean {
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

async function typeQuery(s: Setup, text: string): Promise<void> {
  const input = field(s)!;
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await s.grid['find'].counted();
  await settle(s.fixture);
}

/** The painted cell at a 0-based view row and column (data rows are numbered after the header row). */
function cell(s: Setup, row: number, col: number): HTMLElement {
  const headerRows = s.el.querySelectorAll('.ui-grid-header-row').length;
  return s.el.querySelector<HTMLElement>(`.ui-grid-row[aria-rowindex="${row + headerRows + 1}"] [aria-colindex="${col + 1}"]`)!;
}

/** The texts of the painted cells marked as matches, the current one starred. */
function marked(s: Setup): string[] {
  return Array.from(s.el.querySelectorAll<HTMLElement>('.ui-grid-cell-match')).map((c) => (c.classList.contains('ui-grid-cell-focus') ? '*' : '') + c.textContent);
}

const focusedText = (s: Setup) => s.el.querySelector('.ui-grid-cell-focus')?.textContent ?? null;

describe('find in the grid', () => {
  afterEach(() => TestBed.resetTestingModule());

  it('Ctrl+F opens a find field; typing counts the matches, marks them and moves the focus to the first; Enter and Shift+Enter go on; Escape closes', async () => {
    const s = await setup();
    body(s).focus();
    expect(key(body(s), 'f', { ctrlKey: true })).toBeTrue();
    await settle(s.fixture);
    const input = field(s)!;
    expect(input.closest('[role="search"]')).not.toBeNull();
    expect(input.getAttribute('aria-label')).toBe('Find');
    expect(document.activeElement).toBe(input);

    await typeQuery(s, 'ANN');
    expect(count(s)).toBe('1 of 3');
    expect(s.el.querySelector('[data-test="find-count"]')!.getAttribute('role')).toBe('status');
    expect(marked(s)).toEqual(['*Anna', 'Hanna', 'Johann']);
    expect(focusedText(s)).toBe('Anna');

    expect(key(input, 'Enter')).toBeTrue();
    await settle(s.fixture);
    expect(count(s)).toBe('2 of 3');
    expect(focusedText(s)).toBe('Hanna');
    expect(marked(s)).toEqual(['Anna', '*Hanna', 'Johann']);
    key(input, 'Enter');
    key(input, 'Enter');
    await settle(s.fixture);
    expect(count(s)).withContext('wraps round').toBe('1 of 3');
    key(input, 'Enter', { shiftKey: true });
    await settle(s.fixture);
    expect(count(s)).toBe('3 of 3');
    expect(focusedText(s)).toBe('Johann');

    key(input, 'Escape');
    await settle(s.fixture);
    expect(field(s)).toBeNull();
    expect(marked(s)).toEqual([]);
    expect(document.activeElement).toBe(body(s));
    expect(focusedText(s)).toBe('Johann');
  });

  it('keys typed straight on after Ctrl+F, before the field has the focus, are the query: no cell is edited', async () => {
    const s = await setup();
    const before = s.grid.getData()!.documentElement.outerHTML;
    body(s).focus();
    // Ctrl+F, then typing in the same task: the field is not there yet, the keys reach the body.
    expect(key(body(s), 'f', { ctrlKey: true })).toBeTrue();
    for (const k of ['a', 'n', 'x', 'Backspace', 'n']) expect(key(body(s), k)).withContext(k).toBeTrue();
    await settle(s.fixture);
    const input = field(s)!;
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('ann');
    // The caret after the typed text, not the text selected: the next key adds to it.
    expect([input.selectionStart, input.selectionEnd]).toEqual([3, 3]);
    await s.grid['find'].counted();
    await settle(s.fixture);
    expect(count(s)).toBe('1 of 3');
    expect(s.el.querySelector('.ui-grid-editor')).toBeNull();
    expect(s.grid.getData()!.documentElement.outerHTML).toBe(before);
    // Ctrl+F once more with a query: typed on, the keys type over it.
    body(s).focus();
    key(body(s), 'f', { ctrlKey: true });
    key(body(s), 'd');
    key(body(s), 'Enter');
    await settle(s.fixture);
    expect(field(s)!.value).toBe('d');
    await s.grid['find'].counted();
    await settle(s.fixture);
    expect(count(s)).toBe('1 of 1');
    expect(focusedText(s)).toBe('Dora');
  });

  it('Ctrl+F again selects the query; the buttons go to the next and previous match and close', async () => {
    const s = await setup();
    key(body(s), 'f', { ctrlKey: true });
    await settle(s.fixture);
    await typeQuery(s, 'a');
    const input = field(s)!;
    input.setSelectionRange(1, 1);
    body(s).focus();
    key(body(s), 'F', { ctrlKey: true, shiftKey: false });
    await settle(s.fixture);
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 1]);
    input.setSelectionRange(1, 1);
    expect(key(input, 'f', { ctrlKey: true })).withContext('the browser keeps its own find away').toBeTrue();
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 1]);

    const before = count(s);
    s.el.querySelector<HTMLButtonElement>('[data-find="next"]')!.click();
    await settle(s.fixture);
    expect(count(s)).not.toBe(before);
    s.el.querySelector<HTMLButtonElement>('[data-find="previous"]')!.click();
    await settle(s.fixture);
    expect(count(s)).toBe(before);
    s.el.querySelector<HTMLButtonElement>('[data-find="close"]')!.click();
    await settle(s.fixture);
    expect(field(s)).toBeNull();

    // The toolbar's Find button opens it with the mouse.
    const open = s.el.querySelector<HTMLButtonElement>('[data-action="find"]')!;
    expect(open.textContent!.trim()).toBe('Find');
    open.click();
    await settle(s.fixture);
    expect(document.activeElement).toBe(field(s));
    expect(open.getAttribute('aria-expanded')).toBe('true');
  });

  it('matches the text cells show: reference captions and numbers in the column scale, not the stored values', async () => {
    const s = await setup();
    expect(await s.grid.openFind('germany')).toBe(2);
    expect(await s.grid.openFind('X1')).withContext('the stored id is not shown').toBe(0);
    await settle(s.fixture);
    expect(count(s)).toBe('No matches');
    expect(await s.grid.openFind('5.50')).toBe(1);
    expect(await s.grid.openFind('3.00')).toBe(1);
  });

  it('matches numbers as the locale shows them', async () => {
    const s = await setup({ locale: 'de-DE' });
    expect(await s.grid.openFind('5,50')).toBe(1);
    expect(await s.grid.openFind('5.50')).toBe(0);
  });

  it('searches every client page (turning to the match) and leaves filtered rows out', async () => {
    const s = await setup({ paginationSize: 2, columnFilters: true });
    key(body(s), 'f', { ctrlKey: true });
    await settle(s.fixture);
    await typeQuery(s, 'ann');
    expect(count(s)).toBe('1 of 3');
    key(field(s)!, 'Enter');
    await settle(s.fixture);
    expect(s.el.querySelector('[data-test="page-of"]')!.textContent).toContain('2');
    expect(focusedText(s)).toBe('Hanna');
    key(field(s)!, 'Enter');
    await settle(s.fixture);
    expect(s.el.querySelector('[data-test="page-of"]')!.textContent).toContain('3');
    expect(focusedText(s)).toBe('Johann');

    s.grid.setColumnFilter('country', { kind: 'values', values: ['X1'] });
    await until(() => s.grid['find'].count() === 2 && !s.grid['find'].counting());
    await settle(s.fixture);
    expect(count(s)).withContext('Johann (France) is filtered out').toMatch(/ of 2$|^2 matches$/);
  });

  it('counts again after a change set, without moving the focus', async () => {
    const s = await setup();
    await s.grid.openFind('dora');
    await settle(s.fixture);
    expect(count(s)).toBe('1 of 1');
    new WrsUtil().setCellValue(s.grid, 'R1', 'name', 'Isadora');
    s.grid.fire();
    await until(() => s.grid['find'].count() === 2);
    await settle(s.fixture);
    expect(WrsIndex.of(s.grid.getData()!).rowById('R1')!.localName).toBe('M');
    expect(focusedText(s)).toBe('Dora');
    expect(count(s)).toBe('2 of 2');
    expect(marked(s)).toEqual(['Isadora', '*Dora']);
  });

  it('shows the first match before all are counted; the rest are counted in slices', async () => {
    const rows: [string, string, string][] = [];
    for (let i = 0; i < 20_000; i++) rows.push([`Name ${i}`, String(i), i % 2 ? 'X1' : 'X2']);
    const s = await setup({}, { data: people(rows) });
    const find = s.grid['find'];
    find.open();
    find.setQuery('Name 5');
    // Before any slice of counting ran: the focus is on the first match already.
    expect(focusedText(s)).toBe('Name 5');
    const total = await find.counted();
    expect(total).toBe(1_111);
    expect(find.position()).toBe(1);
  });

  it('with server-side pages searches the page loaded and says so', async () => {
    const all = [['Anna', '1', 'X1'], ['Bert', '2', 'X2'], ['Hanna', '3', 'X1'], ['Dora', '4', 'X2']] as const;
    const backend: WrsBackend = {
      load: async (request: Document | string) => {
        const req = typeof request === 'string' ? parseXml(request) : request;
        const select = req.getElementsByTagNameNS(NS.wrq, 'Select')[0];
        if (req.getElementsByTagNameNS(NS.wrq, 'C')[0]?.getAttribute('aggr') === 'count') return parseXml(wrsText([{ id: 'count', type: 'INTEGER' }], [[String(all.length)]]));
        const start = Number(select.getAttribute('rowStart') ?? 1);
        return parseXml(people(all.slice(start - 1, start + 1)));
      },
      save: async () => undefined,
      nextIdentifier: async () => 1,
    } as unknown as WrsBackend;
    const config = new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>p</wrq:BindingSet><grid:SelectColumns><grid:C bRef="name"/><grid:C bRef="qty"/><grid:C bRef="country"/></grid:SelectColumns></grid:GridConfiguration>`,
    });
    const s = await setup({ config, serverSidedPagination: true, paginationSize: 2 }, { backend });
    expect(await s.grid.openFind('ann')).toBe(1);
    await settle(s.fixture);
    expect(count(s)).toBe('1 of 1 on this page');
  });

  it('speaks German with the German table', async () => {
    const s = await setup({}, { german: true });
    await s.grid.openFind('ann');
    await settle(s.fixture);
    expect(count(s)).toBe('1 von 3');
    expect(field(s)!.getAttribute('aria-label')).toBe('Suchen');
    expect(s.el.querySelector('[role="search"]')!.getAttribute('aria-label')).toBe('In der Tabelle suchen');
    expect(s.el.querySelector('[data-find="next"]')!.getAttribute('aria-label')).toBe('Nächster Treffer');
  });

  it('paints matches and the current one in the theme colours, light and dark', async () => {
    const s = await setup();
    await s.grid.openFind('ann');
    await settle(s.fixture);
    const bg = (row: number) => getComputedStyle(cell(s, row, 0)).backgroundColor;
    expect(cell(s, 0, 0).classList).toContain('ui-grid-cell-focus');
    const light = [bg(0), bg(2), bg(1)];
    expect(new Set(light).size).withContext('current, match and plain cells differ').toBe(3);
    s.el.classList.add('ui-grid-theme-dark');
    const dark = [bg(0), bg(2), bg(1)];
    expect(new Set(dark).size).toBe(3);
    expect(dark[0]).not.toBe(light[0]);
    expect(dark[1]).not.toBe(light[1]);
  });

  it('F3 and Shift+F3 in the body go to the next and previous match while the field is open', async () => {
    const s = await setup();
    expect(key(body(s), 'F3')).withContext('closed: the browser\'s').toBeFalse();
    await s.grid.openFind('ann');
    body(s).focus();
    expect(key(body(s), 'F3')).toBeTrue();
    expect(focusedText(s)).toBe('Hanna');
    key(body(s), 'F3', { shiftKey: true });
    expect(focusedText(s)).toBe('Anna');
  });

  describe('hotArgs.search', () => {
    it('false leaves Ctrl+F to the browser', async () => {
      const s = await setup({ hotArgs: { search: false } });
      expect(key(body(s), 'f', { ctrlKey: true })).toBeFalse();
      await settle(s.fixture);
      expect(field(s)).toBeNull();
      expect(s.el.querySelector('[data-action="find"]')).toBeNull();
      expect(await s.grid.openFind('anna')).toBe(0);
    });

    it('searchResultClass marks matches with the app class; queryMethod decides what matches', async () => {
      const queryMethod = jasmine.createSpy('queryMethod').and.callFake((query: string, text: string) => text === query);
      const s = await setup({ hotArgs: { search: { searchResultClass: 'my-hit', queryMethod } } });
      expect(await s.grid.openFind('Anna')).withContext('equals, not contains: Hanna is no match').toBe(1);
      await settle(s.fixture);
      expect(Array.from(s.el.querySelectorAll('.my-hit')).map((c) => c.textContent)).toEqual(['Anna']);
      expect(queryMethod).toHaveBeenCalledWith('Anna', 'Germany', { prop: 'country', col: 2, rowId: 'R1' });
    });
  });
});
