// Over 500 lines: the public-surface suite of the grid's features page (filters, sort, pages, export, renderers,
// menus) driven through <ui-grid> as an app does; the units behind them have their own specs.
import { Provider } from '@angular/core';
import { ComponentFixture, TestBed } from '@angular/core/testing';
import { Clipboard } from '@angular/cdk/clipboard';
import { DataProvider, NS, SOURCE_TEXT_MIN_LENGTH, StaticModel, WrsBackend, WrsError, WrsIndex, filterRows, parseXml, serializeXml } from 'ngx-wrs-grid/core';
import { firstValueFrom } from 'rxjs';
import { filter, skip } from 'rxjs/operators';
import { wrsText } from '../../../../core/testing/fixtures';
import { WRS_BACKEND } from '../../services/wrs-backend.token';
import { GridComponent } from '../grid.component';
import { mountGrid } from '../testing/mount-grid';
import { GridEditorRegistry } from './editor-registry';
import { GridFeatures } from './grid-features';
import { gridLayout } from '../grid-column';
import { GRID_MESSAGES, GRID_MESSAGES_DE, GRID_MESSAGES_EN, I18N_PREFIX } from './grid-messages';
import { GridRendererRegistry } from './renderer-registry';
import { expectConsistentDom } from '../../../../core/testing/dom-consistency';

const PEOPLE = () =>
  wrsText(
    [
      { id: 'name', nullable: '0' },
      { id: 'qty', type: 'INTEGER', nullable: '0' },
      { id: 'country', references: ['DE', 'FR', 'IT'] },
    ],
    [
      ['Anna', '3', 'DE'],
      ['Bert', '5', 'FR'],
      ['Cleo', '7', 'IT'],
      ['Dora', '1', 'DE'],
      ['Emil', '9', 'FR'],
    ],
  );

interface Setup {
  fixture: ComponentFixture<GridComponent>;
  grid: GridComponent;
  el: HTMLElement;
  status: StaticModel;
}

async function setup(inputs: Record<string, unknown> = {}, options: { data?: string; backend?: WrsBackend; providers?: unknown[] } = {}): Promise<Setup> {
  const providers = [...(options.providers ?? [])] as Provider[];
  if (options.backend) providers.push({ provide: WRS_BACKEND, useValue: options.backend });
  const status = new StaticModel({ data: `<s:Status xmlns:s="urn:s" xmlns:f="${NS.f}"/>` });
  await status.fetchData();
  const mounted = await mountGrid(options.backend ? null : (options.data ?? PEOPLE()), { statusModel: status, ...inputs }, providers);
  mounted.fixture.detectChanges();
  return { ...mounted, status };
}

/** Waits for a condition, polling (no fixed sleep). */
async function until(condition: () => boolean, timeout = 3000): Promise<void> {
  const end = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function settle(fixture: ComponentFixture<GridComponent>): Promise<void> {
  await fixture.whenStable();
  await new Promise((resolve) => setTimeout(resolve));
  fixture.detectChanges();
}

/** The names in the rows the grid paints, top to bottom. */
/** The grid's tooltip once it shows (it waits for a pause after hovering, then for its content, maybe a chain). */
async function shownTooltip(): Promise<HTMLElement> {
  const tip = () => document.querySelector<HTMLElement>('.ui-grid-tooltip');
  while (!tip() || tip()!.hidden) await new Promise((r) => setTimeout(r, 20));
  return tip()!;
}

function paintedNames(s: Setup): string[] {
  return Array.from(s.el.querySelectorAll<HTMLElement>('.ui-grid-row'))
    .filter((r) => r.style.display !== 'none' && r.hasAttribute('aria-rowindex'))
    .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
    .map((r) => r.querySelector('[aria-colindex="1"]')!.textContent ?? '');
}

function viewIds(s: Setup): string[] {
  return s.grid.viewRows().map((r) => r.getAttribute('id') ?? '');
}

function typeFilter(s: Setup, colId: string, text: string): void {
  const input = s.el.querySelector<HTMLInputElement>(`input.ui-grid-filter[data-col-id="${colId}"]`)!;
  input.value = text;
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
}

/** The painted cell at a 0-based view row and column: data rows are numbered after the header's rows (ARIA). */
function paintedCell(s: Setup, row: number, col: number): HTMLElement {
  const headerRows = s.el.querySelectorAll('.ui-grid-header-row').length;
  return s.el.querySelector<HTMLElement>(`.ui-grid-row[aria-rowindex="${row + headerRows + 1}"] [aria-colindex="${col + 1}"]`)!;
}

/** The hrefs of the links followed in a grid from now on, noted instead of navigated. */
function followedLinks(s: Setup): string[] {
  const opened: string[] = [];
  s.el.addEventListener('click', (e) => {
    const a = (e.target as Element).closest('a');
    if (a) {
      opened.push(a.getAttribute('href')!);
      e.preventDefault();
    }
  });
  return opened;
}

function clickCell(s: Setup, row: number, col: number): void {
  const cell = paintedCell(s, row, col);
  const rect = cell.getBoundingClientRect();
  cell.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: rect.left + 3, clientY: rect.top + 3 }));
  document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
}

/** Runs an action that reloads the grid and waits for the reload to finish. */
async function reloading(s: Setup, action: () => void): Promise<void> {
  const done = firstValueFrom(s.grid.status$.pipe(skip(1), filter((st) => st.name === 'TransformedStatus' || st.isFailure)));
  action();
  await done;
  await settle(s.fixture);
}

function statusXml(s: Setup): string {
  return serializeXml(s.status.getData()!);
}

afterEach(() => {
  document.querySelectorAll('.cdk-overlay-container, .ui-grid-tooltip').forEach((e) => e.remove());
});

describe('Grid features: column filters', () => {
  it('writes an f:And per column into the status model and filters client rows in place', async () => {
    const s = await setup({ columnFilters: true, id: 'people' });
    expect(s.el.querySelectorAll('.ui-grid-filter-row .ui-grid-filter').length).toBe(3);
    typeFilter(s, 'name', 'e');
    await settle(s.fixture);
    expect(statusXml(s)).toContain('<f:And id="people_cf_name"><f:Expression bRef="name" op="like" value="*e*" ic="true"/></f:And>');
    expect(paintedNames(s)).toEqual(['Bert', 'Cleo', 'Emil']);
    typeFilter(s, 'qty', '5..9');
    await settle(s.fixture);
    expect(statusXml(s)).toContain('<f:And id="people_cf_qty"><f:Expression bRef="qty" op="&gt;=" value="5"/><f:Expression bRef="qty" op="&lt;=" value="9"/></f:And>');
    expect(viewIds(s)).toEqual(['R2', 'R3', 'R5']);
    typeFilter(s, 'name', '=Cleo');
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R3']);
  });

  it('a value-list filter button says in its accessible name which values it lets through, not only which column it filters', async () => {
    const s = await setup({ columnFilters: true });
    const button = () => s.el.querySelector<HTMLButtonElement>('button.ui-grid-filter[data-col-id="country"]')!;
    expect(button().textContent).toBe('(all)');
    expect(button().getAttribute('aria-label')).toBe('Filter COUNTRY, (all)');
    s.grid.setColumnFilter('country', { kind: 'values', values: ['FR', 'IT'] });
    await settle(s.fixture);
    expect(button().textContent).toBe('2 selected');
    expect(button().getAttribute('aria-label')).toBe('Filter COUNTRY, 2 selected');
  });

  it('Tab cycles through the values of an open value-list filter instead of leaving the popup for the page', async () => {
    const s = await setup({ columnFilters: true });
    s.el.querySelector<HTMLButtonElement>('button.ui-grid-filter[data-col-id="country"]')!.click();
    await settle(s.fixture);
    const boxes = [...document.querySelectorAll<HTMLInputElement>('.ui-grid-filter-panel input[type="checkbox"]')];
    expect(boxes.length).toBeGreaterThan(1);
    expect(document.activeElement).toBe(boxes[0]);
    const tab = (shiftKey: boolean) => {
      const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
      document.activeElement!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    // Shift+Tab on the first goes to the last; Tab on the last back to the first. In between the browser moves it.
    expect(tab(true)).toBeTrue();
    expect(document.activeElement).toBe(boxes[boxes.length - 1]);
    expect(tab(false)).toBeTrue();
    expect(document.activeElement).toBe(boxes[0]);
    expect(tab(false)).toBeFalse();
    expect(document.querySelector('.ui-grid-filter-panel')).not.toBeNull();
  });

  it('filters on the values read ahead after the load, and sees each edit in the next filter', async () => {
    const s = await setup({ columnFilters: true });
    clickCell(s, 1, 0);
    s.grid.pasteTsv('Berta');
    typeFilter(s, 'name', 'berta');
    await settle(s.fixture);
    expect(paintedNames(s)).toEqual(['Berta']);
    typeFilter(s, 'name', '');
    await settle(s.fixture);
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Anka');
    clickCell(s, 3, 1);
    s.grid.pasteTsv('8');
    typeFilter(s, 'name', 'a');
    typeFilter(s, 'qty', '5..');
    await settle(s.fixture);
    expect(paintedNames(s)).toEqual(['Berta', 'Dora']);
  });

  it('filters a large Wrs (read from the text it was parsed from) and sees the writes made after it', async () => {
    const rows: string[][] = [];
    for (let r = 1; r <= 12000; r++) rows.push([`person ${r}`, String(r % 10), ['DE', 'FR', 'IT'][r % 3]]);
    const data = wrsText([{ id: 'name', nullable: '0' }, { id: 'qty', type: 'INTEGER', nullable: '0' }, { id: 'country', references: ['DE', 'FR', 'IT'] }], rows);
    expect(data.length).toBeGreaterThan(SOURCE_TEXT_MIN_LENGTH);
    const s = await setup({ columnFilters: true }, { data });
    typeFilter(s, 'name', 'person 4321');
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R4321']);
    typeFilter(s, 'name', '');
    await settle(s.fixture);
    s.grid.write("/*/wrs:Data/*[@id='R7000']/wrs:C[1]", 'changed by write');
    s.grid.fire();
    s.grid.write("/*/wrs:Data/*[@id='R8001']/wrs:C[2]", '77');
    s.grid.fire();
    typeFilter(s, 'name', 'changed by');
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R7000']);
    typeFilter(s, 'name', 'person 800');
    typeFilter(s, 'qty', '10..');
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R8001']);
  });

  it('offers a value list for reference columns and combines it with the other filters by and', async () => {
    const s = await setup({ columnFilters: true });
    const button = s.el.querySelector<HTMLButtonElement>('button.ui-grid-filter[data-col-id="country"]')!;
    expect(button.textContent).toBe('(all)');
    button.click();
    const panel = document.querySelector<HTMLElement>('.ui-grid-filter-panel')!;
    const boxes = Array.from(panel.querySelectorAll<HTMLInputElement>('input[type=checkbox]'));
    expect(boxes.map((b) => b.value)).toEqual(['DE', 'FR', 'IT', '']);
    boxes[0].checked = true;
    boxes[0].dispatchEvent(new Event('change', { bubbles: true }));
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R1', 'R4']);
    expect(s.el.querySelector('button.ui-grid-filter[data-col-id="country"]')!.textContent).toBe('1 selected');
    typeFilter(s, 'qty', '2..');
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R1']);
    expect(statusXml(s)).toContain('<f:Or><f:Expression bRef="country" op="=" value="DE"/></f:Or>');
  });

  it('restores its filter from the status model on load (a bookmark) and shows it in the field', async () => {
    const status = `<f:Filter xmlns:f="${NS.f}"><f:And id="grid_cf_name"><f:Expression bRef="name" op="like" value="*o*" ic="true"/></f:And></f:Filter>`;
    const s = await setup({ columnFilters: true }, { data: PEOPLE() });
    s.status.getData()!.documentElement!.appendChild(s.status.getData()!.importNode(parseXml(status).documentElement!, true));
    s.status.noteChange([s.status.getData()!.documentElement!]);
    s.status.fire();
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R3', 'R4']);
    expect(s.el.querySelector<HTMLInputElement>('input.ui-grid-filter[data-col-id="name"]')!.value).toBe('o');
    await s.grid.execute(true);
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R3', 'R4']);
    expect(s.el.querySelector<HTMLInputElement>('input.ui-grid-filter[data-col-id="name"]')!.value).toBe('o');
  });

  it('keeps pending changes of filtered-out rows and saves them', async () => {
    const saved: string[] = [];
    const s = await setup({ columnFilters: true, customSave: (a: { wrs: Document }) => void saved.push(serializeXml(a.wrs)) });
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Anka');
    typeFilter(s, 'name', 'Bert');
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R2']);
    await s.grid.save();
    expect(saved.length).toBe(1);
    expect(saved[0]).toContain('<wrs:M id="R1"><wrs:C>Anka</wrs:C><wrs:O>Anna</wrs:O>');
  });

  it('honours columnFiltersCustomFilter and columnFiltersGetCaptionForColumnValue', async () => {
    const s = await setup({
      columnFilters: true,
      columnFiltersCustomFilter: { qty: (value: string | null, f: { kind: string; from?: string }) => f.kind === 'range' && Number(value) % Number(f.from) === 0 },
      columnFiltersGetCaptionForColumnValue: (colId: string, value: string | null) => (colId === 'name' ? `${value}-${(value ?? '').length}` : value ?? ''),
    });
    typeFilter(s, 'qty', '3');
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R1', 'R5']);
    typeFilter(s, 'qty', '');
    typeFilter(s, 'name', 'bert-4');
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R2']);
  });

  it('keeps the filter fields of frozen columns in view when scrolling sideways', async () => {
    const s = await setup({ columnFilters: true, hotArgs: { fixedColumnsStart: 1, colWidths: 400 } });
    const viewport = s.el.querySelector<HTMLElement>('.ui-grid-viewport')!;
    viewport.scrollLeft = 150;
    viewport.dispatchEvent(new Event('scroll'));
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    const filterCell = s.el.querySelector<HTMLElement>('.ui-grid-filter-cell')!;
    expect(filterCell.classList).toContain('ui-grid-cell-frozen');
    expect(filterCell.style.transform).toBe(`translateX(${viewport.scrollLeft}px)`);
  });

  it('marks a bad number in a range field invalid and keeps the filter it had', async () => {
    const s = await setup({ columnFilters: true });
    typeFilter(s, 'qty', 'abc');
    await settle(s.fixture);
    const input = s.el.querySelector<HTMLInputElement>('input.ui-grid-filter[data-col-id="qty"]')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.title).toBe('QTY: "abc" is not a number');
    expect(statusXml(s)).not.toContain('qty');
    expect(viewIds(s).length).toBe(5);
    typeFilter(s, 'qty', '3..');
    await settle(s.fixture);
    const fixed = s.el.querySelector<HTMLInputElement>('input.ui-grid-filter[data-col-id="qty"]')!;
    expect(fixed.getAttribute('aria-invalid')).toBeNull();
    expect(fixed.title).toBe('from..to');
  });

  it('says what is wrong with a filter in the app\'s language, and trims what is typed around a text', async () => {
    const s = await setup({ columnFilters: true }, { providers: [{ provide: GRID_MESSAGES, useValue: GRID_MESSAGES_DE }] });
    typeFilter(s, 'qty', '1..x');
    await settle(s.fixture);
    expect(s.el.querySelector<HTMLInputElement>('input.ui-grid-filter[data-col-id="qty"]')!.title).toBe('QTY: „x“ ist keine Zahl');
    typeFilter(s, 'qty', '');
    typeFilter(s, 'name', ' nn ');
    await settle(s.fixture);
    expect(paintedNames(s)).toEqual(['Anna']);
  });
});

