import { TestBed } from '@angular/core/testing';
import { NS, RowStore, StaticModel, WrsBackend, WrsUtil, parseXml, readWrsRows } from 'ngx-wrs-grid/core';
import { firstValueFrom } from 'rxjs';
import { filter, skip } from 'rxjs/operators';
import { wrsText } from '../../../core/testing/fixtures';
import { WRS_BACKEND } from '../services/wrs-backend.token';
import { GRID_JOURNAL_STORE } from './journal/journal-store';
import { MemoryJournalStore } from './testing/memory-journal-store';
import { MountedGrid, configureGrids, mountConfiguredGrid } from './testing/mount-grid';
import { until } from './testing/user-steps';

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

  it('restores a journal of two pages onto pages in stores: this page at once, the other when shown, as on parsed pages', async () => {
    const outcomes: string[][] = [];
    const pendingOf = (s: MountedGrid) => {
      const doc = s.grid.getData()!;
      return [...doc.getElementsByTagNameNS(NS.wrs, 'Data')[0].children].filter((r) => r.localName !== 'R').map((r) => `${r.localName} ${r.firstElementChild!.textContent}`);
    };
    for (const rows of [true, false]) {
      const journal = new MemoryJournalStore();
      const inputs = () => ({ id: 'people', config: new StaticModel({ data: CONFIG }), serverSidedPagination: true, paginationSize: PAGE_SIZE });
      configureGrids([{ provide: WRS_BACKEND, useValue: server(rows) }, { provide: GRID_JOURNAL_STORE, useValue: journal }]);
      const first = await mountConfiguredGrid(null, inputs());
      const util = new WrsUtil();
      util.setCellValue(first.grid, 'R2', 'name', 'first page');
      first.grid.fire();
      await turnTo(first, 1);
      util.setCellValue(first.grid, 'R5', 'name', 'second page');
      first.grid.fire();
      await until(async () => (await journal.read([...journal.entries.keys()][0] ?? ''))?.rows.length === 2);
      first.fixture.destroy();
      TestBed.resetTestingModule();
      configureGrids([{ provide: WRS_BACKEND, useValue: server(rows) }, { provide: GRID_JOURNAL_STORE, useValue: journal }]);
      const s = await mountConfiguredGrid(null, inputs());
      const store = s.grid.getRowStore();
      expect(store !== null && !store.materialized).toBe(rows);
      await until(() => {
        s.fixture.detectChanges();
        return s.el.querySelector('[data-action="journal-restore"]');
      });
      s.el.querySelector<HTMLButtonElement>('[data-action="journal-restore"]')!.click();
      if (store) expect(store.materialized).withContext('restored on the entries').toBeFalse();
      const here = store ? store.changedRows().map((r) => `${store.state(r)} ${store.cellValue(r, 1)}`) : [];
      await turnTo(s, 1);
      const page = s.grid.getRowStore();
      const there = page && !page.materialized ? page.changedRows().map((r) => `${page.state(r)} ${page.cellValue(r, 1)}`) : [];
      outcomes.push([...here, '|', ...there, '|', ...pendingOf(s)]);
      s.fixture.destroy();
      TestBed.resetTestingModule();
    }
    // On stores: page 1's row restored on its entries; page 2's waited and came back on its page (page 1's carried).
    expect(outcomes[0].slice(0, 2)).toEqual(['M 2', '|']);
    expect(outcomes[0].slice(outcomes[0].lastIndexOf('|') + 1)).toEqual(outcomes[1].slice(outcomes[1].lastIndexOf('|') + 1));
    expect(outcomes[1].slice(outcomes[1].lastIndexOf('|') + 1).sort()).toEqual(['M 2', 'M 405']);
  });
});
