import { NS, WrsBackend, WrsError, WrsIndex, cellAt, cellValue, parseXml, serializeXml } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../../core/testing/fixtures';
import { carryPendingRows, countRequest, loadTotalRows, pageRequest, pendingRows } from './server-pages';

const REQUEST = () =>
  parseXml(`<wrq:WrsRequest xmlns:wrq="${NS.wrq}" xmlns:f="${NS.f}"><wrq:Select><wrq:Columns><wrq:C bRef="a"/><wrq:C bRef="b"/></wrq:Columns><wrq:From><wrq:BindingSet>t</wrq:BindingSet></wrq:From><f:Filter><f:Expression bRef="a" op="=" value="1"/></f:Filter><wrq:Ordering><wrq:C bRef="a" order="asc"/></wrq:Ordering></wrq:Select></wrq:WrsRequest>`);

describe('server-side pages', () => {
  it('asks for a page with rowStart/rowEnd', () => {
    const out = serializeXml(pageRequest(REQUEST(), 2, 20));
    expect(out).toContain('<wrq:Select rowStart="41" rowEnd="60">');
  });

  it('asks for the total row count with the same filter, no order and no page', () => {
    const out = serializeXml(countRequest(pageRequest(REQUEST(), 1, 10)));
    expect(out).toContain('<wrq:Select><wrq:Columns><wrq:C aggr="count" id="count"/></wrq:Columns>');
    expect(out).toContain('<f:Expression bRef="a" op="=" value="1"/>');
    expect(out).not.toContain('Ordering');
    expect(out).not.toContain('rowStart');
  });

  it('reads the count answer, refusing one without a count', async () => {
    const backend = (answer: string): WrsBackend => ({ load: async () => parseXml(answer), save: async () => undefined, nextIdentifier: async () => 1 });
    expect(await loadTotalRows(backend(wrsText([{ id: 'count', type: 'INTEGER' }], [['1234']])), REQUEST(), { url: 'u' })).toBe(1234);
    await expectAsync(loadTotalRows(backend(wrsText([{ id: 'count' }], [])), REQUEST(), { url: 'u' })).toBeRejectedWith(jasmine.any(WrsError));
  });

  it('carries pending rows into the next page: rows on it replaced, the others appended and reported', () => {
    const page1 = parseXml(wrsText([{ id: 'a' }], [['x'], ['y']]));
    const r1 = WrsIndex.of(page1).rowById('R1')!;
    r1.parentNode!.replaceChild(parseXml(`<wrs:M xmlns:wrs="${NS.wrs}" id="R1"><wrs:C>x2</wrs:C><wrs:O>x</wrs:O></wrs:M>`).documentElement!, r1);
    WrsIndex.of(page1).invalidate();
    const pending = pendingRows(page1);
    expect(pending.map((r) => r.getAttribute('id'))).toEqual(['R1']);
    const page2 = parseXml(wrsText([{ id: 'a' }], [['x'], ['y']]).replace(/R2/g, 'R9').replace(/R1/g, 'R8'));
    const foreign = carryPendingRows(page2, pending);
    expect([...foreign]).toEqual(['R1']);
    expect(WrsIndex.of(page2).rows().map((r) => `${r.localName}${r.getAttribute('id')}`)).toEqual(['RR8', 'RR9', 'MR1']);
    const page1Again = parseXml(wrsText([{ id: 'a' }], [['x'], ['y']]));
    expect(carryPendingRows(page1Again, pending).size).toBe(0);
    expect(WrsIndex.of(page1Again).rowById('R1')!.localName).toBe('M');
  });

  it('tells the id each carried row has in the page, and only looks for R rows (the undo history\'s) without carrying them', () => {
    const columns = [{ id: 'k', isKey: true }, { id: 'v' }];
    const page1 = parseXml(wrsText(columns, [['1', 'one'], ['2', 'two']]));
    const r1 = WrsIndex.of(page1).rowById('R1')!;
    r1.parentNode!.replaceChild(parseXml(`<wrs:M xmlns:wrs="${NS.wrs}" id="R1"><wrs:C>1</wrs:C><wrs:O>1</wrs:O><wrs:C>uno</wrs:C><wrs:O>one</wrs:O></wrs:M>`).documentElement!, r1);
    WrsIndex.of(page1).invalidate();
    const history = [WrsIndex.of(page1).rowById('R2')!];
    // The next answer numbers the same rows R7 and R8, and holds a row R1 of its own.
    const page2 = parseXml(wrsText(columns, [['3', 'three'], ['2', 'two']]).replace('id="R2"', 'id="R8"'));
    const ids = new Map<string, string>();
    expect([...carryPendingRows(page2, [...pendingRows(page1), ...history], undefined, ids)]).toEqual(['R1_1']);
    expect([...ids]).toEqual([['R1', 'R1_1'], ['R2', 'R8']]);
    expect(WrsIndex.of(page2).rows().map((r) => `${r.localName}${r.getAttribute('id')}`)).toEqual(['RR1', 'RR8', 'MR1_1']);
    const page3 = parseXml(wrsText(columns, [['4', 'four']]));
    ids.clear();
    carryPendingRows(page3, history, undefined, ids);
    expect(ids.size).toBe(0);
    expect(WrsIndex.of(page3).rowCount).toBe(1);
  });

  it('matches carried rows by their original key: a filtered or sorted answer numbers its ids anew', () => {
    const columns = [{ id: 'k', isKey: true }, { id: 'v' }];
    const loaded = parseXml(wrsText(columns, [['1', 'one'], ['2', 'two'], ['3', 'three']]));
    const r1 = WrsIndex.of(loaded).rowById('R1')!;
    r1.parentNode!.replaceChild(parseXml(`<wrs:M xmlns:wrs="${NS.wrs}" id="R1"><wrs:C>1</wrs:C><wrs:O>1</wrs:O><wrs:C>uno</wrs:C><wrs:O>one</wrs:O></wrs:M>`).documentElement!, r1);
    const r3 = WrsIndex.of(loaded).rowById('R3')!;
    r3.parentNode!.replaceChild(parseXml(`<wrs:M xmlns:wrs="${NS.wrs}" id="R3"><wrs:C>33</wrs:C><wrs:O>3</wrs:O><wrs:C>three</wrs:C><wrs:O>three</wrs:O></wrs:M>`).documentElement!, r3);
    WrsIndex.of(loaded).invalidate();
    const pending = pendingRows(loaded);
    // The answer sorted by v descending: R1 is key 2 now, R2 key 3, R3 key 1.
    const sorted = parseXml(wrsText(columns, [['2', 'two'], ['3', 'three'], ['1', 'one']]));
    expect(carryPendingRows(sorted, pending).size).toBe(0);
    const shown = (doc: Document) =>
      WrsIndex.of(doc).rows().map((r) => `${r.localName} ${r.getAttribute('id')} ${[1, 2].map((p) => cellValue(cellAt(r, p)!)).join(' ')}`);
    expect(shown(sorted)).toEqual(['R R1 2 two', 'M R2 33 three', 'M R3 1 uno']);
    // A filter leaving key 1 out: its pending row is appended under a free id, or left out when `keep` says so.
    const filtered = parseXml(wrsText(columns, [['2', 'two'], ['3', 'three']]));
    expect([...carryPendingRows(filtered, pending)]).toEqual(['R1_1']);
    expect(WrsIndex.of(filtered).rows().map((r) => `${r.localName}${r.getAttribute('id')}`)).toEqual(['RR1', 'MR2', 'MR1_1']);
    const kept = parseXml(wrsText(columns, [['2', 'two'], ['3', 'three']]));
    expect(carryPendingRows(kept, pending, () => false).size).toBe(0);
    expect(WrsIndex.of(kept).rows().map((r) => r.localName)).toEqual(['R', 'M']);
  });
});
