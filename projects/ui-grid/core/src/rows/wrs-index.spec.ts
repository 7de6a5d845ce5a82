import { WrsError } from '../errors';
import { parseXml } from '../xml/dom';
import { DataProviderRegistry } from '../data-provider/data-provider';
import { StaticModel } from '../data-provider/static-model';
import { domName, ordersWrs, wrsText } from '../../testing/fixtures';
import { WrsUtil } from '../wrs/wrs-util';
import { WrsIndex } from './wrs-index';
import { cellValue, cellAt } from './row-states';
import { markModified } from './row-transitions';
import { expectConsistentDom } from '../../testing/dom-consistency';

describe(`WrsIndex (${domName()})`, () => {
  it('indexes rows by id and position and columns by id', () => {
    const doc = parseXml(ordersWrs());
    const index = WrsIndex.of(doc);
    expect(index.rowCount).toBe(3);
    expect(index.rowById('R2')!.getAttribute('id')).toBe('R2');
    expect(index.rowAt(3)!.getAttribute('id')).toBe('R3');
    expect(index.positionOf(index.rowById('R3')!)).toBe(3);
    expect(index.columnPos('qty')).toBe(2);
    expect(index.columnPos('nope')).toBe(0);
    expect(index.resolveColumn(3)).toBe(3);
    expect(index.resolveColumn(4)).toBe(0);
    expect(index.rowById('nope')).toBeNull();
    expect(WrsIndex.of(doc)).toBe(index);
  });

  it('follows a row the library renamed from R to M', () => {
    const doc = parseXml(ordersWrs());
    const index = WrsIndex.of(doc);
    const modified = markModified(index.rowById('R2')!, index);
    expect(modified.localName).toBe('M');
    expect(index.rowById('R2')).toBe(modified);
    expect(index.rowAt(2)).toBe(modified);
    expect(index.positionOf(modified)).toBe(2);
    expect(cellValue(cellAt(modified, 2)!)).toBe('5');
  });

  it('keeps every position exact through a long mix of single inserts, removals and renames (no rebuild needed)', () => {
    const registry = new DataProviderRegistry();
    const model = new StaticModel({ data: wrsText([{ id: 'n' }], Array.from({ length: 300 }, (_, i) => [String(i)])), registry });
    void model.execute();
    const util = new WrsUtil({ registry });
    const index = WrsIndex.of(model.getData()!);
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    for (let step = 0; step < 400; step++) {
      const count = index.rowCount;
      const pick = 1 + next(count);
      const row = index.rowAt(pick)!;
      switch (next(4)) {
        case 0:
          util.insertRow({ model, rowStartPos: pick, propagateUpdate: false });
          break;
        case 1:
          if (row.localName === 'I') util.deleteRow(model, row.getAttribute('id')!);
          else util.duplicateRow(model, row.getAttribute('id')!, false);
          break;
        case 2:
          util.setCellValue(model, pick, 1, `v${step}`);
          break;
        default:
          util.deleteRows({ model, rowStartPos: pick, propagateUpdate: false });
      }
      if (step % 20 === 0 || step === 399) {
        const rows = index.rows();
        const wrong = rows.filter((r, i) => index.positionOf(r) !== i + 1);
        expect(wrong.length).withContext(`step ${step}`).toBe(0);
        const inDocument: Node[] = [];
        for (let c = index.data!.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) inDocument.push(c);
        expect(inDocument.length).withContext(`step ${step}`).toBe(rows.length);
        expect(inDocument.every((n, i) => n === rows[i])).withContext(`step ${step}`).toBeTrue();
        const changed = index.changedRows().map((r) => index.positionOf(r));
        expect(changed).toEqual([...changed].sort((a, b) => a - b));
        expectConsistentDom([model.getData()], `step ${step}`);
      }
    }
  });

  it('removes a row listed twice once, keeping the row after it', () => {
    const doc = parseXml(wrsText([{ id: 'n' }], [['a'], ['b'], ['c']]));
    const index = WrsIndex.of(doc);
    const rows = [...index.rows()];
    index.positionOf(rows[0]);
    rows[1].parentNode!.removeChild(rows[1]);
    index.removed([rows[1], rows[1]]);
    expect(index.rows().map((r) => r.getAttribute('id'))).toEqual(['R1', 'R3']);
    expect(index.positionOf(rows[2])).toBe(2);
  });

  it('rebuilds after invalidate() when rows changed behind its back', () => {
    const doc = parseXml(ordersWrs());
    const index = WrsIndex.of(doc);
    const data = index.data!;
    data.removeChild(index.rowById('R1')!);
    WrsIndex.invalidate(doc);
    expect(index.rowCount).toBe(2);
    expect(index.rowAt(1)!.getAttribute('id')).toBe('R2');
  });

  it('raises NOT_WRS for a document that is not a wrs:Wrs', () => {
    expect(() => WrsIndex.of(parseXml('<x/>'))).toThrowMatching((e) => e instanceof WrsError && e.code === 'NOT_WRS');
    expect(WrsIndex.tryOf(parseXml('<x/>'))).toBeNull();
  });

  it('raises NOT_WRS naming the value for a header whose positions or ids are not distinct, or not whole numbers from 1', () => {
    const header = (columns: string) =>
      parseXml(`<wrs:Wrs xmlns:wrs="http://www.businesscode.de/schema/bcdui/wrs-1.0.0"><wrs:Header><wrs:Columns>${columns}</wrs:Columns></wrs:Header><wrs:Data/></wrs:Wrs>`);
    const raised = (columns: string) => {
      try {
        WrsIndex.of(header(columns)).columns();
        return null;
      } catch (e) {
        return e instanceof WrsError ? [e.code, e.input] : e;
      }
    };
    expect(raised('<wrs:C id="a" pos="1"/><wrs:C id="b" pos="1"/>')).toEqual(['NOT_WRS', '1']);
    expect(raised('<wrs:C id="a" pos="-3"/>')).toEqual(['NOT_WRS', '-3']);
    expect(raised('<wrs:C id="a" pos="1.5"/>')).toEqual(['NOT_WRS', '1.5']);
    expect(raised('<wrs:C id="a" pos="x"/>')).toEqual(['NOT_WRS', 'x']);
    expect(raised('<wrs:C id="a" pos="1"/><wrs:C id="a" pos="2"/>')).toEqual(['NOT_WRS', 'a']);
    expect(raised('<wrs:C id="a" pos="2"/><wrs:C id="b" pos="1"/>')).toBeNull();
    expect(raised('<wrs:C id="a"/><wrs:C id="b"/>')).toBeNull();
  });
});
