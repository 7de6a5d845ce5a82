import { WrsError } from '../errors';
import { DataProviderRegistry } from '../data-provider/data-provider';
import { StaticModel } from '../data-provider/static-model';
import { parseXml, serializeXml } from '../xml/dom';
import { domName, ordersWrs, wrsText } from '../../testing/fixtures';
import { rowShapes } from '../../testing/wrs-shape';
import { WrsUtil } from './wrs-util';
import { MemoryClipboard, MemoryServer, rejected, setup } from '../../testing/wrs-util-harness';

function caught(fn: () => unknown): WrsError {
  try {
    fn();
  } catch (e) {
    expect(e).toEqual(jasmine.any(WrsError));
    return e as WrsError;
  }
  throw new Error('expected a WrsError');
}

const TRANSACTIONS = '/*/wrs:Header/wrs:TransactionsNumber';

/** Five rows `a1|1` .. `a5|5`, with a transactions number of 3 in the header. */
function five(): string {
  return wrsText(
    [{ id: 'a' }, { id: 'n', type: 'INTEGER', nullable: '0' }],
    [['a1', '1'], ['a2', '2'], ['a3', '3'], ['a4', '4'], ['a5', '5']],
    '<wrs:TransactionsNumber>3</wrs:TransactionsNumber>',
  );
}

describe(`WrsUtil edges: copy and setCellValue by row state (${domName()})`, () => {
  it('copy of a range with an M row copies its current wrs:C values only, never the wrs:O originals', async () => {
    const { util, model, clipboard, shapes, doc } = setup();
    util.setCellValue(model, 'R1', 'qty', '4');
    util.setCellValue(model, 'R1', 'country', null);
    util.setCellValue(model, 'R3', 'name', 'Cora');
    expect(shapes()).toEqual(['M R1 Anna|4|~ / Anna|3|DE', 'R R2 Bert|5|FR', 'M R3 Cora|7|~ / Cleo|7|~']);
    const before = serializeXml(doc);
    await util.copy({ model, rowStartPos: 1, rowEndPos: 3, colStartPos: 1, colEndPos: 3 });
    expect(clipboard.text).toBe('Anna\t4\t\r\nBert\t5\tFR\r\nCora\t7\t\r\n');
    await util.copy({ model, rowStartPos: 1, colStartPos: 3 });
    expect(clipboard.text).withContext('wrs:null in wrs:C, DE only in wrs:O').toBe('\r\n');
    expect(serializeXml(doc)).toBe(before);
  });

  it('copy of a range with a D row copies the values the D row holds (the originals of a deleted M row)', async () => {
    const { util, model, clipboard, shapes, fired } = setup();
    util.setCellValue(model, 'R2', 'name', 'Bertha');
    util.setCellValue(model, 'R2', 'qty', '50');
    util.deleteRow(model, 'R2', true);
    expect(shapes()[1]).toBe('D R2 Bert|5|FR');
    fired.length = 0;
    await util.copy({ model, rowStartPos: 2, rowEndPos: 3, colStartPos: 1, colEndPos: 2 });
    expect(clipboard.text).toBe('Bert\t5\r\nCleo\t7\r\n');
    expect(shapes()).toEqual(['R R1 Anna|3|DE', 'D R2 Bert|5|FR', 'R R3 Cleo|7|~']);
    expect(fired).toEqual([]);
  });

  it('setCellValue on an I row writes wrs:C only: the row stays I, gets no wrs:O, and the change waits for fire()', () => {
    const { util, model, shapes, fired, doc } = setup();
    util.insertRow({ model, rowStartPos: 1 });
    fired.length = 0;
    expect(util.setCellValue(model, 'I_1_R1', 'name', 'Dora')).toBeTrue();
    expect(util.setCellValue(model, 1, 'qty', null)).toBeTrue();
    expect(util.setCellValue(model, 'I_1_R1', 'country', 'IT')).toBeTrue();
    expect(shapes()).toEqual(['I I_1_R1 Dora|~|IT', 'R R1 Anna|3|DE', 'R R2 Bert|5|FR', 'R R3 Cleo|7|~']);
    expect(doc.documentElement.getElementsByTagNameNS('*', 'O').length).toBe(0);
    expect(fired).toEqual([]);
    expect(model.hasUncommittedWrites()).toBeTrue();
    model.fire();
    expect(fired).toEqual([['I_1_R1']]);
  });

  it('setCellValue on a D row returns false by id and by position and leaves the document and the change set alone', () => {
    const { util, model, fired, doc, shapes } = setup();
    util.setCellValue(model, 'R2', 'qty', '9');
    util.deleteRow(model, 'R2', true);
    fired.length = 0;
    const before = serializeXml(doc);
    expect(util.setCellValue(model, 'R2', 'qty', '1')).toBeFalse();
    expect(util.setCellValue(model, 2, 1, 'Berta')).toBeFalse();
    expect(util.setCellValue(model, 'R2', 'country', null)).toBeFalse();
    expect(serializeXml(doc)).toBe(before);
    expect(shapes()[1]).toBe('D R2 Bert|5|FR');
    expect(model.hasUncommittedWrites()).toBeFalse();
    expect(fired).toEqual([]);
  });
});

