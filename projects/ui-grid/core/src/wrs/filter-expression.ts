import { WrsError } from '../errors';
import { createDocument } from '../xml/dom';
import { NS } from '../xml/namespaces';

/** Values for the `:name` placeholders of a filter expression; an array value fills an `in` list. */
export type FilterParams = Record<string, string | number | boolean | null | readonly (string | number)[]>;

type Token =
  | { kind: 'name'; text: string; at: number }
  | { kind: 'op'; text: string; at: number }
  | { kind: 'string'; text: string; at: number }
  | { kind: 'number'; text: string; at: number }
  | { kind: 'param'; text: string; at: number }
  | { kind: '(' | ')' | ','; text: string; at: number }
  | { kind: 'end'; text: string; at: number };

type FilterNode =
  | { kind: 'and' | 'or'; items: FilterNode[] }
  | { kind: 'expr'; bRef: string; op: string; value: string };

const COMPARISON = ['<=', '>=', '<>', '!=', '=', '<', '>'];
const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[\w.]/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/;

/** Deepest nesting of parentheses `parseFilterExpression` reads. */
const MAX_NESTING = 256;

function syntaxError(expression: string, at: number, expected: string, found: string): WrsError {
  return new WrsError(
    'FILTER_SYNTAX',
    `Filter expression: expected ${expected} at position ${at + 1}, found ${found}`,
    expression,
    { position: at + 1, expected },
  );
}

function describe(token: Token): string {
  return token.kind === 'end' ? 'the end of the expression' : `"${token.text}"`;
}

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < expression.length) {
    const ch = expression[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const at = i;
    if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ kind: ch, text: ch, at });
      i++;
    } else if (ch === "'" || ch === '"') {
      let text = '';
      i++;
      for (;;) {
        if (i >= expression.length) throw syntaxError(expression, i, `a closing ${ch}`, 'the end of the expression');
        const c = expression[i];
        if (c === '\\' && i + 1 < expression.length) {
          text += expression[i + 1];
          i += 2;
        } else if (c === ch && expression[i + 1] === ch) {
          text += ch;
          i += 2;
        } else if (c === ch) {
          i++;
          break;
        } else {
          text += c;
          i++;
        }
      }
      tokens.push({ kind: 'string', text, at });
    } else if (ch === ':') {
      let j = i + 1;
      while (j < expression.length && /\w/.test(expression[j])) j++;
      if (j === i + 1) throw syntaxError(expression, i + 1, 'a placeholder name after ":"', `"${expression[i + 1] ?? ''}"`);
      tokens.push({ kind: 'param', text: expression.slice(i + 1, j), at });
      i = j;
    } else if (NAME_START.test(ch)) {
      let j = i + 1;
      while (j < expression.length && NAME_PART.test(expression[j])) j++;
      tokens.push({ kind: 'name', text: expression.slice(i, j), at });
      i = j;
    } else {
      const number = NUMBER.exec(expression.slice(i));
      const op = COMPARISON.find((o) => expression.startsWith(o, i));
      if (number) {
        tokens.push({ kind: 'number', text: number[0], at });
        i += number[0].length;
      } else if (op) {
        tokens.push({ kind: 'op', text: op, at });
        i += op.length;
      } else throw syntaxError(expression, i, 'a column name, operator, value or parenthesis', `"${ch}"`);
    }
  }
  tokens.push({ kind: 'end', text: '', at: expression.length });
  return tokens;
}

/** Recursive descent over `or` (lowest), `and`, then parentheses and comparisons. */
class FilterParser {
  private pos = 0;
  private depth = 0;

  constructor(
    private readonly expression: string,
    private readonly tokens: Token[],
    private readonly params: FilterParams,
  ) {}

  parse(): FilterNode {
    const node = this.or();
    const rest = this.peek();
    if (rest.kind !== 'end') throw syntaxError(this.expression, rest.at, '"and", "or" or the end of the expression', describe(rest));
    return node;
  }

  private peek(): Token {
    return this.tokens[this.pos];
  }

  private isKeyword(token: Token, word: string): boolean {
    return token.kind === 'name' && token.text.toLowerCase() === word;
  }

  private or(): FilterNode {
    const items = [this.and()];
    while (this.isKeyword(this.peek(), 'or')) {
      this.pos++;
      items.push(this.and());
    }
    return items.length === 1 ? items[0] : { kind: 'or', items };
  }

  private and(): FilterNode {
    const items = [this.primary()];
    while (this.isKeyword(this.peek(), 'and')) {
      this.pos++;
      items.push(this.primary());
    }
    return items.length === 1 ? items[0] : { kind: 'and', items };
  }

