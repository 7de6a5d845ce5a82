import { parseXml } from '../xml/dom';
import { WrsIndex } from '../rows/wrs-index';
import { RowStore } from '../rows/row-store';
import { domName, wrsText } from '../../testing/fixtures';
import { seededRandom } from '../../testing/random-wrs';
import { RowOrdering, sortRows, sortStoreRows } from './row-order';

describe(`sortStoreRows (${domName()})`, () => {
  const random = seededRandom(11);
  const pick = <T>(items: readonly T[]): T => items[random(items.length)];
  const text = wrsText(
    [{ id: 'name' }, { id: 'qty', type: 'INTEGER' }, { id: 'price', type: 'NUMERIC' }, { id: 'day', type: 'DATE' }, { id: 'ok', type: 'BOOLEAN' }],
    Array.from({ length: 300 }, () => [
      pick(['Anna', 'anna', 'Bert', 'b\u00e4r', 'Zoe', '', 'x &amp; y', 'item 10', 'item 9']),
      pick(['3', '-4', '10', '', 'x', '007']),
      pick(['1.5', '-0.25', '10', '2e3', '', 'abc']),
      pick(['2026-01-04', '2025-12-31', '', 'soon', '2026-01-04']),
      pick(['true', 'false', '1', '0', '']),
    ]).map((row) => row.map((v) => (random(9) === 0 ? null : v))),
  );

  it('orders the rows of a store as sortRows orders the parsed document, by every column and direction', () => {
    const store = RowStore.open(text)!;
    store.scan();
    const storeIndex = WrsIndex.of(store.document);
    const parsed = WrsIndex.of(parseXml(text));
    const orderings: RowOrdering[][] = [
      [{ colId: 'name' }], [{ colId: 'qty', descending: true }], [{ colId: 'price' }], [{ colId: 'day', descending: true }],
      [{ colId: 'ok' }, { colId: 'name', descending: true }], [{ colId: 'day' }, { colId: 'qty' }, { colId: 'price', descending: true }],
    ];
    for (const ordering of orderings) {
      const fromStore = sortStoreRows(store, storeIndex, ordering).map((r) => store.id(r));
      const fromDoc = sortRows(parsed, parsed.rows(), ordering).map((row) => row.getAttribute('id'));
      expect(fromStore).withContext(JSON.stringify(ordering)).toEqual(fromDoc);
    }
    expect(store.builtRowCount).toBe(0);
  });

  it('raises UNKNOWN_COLUMN for a column the header does not have', () => {
    const store = RowStore.open(text)!;
    expect(() => sortStoreRows(store, WrsIndex.of(store.document), [{ colId: 'nope' }])).toThrowError(/unknown column "nope"/);
  });
});