describe(`WrsUtil edges: ranges that change nothing (${domName()})`, () => {
  it('duplicateRows over only D rows adds no row, keeps wrs:TransactionsNumber, and fires one empty change set', () => {
    const { util, model, shapes, fired, doc } = setup(five());
    util.deleteRows({ model, rowStartPos: 2, rowEndPos: 3 });
    fired.length = 0;
    const before = serializeXml(doc);
    util.duplicateRows({ model, rowStartPos: 2, rowEndPos: 3 });
    util.duplicateRows({ model, rowStartPos: 2, rowEndPos: 3, insertBeforeSelection: false });
    expect(serializeXml(doc)).toBe(before);
    expect(shapes()).toEqual(['R R1 a1|1', 'D R2 a2|2', 'D R3 a3|3', 'R R4 a4|4', 'R R5 a5|5']);
    expect(model.read(TRANSACTIONS)).toBe('3');
    expect(fired).toEqual([[], []]);
    // The same range with one live row in it is one transaction with one copy.
    util.duplicateRows({ model, rowStartPos: 2, rowEndPos: 4, insertBeforeSelection: false });
    expect(shapes().slice(1, 5)).toEqual(['D R2 a2|2', 'D R3 a3|3', 'R R4 a4|4', 'I I_4_R4 a4|4']);
    expect(model.read(TRANSACTIONS)).toBe('4');
    expect(fired[2]).toEqual(['I_4_R4']);
  });

  it('restore over only R rows leaves the document unchanged and fires one change set without rows', () => {
    const { util, model, shapes, fired, doc } = setup(five());
    util.setCellValue(model, 'R5', 'n', '50');
    model.fire();
    fired.length = 0;
    const before = serializeXml(doc);
    util.restore({ model, rowStartPos: 1, rowEndPos: 4, colStartPos: 1, colEndPos: 2 });
    expect(serializeXml(doc)).toBe(before);
    expect(shapes()).toEqual(['R R1 a1|1', 'R R2 a2|2', 'R R3 a3|3', 'R R4 a4|4', 'M R5 a5|50 / a5|5']);
    expect(fired).toEqual([[]]);
    util.restore({ model, rowStartPos: 1, rowEndPos: 4, propagateUpdate: false });
    expect(fired.length).toBe(1);
    expect(model.hasUncommittedWrites()).toBeFalse();
    expect(serializeXml(doc)).toBe(before);
  });

  it('deleteRows over only D rows leaves the document unchanged and fires one change set without rows', () => {
    const { util, model, shapes, fired, doc } = setup(five());
    util.setCellValue(model, 'R3', 'a', 'x');
    util.deleteRows({ model, rowStartPos: 2, rowEndPos: 4 });
    expect(fired).toEqual([['R3', 'R2', 'R4']]);
    fired.length = 0;
    const before = serializeXml(doc);
    util.deleteRows({ model, rowStartPos: 2, rowEndPos: 4 });
    expect(serializeXml(doc)).toBe(before);
    expect(shapes()).toEqual(['R R1 a1|1', 'D R2 a2|2', 'D R3 a3|3', 'D R4 a4|4', 'R R5 a5|5']);
    expect(fired).toEqual([[]]);
    util.deleteRows({ model, rowStartPos: 3, propagateUpdate: false });
    expect(model.hasUncommittedWrites()).toBeFalse();
    expect(fired.length).toBe(1);
  });
});