describe('Grid features: reading a column ahead for its filter', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve));

  async function featuresOver(rows: number) {
    const columns = Array.from({ length: 4 }, (_, c) => ({ id: `c${c + 1}` }));
    const doc = parseXml(wrsText(columns, Array.from({ length: rows }, (_, r) => columns.map((_, c) => `${r + 1}-${c + 1}`))));
    const status = new StaticModel({ data: `<s:Status xmlns:s="urn:s" xmlns:f="${NS.f}"/>` });
    await status.fetchData();
    const index = WrsIndex.of(doc);
    const features = new GridFeatures({
      gridKey: () => 'warm',
      statusProvider: () => status,
      serverSided: () => false,
      pageSize: () => null,
      customFilter: () => null,
      captionFor: () => null,
      viewChanged: () => undefined,
      reload: async () => undefined,
    });
    features.reset(doc, gridLayout(index, null).columns, null);
    features.listen();
    return { features, doc };
  }

  it('reads the column of a focused filter in chunks, one per task, and filters on what it read', async () => {
    const { features } = await featuresOver(12_000);
    const values = features.view!.values;
    const reads = spyOn(values, 'readAhead').and.callThrough();
    features.warmColumn('c3');
    expect(reads).not.toHaveBeenCalled();
    await tick();
    expect(reads.calls.count()).toBe(1);
    for (let i = 0; i < 5; i++) await tick();
    expect(reads.calls.allArgs()).toEqual([[3, 5000], [3, 5000], [3, 5000]]);
    expect(values.readAhead(3, 0)).toBeTrue();
    features.setFilter('c3', { kind: 'text', op: 'contains', text: '11999-3' });
    expect(features.view!.matchedRows().map((r) => r.getAttribute('id'))).toEqual(['R11999']);
  });

  it('stops when another column is warmed or the data is replaced', async () => {
    const { features, doc } = await featuresOver(12_000);
    const values = features.view!.values;
    features.warmColumn('c2');
    await tick();
    features.warmColumn('c4');
    for (let i = 0; i < 5; i++) await tick();
    expect(values.readAhead(2, 0)).toBeFalse();
    expect(values.readAhead(4, 0)).toBeTrue();
    features.warmColumn('c1');
    features.reset(doc, gridLayout(WrsIndex.of(doc), null).columns, null);
    for (let i = 0; i < 3; i++) await tick();
    expect(values.readAhead(1, 0)).toBeFalse();
  });

  it('starts when the user enters a column\'s filter field', async () => {
    const s = await setup({ columnFilters: true });
    const warm = spyOn((s.grid as unknown as { features: GridFeatures }).features, 'warmColumn');
    s.el.querySelector<HTMLInputElement>('input.ui-grid-filter[data-col-id="qty"]')!.dispatchEvent(new FocusEvent('focus'));
    expect(warm).toHaveBeenCalledOnceWith('qty');
  });
});

describe('Grid features: sorting', () => {
  it('sorts by header click asc, desc, none; shift adds a second key; aria-sort tells', async () => {
    const s = await setup({}, { data: PEOPLE().replace('<wrs:C>Cleo</wrs:C><wrs:C>7</wrs:C>', '<wrs:C>Cleo</wrs:C><wrs:C>5</wrs:C>') });
    const header = (id: string) => s.el.querySelector<HTMLElement>(`.ui-grid-colheader[data-col-id="${id}"]`)!;
    header('qty').click();
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R4', 'R1', 'R2', 'R3', 'R5']);
    expect(header('qty').getAttribute('aria-sort')).toBe('ascending');
    header('qty').click();
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R5', 'R2', 'R3', 'R1', 'R4']);
    expect(header('qty').getAttribute('aria-sort')).toBe('descending');
    header('name').dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: true }));
    await settle(s.fixture);
    header('name').dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: true }));
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R5', 'R3', 'R2', 'R1', 'R4']);
    header('qty').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R1', 'R2', 'R3', 'R4', 'R5']);
    expect(header('qty').getAttribute('aria-sort')).toBe('none');
  });

  it('keeps the focus on a header sorted from the keyboard, so Enter sorts it again', async () => {
    const s = await setup();
    const header = (id: string) => s.el.querySelector<HTMLElement>(`.ui-grid-colheader[data-col-id="${id}"]`)!;
    header('qty').focus();
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await settle(s.fixture);
    expect(document.activeElement).toBe(header('qty'));
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await settle(s.fixture);
    expect(header('qty').getAttribute('aria-sort')).toBe('descending');
    expect(document.activeElement).toBe(header('qty'));
  });

  it('takes the initial order from grid:OrderColumns', async () => {
    const config = new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>p</wrq:BindingSet><grid:SelectColumns><grid:C bRef="name"/><grid:C bRef="qty"/></grid:SelectColumns><grid:OrderColumns><grid:C bRef="qty" order="desc"/></grid:OrderColumns></grid:GridConfiguration>`,
    });
    const s = await setup({ config });
    expect(viewIds(s)).toEqual(['R5', 'R3', 'R2', 'R1', 'R4']);
  });
});

describe('Grid features: client pagination', () => {
  it('pages the rows, keeps pending changes of other pages and offers show all', async () => {
    const s = await setup({ paginationSize: 2, paginationAllPages: true });
    const pager = () => s.el.querySelector<HTMLElement>('ui-grid-pager')!;
    expect(viewIds(s)).toEqual(['R1', 'R2']);
    expect(pager().querySelector('[data-test="page-of"]')!.textContent).toBe('Page 1 of 3');
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Anka');
    pager().querySelector<HTMLButtonElement>('[data-page="next"]')!.click();
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R3', 'R4']);
    expect(paintedNames(s)).toEqual(['Cleo', 'Dora']);
    pager().querySelector<HTMLButtonElement>('[data-page="last"]')!.click();
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R5']);
    expect(pager().querySelector<HTMLButtonElement>('[data-page="next"]')!.disabled).toBeTrue();
    expect(WrsIndex.of(s.grid.getData()!).rowById('R1')!.localName).toBe('M');
    const all = pager().querySelector<HTMLInputElement>('[data-page="all"]')!;
    all.checked = true;
    all.dispatchEvent(new Event('change'));
    await settle(s.fixture);
    expect(viewIds(s).length).toBe(5);
    expect(pager().querySelector('[data-test="page-of"]')!.textContent).toBe('Page 1 of 1');
  });

  it('is off by default and on with paginationSize; in topMode it sits below the grid', async () => {
    const plain = await setup();
    expect(plain.el.querySelector('ui-grid-pager')).toBeNull();
    TestBed.resetTestingModule();
    const top = await setup({ paginationSize: 20, topMode: true });
    const children = Array.from(top.el.children).map((c) => c.className || c.tagName.toLowerCase());
    expect(children.indexOf('ui-grid-pager')).toBeGreaterThan(children.findIndex((c) => c.includes('ui-grid-body')));
    expect(top.grid.viewRows().length).toBe(5);
  });

  it('takes page size and first page from the configuration\'s xp:Paginate', async () => {
    const xp = 'http://www.businesscode.de/schema/bcdui/xsltParams-1.0.0';
    const config = new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}" xmlns:xp="${xp}"><wrq:BindingSet>p</wrq:BindingSet><xp:Paginate><xp:PageSize>3</xp:PageSize><xp:PageNumber>2</xp:PageNumber></xp:Paginate><grid:SelectColumns><grid:C bRef="name"/></grid:SelectColumns></grid:GridConfiguration>`,
    });
    const s = await setup({ config });
    expect(viewIds(s)).toEqual(['R4', 'R5']);
    expect(s.el.querySelector('[data-test="page-of"]')!.textContent).toBe('Page 2 of 2');
  });

  it('keeps the keyboard focus in the pager when a turn disables the button pressed: it moves to the other direction', async () => {
    const s = await setup({ paginationSize: 2 });
    const pagerButton = (page: string) => s.el.querySelector<HTMLButtonElement>(`[data-page="${page}"]`)!;
    pagerButton('last').focus();
    pagerButton('last').click();
    await settle(s.fixture);
    expect(s.el.querySelector('[data-test="page-of"]')!.textContent).toBe('Page 3 of 3');
    expect(pagerButton('last').disabled).toBeTrue();
    expect(document.activeElement).toBe(pagerButton('previous'));
    pagerButton('first').focus();
    pagerButton('first').click();
    await settle(s.fixture);
    expect(document.activeElement).toBe(pagerButton('next'));
    pagerButton('next').click();
    await settle(s.fixture);
    expect(document.activeElement).withContext('a button still enabled keeps the focus').toBe(pagerButton('next'));
  });

  it('counts a page that rows were added to once: they are not shown again on a next page', async () => {
    const s = await setup({ paginationSize: 5 });
    s.grid.addRow();
    await settle(s.fixture);
    expect(viewIds(s).length).toBe(6);
    expect(s.el.querySelector('[data-test="page-of"]')!.textContent).toBe('Page 1 of 1');
    expect(s.el.querySelector<HTMLButtonElement>('[data-page="last"]')!.disabled).toBeTrue();
  });

  it('pastes lines past the end of a page into the rows of the next pages, and makes new rows only past the last row', async () => {
    const s = await setup({ paginationSize: 2 });
    clickCell(s, 1, 1);
    s.grid.pasteTsv('51\n52\n53\n');
    const rows = WrsIndex.of(s.grid.getData()!).rows();
    expect(rows.length).toBe(5);
    expect(rows.slice(1, 4).map((r) => `${r.getAttribute('id')}:${r.getElementsByTagNameNS(NS.wrs, 'C')[1].textContent}`)).toEqual(['R2:51', 'R3:52', 'R4:53']);
    s.grid.goToPage(2);
    await settle(s.fixture);
    clickCell(s, 0, 1);
    s.grid.pasteTsv('61\n62\n');
    expect(WrsIndex.of(s.grid.getData()!).rows().map((r) => r.localName)).toEqual(['R', 'M', 'M', 'M', 'M', 'I']);
  });

  it('with forceAddAtBottom adds a row after the last row of all, on the last page, in topMode too', async () => {
    for (const topMode of [false, true]) {
      TestBed.resetTestingModule();
      const s = await setup({ paginationSize: 2, forceAddAtBottom: true, topMode });
      s.grid.addRow();
      await settle(s.fixture);
      expect(s.el.querySelector('[data-test="page-of"]')!.textContent).withContext(`topMode ${topMode}`).toBe('Page 3 of 3');
      expect(viewIds(s).length).withContext(`topMode ${topMode}`).toBe(2);
      expect(s.grid.viewRows().map((r) => r.localName)).withContext(`topMode ${topMode}`).toEqual(['R', 'I']);
      const rows = WrsIndex.of(s.grid.getData()!).rows();
      expect(rows[rows.length - 1].localName).withContext(`topMode ${topMode}`).toBe('I');
    }
  });

  it('shows copies a redo brings back under the rows they copy, as the document holds them', async () => {
    const s = await setup({ paginationSize: 4 });
    clickCell(s, 1, 0);
    s.grid.duplicateSelectedRows();
    await settle(s.fixture);
    const docIds = () => WrsIndex.of(s.grid.getData()!).rows().slice(0, viewIds(s).length).map((r) => r.getAttribute('id') ?? '');
    expect(viewIds(s)).toEqual(docIds());
    expect(s.grid.undo()).toBeTrue();
    await settle(s.fixture);
    expect(s.grid.redo()).toBeTrue();
    await settle(s.fixture);
    expect(viewIds(s)[2]).toMatch(/^I_/);
    expect(viewIds(s)).toEqual(docIds());
    expect(paintedNames(s)).toEqual(['Anna', 'Bert', 'Bert', 'Cleo', 'Dora']);
  });

  it('adds a row on the current page', async () => {
    const s = await setup({ paginationSize: 2 });
    s.grid.goToPage(1);
    await settle(s.fixture);
    s.grid.addRow();
    await settle(s.fixture);
    expect(viewIds(s).length).toBe(3);
    expect(s.grid.viewRows()[2].localName).toBe('I');
  });
});

