import { TestBed } from '@angular/core/testing';
import { NS, StaticModel, WrsBackend, WrsUtil, parseXml, readWrsRows, serializeXml } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../core/testing/fixtures';
import { WRS_BACKEND } from '../services/wrs-backend.token';
import { MountedGrid, configureGrids, mountConfiguredGrid } from './testing/mount-grid';
import { builtBy, watchBuilds } from './testing/store-grid';

const ROWS = 2000;
/** The server's table: keys k1..k5000; the grid loads the first 2,000 rows, cut at the server's row limit. */
const TABLE = 5000;
const answer = () =>
  wrsText([{ id: 'id', isKey: true }, { id: 'name' }], Array.from({ length: ROWS }, (_, r) => [`k${r + 1}`, `name ${r + 1}`])).replace(
    '</wrs:Data>',
    `</wrs:Data><wrs:Footer><wrs:MaxRowsExceeded maxRows="${ROWS}">true</wrs:MaxRowsExceeded></wrs:Footer>`,
  );

/** The server: the load answers the rows (in a row store with `rows`), a key request the keys of the table it names. */
function server(requests: string[], rows: boolean): WrsBackend {
  const keys = (request: Document) => {
    const wanted = new Set([...request.getElementsByTagNameNS(NS.f, 'Expression')].map((e) => e.getAttribute('value')));
    const held = Array.from({ length: TABLE }, (_, r) => `k${r + 1}`).filter((k) => wanted.has(k));
    return parseXml(wrsText([{ id: 'id' }], held.map((k) => [k])));
  };
  const backend: WrsBackend = {
    load: async (request) => {
      const doc = typeof request === 'string' ? parseXml(request) : request;
      requests.push(serializeXml(doc));
      return doc.getElementsByTagNameNS(NS.f, 'Or').length > 0 ? keys(doc) : parseXml(answer());
    },
    save: async () => undefined,
    nextIdentifier: async () => 1,
  };
  if (rows) backend.loadRows = async (request) => (typeof request !== 'string' && request.getElementsByTagNameNS(NS.f, 'Or').length > 0 ? backend.load(request) : readWrsRows('x', answer()));
  return backend;
}

const config = () =>
  new StaticModel({
    data: `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>t</wrq:BindingSet><grid:SelectColumns><grid:C bRef="id"/><grid:C bRef="name"/></grid:SelectColumns></grid:GridConfiguration>`,
  });

afterEach(() => document.querySelectorAll('ui-grid').forEach((e) => e.remove()));

describe('GridComponent key check with the server over a row store', () => {
  let built: string[];
  beforeEach(() => {
    built = watchBuilds(answer());
  });

  /** Re-keys R3 to a key the server holds outside the rows shown, R4 to the key of a loaded row, and adds a row with a free key. */
  function edit(grid: MountedGrid['grid']): void {
    const util = new WrsUtil();
    util.setCellValue(grid, 'R3', 'id', 'k4500');
    util.setCellValue(grid, 'R4', 'id', 'k2');
    util.deleteRow(grid, 'R7');
    util.setCellValue(grid, 'R8', 'id', 'k7');
    util.insertRow({ model: grid, rowStartPos: 1, rowEndPos: 1 });
    util.setCellValue(grid, 1, 'id', 'k5001');
    grid.fire();
  }

  it('reads the keys of the changed rows from the entries, asks what the parsed document asks, and marks the same rows', async () => {
    const outcomes: { request: string; errors: number; marked: (string | null)[] }[] = [];
    for (const rows of [true, false]) {
      const requests: string[] = [];
      configureGrids([{ provide: WRS_BACKEND, useValue: server(requests, rows) }]);
      const s = await mountConfiguredGrid(null, { config: config() });
      expect(s.grid.getRowStore() !== null).toBe(rows);
      edit(s.grid);
      await s.grid.save();
      const keyRequests = requests.filter((r) => r.includes('f:Or'));
      expect(keyRequests.length).toBe(1);
      outcomes.push({
        request: keyRequests[0],
        errors: s.grid.getErrorCount(),
        marked: ['R3', 'R4', 'R8', 'R5'].map((id) => s.grid.getCellError(id, 'id')),
      });
      if (rows) expect(s.grid.getRowStore()!.materialized).withContext(builtBy(built)).toBeFalse();
      s.fixture.destroy();
      TestBed.resetTestingModule();
    }
    expect(outcomes[0]).toEqual(outcomes[1]);
    // k4500 is the server's outside the rows shown; k7 was R7's (deleted, loaded), k2 is R2's (shown) and k5001 is free.
    expect(outcomes[0].marked[0]).toBe('ID exists on the server already (key)');
    expect(outcomes[0].marked[2]).toBeNull();
    const asked = [...parseXml(outcomes[0].request).getElementsByTagNameNS(NS.f, 'Expression')].map((e) => e.getAttribute('value')).sort();
    expect(asked).toEqual(['k2', 'k4500', 'k5001', 'k7']);
    expect(outcomes[0].marked[1]).toBe('ID is not unique (key)');
  });
});