describe(`WrsUtil edges: insertRow into an empty wrs:Data (${domName()})`, () => {
  const columns = wrsText(
    [
      { id: 'state', references: ['OPEN'] },
      { id: 'kind', nullable: '0', references: ['A', 'B'] },
      { id: 'tag', nullable: '1', references: ['X', 'Y'] },
      { id: 'amount', type: 'NUMERIC', nullable: '0' },
      { id: 'rate', type: 'DECIMAL' },
      { id: 'label', nullable: '0' },
    ],
    [],
  );

  it('one row gets the id new and the defaults of design.md 4; wrs:TransactionsNumber advances from its value', () => {
    const xml = columns.replace('<wrs:Header>', '<wrs:Header><wrs:TransactionsNumber>4</wrs:TransactionsNumber>');
    const { util, model, shapes, fired } = setup(xml);
    expect(shapes()).toEqual([]);
    util.insertRow({ model });
    expect(shapes()).toEqual(['I new OPEN|A|~|0|~|~']);
    expect(model.read(TRANSACTIONS)).toBe('5');
    expect(fired).toEqual([['new']]);
  });

  it('three rows at once get I_<tn>_new_<n>, each its own element with the defaults; wrs:TransactionsNumber is created as 1', () => {
    const { util, model, shapes, fired } = setup(columns);
    expect(model.read(TRANSACTIONS)).toBeNull();
    let created: readonly string[] = [];
    util.insertRow({
      model,
      rowStartPos: 1,
      rowEndPos: 3,
      fn: ({ rowIds, rowNodes }) => {
        created = rowIds;
        expect(rowNodes.length).toBe(3);
        util.setCellValue(model, rowIds[1], 'label', 'second');
      },
    });
    expect(created).toEqual(['I_1_new_1', 'I_1_new_2', 'I_1_new_3']);
    expect(shapes()).toEqual(['I I_1_new_1 OPEN|A|~|0|~|~', 'I I_1_new_2 OPEN|A|~|0|~|second', 'I I_1_new_3 OPEN|A|~|0|~|~']);
    expect(model.read(TRANSACTIONS)).toBe('1');
    expect(fired).toEqual([['I_1_new_1', 'I_1_new_2', 'I_1_new_3']]);
  });
});

