import { WrsError } from '../errors';
import type { WrsBackend } from '../backend/wrs-backend';
import { setDefaultWrsBackend } from '../backend/default-wrs-backend';
import { DataProviderRegistry } from '../data-provider/data-provider';
import { SimpleModel } from '../data-provider/simple-model';
import { StaticModel } from '../data-provider/static-model';
import { parseXml, serializeXml } from '../xml/dom';
import { domName, ordersWrs, wrsText } from '../../testing/fixtures';
import { rowShapes } from '../../testing/wrs-shape';
import { cellValue, cellsOf, originalOf, writeRowCells } from '../rows/row-states';
import { WrsIndex } from '../rows/wrs-index';
import { NextIdentifierResult, WrsUtil } from './wrs-util';
import { MemoryServer, rejected, setup } from '../../testing/wrs-util-harness';

function threw(fn: () => unknown, code: string): boolean {
  try {
    fn();
  } catch (e) {
    return e instanceof WrsError && e.code === code;
  }
  return false;
}

describe(`WrsUtil cells and positions (${domName()})`, () => {
  it('getCellValue reads by row id or position and column id or position; null for wrs:null and missing cells', () => {
    const { util } = setup();
    expect(util.getCellValue('orders', 'R2', 'qty')).toBe('5');
    expect(util.getCellValue('orders', 2, 1)).toBe('Bert');
    expect(util.getCellValue('orders', 'R3', 'country')).toBeNull();
    expect(util.getCellValue('orders', 'R9', 'qty')).toBeNull();
    expect(util.getCellValue('orders', 'R1', 'nope')).toBeNull();
    expect(util.getCellValue('orders', 1, 4)).toBeNull();
  });

  it('a foreign x:C in a row is no cell: reads, writes and the CSV export take the n-th wrs:C', async () => {
    const xml = `<wrs:Wrs xmlns:wrs="http://www.businesscode.de/schema/bcdui/wrs-1.0.0" xmlns:x="urn:x">
      <wrs:Header><wrs:Columns><wrs:C pos="1" id="a" caption="A"/><wrs:C pos="2" id="b" caption="B"/></wrs:Columns></wrs:Header>
      <wrs:Data><wrs:R id="R1"><x:C>foreign</x:C><wrs:C>a1</wrs:C><wrs:C>b1</wrs:C></wrs:R></wrs:Data></wrs:Wrs>`;
    const { util, model, clipboard } = setup(xml);
    expect(util.getCellValue(model, 'R1', 'a')).toBe('a1');
    expect(util.getCellValue(model, 'R1', 2)).toBe('b1');
    await util.copyAllRows2CSV({ model });
    expect(clipboard.text).toBe('A,B\r\na1,b1\r\n');
    expect(util.setCellValue(model, 'R1', 'a', 'z')).toBeTrue();
    expect(util.getCellValue(model, 'R1', 'a')).toBe('z');
    expect(model.read("/*/wrs:Data/*[@id='R1']/*[local-name()='C' and namespace-uri()='urn:x']")).toBe('foreign');
    const seen: string[] = [];
    util.wrsValidation({ validationId: 'v', model, cellValidation: { func: (cell, column) => (seen.push(`${column.getAttribute('id')}=${cell.textContent}`), null) } });
    expect(seen).toEqual(['a=z', 'b=b1']);
  });

  it('setCellValue turns an R row into M and keeps the original in wrs:O; later edits change only wrs:C', () => {
    const { util, model, shapes, fired } = setup();
    expect(util.setCellValue('orders', 'R2', 'qty', '9')).toBeTrue();
    expect(shapes()).toEqual(['R R1 Anna|3|DE', 'M R2 Bert|9|FR / Bert|5|FR', 'R R3 Cleo|7|~']);
    expect(util.setCellValue(model, 2, 1, 'Berta')).toBeTrue();
    expect(util.setCellValue(model, 'R2', 'qty')).toBeTrue();
    expect(shapes()[1]).toBe('M R2 Berta|~|FR / Bert|5|FR');
    expect(fired).toEqual([]);
    expect(model.hasUncommittedWrites()).toBeTrue();
  });

  it('writeRowCells writes several cells of a row with one R -> M, calls beforeChange once, skips unchanged and missing cells', () => {
    const { doc, shapes } = setup();
    const index = WrsIndex.of(doc);
    const touched: string[] = [];
    const before = (row: Element) => touched.push(`${row.localName} ${row.getAttribute('id')}`);
    const first = writeRowCells(index.rowById('R2')!, [[1, 'Berta'], [2, '5'], [3, null], [9, 'x']], index, before);
    expect(first.changed).toEqual([1, 3]);
    expect(first.row).toBe(index.rowById('R2')!);
    expect(shapes()[1]).toBe('M R2 Berta|5|~ / Bert|5|FR');
    expect(touched).toEqual(['R R2']);
    const again = writeRowCells(first.row, [[1, 'Berta'], [3, null]], index, before);
    expect(again.changed).toEqual([]);
    expect(touched.length).toBe(1);
    writeRowCells(first.row, [[2, '6']], index);
    expect(shapes()[1]).toBe('M R2 Berta|6|~ / Bert|5|FR');
  });

  it('setCellValue writing the value a cell holds keeps the row R', () => {
    const { util, shapes } = setup();
    expect(util.setCellValue('orders', 'R1', 'name', 'Anna')).toBeTrue();
    expect(shapes()[0]).toBe('R R1 Anna|3|DE');
  });

  it('setCellValue returns false for a missing row or cell and for a deleted row, changing nothing', () => {
    const { util, shapes, model } = setup();
    util.deleteRow(model, 'R1');
    const before = shapes();
    expect(util.setCellValue('orders', 'R9', 'qty', '1')).toBeFalse();
    expect(util.setCellValue('orders', 'R2', 'nope', '1')).toBeFalse();
    expect(util.setCellValue('orders', 'R2', 4, '1')).toBeFalse();
    expect(util.setCellValue('orders', 'R1', 'qty', '1')).toBeFalse();
    expect(shapes()).toEqual(before);
  });

  it('works on a Wrs document as well as on a provider', () => {
    const { util } = setup();
    const doc = parseXml(ordersWrs());
    expect(util.setCellValue(doc, 'R1', 'qty', '4')).toBeTrue();
    expect(rowShapes(doc)[0]).toBe('M R1 Anna|4|DE / Anna|3|DE');
    expect(util.getCellValue(doc, 'R1', 2)).toBe('4');
  });

  it('getColPosById gives the header position, 0 when absent; getRowPositionByRowId -1 when absent', () => {
    const { util, model } = setup();
    expect(util.getColPosById('orders', 'country')).toBe(3);
    expect(util.getColPosById(model, 'nope')).toBe(0);
    expect(util.getRowPositionByRowId({ model, rowId: 'R3' })).toBe(3);
    expect(util.getRowPositionByRowId({ model: 'orders', rowId: 'R9' })).toBe(-1);
  });

  it('raises NOT_READY for a provider without data and UNKNOWN_PROVIDER for an unknown id', () => {
    const registry = new DataProviderRegistry();
    const lazy = new StaticModel({ id: 'lazy', data: ordersWrs(), registry });
    const util = new WrsUtil({ registry });
    expect(threw(() => util.getCellValue(lazy, 'R1', 1), 'NOT_READY')).toBeTrue();
    expect(threw(() => util.deleteRows({ model: 'lazy', rowStartPos: 1 }), 'NOT_READY')).toBeTrue();
    expect(threw(() => util.getCellValue('nobody', 'R1', 1), 'UNKNOWN_PROVIDER')).toBeTrue();
    expect(util.getValidationErrorCount(lazy)).toBe(-1);
  });
});

