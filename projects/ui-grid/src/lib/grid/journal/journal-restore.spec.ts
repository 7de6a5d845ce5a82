import { WrsError, WrsIndex, cellValue, cellsOf, deleteRowElement, insertRowElements, originalOf, parseXml, writeRowCells } from 'ngx-wrs-grid/core';
import { FixtureColumn, wrsText } from '../../../../core/testing/fixtures';
import { JournalEntry, journalColumnsOf, journalRowsOf } from './journal-entry';
import { appendJournalRows, journalFits, restoreJournal } from './journal-restore';

const COLUMNS: FixtureColumn[] = [{ id: 'id', isKey: true, nullable: '0' }, { id: 'name' }, { id: 'qty', type: 'INTEGER' }];
const ROWS = () => [['1', 'Anna', '5'], ['2', 'Bert', '7'], ['3', 'Cleo', '9']];
const load = (rows: (string | null)[][] = ROWS(), columns = COLUMNS) => WrsIndex.of(parseXml(wrsText(columns, rows)));
const noHooks = { beforeWrite: () => undefined, beforeDelete: () => undefined, added: () => undefined };

/** The journal of a session on ROWS: the edits run on a loaded document, then journaled. */
function journalOf(edit: (index: WrsIndex) => void, order = new Map<string, number>()): JournalEntry {
  const index = load();
  edit(index);
  return { key: 'k', savedAt: 1, writer: 'w', columns: journalColumnsOf(index), rows: journalRowsOf(index, order) };
}

/** Rows as `state id: values` (M rows with their originals after a slash). */
function shape(index: WrsIndex): string[] {
  return index.rows().map((r) => {
    const cells = cellsOf(r);
    const o = r.localName === 'M' ? ` / ${cells.map((c) => cellValue(originalOf(c) ?? c)).join(',')}` : '';
    return `${r.localName} ${cells.map(cellValue).join(',')}${o}`;
  });
}