describe(`WrsUtil edges: transposeGrouping (${domName()})`, () => {
  const grouped = () => `<wrs:Wrs xmlns:wrs="http://www.businesscode.de/schema/bcdui/wrs-1.0.0"><wrs:Header><wrs:Columns>
      <wrs:C pos="1" id="country" dimId="country" caption="Country"/><wrs:C pos="2" id="year" dimId="year" caption="Year"/>
      <wrs:C pos="3" id="sales" valueId="sales" caption="Sales"/>
      </wrs:Columns></wrs:Header><wrs:Data>
      <wrs:R id="1"><wrs:C>DE</wrs:C><wrs:C>2023</wrs:C><wrs:C>99</wrs:C></wrs:R>
      <wrs:R id="2"><wrs:C>DE</wrs:C><wrs:C>2023</wrs:C><wrs:C>10</wrs:C></wrs:R>
      <wrs:R id="3"><wrs:C>DE</wrs:C><wrs:C>2022</wrs:C><wrs:C>77</wrs:C></wrs:R>
      <wrs:R id="4"><wrs:C>FR</wrs:C><wrs:C>2024</wrs:C><wrs:C>30</wrs:C></wrs:R>
      <wrs:R id="5"><wrs:C>FR</wrs:C><wrs:C><wrs:null/></wrs:C><wrs:C>40</wrs:C></wrs:R>
      <wrs:R id="6"><wrs:C><wrs:null/></wrs:C><wrs:C>2023</wrs:C><wrs:C><wrs:null/></wrs:C></wrs:R>
      <wrs:R id="7"><wrs:C>IT</wrs:C><wrs:C>2025</wrs:C><wrs:C>60</wrs:C></wrs:R>
      </wrs:Data></wrs:Wrs>`;

  it('generateWrsHeaderMeta keeps a column named __proto__ as an own key, its attributes as its value', () => {
    const util = new WrsUtil({ registry: new DataProviderRegistry() });
    const meta = util.generateWrsHeaderMeta(parseXml(wrsText([{ id: '__proto__' }, { id: 'b', type: 'INTEGER' }], [['x', '1']])));
    expect(Object.keys(meta)).toEqual(['__proto__', 'b']);
    expect(Object.getOwnPropertyDescriptor(meta, '__proto__')?.value['pos']).toBe('1');
    expect((meta as Record<string, unknown>)['pos']).toBeUndefined();
  });

  it('leaves D rows out: their values, innermost values and groups do not appear', () => {
    const { util, model } = setup(grouped());
    for (const id of ['1', '3', '7']) expect(util.deleteRow(model, id)).toBeTrue();
    const result = util.transposeGrouping(model);
    const meta = util.generateWrsHeaderMeta(result);
    expect(Object.keys(meta)).toEqual(['country', '2023.sales', '2024.sales', '.sales']);
    expect(rowShapes(result)).toEqual(['R R1 DE|10||', 'R R2 FR||30|40', 'R R3 ~|~||']);
  });

  it('a wrs:null innermost value becomes the value "" (column .sales, caption |Sales); a wrs:null outer value is its own group', () => {
    const { util, model } = setup(grouped());
    const result = util.transposeGrouping('orders');
    const meta = util.generateWrsHeaderMeta(result);
    expect(Object.keys(meta)).toEqual(['country', '2023.sales', '2022.sales', '2024.sales', '.sales', '2025.sales']);
    expect(meta['.sales']['caption']).toBe('|Sales');
    expect(meta['.sales']['pos']).toBe('5');
    // The first row of a combination wins: DE 2023 is 99 (row 1), not 10 (row 2).
    expect(rowShapes(result)).toEqual(['R R1 DE|99|77|||', 'R R2 FR|||30|40|', 'R R3 ~|~||||', 'R R4 IT|||||60']);
    expect(rowShapes(model.getData()!).length).toBe(7);
  });
});

describe(`WrsUtil edges: deleteColumns with an unknown id (${domName()})`, () => {
  it('raises UNKNOWN_COLUMN naming the id and leaves the document exactly as it was, the valid ids included', () => {
    const { util, model, doc, shapes } = setup();
    util.setCellValue(model, 'R1', 'qty', '4');
    util.deleteRow(model, 'R2');
    const before = serializeXml(doc);
    const error = caught(() => util.deleteColumns(doc.documentElement, ['name', 'nope', 'qty']));
    expect(error.code).toBe('UNKNOWN_COLUMN');
    expect(error.message).toContain('"nope"');
    expect(error.input).toBe('nope');
    expect(serializeXml(doc)).toBe(before);
    expect(util.getColPosById(model, 'qty')).toBe(2);
    expect(util.getCellValue(model, 'R1', 'country')).toBe('DE');
    // The index is not left stale: a valid delete afterwards works on the unchanged document.
    util.deleteColumns(doc, ['name']);
    expect(shapes()).toEqual(['M R1 4|DE / 3|DE', 'D R2 5|FR', 'R R3 7|~']);
  });
});