/** A grid configuration over the `people` binding set showing name, qty and country (the server-side page specs). */
const peopleConfig = () =>
  new StaticModel({
    data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>people</wrq:BindingSet><grid:SelectColumns><grid:C bRef="name"/><grid:C bRef="qty"/><grid:C bRef="country"/></grid:SelectColumns></grid:GridConfiguration>`,
  });

/** A backend over a fixed Wrs that answers pages (rowStart/rowEnd), count requests and f:Filter like the reference server. */
/**
 * A backend answering like the reference server: `f:Filter`, `rowStart`/`rowEnd`, the `count` request, and with
 * `maxRows` an answer cut at that many rows flagged by `wrs:Footer/wrs:MaxRowsExceeded`.
 */
function pagingBackend(data: string, requests: Document[], saves: Document[], delays: number[] = [], maxRows = Number.POSITIVE_INFINITY, saveGates: Promise<void>[] = []): WrsBackend {
  return {
    load: async (request) => {
      const req = typeof request === 'string' ? parseXml(request) : request;
      requests.push(req);
      const delay = delays.shift();
      if (delay) await new Promise((r) => setTimeout(r, delay));
      const doc = parseXml(data);
      const index = WrsIndex.of(doc);
      const select = req.getElementsByTagNameNS(NS.wrq, 'Select')[0];
      const rows = filterRows(index, req.getElementsByTagNameNS(NS.f, 'Filter')[0] ?? null);
      if (req.getElementsByTagNameNS(NS.wrq, 'C')[0]?.getAttribute('aggr') === 'count') {
        return parseXml(wrsText([{ id: 'count', type: 'INTEGER' }], [[String(rows.length)]]));
      }
      const start = Number(select.getAttribute('rowStart') ?? 1);
      const wanted = select.hasAttribute('rowEnd') ? Number(select.getAttribute('rowEnd')) - start + 1 : Number.POSITIVE_INFINITY;
      const limit = Math.min(wanted, maxRows);
      const keep = new Set(rows.slice(start - 1, start - 1 + limit));
      for (const row of [...index.rows()]) if (!keep.has(row)) row.parentNode!.removeChild(row);
      index.invalidate();
      if (limit === maxRows && limit < wanted && rows.length - (start - 1) > limit) {
        doc.documentElement.appendChild(parseXml(`<wrs:Footer xmlns:wrs="${NS.wrs}"><wrs:MaxRowsExceeded maxRows="${maxRows}">true</wrs:MaxRowsExceeded></wrs:Footer>`).documentElement.cloneNode(true));
      }
      return doc;
    },
    save: async (wrs) => {
      saves.push(typeof wrs === 'string' ? parseXml(wrs) : wrs);
      const gate = saveGates.shift();
      if (gate) await gate;
    },
    nextIdentifier: async () => 1,
  };
}

describe('Grid features: server-side pagination', () => {
  const config = peopleConfig;

  it('loads pages with rowStart/rowEnd and a total row count; filters and order go into the request', async () => {
    const requests: Document[] = [];
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 2, columnFilters: true }, { backend: pagingBackend(PEOPLE(), requests, []) });
    const select = (d: Document) => d.getElementsByTagNameNS(NS.wrq, 'Select')[0];
    const pageLoads = () => requests.filter((r) => r.getElementsByTagNameNS(NS.wrq, 'C')[0]?.getAttribute('aggr') !== 'count');
    expect(select(pageLoads()[0]).getAttribute('rowStart')).toBe('1');
    expect(select(pageLoads()[0]).getAttribute('rowEnd')).toBe('2');
    expect(requests.some((r) => r.getElementsByTagNameNS(NS.wrq, 'C')[0]?.getAttribute('aggr') === 'count')).toBeTrue();
    expect(s.el.querySelector('[data-test="page-of"]')!.textContent).toBe('Page 1 of 3');
    await reloading(s, () => s.grid.goToPage(2));
    expect(select(pageLoads().at(-1)!).getAttribute('rowStart')).toBe('5');
    expect(viewIds(s)).toEqual(['R5']);
    await reloading(s, () => s.grid.setColumnFilter('country', { kind: 'values', values: ['FR'] }));
    const last = pageLoads().at(-1)!;
    expect(serializeXml(last)).toContain('bRef="country" op="=" value="FR"');
    expect(select(last).getAttribute('rowStart')).toBe('1');
    expect(viewIds(s)).toEqual(['R2', 'R5']);
    expect(s.el.querySelector('[data-test="page-of"]')!.textContent).toBe('Page 1 of 1');
    await reloading(s, () => {
      s.grid.sortBy('qty');
      s.grid.sortBy('qty');
    });
    expect(serializeXml(pageLoads().at(-1)!)).toContain('<wrq:Ordering><wrq:C bRef="qty" order="desc"/></wrq:Ordering>');
  });

  it('numbers row headers by the row\'s place in the whole result on a server page', async () => {
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 2, rowHeaders: true }, { backend: pagingBackend(PEOPLE(), [], []) });
    const heads = () => Array.from(s.el.querySelectorAll('.ui-grid-row:not([style*="display: none"]) [role="rowheader"]'), (h) => h.textContent);
    expect(heads()).toEqual(['1', '2']);
    await reloading(s, () => s.grid.goToPage(1));
    expect(heads()).toEqual(['3', '4']);
    await reloading(s, () => s.grid.goToPage(2));
    expect(heads()).toEqual(['5']);
  });

  it('keeps pending changes when pages are turned faster than they load', async () => {
    const saves: Document[] = [];
    const delays: number[] = [];
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 2 }, { backend: pagingBackend(PEOPLE(), [], saves, delays) });
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Anka');
    delays.push(0, 0, 80, 0);
    await reloading(s, () => {
      s.grid.goToPage(1);
      s.grid.goToPage(2);
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(viewIds(s)).toEqual(['R5']);
    expect(WrsIndex.of(s.grid.getData()!).rowById('R1')!.localName).toBe('M');
    await s.grid.save();
    expect(serializeXml(saves[0])).toContain('<wrs:M id="R1"><wrs:C>Anka</wrs:C><wrs:O>Anna</wrs:O>');
  });

  it('counts the rows added and not saved yet in the total beside the server\'s count', async () => {
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 2 }, { backend: pagingBackend(PEOPLE(), [], []) });
    const rowsShown = () => s.el.querySelector('.ui-grid-pager')!.textContent!;
    expect(rowsShown()).toContain('2 of 5 rows');
    s.grid.addRow();
    await settle(s.fixture);
    expect(rowsShown()).toContain('3 of 6 rows');
  });

  it('asks the server for the xp:Paginate page size and page from the first request on', async () => {
    const requests: Document[] = [];
    const xp = 'http://www.businesscode.de/schema/bcdui/xsltParams-1.0.0';
    const paged = new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}" xmlns:xp="${xp}"><wrq:BindingSet>people</wrq:BindingSet><xp:Paginate><xp:PageSize>2</xp:PageSize><xp:PageNumber>2</xp:PageNumber></xp:Paginate><grid:SelectColumns><grid:C bRef="name"/></grid:SelectColumns></grid:GridConfiguration>`,
    });
    const s = await setup({ config: paged, serverSidedPagination: true }, { backend: pagingBackend(PEOPLE(), requests, []) });
    const first = requests.find((r) => r.getElementsByTagNameNS(NS.wrq, 'C')[0]?.getAttribute('aggr') !== 'count')!;
    expect(first.getElementsByTagNameNS(NS.wrq, 'Select')[0].getAttribute('rowStart')).toBe('3');
    expect(first.getElementsByTagNameNS(NS.wrq, 'Select')[0].getAttribute('rowEnd')).toBe('4');
    expect(viewIds(s)).toEqual(['R3', 'R4']);
    expect(s.el.querySelector('[data-test="page-of"]')!.textContent).toBe('Page 2 of 3');
  });

  it('keeps pending changes of pages left behind and saves them with the current page', async () => {
    const saves: Document[] = [];
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 2 }, { backend: pagingBackend(PEOPLE(), [], saves) });
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Anka');
    await reloading(s, () => s.grid.goToPage(1));
    expect(viewIds(s)).toEqual(['R3', 'R4']);
    expect(WrsIndex.of(s.grid.getData()!).rowById('R1')!.localName).toBe('M');
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Clea');
    await s.grid.save();
    expect(saves.length).toBe(1);
    const payload = serializeXml(saves[0]);
    expect(payload).toContain('<wrs:M id="R1"><wrs:C>Anka</wrs:C><wrs:O>Anna</wrs:O>');
    expect(payload).toContain('<wrs:M id="R3"><wrs:C>Clea</wrs:C><wrs:O>Cleo</wrs:O>');
  });
});

