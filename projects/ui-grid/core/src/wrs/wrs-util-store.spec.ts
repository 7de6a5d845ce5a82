import { domName } from '../../testing/fixtures';
import { domDump } from '../../testing/dom-dump';
import { domProblems } from '../../testing/dom-consistency';
import { SeededCall, SeededCalls, agreeOnStoreAndDom, side } from '../../testing/store-vs-dom';
import { MemoryServer } from '../../testing/wrs-util-harness';
import { WrsError } from '../errors';
import { DataProvider, DataProviderRegistry } from '../data-provider/data-provider';
import { WrsTextLoad } from '../data-provider/wrs-text-load';
import { parseXml } from '../xml/dom';
import { WrsIndex } from '../rows/wrs-index';
import { buildStoreSavePayload } from './store-save-payload';
import { WrsUtil } from './wrs-util';

/** One seeded WrsUtil call of the row functions. */
const rowCalls: SeededCalls = (random, count, columns) => {
  const pos = () => 1 + random(Math.max(count, 1));
  const range = (): [number, number] => {
    const first = pos();
    return [first, Math.min(Math.max(count, 1), first + random(5))];
  };
  // Ids of the random texts are R<n>, some with an entity; I_... ids are the library's: one absent id now and then.
  const id = () => (random(6) === 0 ? 'none' : `R${random(count + 2)}`);
  const value = () => [null, '', 'v', 'a & b', `s${random(3)}`][random(5)];
  const op = random(12);
  const [first, last] = range();
  const before = random(2) === 0;
  const fire = random(3) !== 0;
  const call = (name: string, run: (m: DataProvider, util: WrsUtil) => unknown): SeededCall => ({ name, run: (on) => run(on.provider, on.util) });
  switch (op) {
    case 0:
    case 1: {
      const row: string | number = random(2) === 0 ? id() : pos();
      const column: string | number = random(2) === 0 ? `c${1 + random(columns + 1)}` : 1 + random(columns + 1);
      const v = value();
      return call(`setCellValue(${row}, ${column}, ${JSON.stringify(v)})`, (m, util) => util.setCellValue(m, row, column, v));
    }
    case 2: {
      const row = id();
      return call(`deleteRow(${row})`, (m, util) => util.deleteRow(m, row, fire));
    }
    case 3: {
      const row = id();
      return call(`restoreRow(${row})`, (m, util) => util.restoreRow(m, row, fire));
    }
    case 4:
      return call(`deleteRows(${first}, ${last})`, (m, util) => util.deleteRows({ model: m, rowStartPos: first, rowEndPos: last, propagateUpdate: fire }));
    case 5:
      return call(`restore(${first}, ${last})`, (m, util) => util.restore({ model: m, rowStartPos: first, rowEndPos: last, colStartPos: 1, colEndPos: columns }));
    case 6: {
      // Some columns only: M rows keep their changes in the other columns.
      const col = 1 + random(columns);
      const colEnd = Math.min(columns, col + random(2));
      return call(`restore(${first}, ${last}, columns ${col}-${colEnd})`, (m, util) => util.restore({ model: m, rowStartPos: first, rowEndPos: last, colStartPos: col, colEndPos: colEnd }));
    }
    case 7:
      return call(`insertRow(${first}, ${last}, ${before})`, (m, util) => util.insertRow({ model: m, rowStartPos: first, rowEndPos: last, insertBeforeSelection: before }));
    case 8:
      return call(`duplicateRows(${first}, ${last}, ${before})`, (m, util) => util.duplicateRows({ model: m, rowStartPos: first, rowEndPos: last, insertBeforeSelection: before }));
    case 9: {
      const row = id();
      return call(`duplicateRow(${row})`, (m, util) => util.duplicateRow(m, row, fire));
    }
    case 10: {
      const row = id();
      const column = 1 + random(columns + 1);
      const at = pos();
      return call(`reads(${row}, ${column})`, (m, util) => [util.getRowPositionByRowId({ model: m, rowId: row }), util.getCellValue(m, row, column), util.getCellValue(m, at, `c${column}`)]);
    }
    default:
      return call('header reads', (m, util) => [util.getColPosById(m, `c${columns}`), util.getValidationErrorCount(m)]);
  }
};

