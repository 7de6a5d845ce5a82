import { VALIDATION_MESSAGES, WrsIndex, parseXml } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../core/testing/fixtures';
import { GridColumn } from './grid-column';
import { GridValidation } from './grid-validation';

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