  private primary(): FilterNode {
    const token = this.peek();
    if (token.kind === '(') {
      // Parentheses nest by recursion: a limit turns 20,000 of them into a syntax error, not a stack overflow.
      if (++this.depth > MAX_NESTING) throw syntaxError(this.expression, token.at, `at most ${MAX_NESTING} nested parentheses`, describe(token));
      this.pos++;
      const inner = this.or();
      this.expect(')', '")"');
      this.depth--;
      return inner;
    }
    if (token.kind !== 'name' || this.isKeyword(token, 'and') || this.isKeyword(token, 'or')) {
      throw syntaxError(this.expression, token.at, 'a column name or "("', describe(token));
    }
    this.pos++;
    const opToken = this.peek();
    if (this.isKeyword(opToken, 'like')) {
      this.pos++;
      return { kind: 'expr', bRef: token.text, op: 'like', value: this.value() };
    }
    if (this.isKeyword(opToken, 'in')) {
      this.pos++;
      return { kind: 'expr', bRef: token.text, op: 'in', value: this.list() };
    }
    if (opToken.kind !== 'op') {
      throw syntaxError(this.expression, opToken.at, 'an operator (= != <> < <= > >= like in)', describe(opToken));
    }
    this.pos++;
    return { kind: 'expr', bRef: token.text, op: opToken.text, value: this.value() };
  }

  private expect(kind: Token['kind'], what: string): Token {
    const token = this.peek();
    if (token.kind !== kind) throw syntaxError(this.expression, token.at, what, describe(token));
    this.pos++;
    return token;
  }

  private value(): string {
    const token = this.peek();
    if (token.kind === 'string' || token.kind === 'number') {
      this.pos++;
      return token.text;
    }
    if (token.kind === 'param') {
      this.pos++;
      const v = this.param(token);
      if (Array.isArray(v)) {
        throw new WrsError('INVALID_ARGUMENT', `Filter expression: :${token.text} at position ${token.at + 1} holds a list; only "in" takes one`, v, {
          position: token.at + 1,
        });
      }
      return v === null ? '' : String(v);
    }
    throw syntaxError(this.expression, token.at, 'a quoted string, a number or a :placeholder', describe(token));
  }

  /**
   * `in` takes `(v1, v2, ...)` or one placeholder (a list or a single value); the values are joined with commas as
   * `f:Expression/@value` holds them. That format has no escape: a value holding a comma would be read back as two
   * values, and an empty list as IS NULL, so both are refused.
   */
  private list(): string {
    const token = this.peek();
    let values: string[];
    if (token.kind === 'param') {
      this.pos++;
      const v = this.param(token);
      values = Array.isArray(v) ? v.map(String) : [v === null ? '' : String(v)];
      if (values.length === 0) {
        throw new WrsError('INVALID_ARGUMENT', `Filter expression: :${token.text} at position ${token.at + 1} is an empty list; "in" needs at least one value`, v, {
          position: token.at + 1,
        });
      }
    } else {
      this.expect('(', '"(" or a :placeholder after "in"');
      values = [this.value()];
      while (this.peek().kind === ',') {
        this.pos++;
        values.push(this.value());
      }
      this.expect(')', '"," or ")"');
    }
    const withComma = values.find((v) => v.includes(','));
    if (withComma !== undefined) {
      throw new WrsError('INVALID_ARGUMENT', `Filter expression: the "in" list at position ${token.at + 1} holds ${JSON.stringify(withComma)}; a value of an in list cannot hold ","`, withComma, {
        position: token.at + 1,
      });
    }
    return values.join(',');
  }

  private param(token: Token): FilterParams[string] {
    const value = Object.prototype.hasOwnProperty.call(this.params, token.text) ? this.params[token.text] : undefined;
    if (value === undefined) {
      throw new WrsError('PLACEHOLDER_MISSING', `Filter expression: no value for :${token.text} at position ${token.at + 1}`, token.text, {
        position: token.at + 1,
      });
    }
    const plain = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
    if (Array.isArray(value) ? !value.every((v) => v !== null && plain(v)) : !plain(value)) {
      throw new WrsError('INVALID_ARGUMENT', `Filter expression: :${token.text} at position ${token.at + 1} must be a string, number, boolean, null or a list of strings and numbers`, value, {
        position: token.at + 1,
      });
    }
    return value;
  }
}

function append(doc: Document, parent: Element, node: FilterNode): void {
  if (node.kind === 'expr') {
    const e = parent.appendChild(doc.createElementNS(NS.f, 'f:Expression'));
    e.setAttribute('bRef', node.bRef);
    e.setAttribute('op', node.op);
    e.setAttribute('value', node.value);
    return;
  }
  const name = node.kind === 'and' ? 'f:And' : 'f:Or';
  // An and inside an and (or an or inside an or) adds nothing: its items join the parent.
  const target = parent.localName === name.slice(2) ? parent : parent.appendChild(doc.createElementNS(NS.f, name));
  for (const item of node.items) append(doc, target, item);
}

/**
 * Parses a filter expression such as `country = 'DE' and (qty >= :min or name like 'A*')` into a filter document
 * with root `f:And` (spec 4.3, filter-1.0.0). `and` binds tighter than `or`. A syntax error raises FILTER_SYNTAX
 * with the position and what was expected; an unknown placeholder raises PLACEHOLDER_MISSING.
 */
export function parseFilterExpression(expression: string, params: FilterParams = {}): Document {
  if (typeof expression !== 'string') throw new WrsError('INVALID_ARGUMENT', 'parseFilterExpression needs an expression string', expression);
  const tokens = tokenize(expression);
  const doc = createDocument();
  const root = doc.appendChild(doc.createElementNS(NS.f, 'f:And'));
  if (tokens.length === 1) return doc;
  append(doc, root, new FilterParser(expression, tokens, params ?? {}).parse());
  return doc;
}