describe('Grid features: rows added on a server page', () => {
  const config = peopleConfig;

  it('keeps a row added on a page in view after going to another page and back, so it can be fixed or deleted', async () => {
    const saves: Document[] = [];
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 2 }, { backend: pagingBackend(PEOPLE(), [], saves) });
    s.grid.insertRowAt(2);
    clickCell(s, 2, 0);
    s.grid.pasteTsv('Zeno\t2\tIT');
    const added = viewIds(s)[2];
    await reloading(s, () => s.grid.goToPage(1));
    expect(viewIds(s)).toContain(added);
    await reloading(s, () => s.grid.goToPage(0));
    expect(viewIds(s)).toEqual(['R1', 'R2', added]);
    clickCell(s, 2, 0);
    s.grid.deleteSelectedRows();
    expect(WrsIndex.of(s.grid.getData()!).rowById(added)).toBeNull();
  });
});

describe('Grid features: editing across a server page turn', () => {
  const config = peopleConfig;
  const key = (s: Setup, k: string) => {
    const target = (document.querySelector('.ui-grid-editor') as HTMLElement | null) ?? (s.el.querySelector('.ui-grid-body') as HTMLElement);
    target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  };

  it('commits an open editor into its row before the page turns, and opens none while the page loads', async () => {
    const saves: Document[] = [];
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 2 }, { backend: pagingBackend(PEOPLE(), [], saves, [0, 30]) });
    clickCell(s, 1, 0);
    key(s, 'F2');
    (document.querySelector('.ui-grid-editor') as HTMLInputElement).value = 'Berta';
    const turned = reloading(s, () => s.grid.goToPage(1));
    expect(document.querySelector('.ui-grid-editor')).toBeNull();
    clickCell(s, 0, 0);
    key(s, 'x');
    expect(document.querySelector('.ui-grid-editor')).withContext('no editor while the page loads').toBeNull();
    await turned;
    await s.grid.save();
    expect(serializeXml(saves[0])).toContain('<wrs:C>Berta</wrs:C><wrs:O>Bert</wrs:O>');
  });
});

describe('Grid features: saving while pages load', () => {
  const config = peopleConfig;
  const gate = () => {
    let open!: () => void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    return { promise, open };
  };
  const shapes = (s: Setup) => WrsIndex.of(s.grid.getData()!).rows().map((r) => `${r.localName} ${r.getAttribute('id')}`);

  it('turns a page asked for during a save after it: the rows sent are committed, not carried and posted again', async () => {
    const saves: Document[] = [];
    const held = gate();
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 2 }, { backend: pagingBackend(PEOPLE(), [], saves, [], Number.POSITIVE_INFINITY, [held.promise]) });
    s.grid.insertRowAt(2);
    clickCell(s, 2, 0);
    s.grid.pasteTsv('Zeno\t2\tIT');
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Anka');
    const saving = s.grid.save();
    await new Promise((r) => setTimeout(r, 10));
    const turned = reloading(s, () => s.grid.goToPage(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(s.el.querySelector('[data-test="busy"]')!.textContent).withContext('still saving').toBe('Saving…');
    void s.grid.save();
    held.open();
    await saving;
    await turned;
    expect(viewIds(s)).toEqual(['R3', 'R4']);
    expect(shapes(s)).toEqual(['R R3', 'R R4']);
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Clea');
    await s.grid.save();
    expect(saves.length).toBe(2);
    expect(serializeXml(saves[0])).toContain('<wrs:I ');
    expect(serializeXml(saves[1])).not.toContain('<wrs:I ');
    expect(serializeXml(saves[1])).not.toContain('Anka');
    expect(serializeXml(saves[1])).toContain('<wrs:M id="R3"><wrs:C>Clea</wrs:C><wrs:O>Cleo</wrs:O>');
  });

  it('resets after a running save: the saved value is not turned back by a change against it', async () => {
    const saves: Document[] = [];
    const held = gate();
    // The server holds the new value once the save is answered.
    let stored = PEOPLE();
    const base = pagingBackend(PEOPLE(), [], saves, [], Number.POSITIVE_INFINITY, [held.promise]);
    const backend: WrsBackend = {
      ...base,
      load: (request, options) => pagingBackend(stored, [], []).load(request, options),
      save: async (wrs, options) => {
        await base.save(wrs, options);
        stored = PEOPLE().replace('Anna', 'Anka');
      },
    };
    const s = await setup({ config: config() }, { backend });
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Anka');
    const saving = s.grid.save();
    await new Promise((r) => setTimeout(r, 10));
    const reset = s.grid.actionReset();
    await new Promise((r) => setTimeout(r, 20));
    clickCell(s, 1, 0);
    s.grid.pasteTsv('Berta');
    held.open();
    await saving;
    await reset;
    await settle(s.fixture);
    expect(shapes(s).every((shape) => shape.startsWith('R '))).toBeTrue();
    expect(serializeXml(WrsIndex.of(s.grid.getData()!).rowById('R1')!)).toContain('<wrs:C>Anka</wrs:C>');
  });

  it('finishes a save whose customSave reloads the grid (no wait of the load for the save that waits for it)', async () => {
    const s = await setup({ customSave: async ({ gridModel }: { gridModel: DataProvider }) => { await gridModel.execute(true); } });
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Anka');
    const done = s.grid.save().then(() => 'done');
    const outcome = await Promise.race([done, new Promise((resolve) => setTimeout(() => resolve('still saving'), 2000))]);
    await settle(s.fixture);
    expect(outcome).toBe('done');
    expect(s.el.querySelector('[data-test="busy"]')).toBeNull();
  });

  it('undoes and redoes nothing while a page loads: the pending change the page turn carries stays as it was', async () => {
    const saves: Document[] = [];
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 2 }, { backend: pagingBackend(PEOPLE(), [], saves, [0, 30]) });
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Anka');
    const turned = reloading(s, () => s.grid.goToPage(1));
    expect(s.grid.undo()).toBeFalse();
    await turned;
    await s.grid.save();
    expect(serializeXml(saves[0])).toContain('<wrs:C>Anka</wrs:C><wrs:O>Anna</wrs:O>');
  });

  it('tells a failed page turn in the status line and still saves the pending changes of the page shown', async () => {
    const saves: Document[] = [];
    const base = pagingBackend(PEOPLE(), [], saves);
    let failing = false;
    const backend: WrsBackend = {
      ...base,
      load: (request, options) => (failing ? Promise.reject(new WrsError('BACKEND', 'HTTP 500 from the server', null)) : base.load(request, options)),
    };
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 2 }, { backend });
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Anka');
    failing = true;
    await reloading(s, () => s.grid.goToPage(1));
    expect(s.grid.getStatus().name).toBe('LoadFailedStatus');
    expect(s.el.querySelector('[data-test="message"]')!.textContent).toContain('Loading failed: HTTP 500 from the server');
    await settle(s.fixture);
    expect(s.el.querySelector('[data-test="page-of"]')!.textContent).withContext('the pager stays on the page shown').toBe('Page 1 of 3');
    const undoButton = s.el.querySelector('[data-action="undo"]') as HTMLButtonElement;
    expect(undoButton.disabled).withContext('undo does not run until a load succeeds: its button says so').toBeTrue();
    failing = false;
    await s.grid.save();
    expect(saves.length).toBe(1);
    expect(serializeXml(saves[0])).toContain('<wrs:C>Anka</wrs:C><wrs:O>Anna</wrs:O>');
    await reloading(s, () => s.grid.goToPage(1));
    expect(viewIds(s)).toEqual(['R3', 'R4']);
    expect(WrsIndex.of(s.grid.getData()!).rows().map((r) => r.localName)).withContext('the saved row is not carried again').toEqual(['R', 'R']);
  });
});