const dump = (doc: Document) => domDump(doc).join('\n');

describe(`WrsUtil on a provider's row store (${domName()})`, () => {
  let minLength: number;
  beforeEach(() => {
    minLength = WrsTextLoad.storeMinLength;
    // The random texts are short: every one is kept in a store.
    WrsTextLoad.storeMinLength = 0;
  });
  afterEach(() => (WrsTextLoad.storeMinLength = minLength));

  // The same seeded calls on a provider holding a store (its rows built at a random step, or only at the end) and on
  // one holding parseXml's document: results, errors, change sets, save payloads and the documents agree; before the
  // build step the store's rows stay unbuilt.
  for (let seed = 1; seed <= 16; seed++) {
    it(`agrees with the same calls on the parsed document (seed ${seed})`, () => agreeOnStoreAndDom(2026112821 + seed, rowCalls));
  }

  const rows = (n: number) => Array.from({ length: n }, (_, i) => `<wrs:R id="R${i + 1}"><wrs:C>${i + 1}</wrs:C><wrs:C>name ${i + 1}</wrs:C></wrs:R>`).join('');
  const textOf = (n: number) =>
    `<wrs:Wrs xmlns:wrs="http://www.businesscode.de/schema/bcdui/wrs-1.0.0"><wrs:Header><wrs:Columns><wrs:C pos="1" id="id" type-name="INTEGER"/><wrs:C pos="2" id="name"/></wrs:Columns></wrs:Header><wrs:Data>${rows(n)}</wrs:Data></wrs:Wrs>`;

  it('notes the rows and the wrs:Data of a store change, which a listener with a tracking XPath reads once built', () => {
    const registry = new DataProviderRegistry();
    const { provider } = side(textOf(20), registry);
    const store = provider.getRowStore()!;
    const sets: { rowIds: readonly string[]; nodes: readonly Node[] }[] = [];
    provider.onChange((set) => sets.push(set));
    const util = new WrsUtil();
    util.deleteRows({ model: provider, rowStartPos: 3, rowEndPos: 5 });
    expect(store.materialized).toBeFalse();
    expect(sets[0].rowIds).toEqual(['R3', 'R4', 'R5']);
    expect(sets[0].nodes.length).toBe(1);
    const data = sets[0].nodes[0] as Element;
    expect(data.localName).toBe('Data');
    // The element the change set names is the document's wrs:Data, holding the changed rows once built.
    const tracked: string[][] = [];
    provider.onChange({ trackingXPath: "/*/wrs:Data/*[@id='R7']", callback: (set) => tracked.push([...set.rowIds]) });
    expect(store.materialized).toBeTrue();
    expect(WrsIndex.of(provider.getData()!).data).toBe(data);
    expect(WrsIndex.of(provider.getData()!).rowById('R4')!.localName).toBe('D');
    util.deleteRow(provider, 'R7', true);
    util.restoreRow(provider, 'R3', true);
    expect(tracked).toEqual([['R7']]);
  });

  it('saves a store without building it, commits the rows on entries, and keeps every change when the save fails', async () => {
    const registry = new DataProviderRegistry();
    const { provider } = side(textOf(30), registry);
    const store = provider.getRowStore()!;
    const server = new MemoryServer(parseXml(textOf(30)));
    const util = new WrsUtil({ backend: server, registry });
    util.setCellValue(provider, 'R2', 'name', 'changed');
    util.deleteRows({ model: provider, rowStartPos: 4, rowEndPos: 5 });
    util.insertRow({ model: provider, rowStartPos: 1, rowEndPos: 1 });
    util.setCellValue(provider, 1, 'id', 1000);
    provider.fire();
    const before = buildStoreSavePayload(store).text;
    server.failure = new WrsError('SAVE_FAILED', 'refused');
    await expectAsync(util.saveModel({ model: provider })).toBeRejectedWith(server.failure);
    expect(store.materialized).toBeFalse();
    expect(buildStoreSavePayload(store).text).toBe(before);
    expect(store.changedRows().length).toBe(4);
    server.failure = null;
    const fired: string[][] = [];
    provider.onChange((set) => fired.push([...set.rowIds]));
    await util.saveModel({ model: provider });
    expect(store.materialized).toBeFalse();
    expect(server.payloads[1]).toEqual(server.payloads[0]);
    expect(fired).toEqual([[store.id(0)!, 'R2', 'R4', 'R5']]);
    expect(store.changedRows()).toEqual([]);
    expect(store.rowCount).toBe(29);
    expect([store.state(0), store.id(0), store.cellValue(0, 1)]).toEqual(['R', fired[0][0], '1000']);
    expect([store.state(2), store.cellValue(2, 2)]).toEqual(['R', 'changed']);
    expect(store.id(4)).toBe('R6');
    // The document built now is what the server holds.
    const doc = provider.getData()!;
    expect(WrsIndex.of(doc).rows().map((row) => row.getAttribute('id'))).toEqual([fired[0][0], 'R1', 'R2', 'R3', ...Array.from({ length: 25 }, (_, i) => `R${i + 6}`)]);
    expect(WrsIndex.of(doc).rows().every((row) => row.localName === 'R')).toBeTrue();
    expect(domProblems(doc)).toEqual([]);
  });

  it('commits on the document, built then, what was changed while the save ran', async () => {
    const registry = new DataProviderRegistry();
    const { provider } = side(textOf(10), registry);
    const twin = side(parseXml(textOf(10)), registry).provider;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const saves = [provider, twin].map((model) => {
      const server = new MemoryServer(parseXml(textOf(10)));
      const save = server.save.bind(server);
      // Each save waits at the server until the edits below were made.
      server.save = async (wrs) => {
        await gate;
        return save(wrs);
      };
      const util = new WrsUtil({ backend: server, registry });
      util.setCellValue(model, 'R2', 'name', 'first');
      util.deleteRow(model, 'R5', true);
      model.fire();
      const saved = util.saveModel({ model });
      util.setCellValue(model, 'R2', 'name', 'second');
      util.restoreRow(model, 'R5', true);
      return saved;
    });
    expect(provider.getRowStore()!.materialized).toBeFalse();
    open();
    await Promise.all(saves);
    expect(dump(provider.getData()!)).toBe(dump(twin.getData()!));
    // Edited again: M against the sent value; restored meanwhile: an I row, the server no longer has it.
    expect(provider.getRowStore()!.materialized).toBeTrue();
    expect(WrsIndex.of(provider.getData()!).rowById('R2')!.localName).toBe('M');
    expect(provider.getRowStore()!.originalValue(1, 2)).toBe('first');
    expect(WrsIndex.of(provider.getData()!).rowById('R5')!.localName).toBe('I');
  });

  it('builds nothing for a store of 100,000 rows: deleteRows of 10,000 and restore of all rows', async () => {
    const registry = new DataProviderRegistry();
    const { provider, fired } = side(textOf(100_000), registry);
    // Read in slices: ready when every row is read.
    await provider.execute();
    const store = provider.getRowStore()!;
    const util = new WrsUtil();
    util.deleteRows({ model: provider, rowStartPos: 20_001, rowEndPos: 30_000 });
    expect(store.changedRows().length).toBe(10_000);
    util.insertRow({ model: provider, rowStartPos: 5, rowEndPos: 5 });
    const inserted = store.id(4)!;
    util.restore({ model: provider, rowStartPos: 1, rowEndPos: 100_001, colStartPos: 1, colEndPos: 2 });
    expect(store.changedRows().length).toBe(0);
    expect(store.rowCount).toBe(100_000);
    const deleted = Array.from({ length: 10_000 }, (_, i) => `R${20_001 + i}`).join(',');
    expect(fired).toEqual([deleted, inserted, `${inserted},${deleted}`]);
    expect(store.materialized).toBeFalse();
    expect(store.builtRowCount).toBe(0);
  });
});
