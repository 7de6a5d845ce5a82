import { WrsError } from '../errors';
import { parseXml } from '../xml/dom';
import { domName, ordersWrs } from '../../testing/fixtures';
import { WrsIndex } from './wrs-index';
import { cellValue, cellAt, markModified } from './row-states';

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
