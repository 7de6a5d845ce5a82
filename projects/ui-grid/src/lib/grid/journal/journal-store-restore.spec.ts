import { ComponentFixture, TestBed } from '@angular/core/testing';
import { RowStore, WrsIndex, parseXml, serializeXml } from 'ngx-wrs-grid/core';
import { FixtureColumn, wrsText } from '../../../../core/testing/fixtures';
import { GridComponent } from '../grid.component';
import { MemoryJournalStore } from '../testing/memory-journal-store';
import { MountedGrid, configureGrids } from '../testing/mount-grid';
import { mountStoreGrid } from '../testing/store-grid';
import { until } from '../testing/user-steps';
import { JournalEntry, JournalRow } from './journal-entry';
import { JournalRestore, appendJournalRows, restoreJournal } from './journal-restore';
import { appendStoreJournalRows, restoreStoreJournal } from './journal-store-restore';
import { GRID_JOURNAL_STORE, GridJournalStore } from './journal-store';

const ROWS = 3000;
const KEYED: FixtureColumn[] = [{ id: 'id', isKey: true, nullable: '0', type: 'INTEGER' }, { id: 'name' }, { id: 'n', type: 'INTEGER' }];
const UNKEYED: FixtureColumn[] = [{ id: 'id', type: 'INTEGER' }, { id: 'name' }, { id: 'n', type: 'INTEGER' }];
/** Rows 1..3000; `server` changes what the server holds now: a name, a row gone, rows renumbered (ids shifted). */
const people = (columns = KEYED, server: (rows: string[][]) => string[][] = (rows) => rows) =>
  wrsText(columns, server(Array.from({ length: ROWS }, (_, r) => [String(r + 1), `name ${r + 1}`, String(r % 50)])));

/** A journal of M rows (one the server changed since, one it no longer holds), D rows and runs of I rows. */
const entry = (columns = KEYED): JournalEntry => {
  const rows: JournalRow[] = [
    { state: 'M', id: 'R5', cells: ['5', 'mine 5', '4'], originals: ['5', 'name 5', '4'] },
    { state: 'M', id: 'R9', cells: ['9', 'mine 9', '8'], originals: ['9', 'name 9', '8'] },
    { state: 'M', id: 'R40', cells: ['40', 'name 40', '77'], originals: ['40', 'name 40', '39'] },
    { state: 'M', id: 'R2999', cells: ['2999', 'gone', '1'], originals: ['2999', 'name 2999', '48'] },
    { state: 'D', id: 'R12', cells: ['12', 'name 12', '11'] },
    { state: 'D', id: 'R13', cells: ['13', 'name 13', '12'] },
    { state: 'I', id: 'I_1_R3', cells: ['9001', 'new a', '1'], after: 'R3', position: 4 },
    { state: 'I', id: 'I_1_R3_b', cells: ['9002', 'new b', '2'], after: 'I_1_R3', position: 5 },
    { state: 'I', id: 'I_2_R100', cells: ['9003', null, '3'], after: 'R100', position: 103 },
    { state: 'I', id: 'I_3_x', cells: ['9004', 'end', null], after: 'nowhere', position: 9000 },
  ];
  return { key: 'k', savedAt: 0, writer: 'w', columns: columns.map((c) => ({ id: c.id, type: c.type ?? 'VARCHAR' })), rows };
};
/** What the server holds now: row 9's name changed (a conflict), row 2999 gone, an id before row 5 gone (ids shift). */
const changedOnServer = (rows: string[][]) => rows.filter((r) => r[0] !== '2999').map((r) => (r[0] === '9' ? [r[0], 'server 9', r[2]] : r));

const resultOf = (r: JournalRestore) => ({ ...r, rowIds: [...r.rowIds].sort() });

