import { WrsError } from '../errors';
import { domName, ordersWrs, wrsText } from '../../testing/fixtures';
import { ChangeSet, DataProviderRegistry } from './data-provider';
import { StaticModel } from './static-model';
import { checkDomAfterProviderCalls } from '../../testing/dom-consistency';
import { MemoryClipboard, checkDomAfterWrsUtilCalls } from '../../testing/wrs-util-harness';
import { WrsIndex } from '../rows/wrs-index';
import { WrsUtil } from '../wrs/wrs-util';

describe(`tbl* accessors (${domName()})`, () => {
  let model: StaticModel;
  let sets: ChangeSet[];
  beforeEach(checkDomAfterProviderCalls);
  beforeEach(async () => {
    model = new StaticModel({ data: ordersWrs(), registry: new DataProviderRegistry() });
    await model.execute();
    sets = [];
    model.onChange((cs) => sets.push(cs));
  });

  it('tblSelect returns plain objects keyed by the requested column ids, null for wrs:null', () => {
    expect(model.tblSelect()).toEqual([
      { name: 'Anna', qty: '3', country: 'DE' },
      { name: 'Bert', qty: '5', country: 'FR' },
      { name: 'Cleo', qty: '7', country: null },
    ]);
    expect(model.tblSelect({ filter: { country: 'FR' }, columns: ['rowId', 'qty'] })).toEqual([{ rowId: 'R2', qty: '5' }]);
    expect(model.tblSelect({ filter: { country: null }, columns: ['name'] })).toEqual([{ name: 'Cleo' }]);
    expect(model.tblSelect({ filter: { qty: 5 } }).length).toBe(1);
  });

  it('tblSelect keeps columns named __proto__ or constructor as own keys of ordinary objects', async () => {
    const odd = new StaticModel({ data: wrsText([{ id: '__proto__' }, { id: 'constructor' }, { id: 'b' }], [['x', 'y', 'z'], [null, null, 'w']]), registry: new DataProviderRegistry() });
    await odd.execute();
    const rows = odd.tblSelect();
    expect(rows.map((r) => Object.keys(r))).toEqual([['__proto__', 'constructor', 'b'], ['__proto__', 'constructor', 'b']]);
    expect(rows.map((r) => [Object.getOwnPropertyDescriptor(r, '__proto__')?.value, r['constructor'], r['b']])).toEqual([['x', 'y', 'z'], [null, null, 'w']]);
    expect(rows.every((r) => Object.getPrototypeOf(r) === Object.prototype)).toBeTrue();
  });

  it('tblSelectRow returns the first match by rowId or filter, or null', () => {
    expect(model.tblSelectRow({ rowId: 'R3', columns: ['name'] })).toEqual({ name: 'Cleo' });
    expect(model.tblSelectRow({ filter: { name: 'Bert' } })).toEqual({ name: 'Bert', qty: '5', country: 'FR' });
    expect(model.tblSelectRow({ rowId: 'nope' })).toBeNull();
  });

  it('unknown columns raise UNKNOWN_COLUMN naming the column', () => {
    expect(() => model.tblSelect({ columns: ['nope'] })).toThrowMatching((e) => e instanceof WrsError && e.code === 'UNKNOWN_COLUMN' && e.input === 'nope');
    expect(() => model.tblUpdate({ values: { nope: 1 } })).toThrowMatching((e) => e instanceof WrsError && e.code === 'UNKNOWN_COLUMN');
  });

  it('tblInsert without an args object raises INVALID_ARGUMENT and inserts nothing', () => {
    const before = model.serialize();
    expect(() => model.tblInsert(undefined as never)).toThrowMatching((e) => e instanceof WrsError && e.code === 'INVALID_ARGUMENT' && e.input === undefined);
    expect(model.serialize()).toBe(before);
    expect(sets.length).toBe(0);
  });

  it('tblInsert with rmi appends a wrs:I row with defaults, advances TransactionsNumber and fires once', () => {
    const id = model.tblInsert({ values: { name: 'Dora' } });
    expect(id).toBe('I_1_R3');
    const row = model.query(`/*/wrs:Data/*[@id='${id}']`) as Element;
    expect(row.localName).toBe('I');
    expect(model.tblSelectRow({ rowId: id })).toEqual({ name: 'Dora', qty: '0', country: null });
    expect(model.read('/*/wrs:Header/wrs:TransactionsNumber')).toBe('1');
    expect(sets.length).toBe(1);
    expect(sets[0].rowIds).toEqual([id]);
    const second = model.tblInsert({ values: { name: 'Emil' }, fire: false });
    expect(second).toBe(`I_2_${id}`);
    expect(sets.length).toBe(1);
  });

  it('tblInsert with rmi=false appends a wrs:R row without defaults', () => {
    const id = model.tblInsert({ values: { name: 'Raw' }, rmi: false });
    expect((model.query(`/*/wrs:Data/*[@id='${id}']`) as Element).localName).toBe('R');
    expect(model.tblSelectRow({ rowId: id })).toEqual({ name: 'Raw', qty: null, country: null });
  });

  it('tblInsert into a Wrs without wrs:Data creates it before wrs:Footer, under the document\'s prefix', async () => {
    const xml = `<w:Wrs xmlns:w="http://www.businesscode.de/schema/bcdui/wrs-1.0.0"><w:Header><w:Columns><w:C pos="1" id="a"/></w:Columns></w:Header><w:Footer/></w:Wrs>`;
    const bare = new StaticModel({ data: xml, registry: new DataProviderRegistry() });
    await bare.execute();
    const id = bare.tblInsert({ values: { a: 'x' } });
    const names = Array.from(bare.getData()!.documentElement.childNodes).map((n) => n.nodeName);
    expect(names).toEqual(['w:Header', 'w:Data', 'w:Footer']);
    expect(bare.tblSelectRow({ rowId: id })).toEqual({ a: 'x' });
  });

  it('tblUpdate with rmi turns R rows into M with originals and counts changed rows', () => {
    expect(model.tblUpdate({ values: { qty: 9 }, filter: { country: 'DE' } })).toBe(1);
    expect(model.read("/*/wrs:Data/wrs:M[@id='R1']/wrs:O[2]")).toBe('3');
    expect(model.read("/*/wrs:Data/wrs:M[@id='R1']/wrs:C[2]")).toBe('9');
    expect(model.tblUpdate({ values: { qty: 9 }, rowId: 'R1' })).toBe(0);
    expect(sets.length).toBe(2);
  });

  it('tblUpdate with rmi=false changes values but keeps element names', () => {
    expect(model.tblUpdate({ values: { name: 'X' }, rmi: false, fire: false })).toBe(3);
    expect(model.queryNodes('/*/wrs:Data/wrs:R').length).toBe(3);
    expect(model.queryNodes('/*/wrs:Data/*/wrs:O').length).toBe(0);
    expect(sets.length).toBe(0);
  });

  it('tblDelete with rmi marks R and M rows D, removes I rows, leaves D rows', () => {
    const inserted = model.tblInsert({ values: { name: 'New' } });
    model.tblUpdate({ values: { qty: 1 }, rowId: 'R2' });
    expect(model.tblDelete({ rowId: 'R2' })).toBe(1);
    expect(model.read("/*/wrs:Data/*[@id='R2']/wrs:C[2]")).toBe('5');
    expect((model.query("/*/wrs:Data/*[@id='R2']") as Element).localName).toBe('D');
    expect(model.tblDelete({ rowId: inserted })).toBe(1);
    expect(model.query(`/*/wrs:Data/*[@id='${inserted}']`)).toBeNull();
    expect(model.tblDelete({ rowId: 'R2' })).toBe(0);
    expect(model.tblDelete({ filter: { name: 'Anna' } })).toBe(1);
    expect(model.tblSelect().map((r) => r['name'])).toEqual(['Cleo']);
  });

  it('tblInsert, tblUpdate and tblDelete fire one change set each by default and none with fire=false (spec 6.3)', () => {
    model.tblUpdate({ values: { qty: 1 } });
    expect(sets.length).toBe(1);
    expect(sets[0].rowIds).toEqual(['R1', 'R2', 'R3']);
    model.tblDelete({ rowId: 'R3' });
    expect(sets.length).toBe(2);
    expect(sets[1].rowIds).toEqual(['R3']);
    model.tblDelete({ rowId: 'R2', fire: false });
    model.tblUpdate({ values: { qty: 2 }, rowId: 'R1', fire: false });
    model.tblInsert({ values: { name: 'x' }, fire: false });
    expect(sets.length).toBe(2);
    expect(model.hasUncommittedWrites()).toBeTrue();
    model.fire();
    expect(sets.length).toBe(3);
    expect(sets[2].rowIds.length).toBe(3);
  });

  it('tblDelete with rmi=false removes rows physically', () => {
    expect(model.tblDelete({ filter: { country: 'FR' }, rmi: false })).toBe(1);
    expect(model.query("/*/wrs:Data/*[@id='R2']")).toBeNull();
    expect(model.read('count(/*/wrs:Data/*)')).toBe('2');
  });

  it('tbl* and write between rows inserted by insertRow, duplicateRows and pasteAsNewRows see the rows in document order, in childNodes too', async () => {
    const registry = new DataProviderRegistry();
    const orders = new StaticModel({ id: 'orders', data: ordersWrs(), registry });
    await orders.execute();
    const util = new WrsUtil({ registry, clipboard: new MemoryClipboard() });
    checkDomAfterWrsUtilCalls(util, registry);
    util.insertRow({ model: orders, rowStartPos: 2, propagateUpdate: false });
    orders.tblUpdate({ rowId: 'I_1_R2', values: { name: 'Ines' } });
    util.duplicateRows({ model: orders, rowStartPos: 3, insertBeforeSelection: false, propagateUpdate: false });
    await util.pasteAsNewRows({ model: orders, rowStartPos: 4, text: 'Paul\t8\tIT\r\n' });
    orders.write("/*/wrs:Data/*[1]/wrs:C[2]", '4');
    expect(orders.tblDelete({ filter: { name: 'Bert' } })).toBe(2);
    const names = ['Anna', 'Ines', 'Cleo', 'Paul'];
    expect(orders.tblSelect({ columns: ['name'] }).map((r) => r['name'])).toEqual(names);
    const data = orders.query('/*/wrs:Data') as Element;
    expect(Array.from(data.childNodes, (row) => `${row.nodeName} ${(row as Element).getAttribute('id')}`)).toEqual(
      WrsIndex.of(orders.getData()!).rows().map((row) => `${row.nodeName} ${row.getAttribute('id')}`),
    );
  });

  it('tbl* on a provider that is not ready raise NOT_READY', () => {
    const fresh = new StaticModel({ data: ordersWrs(), registry: new DataProviderRegistry() });
    expect(() => fresh.tblSelect()).toThrowMatching((e) => e instanceof WrsError && e.code === 'NOT_READY');
  });
});