describe(`WrsUtil single-row operations (${domName()})`, () => {
  it('deleteRow: R becomes D; M becomes D holding the originals; I is removed; D gives false', () => {
    const { util, model, shapes, fired } = setup();
    util.setCellValue(model, 'R2', 'qty', '9');
    util.insertRow({ model, rowStartPos: 1, propagateUpdate: false });
    const inserted = model.getData()!.documentElement.getElementsByTagNameNS('*', 'I')[0].getAttribute('id')!;
    expect(util.deleteRow(model, 'R1')).toBeTrue();
    expect(util.deleteRow(model, 'R2')).toBeTrue();
    expect(util.deleteRow(model, inserted)).toBeTrue();
    expect(util.deleteRow(model, 'R1')).toBeFalse();
    expect(util.deleteRow(model, 'R9')).toBeFalse();
    expect(shapes()).toEqual(['D R1 Anna|3|DE', 'D R2 Bert|5|FR', 'R R3 Cleo|7|~']);
    expect(fired).toEqual([]);
    util.deleteRow(model, 'R3', true);
    expect(fired.length).toBe(1);
  });

  it('restoreRow: M and D become R with their originals; R and I give false', () => {
    const { util, model, shapes } = setup();
    util.setCellValue(model, 'R1', 'qty', '8');
    util.deleteRow(model, 'R2');
    expect(util.restoreRow(model, 'R1')).toBeTrue();
    expect(util.restoreRow(model, 'R2')).toBeTrue();
    expect(util.restoreRow(model, 'R3')).toBeFalse();
    expect(shapes()).toEqual(['R R1 Anna|3|DE', 'R R2 Bert|5|FR', 'R R3 Cleo|7|~']);
    util.insertRow({ model, rowStartPos: 1 });
    expect(util.restoreRow(model, rowShapes(model.getData()!)[0].split(' ')[1])).toBeFalse();
  });

  it('duplicateRow copies one row, by element or id, as an I row before it', () => {
    const { util, model, shapes, fired } = setup();
    util.setCellValue(model, 'R2', 'qty', '9');
    util.duplicateRow(model, 'R2');
    expect(shapes()).toEqual(['R R1 Anna|3|DE', 'I I_1_R2 Bert|9|FR', 'M R2 Bert|9|FR / Bert|5|FR', 'R R3 Cleo|7|~']);
    util.duplicateRow('orders', WrsIndex.of(model.getData()!).rowById('R3')!, false);
    expect(shapes()[4]).toBe('R R3 Cleo|7|~');
    expect(shapes()[3]).toBe('I I_2_R3 Cleo|7|~');
    expect(fired.length).toBe(1);
    expect(threw(() => util.duplicateRow(model, 'R9'), 'UNKNOWN_ROW')).toBeTrue();
  });

  it('duplicateRow of a deleted row raises INVALID_ARGUMENT and changes and fires nothing', () => {
    const { util, model, shapes, fired } = setup();
    util.deleteRow(model, 'R2');
    const before = shapes();
    let error: unknown = null;
    try {
      util.duplicateRow(model, 'R2');
    } catch (e) {
      error = e;
    }
    expect(error).toEqual(jasmine.any(WrsError));
    expect((error as WrsError).code).toBe('INVALID_ARGUMENT');
    expect((error as WrsError).message).toContain('"R2" is deleted');
    expect(shapes()).toEqual(before);
    expect(fired).toEqual([]);
  });
});

