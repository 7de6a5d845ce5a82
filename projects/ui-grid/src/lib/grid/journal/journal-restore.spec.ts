import { WrsError, WrsIndex, cellValue, cellsOf, deleteRowElement, insertRowElements, originalOf, parseXml, writeRowCells } from 'ngx-wrs-grid/core';
import { FixtureColumn, wrsText } from '../../../../core/testing/fixtures';
import { JournalEntry, journalColumnsOf, journalRowsOf } from './journal-entry';
import { journalFits, restoreJournal } from './journal-restore';

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
