import { domName } from '../../testing/fixtures';
import { domDump } from '../../testing/dom-dump';
import { domProblems } from '../../testing/dom-consistency';
import { randomWrsText, seededRandom } from '../../testing/random-wrs';
import { parseXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { RowStore } from '../rows/row-store';
import { WrsIndex } from '../rows/wrs-index';
import { cellAt, cellValue, originalOf } from '../rows/row-states';
import { commitRow, deleteRowElement, restoreRowElement, writeCell } from '../rows/row-transitions';
import { deleteRowRange, duplicateRowRange, insertRowElements, restoreRange } from './row-edits';
import { buildSavePayload } from './save-payload';
import { buildStoreSavePayload } from './store-save-payload';
import { WrsUtil } from './wrs-util';

const dump = (doc: Document) => domDump(doc).join('\n');

function valueAt(row: Element, pos: number): string | null {
  const cell = cellAt(row, pos);
  return cell ? cellValue(cell) : null;
}

function originalAt(row: Element, pos: number): string | null {
  const cell = cellAt(row, pos);
  const original = cell && originalOf(cell);
  return original ? cellValue(original) : null;
}

const VALUES = ['', 'v1', 'a & b', '<x>', 'line\r\nend', null];

/** One side of a run: the same operations on a RowStore and on the document parseXml builds. */
interface Run {
  readonly store: RowStore;
  readonly doc: Document;
  readonly index: WrsIndex;
  readonly columns: number;
}

/** Runs one seeded operation on both sides; returns what it was, for the failure message. */
function step(run: Run, random: (n: number) => number): string {
  const { store, index, columns } = run;
  const count = index.rowCount;
  const r = random(Math.max(count, 1));
  const row = index.rowAt(r + 1);
  const op = count === 0 ? 7 : random(10);
  const range = (): [number, number] => {
    const first = random(count);
    return [first, Math.min(count - 1, first + random(6))];
  };
  if (op <= 1) {
    const pos = 1 + random(columns);
    const value = VALUES[random(VALUES.length)];
    expect(store.setCell(r, pos, value)).toBe(writeCell(row!, pos, value, index)?.changed ?? false);
    return `setCell(${r}, ${pos}, ${JSON.stringify(value)})`;
  }
  if (op === 2) {
    expect(store.deleteRow(r)).toBe(deleteRowElement(row!, index).outcome);
    return `deleteRow(${r})`;
  }
  if (op === 3) {
    expect(store.restoreRow(r)).toBe(restoreRowElement(row!, index) !== null);
    return `restoreRow(${r})`;
  }
  if (op === 4) {
    if (!/^[IM]$/.test(row!.localName) || row!.namespaceURI !== NS.wrs) return 'no commit';
    store.commitRow(r);
    commitRow(row!, index);
    return `commitRow(${r})`;
  }
  if (op === 5) {
    const [first, last] = range();
    expect(store.deleteRows(first, last)).toBe(deleteRowRange(index, first + 1, last + 1).rowIds.length);
    return `deleteRows(${first}, ${last})`;
  }
  if (op === 6) {
    const [first, last] = range();
    store.restoreRows(first, last);
    restoreRange(index, first + 1, last + 1, 1, index.columns().length);
    return `restoreRows(${first}, ${last})`;
  }
  if (op === 7) {
    const at = random(count + 1);
    const rows = Array.from({ length: 1 + random(3) }, () => Array.from({ length: columns }, () => VALUES[random(VALUES.length)]));
    const anchor = count === 0 ? null : index.rowAt(Math.min(at + 1, count))!.getAttribute('id');
    expect(store.insertRows(at, anchor, rows)).toEqual(insertRowElements(index, at, anchor, rows).rowIds);
    return `insertRows(${at}, ${anchor}, ${rows.length})`;
  }
  if (op === 8) {
    const [first, last] = range();
    const before = random(2) === 0;
    expect(store.duplicateRows(first, last, before)).toEqual(duplicateRowRange(index, first + 1, last + 1, before).rowIds);
    return `duplicateRows(${first}, ${last}, ${before})`;
  }
  const pos = 1 + random(columns);
  const value = `s${random(3)}`;
  expect(store.setCell(r, pos, value)).toBe(writeCell(row!, pos, value, index)?.changed ?? false);
  return `setCell(${r}, ${pos}, ${value})`;
}

/** The store reads what the document holds: every row, or a few picked by `random`. */
function expectSameRows(run: Run, context: string, random?: (n: number) => number): void {
  const { store, index, columns } = run;
  expect(store.rowCount).withContext(context).toBe(index.rowCount);
  const rows = random ? Array.from({ length: Math.min(3, index.rowCount) }, () => random(index.rowCount)) : index.rows().map((_, r) => r);
  for (const r of rows) {
    const row = index.rowAt(r + 1)!;
    const at = `${context}, row ${r}`;
    expect(store.state(r)).withContext(at).toBe(row.localName);
    expect(store.id(r)).withContext(at).toBe(row.getAttribute('id'));
    for (let pos = 1; pos <= columns; pos++) {
      expect(store.cellValue(r, pos)).withContext(`${at} cell ${pos}`).toBe(valueAt(row, pos));
      expect(store.originalValue(r, pos)).withContext(`${at} original ${pos}`).toBe(originalAt(row, pos));
    }
  }
}

describe(`RowStore edits (${domName()})`, () => {
  // The same seeded operations run store-first (its DOM built at a random step, or not at all until the end) and
  // DOM-first on parseXml's document: reads, save payloads and the documents agree, node for node.
  // Several specs of a few documents each: a browser running one long spec misses the test runner's pings.
  for (let seed = 1; seed <= 24; seed++) it(`agrees with the parsed document under seeded random sequences of every operation (seed ${seed})`, () => {
    const random = seededRandom(2026112800 + seed);
    for (let n = 0; n < 3; n++) {
      const columns = 1 + random(4);
      const text = randomWrsText(random, 2 + random(25), columns);
      const doc = parseXml(text);
      const run: Run = { store: RowStore.open(text)!, doc, index: WrsIndex.of(doc), columns };
      run.store.scan();
      const steps = 5 + random(30);
      const buildAt = random(2) === 0 ? steps : random(steps);
      const done: string[] = [];
      for (let s = 0; s < steps; s++) {
        if (s === buildAt) {
          if (random(3) === 0) run.store.materialize();
          else run.store.materializeSlice({ rows: random(run.index.rowCount + 1) });
          done.push('build');
        }
        done.push(step(run, random));
        const context = `${text}\nafter ${done.join(', ')}`;
        expectSameRows(run, context, random);
        expect(buildStoreSavePayload(run.store).text).withContext(context).toBe(buildSavePayload(run.index).text);
      }
      const context = `${text}\nafter ${done.join(', ')}`;
      expectSameRows(run, context);
      expect(dump(run.store.materialize())).withContext(context).toBe(dump(doc));
      // The random texts hold CDATA next to text, which a serialize -> parse round trip merges: the store's document
      // is to be as consistent as the parsed one.
      expect(domProblems(run.store.document)).withContext(context).toEqual(domProblems(doc));
      expect(buildStoreSavePayload(run.store).text).withContext(context).toBe(buildSavePayload(run.index).text);
    }
  });

  it('deletes and restores ranges as entry states, building no row', () => {
    const rows = Array.from({ length: 50 }, (_, i) => `<wrs:R id="R${i}"><wrs:C>${i}</wrs:C><wrs:C/></wrs:R>`).join('');
    const text = `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="a"/><wrs:C pos="2" id="b"/></wrs:Columns></wrs:Header><wrs:Data>${rows}</wrs:Data></wrs:Wrs>`;
    const store = RowStore.open(text)!;
    expect(store.deleteRows(10, 29)).toBe(20);
    expect(store.state(10)).toBe('D');
    expect(store.state(30)).toBe('R');
    expect(store.builtRowCount).toBe(0);
    expect(store.changedRows().length).toBe(20);
    expect(store.restoreRows(0, 49)).toBe(20);
    expect(store.changedRows()).toEqual([]);
    expect(store.builtRowCount).toBe(0);
    expect(dump(store.materialize())).toBe(dump(parseXml(text)));
    expect(domProblems(store.document)).toEqual([]);
  });

  it('takes 1-based ranges through WrsUtil, and rows as the document holds them once it is complete', () => {
    const rows = Array.from({ length: 5 }, (_, i) => `<wrs:R id="R${i}"><wrs:C>${i}</wrs:C></wrs:R>`).join('');
    const text = `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="a"/></wrs:Columns></wrs:Header><wrs:Data>${rows}</wrs:Data></wrs:Wrs>`;
    const util = new WrsUtil();
    const store = RowStore.open(text)!;
    expect(util.deleteStoreRows(store, 2, 3)).toBe(2);
    expect([0, 1, 2, 3, 4].map((r) => store.state(r))).toEqual(['R', 'D', 'D', 'R', 'R']);
    const doc = store.materialize();
    expect(util.restoreStoreRows(store, 1, 5)).toBe(2);
    expect(WrsIndex.of(doc).rows().map((row) => row.localName)).toEqual(['R', 'R', 'R', 'R', 'R']);
    expect(store.deleteRows(4, 4)).toBe(1);
    expect(WrsIndex.of(doc).rowAt(5)!.localName).toBe('D');
    expect(() => util.deleteStoreRows(store, 0, 2)).toThrowMatching((e) => e.code === 'INVALID_ARGUMENT');
  });
});
