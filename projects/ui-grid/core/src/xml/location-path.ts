import { WrsError } from '../errors';
import { NS, namespaceUri } from './namespaces';

/**
 * The XPath subset that `write` can create and that the library evaluates itself (linear, index-aware):
 * child and attribute steps, `.`, `text()`, and predicates of equality conditions joined by `and` or a position.
 */
export interface NameTest {
  /** Namespace URI, null for no namespace; undefined with `*` means any namespace. */
  readonly ns: string | null | undefined;
  /** Local name, or '*' for any. */
  readonly local: string;
  /** The name as written, used to create the node. */
  readonly qname: string;
}

export type Operand =
  | { readonly kind: 'literal'; readonly value: string }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'path'; readonly steps: readonly RelStep[] };

export type RelStep =
  | { readonly axis: 'child'; readonly name: NameTest }
  | { readonly axis: 'attribute'; readonly name: NameTest }
  | { readonly axis: 'self' }
  | { readonly axis: 'text' };

export interface Condition {
  readonly left: Extract<Operand, { kind: 'path' }>;
  readonly right: Extract<Operand, { kind: 'literal' | 'number' }>;
}

export type Predicate =
  | { readonly kind: 'position'; readonly position: number }
  | { readonly kind: 'conditions'; readonly conditions: readonly Condition[] };

export type Step =
  | { readonly axis: 'child'; readonly name: NameTest; readonly predicates: readonly Predicate[] }
  | { readonly axis: 'attribute'; readonly name: NameTest }
  | { readonly axis: 'self' }
  | { readonly axis: 'text' };

export interface LocationPath {
  readonly absolute: boolean;
  readonly steps: readonly Step[];
}

type Token =
  | { t: 'name'; v: string; at: number }
  | { t: 'literal'; v: string; at: number }
  | { t: 'number'; v: number; at: number }
  | { t: 'op'; v: string; at: number };

