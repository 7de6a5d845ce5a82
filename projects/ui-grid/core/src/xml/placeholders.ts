import { WrsError } from '../errors';

/** Values for dot placeholders: `{{=it.name}}` reads an object, `{{=it[0]}}` an array. */
export type FillParams = Record<string, unknown> | readonly unknown[];

const PLACEHOLDER = /\{\{=\s*it((?:\.[A-Za-z_$][\w$]*|\[\s*\d+\s*\]|\[\s*(['"])[^'"]*\2\s*\])+)\s*\}\}/g;
const ACCESSOR = /\.([A-Za-z_$][\w$]*)|\[\s*(\d+)\s*\]|\[\s*['"]([^'"]*)['"]\s*\]/g;
// Placeholders stand in the template as these marks while its string literals are found (marks hold no quotes).
const MARK = /\u0001(\d+)\u0002/g;
const LITERAL = /'[^']*'|"[^"]*"/g;

function lookup(params: FillParams, accessors: string, template: string): unknown {
  let value: unknown = params;
  for (const m of accessors.matchAll(ACCESSOR)) {
    const key = m[1] ?? m[3] ?? Number(m[2]);
    if (!hasValue(value, key)) throw new WrsError('PLACEHOLDER_MISSING', `No value for placeholder it${accessors} in "${template}"`, template);
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/**
 * Own properties only (`{{=it.constructor}}` must not find Object's constructor); of an array only its items, by
 * index (`{{=it.length}}` is no value).
 */
function hasValue(value: unknown, key: string | number): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return /^\d+$/.test(String(key)) && Number(key) < value.length;
  return Object.prototype.hasOwnProperty.call(Object(value), key);
}

/**
 * A number as XPath 1.0 writes one: plain decimals, no exponent (`1e-7` is `0.0000001`); NaN and the infinities
 * have no such form and raise INVALID_ARGUMENT.
 */
function xpathNumber(n: number, template: string): string {
  if (!Number.isFinite(n)) throw new WrsError('INVALID_ARGUMENT', `Placeholder value ${n} in "${template}" is no number XPath can write`, n);
  const text = String(n);
  if (!/e/i.test(text)) return text;
  const [mantissa, exponent] = n.toExponential().split('e');
  const sign = mantissa.startsWith('-') ? '-' : '';
  const digits = mantissa.replace(/^-/, '').replace('.', '');
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  return point >= digits.length ? `${sign}${digits}${'0'.repeat(point - digits.length)}` : `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** An XPath string literal for any text: `concat(...)` where the text holds the quote (spec 4.4). */
export function xpathLiteral(text: string, quote: "'" | '"' = "'"): string {
  if (!text.includes(quote)) return quote + text + quote;
  const other = quote === "'" ? '"' : "'";
  const parts = text.split(quote).map((p) => quote + p + quote);
  return `concat(${parts.join(`, ${other}${quote}${other}, `)}, ${quote}${quote})`;
}

/**
 * Fills the dot placeholders of an XPath template. A template without placeholders comes back unchanged. A value
 * holding a quote stays one string: a string literal holding placeholders is written as one literal of its whole
 * text (`concat(...)` where that text holds the literal's quote, so `'I_{{=it.v}}'` with `v = 1'2` reads `I_1'2`);
 * a placeholder outside literals becomes the value, or a literal of it when it holds a quote.
 */
export function fillPlaceholders(template: string, params?: FillParams | null): string {
  // Only `{{=` starts a placeholder: a literal `{{` elsewhere (`[wrs:C='a{{b']`) is text, with or without params.
  if (!template.includes('{{=')) return template;
  if (params === null || params === undefined) {
    throw new WrsError('PLACEHOLDER_MISSING', `XPath "${template}" has placeholders but no fillParams were given`, template);
  }
  const values: string[] = [];
  const marked = template.replace(PLACEHOLDER, (_all, accessors: string) => {
    const raw = lookup(params, accessors, template);
    if (raw !== null && typeof raw === 'object') {
      throw new WrsError('INVALID_ARGUMENT', `Placeholder it${accessors} in "${template}" is an object or a list, not a value`, raw);
    }
    values.push(raw === null || raw === undefined ? '' : typeof raw === 'number' ? xpathNumber(raw, template) : String(raw));
    return `\u0001${values.length - 1}\u0002`;
  });
  const fill = (text: string) => text.replace(MARK, (_m, k: string) => values[Number(k)]);
  let out = '';
  let at = 0;
  for (const literal of marked.matchAll(LITERAL)) {
    out += outsideLiterals(marked.slice(at, literal.index), values, template);
    const quote = literal[0][0] as "'" | '"';
    const inner = literal[0].slice(1, -1);
    out += inner.includes('\u0001') ? xpathLiteral(fill(inner), quote) : literal[0];
    at = literal.index! + literal[0].length;
  }
  return out + outsideLiterals(marked.slice(at), values, template);
}

// What a placeholder outside quotes may stand for: a number, or a name (`wrs:C`, `qty`). Anything else (`]`, `|`,
// spaces, operators) would change the expression itself, not fill a value into it.
const BARE_VALUE = /^(?:-?(?:\d+(?:\.\d*)?|\.\d+)|[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)?$/;

/**
 * Template text outside string literals: each placeholder its value when that is a number or a name, a literal of
 * it when it holds a quote; any other value raises INVALID_ARGUMENT (write the placeholder in quotes for text).
 */
function outsideLiterals(text: string, values: readonly string[], template: string): string {
  return text.replace(MARK, (_m, k: string) => {
    const value = values[Number(k)];
    if (value.includes("'") || value.includes('"')) return xpathLiteral(value, "'");
    if (!BARE_VALUE.test(value)) {
      throw new WrsError('INVALID_ARGUMENT', `A placeholder outside quotes in "${template}" takes a number or a name, not ${JSON.stringify(value)}: quote it for text`, value);
    }
    return value;
  });
}