describe('Grid features: undo across server page turns', () => {
  const config = peopleConfig;
  const pageOf = (s: Setup) => s.el.querySelector('[data-test="page-of"]')!.textContent;
  const message = (s: Setup) => s.el.querySelector('[data-test="message"]')?.textContent ?? '';
  const focusedName = (s: Setup) => s.el.querySelector<HTMLElement>('.ui-grid-cell-focus')!.parentElement!.querySelector('[aria-colindex="1"]')!.textContent;
  const rowXml = (s: Setup, id: string) => serializeXml(WrsIndex.of(s.grid.getData()!).rowById(id)!).replace(/ xmlns:wrs="[^"]*"/g, '');
  const pageLoads = (requests: Document[]) => requests.filter((r) => r.getElementsByTagNameNS(NS.wrq, 'C')[0]?.getAttribute('aggr') !== 'count');
  /** The rows of the grid's document, as the server would answer the page shown now (the last page request). */
  const dataXml = (doc: Document) => serializeXml(WrsIndex.of(doc).data!);

  it('undoes an edit on a page left behind by turning to that page, which then holds exactly what the server sends; redo and save go on', async () => {
    const requests: Document[] = [];
    const saves: Document[] = [];
    const backend = pagingBackend(PEOPLE(), requests, saves);
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 2 }, { backend });
    const undoButton = () => s.el.querySelector('[data-action="undo"]') as HTMLButtonElement;
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Anka');
    await reloading(s, () => s.grid.goToPage(1));
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Clea');
    await reloading(s, () => s.grid.goToPage(2));
    expect(viewIds(s)).toEqual(['R5']);
    expect(undoButton().disabled).withContext('the page turn keeps the history').toBeFalse();
    // The edit of page 2: undone in the rows carried along, then the page turns to show it.
    await reloading(s, () => undoButton().click());
    expect(pageOf(s)).toBe('Page 2 of 3');
    expect(paintedNames(s)).toEqual(['Cleo', 'Dora']);
    expect(focusedName(s)).toBe('Cleo');
    expect(rowXml(s, 'R3')).toBe('<wrs:R id="R3"><wrs:C>Cleo</wrs:C><wrs:C>7</wrs:C><wrs:C>IT</wrs:C></wrs:R>');
    expect(rowXml(s, 'R1')).toBe('<wrs:M id="R1"><wrs:C>Anka</wrs:C><wrs:O>Anna</wrs:O><wrs:C>3</wrs:C><wrs:O>3</wrs:O><wrs:C>DE</wrs:C><wrs:O>DE</wrs:O></wrs:M>');
    expect(message(s)).toBe('');
    // The edit of page 1: the page shown after it is the server's page 1 exactly, nothing pending.
    await reloading(s, () => undoButton().click());
    expect(pageOf(s)).toBe('Page 1 of 3');
    expect(paintedNames(s)).toEqual(['Anna', 'Bert']);
    expect(focusedName(s)).toBe('Anna');
    const fresh = await backend.load(pageLoads(requests).at(-1)!, { url: 'u' });
    expect(dataXml(s.grid.getData()!)).toBe(dataXml(fresh));
    expect(undoButton().disabled).toBeTrue();
    // Redo: the edit of page 1 in place, the one of page 2 turning to it again.
    expect(s.grid.redo()).toBeTrue();
    await settle(s.fixture);
    expect(paintedNames(s)).toEqual(['Anka', 'Bert']);
    await reloading(s, () => s.grid.redo());
    expect(pageOf(s)).toBe('Page 2 of 3');
    expect(paintedNames(s)).toEqual(['Clea', 'Dora']);
    await s.grid.save();
    const payload = serializeXml(saves[0]);
    expect(payload).toContain('<wrs:M id="R1"><wrs:C>Anka</wrs:C><wrs:O>Anna</wrs:O>');
    expect(payload).toContain('<wrs:M id="R3"><wrs:C>Clea</wrs:C><wrs:O>Cleo</wrs:O>');
  });

  it('redoes nothing on another record a filter change moved under the id of a key-less row (server ids are positions)', async () => {
    const saves: Document[] = [];
    const base = pagingBackend(PEOPLE(), [], saves);
    // As the reference server does: ids number the rows of the answer, so after a filter change an id names another record.
    const backend: WrsBackend = {
      ...base,
      load: async (request, options) => {
        const doc = await base.load(request, options);
        const req = typeof request === 'string' ? parseXml(request) : request;
        const start = Number(req.getElementsByTagNameNS(NS.wrq, 'Select')[0]?.getAttribute('rowStart') ?? 1);
        WrsIndex.of(doc).rows().forEach((row, i) => row.setAttribute('id', `R${start + i}`));
        WrsIndex.invalidate(doc);
        return doc;
      },
    };
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 2 }, { backend });
    clickCell(s, 1, 0);
    s.grid.deleteSelectedRows();
    expect(rowXml(s, 'R2')).toContain('<wrs:D id="R2"><wrs:C>Bert</wrs:C>');
    expect(s.grid.undo()).toBeTrue();
    await settle(s.fixture);
    await reloading(s, () => s.grid.setColumnFilter('country', { kind: 'values', values: ['FR', 'IT'] }));
    expect(paintedNames(s)).toEqual(['Bert', 'Cleo']);
    expect(rowXml(s, 'R2')).toBe('<wrs:R id="R2"><wrs:C>Cleo</wrs:C><wrs:C>7</wrs:C><wrs:C>IT</wrs:C></wrs:R>');
    s.grid.redo();
    await settle(s.fixture);
    expect(WrsIndex.of(s.grid.getData()!).rows().map((r) => r.localName)).withContext('Cleo was never touched').toEqual(['R', 'R']);
    await s.grid.save();
    expect(saves.map((d) => serializeXml(d)).join('')).not.toContain('<wrs:D');
  });

  it('gives back what the server sends once everything is undone, after edits, adds, deletes and restores on pages turned in between', async () => {
    for (const seed of [1, 2, 13, 22]) {
      TestBed.resetTestingModule();
      let state = seed;
      const random = (n: number) => {
        state = (state * 1103515245 + 12345) % 2147483648;
        return state % n;
      };
      const requests: Document[] = [];
      const data = wrsText(
        [{ id: 'name', nullable: '0', isKey: true }, { id: 'qty', type: 'INTEGER', nullable: '0' }, { id: 'country' }],
        Array.from({ length: 7 }, (_, i) => [`n${i + 1}`, String(i), 'DE']),
      );
      const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 3 }, { backend: pagingBackend(data, requests, []) });
      const ready = async () => {
        await until(() => s.grid.isReady());
        await settle(s.fixture);
      };
      for (let step = 0; step < 25; step++) {
        const rows = viewIds(s).length;
        const op = random(7);
        if (rows > 0) clickCell(s, random(rows), random(2));
        if (op === 0) s.grid.goToPage(random(3));
        else if (op === 5) s.grid.duplicateSelectedRows();
        else if (op === 1) s.grid.addRow();
        else if (op === 2) s.grid.deleteSelectedRows();
        else if (op === 3) s.grid.restoreSelectedRows();
        else if (op === 4 && s.grid.undo()) await ready();
        else s.grid.pasteTsv(String(100 + step));
        await ready();
        expectConsistentDom([s.grid.getData()], `seed ${seed}, step ${step}`);
      }
      while (s.grid.undo()) await ready();
      const context = `seed ${seed}`;
      expect(WrsIndex.of(s.grid.getData()!).changedRows().map((r) => r.getAttribute('id'))).withContext(context).toEqual([]);
      const fresh = await pagingBackend(data, [], []).load(pageLoads(requests).at(-1)!, { url: 'u' });
      expect(dataXml(s.grid.getData()!)).withContext(context).toBe(dataXml(fresh));
    }
  });

  it('undoes a row added on a server page from another page, and says so when the filter changed since an edit', async () => {
    const requests: Document[] = [];
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 2, columnFilters: true }, { backend: pagingBackend(PEOPLE(), requests, []) });
    s.grid.insertRowAt(2);
    clickCell(s, 2, 0);
    s.grid.pasteTsv('Zeno');
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Anka');
    // Filtered to FR and IT: Bert and Cleo on page 1, Emil on page 2; Anna on none.
    await reloading(s, () => s.grid.setColumnFilter('country', { kind: 'values', values: ['FR', 'IT'] }));
    expect(paintedNames(s)).toEqual(['Bert', 'Cleo', 'Zeno']);
    expect(s.grid.undo()).toBeTrue();
    await settle(s.fixture);
    expect(message(s)).toBe('Undone in 1 row not on this page');
    expect(WrsIndex.of(s.grid.getData()!).changedRows().map((r) => r.localName)).toEqual(['I']);
    await reloading(s, () => s.grid.goToPage(1));
    expect(s.grid.undo()).toBeTrue();
    expect(s.grid.undo()).toBeTrue();
    await settle(s.fixture);
    expect(WrsIndex.of(s.grid.getData()!).changedRows()).toEqual([]);
    const fresh = await pagingBackend(PEOPLE(), [], []).load(pageLoads(requests).at(-1)!, { url: 'u' });
    expect(dataXml(s.grid.getData()!)).toBe(dataXml(fresh));
    expect(s.grid.undo()).toBeFalse();
    // Redo: the add and the paste here; the edit of Anna waits for a page the filter no longer shows, and says so.
    expect(s.grid.redo()).toBeTrue();
    expect(s.grid.redo()).toBeTrue();
    await settle(s.fixture);
    expect(paintedNames(s)).toEqual(['Emil', 'Zeno']);
    expect(s.grid.redo()).toBeFalse();
    await settle(s.fixture);
    expect(message(s)).toBe('Not redone: the change is on a page the filter or order now in place does not show');
    expect(WrsIndex.of(s.grid.getData()!).changedRows().map((r) => r.localName)).toEqual(['I']);
  });
});

describe('Grid features: export with server-side pages', () => {
  const config = peopleConfig;
  const pageLoads = (requests: Document[]) => requests.filter((r) => r.getElementsByTagNameNS(NS.wrq, 'C')[0]?.getAttribute('aggr') !== 'count');

  it('exports every page from the server with the pending changes of all pages applied', async () => {
    spyOn(HTMLAnchorElement.prototype, 'click');
    const requests: Document[] = [];
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 2, columnFilters: true }, { backend: pagingBackend(PEOPLE(), requests, []) });
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Anka');
    await reloading(s, () => s.grid.goToPage(1));
    clickCell(s, 1, 1);
    s.grid.pasteTsv('70');
    s.grid.insertRowAt(2);
    clickCell(s, 2, 0);
    s.grid.pasteTsv('Zeno\t2\tIT');
    clickCell(s, 0, 0);
    s.grid.deleteSelectedRows();
    const before = pageLoads(requests).length;
    const all = await s.grid.exportData('csv', true);
    const sent = pageLoads(requests).slice(before);
    expect(sent.length).toBe(1);
    expect(sent[0].getElementsByTagNameNS(NS.wrq, 'Select')[0].hasAttribute('rowStart')).toBeFalse();
    expect(await all!.text()).toBe('NAME,QTY,COUNTRY\r\nAnka,3,DE\r\nBert,5,FR\r\nDora,70,DE\r\nEmil,9,FR\r\nZeno,2,IT\r\n');
    expect(viewIds(s).length).toBe(3);
  });

  it('exports the rows of the filter from every page, or all rows without the grid\'s column filters', async () => {
    spyOn(HTMLAnchorElement.prototype, 'click');
    const requests: Document[] = [];
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 1, columnFilters: true, id: 'people' }, { backend: pagingBackend(PEOPLE(), requests, []) });
    await reloading(s, () => s.grid.setColumnFilter('country', { kind: 'values', values: ['DE', 'FR'] }));
    expect(viewIds(s)).toEqual(['R1']);
    const filtered = await s.grid.exportData('csv');
    expect(serializeXml(requests.at(-1)!)).toContain('people_cf_country');
    expect(await filtered!.text()).toBe('NAME,QTY,COUNTRY\r\nAnna,3,DE\r\nBert,5,FR\r\nDora,1,DE\r\nEmil,9,FR\r\n');
    const all = await s.grid.exportData('csv', true);
    expect(serializeXml(requests.at(-1)!)).not.toContain('people_cf_country');
    expect((await all!.text()).split('\r\n').length).toBe(7);
  });

  it('tells the user when the server cut the export at its row limit', async () => {
    spyOn(HTMLAnchorElement.prototype, 'click');
    const s = await setup({ config: config(), serverSidedPagination: true, paginationSize: 2 }, { backend: pagingBackend(PEOPLE(), [], [], [], 3) });
    expect(viewIds(s)).toEqual(['R1', 'R2']);
    const csv = await s.grid.exportData('csv', true);
    await settle(s.fixture);
    expect(await csv!.text()).toBe('NAME,QTY,COUNTRY\r\nAnna,3,DE\r\nBert,5,FR\r\nCleo,7,IT\r\n');
    expect(s.el.querySelector('[data-test="message"]')!.textContent).toBe('The export holds only the first 3 rows: the server sends no more');
  });
});

