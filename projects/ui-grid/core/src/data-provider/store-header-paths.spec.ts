import { domName } from '../../testing/fixtures';
import { domDump } from '../../testing/dom-dump';
import { parseXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { StaticModel } from './static-model';
import { WrsTextLoad } from './wrs-text-load';

const F = 'http://www.businesscode.de/schema/bcdui/filter-1.0.0';

function wrs(rows: number): string {
  let data = '';
  for (let r = 1; r <= rows; r++) data += `<wrs:R id="R${r}"><wrs:C>a${r}</wrs:C><wrs:C>${r}</wrs:C></wrs:R>`;
  return `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="a"/><wrs:C pos="2" id="n"/></wrs:Columns></wrs:Header><wrs:Data>${data}</wrs:Data></wrs:Wrs>`;
}

describe(`XPath access and change sets of a provider whose rows are in a row store (${domName()})`, () => {
  let storeMinLength = 0;
  beforeAll(() => {
    storeMinLength = WrsTextLoad.storeMinLength;
    WrsTextLoad.storeMinLength = 1_000;
  });
  afterAll(() => (WrsTextLoad.storeMinLength = storeMinLength));

  function loaded(): StaticModel {
    const model = new StaticModel({ data: wrs(200) });
    void model.execute();
    expect(model.getRowStore()?.materialized).toBeFalse();
    return model;
  }

  it('reads, writes and tracks paths that stay out of wrs:Data without building the rows', () => {
    const model = loaded();
    const seen: number[] = [];
    model.onChange({ callback: (cs) => seen.push(cs.sequence), trackingXPath: '/*/f:Filter' });
    expect(model.read('/*/wrs:Header/wrs:Columns/wrs:C[@id="n"]/@pos')).toBe('2');
    model.write(`/*/f:Filter/f:Expression[@bRef='n' and @op='=']/@value`, '7', true);
    expect(seen).toEqual([1]);
    expect(model.getRowStore()!.materialized).withContext("after write").toBeFalse();
    expect(model.read(`/*/f:Filter/f:Expression/@value`)).toBe('7');
    expect(model.queryNodes('/*/f:Filter/*').length).toBe(1);
    model.remove('/*/f:Filter', true);
    expect(seen).toEqual([1, 2]);
    // A change set naming rows only (what the grid fires for writes on entries) builds nothing either.
    model.noteChange([], ['R3']);
    model.fire();
    expect(seen).toEqual([1, 2]);
    expect(model.getRowStore()!.materialized).toBeFalse();
    // Built now, the filter written before is where a document-first write puts it: after wrs:Data.
    model.write(`/*/f:Filter/f:Expression[@bRef='n' and @op='=']/@value`, '8', true);
    const root = model.getData()!.documentElement;
    expect((root.lastChild as Element).namespaceURI).toBe(F);
    expect(model.read('/*/wrs:Data/wrs:R[200]/wrs:C[2]')).toBe('200');
  });

  it('builds the document for a path that may reach a row, and the rows come after what the header paths wrote', () => {
    const model = loaded();
    model.write(`/*/wrs:Header/wrs:Note`, 'kept', false);
    expect(model.getRowStore()!.materialized).toBeFalse();
    for (const path of ['/*/wrs:Data/wrs:R[2]/wrs:C[1]', '/*/*/wrs:R[2]/wrs:C[1]', '//wrs:R[2]/wrs:C[1]', '/*']) {
      const other = loaded();
      expect(other.queryNodes(path).length).withContext(path).toBe(1);
      expect(other.getRowStore()!.materialized).withContext(path).toBeTrue();
    }
    expect(model.read('/*/wrs:Data/wrs:R[2]/wrs:C[1]')).toBe('a2');
    expect(model.getRowStore()!.materialized).toBeTrue();
    const expected = parseXml(wrs(200));
    const note = expected.createElementNS(NS.wrs, 'wrs:Note');
    note.textContent = 'kept';
    expected.documentElement.firstChild!.appendChild(note);
    expect(domDump(model.getData()!).join('\n')).toBe(domDump(expected).join('\n'));
  });
});
