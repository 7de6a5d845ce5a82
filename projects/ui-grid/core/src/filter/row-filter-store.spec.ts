import { parseXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { WrsIndex } from '../rows/wrs-index';
import { RowStore } from '../rows/row-store';
import { domName, wrsText } from '../../testing/fixtures';
import { seededRandom } from '../../testing/random-wrs';
import { ColumnValues } from './column-values';
import { filterRows, filterStoreRows } from './row-filter';
import { sortRows, sortStoreRows } from './row-order';

describe(`filterStoreRows (${domName()})`, () => {
  const random = seededRandom(21);
  const pick = <T>(items: readonly T[]): T => items[random(items.length)];
  const text = wrsText(
    [{ id: 'name' }, { id: 'qty', type: 'INTEGER' }, { id: 'price', type: 'NUMERIC' }, { id: 'day', type: 'DATE' }, { id: 'ok', type: 'BOOLEAN' }],
    Array.from({ length: 400 }, () => [
      pick(['Anna', 'anna', 'Bert', 'b\u00e4r', 'Zoe', '', 'x &amp; y', 'item 10', 'item 9']),
      pick(['3', '-4', '10', '', '007', '12']),
      pick(['1.5', '-0.25', '10', '2e3', '', '7.50']),
      pick(['2026-01-04', '2025-12-31', '', '2026-03-01']),
      pick(['true', 'false', '1', '0', '']),
    ]).map((row) => row.map((v) => (random(9) === 0 ? null : v))),
  );
  const filter = (body: string) => parseXml(`<f:Filter xmlns:f="${NS.f}">${body}</f:Filter>`).documentElement;
  const e = (bRef: string, op: string, value: string, extra = '') => `<f:Expression bRef="${bRef}" op="${op.replace('<', '&lt;')}" value="${value}"${extra}/>`;
  const filters = [
    e('name', 'like', '*ann*', ' ic="true"'),
    e('name', '=', ''),
    `<f:Or>${e('qty', '>=', '10')}${e('price', '<', '0')}</f:Or>`,
    `<f:And>${e('day', '>=', '2026-01-01')}${e('ok', '=', 'true')}</f:And>${e('name', 'notLike', 'item*')}`,
    e('qty', 'in', '3,12,'),
    e('qty', 'bitand', '2'),
    `<f:Expression bRef="qty" op="&lt;" bRef2="price"/>`,
    '',
  ];

  it('keeps the store positions of the rows filterRows keeps on the parsed document, building nothing', () => {
    const store = RowStore.open(text)!;
    store.scan();
    const storeIndex = WrsIndex.of(store.document);
    const parsed = WrsIndex.of(parseXml(text));
    const values = new ColumnValues(storeIndex, store);
    for (const body of filters) {
      const fromStore = filterStoreRows(store, storeIndex, filter(body), { values }).map((r) => store.id(r));
      const fromDoc = filterRows(parsed, filter(body)).map((row) => row.getAttribute('id'));
      expect(fromStore).withContext(body).toEqual(fromDoc);
      expect(filterStoreRows(store, storeIndex, filter(body)).map((r) => store.id(r))).withContext(body).toEqual(fromDoc);
    }
    const kept = filterStoreRows(store, storeIndex, filter(filters[2]), { values });
    const sorted = sortStoreRows(store, storeIndex, [{ colId: 'price', descending: true }], kept, values).map((r) => store.id(r));
    expect(sorted).toEqual(sortRows(parsed, filterRows(parsed, filter(filters[2])), [{ colId: 'price', descending: true }]).map((row) => row.getAttribute('id')));
    expect(store.builtRowCount).toBe(0);
    expect(store.materialized).toBeFalse();
  });

  it('filters written rows by their values once told of the change, and reads the document once it is built', () => {
    const store = RowStore.open(text)!;
    store.scan();
    const storeIndex = WrsIndex.of(store.document);
    const values = new ColumnValues(storeIndex, store);
    const like = filter(e('name', '=', 'written'));
    expect(filterStoreRows(store, storeIndex, like, { values })).toEqual([]);
    store.setCell(5, 1, 'written');
    store.setCell(300, 1, 'written');
    values.changed([store.id(5)!, store.id(300)!]);
    expect(filterStoreRows(store, storeIndex, like, { values })).toEqual([5, 300]);
    expect(store.builtRowCount).toBe(0);
    const doc = store.materialize();
    expect(filterRows(WrsIndex.of(doc), like, { values }).map((row) => row.getAttribute('id'))).toEqual([store.id(5), store.id(300)]);
  });

  it('refuses a custom function that takes the row, and passes the value to one that does not', () => {
    const store = RowStore.open(text)!;
    const storeIndex = WrsIndex.of(store.document);
    const any = filter(e('name', '=', 'x'));
    expect(() => filterStoreRows(store, storeIndex, any, { custom: { name: (_v, row) => !!row } })).toThrowError(/takes the row/);
    const parsed = WrsIndex.of(parseXml(text));
    const custom = { name: (v: string | null) => v === 'Zoe' };
    expect(filterStoreRows(store, storeIndex, any, { custom }).map((r) => store.id(r))).toEqual(filterRows(parsed, any, { custom }).map((row) => row.getAttribute('id')));
  });
});
