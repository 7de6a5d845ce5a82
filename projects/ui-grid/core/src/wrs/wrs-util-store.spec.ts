import { domName } from '../../testing/fixtures';
import { domDump } from '../../testing/dom-dump';
import { domProblems } from '../../testing/dom-consistency';
import { randomWrsText, seededRandom } from '../../testing/random-wrs';
import { MemoryServer } from '../../testing/wrs-util-harness';
import { WrsError, isWrsError } from '../errors';
import { DataProvider, DataProviderRegistry } from '../data-provider/data-provider';
import { StaticModel } from '../data-provider/static-model';
import { WrsTextLoad } from '../data-provider/wrs-text-load';
import { parseXml } from '../xml/dom';
import { WrsIndex } from '../rows/wrs-index';
import { buildSavePayload } from './save-payload';
import { buildStoreSavePayload } from './store-save-payload';
import { WrsUtil } from './wrs-util';

const dump = (doc: Document) => domDump(doc).join('\n');

/** One side of a run: a provider and the change sets it fired (row ids, and whether `wrs:Data` was among the nodes). */
interface Side {
  readonly provider: StaticModel;
  readonly fired: string[];
}

function side(data: string | Document, registry: DataProviderRegistry): Side {
  const provider = new StaticModel({ data, registry });
  void provider.execute();
  const fired: string[] = [];
  provider.onChange((set) => fired.push(set.rowIds.join(',')));
  return { provider, fired };
}

/** What a call gave: its result, or the code of the WrsError it raised. */
function outcome(call: () => unknown): unknown {
  try {
    return { result: call() ?? null };
  } catch (e) {
    if (!isWrsError(e)) throw e;
    return { error: e.code };
  }
}

/** The row count a side has, read without building a store's rows. */
function rowCount(provider: DataProvider): number {
  const store = provider.getRowStore();
  return store && !store.materialized ? store.rowCount : WrsIndex.of(provider.getData()!).rowCount;
}

/** One seeded WrsUtil call, made on both sides by `call`; returns what it was, for the failure message. */
function step(util: WrsUtil, random: (n: number) => number, count: number, columns: number, call: (f: (model: DataProvider) => unknown) => void): string {
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
  switch (op) {
    case 0:
    case 1: {
      const row: string | number = random(2) === 0 ? id() : pos();
      const column: string | number = random(2) === 0 ? `c${1 + random(columns + 1)}` : 1 + random(columns + 1);
      const v = value();
      call((m) => util.setCellValue(m, row, column, v));
      return `setCellValue(${row}, ${column}, ${JSON.stringify(v)})`;
    }
    case 2: {
      const row = id();
      call((m) => util.deleteRow(m, row, fire));
      return `deleteRow(${row})`;
    }
    case 3: {
      const row = id();
      call((m) => util.restoreRow(m, row, fire));
      return `restoreRow(${row})`;
    }
    case 4:
      call((m) => util.deleteRows({ model: m, rowStartPos: first, rowEndPos: last, propagateUpdate: fire }));
      return `deleteRows(${first}, ${last})`;
    case 5:
      call((m) => util.restore({ model: m, rowStartPos: first, rowEndPos: last, colStartPos: 1, colEndPos: columns }));
      return `restore(${first}, ${last})`;
    case 6: {
      // Some columns only: M rows keep their changes in the other columns.
      const col = 1 + random(columns);
      const colEnd = Math.min(columns, col + random(2));
      call((m) => util.restore({ model: m, rowStartPos: first, rowEndPos: last, colStartPos: col, colEndPos: colEnd }));
      return `restore(${first}, ${last}, columns ${col}-${colEnd})`;
    }
    case 7:
      call((m) => util.insertRow({ model: m, rowStartPos: first, rowEndPos: last, insertBeforeSelection: before }));
      return `insertRow(${first}, ${last}, ${before})`;
    case 8:
      call((m) => util.duplicateRows({ model: m, rowStartPos: first, rowEndPos: last, insertBeforeSelection: before }));
      return `duplicateRows(${first}, ${last}, ${before})`;
    case 9: {
      const row = id();
      call((m) => util.duplicateRow(m, row, fire));
      return `duplicateRow(${row})`;
    }
    case 10: {
      const row = id();
      const column = 1 + random(columns + 1);
      const at = pos();
      call((m) => [util.getRowPositionByRowId({ model: m, rowId: row }), util.getCellValue(m, row, column), util.getCellValue(m, at, `c${column}`)]);
      return `reads(${row}, ${column})`;
    }
    default:
      call((m) => [util.getColPosById(m, `c${columns}`), util.getValidationErrorCount(m)]);
      return 'header reads';
  }
}

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
  for (let seed = 1; seed <= 16; seed++) it(`agrees with the same calls on the parsed document (seed ${seed})`, () => {
    const random = seededRandom(2026112821 + seed);
    const util = new WrsUtil();
    for (let n = 0; n < 3; n++) {
      const columns = 1 + random(4);
      const text = randomWrsText(random, 2 + random(25), columns);
      const registry = new DataProviderRegistry();
      const onStore = side(text, registry);
      const onDom = side(parseXml(text), registry);
      const store = onStore.provider.getRowStore();
      expect(store).withContext(text).not.toBeNull();
      if (!store) continue;
      const steps = 5 + random(30);
      const buildAt = random(2) === 0 ? steps : random(steps);
      const done: string[] = [];
      let built = false;
      for (let s = 0; s < steps; s++) {
        if (s === buildAt) {
          if (random(2) === 0) onStore.provider.getData();
          else store.materializeSlice({ rows: random(store.rowCount + 1) });
          done.push('build');
        }
        const count = rowCount(onDom.provider);
        done.push(
          step(util, random, count, columns, (call) => {
            const storeOutcome = outcome(() => call(onStore.provider));
            expect(storeOutcome).withContext(`${text}\nafter ${done.join(', ')}`).toEqual(outcome(() => call(onDom.provider)));
          }),
        );
        built ||= done.includes('build');
        const context = `${text}\nafter ${done.join(', ')}`;
        if (!built) expect(store.materialized).withContext(context).toBeFalse();
        // Writes of setCellValue wait for fire(): one change set per step on both sides.
        if (onStore.provider.hasUncommittedWrites()) onStore.provider.fire();
        if (onDom.provider.hasUncommittedWrites()) onDom.provider.fire();
        expect(onStore.fired).withContext(context).toEqual(onDom.fired);
        expect(rowCount(onStore.provider)).withContext(context).toBe(rowCount(onDom.provider));
        expect(buildStoreSavePayload(store).text).withContext(context).toBe(buildSavePayload(WrsIndex.of(onDom.provider.getData()!)).text);
      }
      const context = `${text}\nafter ${done.join(', ')}`;
      const doc = onStore.provider.getData()!;
      expect(dump(doc)).withContext(context).toBe(dump(onDom.provider.getData()!));
      expect(domProblems(doc)).withContext(context).toEqual(domProblems(onDom.provider.getData()!));
    }
  });

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
