import { domName } from '../../testing/fixtures';
import { domDump } from '../../testing/dom-dump';
import { domProblems } from '../../testing/dom-consistency';
import { randomWrsText, seededRandom } from '../../testing/random-wrs';
import { parseXml } from '../xml/dom';
import { WrsIndex } from '../rows/wrs-index';
import { cellAt, cellValue, originalOf } from '../rows/row-states';
import { restoreRowElement, writeRowCells } from '../rows/row-transitions';
import { CellWrites, writeCellBatch } from './cell-batch';

const dump = (doc: Document) => domDump(doc).join('\n');
const VALUES = ['', 'v1', 'a & b', '<x>', 'line\r\nend', null, '9'];

/** Random writes of a few columns for every row: [row position, writes]. */
function randomWrites(random: (n: number) => number, rows: number, columns: number): [number, CellWrites][] {
  const out: [number, CellWrites][] = [];
  for (let r = 1; r <= rows; r++) {
    const writes: [number, string | null][] = [];
    for (let k = random(3); k > 0; k--) writes.push([1 + random(columns + 1), VALUES[random(VALUES.length)]]);
    out.push([r, writes]);
  }
  return out;
}

describe(`writeCellBatch (${domName()})`, () => {
  const wrs = (rows: string) =>
    parseXml(`<wrs:Wrs xmlns:wrs="http://www.businesscode.de/schema/bcdui/wrs-1.0.0"><wrs:Header><wrs:Columns><wrs:C pos="1" id="a"/><wrs:C pos="2" id="b"/></wrs:Columns></wrs:Header><wrs:Data>${rows}</wrs:Data></wrs:Wrs>`);

  it('turns an R row into M with every original in wrs:O, keeps I rows I, and reports the rows and columns written', () => {
    const doc = wrs('<wrs:R id="r1"><wrs:C>x</wrs:C><wrs:C>y</wrs:C></wrs:R><wrs:I id="i1"><wrs:C>p</wrs:C><wrs:C/></wrs:I><wrs:R id="r2"><wrs:C>same</wrs:C><wrs:C>z</wrs:C></wrs:R>');
    const index = WrsIndex.of(doc);
    const [r1, i1, r2] = index.rows();
    const touched: string[] = [];
    const batch = writeCellBatch(index, [[r1, [[2, 'new']]], [i1, [[2, null]]], [r2, [[1, 'same']]]], { beforeChange: (row) => touched.push(row.getAttribute('id')!) });
    expect(batch.rowIds).toEqual(['r1', 'i1']);
    expect(batch.positions).toEqual(new Set([2]));
    expect(touched).toEqual(['r1', 'i1']);
    const m = index.rowById('r1')!;
    expect(m.localName).toBe('M');
    expect(batch.rows[0]).toBe(m);
    expect([1, 2].map((p) => cellValue(cellAt(m, p)!))).toEqual(['x', 'new']);
    expect([1, 2].map((p) => cellValue(originalOf(cellAt(m, p)!)!))).toEqual(['x', 'y']);
    expect(index.rowById('i1')!.localName).toBe('I');
    expect(cellValue(cellAt(index.rowById('i1')!, 2)!)).toBeNull();
    expect(index.rowById('r2')!.localName).toBe('R');
    expect(index.changedRowCount()).toBe(2);
  });

  it('pasted: an empty value leaves an empty cell as it is', () => {
    const doc = wrs('<wrs:R id="r1"><wrs:C><wrs:null/></wrs:C><wrs:C>y</wrs:C></wrs:R>');
    const index = WrsIndex.of(doc);
    const batch = writeCellBatch(index, [[index.rowAt(1)!, [[1, ''], [2, '']]]], { pasted: true });
    expect(batch.positions).toEqual(new Set([2]));
    const row = index.rowAt(1)!;
    expect(cellValue(cellAt(row, 1)!)).toBeNull();
    expect(cellValue(cellAt(row, 2)!)).toBe('');
  });

  // The batch leaves the same document, node for node, as writing each row on its own; restoring its rows then gives
  // the document as it was, though the batch keeps no copy of the R rows.
  for (let seed = 1; seed <= 12; seed++) it(`leaves the document writeRowCells leaves, and restores to the one before (seed ${seed})`, () => {
    const random = seededRandom(seed);
    const text = randomWrsText(random, 30, 4);
    const [batchDoc, singleDoc, before] = [parseXml(text), parseXml(text), parseXml(text)];
    const writes = randomWrites(random, 30, 4);
    const batchIndex = WrsIndex.of(batchDoc);
    const singleIndex = WrsIndex.of(singleDoc);
    const pasted = seed % 2 === 0;
    const batch = writeCellBatch(batchIndex, writes.map(([r, w]) => [batchIndex.rowAt(r)!, w] as const), { pasted });
    const changed: string[] = [];
    for (const [r, w] of writes) {
      const row = singleIndex.rowAt(r)!;
      const result = writeRowCells(row, w, singleIndex, undefined, pasted);
      if (result.changed.length > 0) changed.push(result.row.getAttribute('id') ?? '');
    }
    expect(dump(batchDoc)).toBe(dump(singleDoc));
    expect(domProblems(batchDoc)).toEqual(domProblems(singleDoc));
    expect(batch.rowIds).toEqual(changed);
    expect(batchIndex.rows().map((r) => r.localName)).toEqual(singleIndex.rows().map((r) => r.localName));
    // Rows R before: their M rows restored give the document before (I and M rows were M or I before, not restored).
    const wasR = new Set(WrsIndex.of(before).rows().filter((r) => r.localName === 'R').map((r) => r.getAttribute('id')));
    for (const row of batch.rows) if (wasR.has(row.getAttribute('id'))) restoreRowElement(row, batchIndex);
    for (const row of WrsIndex.of(before).rows()) {
      const now = batchIndex.rowById(row.getAttribute('id') ?? '');
      if (wasR.has(row.getAttribute('id')) && now) expect(domDump(now).join('\n')).toBe(domDump(row).join('\n'));
    }
  });
});