describe(`WrsUtil edges: postWrs of several providers (${domName()})`, () => {
  function two() {
    const registry = new DataProviderRegistry();
    const ordersXml = ordersWrs();
    const itemsXml = wrsText([{ id: 'sku' }, { id: 'n', type: 'INTEGER', nullable: '0' }], [['x1', '1'], ['x2', '2']]).replace(/id="R/g, 'id="S');
    const orders = new StaticModel({ id: 'orders', data: ordersXml, registry });
    const items = new StaticModel({ id: 'items', data: itemsXml, registry });
    void orders.execute();
    void items.execute();
    const server = new MemoryServer(parseXml(ordersXml), parseXml(itemsXml));
    const util = new WrsUtil({ registry, clipboard: new MemoryClipboard(), backend: server });
    const fired: string[] = [];
    orders.changes$.subscribe((c) => fired.push(`orders ${c.rowIds.join(',')}`));
    items.changes$.subscribe((c) => fired.push(`items ${c.rowIds.join(',')}`));
    return { registry, orders, items, server, util, fired };
  }

  it('an array of two providers saves both, one payload each, in the order given', async () => {
    const { orders, items, server, util, fired } = two();
    util.setCellValue(orders, 'R1', 'qty', '4');
    util.deleteRow(items, 'S1');
    util.insertRow({ model: items, rowStartPos: 2, insertBeforeSelection: false, propagateUpdate: false });
    let succeeded = 0;
    await util.postWrs({ wrs: ['items', orders], onSuccess: () => succeeded++ });
    expect(server.payloads).toEqual([['D S1 x1|1', 'I I_1_S2 ~|0'], ['M R1 Anna|4|DE / Anna|3|DE']]);
    expect(rowShapes(items.getData()!)).toEqual(['R S2 x2|2', 'R I_1_S2 ~|0']);
    expect(rowShapes(orders.getData()!)).toEqual(['R R1 Anna|4|DE', 'R R2 Bert|5|FR', 'R R3 Cleo|7|~']);
    expect([...server.rows.keys()]).toEqual(['R1', 'R2', 'R3', 'S2', 'I_1_S2']);
    expect(fired).toEqual(['items S1,I_1_S2', 'orders R1']);
    expect(items.getStatus().name).toBe('SavedStatus');
    expect(orders.getStatus().name).toBe('SavedStatus');
    expect(succeeded).toBe(1);
  });

  it('a provider that is not loaded raises NOT_READY and an unknown id UNKNOWN_PROVIDER, first or last in the list; nothing is posted', async () => {
    const { registry, orders, server, util } = two();
    const lazy = new StaticModel({ id: 'lazy', data: ordersWrs(), registry });
    util.setCellValue(orders, 'R1', 'qty', '4');
    const before = serializeXml(orders.getData()!);
    let succeeded = false;
    await rejected(util.postWrs({ wrs: [lazy, orders], onSuccess: () => (succeeded = true) }), 'NOT_READY');
    await rejected(util.postWrs(['nobody', orders]), 'UNKNOWN_PROVIDER');
    await rejected(util.postWrs([orders, 'nobody']), 'UNKNOWN_PROVIDER');
    await rejected(util.postWrs({ wrs: [orders, lazy] }), 'NOT_READY');
    await rejected(util.postWrs('lazy'), 'NOT_READY');
    const unknown = await rejected(util.postWrs({ wrs: 'nobody', onSuccess: () => (succeeded = true) }), 'UNKNOWN_PROVIDER');
    expect(unknown.message).toContain('"nobody"');
    expect(server.payloads).toEqual([]);
    expect(succeeded).toBeFalse();
    expect(serializeXml(orders.getData()!)).toBe(before);
    expect(server.rows.get('R1')).toEqual(['Anna', '3', 'DE']);
    expect(lazy.getData()).toBeNull();
  });
});
