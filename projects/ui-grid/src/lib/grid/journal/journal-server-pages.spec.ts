import { ComponentFixture } from '@angular/core/testing';
import { NS, StaticModel, WrsBackend, WrsIndex, cellValue, cellsOf, originalOf, parseXml, serializeXml } from 'ngx-wrs-grid/core';
import { firstValueFrom } from 'rxjs';
import { filter, skip } from 'rxjs/operators';
import { wrsText } from '../../../../core/testing/fixtures';
import { WRS_BACKEND } from '../../services/wrs-backend.token';
import { GridComponent } from '../grid.component';
import { MemoryJournalStore } from '../testing/memory-journal-store';
import { MountedGrid, configureGrids, mountConfiguredGrid } from '../testing/mount-grid';
import { until } from '../testing/user-steps';
import { GRID_JOURNAL_STORE } from './journal-store';

const CONFIG = `<grid:GridConfiguration xmlns:grid="${NS.grid}" xmlns:wrq="${NS.wrq}"><wrq:BindingSet>people</wrq:BindingSet><grid:SelectColumns><grid:C bRef="id"/><grid:C bRef="name"/></grid:SelectColumns></grid:GridConfiguration>`;
const PAGE_SIZE = 2;

/**
 * A server of people keyed by `id`, answering pages (`rowStart`/`rowEnd`) and the row count as the reference server
 * does: row ids number the rows of each answer, so a key alone tells a record. Saves apply M (by the key of its
 * `wrs:O`) and D rows.
 */
class PeopleServer implements WrsBackend {
  people: [string, string][] = [['1', 'Anna'], ['2', 'Bert'], ['3', 'Cleo'], ['4', 'Dora'], ['5', 'Emil']];
  readonly saves: string[] = [];

  async load(request: Document | string): Promise<Document> {
    const req = typeof request === 'string' ? parseXml(request) : request;
    const select = req.getElementsByTagNameNS(NS.wrq, 'Select')[0];
    if (req.getElementsByTagNameNS(NS.wrq, 'C')[0]?.getAttribute('aggr') === 'count') return parseXml(wrsText([{ id: 'count', type: 'INTEGER' }], [[String(this.people.length)]]));
    const start = Number(select.getAttribute('rowStart') ?? 1);
    const end = Number(select.getAttribute('rowEnd') ?? this.people.length);
    return parseXml(wrsText([{ id: 'id', isKey: true, type: 'INTEGER' }, { id: 'name' }], this.people.slice(start - 1, end)));
  }

  async save(wrs: Document | string): Promise<void> {
    const doc = typeof wrs === 'string' ? parseXml(wrs) : wrs;
    this.saves.push(serializeXml(doc));
    for (const row of WrsIndex.of(doc).rows()) {
      const cells = cellsOf(row);
      const key = cellValue(originalOf(cells[0]) ?? cells[0]);
      const at = this.people.findIndex(([id]) => id === key);
      if (row.localName === 'M') this.people[at] = [cellValue(cells[0])!, cellValue(cells[1])!];
      if (row.localName === 'D') this.people.splice(at, 1);
    }
  }

  async nextIdentifier(): Promise<number> {
    return 1;
  }
}