describe('Journal restore on a row store', () => {
  for (const [what, columns] of [['keyed', KEYED], ['without key columns', UNKEYED]] as const) {
    it(`makes the journal's changes on the entries as on the parsed document (${what}): rows, ids, conflicts, nothing built`, () => {
      const text = people(columns, changedOnServer);
      const store = RowStore.open(text)!;
      const index = WrsIndex.of(store.document);
      const restored = restoreStoreJournal(store, index, entry(columns), {
        // Every cell written (no short cut past the first change), as the grid's store batch writes them.
        write: (r, writes) => writes.map(([pos, v]) => store.setCell(r, pos, v)).some((changed) => changed),
        beforeDelete: () => undefined,
        removed: () => undefined,
        inserted: () => undefined,
      });
      expect(store.builtRowCount).toBe(0);
      const doc = parseXml(text);
      const hooks = { beforeWrite: () => undefined, beforeDelete: () => undefined, added: () => undefined };
      const expected = restoreJournal(WrsIndex.of(doc), entry(columns), hooks);
      expect(resultOf(restored)).toEqual(resultOf(expected));
      // By key, row 2999 is gone; by id alone, R2999 is the server's row 3000 now: its cells conflict.
      expect(restored.conflicts.map((c) => `${c.rowId} ${c.colId}`)).toEqual(columns === KEYED ? ['R9 name'] : ['R9 name', 'R2999 name', 'R2999 n']);
      expect(restored.gone).toBe(columns === KEYED ? 1 : 0);
      expect(serializeXml(store.materialize())).toBe(serializeXml(doc));
    });
  }

  it('appends the rows waiting for their server page as the document path does, under free ids', () => {
    const text = people();
    const store = RowStore.open(text)!;
    const waiting = entry().rows.filter((r) => r.state !== 'I');
    const ids = appendStoreJournalRows(store, waiting);
    expect(store.builtRowCount).toBe(0);
    const doc = parseXml(text);
    expect(ids).toEqual(appendJournalRows(WrsIndex.of(doc), waiting));
    expect(ids[0]).toBe('R5_1');
    expect(serializeXml(store.materialize())).toBe(serializeXml(doc));
  });
});

describe('GridComponent restoring a journal onto a row store', () => {
  const fixtures: ComponentFixture<GridComponent>[] = [];
  afterEach(() => fixtures.splice(0).forEach((f) => f.destroy()));

  async function mount(text: string, store: GridJournalStore, parsed: boolean): Promise<MountedGrid> {
    configureGrids([{ provide: GRID_JOURNAL_STORE, useValue: store }]);
    const mounted = await mountStoreGrid(text, { id: 'people' }, parsed);
    fixtures.push(mounted.fixture);
    return mounted;
  }

  it('restores as one undo step on the entries, with the conflicts marked, as on the parsed document', async () => {
    const outcomes: { rows: string; note: string; undone: string; redone: string; conflict: string | null }[] = [];
    for (const parsed of [false, true]) {
      const journal = new MemoryJournalStore();
      await journal.write({ ...entry(), key: JSON.stringify({ id: 'people', bindingSets: [], filters: [] }), savedAt: Date.now() });
      const s = await mount(people(KEYED, changedOnServer), journal, parsed);
      const materialize = parsed ? null : spyOn(s.grid.getRowStore()!, 'materialize').and.callThrough();
      let asked: HTMLElement | null = null;
      await until(() => {
        s.fixture.detectChanges();
        return (asked = s.el.querySelector<HTMLElement>('ui-grid-journal-question'));
      });
      asked!.querySelector<HTMLButtonElement>('[data-action="journal-restore"]')!.click();
      s.fixture.detectChanges();
      await until(() => s.el.querySelector('.ui-grid-row[data-row-id="R9"].ui-grid-row-failed'));
      const note = s.el.querySelector('[data-test="message"]')!.textContent!;
      const conflict = s.el.querySelector('.ui-grid-row[data-row-id="R9"]')!.getAttribute('aria-description');
      if (materialize) expect(materialize).not.toHaveBeenCalled();
      const shown = () => {
        const rows = s.grid.getRowStore();
        return rows && !rows.materialized ? Array.from({ length: rows.rowCount }, (_, r) => `${rows.state(r)} ${rows.id(r)} ${rows.cellValues(r, 3).join(',')}`).join('\n') : '';
      };
      const before = shown();
      expect(s.grid.undo()).toBeTrue();
      const undone = shown();
      expect(s.grid.redo()).toBeTrue();
      const redone = shown();
      if (materialize) {
        expect(materialize).not.toHaveBeenCalled();
        expect(before).toBe(redone);
      }
      outcomes.push({ rows: serializeXml(s.grid.getData()!), note, undone: parsed ? '' : undone, redone: parsed ? '' : redone, conflict });
      TestBed.resetTestingModule();
    }
    const [store, doc] = outcomes;
    expect(store.rows).toBe(doc.rows);
    expect(store.note).toBe(doc.note);
    expect(store.conflict).toBe(doc.conflict);
    expect(store.note).toContain('1 row was changed on the server since');
    expect(store.undone.split('\n').filter((r) => !r.startsWith('R ')).length).toBe(0);
  });
});
