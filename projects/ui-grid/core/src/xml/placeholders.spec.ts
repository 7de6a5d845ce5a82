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

  it('raises PLACEHOLDER_MISSING for a missing value or missing fillParams', () => {
    expect(() => fillPlaceholders("/a[@x='{{=it.nope}}']", { other: 1 })).toThrowMatching(
      (e) => e instanceof WrsError && e.code === 'PLACEHOLDER_MISSING' && e.input === "/a[@x='{{=it.nope}}']",
    );
    expect(() => fillPlaceholders("/a[@x='{{=it.v}}']")).toThrowMatching((e) => e instanceof WrsError && e.code === 'PLACEHOLDER_MISSING');
  });

  it('xpathLiteral quotes plain text and concat()s text with both quote kinds', () => {
    expect(xpathLiteral('abc')).toBe("'abc'");
    expect(xpathLiteral(`a'b"c`)).toBe(`concat('a', "'", 'b"c', '')`);
  });
});