describe(`WrsUtil row ranges (${domName()})`, () => {
  const five = () =>
    wrsText(
      [{ id: 'a' }, { id: 'n', type: 'INTEGER', nullable: '0' }],
      [['a1', '1'], ['a2', '2'], ['a3', '3'], ['a4', '4'], ['a5', '5']],
    );

  it('deleteRows applies deleteRow rules to each row of the range in one change set', () => {
    const { util, model, shapes, fired } = setup(five());
    util.setCellValue(model, 'R2', 'a', 'x');
    util.deleteRow(model, 'R4');
    util.insertRow({ model, rowStartPos: 3, propagateUpdate: false });
    util.deleteRows({ model, rowStartPos: 2, rowEndPos: 5 });
    expect(shapes()).toEqual(['R R1 a1|1', 'D R2 a2|2', 'D R3 a3|3', 'D R4 a4|4', 'R R5 a5|5']);
    // The earlier unfired edits (R2, R4, the I row) were still open, so the one fire carries them too.
    expect(fired).toEqual([['R2', 'R4', 'I_1_R3', 'R3']]);
  });

  it('deleteRows defaults rowEndPos to rowStartPos and rejects a range outside the rows', () => {
    const { util, model, shapes, fired } = setup(five());
    util.deleteRows({ model, rowStartPos: 5 });
    expect(shapes()[4]).toBe('D R5 a5|5');
    expect(shapes()[3]).toBe('R R4 a4|4');
    expect(threw(() => util.deleteRows({ model, rowStartPos: 0 }), 'INVALID_ARGUMENT')).toBeTrue();
    expect(threw(() => util.deleteRows({ model, rowStartPos: 4, rowEndPos: 6 }), 'INVALID_ARGUMENT')).toBeTrue();
    expect(threw(() => util.deleteRows({ model, rowStartPos: 3, rowEndPos: 2 }), 'INVALID_ARGUMENT')).toBeTrue();
    expect(fired.length).toBe(1);
  });

  it('insertRow inserts empty I rows with defaults before the selection; ids I_<tn>_<row>_<n>; TransactionsNumber advances', () => {
    const { util, model, shapes, fired } = setup();
    util.insertRow({ model, rowStartPos: 2, rowEndPos: 3 });
    expect(shapes()).toEqual([
      'R R1 Anna|3|DE',
      'I I_1_R2_1 ~|0|~',
      'I I_1_R2_2 ~|0|~',
      'R R2 Bert|5|FR',
      'R R3 Cleo|7|~',
    ]);
    expect(model.read('/*/wrs:Header/wrs:TransactionsNumber')).toBe('1');
    util.insertRow({ model, rowStartPos: 5, insertBeforeSelection: false });
    expect(shapes()[5]).toBe('I I_2_R3 ~|0|~');
    expect(model.read('/*/wrs:Header/wrs:TransactionsNumber')).toBe('2');
    expect(fired).toEqual([['I_1_R2_1', 'I_1_R2_2'], ['I_2_R3']]);
  });

  it('insertRow default values: one reference -> it; nullable -> wrs:null; references -> first; numeric -> 0', () => {
    const xml = wrsText(
      [
        { id: 'one', references: ['ONLY'] },
        { id: 'refs', nullable: '0', references: ['X', 'Y'] },
        { id: 'num', type: 'DECIMAL', nullable: '0' },
        { id: 'text', nullable: '0' },
        { id: 'opt', type: 'INTEGER' },
      ],
      [],
    );
    const { util, model, shapes } = setup(xml);
    util.insertRow({ model });
    expect(shapes()).toEqual(['I new ONLY|X|0|~|~']);
    util.insertRow({ model });
    expect(shapes()[0]).toBe('I I_2_new ONLY|X|0|~|~');
  });

  it('insertRow calls fn with the new rows before the one fire, so values filled there join the change set', () => {
    const { util, model, shapes, fired } = setup();
    util.insertRow({
      model,
      rowStartPos: 1,
      fn: ({ rowIds, rowNodes }) => {
        expect(rowNodes.length).toBe(1);
        util.setCellValue(model, rowIds[0], 'name', 'Dora');
        expect(fired.length).toBe(0);
      },
    });
    expect(shapes()[0]).toBe('I I_1_R1 Dora|0|~');
    expect(fired).toEqual([['I_1_R1']]);
  });

  it('insertRow keeps row ids unique when an id is already taken', () => {
    const xml = wrsText([{ id: 'a' }], [['x']]).replace('id="R1"', 'id="I_1_R2"').replace('</wrs:Data>', '<wrs:R id="R2"><wrs:C>y</wrs:C></wrs:R></wrs:Data>');
    const { util, model, shapes } = setup(xml);
    util.insertRow({ model, rowStartPos: 2 });
    expect(shapes().map((s) => s.split(' ')[1])).toEqual(['I_1_R2', 'I_1_R2_2', 'R2']);
  });

  it('duplicateRows copies the current values of the range (D rows left out) before or after the selection', () => {
    const { util, model, shapes, fired } = setup(five());
    util.setCellValue(model, 'R1', 'n', '10');
    util.deleteRow(model, 'R2');
    util.duplicateRows({ model, rowStartPos: 1, rowEndPos: 3, insertBeforeSelection: false });
    expect(shapes()).toEqual([
      'M R1 a1|10 / a1|1',
      'D R2 a2|2',
      'R R3 a3|3',
      'I I_1_R3_1 a1|10',
      'I I_1_R3_2 a3|3',
      'R R4 a4|4',
      'R R5 a5|5',
    ]);
    expect(fired.length).toBe(1);
  });

  it('restore removes I rows, turns D into R and gives M rows their originals back in the restored columns', () => {
    const { util, model, shapes, fired } = setup(five());
    util.setCellValue(model, 'R1', 'a', 'x');
    util.setCellValue(model, 'R1', 'n', '10');
    util.setCellValue(model, 'R2', 'a', 'y');
    util.deleteRow(model, 'R3');
    util.insertRow({ model, rowStartPos: 4, propagateUpdate: false });
    util.restore({ model, rowStartPos: 1, rowEndPos: 4, colStartPos: 1 });
    expect(shapes()).toEqual(['M R1 a1|10 / a1|1', 'R R2 a2|2', 'R R3 a3|3', 'R R4 a4|4', 'R R5 a5|5']);
    expect(fired).toEqual([['R1', 'R2', 'R3', 'I_1_R4']]);
    util.restore({ model, rowStartPos: 1, colStartPos: 2, colEndPos: 2 });
    expect(shapes()[0]).toBe('R R1 a1|1');
  });

  it('restore, delete and duplicate tell an empty cell from wrs:null and keep every original', () => {
    const xml = wrsText(
      [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      [['', null, 'x'], [null, '', 'y'], ['p', 'q', 'r']],
    );
    const { util, model, shapes } = setup(xml);
    util.setCellValue(model, 'R1', 'a', null);
    util.setCellValue(model, 'R1', 'b', '');
    util.setCellValue(model, 'R2', 'a', '');
    util.setCellValue(model, 'R2', 'b', null);
    util.setCellValue(model, 'R3', 'c', 's');
    expect(shapes()).toEqual(['M R1 ~||x / |~|x', 'M R2 |~|y / ~||y', 'M R3 p|q|s / p|q|r']);
    util.duplicateRows({ model, rowStartPos: 1, rowEndPos: 3, insertBeforeSelection: false });
    expect(shapes().slice(3)).toEqual(['I I_1_R3_1 ~||x', 'I I_1_R3_2 |~|y', 'I I_1_R3_3 p|q|s']);
    util.deleteRows({ model, rowStartPos: 2, rowEndPos: 3 });
    expect(shapes().slice(0, 3)).toEqual(['M R1 ~||x / |~|x', 'D R2 ~||y', 'D R3 p|q|r']);
    util.restore({ model, rowStartPos: 1, rowEndPos: 3, colStartPos: 1, colEndPos: 3 });
    expect(shapes()).toEqual(['R R1 |~|x', 'R R2 ~||y', 'R R3 p|q|r', 'I I_1_R3_1 ~||x', 'I I_1_R3_2 |~|y', 'I I_1_R3_3 p|q|s']);
    const row = WrsIndex.of(model.getData()!).rowById('R1')!;
    expect(cellsOf(row).map(cellValue)).toEqual(['', null, 'x']);
    expect(cellsOf(row).map(originalOf)).toEqual([null, null, null]);
  });

  it('restore leaves an M row alone when its changes are all outside the restored columns', () => {
    const { util, model, shapes, fired } = setup(five());
    util.setCellValue(model, 'R1', 'n', '10');
    util.restore({ model, rowStartPos: 1 });
    expect(shapes()[0]).toBe('M R1 a1|10 / a1|1');
    expect(fired).toEqual([['R1']]);
    expect(threw(() => util.restore({ model, rowStartPos: 1, colStartPos: 3 }), 'INVALID_ARGUMENT')).toBeTrue();
  });

  it('restore puts back the originals the document holds after edits, partial restores, writes into wrs:O and attributes', () => {
    const { util, model, shapes, doc } = setup(five());
    util.setCellValue(model, 'R1', 'a', 'x');
    util.setCellValue(model, 'R1', 'n', '10');
    util.restore({ model, rowStartPos: 1, colStartPos: 1 });
    util.setCellValue(model, 'R1', 'a', 'y');
    util.setCellValue(model, 'R2', 'a', 'z');
    model.write("/*/wrs:Data/*[@id='R2']/wrs:O[1]", 'a2-server');
    util.setCellValue(model, 'R3', 'n', '30');
    model.write("/*/wrs:Data/*[@id='R3']/@mark", 'kept');
    util.setCellValue(model, 'R4', 'n', '40');
    util.deleteRows({ model, rowStartPos: 4 });
    util.restore({ model, rowStartPos: 1, rowEndPos: 5, colStartPos: 1, colEndPos: 2 });
    expect(shapes()).toEqual(['R R1 a1|1', 'R R2 a2-server|2', 'R R3 a3|3', 'R R4 a4|4', 'R R5 a5|5']);
    expect(WrsIndex.of(doc).rowById('R3')!.getAttribute('mark')).toBe('kept');
    util.setCellValue(model, 'R5', 'n', '50');
    util.deleteColumns(doc.documentElement, ['a']);
    util.restore({ model, rowStartPos: 5, colStartPos: 1 });
    expect(shapes()[4]).toBe('R R5 5');
  });

  it('restore gives every row its originals when more rows are edited than copies are kept for, and saves free copies', () => {
    const max = WrsIndex.keptCellsMax;
    WrsIndex.keptCellsMax = 4;
    try {
      const { util, model, shapes, doc } = setup(five());
      const index = WrsIndex.of(doc);
      // Copies are kept where the DOM replaces a row element to rename it (browsers); @xmldom/xmldom renames in place.
      const copies = domName() === 'browser DOM';
      for (let r = 1; r <= 5; r++) util.setCellValue(model, r, 'n', `${r * 10}`);
      expect(index.mayKeepOriginal()).toBe(!copies);
      util.restore({ model, rowStartPos: 1, rowEndPos: 5, colStartPos: 1, colEndPos: 2 });
      expect(shapes()).toEqual(['R R1 a1|1', 'R R2 a2|2', 'R R3 a3|3', 'R R4 a4|4', 'R R5 a5|5']);
      expect(index.mayKeepOriginal()).toBeTrue();
      util.setCellValue(model, 1, 'n', '7');
      util.setCellValue(model, 2, 'n', '8');
      expect(index.mayKeepOriginal()).toBe(!copies);
      util.deleteRows({ model, rowStartPos: 2 });
      util.restore({ model, rowStartPos: 1, rowEndPos: 2, colStartPos: 1, colEndPos: 2 });
      expect(shapes().slice(0, 2)).toEqual(['R R1 a1|1', 'R R2 a2|2']);
      expect(index.mayKeepOriginal()).toBeTrue();
    } finally {
      WrsIndex.keptCellsMax = max;
    }
  });

  it('propagateUpdate false notes the change set without firing; the next fire carries it', () => {
    const { util, model, fired } = setup(five());
    util.deleteRows({ model, rowStartPos: 1, rowEndPos: 2, propagateUpdate: false });
    expect(fired).toEqual([]);
    expect(model.hasUncommittedWrites()).toBeTrue();
    model.fire();
    expect(fired).toEqual([['R1', 'R2']]);
  });

  it('deleteRowByColumnValue applies deleteRow rules to matching rows of a document or element', () => {
    const { util, model, shapes } = setup(five());
    util.setCellValue(model, 'R2', 'a', 'gone');
    util.insertRow({ model, rowStartPos: 1, fn: ({ rowIds }) => util.setCellValue(model, rowIds[0], 'a', 'gone') });
    util.deleteRowByColumnValue(model.getData()!, 'a', ['gone', 'a4']);
    expect(shapes()).toEqual(['R R1 a1|1', 'D R2 a2|2', 'R R3 a3|3', 'D R4 a4|4', 'R R5 a5|5']);
    util.deleteRowByColumnValue(model.getData()!.documentElement, 2, ['5']);
    expect(shapes()[4]).toBe('D R5 a5|5');
    expect(threw(() => util.deleteRowByColumnValue(model.getData()!, 'nope', ['x']), 'UNKNOWN_COLUMN')).toBeTrue();
  });

  it('deleteRowByColumnValue matches null cells with null and numbers by their text; a string is one value, not its letters', () => {
    const { util, doc, shapes } = setup();
    util.deleteRowByColumnValue(doc, 'country', [null]);
    expect(shapes()).toEqual(['R R1 Anna|3|DE', 'R R2 Bert|5|FR', 'D R3 Cleo|7|~']);
    util.deleteRowByColumnValue(doc, 'name', 'Bean');
    expect(shapes()[1]).withContext('"Bean" is not B, e, a and n').toBe('R R2 Bert|5|FR');
    util.deleteRowByColumnValue(doc, 'name', 'Bert');
    util.deleteRowByColumnValue(doc, 'qty', [3]);
    expect(shapes()).toEqual(['D R1 Anna|3|DE', 'D R2 Bert|5|FR', 'D R3 Cleo|7|~']);
  });

  it('deleteRowByColumnValue refuses values that are no list of strings, numbers and nulls, changing nothing', () => {
    const { util, doc, shapes } = setup();
    const bad: unknown[] = [null, undefined, {}, [undefined], [{}], 5];
    for (const values of bad) {
      const call = () => util.deleteRowByColumnValue(doc, 'country', values as string[]);
      expect(threw(call, 'INVALID_ARGUMENT')).withContext(JSON.stringify(values) ?? 'undefined').toBeTrue();
    }
    expect(shapes()).toEqual(['R R1 Anna|3|DE', 'R R2 Bert|5|FR', 'R R3 Cleo|7|~']);
  });
});

describe(`WrsUtil clipboard (${domName()})`, () => {
  it('copy writes the selected cells as tab-separated text and leaves the model unchanged', async () => {
    const { util, model, clipboard, doc } = setup();
    const before = serializeXml(doc);
    let called = false;
    await util.copy({ model, rowStartPos: 1, rowEndPos: 3, colStartPos: 2, colEndPos: 3, fn: () => (called = true) });
    expect(clipboard.text).toBe('3\tDE\r\n5\tFR\r\n7\t\r\n');
    expect(called).toBeTrue();
    await util.copy({ model, rowStartPos: 2 });
    expect(clipboard.text).toBe('Bert\r\n');
    expect(serializeXml(doc)).toBe(before);
  });

  it('copyAllRows2CSV writes RFC 4180 CSV with captions, guards formulas and leaves deleted rows out', async () => {
    const xml = wrsText([{ id: 'name' }, { id: 'note' }], [['=cmd()', 'a,b'], ['plain', 'say "x"'], ['gone', 'x']]);
    const { util, model, clipboard } = setup(xml);
    util.deleteRow(model, 'R3');
    await util.copyAllRows2CSV({ model });
    expect(clipboard.text).toBe(`NAME,NOTE\r\n'=cmd(),"a,b"\r\nplain,"say ""x"""\r\n`);
  });

  it('copyAllRows2CSV writes an empty field for wrs:null in an indented document, as copy does', async () => {
    const xml = `<wrs:Wrs xmlns:wrs="http://www.businesscode.de/schema/bcdui/wrs-1.0.0">
      <wrs:Header><wrs:Columns><wrs:C pos="1" id="a" caption="A"/><wrs:C pos="2" id="b" caption="B"/></wrs:Columns></wrs:Header>
      <wrs:Data>
        <wrs:R id="R1">
          <wrs:C>x</wrs:C>
          <wrs:C>
            <wrs:null/>
          </wrs:C>
        </wrs:R>
      </wrs:Data>
    </wrs:Wrs>`;
    const { util, model, clipboard } = setup(xml);
    await util.copyAllRows2CSV({ model });
    expect(clipboard.text).toBe('A,B\r\nx,\r\n');
    await util.copy({ model, rowStartPos: 1, colStartPos: 1, colEndPos: 2 });
    expect(clipboard.text).toBe('x\t\r\n');
  });

  it('paste leaves a deleted row as it is: the line landing on it is not written, the next lines go to the next rows', async () => {
    const { util, model, shapes, fired } = setup();
    util.deleteRow(model, 'R2', true);
    fired.length = 0;
    await util.paste({ model, rowStartPos: 1, colStartPos: 2, text: '1\tIT\r\n2\tIT\r\n3\tIT\r\n4\tIT\r\n' });
    expect(shapes()).toEqual(['M R1 Anna|1|IT / Anna|3|DE', 'D R2 Bert|5|FR', 'M R3 Cleo|3|IT / Cleo|7|~', 'I I_1_R3 ~|4|IT']);
    expect(fired).toEqual([['R1', 'R3', 'I_1_R3']]);
  });

  it('paste overwrites from the start cell, appends I rows past the last row and cuts off past the last column', async () => {
    const { util, model, clipboard, shapes, fired } = setup();
    clipboard.text = 'Bea\t6\tIT\textra\r\n"multi\nline"\t8\r\nNew\t9\r\n';
    await util.paste({ model, rowStartPos: 2 });
    expect(shapes()).toEqual([
      'R R1 Anna|3|DE',
      'M R2 Bea|6|IT / Bert|5|FR',
      'M R3 multi\nline|8|~ / Cleo|7|~',
      'I I_1_R3 New|9|~',
    ]);
    expect(fired).toEqual([['R2', 'R3', 'I_1_R3']]);
  });

  it('paste from a column on, with empty cells as wrs:null, and given text instead of the clipboard', async () => {
    const { util, model, shapes } = setup();
    await util.paste({ model, rowStartPos: 1, colStartPos: 2, text: '4\t\r\n' });
    expect(shapes()[0]).toBe('M R1 Anna|4|~ / Anna|3|DE');
  });

  it('copy then paste in place changes nothing: an empty cell of a nullable="0" column pastes as the empty text, not wrs:null', async () => {
    const { util, model, shapes, fired } = setup(wrsText([{ id: 'name', nullable: '0' }, { id: 'note' }], [['', 'x'], ['y', null]]));
    const before = shapes();
    await util.copy({ model, rowStartPos: 1, rowEndPos: 2, colStartPos: 1, colEndPos: 2 });
    await util.paste({ model, rowStartPos: 1, colStartPos: 1 });
    expect(shapes()).toEqual(before);
    await util.paste({ model, rowStartPos: 2, colStartPos: 1, text: '\t\r\n' });
    expect(shapes()[1]).toBe('M R2 |~ / y|~');
    await util.pasteAsNewRows({ model, rowStartPos: 1, colStartPos: 1, text: '\tz\r\n' });
    expect(shapes()[2]).toMatch(/^I \S+ \|z$/);
    expect(fired.at(-1)!.length).toBe(1);
  });

  it('an empty pasted field leaves an empty cell as it is: the empty text of a nullable column and wrs:null of a nullable="0" one', async () => {
    const { util, model, shapes, doc } = setup(wrsText([{ id: 'name', nullable: '0' }, { id: 'note' }], [[null, ''], ['y', 'z']]));
    const before = serializeXml(doc);
    await util.copy({ model, rowStartPos: 1, rowEndPos: 2, colStartPos: 1, colEndPos: 2 });
    await util.paste({ model, rowStartPos: 1, colStartPos: 1 });
    expect(serializeXml(doc)).toBe(before);
    await util.paste({ model, rowStartPos: 2, colStartPos: 1, text: '\t\r\n' });
    expect(shapes()).toEqual(['R R1 ~|', 'M R2 |~ / y|z']);
  });

  it('paste of one value fills the whole selection', async () => {
    const { util, model, shapes } = setup();
    await util.paste({ model, rowStartPos: 1, rowEndPos: 2, colStartPos: 2, colEndPos: 2, text: '0' });
    expect(shapes()).toEqual(['M R1 Anna|0|DE / Anna|3|DE', 'M R2 Bert|0|FR / Bert|5|FR', 'R R3 Cleo|7|~']);
  });

  it('pasteAsNewRows always appends new I rows with defaults around the pasted values', async () => {
    const { util, model, clipboard, shapes, fired } = setup();
    clipboard.text = '11\tIT\r\n12\tFR\r\n';
    await util.pasteAsNewRows({ model, rowStartPos: 1, colStartPos: 2 });
    expect(shapes().slice(3)).toEqual(['I I_1_R3_1 ~|11|IT', 'I I_1_R3_2 ~|12|FR']);
    expect(shapes().slice(0, 3)).toEqual(['R R1 Anna|3|DE', 'R R2 Bert|5|FR', 'R R3 Cleo|7|~']);
    expect(fired.length).toBe(1);
  });

  it('paste raises INVALID_ARGUMENT for a range that ends before it starts, changing nothing', async () => {
    const { util, model, fired, doc } = setup();
    const before = serializeXml(doc);
    await rejected(util.paste({ model, rowStartPos: 2, rowEndPos: 1, text: 'x' }), 'INVALID_ARGUMENT');
    await rejected(util.paste({ model, rowStartPos: 1, colStartPos: 3, colEndPos: 2, text: 'x' }), 'INVALID_ARGUMENT');
    expect(serializeXml(doc)).toBe(before);
    expect(fired.length).toBe(0);
  });

  it('fires the change set of a bulk operation whose callback throws, and lets the error through', () => {
    const { util, model, fired, shapes } = setup();
    const failing = () => {
      throw new Error('callback failed');
    };
    expect(() => util.deleteRows({ model, rowStartPos: 1, rowEndPos: 2, fn: failing })).toThrowError('callback failed');
    expect(fired).toEqual([['R1', 'R2']]);
    expect(shapes().slice(0, 2)).toEqual(['D R1 Anna|3|DE', 'D R2 Bert|5|FR']);
  });

  it('raises CLIPBOARD when no clipboard is there and INVALID_ARGUMENT for a start outside the rows', async () => {
    const { model, util } = setup();
    const bare = new WrsUtil({ registry: new DataProviderRegistry(), clipboard: undefined });
    if (!(globalThis as { navigator?: { clipboard?: unknown } }).navigator?.clipboard) {
      await rejected(bare.copy({ model, rowStartPos: 1 }), 'CLIPBOARD');
    }
    await rejected(util.paste({ model, rowStartPos: 5, text: 'x' }), 'INVALID_ARGUMENT');
  });
});

describe(`WrsUtil documents (${domName()})`, () => {
  it('applyScale rounds half away from zero per column scale, leaving originals and deleted rows alone', () => {
    const xml = wrsText(
      [{ id: 'p', type: 'DECIMAL', scale: 2 }, { id: 'q', type: 'DECIMAL', scale: 0 }, { id: 't' }],
      [['1.005', '-2.5', 'x'], ['-1.005', '2.4', 'y'], ['3.1', 'abc', 'z'], ['9.999', '0.5', 'w']],
    );
    const { util, model } = setup(xml);
    util.setCellValue(model, 'R3', 'p', '7.777');
    util.deleteRow(model, 'R4');
    expect(util.applyScale(model.getData()!)).toBe(model.getData()!);
    expect(rowShapes(model.getData()!)).toEqual([
      'R R1 1.01|-3|x',
      'R R2 -1.01|2|y',
      'M R3 7.78|abc|z / 3.1|abc|z',
      'D R4 9.999|0.5|w',
    ]);
  });

  it('applyScale leaves a column with an empty or odd @scale alone and rounds huge exponents without failing', () => {
    const xml = wrsText([{ id: 'p', type: 'DECIMAL', scale: 2 }, { id: 'q', type: 'DECIMAL' }, { id: 'r', type: 'DECIMAL' }], [
      ['1.555', '1.555', '1.555'],
      ['1e-999999999', '1.555', '1.555'],
      ['-2.5e999999999', '2.5', '2.5'],
      ['1.23456e2', '0', '0'],
    ]).replace('<wrs:C pos="2" id="q"', '<wrs:C pos="2" id="q" scale=""').replace('<wrs:C pos="3" id="r"', '<wrs:C pos="3" id="r" scale="1.5"');
    const { util, model } = setup(xml);
    util.applyScale(model.getData()!);
    expect(rowShapes(model.getData()!)).toEqual(['R R1 1.56|1.555|1.555', 'R R2 0.00|1.555|1.555', 'R R3 -2.5e999999999|2.5|2.5', 'R R4 123.46|0|0']);
  });

  it('generateWrsHeaderMeta maps column ids to their attributes as strings', () => {
    const { util, doc } = setup();
    const meta = util.generateWrsHeaderMeta(doc);
    expect(Object.keys(meta)).toEqual(['name', 'qty', 'country']);
    expect(meta['qty']).toEqual({ pos: '2', id: 'qty', caption: 'QTY', 'type-name': 'INTEGER', nullable: '0' });
  });

  it('deleteColumns drops header columns, cells and originals and renumbers the positions', () => {
    const { util, model, doc } = setup();
    util.setCellValue(model, 'R1', 'qty', '4');
    util.deleteColumns(doc.documentElement, ['name']);
    expect(rowShapes(doc)).toEqual(['M R1 4|DE / 3|DE', 'R R2 5|FR', 'R R3 7|~']);
    expect(util.getColPosById(model, 'country')).toBe(2);
    expect(doc.documentElement.getElementsByTagNameNS('*', 'Columns')[0].getElementsByTagNameNS('*', 'C')[0].getAttribute('pos')).toBe('1');
    expect(threw(() => util.deleteColumns(doc, ['nope']), 'UNKNOWN_COLUMN')).toBeTrue();
    expect(util.getCellValue(model, 'R2', 'country')).toBe('FR');
  });

  it('read and write work on any document, write Wrs-aware', () => {
    const { util } = setup();
    const doc = parseXml(ordersWrs());
    expect(util.read(doc, "/*/wrs:Data/*[@id='{{=it.r}}']/wrs:C[1]", { r: 'R2' })).toBe('Bert');
    expect(util.read(doc, '/*/wrs:Data/*[@id="R9"]/wrs:C[1]', undefined, 'none')).toBe('none');
    util.write(doc, "/*/wrs:Data/*[@id='R1']/wrs:C[2]", undefined, '30');
    expect(rowShapes(doc)[0]).toBe('M R1 Anna|30|DE / Anna|3|DE');
  });

  it('read and write find a row by an id whose placeholder value holds both quote kinds inside a literal', () => {
    const { util } = setup();
    const doc = parseXml(ordersWrs().replace('id="R2"', 'id="I_1\'2&quot;3"'));
    const id = `1'2"3`;
    expect(util.read(doc, "/*/wrs:Data/*[@id='I_{{=it.v}}']/wrs:C[1]", { v: id })).toBe('Bert');
    expect(util.read(doc, '/*/wrs:Data/*[@id="I_{{=it.v}}"]/wrs:C[1]', { v: id })).toBe('Bert');
    util.write(doc, "/*/wrs:Data/*[@id='I_{{=it.v}}']/wrs:C[2]", { v: id }, '50');
    expect(rowShapes(doc)[1]).toBe(`M I_${id} Bert|50|FR / Bert|5|FR`);
  });

  it('transposeGrouping turns the innermost dimension into columns v.c with captions v|caption', () => {
    const xml = `<wrs:Wrs xmlns:wrs="http://www.businesscode.de/schema/bcdui/wrs-1.0.0"><wrs:Header><wrs:Columns>
      <wrs:C pos="1" id="country" dimId="country" caption="Country"/><wrs:C pos="2" id="year" dimId="year" caption="Year"/>
      <wrs:C pos="3" id="sales" valueId="sales" caption="Sales"/><wrs:C pos="4" id="cost" valueId="cost" caption="Cost"/>
      </wrs:Columns></wrs:Header><wrs:Data>
      <wrs:R id="1"><wrs:C>DE</wrs:C><wrs:C>2023</wrs:C><wrs:C>10</wrs:C><wrs:C>1</wrs:C></wrs:R>
      <wrs:R id="2"><wrs:C>DE</wrs:C><wrs:C>2024</wrs:C><wrs:C>20</wrs:C><wrs:C>2</wrs:C></wrs:R>
      <wrs:R id="3"><wrs:C>FR</wrs:C><wrs:C>2024</wrs:C><wrs:C>30</wrs:C><wrs:C>3</wrs:C></wrs:R>
      </wrs:Data></wrs:Wrs>`;
    const { util } = setup(xml);
    const result = util.transposeGrouping('orders');
    const meta = util.generateWrsHeaderMeta(result);
    expect(Object.keys(meta)).toEqual(['country', '2023.sales', '2023.cost', '2024.sales', '2024.cost']);
    expect(meta['2024.cost']['caption']).toBe('2024|Cost');
    expect(meta['2024.cost']['pos']).toBe('5');
    expect(meta['country']['caption']).toBe('Country|Country');
    expect(rowShapes(result)).toEqual(['R R1 DE|10|1|20|2', 'R R2 FR|||30|3']);
  });

  it('transposeGrouping raises INVALID_ARGUMENT without a dimension column', () => {
    const { util } = setup();
    expect(threw(() => util.transposeGrouping('orders'), 'INVALID_ARGUMENT')).toBeTrue();
  });
});

describe(`WrsUtil server round trip (${domName()})`, () => {
  it('saveModel sends only I, M and D rows; afterwards the document is what the server holds', async () => {
    const { util, model, server, shapes, fired } = setup();
    const statuses: string[] = [];
    model.status$.subscribe((s) => statuses.push(s.name));
    util.setCellValue(model, 'R1', 'qty', '4');
    util.deleteRows({ model, rowStartPos: 2 });
    util.insertRow({ model, rowStartPos: 3, insertBeforeSelection: false, fn: ({ rowIds }) => util.setCellValue(model, rowIds[0], 'name', 'Dora') });
    let succeeded = false;
    await util.saveModel({ model, onSuccess: () => (succeeded = true) });
    expect(server.payloads).toEqual([['M R1 Anna|4|DE / Anna|3|DE', 'D R2 Bert|5|FR', 'I I_1_R3 Dora|0|~']]);
    expect(shapes()).toEqual(['R R1 Anna|4|DE', 'R R3 Cleo|7|~', 'R I_1_R3 Dora|0|~']);
    expect([...server.rows.keys()]).toEqual(['R1', 'R3', 'I_1_R3']);
    expect(statuses).toEqual(['TransformedStatus', 'SavedStatus']);
    expect(model.isSaved()).toBeTrue();
    expect(succeeded).toBeTrue();
    expect(fired[fired.length - 1]).toEqual(['R1', 'R2', 'I_1_R3']);
    expect(util.restoreRow(model, 'R1')).toBeFalse();
  });

  it('a save answered while the model reloads leaves the load its statuses: no Saved in between, no edit taken for the old data', async () => {
    const registry = new DataProviderRegistry();
    let release: (() => void) | null = null;
    let loads = 0;
    const loader = async () => {
      if (loads++ > 0) await new Promise<void>((resolve) => (release = resolve));
      return ordersWrs();
    };
    const model = new SimpleModel({ url: 'orders.xml', loader, registry });
    await model.fetchData();
    const server = new MemoryServer(parseXml(ordersWrs()));
    const util = new WrsUtil({ registry, backend: server });
    const statuses: string[] = [];
    model.status$.subscribe((s) => statuses.push(s.name));
    util.setCellValue(model, 'R1', 'qty', '4');
    const saving = util.saveModel({ model });
    const reloading = model.execute(true);
    await saving;
    expect(model.getStatus().name).toBe('LoadingStatus');
    expect(() => util.setCellValue(model, 'R2', 'qty', '9')).toThrowMatching((e) => e instanceof WrsError && e.code === 'NOT_READY');
    release!();
    await reloading;
    expect(statuses).toEqual(['TransformedStatus', 'LoadingStatus', 'TransformedStatus']);
    expect(server.payloads).toEqual([['M R1 Anna|4|DE / Anna|3|DE']]);
  });

  it('a conflict leaves the document and its history untouched and sets SaveFailedStatus with the reason', async () => {
    const { util, model, server, doc } = setup();
    server.rows.set('R2', ['Bert', '6', 'FR']);
    util.setCellValue(model, 'R2', 'qty', '9');
    util.setCellValue(model, 'R1', 'qty', '1');
    const before = serializeXml(doc);
    const error = await rejected(util.saveModel({ model }), 'SAVE_CONFLICT');
    expect(error.message).toContain('R2');
    expect(serializeXml(doc)).toBe(before);
    expect(model.getStatus().name).toBe('SaveFailedStatus');
    expect(model.getFailureReason()).toContain('409');
    expect(server.rows.get('R1')).toEqual(['Anna', '3', 'DE']);
    expect(util.restoreRow(model, 'R2')).toBeTrue();
    expect(rowShapes(doc)[1]).toBe('R R2 Bert|5|FR');
  });

  it('a server failure keeps every pending change; a later save sends them again', async () => {
    const { util, model, server, shapes } = setup();
    util.deleteRow(model, 'R3');
    server.failure = new WrsError('SAVE_FAILED', '500 database down');
    await rejected(util.saveModel({ model }), 'SAVE_FAILED');
    expect(model.getFailureReason()).toBe('500 database down');
    expect(shapes()[2]).toBe('D R3 Cleo|7|~');
    server.failure = null;
    await util.saveModel({ model });
    expect(shapes()).toEqual(['R R1 Anna|3|DE', 'R R2 Bert|5|FR']);
    expect(server.payloads.length).toBe(2);
  });

  it('a second save while one runs waits for it and sends only what changed since: no row is sent twice', async () => {
    const { util, model, server, shapes } = setup();
    util.setCellValue(model, 'R1', 'qty', '4');
    util.insertRow({ model, rowStartPos: 3, insertBeforeSelection: false });
    const first = util.saveModel({ model });
    const again = util.saveModel({ model });
    util.setCellValue(model, 'R2', 'qty', '9');
    const third = util.saveModel({ model });
    await Promise.all([first, again, third]);
    expect(server.payloads).toEqual([['M R1 Anna|4|DE / Anna|3|DE', 'I I_1_R3 ~|0|~'], ['M R2 Bert|9|FR / Bert|5|FR']]);
    expect(shapes()).toEqual(['R R1 Anna|4|DE', 'R R2 Bert|9|FR', 'R R3 Cleo|7|~', 'R I_1_R3 ~|0|~']);
    expect(model.getStatus().name).toBe('SavedStatus');
  });

  it('a save waiting for a failed one sends the pending changes again; postWrs of the same document waits too', async () => {
    const { util, model, server, shapes, doc } = setup();
    util.deleteRow(model, 'R3');
    server.failure = new WrsError('SAVE_FAILED', '500 database down');
    const first = util.saveModel({ model });
    const second = util.postWrs(doc);
    await rejected(first, 'SAVE_FAILED');
    await rejected(second, 'SAVE_FAILED');
    expect(server.payloads).toEqual([['D R3 Cleo|7|~'], ['D R3 Cleo|7|~']]);
    server.failure = null;
    const third = util.saveModel({ model });
    const fourth = util.postWrs(doc);
    await Promise.all([third, fourth]);
    expect(server.payloads.length).toBe(3);
    expect(shapes()).toEqual(['R R1 Anna|3|DE', 'R R2 Bert|5|FR']);
  });

  it('saveModel with reload loads the data again after the save', async () => {
    const { util, model } = setup();
    util.setCellValue(model, 'R1', 'qty', '4');
    const statuses: string[] = [];
    model.status$.subscribe((s) => statuses.push(s.name));
    await util.saveModel({ model, reload: true });
    expect(statuses).toEqual(['TransformedStatus', 'SavedStatus', 'LoadingStatus', 'TransformedStatus']);
  });

  it('saveModel with reload keeps changes made while the save ran: no reload replaces them, a later save sends them', async () => {
    const { util, model, server, shapes } = setup();
    const statuses: string[] = [];
    model.status$.subscribe((s) => statuses.push(s.name));
    util.setCellValue(model, 'R1', 'qty', '4');
    const saving = util.saveModel({ model, reload: true });
    util.setCellValue(model, 'R2', 'name', 'Bea');
    await saving;
    expect(shapes()).toEqual(['R R1 Anna|4|DE', 'M R2 Bea|5|FR / Bert|5|FR', 'R R3 Cleo|7|~']);
    expect(statuses).toEqual(['TransformedStatus', 'SavedStatus']);
    await util.saveModel({ model, reload: true });
    expect(server.payloads[1]).toEqual(['M R2 Bea|5|FR / Bert|5|FR']);
    expect(statuses).toEqual(['TransformedStatus', 'SavedStatus', 'SavedStatus', 'LoadingStatus', 'TransformedStatus']);
  });

  it('saveModel with reload keeps a write made while the save ran that waits for fire()', async () => {
    const { util, model, shapes } = setup();
    util.setCellValue(model, 'R1', 'qty', '4');
    const saving = util.saveModel({ model, reload: true });
    model.write("/*/wrs:Data/*[@id='R1']/wrs:C[1]", {}, 'Anne');
    await saving;
    expect(model.getStatus().name).toBe('SavedStatus');
    expect(shapes()[0]).toBe('M R1 Anne|4|DE / Anna|4|DE');
  });

  it('an edit made while the save runs stays an M row with the sent values as originals', async () => {
    const { util, model, shapes } = setup();
    util.setCellValue(model, 'R1', 'qty', '4');
    const saving = util.saveModel({ model });
    util.setCellValue(model, 'R1', 'qty', '5');
    await saving;
    expect(shapes()[0]).toBe('M R1 Anna|5|DE / Anna|4|DE');
  });

  it('a row edited while the save runs is restored and deleted with the sent values, what the server now holds', async () => {
    for (const then of ['restore', 'delete', 'restoreRange', 'deleteRows']) {
      const { util, model, server, shapes } = setup();
      util.setCellValue(model, 'R1', 'qty', '4');
      const saving = util.saveModel({ model });
      util.setCellValue(model, 'R1', 'qty', '5');
      await saving;
      if (then === 'restore') util.restoreRow(model, 'R1');
      else if (then === 'delete') util.deleteRow(model, 'R1');
      else if (then === 'restoreRange') util.restore({ model, rowStartPos: 1, colStartPos: 1, colEndPos: 3 });
      else util.deleteRows({ model, rowStartPos: 1 });
      const expected = then.startsWith('restore') ? 'R R1 Anna|4|DE' : 'D R1 Anna|4|DE';
      expect(shapes()[0]).withContext(then).toBe(expected);
      expect(server.rows.get('R1')).withContext(then).toEqual(['Anna', '4', 'DE']);
    }
  });

  it('an M row deleted while the save runs becomes a D row holding the sent values; the next save deletes it', async () => {
    const { util, model, server, shapes } = setup();
    util.setCellValue(model, 'R1', 'name', 'Anna2');
    const saving = util.saveModel({ model });
    expect(util.deleteRow(model, 'R1')).toBeTrue();
    await saving;
    expect(shapes()[0]).toBe('D R1 Anna2|3|DE');
    expect(server.rows.get('R1')).toEqual(['Anna2', '3', 'DE']);
    await util.saveModel({ model });
    expect(server.payloads[1]).toEqual(['D R1 Anna2|3|DE']);
    expect(server.rows.has('R1')).toBeFalse();
    expect(shapes()).toEqual(['R R2 Bert|5|FR', 'R R3 Cleo|7|~']);
  });

  it('an I row removed while the save runs comes back as a D row (the server inserted it); the next save deletes it', async () => {
    const { util, model, server, shapes } = setup();
    let id = '';
    util.insertRow({ model, rowStartPos: 1, fn: ({ rowIds }) => (id = rowIds[0]) });
    util.setCellValue(model, id, 'name', 'Eve');
    const saving = util.saveModel({ model });
    expect(util.deleteRow(model, id)).toBeTrue();
    expect(shapes().length).toBe(3);
    await saving;
    expect(server.rows.get(id)).toEqual(['Eve', '0', null]);
    expect(shapes()).toEqual(['R R1 Anna|3|DE', 'R R2 Bert|5|FR', 'R R3 Cleo|7|~', `D ${id} Eve|0|~`]);
    await util.saveModel({ model });
    expect(server.rows.has(id)).toBeFalse();
    expect(shapes().length).toBe(3);
  });

  it('a D row restored while the save runs becomes an I row (the server deleted it); the next save inserts it again', async () => {
    const { util, model, server, shapes } = setup();
    util.deleteRow(model, 'R2');
    const saving = util.saveModel({ model });
    expect(util.restoreRow(model, 'R2')).toBeTrue();
    await saving;
    expect(server.rows.has('R2')).toBeFalse();
    expect(shapes()[1]).toBe('I R2 Bert|5|FR');
    await util.saveModel({ model });
    expect(server.rows.get('R2')).toEqual(['Bert', '5', 'FR']);
    expect(shapes()[1]).toBe('R R2 Bert|5|FR');
  });

  it('an M row restored while the save runs stays M: the restored values against the sent ones', async () => {
    const { util, model, server, shapes } = setup();
    util.setCellValue(model, 'R3', 'qty', '70');
    const saving = util.saveModel({ model });
    expect(util.restoreRow(model, 'R3')).toBeTrue();
    await saving;
    expect(shapes()[2]).toBe('M R3 Cleo|7|~ / Cleo|70|~');
    await util.saveModel({ model });
    expect(server.rows.get('R3')).toEqual(['Cleo', '7', null]);
    expect(shapes()[2]).toBe('R R3 Cleo|7|~');
  });

  it('postWrs sends a document’s changed rows and commits them', async () => {
    const { util, server } = setup();
    const doc = parseXml(ordersWrs());
    util.setCellValue(doc, 'R3', 'qty', '70');
    await util.postWrs(doc);
    expect(server.payloads).toEqual([['M R3 Cleo|70|~ / Cleo|7|~']]);
    expect(rowShapes(doc)[2]).toBe('R R3 Cleo|70|~');
    expect(server.rows.get('R3')).toEqual(['Cleo', '70', null]);
  });

  it('getNextIdentifier calls onErrorCb with BACKEND naming an answer that is no whole number a double holds', async () => {
    // The last answer is safe, but the first id of its block of 2 is not.
    for (const answer of [5.5, 2 ** 60, Number.NaN, Infinity, '7', Number.MIN_SAFE_INTEGER]) {
      const registry = new DataProviderRegistry();
      const util = new WrsUtil({ registry, backend: { nextIdentifier: async () => answer } as unknown as WrsBackend });
      const errors: WrsError[] = [];
      let succeeded = false;
      await util.getNextIdentifier({ scope: 'orders', blockSize: 2, onSuccessCb: () => (succeeded = true), onErrorCb: (e) => errors.push(e) });
      expect(succeeded).withContext(String(answer)).toBeFalse();
      expect(errors.map((e) => [e.code, e.input])).toEqual([['BACKEND', answer]]);
      expect(errors[0].message).toContain(`"orders": ${String(answer)}`);
    }
  });

  it('getNextIdentifier refuses a blockSize past 2^53 as INVALID_ARGUMENT before asking the server', async () => {
    const { util, server } = setup();
    await rejected(util.getNextIdentifier({ scope: 'orders', blockSize: 2 ** 60, onSuccessCb: () => undefined }), 'INVALID_ARGUMENT');
    expect(server.lastId).toBe(100);
  });

  it('saveModel without a backend of its own uses the default backend', async () => {
    const { model, server } = setup();
    const util = new WrsUtil({ registry: new DataProviderRegistry() });
    util.deleteRow(model, 'R1');
    setDefaultWrsBackend(server);
    try {
      await util.saveModel({ model });
    } finally {
      setDefaultWrsBackend(null);
    }
    expect(server.payloads).toEqual([['D R1 Anna|3|DE']]);
  });

  it('getNextIdentifier: a single id as nextIdentifier, a block as first/last with forEach', async () => {
    const { util } = setup();
    const results: NextIdentifierResult[] = [];
    await util.getNextIdentifier({ scope: 'orders', onSuccessCb: (r) => results.push(r) });
    await util.getNextIdentifier({ scope: 'orders', blockSize: 3, onSuccessCb: (r) => results.push(r) });
    expect(results[0].scope).toBe('orders');
    expect(results[0].isRange).toBeFalse();
    expect(results[0].nextIdentifier).toBe(101);
    expect(results[0].firstIdentifier).toBeUndefined();
    expect(results[1].isRange).toBeTrue();
    expect(results[1].firstIdentifier).toBe(102);
    expect(results[1].lastIdentifier).toBe(104);
    expect(results[1].nextIdentifier).toBeUndefined();
    const ids: number[] = [];
    results[1].forEach((id) => ids.push(id));
    expect(ids).toEqual([102, 103, 104]);
  });

  it('getNextIdentifier calls onErrorCb on failure and rejects bad block sizes', async () => {
    const { util, server } = setup();
    server.failure = new WrsError('BACKEND', '503');
    const errors: WrsError[] = [];
    let success = false;
    await util.getNextIdentifier({ scope: 'x', onSuccessCb: () => (success = true), onErrorCb: (e) => errors.push(e) });
    expect(success).toBeFalse();
    expect(errors.map((e) => e.message)).toEqual(['503']);
    await rejected(util.getNextIdentifier({ scope: 'x', onSuccessCb: () => undefined }), 'BACKEND');
    await rejected(util.getNextIdentifier({ scope: 'x', blockSize: 0, onSuccessCb: () => undefined }), 'INVALID_ARGUMENT');
  });

  it('getNextIdentifier hands bad arguments to onErrorCb when there is one, without asking the server', async () => {
    const { util, server } = setup();
    const errors: WrsError[] = [];
    await util.getNextIdentifier({ scope: '', onSuccessCb: () => fail('no ids for an empty scope'), onErrorCb: (e) => errors.push(e) });
    await util.getNextIdentifier({ scope: 'x', blockSize: 1.5, onSuccessCb: () => fail('no ids for 1.5'), onErrorCb: (e) => errors.push(e) });
    expect(errors.map((e) => [e.code, e.input])).toEqual([['INVALID_ARGUMENT', ''], ['INVALID_ARGUMENT', 1.5]]);
    expect(server.lastId).toBe(100);
  });
});
