import { TestBed } from '@angular/core/testing';
import { NS, StaticModel, WrsBackend, parseXml, serializeXml } from 'ngx-wrs-grid/core';
import { firstValueFrom } from 'rxjs';
import { filter, skip } from 'rxjs/operators';
import { wrsText } from '../../../../core/testing/fixtures';
import { WRS_BACKEND } from '../../services/wrs-backend.token';
import { GridComponent } from '../grid.component';
import { configureGrids, mountConfiguredGrid } from '../testing/mount-grid';
import { COLUMN_STATE_STORAGE_PREFIX } from './column-state';

const COLUMNS = [{ id: 'name' }, { id: 'qty', type: 'INTEGER' }, { id: 'note' }];
const ROWS = [['Anna', '3', 'a'], ['Bert', '5', 'b'], ['Cleo', '7', 'c'], ['Dora', '1', 'd'], ['Emil', '9', 'e']];

const CONFIG = `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>people</wrq:BindingSet>
  <grid:SelectColumns><grid:C bRef="name"/><grid:C bRef="qty"/><grid:C bRef="note"/></grid:SelectColumns></grid:GridConfiguration>`;

/** A server of pages: answers each page request with its rows and the row count, and keeps every page request it got. */
class PagesServer {
  readonly pageRequests: string[] = [];

  async load(request: Document | string): Promise<Document> {
    const text = typeof request === 'string' ? request : serializeXml(request);
    const req = parseXml(text);
    if (req.getElementsByTagNameNS(NS.wrq, 'C')[0]?.getAttribute('aggr') === 'count') return parseXml(wrsText([{ id: 'count', type: 'INTEGER' }], [[String(ROWS.length)]]));
    this.pageRequests.push(text);
    const select = req.getElementsByTagNameNS(NS.wrq, 'Select')[0];
    const start = Number(select.getAttribute('rowStart') ?? 1);
    return parseXml(wrsText(COLUMNS, ROWS.slice(start - 1, start + 1)));
  }

  async save(): Promise<void> {}

  async nextIdentifier(): Promise<number> {
    return 1;
  }
}

/** The request's sort keys as `colId` or `colId desc`. */
function orderingOf(request: string): string[] {
  return [...parseXml(request).getElementsByTagNameNS(NS.wrq, 'Ordering')].flatMap((o) =>
    [...o.getElementsByTagNameNS(NS.wrq, 'C')].map((c) => `${c.getAttribute('bRef')}${c.getAttribute('order') === 'desc' ? ' desc' : ''}`));
}

/** The request's column filter expressions as `bRef op value`. */
function filtersOf(request: string): string[] {
  return [...parseXml(request).getElementsByTagNameNS(NS.f, 'Expression')].map((e) => `${e.getAttribute('bRef')} ${e.getAttribute('op')} ${e.getAttribute('value')}`);
}

const INPUTS = { id: 'people', config: new StaticModel({ data: CONFIG }), serverSidedPagination: true, paginationSize: 2, columnFilters: true };

describe('The kept column state with server-side pages', () => {
  let server: PagesServer;

  beforeEach(() => {
    server = new PagesServer();
    configureGrids([{ provide: WRS_BACKEND, useValue: server as unknown as WrsBackend }]);
  });

  afterEach(() => {
    document.querySelectorAll('ui-grid').forEach((e) => e.remove());
    for (const k of Object.keys(localStorage)) if (k.startsWith(COLUMN_STATE_STORAGE_PREFIX)) localStorage.removeItem(k);
  });

  async function reloaded(grid: GridComponent): Promise<void> {
    await firstValueFrom(grid.status$.pipe(skip(1), filter((s) => s.name === 'TransformedStatus' || s.isFailure)));
  }

  it('sends the kept sort and filters with the first page request of the next grid, and its header shows them', async () => {
    const first = await mountConfiguredGrid(null, INPUTS);
    expect(orderingOf(server.pageRequests[0])).toEqual([]);
    let done = reloaded(first.grid);
    first.grid.setColumnState({ sort: [{ colId: 'qty', descending: true }] });
    await done;
    done = reloaded(first.grid);
    first.grid.setColumnState({ filters: { note: { kind: 'text', op: 'contains', text: 'b' } } });
    await done;
    const last = server.pageRequests.at(-1)!;
    expect(orderingOf(last)).toEqual(['qty desc']);
    expect(filtersOf(last)).toEqual(['note like *b*']);
    first.fixture.destroy();

    // A reload of the page: a new TestBed, so a new status model; only localStorage kept the state.
    TestBed.resetTestingModule();
    configureGrids([{ provide: WRS_BACKEND, useValue: server as unknown as WrsBackend }]);
    server.pageRequests.length = 0;
    const again = await mountConfiguredGrid(null, INPUTS);
    expect(server.pageRequests.length).withContext('one page request, not one without the state and one with it').toBe(1);
    expect(orderingOf(server.pageRequests[0])).toEqual(['qty desc']);
    expect(filtersOf(server.pageRequests[0])).toEqual(['note like *b*']);
    again.fixture.detectChanges();
    const qty = again.el.querySelector('.ui-grid-colheader[data-col-id="qty"]')!;
    expect(qty.getAttribute('aria-sort')).toBe('descending');
    expect((again.el.querySelector('input.ui-grid-filter[data-col-id="note"]') as HTMLInputElement).value).toBe('b');
    expect(again.grid.getColumnState().sort).toEqual([{ colId: 'qty', descending: true }]);
  });
});
