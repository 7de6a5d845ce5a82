import { WrsIndex, deleteRowElement, parseXml, writeRowCells } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../../core/testing/fixtures';
import { JournalRowCache, documentJournalRows } from './journal-entry';

const load = () => WrsIndex.of(parseXml(wrsText([{ id: 'id', isKey: true }, { id: 'name' }], [['1', 'Anna'], ['2', 'Bert'], ['3', 'Cleo']])));

describe('JournalRowCache', () => {
  it('reads again only the rows a change set named, listed in the order first changed', () => {
    const index = load();
    const cache = new JournalRowCache();
    const order = new Map([['R3', 0], ['R1', 1]]);
    writeRowCells(index.rowById('R3')!, [[2, 'C']], index);
    writeRowCells(index.rowById('R1')!, [[2, 'A']], index);
    expect(cache.read(documentJournalRows(index), order).rows.map((r) => r.cells[1])).toEqual(['C', 'A']);
    writeRowCells(index.rowById('R1')!, [[2, 'A2']], index);
    cache.changed(['R1']);
    const { rows, size } = cache.read(documentJournalRows(index), order);
    expect(rows.map((r) => r.cells[1])).toEqual(['C', 'A2']);
    expect(size).toBe(rows.reduce((n, r) => n + JSON.stringify(r).length * 2, 0));
    writeRowCells(index.rowById('R3')!, [[2, 'Cleo']], index);
    cache.changed(['R3']);
    expect(cache.read(documentJournalRows(index), order).rows.map((r) => `${r.state} ${r.cells[1]}`)).toEqual(['M Cleo', 'M A2']);
  });

  it('reads every row again when the pending rows changed without a change set naming them', () => {
    const index = load();
    const cache = new JournalRowCache();
    writeRowCells(index.rowById('R1')!, [[2, 'A']], index);
    expect(cache.read(documentJournalRows(index), new Map()).rows.length).toBe(1);
    deleteRowElement(index.rowById('R2')!, index);
    expect(cache.read(documentJournalRows(index), new Map()).rows.map((r) => `${r.state} ${r.id}`)).toEqual(['M R1', 'D R2']);
  });
});