describe('GridComponent unsaved changes with server-side pages', () => {
  let store: MemoryJournalStore;
  let server: PeopleServer;
  const fixtures: ComponentFixture<GridComponent>[] = [];

  beforeEach(() => {
    store = new MemoryJournalStore();
    server = new PeopleServer();
    configureGrids([{ provide: GRID_JOURNAL_STORE, useValue: store }, { provide: WRS_BACKEND, useValue: server }]);
  });

  afterEach(() => fixtures.splice(0).forEach((f) => f.destroy()));

  async function mount(): Promise<MountedGrid> {
    const inputs = { id: 'people', config: new StaticModel({ data: CONFIG }), serverSidedPagination: true, paginationSize: PAGE_SIZE };
    const mounted = await mountConfiguredGrid(null, inputs);
    fixtures.push(mounted.fixture);
    return mounted;
  }

  async function turnTo(grid: GridComponent, fixture: ComponentFixture<GridComponent>, page: number): Promise<void> {
    const done = firstValueFrom(grid.status$.pipe(skip(1), filter((s) => s.name === 'TransformedStatus' || s.isFailure)));
    grid.goToPage(page);
    await done;
    await fixture.whenStable();
    fixture.detectChanges();
  }

  /** The rows shown as `state id,name`. */
  const shown = (grid: GridComponent) => grid.viewRows().map((r) => `${r.localName} ${cellsOf(r).map(cellValue).join(',')}`);
  const message = (el: HTMLElement) => el.querySelector('[data-test="message"]')?.textContent ?? '';
  const rowIdOf = (grid: GridComponent, key: string) => grid.viewRows().find((r) => cellValue(cellsOf(r)[0]) === key)!.getAttribute('id')!;

  /** A first session: renames Anna (page 1) and Cleo (page 2), waits for the journal, closes the grid. */
  async function editTwoPages(): Promise<void> {
    const { grid, fixture } = await mount();
    grid.tblUpdate({ rowId: rowIdOf(grid, '1'), values: { name: 'Anna B' } });
    await turnTo(grid, fixture, 1);
    grid.tblUpdate({ rowId: rowIdOf(grid, '3'), values: { name: 'Cleo C' } });
    await until(() => store.only()?.rows.length === 2);
    fixture.destroy();
  }

  /** A second session: loads page 1 and answers the question with Restore. */
  async function restored(): Promise<{ grid: GridComponent; fixture: ComponentFixture<GridComponent>; el: HTMLElement }> {
    const mounted = await mount();
    await until(() => {
      mounted.fixture.detectChanges();
      return mounted.el.querySelector('[data-action="journal-restore"]');
    });
    mounted.el.querySelector<HTMLButtonElement>('[data-action="journal-restore"]')!.click();
    mounted.fixture.detectChanges();
    return mounted;
  }

  it('journals the page of each changed row and how the pages were cut', async () => {
    await editTwoPages();
    const entry = store.only()!;
    expect(entry.rows.map((r) => [r.cells[1], r.page])).toEqual([['Anna B', 0], ['Cleo C', 1]]);
    expect(entry.pages).toBe(JSON.stringify({ size: PAGE_SIZE, order: [] }));
  });

  it('keeps the rows of other pages pending and restores them when their page is shown, undoable; a save sends both pages', async () => {
    await editTwoPages();
    const { grid, fixture, el } = await restored();
    expect(shown(grid)).toEqual(['M 1,Anna B', 'R 2,Bert']);
    expect(message(el)).toBe('Restored the changes in 1 row. 1 changed row of another page is restored when its page is shown (a save sends it)');
    await until(() => store.only()?.rows.length === 2);
    expect(store.only()!.rows.map((r) => r.cells[1])).withContext('the waiting row stays journaled').toEqual(['Anna B', 'Cleo C']);

    await turnTo(grid, fixture, 1);
    expect(shown(grid)).toEqual(['M 3,Cleo C', 'R 4,Dora']);
    expect(message(el)).toBe('Restored the changes in 1 row');
    expect(grid.undo()).toBeTrue();
    expect(shown(grid)).toEqual(['R 3,Cleo', 'R 4,Dora']);
    expect(grid.redo()).toBeTrue();
    expect(shown(grid)).toEqual(['M 3,Cleo C', 'R 4,Dora']);

    await grid.save();
    expect(server.saves.length).toBe(1);
    expect(server.people.slice(0, 3)).toEqual([['1', 'Anna B'], ['2', 'Bert'], ['3', 'Cleo C']]);
    await until(() => store.only() === null);
  });

  it('a save before their page is shown sends the waiting rows, with the originals the user changed them from', async () => {
    await editTwoPages();
    const { grid } = await restored();
    await grid.save();
    expect(server.saves.length).toBe(1);
    expect(server.saves[0]).toContain('<wrs:C>Cleo C</wrs:C><wrs:O>Cleo</wrs:O>');
    expect(server.people.slice(0, 3)).toEqual([['1', 'Anna B'], ['2', 'Bert'], ['3', 'Cleo C']]);
    await until(() => store.only() === null);
  });

  it('marks a row of another page the server changed since as a conflict when its page is shown', async () => {
    await editTwoPages();
    server.people[2] = ['3', 'Cleo S'];
    const { grid, fixture, el } = await restored();
    await turnTo(grid, fixture, 1);
    expect(shown(grid)).toEqual(['M 3,Cleo C', 'R 4,Dora']);
    expect(message(el)).toBe('Restored the changes in 1 row. 1 row was changed on the server since (marked): check it before saving');
    expect(el.querySelectorAll('.ui-grid-row-failed').length).toBe(1);
    // Saved as restored, the user's value goes over the server's value now (its wrs:O).
    await grid.save();
    expect(server.saves[0]).toContain('<wrs:C>Cleo C</wrs:C><wrs:O>Cleo S</wrs:O>');
  });

  it('reports a waiting row gone once its page is shown without it; the journal then drops it', async () => {
    await editTwoPages();
    server.people.splice(2, 1);
    const { grid, fixture, el } = await restored();
    expect(message(el)).toContain('1 changed row of another page is restored when its page is shown');
    await turnTo(grid, fixture, 1);
    expect(shown(grid)).toEqual(['R 4,Dora', 'R 5,Emil']);
    expect(message(el)).toBe('1 changed rows are no longer on the server and were not restored');
    await until(() => store.only()?.rows.length === 1);
    expect(store.only()!.rows[0].cells[1]).toBe('Anna B');
  });

  it('Reset drops the waiting rows with the journal: a later save sends nothing', async () => {
    await editTwoPages();
    const { grid } = await restored();
    await grid.actionReset();
    await until(() => store.only() === null);
    await grid.save();
    expect(server.saves.length).toBe(0);
    expect(server.people[2]).toEqual(['3', 'Cleo']);
  });
});
