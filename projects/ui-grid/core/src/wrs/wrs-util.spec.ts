import { WrsError } from '../errors';
import { DataProviderRegistry } from '../data-provider/data-provider';
import { StaticModel } from '../data-provider/static-model';
import { parseXml } from '../xml/dom';
import { domName, ordersWrs, wrsText } from '../../testing/fixtures';
import { rowShapes } from '../../testing/wrs-shape';
import { cellValue, cellsOf, originalOf } from '../rows/row-states';
import { writeRowCells } from '../rows/row-transitions';
import { WrsIndex } from '../rows/wrs-index';
import { WrsUtil } from './wrs-util';
import { setup } from '../../testing/wrs-util-harness';

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
