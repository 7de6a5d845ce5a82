import { Provider } from '@angular/core';
import { ComponentFixture } from '@angular/core/testing';
import { WrsIndex, WrsTextLoad, cellValue, cellsOf } from 'ngx-wrs-grid/core';
import { FixtureColumn, wrsText } from '../../../../core/testing/fixtures';
import { GRID_MESSAGES, GRID_MESSAGES_DE } from '../features/grid-messages';
import { GridComponent } from '../grid.component';
import { MountedGrid, configureGrids, mountConfiguredGrid } from '../testing/mount-grid';
import { GridJournal } from './grid-journal';
import { JournalEntry, journalRowOf } from './journal-entry';
import { GRID_JOURNAL_STORE, GridJournalStore, IndexedDbJournalStore } from './journal-store';

const COLUMNS: FixtureColumn[] = [{ id: 'id', isKey: true, nullable: '0', type: 'INTEGER' }, { id: 'name' }];
const PEOPLE = (rows = [['1', 'Anna'], ['2', 'Bert']], columns = COLUMNS) => wrsText(columns, rows);
const KEY = JSON.stringify({ id: 'people', bindingSets: [], filters: [] });

/** Resolves once `condition()` holds (async conditions too), checking on each macrotask turn. */
async function until(condition: () => unknown): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('GridComponent unsaved changes journal (IndexedDB)', () => {
  let dbName: string;
  let store: IndexedDbJournalStore;
  const fixtures: ComponentFixture<GridComponent>[] = [];

  function configure(journalStore: GridJournalStore, extra: Provider[] = []): void {
    configureGrids([{ provide: GRID_JOURNAL_STORE, useValue: journalStore }, ...extra]);
  }

  /** A grid with id "people" over `data`, loaded. */
  async function mount(data = PEOPLE(), inputs: Record<string, unknown> = {}): Promise<MountedGrid> {
    const mounted = await mountConfiguredGrid(data, { id: 'people', ...inputs });
    fixtures.push(mounted.fixture);
    return mounted;
  }

  /** The question once shown. */
  async function question(fixture: ComponentFixture<GridComponent>): Promise<HTMLElement> {
    let found: HTMLElement | null = null;
    await until(() => {
      fixture.detectChanges();
      return (found = (fixture.nativeElement as HTMLElement).querySelector<HTMLElement>('ui-grid-journal-question'));
    });
    return found!;
  }

  /** Rows as `state values`. */
  const rows = (grid: GridComponent) => WrsIndex.of(grid.getData()!).rows().map((r) => `${r.localName} ${cellsOf(r).map(cellValue).join(',')}`);

  /** A first session: edits, waits for the journal, closes the grid (the tab). */
  async function session(edit: (grid: GridComponent) => void): Promise<JournalEntry> {
    const { grid, fixture } = await mount();
    edit(grid);
    await until(async () => (await store.read(KEY))?.rows.length);
    fixture.destroy();
    return (await store.read(KEY))!;
  }

  beforeEach(() => {
    dbName = `grid-journal-spec-${Math.random().toString(36).slice(2)}`;
    store = new IndexedDbJournalStore(dbName);
  });

  afterEach(async () => {
    fixtures.splice(0).forEach((f) => f.destroy());
    await store.close();
    await new Promise((resolve) => {
      const r = indexedDB.deleteDatabase(dbName);
      r.onsuccess = r.onerror = r.onblocked = resolve;
    });
  });

  it('journals an edit off the edit: nothing is written while it runs, the M row with its originals soon after', async () => {
    configure(store);
    const { grid } = await mount();
    grid.tblUpdate({ rowId: 'R2', values: { name: 'Berta' } });
    expect(await store.read(KEY)).withContext('not written by the edit itself').toBeNull();
    await until(async () => await store.read(KEY));
    const entry = (await store.read(KEY))!;
    expect(entry.rows).toEqual([{ state: 'M', id: 'R2', cells: ['2', 'Berta'], originals: ['2', 'Bert'] }]);
    expect(entry.columns).toEqual([{ id: 'id', type: 'INTEGER' }, { id: 'name', type: 'VARCHAR' }]);
  });

  it('journals the pending rows of a row store (M, D, an inserted I row) from its entries, without building its document', async () => {
    configure(store);
    const many = Array.from({ length: 3000 }, (_, r) => [String(r + 1), `name ${r + 1}`]);
    const text = PEOPLE(many)
      .replace(/<wrs:R id="R3">(.*?)<\/wrs:R>/, '<wrs:D id="R3">$1</wrs:D>')
      .replace('<wrs:R id="R5"><wrs:C>5</wrs:C><wrs:C>name 5</wrs:C></wrs:R>', '<wrs:M id="R5"><wrs:C>5</wrs:C><wrs:O>5</wrs:O><wrs:C>new 5</wrs:C><wrs:O>name 5</wrs:O></wrs:M>');
    expect(text.length).toBeGreaterThanOrEqual(WrsTextLoad.storeMinLength);
    const { grid } = await mount(text);
    const rowStore = grid.getRowStore()!;
    const materialize = spyOn(rowStore, 'materialize').and.callThrough();
    grid.insertRowAt(1);
    const added = rowStore.id(1)!;
    await until(async () => (await store.read(KEY))?.rows.length === 3);
    expect(materialize).not.toHaveBeenCalled();
    const entry = (await store.read(KEY))!;
    // The rows the document built from the store journals, in the order they were first changed (the insert first).
    const index = WrsIndex.of(grid.getData()!);
    expect(entry.rows).toEqual([added, 'R3', 'R5'].map((id) => journalRowOf(index, index.rowById(id)!)));
    expect(entry.rows.map((r) => r.state)).toEqual(['I', 'D', 'M']);
  });

  it('asks after a reload "Unsaved changes from <time> in N rows"; Restore makes them again as pending changes, one undo step', async () => {
    configure(store);
    const entry = await session((grid) => {
      grid.tblUpdate({ rowId: 'R1', values: { name: 'Anna B' } });
      grid.tblDelete({ rowId: 'R2' });
    });
    const { grid, fixture, el } = await mount();
    const asked = await question(fixture);
    expect(asked.getAttribute('role')).toBe('group');
    expect(asked.getAttribute('aria-label')).toBe('Unsaved changes');
    const time = new Date(entry.savedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    expect(asked.querySelector('[data-test="journal-text"]')!.textContent).toBe(`Unsaved changes from ${time} in 2 rows`);
    expect(rows(grid)).toEqual(['R 1,Anna', 'R 2,Bert']);
    asked.querySelector<HTMLButtonElement>('[data-action="journal-restore"]')!.click();
    fixture.detectChanges();
    expect(rows(grid)).toEqual(['M 1,Anna B', 'D 2,Bert']);
    expect(el.querySelector('ui-grid-journal-question')).toBeNull();
    expect(el.querySelector('[data-test="message"]')!.textContent).toBe('Restored the changes in 2 rows');
    expect(grid.undo()).toBeTrue();
    expect(rows(grid)).toEqual(['R 1,Anna', 'R 2,Bert']);
  });

  it('Discard deletes the journal and leaves the data as loaded; the next load asks nothing', async () => {
    configure(store);
    await session((grid) => grid.tblUpdate({ rowId: 'R1', values: { name: 'Anna B' } }));
    const first = await mount();
    (await question(first.fixture)).querySelector<HTMLButtonElement>('[data-action="journal-discard"]')!.click();
    await until(async () => (await store.read(KEY)) === null);
    expect(rows(first.grid)).toEqual(['R 1,Anna', 'R 2,Bert']);
    first.fixture.destroy();
    const again = await mount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    again.fixture.detectChanges();
    expect(again.el.querySelector('ui-grid-journal-question')).toBeNull();
  });

  it('a successful save clears the journal; a failed save keeps it', async () => {
    configure(store);
    let fail = true;
    const customSave = () => {
      if (fail) throw new Error('offline');
    };
    const { grid } = await mount(PEOPLE(), { customSave });
    grid.tblUpdate({ rowId: 'R1', values: { name: 'Anna B' } });
    await until(async () => await store.read(KEY));
    await grid.save();
    expect(grid.getStatus().name).toBe('SaveFailedStatus');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await store.read(KEY))?.rows.length).withContext('kept after the failed save').toBe(1);
    fail = false;
    await grid.save();
    expect(grid.getStatus().name).toBe('SavedStatus');
    await until(async () => (await store.read(KEY)) === null);
  });

  it('Reset clears the journal', async () => {
    configure(store);
    const { grid } = await mount();
    grid.tblUpdate({ rowId: 'R1', values: { name: 'Anna B' } });
    await until(async () => await store.read(KEY));
    await grid.actionReset();
    await until(async () => (await store.read(KEY)) === null);
    expect(rows(grid)).toEqual(['R 1,Anna', 'R 2,Bert']);
  });

  it('marks a restored row the server changed since as a conflict, with the server value and the user value', async () => {
    configure(store);
    await session((grid) => grid.tblUpdate({ rowId: 'R1', values: { name: 'Anna B' } }));
    const { grid, fixture, el } = await mount(PEOPLE([['1', 'Anna C'], ['2', 'Bert']]));
    (await question(fixture)).querySelector<HTMLButtonElement>('[data-action="journal-restore"]')!.click();
    fixture.detectChanges();
    expect(rows(grid)).toEqual(['M 1,Anna B', 'R 2,Bert']);
    expect(el.querySelector('[data-test="message"]')!.textContent).toBe('Restored the changes in 1 row. 1 row was changed on the server since (marked): check it before saving');
    await until(() => el.querySelector('.ui-grid-row[data-row-id="R1"].ui-grid-row-failed'));
    const row = el.querySelector('.ui-grid-row[data-row-id="R1"]')!;
    expect(row.getAttribute('aria-description')).toContain('Changed on the server since: NAME: server "Anna C", yours "Anna B"');
    expect(el.querySelector('.ui-grid-row[data-row-id="R2"]')!.classList).not.toContain('ui-grid-row-failed');
  });

  it('refuses a journal that no longer fits the columns: it says so, offers only Discard, applies nothing', async () => {
    configure(store);
    await session((grid) => grid.tblUpdate({ rowId: 'R1', values: { name: 'Anna B' } }));
    const { grid, fixture } = await mount(PEOPLE([['1', 'Anna'], ['2', 'Bert']], [COLUMNS[0], { id: 'fullName' }]));
    const asked = await question(fixture);
    expect(asked.textContent).toContain('no longer fit the columns of this table and cannot be restored');
    expect(asked.querySelector('[data-action="journal-restore"]')).toBeNull();
    expect(rows(grid)).toEqual(['R 1,Anna', 'R 2,Bert']);
  });

  it('with journal false writes nothing and asks nothing', async () => {
    configure(store);
    await store.write({ key: KEY, savedAt: Date.now(), writer: 'other', columns: [{ id: 'id', type: 'INTEGER' }, { id: 'name', type: 'VARCHAR' }], rows: [{ state: 'D', id: 'R1', cells: ['1', 'Anna'] }] });
    const { grid, fixture, el } = await mount(PEOPLE(), { journal: false });
    grid.tblUpdate({ rowId: 'R2', values: { name: 'Berta' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    fixture.detectChanges();
    expect(el.querySelector('ui-grid-journal-question')).toBeNull();
    expect((await store.read(KEY))?.writer).withContext('the entry there stays as it was').toBe('other');
  });

  it('drops journals older than journalRetentionDays instead of offering them', async () => {
    configure(store);
    const old = Date.now() - 3 * 86_400_000;
    await store.write({ key: KEY, savedAt: old, writer: 'other', columns: [{ id: 'id', type: 'INTEGER' }, { id: 'name', type: 'VARCHAR' }], rows: [{ state: 'D', id: 'R1', cells: ['1', 'Anna'] }] });
    await mount(PEOPLE(), { journalRetentionDays: 2 });
    await until(async () => (await store.read(KEY)) === null);
  });

  it('turns the journal off with a console warning when the store fails (a full quota); the edit stands', async () => {
    const full: GridJournalStore = {
      read: async () => null,
      write: async () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      remove: async () => undefined,
      prune: async () => undefined,
      clear: async () => undefined,
    };
    const write = spyOn(full, 'write').and.callThrough();
    const warn = spyOn(console, 'warn');
    configure(full);
    const { grid } = await mount();
    grid.tblUpdate({ rowId: 'R1', values: { name: 'Anna B' } });
    await until(() => warn.calls.count() > 0);
    expect(String(warn.calls.mostRecent().args[0])).toContain('The quota has been exceeded.');
    expect(rows(grid)).toEqual(['M 1,Anna B', 'R 2,Bert']);
    grid.tblUpdate({ rowId: 'R2', values: { name: 'Berta' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(write).toHaveBeenCalledTimes(1);
    expect(rows(grid)).toEqual(['M 1,Anna B', 'M 2,Berta']);
  });

  it('several tabs: the last writer holds the journal; a save in another tab leaves it', async () => {
    configure(store);
    const tabA = await mount(PEOPLE(), { customSave: () => undefined });
    const tabB = await mount();
    tabA.grid.tblUpdate({ rowId: 'R1', values: { name: 'Anna A' } });
    await until(async () => (await store.read(KEY))?.writer === tabA.fixture.componentInstance['unsaved'].journal.writer);
    tabB.grid.tblUpdate({ rowId: 'R2', values: { name: 'Bert B' } });
    await until(async () => (await store.read(KEY))?.writer === tabB.fixture.componentInstance['unsaved'].journal.writer);
    await tabA.grid.save();
    expect(tabA.grid.getStatus().name).toBe('SavedStatus');
    await tabA.fixture.componentInstance['unsaved'].journal.settled();
    expect((await store.read(KEY))?.rows.map((r) => r.cells)).withContext("tab B's changes stay").toEqual([['2', 'Bert B']]);
  });

  it('keeps no part of changes over the size limit: the entry goes, one console warning; under it again, written again', async () => {
    configure(store);
    const limit = GridJournal.maxBytes;
    const warn = spyOn(console, 'warn');
    try {
      const { grid } = await mount();
      grid.tblUpdate({ rowId: 'R1', values: { name: 'Anna B' } });
      await until(async () => await store.read(KEY));
      GridJournal.maxBytes = 600;
      grid.tblUpdate({ rowId: 'R2', values: { name: 'B'.repeat(400) } });
      await until(async () => (await store.read(KEY)) === null);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.calls.mostRecent().args[0])).toContain('exceed the journal limit of 600 bytes');
      expect(rows(grid)).toEqual(['M 1,Anna B', `M 2,${'B'.repeat(400)}`]);
      GridJournal.maxBytes = limit;
      grid.tblUpdate({ rowId: 'R1', values: { name: 'Anna C' } });
      await until(async () => (await store.read(KEY))?.rows.length === 2);
    } finally {
      GridJournal.maxBytes = limit;
    }
  });

  it('asks in the UI language of the message table (German)', async () => {
    configure(store, [{ provide: GRID_MESSAGES, useValue: GRID_MESSAGES_DE }]);
    await session((grid) => grid.tblUpdate({ rowId: 'R1', values: { name: 'Anna B' } }));
    const { fixture } = await mount();
    const asked = await question(fixture);
    expect(asked.textContent).toContain('Ungespeicherte Änderungen vom');
    expect(asked.textContent).toContain('in 1 Zeile');
    expect(asked.querySelector('[data-action="journal-restore"]')!.textContent).toBe('Änderungen wiederherstellen');
  });
});