describe('Grid features: column filters on data loaded from the backend', () => {
  it('keeps the grid\'s column filters out of the request and filters the loaded rows on the client', async () => {
    const requests: Document[] = [];
    const config = new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>people</wrq:BindingSet><grid:SelectColumns><grid:C bRef="name"/><grid:C bRef="qty"/></grid:SelectColumns></grid:GridConfiguration>`,
    });
    const s = await setup({ config, columnFilters: true }, { backend: pagingBackend(PEOPLE(), requests, []) });
    expect(viewIds(s).length).toBe(5);
    s.grid.setColumnFilter('qty', { kind: 'range', from: '5', to: '' });
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R2', 'R3', 'R5']);
    expect(requests.length).toBe(1);
    await reloading(s, () => void s.grid.execute(true));
    expect(requests.length).toBe(2);
    expect(serializeXml(requests[1])).not.toContain('grid_cf_qty');
    expect(viewIds(s)).toEqual(['R2', 'R3', 'R5']);
  });
});

describe('Grid features: jumping to a row', () => {
  it('turns to the client page holding the row, and names a row the filter hides', async () => {
    const s = await setup({ paginationSize: 2, columnFilters: true });
    s.grid.jumpToRow({ rowId: 'R5' });
    await settle(s.fixture);
    expect(viewIds(s)).toEqual(['R5']);
    s.grid.setColumnFilter('name', { kind: 'text', op: 'equals', text: 'Anna' });
    await settle(s.fixture);
    expect(() => s.grid.jumpToRow({ rowId: 'R3' })).toThrowError(/R3 is hidden by the filter/);
  });
});

describe('Grid features: undo and redo of rows out of view', () => {
  const message = (s: Setup) => s.el.querySelector('[data-test="message"]')?.textContent ?? '';
  const pageOf = (s: Setup) => s.el.querySelector('[data-test="page-of"]')!.textContent;
  const focusedName = (s: Setup) => s.el.querySelector<HTMLElement>('.ui-grid-cell-focus')!.parentElement!.querySelector('[aria-colindex="1"]')!.textContent;

  it('turns to the client page of the rows an undo or redo changes and focuses the first of them', async () => {
    const s = await setup({ paginationSize: 2 });
    clickCell(s, 1, 0);
    s.grid.pasteTsv('Berta\nCleopatra');
    s.grid.goToPage(2);
    await settle(s.fixture);
    expect(s.grid.undo()).toBeTrue();
    await settle(s.fixture);
    expect(pageOf(s)).toBe('Page 1 of 3');
    expect(focusedName(s)).toBe('Bert');
    s.grid.goToPage(2);
    await settle(s.fixture);
    expect(s.grid.redo()).toBeTrue();
    await settle(s.fixture);
    expect(pageOf(s)).toBe('Page 1 of 3');
    expect(focusedName(s)).toBe('Berta');
    expect(message(s)).toBe('');
  });

  it('turns to the client page of a row an undo of its add removes, the focus on the row now where it was; a row the filter hides is named', async () => {
    const s = await setup({ paginationSize: 2, columnFilters: true });
    s.grid.goToPage(1);
    await settle(s.fixture);
    s.grid.insertRowAt(1);
    clickCell(s, 1, 0);
    s.grid.pasteTsv('Zeno');
    await settle(s.fixture);
    expect(paintedNames(s)).toEqual(['Cleo', 'Zeno', 'Dora']);
    s.grid.goToPage(0);
    await settle(s.fixture);
    clickCell(s, 0, 1);
    // The paste into the new row, then the add: the first undo shows the row emptied, the second where it was.
    expect(s.grid.undo()).toBeTrue();
    await settle(s.fixture);
    expect(pageOf(s)).toBe('Page 2 of 3');
    expect(paintedNames(s)).toEqual(['Cleo', '']);
    s.grid.goToPage(0);
    await settle(s.fixture);
    expect(s.grid.undo()).toBeTrue();
    await settle(s.fixture);
    expect(pageOf(s)).toBe('Page 2 of 3');
    expect(paintedNames(s)).toEqual(['Cleo', 'Dora']);
    expect(focusedName(s)).toBe('Dora');
    expect(WrsIndex.of(s.grid.getData()!).rows().map((r) => `${r.localName}${r.getAttribute('id')}`)).toEqual(['RR1', 'RR2', 'RR3', 'RR4', 'RR5']);
    expect(message(s)).toBe('');
    // A new row the filter hides: the undo says so.
    s.grid.insertRowAt(0);
    await settle(s.fixture);
    s.grid.setColumnFilter('name', { kind: 'text', op: 'equals', text: 'Cleo' });
    await settle(s.fixture);
    expect(s.grid.undo()).toBeTrue();
    await settle(s.fixture);
    expect(WrsIndex.of(s.grid.getData()!).rowCount).toBe(5);
    expect(message(s)).toBe('Undone in 1 row hidden by the filter');
  });

  it('says in the status line that an undo or redo changed only rows the filter hides', async () => {
    const s = await setup({ columnFilters: true });
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Zeta\nYves');
    s.grid.setColumnFilter('name', { kind: 'text', op: 'equals', text: 'Cleo' });
    await settle(s.fixture);
    expect(s.grid.undo()).toBeTrue();
    await settle(s.fixture);
    expect(WrsIndex.of(s.grid.getData()!).rowById('R1')!.localName).toBe('R');
    expect(message(s)).toBe('Undone in 2 rows hidden by the filter');
    expect(s.grid.redo()).toBeTrue();
    await settle(s.fixture);
    expect(message(s)).toBe('Redone in 2 rows hidden by the filter');
    clickCell(s, 0, 1);
    s.grid.pasteTsv('8');
    await settle(s.fixture);
    // The next change ends the note: it told what the redo did.
    expect(message(s)).toBe('');
    expect(s.grid.undo()).toBeTrue();
    await settle(s.fixture);
    expect(message(s)).toBe('');
  });

  it('takes the English text of a message key an app\'s own table lacks', async () => {
    const table: Record<string, string | undefined> = { ...GRID_MESSAGES_DE };
    delete table['undoneHiddenByFilter'];
    const s = await setup({ columnFilters: true }, { providers: [{ provide: GRID_MESSAGES, useValue: table }] });
    clickCell(s, 0, 0);
    s.grid.pasteTsv('Zeta');
    s.grid.setColumnFilter('name', { kind: 'text', op: 'equals', text: 'Cleo' });
    await settle(s.fixture);
    s.grid.undo();
    await settle(s.fixture);
    expect(message(s)).toBe('Undone in 1 Zeile hidden by the filter');
    s.grid.redo();
    await settle(s.fixture);
    expect(message(s)).toBe('Wiederholt in 1 Zeile, vom Filter ausgeblendet');
  });
});

describe('Grid features: jumping to an invalid cell the filter hides', () => {
  /** The name in the focused cell's row and the focused column's 1-based index, as painted. */
  function focused(s: Setup): [string, number] {
    const cell = s.el.querySelector<HTMLElement>('.ui-grid-cell-focus')!;
    return [cell.parentElement!.querySelector('[aria-colindex="1"]')!.textContent ?? '', Number(cell.getAttribute('aria-colindex'))];
  }
  const message = (s: Setup) => s.el.querySelector('[data-test="message"]')?.textContent ?? '';
  const data = () => PEOPLE().replace('<wrs:C>5</wrs:C>', '<wrs:C>five</wrs:C>').replace('<wrs:C>7</wrs:C>', '<wrs:C>seven</wrs:C>');

  it('counts it while others are in view, then removes only the filters hiding it and focuses it', async () => {
    const s = await setup({ columnFilters: true, id: 'people' }, { data: data() });
    typeFilter(s, 'name', 'e');
    s.grid.setColumnFilter('country', { kind: 'values', values: ['FR'] });
    await settle(s.fixture);
    expect(paintedNames(s)).toEqual(['Bert', 'Emil']);
    clickCell(s, 1, 0);
    s.grid.jumpToError();
    await settle(s.fixture);
    expect(focused(s)).toEqual(['Bert', 2]);
    expect(message(s)).toBe('1 invalid cell hidden by the filter');

    s.grid.pasteTsv('5');
    s.grid.jumpToError();
    await settle(s.fixture);
    expect(paintedNames(s)).toEqual(['Bert', 'Cleo', 'Emil']);
    expect(focused(s)).toEqual(['Cleo', 2]);
    expect(message(s)).toBe('Filter on COUNTRY removed to show an invalid cell');
    expect(statusXml(s)).toContain('people_cf_name');
    expect(statusXml(s)).not.toContain('people_cf_country');
  });

  it('says so when the app\'s own filter hides it, and names it when a save stops', async () => {
    const s = await setup({ columnFilters: true }, { data: data() });
    const root = s.status.getData()!.documentElement;
    root.appendChild(parseXml(`<f:Filter xmlns:f="${NS.f}"><f:Expression bRef="country" op="=" value="DE"/></f:Filter>`).documentElement.cloneNode(true));
    s.status.noteChange([root]);
    s.status.fire();
    await settle(s.fixture);
    expect(paintedNames(s)).toEqual(['Anna', 'Dora']);
    await s.grid.save();
    await settle(s.fixture);
    expect(message(s)).toBe('Not saved: 2 invalid cells. 2 invalid cells hidden by the filter');
    expect(paintedNames(s)).toEqual(['Anna', 'Dora']);
  });
});

describe('Grid features: context menu', () => {
  function openMenu(s: Setup, row: number, col: number): void {
    const cell = paintedCell(s, row, col);
    const rect = cell.getBoundingClientRect();
    cell.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: rect.left + 3, clientY: rect.top + 3 }));
  }
  const menu = () => document.querySelector<HTMLElement>('.ui-grid-context-menu');
  const items = () => Array.from(menu()!.querySelectorAll<HTMLElement>('[role="menuitem"]'));

  it('opens the default menu in a CDK overlay on the clicked cell, keyboard accessible', async () => {
    const s = await setup({ contextMenu: true });
    openMenu(s, 1, 0);
    await settle(s.fixture);
    expect(menu()!.getAttribute('role')).toBe('menu');
    expect(menu()!.closest('.cdk-overlay-container')).not.toBeNull();
    expect(items().map((i) => i.textContent)).toEqual(['Cut', 'Copy', 'Paste', 'Paste as new rows', 'Insert row above', 'Insert row below', 'Duplicate row', 'Delete row', 'Restore', 'Clear cells', 'Fill series', 'Hide column', 'Reset columns', 'Export']);
    expect(document.activeElement).toBe(items()[0]);
    items()[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(document.activeElement).toBe(items()[1]);
    items()[1].dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    expect(document.activeElement).toBe(items()[13]);
    items()[13].dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(s.el.querySelector('.ui-grid-body'));
  });

  it('runs cut on the cell it was opened on: copied through the CDK clipboard and emptied, one undo step; German caption', async () => {
    const s = await setup({ contextMenu: true }, { providers: [{ provide: GRID_MESSAGES, useValue: GRID_MESSAGES_DE }] });
    const copy = spyOn(TestBed.inject(Clipboard), 'copy').and.returnValue(true);
    const before = serializeXml(s.grid.getData()!);
    openMenu(s, 0, 1);
    await settle(s.fixture);
    const cut = items().find((i) => i.dataset['action'] === 'cut')!;
    expect(cut.textContent).toBe('Ausschneiden');
    cut.click();
    await settle(s.fixture);
    expect(copy).toHaveBeenCalledTimes(1);
    expect(copy.calls.mostRecent().args[0]).not.toBe('');
    const row = WrsIndex.of(s.grid.getData()!).rowById('R1')!;
    expect(row.localName).toBe('M');
    expect(s.grid.undo()).toBeTrue();
    expect(serializeXml(s.grid.getData()!)).toBe(before);
  });

  it('runs insert below, delete and clear cells on the row it was opened on', async () => {
    const s = await setup({ contextMenu: true });
    openMenu(s, 1, 0);
    await settle(s.fixture);
    items().find((i) => i.dataset['action'] === 'insertRowBelow')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await settle(s.fixture);
    expect(menu()).toBeNull();
    const rows = WrsIndex.of(s.grid.getData()!).rows();
    expect(rows.map((r) => r.localName)).toEqual(['R', 'R', 'I', 'R', 'R', 'R']);
    openMenu(s, 0, 1);
    await settle(s.fixture);
    items().find((i) => i.dataset['action'] === 'deleteRow')!.click();
    expect(WrsIndex.of(s.grid.getData()!).rowById('R1')!.localName).toBe('D');
    openMenu(s, 3, 0);
    await settle(s.fixture);
    items().find((i) => i.dataset['action'] === 'clearCells')!.click();
    expect(WrsIndex.of(s.grid.getData()!).rowById('R3')!.getElementsByTagNameNS(NS.wrs, 'C')[0].textContent).toBe('');
  });

  it('pastes the clipboard as new rows', async () => {
    const s = await setup({ contextMenu: true });
    s.grid.clipboardReader = async () => 'Xaver\t4\nYvo\t6';
    openMenu(s, 4, 0);
    await settle(s.fixture);
    items().find((i) => i.dataset['action'] === 'pasteAsNewRows')!.click();
    await settle(s.fixture);
    const rows = WrsIndex.of(s.grid.getData()!).rows();
    expect(rows.length).toBe(7);
    expect(serializeXml(rows[5])).toContain('<wrs:C>Xaver</wrs:C><wrs:C>4</wrs:C>');
    expect(serializeXml(rows[6])).toContain('<wrs:C>Yvo</wrs:C><wrs:C>6</wrs:C>');
    expect(rows[5].localName).toBe('I');
  });

  it('disables editing entries when read-only and new-row entries without allowNewRows', async () => {
    const s = await setup({ contextMenu: true, isReadOnly: true });
    openMenu(s, 0, 0);
    await settle(s.fixture);
    const disabled = items().filter((i) => i.getAttribute('aria-disabled') === 'true').map((i) => i.dataset['action']);
    expect(disabled).toEqual(['cut', 'paste', 'pasteAsNewRows', 'insertRowAbove', 'insertRowBelow', 'duplicateRow', 'deleteRow', 'restore', 'clearCells', 'fillSeries']);
    items().find((i) => i.dataset['action'] === 'deleteRow')!.click();
    expect(menu()).not.toBeNull();
    expect(WrsIndex.of(s.grid.getData()!).rowById('R1')!.localName).toBe('R');
    TestBed.resetTestingModule();
    document.querySelectorAll('.cdk-overlay-container').forEach((e) => e.remove());
    const t = await setup({ contextMenu: true, allowNewRows: false });
    openMenu(t, 0, 0);
    await settle(t.fixture);
    expect(items().filter((i) => i.getAttribute('aria-disabled') === 'true').map((i) => i.dataset['action'])).toEqual(['pasteAsNewRows', 'insertRowAbove', 'insertRowBelow', 'duplicateRow', 'restore', 'fillSeries']);
  });

  it('disables entries that would change nothing on the rows and cells they act on', async () => {
    const s = await setup({ contextMenu: true }, { data: PEOPLE().replace('id="country"', 'id="country" isReadOnly="true"') });
    const disabledAt = async (row: number, col: number) => {
      s.grid.closeContextMenu();
      openMenu(s, row, col);
      await settle(s.fixture);
      return items().filter((i) => i.getAttribute('aria-disabled') === 'true').map((i) => i.dataset['action']);
    };
    expect(await disabledAt(0, 0)).toEqual(['restore', 'fillSeries']);
    items().find((i) => i.dataset['action'] === 'deleteRow')!.click();
    expect(await disabledAt(0, 0)).toEqual(['cut', 'paste', 'duplicateRow', 'deleteRow', 'clearCells', 'fillSeries']);
    items().find((i) => i.dataset['action'] === 'restore')!.click();
    expect(WrsIndex.of(s.grid.getData()!).rowById('R1')!.localName).toBe('R');
    expect(await disabledAt(1, 2)).toEqual(['cut', 'paste', 'restore', 'clearCells', 'fillSeries']);
  });

  it('renders a menu stylesheet through the chain as entries with text captions', async () => {
    const menuStep = (doc: Document, p: Record<string, unknown>) =>
      parseXml(`<cm:ContextMenu xmlns:cm="${NS.cm}"><cm:Entry caption="&lt;b&gt;Row ${p['bcdRowIdent']}&lt;/b&gt;" data-bcd-action="showRow"/><cm:Entry caption="x" data-bcd-action="copy"/></cm:ContextMenu>`);
    const s = await setup({ contextMenu: 'unused' });
    s.fixture.componentRef.setInput('contextMenu', menuStep as unknown as string);
    const picked: unknown[] = [];
    s.grid.contextMenuAction.subscribe((a) => picked.push(a));
    openMenu(s, 2, 0);
    await settle(s.fixture);
    await settle(s.fixture);
    expect(items().map((i) => i.textContent)).toEqual(['<b>Row R3</b>', 'Copy']);
    expect(menu()!.querySelector('b')).toBeNull();
    items()[0].click();
    await settle(s.fixture);
    expect(picked).toEqual([{ action: 'showRow', rowId: 'R3', colId: 'name' }]);
  });

  it('runs the actions of an HTML menu a stylesheet renders: items keep data-bcd-action and data-action, clicked or by keyboard', async () => {
    const menuStep = (_doc: Document, p: Record<string, unknown>) =>
      parseXml(`<div xmlns="http://www.w3.org/1999/xhtml"><ul><li data-bcd-action="deleteRow">Delete ${p['bcdRowIdent']}</li>` +
        `<li data-action="showRow">Show</li></ul><button data-action="restore">Restore</button></div>`);
    const s = await setup({ contextMenu: 'unused' });
    s.fixture.componentRef.setInput('contextMenu', menuStep as unknown as string);
    const picked: unknown[] = [];
    s.grid.contextMenuAction.subscribe((a) => picked.push(a));
    openMenu(s, 1, 0);
    await settle(s.fixture);
    await settle(s.fixture);
    expect(items().map((i) => i.textContent)).toEqual(['Delete R2', 'Show', 'Restore']);
    expect(document.activeElement).toBe(items()[0]);
    menu()!.querySelector<HTMLElement>('[data-bcd-action="deleteRow"]')!.click();
    expect(menu()).toBeNull();
    expect(WrsIndex.of(s.grid.getData()!).rowById('R2')!.localName).toBe('D');
    openMenu(s, 1, 0);
    await settle(s.fixture);
    await settle(s.fixture);
    const restore = menu()!.querySelector<HTMLElement>('button[data-action="restore"]')!;
    restore.focus();
    restore.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(WrsIndex.of(s.grid.getData()!).rowById('R2')!.localName).toBe('R');
    openMenu(s, 2, 0);
    await settle(s.fixture);
    await settle(s.fixture);
    menu()!.querySelector<HTMLElement>('[data-action="showRow"]')!.click();
    await settle(s.fixture);
    expect(picked).toEqual([{ action: 'showRow', rowId: 'R3', colId: 'name' }]);
  });

  it('neutralises hostile HTML a menu stylesheet renders: no script, handler or javascript: link survives', async () => {
    const hacked = window as { hacked?: number };
    const menuStep = () =>
      parseXml(`<div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="window.hacked = 1"/><script>window.hacked = 2</script>` +
        `<a href="javascript:window.hacked = 3" data-action="showRow">Show</a><button onclick="window.hacked = 4" data-action="copy">Copy</button></div>`);
    const s = await setup({ contextMenu: 'unused' });
    s.fixture.componentRef.setInput('contextMenu', menuStep as unknown as string);
    openMenu(s, 0, 0);
    await settle(s.fixture);
    await settle(s.fixture);
    await new Promise((r) => setTimeout(r, 50));
    const html = menu()!.innerHTML;
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
    menu()!.querySelector<HTMLElement>('a[data-action]')!.click();
    expect(hacked.hacked).toBeUndefined();
  });
});

describe('Grid features: export', () => {
  it('exports the shown columns of the filtered rows as CSV with captions, or all rows', async () => {
    const s = await setup({ columnFilters: true, exportFileName: 'people' }, { data: PEOPLE().replace('Emil', '=SUM(A1)') });
    const clicks: string[] = [];
    const click = spyOn(HTMLAnchorElement.prototype, 'click').and.callFake(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    typeFilter(s, 'qty', '5..');
    await settle(s.fixture);
    const filtered = await s.grid.exportData('csv');
    expect(clicks).toEqual(['people.csv']);
    expect(Array.from(new Uint8Array(await filtered!.arrayBuffer()).slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(await filtered!.text()).toBe('NAME,QTY,COUNTRY\r\nBert,5,FR\r\nCleo,7,IT\r\n\'=SUM(A1),9,FR\r\n');
    const all = await s.grid.exportData('csv', true);
    expect((await all!.text()).split('\r\n').length).toBe(7);
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('exports a reference value as the caption its cell shows, in CSV and XLSX', async () => {
    spyOn(HTMLAnchorElement.prototype, 'click');
    const ref = (v: string, caption: string) => `<wrs:R id="${v}"><wrs:C>${v}</wrs:C><wrs:C>${caption}</wrs:C></wrs:R>`;
    const data = `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="id" caption="ID" type-name="INTEGER"/><wrs:C pos="2" id="country" caption="COUNTRY"><wrs:References><wrs:Wrs><wrs:Header><wrs:Columns><wrs:C pos="1" id="v"/><wrs:C pos="2" id="caption"/></wrs:Columns></wrs:Header><wrs:Data>${ref('DE', 'Germany')}${ref('FR', '=France')}</wrs:Data></wrs:Wrs></wrs:References></wrs:C></wrs:Columns></wrs:Header><wrs:Data><wrs:R id="R1"><wrs:C>1</wrs:C><wrs:C>DE</wrs:C></wrs:R><wrs:R id="R2"><wrs:C>2</wrs:C><wrs:C>FR</wrs:C></wrs:R><wrs:R id="R3"><wrs:C>3</wrs:C><wrs:C>XX</wrs:C></wrs:R></wrs:Data></wrs:Wrs>`;
    const s = await setup({}, { data });
    expect(paintedCell(s, 0, 1).textContent!.trim()).toBe('Germany');
    const csv = await s.grid.exportData('csv');
    expect(await csv!.text()).toBe('ID,COUNTRY\r\n1,Germany\r\n2,\'=France\r\n3,XX\r\n');
    const blob = await s.grid.exportData('xlsx');
    const ExcelJS = await import('exceljs');
    const workbook = new (ExcelJS.default?.Workbook ?? ExcelJS.Workbook)();
    await workbook.xlsx.load((await blob!.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect([2, 3, 4].map((r) => sheet.getCell(r, 2).value)).toEqual(['Germany', '=France', 'XX']);
    expect(sheet.getCell(3, 2).formula).toBeUndefined();
    expect(sheet.getCell(2, 1).value).toBe(1);
  });

  it('tells an XLSX export Excel would cut in the status line, offers no file, and exports the same rows as CSV', async () => {
    const click = spyOn(HTMLAnchorElement.prototype, 'click');
    const s = await setup();
    clickCell(s, 0, 0);
    s.grid.pasteTsv('x'.repeat(33000));
    await settle(s.fixture);
    expect(await s.grid.exportData('xlsx')).toBeNull();
    await settle(s.fixture);
    expect(click).not.toHaveBeenCalled();
    expect(s.el.querySelector('[data-test="message"]')!.textContent).toContain('column "name" holds 33000 characters');
    const csv = await s.grid.exportData('csv');
    expect((await csv!.text())).toContain('x'.repeat(33000));
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('exports XLSX through exceljs with typed cells, and shows no buttons with disableExport', async () => {
    spyOn(HTMLAnchorElement.prototype, 'click');
    const s = await setup();
    const buttons = Array.from(s.el.querySelectorAll<HTMLButtonElement>('ui-grid-export-buttons button')).map((b) => b.textContent);
    expect(buttons).toEqual(['Export CSV', 'Export XLSX']);
    const blob = await s.grid.exportData('xlsx');
    const bytes = new Uint8Array(await blob!.arrayBuffer());
    expect(String.fromCharCode(bytes[0], bytes[1])).toBe('PK');
    const ExcelJS = await import('exceljs');
    const workbook = new (ExcelJS.default?.Workbook ?? ExcelJS.Workbook)();
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect([1, 2, 3].map((c) => sheet.getCell(1, c).value)).toEqual(['NAME', 'QTY', 'COUNTRY']);
    expect(sheet.getCell('B2').value).toBe(3);
    TestBed.resetTestingModule();
    const off = await setup({ disableExport: true });
    expect(off.el.querySelector('ui-grid-export-buttons')).toBeNull();
    expect(await off.grid.exportData('csv')).toBeNull();
  });
});

describe('Grid features: tooltips', () => {
  it('shows caption, value, validation message and the original of a modified cell', async () => {
    const s = await setup({}, { data: PEOPLE().replace('caption="NAME"', 'caption="NAME" description="Given name"') });
    clickCell(s, 1, 0);
    s.grid.pasteTsv('Berta');
    await settle(s.fixture);
    const cell = paintedCell(s, 1, 0);
    cell.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    const tip = await shownTooltip();
    expect(tip.getAttribute('role')).toBe('tooltip');
    expect(Array.from(tip.querySelectorAll(':scope > div > div')).map((d) => d.textContent)).toEqual(['NAME', 'Given name', 'Berta', 'Original: Bert']);
    expect(cell.getAttribute('aria-describedby')).toBe(tip.id);
    clickCell(s, 2, 1);
    s.grid.pasteTsv('x');
    await settle(s.fixture);
    const qty = paintedCell(s, 2, 1);
    qty.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    await shownTooltip();
    expect(document.querySelector('.ui-grid-tooltip-validation')!.textContent).toBe('QTY is not a whole number');
  });

  it('shows a reference value with its caption, as the cell does', async () => {
    const ref = (v: string, caption: string) => `<wrs:R id="${v}"><wrs:C>${v}</wrs:C><wrs:C>${caption}</wrs:C></wrs:R>`;
    const data = `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="id"/><wrs:C pos="2" id="country"><wrs:References><wrs:Wrs><wrs:Header><wrs:Columns><wrs:C pos="1" id="v"/><wrs:C pos="2" id="caption"/></wrs:Columns></wrs:Header><wrs:Data>${ref('DE', 'Germany')}${ref('FR', 'France')}</wrs:Data></wrs:Wrs></wrs:References></wrs:C></wrs:Columns></wrs:Header><wrs:Data><wrs:R id="R1"><wrs:C>1</wrs:C><wrs:C>DE</wrs:C></wrs:R></wrs:Data></wrs:Wrs>`;
    const s = await setup({}, { data });
    const cell = paintedCell(s, 0, 1);
    cell.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    await shownTooltip();
    expect(document.querySelector('.ui-grid-tooltip-value')!.textContent).toBe('Germany (DE)');
  });

  it('renders a tooltipChain through the chain service, sanitized', async () => {
    const step = (_doc: Document, p: Record<string, unknown>) =>
      parseXml(`<div xmlns="http://www.w3.org/1999/xhtml"><b class="t">${p['rowId']}/${p['colId']}</b><img src="x" onerror="window.hacked = 1"/><script>window.hacked = 2</script></div>`);
    const s = await setup({ tooltipChain: step });
    const cell = paintedCell(s, 0, 1);
    cell.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    const tip = await shownTooltip();
    expect(tip.querySelector('b.t')!.textContent).toBe('R1/qty');
    expect(tip.querySelector('script')).toBeNull();
    expect(tip.querySelector('img')?.getAttribute('onerror') ?? null).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('is off with an empty tooltipChain', async () => {
    const s = await setup({ tooltipChain: '' });
    expect(s.el.ownerDocument.querySelector('.ui-grid-tooltip')).toBeNull();
  });
});

describe('Grid features: renderers, editors, i18n, theme', () => {
  const configWith = (inner: string) =>
    new StaticModel({
      data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>p</wrq:BindingSet><grid:SelectColumns>${inner}</grid:SelectColumns></grid:GridConfiguration>`,
    });

  it('paints a column with a registered grid:Renderer type, and an app can add its own', async () => {
    const renderers = new GridRendererRegistry();
    renderers.register('stars', (cell, value) => {
      cell.textContent = '*'.repeat(Number(value));
    });
    const s = await setup(
      { config: configWith('<grid:C bRef="name"><grid:Renderer type="upper"/></grid:C><grid:C bRef="qty"><grid:Renderer type="stars"/></grid:C>') },
      { providers: [{ provide: GridRendererRegistry, useValue: renderers }] },
    );
    expect(paintedNames(s)).toEqual(['ANNA', 'BERT', 'CLEO', 'DORA', 'EMIL']);
    expect(paintedCell(s, 0, 1).textContent).toBe('***');
  });

  it('a link cell is no tab stop of its own: Ctrl+Enter opens the link (Enter where the cell cannot be edited), Enter still edits', async () => {
    const data = wrsText([{ id: 'name' }, { id: 'site' }], [['Anna', 'https://example.com/a'], ['Bert', 'https://example.com/b']]);
    const s = await setup({ config: configWith('<grid:C bRef="name"/><grid:C bRef="site"><grid:Renderer type="link"/></grid:C>') }, { data });
    const link = paintedCell(s, 0, 1).querySelector('a')!;
    expect(link.tabIndex).toBe(-1);
    const opened = followedLinks(s);
    clickCell(s, 1, 1);
    const body = s.el.querySelector('.ui-grid-body')!;
    const key = (init: KeyboardEventInit) => body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true, ...init }));
    opened.length = 0;
    key({ ctrlKey: true });
    expect(opened).toEqual(['https://example.com/b']);
    expect(s.el.querySelector('.ui-grid-editor')).toBeNull();
    key({});
    expect(opened).toEqual(['https://example.com/b']);
    expect(s.el.querySelector('.ui-grid-editor')).not.toBeNull();
  });

  it('Enter opens the link of a cell that cannot be edited', async () => {
    const data = wrsText([{ id: 'name' }, { id: 'site' }], [['Anna', 'https://example.com/a']]);
    const s = await setup({ isReadOnly: true, config: configWith('<grid:C bRef="name"/><grid:C bRef="site"><grid:Renderer type="link"/></grid:C>') }, { data });
    const opened = followedLinks(s);
    clickCell(s, 0, 1);
    opened.length = 0;
    s.el.querySelector('.ui-grid-body')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(opened).toEqual(['https://example.com/a']);
  });

  it('fails the load naming an unknown renderer type', async () => {
    const s = await setup({ config: configWith('<grid:C bRef="name"><grid:Renderer type="sparkle"/></grid:C>') });
    expect(s.grid.hasFailed()).toBeTrue();
    expect(s.grid.getFailureReason()).toContain('Unknown grid:Renderer type "sparkle"');
  });

  it('opens an editor registered for a grid:Editor type', async () => {
    const editors = new GridEditorRegistry();
    editors.register('shout', (doc, _column, value) => {
      const input = doc.createElement('input');
      input.value = value ?? '';
      return { element: input, value: () => input.value.toUpperCase() };
    });
    const s = await setup({ config: configWith('<grid:C bRef="name"><grid:Editor type="shout"/></grid:C>') }, { providers: [{ provide: GridEditorRegistry, useValue: editors }] });
    clickCell(s, 0, 0);
    s.el.querySelector('.ui-grid-body')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'F2', bubbles: true }));
    const editor = s.el.querySelector<HTMLInputElement>('.ui-grid-editor')!;
    editor.value = 'anke';
    editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(WrsIndex.of(s.grid.getData()!).rowById('R1')!.getElementsByTagNameNS(NS.wrs, 'C')[0].textContent).toBe('ANKE');
  });

  it('shows every text from the message table an app provides, and looks up captions with the i18n prefix', async () => {
    const table = { ...GRID_MESSAGES_DE, 'col.name': 'Vorname' };
    const s = await setup(
      { config: configWith(`<grid:C bRef="name" caption="${I18N_PREFIX}col.name"/><grid:C bRef="qty" caption="${I18N_PREFIX}col.missing"/>`), paginationSize: 2, columnFilters: true },
      { providers: [{ provide: GRID_MESSAGES, useValue: table }] },
    );
    const headers = Array.from(s.el.querySelectorAll('.ui-grid-colheader')).map((h) => h.textContent);
    expect(headers).toEqual(['Vorname', 'col.missing']);
    const buttons = Array.from(s.el.querySelectorAll('.ui-grid-toolbar > button')).map((b) => b.textContent);
    expect(buttons).toEqual(['Zeile hinzufügen', 'Duplizieren', 'Löschen', 'Wiederherstellen', 'Rückgängig', 'Wiederholen', 'Zurücksetzen', 'Speichern', 'Suchen', 'Spalten']);
    expect(s.el.querySelector('[data-test="page-of"]')!.textContent).toBe('Seite 1 von 3');
    expect(s.el.querySelector<HTMLInputElement>('input.ui-grid-filter')!.getAttribute('aria-label')).toBe('Vorname filtern');
    expect(Object.keys(GRID_MESSAGES_DE).sort()).toEqual(Object.keys(GRID_MESSAGES_EN).sort());
    clickCell(s, 0, 1);
    s.grid.pasteTsv('x');
    await settle(s.fixture);
    expect(s.grid.getCellError('R1', 'qty')).toBe('col.missing ist keine ganze Zahl');
  });

  it('reads out modified, new and deleted rows in the table provided; a table without those keys reads the English text', async () => {
    const older = Object.fromEntries(Object.entries(GRID_MESSAGES_EN).filter(([key]) => !['rowModified', 'rowNew', 'rowDeleted'].includes(key)));
    for (const [table, texts] of [
      [GRID_MESSAGES_DE, ['Geänderte Zeile', 'Gelöschte Zeile', 'Neue Zeile']],
      [older, ['Modified row', 'Deleted row', 'New row']],
    ] as const) {
      const s = await setup({}, { providers: [{ provide: GRID_MESSAGES, useValue: table }] });
      clickCell(s, 0, 0);
      s.grid.pasteTsv('Anke');
      clickCell(s, 1, 0);
      s.grid.deleteSelectedRows();
      s.grid.addRow();
      const described = [...s.el.querySelectorAll<HTMLElement>('.ui-grid-row')]
        .filter((r) => r.style.display !== 'none')
        .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
        .map((r) => r.getAttribute('aria-description'));
      expect(described).toEqual([texts[0], texts[1], null, null, null, texts[2]]);
      s.fixture.destroy();
      TestBed.resetTestingModule();
    }
  });

  it('takes colours from CSS custom properties, with a dark theme', async () => {
    const s = await setup();
    const bodyEl = s.el.querySelector<HTMLElement>('.ui-grid-body')!;
    s.el.style.setProperty('--ui-grid-bg', 'rgb(1, 2, 3)');
    expect(getComputedStyle(bodyEl).backgroundColor).toBe('rgb(1, 2, 3)');
    s.el.style.removeProperty('--ui-grid-bg');
    s.el.classList.add('ui-grid-theme-dark');
    expect(getComputedStyle(bodyEl).backgroundColor).toBe('rgb(22, 27, 37)');
  });
});

describe('Grid features: a status model shared by grids', () => {
  it('keeps each grid on its own filters (ids carry the grid id)', async () => {
    const s = await setup({ columnFilters: true, id: 'a' });
    s.grid.setColumnFilter('name', { kind: 'text', op: 'contains', text: 'a' });
    await settle(s.fixture);
    const other: DataProvider = s.status;
    expect(serializeXml(other.getData()!)).toContain('id="a_cf_name"');
    expect(serializeXml(other.getData()!)).not.toContain('id="grid_cf_name"');
  });
});
