import { VALIDATION_MESSAGES, WrsIndex, cellValue, cellsOf, parseXml } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../core/testing/fixtures';
import { GridColumn } from './grid-column';
import { GridValidation } from './grid-validation';
import { expectConsistentDom } from '../../../core/testing/dom-consistency';

describe('GridValidation key uniqueness', () => {
  const keyColumn = { id: 'id', pos: 1, isKey: true } as GridColumn;
  const nameColumn = { id: 'name', pos: 2, isKey: false } as GridColumn;
  // Every error must be a duplicate key here (the names are valid): anything else is a wrong entry.
  const keyErrors = (v: GridValidation) => {
    const errors = v.errors();
    expect(errors.every((e) => e.colId === 'id' && e.message === VALIDATION_MESSAGES.duplicateKey)).withContext(JSON.stringify(errors)).toBeTrue();
    return errors.map((e) => e.rowId);
  };

  it('lists the rows of a key held twice, and none once the key is unique again or the row is deleted', () => {
    const doc = parseXml(wrsText([{ id: 'id', isKey: true }, { id: 'name' }], [['1', 'a'], ['2', 'b'], ['3', 'c']]));
    const v = new GridValidation([keyColumn, nameColumn], false);
    v.reset(doc);
    expect(keyErrors(v)).toEqual([]);
    const cell = (rowId: string) => WrsIndex.of(doc).rowById(rowId)!.firstElementChild!;
    cell('R3').textContent = '1';
    v.checkRows(doc, ['R3']);
    expect(keyErrors(v)).toEqual(['R1', 'R3']);
    cell('R2').textContent = '1';
    v.checkRows(doc, ['R2']);
    expect(keyErrors(v)).toEqual(['R1', 'R2', 'R3']);
    cell('R3').textContent = '3';
    cell('R2').textContent = '2';
    v.checkRows(doc, ['R3', 'R2']);
    expect(keyErrors(v)).toEqual([]);
    cell('R2').textContent = '1';
    v.checkRows(doc, ['R2']);
    expect(keyErrors(v)).toEqual(['R1', 'R2']);
    const row = WrsIndex.of(doc).rowById('R2')!;
    const deleted = doc.createElementNS(row.namespaceURI, 'wrs:D');
    deleted.setAttribute('id', 'R2');
    while (row.firstChild) deleted.appendChild(row.firstChild);
    row.parentNode!.replaceChild(deleted, row);
    WrsIndex.invalidate(doc);
    v.checkRows(doc, ['R2']);
    expect(keyErrors(v)).toEqual([]);
    // A key no row holds any more.
    cell('R3').textContent = '1';
    v.checkRows(doc, ['R3']);
    expect(keyErrors(v)).toEqual(['R1', 'R3']);
    cell('R1').textContent = '8';
    cell('R3').textContent = '9';
    v.checkRows(doc, ['R1', 'R3']);
    expect(keyErrors(v)).toEqual([]);
  });
});

describe('GridValidation store', () => {
  const keyColumn = { id: 'id', pos: 1, isKey: true } as GridColumn;
  const qtyColumn = { id: 'qty', pos: 2, isKey: false } as GridColumn;
  const storedRows = (doc: Document) => {
    const data = doc.getElementsByTagNameNS(doc.documentElement.namespaceURI, 'ValidationResult')[0].getElementsByTagNameNS(doc.documentElement.namespaceURI, 'Data')[0];
    return WrsIndex.ofElement(data.parentNode as Element).rows().map((row) => cellsOf(row).map(cellValue).join('|'));
  };
  // What a grid that validated the document now from scratch would store.
  const fromScratch = (doc: Document) => {
    const v = new GridValidation([keyColumn, qtyColumn], false);
    v.reset(doc);
    v.checkRows(doc, WrsIndex.of(doc).rows().map((r) => r.getAttribute('id')!));
    return v.errors().map((e) => `${e.rowId}|${e.colId}|${e.message}`);
  };

  it('after each change set stores what validating the whole document anew would: key clashes that begin and end, cell errors, removed rows', () => {
    const rows = Array.from({ length: 30 }, (_, i) => [String(i % 20), String(i)]);
    const doc = parseXml(wrsText([{ id: 'id', isKey: true }, { id: 'qty', type: 'INTEGER' }], rows));
    const v = new GridValidation([keyColumn, qtyColumn], false);
    v.reset(doc);
    const index = WrsIndex.of(doc);
    v.checkRows(doc, index.rows().map((r) => r.getAttribute('id')!));
    v.store(doc, 'grid');
    expect(storedRows(doc)).toEqual(fromScratch(doc));
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let step = 0; step < 120; step++) {
      const all = index.rows();
      const row = all[Math.floor(next() * all.length)];
      const id = row.getAttribute('id')!;
      const cells = cellsOf(row);
      const roll = next();
      if (roll < 0.45) cells[0].textContent = String(Math.floor(next() * 25));
      else if (roll < 0.85) cells[1].textContent = next() < 0.4 ? 'not a number' : String(Math.floor(next() * 99));
      else {
        // Removed, as a deleted inserted row is.
        row.parentNode!.removeChild(row);
        WrsIndex.invalidate(doc);
      }
      v.checkRows(doc, [id]);
      v.store(doc, 'grid');
      expect(storedRows(doc)).withContext(`step ${step}`).toEqual(fromScratch(doc));
      expectConsistentDom([doc], `step ${step}`);
    }
  });
});

describe('GridValidation checkCells', () => {
  it('checks again only the columns written, keeping the errors of the other columns and following the keys', () => {
    const doc = parseXml(wrsText([{ id: 'id', isKey: true }, { id: 'qty', type: 'INTEGER' }, { id: 'day', type: 'DATE' }], [['1', 'x', 'no date'], ['2', '5', 'no date']]));
    const v = new GridValidation([{ id: 'id', pos: 1, isKey: true } as GridColumn, { id: 'qty', pos: 2 } as GridColumn, { id: 'day', pos: 3 } as GridColumn], false);
    v.reset(doc);
    v.checkRows(doc, ['R1', 'R2']);
    const errors = () => v.errors().map((e) => `${e.rowId}.${e.colId}`);
    expect(errors()).toEqual(['R1.day', 'R1.qty', 'R2.day']);
    const cells = (id: string) => cellsOf(WrsIndex.of(doc).rowById(id)!);
    cells('R1')[1].textContent = '7';
    cells('R2')[1].textContent = 'y';
    cells('R2')[0].textContent = '1';
    // Only qty is checked: the day errors stay, as cells not checked again must; the key written counts.
    v.checkCells(doc, ['R1', 'R2'], new Set([2]));
    expect(errors()).toEqual(['R1.day', 'R1.id', 'R2.day', 'R2.id', 'R2.qty']);
    cells('R1')[2].textContent = '2020-01-01';
    v.checkCells(doc, ['R1'], new Set([3]));
    expect(errors()).toEqual(['R1.id', 'R2.day', 'R2.id', 'R2.qty']);
  });
});
