import { TestBed } from '@angular/core/testing';
import { NS, RowStore, StaticModel, WrsBackend, WrsTextLoad, WrsUtil, parseXml, readWrsRows } from 'ngx-wrs-grid/core';
import { firstValueFrom } from 'rxjs';
import { filter, skip } from 'rxjs/operators';
import { wrsText } from '../../../core/testing/fixtures';
import { WRS_BACKEND } from '../services/wrs-backend.token';
import { MountedGrid, configureGrids, mountConfiguredGrid } from './testing/mount-grid';

const PEOPLE = 1200;
const PAGE_SIZE = 400;
const CONFIG = `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>people</wrq:BindingSet><grid:SelectColumns><grid:C bRef="id"/><grid:C bRef="name"/></grid:SelectColumns></grid:GridConfiguration>`;
/** A long name: a page of 400 rows is text a row store keeps. */
const nameOf = (k: number) => `name ${k} `.padEnd(160, 'x');

/** Pages of people keyed by `id` (ids number the rows of each answer); a page's rows in a row store with `rows`. */
function server(rows: boolean): WrsBackend {
  const page = (request: Document | string) => {
    const req = typeof request === 'string' ? parseXml(request) : request;
    if (req.getElementsByTagNameNS(NS.wrq, 'C')[0]?.getAttribute('aggr') === 'count') return wrsText([{ id: 'count', type: 'INTEGER' }], [[String(PEOPLE)]]);
    const select = req.getElementsByTagNameNS(NS.wrq, 'Select')[0];
    const start = Number(select.getAttribute('rowStart') ?? 1);
    const end = Number(select.getAttribute('rowEnd') ?? PEOPLE);
    const people = Array.from({ length: end - start + 1 }, (_, i) => [String(start + i), nameOf(start + i)]);
    return wrsText([{ id: 'id', isKey: true, type: 'INTEGER' }, { id: 'name' }], people);
  };
  const backend: WrsBackend = { load: async (request) => parseXml(page(request)), save: async () => undefined, nextIdentifier: async () => 1 };
  if (rows) backend.loadRows = async (request) => readWrsRows('x', page(request));
  return backend;
}

afterEach(() => document.querySelectorAll('ui-grid').forEach((e) => e.remove()));

describe('GridComponent server-side pages over row stores', () => {
  async function turnTo(s: MountedGrid, page: number): Promise<void> {
    const done = firstValueFrom(s.grid.status$.pipe(skip(1), filter((st) => st.name === 'TransformedStatus' || st.isFailure)));
    s.grid.goToPage(page);
    await done;
    await s.fixture.whenStable();
  }


  it('carries the pending rows of a page in a store to the next page and back: none is lost, none built for it', async () => {
    const outcomes: string[][] = [];
    for (const rows of [true, false]) {
      configureGrids([{ provide: WRS_BACKEND, useValue: server(rows) }]);
      const s = await mountConfiguredGrid(null, { config: new StaticModel({ data: CONFIG }), serverSidedPagination: true, paginationSize: PAGE_SIZE });
      expect(s.grid.getRowStore() !== null && !s.grid.getRowStore()!.materialized).toBe(rows);
      const left = s.grid.getRowStore();
      const builtBy: string[] = [];
      const materialize = left ? spyOn(left, 'materialize').and.callFake(() => (builtBy.push(new Error('built by').stack ?? ''), RowStore.prototype.materialize.call(left))) : null;
      const util = new WrsUtil();
      util.setCellValue(s.grid, 'R2', 'name', 'edited');
      util.deleteRow(s.grid, 'R5');
      s.grid.fire();
      await turnTo(s, 1);
      // The page left was read from its entries: not built to find its pending rows.
      if (materialize) expect(materialize).withContext(builtBy.join('\n----\n')).not.toHaveBeenCalled();
      await turnTo(s, 0);
      const doc = s.grid.getData()!;
      const changed = [...doc.getElementsByTagNameNS(NS.wrs, 'Data')[0].children].filter((r) => r.localName !== 'R');
      outcomes.push(changed.map((r) => `${r.localName} ${[...r.children].filter((c) => c.localName === 'C').map((c) => c.textContent).join(',')}`));
      s.fixture.destroy();
      TestBed.resetTestingModule();
    }
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect(outcomes[0]).toEqual(['M 2,edited', `D 5,${nameOf(5)}`]);
  });
});