describe('restoreJournal', () => {
  it('journals pending rows in the order they were first changed, M rows with their originals', () => {
    const entry = journalOf((index) => {
      writeRowCells(index.rowById('R3')!, [[2, 'Cleo B']], index);
      deleteRowElement(index.rowById('R1')!, index);
    }, new Map([['R3', 0], ['R1', 1]]));
    expect(entry.rows.map((r) => `${r.state} ${r.id}`)).toEqual(['M R3', 'D R1']);
    expect(entry.rows[0].originals).toEqual(['3', 'Cleo', '9']);
    expect(entry.rows[0].cells).toEqual(['3', 'Cleo B', '9']);
  });

  it('makes the same M, D and I rows again on fresh data, M rows with the server values as wrs:O', () => {
    const entry = journalOf((index) => {
      writeRowCells(index.rowById('R2')!, [[3, '70']], index);
      deleteRowElement(index.rowById('R3')!, index);
      insertRowElements(index, 1, 'R1', [['4', 'Dora', '1']]);
    });
    const fresh = load();
    const done = restoreJournal(fresh, entry, noHooks);
    expect(shape(fresh)).toEqual(['R 1,Anna,5', 'I 4,Dora,1', 'M 2,Bert,70 / 2,Bert,7', 'D 3,Cleo,9']);
    expect(done.conflicts).toEqual([]);
    expect(done.gone).toBe(0);
    expect(done.rowIds.length).toBe(3);
  });

  it('finds rows by their key columns when the server numbers its rows anew (another order)', () => {
    const entry = journalOf((index) => writeRowCells(index.rowById('R1')!, [[2, 'Anna B']], index));
    const fresh = load([['3', 'Cleo', '9'], ['1', 'Anna', '5'], ['2', 'Bert', '7']]);
    restoreJournal(fresh, entry, noHooks);
    expect(shape(fresh)).toEqual(['R 3,Cleo,9', 'M 1,Anna B,5 / 1,Anna,5', 'R 2,Bert,7']);
  });

  it('keeps a change of another cell the server made since (no conflict) and reports a cell both changed as a conflict with both values', () => {
    const entry = journalOf((index) => writeRowCells(index.rowById('R1')!, [[2, 'Anna B']], index));
    const otherCell = load([['1', 'Anna', '6'], ['2', 'Bert', '7'], ['3', 'Cleo', '9']]);
    expect(restoreJournal(otherCell, entry, noHooks).conflicts).toEqual([]);
    expect(shape(otherCell)[0]).toBe('M 1,Anna B,6 / 1,Anna,6');
    const sameCell = load([['1', 'Anna C', '5'], ['2', 'Bert', '7'], ['3', 'Cleo', '9']]);
    expect(restoreJournal(sameCell, entry, noHooks).conflicts).toEqual([{ rowId: 'R1', colId: 'name', original: 'Anna', server: 'Anna C', mine: 'Anna B', deleted: false }]);
    expect(shape(sameCell)[0]).toBe('M 1,Anna B,5 / 1,Anna C,5');
  });

  it('reports a deleted row the server changed since as a conflict, and counts changed rows the server no longer holds', () => {
    const entry = journalOf((index) => {
      deleteRowElement(index.rowById('R2')!, index);
      writeRowCells(index.rowById('R3')!, [[3, '10']], index);
    });
    const fresh = load([['1', 'Anna', '5'], ['2', 'Bert', '8']]);
    const done = restoreJournal(fresh, entry, noHooks);
    expect(done.gone).toBe(1);
    expect(done.conflicts).toEqual([{ rowId: 'R2', colId: 'qty', original: '7', server: '8', mine: '7', deleted: true }]);
    expect(shape(fresh)).toEqual(['R 1,Anna,5', 'D 2,Bert,8']);
  });

  it('refuses a journal whose columns changed with JOURNAL_MISMATCH and changes nothing', () => {
    const entry = journalOf((index) => writeRowCells(index.rowById('R1')!, [[2, 'Anna B']], index));
    const fresh = load(ROWS(), [COLUMNS[0], COLUMNS[1], { id: 'qty', type: 'DECIMAL' }]);
    expect(journalFits(entry, fresh)).toBeFalse();
    let error: unknown = null;
    try {
      restoreJournal(fresh, entry, noHooks);
    } catch (e) {
      error = e;
    }
    expect(error instanceof WrsError ? error.code : error).toBe('JOURNAL_MISMATCH');
    expect(shape(fresh)).toEqual(['R 1,Anna,5', 'R 2,Bert,7', 'R 3,Cleo,9']);
  });

  it('with server pages: a row not found waits unless it is of the page loaded (then gone); without keys only rows of the page are looked for', () => {
    const entry = journalOf((index) => {
      writeRowCells(index.rowById('R1')!, [[2, 'Anna B']], index);
      writeRowCells(index.rowById('R2')!, [[2, 'Bert B']], index);
      writeRowCells(index.rowById('R3')!, [[2, 'Cleo B']], index);
    });
    const page = { R1: 'here', R2: 'elsewhere', R3: 'unknown' } as const;
    const placeOf = (row: { id: string }) => page[row.id as keyof typeof page];
    // The page loaded holds record 2 (moved there), not records 1 and 3.
    const fresh = load([['2', 'Bert', '7'], ['4', 'Dora', '1']]);
    const done = restoreJournal(fresh, entry, noHooks, placeOf);
    expect(shape(fresh)).toEqual(['M 2,Bert B,7 / 2,Bert,7', 'R 4,Dora,1']);
    expect(done.gone).toBe(1);
    expect(done.waiting.map((r) => r.id)).toEqual(['R3']);

    const unkeyed: FixtureColumn[] = COLUMNS.map((c) => ({ ...c, isKey: false }));
    const plain = load([['7', 'Gert', '1'], ['8', 'Hans', '2']], unkeyed);
    const waiting = restoreJournal(plain, { ...entry, columns: journalColumnsOf(plain) }, noHooks, placeOf);
    expect(shape(plain)).withContext('R2 of this page is another record than R2 journaled').toEqual(['M 7,Anna B,1 / 7,Gert,1', 'R 8,Hans,2']);
    expect(waiting.waiting.map((r) => r.id)).toEqual(['R2', 'R3']);
  });

  it('puts waiting rows into the data as pending rows: M over the originals the user changed it from, D as it was, ids kept when free', () => {
    const entry = journalOf((index) => {
      writeRowCells(index.rowById('R2')!, [[2, 'Bert B']], index);
      deleteRowElement(index.rowById('R3')!, index);
    });
    const page = load([['4', 'Dora', '1'], ['5', 'Emil', '2']]);
    const ids = appendJournalRows(page, entry.rows);
    expect(ids).toEqual(['R2_1', 'R3']);
    expect(shape(page)).toEqual(['R 4,Dora,1', 'R 5,Emil,2', 'M 2,Bert B,7 / 2,Bert,7', 'D 3,Cleo,9']);
    expect(page.changedRowCount()).toBe(2);
  });

  it('inserts new rows that followed one another as one run after the row the first followed, each run where it was', () => {
    const entry = journalOf((index) => {
      insertRowElements(index, 1, 'R1', [['4', 'Dora', '1'], ['5', 'Emil', '2']]);
      insertRowElements(index, index.rowCount, 'R3', [['6', 'Finn', '3']]);
    });
    const fresh = load();
    const added: string[] = [];
    const done = restoreJournal(fresh, entry, { ...noHooks, added: (id) => added.push(id) });
    expect(shape(fresh)).toEqual(['R 1,Anna,5', 'I 4,Dora,1', 'I 5,Emil,2', 'R 2,Bert,7', 'R 3,Cleo,9', 'I 6,Finn,3']);
    expect(added).toEqual(done.rowIds);
    expect(new Set(added).size).toBe(3);
  });

  it('tells its hooks every row before it changes it, and the rows it adds', () => {
    const entry = journalOf((index) => {
      writeRowCells(index.rowById('R1')!, [[2, 'x']], index);
      deleteRowElement(index.rowById('R2')!, index);
      insertRowElements(index, 3, 'R3', [['9', 'New', '0']]);
    });
    const seen: string[] = [];
    restoreJournal(load(), entry, {
      beforeWrite: (row) => seen.push(`write ${row.getAttribute('id')} ${row.localName}`),
      beforeDelete: (row) => seen.push(`delete ${row.getAttribute('id')} ${row.localName}`),
      added: (id) => seen.push(`added ${id}`),
    });
    expect(seen).toEqual(['write R1 R', 'delete R2 R', jasmine.stringMatching(/^added I_\d+_R3$/) as unknown as string]);
  });
});
