import { WrsError } from '../errors';
import { serializeXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { domName } from '../../testing/fixtures';
import { parseFilterExpression } from './filter-expression';

/** The filter tree in a compact form: And(...), Or(...), bRef op 'value'. */
function tree(el: Element): string {
  if (el.localName === 'Expression') return `${el.getAttribute('bRef')} ${el.getAttribute('op')} '${el.getAttribute('value')}'`;
  const items: string[] = [];
  for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) items.push(tree(c as Element));
  return `${el.localName}(${items.join(', ')})`;
}

function parsed(expression: string, params?: Record<string, string | number | string[]>): string {
  const doc = parseFilterExpression(expression, params);
  expect(doc.documentElement.namespaceURI).toBe(NS.f);
  return tree(doc.documentElement);
}

function failure(expression: string, params?: Record<string, unknown>): WrsError {
  try {
    parseFilterExpression(expression, params as Parameters<typeof parseFilterExpression>[1]);
  } catch (e) {
    return e as WrsError;
  }
  throw new Error('expected an error');
}

describe(`parseFilterExpression (${domName()})`, () => {
  it('builds f:And / f:Or / f:Expression under a root f:And, and binding tighter than or', () => {
    expect(parsed("a = 'x' and b > 2 or c <= 3")).toBe("And(Or(And(a = 'x', b > '2'), c <= '3'))");
    expect(parsed("a = 'x' and (b != 'y' or c <> 'z')")).toBe("And(a = 'x', Or(b != 'y', c <> 'z'))");
    expect(parsed('a >= 1')).toBe("And(a >= '1')");
    expect(parsed('')).toBe('And()');
  });

  it('knows every operator, like and in lists, keywords in any case', () => {
    expect(parsed("a<1 AND b>=2 And c like 'A*' OR d IN ('x', \"y\", 3)")).toBe(
      "And(Or(And(a < '1', b >= '2', c like 'A*'), d in 'x,y,3'))",
    );
  });

  it('reads single- and double-quoted strings with escaped and doubled quotes', () => {
    expect(parsed(`name = 'O\\'Neil' and n = "say \\"hi\\"" and m = 'it''s'`)).toBe(
      `And(name = 'O'Neil', n = 'say "hi"', m = 'it's')`,
    );
  });

  it('fills :name placeholders from params, an array filling an in list', () => {
    expect(parsed('a = :v and b in :list', { v: "o'k", list: ['1', '2'] })).toBe("And(a = 'o'k', b in '1,2')");
    const e = failure('a = :missing', {});
    expect(e.code).toBe('PLACEHOLDER_MISSING');
    expect(e.input).toBe('missing');
  });

  it('takes a single value for an in placeholder, and null as IS NULL (an empty @value) for the others', () => {
    expect(parsed('a in :v and b = :n', { v: 'x', n: null as unknown as string })).toBe("And(a in 'x', b = '')");
  });

  it('refuses placeholder values the filter format cannot hold, naming the placeholder and its position', () => {
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ['a = :v', { v: undefined }, 'PLACEHOLDER_MISSING', /no value for :v at position 5/],
      ['a in :v', { v: [] }, 'INVALID_ARGUMENT', /:v at position 6 is an empty list/],
      ['a in :v', { v: ['x', 'y,z'] }, 'INVALID_ARGUMENT', /cannot hold ","/],
      ["a in ('x', 'y,z')", {}, 'INVALID_ARGUMENT', /holds "y,z"/],
      ['a = :v', { v: ['x', 'y'] }, 'INVALID_ARGUMENT', /holds a list; only "in" takes one/],
      ['a = :v', { v: { x: 1 } }, 'INVALID_ARGUMENT', /must be a string, number, boolean, null or a list/],
      ['a in :v', { v: ['x', null] }, 'INVALID_ARGUMENT', /must be a string, number, boolean, null or a list/],
    ];
    for (const [expression, params, code, message] of cases) {
      const e = failure(expression, params);
      expect(e.code).withContext(expression).toBe(code);
      expect(e.message).withContext(expression).toMatch(message);
    }
  });

  it('raises FILTER_SYNTAX naming the position and what was expected', () => {
    const cases: [string, number, RegExp][] = [
      ["a = 'x' and", 12, /column name/],
      ["a 'x'", 3, /operator/],
      ["(a = 'x'", 9, /"\)"/],
      ["a = 'x", 7, /closing '/],
      ["a = 'x' b = 1", 9, /"and", "or"/],
      ['a = ', 5, /quoted string/],
      ['a = 1 # b', 7, /column name, operator/],
    ];
    for (const [expression, position, expected] of cases) {
      const e = failure(expression);
      expect(e).toEqual(jasmine.any(WrsError));
      expect(e.code).withContext(expression).toBe('FILTER_SYNTAX');
      expect(e.details?.['position']).withContext(expression).toBe(position);
      expect(e.message).withContext(expression).toMatch(expected);
      expect(e.message).toContain(`position ${position}`);
      expect(e.input).toBe(expression);
    }
  });

  it('raises FILTER_SYNTAX, not a stack overflow, past 256 nested parentheses', () => {
    const deep = '('.repeat(20_000) + 'a = 1' + ')'.repeat(20_000);
    const e = failure(deep);
    expect(e).toEqual(jasmine.any(WrsError));
    expect(e.code).toBe('FILTER_SYNTAX');
    expect(e.details?.['position']).toBe(257);
    expect(parseFilterExpression('('.repeat(256) + 'a = 1' + ')'.repeat(256)).documentElement.localName).toBe('And');
  });

  it('produces XML with the filter namespace', () => {
    expect(serializeXml(parseFilterExpression("a = 'x'"))).toContain(NS.f);
  });
});
