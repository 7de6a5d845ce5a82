import { WrsError } from '../errors';
import { fillPlaceholders, xpathLiteral } from './placeholders';

describe('dot placeholders (spec 4.4)', () => {
  it('fills {{=it.name}} from an object and {{=it[0]}} from an array', () => {
    expect(fillPlaceholders("/*/wrs:Data/*[@id='{{=it.rowId}}']/wrs:C[{{=it.pos}}]", { rowId: 'R7', pos: 3 })).toBe(
      "/*/wrs:Data/*[@id='R7']/wrs:C[3]",
    );
    expect(fillPlaceholders("/a[@x='{{=it[0]}}' and @y='{{=it[1]}}']", ['1', 'two'])).toBe("/a[@x='1' and @y='two']");
  });

  it("writes a value holding ' as concat() and drops the quotes around the placeholder", () => {
    expect(fillPlaceholders("wrs:C[1]='{{=it.v}}'", { v: "o'k" })).toBe(`wrs:C[1]=concat('o', "'", 'k', '')`);
  });

  it('handles a value with " inside double quotes the same way', () => {
    expect(fillPlaceholders('@a="{{=it.v}}"', { v: 'say "hi"' })).toBe(`@a=concat("say ", '"', "hi", '"', "", "")`);
  });

  it('leaves a template without placeholders unchanged, * included', () => {
    expect(fillPlaceholders('/*/wrs:Data/*[1]')).toBe('/*/wrs:Data/*[1]');
  });

  it('takes a literal {{ that starts no placeholder ({{= does) as text, without fillParams too', () => {
    expect(fillPlaceholders("/*/wrs:Data/*[wrs:C[1]='a{{b']")).toBe("/*/wrs:Data/*[wrs:C[1]='a{{b']");
    expect(fillPlaceholders("/*[@x='{{ }}']", {})).toBe("/*[@x='{{ }}']");
  });

  it('raises PLACEHOLDER_MISSING for a missing value or missing fillParams', () => {
    expect(() => fillPlaceholders("/a[@x='{{=it.nope}}']", { other: 1 })).toThrowMatching(
      (e) => e instanceof WrsError && e.code === 'PLACEHOLDER_MISSING' && e.input === "/a[@x='{{=it.nope}}']",
    );
    expect(() => fillPlaceholders("/a[@x='{{=it.v}}']")).toThrowMatching((e) => e instanceof WrsError && e.code === 'PLACEHOLDER_MISSING');
  });

  it('writes a literal holding a placeholder and other text as one literal of its whole text', () => {
    expect(fillPlaceholders("/*/wrs:Data/*[@id='I_{{=it.v}}']", { v: "1'2" })).toBe(`/*/wrs:Data/*[@id=concat('I_1', "'", '2', '')]`);
    expect(fillPlaceholders(`@a="x{{=it.v}}y"`, { v: 'b"c' })).toBe(`@a=concat("xb", '"', "cy", "")`);
    expect(fillPlaceholders("@a='{{=it.v}}-{{=it.w}}' and @b={{=it.n}}", { v: 'p', w: "q'r", n: 5 })).toBe(`@a=concat('p-q', "'", 'r', '') and @b=5`);
    expect(fillPlaceholders("@a='{{=it['k']}}'", { k: 'x' })).toBe("@a='x'");
  });

  it('finds own properties only: a prototype member is no value', () => {
    expect(() => fillPlaceholders("/a[@x='{{=it.constructor}}']", {})).toThrowMatching((e) => e instanceof WrsError && e.code === 'PLACEHOLDER_MISSING');
    expect(() => fillPlaceholders("/a[@x='{{=it.toString}}']", [])).toThrowMatching((e) => e instanceof WrsError && e.code === 'PLACEHOLDER_MISSING');
    expect(fillPlaceholders('/a[{{=it[1]}}]', ['x', 2])).toBe('/a[2]');
    for (const template of ['/a[{{=it.length}}]', "/a[@x='{{=it['length']}}']", '/a[{{=it[2]}}]']) {
      expect(() => fillPlaceholders(template, ['x', 2])).withContext(template).toThrowMatching(
        (e) => e instanceof WrsError && e.code === 'PLACEHOLDER_MISSING' && e.input === template,
      );
    }
    expect(fillPlaceholders('/a[@x={{=it.v.length}}]', { v: { length: 4 } })).toBe('/a[@x=4]');
  });

  it('takes a number or a name outside quotes and refuses any other value there, and objects anywhere', () => {
    expect(fillPlaceholders('/*/wrs:Data/*[{{=it.pos}}]/{{=it.el}}[{{=it.n}}]', { pos: 9, el: 'wrs:C', n: '-1.5' })).toBe('/*/wrs:Data/*[9]/wrs:C[-1.5]');
    const refused = (template: string, params: Record<string, unknown>) => {
      try {
        fillPlaceholders(template, params);
        return null;
      } catch (e) {
        return e instanceof WrsError ? e.code : 'other';
      }
    };
    expect(refused('/*/wrs:Data/*[{{=it.pos}}]/wrs:C[1]', { pos: '9] | /*/wrs:Header/wrs:Columns/wrs:C[1]/@id | /x[1' })).toBe('INVALID_ARGUMENT');
    expect(refused('/*/wrs:Data/*[{{=it.pos}}]', { pos: '1 or true()' })).toBe('INVALID_ARGUMENT');
    expect(refused("/*[@id='{{=it.v}}']", { v: { toString: () => 'x' } })).toBe('INVALID_ARGUMENT');
    expect(refused("/*[@id='{{=it.v}}']", { v: ['a', 'b'] })).toBe('INVALID_ARGUMENT');
    expect(fillPlaceholders("/*[@id='{{=it.v}}']", { v: '9] | /x' })).toBe("/*[@id='9] | /x']");
  });

  it('writes a number as XPath 1.0 does, without an exponent, and refuses NaN and the infinities', () => {
    const fill = (n: number) => fillPlaceholders('/*/wrs:Data/*/wrs:C[. > {{=it.n}}]', { n });
    expect(fill(1e-7)).toBe('/*/wrs:Data/*/wrs:C[. > 0.0000001]');
    expect(fill(-2.5e-7)).toBe('/*/wrs:Data/*/wrs:C[. > -0.00000025]');
    expect(fill(1e21)).toBe('/*/wrs:Data/*/wrs:C[. > 1000000000000000000000]');
    expect(fill(-1.25e22)).toBe('/*/wrs:Data/*/wrs:C[. > -12500000000000000000000]');
    expect(fill(123.5)).toBe('/*/wrs:Data/*/wrs:C[. > 123.5]');
    expect(() => fill(Number.NaN)).toThrowMatching((e) => e instanceof WrsError && e.code === 'INVALID_ARGUMENT');
    expect(() => fill(Number.POSITIVE_INFINITY)).toThrowMatching((e) => e instanceof WrsError && e.code === 'INVALID_ARGUMENT');
  });

  it('xpathLiteral quotes plain text and concat()s text with both quote kinds', () => {
    expect(xpathLiteral('abc')).toBe("'abc'");
    expect(xpathLiteral(`a'b"c`)).toBe(`concat('a', "'", 'b"c', '')`);
  });
});
