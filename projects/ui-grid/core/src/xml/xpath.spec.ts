import { StaticModel } from '../data-provider/static-model';
import { WrsError } from '../errors';
import { domName, ordersWrs } from '../../testing/fixtures';
import { parseXml } from './dom';
import { registerXPathEngine, xpathEngineFor } from './xpath-engine';

describe(`XPath evaluation (${domName()})`, () => {
  let model: StaticModel;
  beforeEach(() => {
    model = new StaticModel({ data: ordersWrs() });
    void model.execute();
  });

  it('uses the native evaluator on a browser document and fontoxpath on @xmldom/xmldom', () => {
    const engine = xpathEngineFor(parseXml('<x/>'));
    expect(engine.name).toBe(domName() === 'browser DOM' ? 'native' : 'fontoxpath');
  });

  it('evaluates natively without registration, and raises NO_XPATH_ENGINE naming the import for a document without evaluate()', () => {
    const doc = parseXml('<x/>');
    const registered = registerXPathEngine(null);
    try {
      if (domName() === 'browser DOM') expect(xpathEngineFor(doc).name).toBe('native');
      else {
        expect(() => model.read('count(/*/wrs:Data/wrs:R)')).toThrowMatching(
          (e) => e instanceof WrsError && e.code === 'NO_XPATH_ENGINE' && e.message.includes("import 'ngx-wrs-grid/core/xmldom';"),
        );
      }
    } finally {
      registerXPathEngine(registered);
    }
    expect(model.read('count(/*/wrs:Data/wrs:R)')).toBe('3');
  });

  it('resolves the pre-bound prefixes without declarations', () => {
    expect(model.queryNodes('/wrs:Wrs/wrs:Header/wrs:Columns/wrs:C').length).toBe(3);
    expect(model.read('/wrs:Wrs/wrs:Header/wrs:Columns/wrs:C[@id="qty"]/@type-name')).toBe('INTEGER');
  });

  it('evaluates general expressions through the engine: functions, counts, unions and axes', () => {
    expect(model.read('count(/*/wrs:Data/wrs:R)')).toBe('3');
    expect(model.read("string-length(/*/wrs:Data/*[@id='R1']/wrs:C[1])")).toBe('4');
    expect(model.queryNodes("/*/wrs:Data/*[@id='R1'] | /*/wrs:Data/*[@id='R3']").map((n) => (n as Element).getAttribute('id'))).toEqual(['R1', 'R3']);
    expect(model.read("/*/wrs:Data/*[wrs:C[2] > 4][1]/@id")).toBe('R2');
    expect(model.queryNodes('//wrs:null').length).toBe(1);
    expect(model.read("/*/wrs:Data/*[@id='R2']/preceding-sibling::*[1]/@id")).toBe('R1');
  });

  it('answers the same for the walker subset and the general engine', () => {
    const viaWalker = model.queryNodes("/*/wrs:Data/*[@id='R2']/wrs:C[2]");
    const viaEngine = model.queryNodes("/*/wrs:Data/*[@id='R2']/wrs:C[position()=2]");
    expect(viaWalker.length).toBe(1);
    expect(viaWalker[0]).toBe(viaEngine[0]);
    expect(model.read("/*/wrs:Data/wrs:R[wrs:C[1]='Bert' and wrs:C[3]='FR']/@id")).toBe('R2');
    expect(model.read('/*/wrs:Data/wrs:R[wrs:C[2]=7]/@id')).toBe('R3');
  });

  it('compares numbers as XPath 1.0 does in the walker too: 0x7, +7 and 7e0 are no 7, white space around is allowed', () => {
    model.write("/*/wrs:Data/*[@id='R1']/wrs:C[2]", '0x7');
    model.write("/*/wrs:Data/*[@id='R2']/wrs:C[2]", '+7');
    model.write("/*/wrs:Data/*[@id='R3']/wrs:C[2]", ' 7.0 ');
    // `write` finds its node with the library's own walker, on both DOMs.
    model.write('/*/wrs:Data/*[wrs:C=7]/wrs:C[1]', 'hit');
    expect(model.tblSelect().map((r) => r['name'])).toEqual(['Anna', 'Bert', 'hit']);
    model.write("/*/wrs:Data/*[@id='R3']/wrs:C[2]", '7e0');
    // Now no row holds 7: the path would have to be created, which a wildcard step cannot be.
    expect(() => model.write('/*/wrs:Data/*[wrs:C=7]/wrs:C[1]', 'again')).toThrowMatching((e) => e instanceof WrsError && e.code === 'XPATH_UNSUPPORTED');
    expect(model.tblSelect().map((r) => r['name'])).toEqual(['Anna', 'Bert', 'hit']);
  });

  it('gives node sets in document order (reverse axes too) and selected attributes as nodes to read, write and remove', () => {
    expect(model.queryNodes("/*/wrs:Data/*[@id='R3']/preceding-sibling::*").map((n) => (n as Element).getAttribute('id'))).toEqual(['R1', 'R2']);
    expect(model.read("/*/wrs:Data/*[@id='R3']/preceding-sibling::*/@id")).toBe('R1');
    expect(model.queryNodes("/*/wrs:Data/*[@id='R2']/ancestor::*").map((n) => (n as Element).localName)).toEqual(['Wrs', 'Data']);
    const ids = model.queryNodes('/*/wrs:Data/*[position() < 3]/@id');
    expect(ids.map((n) => [n.nodeType, n.nodeValue])).toEqual([[2, 'R1'], [2, 'R2']]);
    expect(model.read('/*/wrs:Data/*[position() < 3]/@id')).toBe('R1');
    model.write("/*/wrs:Data/*[@id='R3']/@x", 'y');
    model.write('/*/wrs:Data/*[last()]/@x', 'z');
    expect(model.read("/*/wrs:Data/*[@id='R3']/@x")).toBe('z');
    model.remove('/*/wrs:Data/*[last()]/@x');
    expect(model.query("/*/wrs:Data/*[@id='R3']/@x")).toBeNull();
    expect(model.read('count(/*/wrs:Data/*[position() < 3]/@id)')).toBe('2');
  });

  it('evaluates an expression once (a scalar is not tried as a node set first)', () => {
    const doc = model.getData()! as Document & { evaluate?: unknown };
    if (typeof doc.evaluate !== 'function') return;
    const spy = spyOn(Object.getPrototypeOf(doc), 'evaluate').and.callThrough();
    expect(model.read('count(/*/wrs:Data/*)')).toBe('3');
    expect(model.read("/*/wrs:Data/*[@id='R3']/preceding-sibling::*/@id")).toBe('R1');
    expect(spy.calls.count()).toBe(2);
  });

  it('reads the default when nothing matches, and null without a default', () => {
    expect(model.read("/*/wrs:Data/*[@id='nope']/wrs:C[1]", 'fallback')).toBe('fallback');
    expect(model.read("/*/wrs:Data/*[@id='nope']/wrs:C[1]", undefined, 'fb2')).toBe('fb2');
    expect(model.read("/*/wrs:Data/*[@id='nope']/wrs:C[1]")).toBeNull();
    expect(model.query('/*/wrs:Nothing')).toBeNull();
    expect(model.queryNodes('/*/wrs:Nothing')).toEqual([]);
  });

  it('raises XPATH_SYNTAX with the expression for malformed or hostile XPath', () => {
    for (const bad of ['/*/wrs:Data/*[', '/*/wrs:Data/*[@id=]', 'unknown:prefix/x', "/*/wrs:Data/*[@id='R1']]"]) {
      expect(() => model.queryNodes(bad)).toThrowMatching((e) => e instanceof WrsError && e.code === 'XPATH_SYNTAX' && e.input === bad);
    }
  });
});