const NAME = /[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*(?::(?:[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*|\*))?|\*/y;
const NUMBER = /\d+(?:\.\d*)?|\.\d+/y;

function tokenize(expr: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < expr.length) {
    const c = expr[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      const end = expr.indexOf(c, i + 1);
      if (end < 0) throw new WrsError('XPATH_SYNTAX', `Unterminated string literal at position ${i + 1} in "${expr}"`, expr);
      tokens.push({ t: 'literal', v: expr.slice(i + 1, end), at: i });
      i = end + 1;
      continue;
    }
    const two = expr.slice(i, i + 2);
    if (['//', '!=', '<=', '>=', '..', '::'].includes(two)) {
      tokens.push({ t: 'op', v: two, at: i });
      i += 2;
      continue;
    }
    NUMBER.lastIndex = i;
    const num = NUMBER.exec(expr);
    if (num && !(c === '.' && num[0] === '.')) {
      tokens.push({ t: 'number', v: Number(num[0]), at: i });
      i += num[0].length;
      continue;
    }
    NAME.lastIndex = i;
    const name = NAME.exec(expr);
    if (name) {
      tokens.push({ t: 'name', v: name[0], at: i });
      i += name[0].length;
      continue;
    }
    tokens.push({ t: 'op', v: c, at: i });
    i++;
  }
  return tokens;
}

/** Operators joining alternatives or node sets: `or`, and XPath 2+'s `union`, `intersect`, `except` (fontoxpath reads them). */
const SET_OPERATORS = new Set(['or', 'union', 'intersect', 'except']);
const DESCENDANT_AXES = new Set(['descendant', 'descendant-or-self']);

/**
 * Throws XPATH_AMBIGUOUS for expressions `write` must refuse (spec 4.5 rule 4): `//` and the descendant axes, `or`,
 * unions and the other set operators.
 */
export function assertUnambiguous(expr: string): void {
  let tokens: Token[];
  try {
    tokens = tokenize(expr);
  } catch {
    return;
  }
  for (let k = 0; k < tokens.length; k++) {
    const tok = tokens[k];
    const prev = tokens[k - 1];
    const afterOperand = prev && (prev.t === 'literal' || prev.t === 'number' || (prev.t === 'op' && (prev.v === ']' || prev.v === ')')) || prev?.t === 'name');
    if (tok.t === 'op' && (tok.v === '//' || tok.v === '|')) {
      throw new WrsError('XPATH_AMBIGUOUS', `XPath "${expr}" is ambiguous for write: "${tok.v}" at position ${tok.at + 1}`, expr);
    }
    if (tok.t === 'name' && SET_OPERATORS.has(tok.v) && afterOperand) {
      throw new WrsError('XPATH_AMBIGUOUS', `XPath "${expr}" is ambiguous for write: "${tok.v}" at position ${tok.at + 1}`, expr);
    }
    // `descendant::` and `descendant-or-self::` are `//` spelled out.
    if (tok.t === 'name' && DESCENDANT_AXES.has(tok.v) && tokens[k + 1]?.t === 'op' && tokens[k + 1].v === '::') {
      throw new WrsError('XPATH_AMBIGUOUS', `XPath "${expr}" is ambiguous for write: "${tok.v}::" at position ${tok.at + 1}`, expr);
    }
  }
}

function nameTest(qname: string): NameTest {
  if (qname === '*') return { ns: undefined, local: '*', qname };
  const colon = qname.indexOf(':');
  if (colon < 0) return { ns: null, local: qname, qname };
  const prefix = qname.slice(0, colon);
  const ns = namespaceUri(prefix);
  if (ns === null) throw new WrsError('XPATH_SYNTAX', `Unknown namespace prefix "${prefix}" in "${qname}"`, qname);
  return { ns, local: qname.slice(colon + 1), qname };
}

class Parser {
  private k = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.k + offset];
  }
  private isOp(v: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t?.t === 'op' && t.v === v;
  }
  private next(): Token | undefined {
    return this.tokens[this.k++];
  }
  done(): boolean {
    return this.k >= this.tokens.length;
  }

  path(): LocationPath | null {
    let absolute = false;
    if (this.isOp('/')) {
      absolute = true;
      this.next();
      if (this.done()) return { absolute, steps: [] };
    }
    const steps: Step[] = [];
    for (;;) {
      const step = this.step();
      if (!step) return null;
      steps.push(step);
      if (this.isOp('/')) {
        this.next();
        continue;
      }
      break;
    }
    return { absolute, steps };
  }

  private step(): Step | null {
    const rel = this.relStep();
    if (!rel) return null;
    if (rel.axis !== 'child') return rel;
    const predicates: Predicate[] = [];
    while (this.isOp('[')) {
      this.next();
      const predicate = this.predicate();
      if (!predicate || !this.isOp(']')) return null;
      this.next();
      predicates.push(predicate);
    }
    return { axis: 'child', name: rel.name, predicates };
  }

  private relStep(): RelStep | null {
    const t = this.peek();
    if (!t) return null;
    if (t.t === 'op' && t.v === '.') {
      this.next();
      return { axis: 'self' };
    }
    if (t.t === 'op' && t.v === '@') {
      this.next();
      const n = this.next();
      if (n?.t !== 'name') return null;
      return { axis: 'attribute', name: nameTest(n.v) };
    }
    if (t.t === 'name') {
      if (this.isOp('(', 1)) {
        if (t.v === 'text' && this.isOp(')', 2)) {
          this.k += 3;
          return { axis: 'text' };
        }
        return null;
      }
      if (this.isOp('::', 1)) return null;
      this.next();
      return { axis: 'child', name: nameTest(t.v) };
    }
    return null;
  }

  private predicate(): Predicate | null {
    const t = this.peek();
    if (t?.t === 'number' && this.isOp(']', 1)) {
      this.next();
      return Number.isInteger(t.v) && t.v >= 1 ? { kind: 'position', position: t.v } : null;
    }
    const conditions: Condition[] = [];
    for (;;) {
      const condition = this.condition();
      if (!condition) return null;
      conditions.push(condition);
      const and = this.peek();
      if (and?.t === 'name' && and.v === 'and') {
        this.next();
        continue;
      }
      return { kind: 'conditions', conditions };
    }
  }

  private condition(): Condition | null {
    const first = this.operand();
    if (!first || !this.isOp('=')) return null;
    this.next();
    const second = this.operand();
    if (!second) return null;
    if (first.kind === 'path' && second.kind !== 'path') return { left: first, right: second };
    if (second.kind === 'path' && first.kind !== 'path') return { left: second, right: first };
    return null;
  }

  /** `concat('a', "'", 'b')` of literals, as dot placeholders write values holding quotes. */
  private concat(): Operand | null {
    this.k += 2;
    let value = '';
    for (;;) {
      const part = this.next();
      if (part?.t !== 'literal') return null;
      value += part.v;
      if (this.isOp(',')) {
        this.next();
        continue;
      }
      if (!this.isOp(')')) return null;
      this.next();
      return { kind: 'literal', value };
    }
  }

  private operand(): Operand | null {
    const t = this.peek();
    if (!t) return null;
    if (t.t === 'name' && t.v === 'concat' && this.isOp('(', 1)) return this.concat();
    if (t.t === 'literal') {
      this.next();
      return { kind: 'literal', value: t.v };
    }
    if (t.t === 'number') {
      this.next();
      return { kind: 'number', value: t.v };
    }
    const steps: RelStep[] = [];
    for (;;) {
      const s = this.relStep();
      if (!s) return null;
      steps.push(s);
      if (s.axis === 'child' && this.isOp('/')) {
        this.next();
        continue;
      }
      break;
    }
    return { kind: 'path', steps };
  }
}

/** Parses an expression of the subset, or returns null when it uses more of XPath than the subset holds. */
export function parseLocationPath(expr: string): LocationPath | null {
  let tokens: Token[];
  try {
    tokens = tokenize(expr);
  } catch {
    return null;
  }
  if (tokens.length === 0) return null;
  const parser = new Parser(tokens);
  try {
    const path = parser.path();
    return path && parser.done() ? path : null;
  } catch {
    return null;
  }
}

export function matchesName(node: Node, name: NameTest): boolean {
  const local = (node as Element).localName;
  if (name.local !== '*' && local !== name.local) return false;
  if (name.ns === undefined) return true;
  return ((node as Element).namespaceURI ?? null) === name.ns;
}

export const WRS_NS = NS.wrs;
