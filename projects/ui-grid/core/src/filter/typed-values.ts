import { isNumericType } from '../rows/new-rows';

/**
 * Cell text as a value of its column's type, for filters and sorting on the client that agree with the server's SQL:
 * numbers by value (integers past 2^53 exactly, NaN above every number as PostgreSQL orders it), booleans in any of
 * PostgreSQL's spellings, dates and timestamps by the moment written (to the second, `T` or blank between date and
 * time, years past 9999 and BC), text as text.
 */
export type TypedKey = number | bigint | string;

export interface TypedValues {
  readonly kind: 'number' | 'boolean' | 'temporal' | 'text';
  /** The key of a cell text, or undefined when the text is no value of the type (it matches no comparison). */
  key(text: string): TypedKey | undefined;
  /** Orders two keys of this kind: negative, 0 or positive. */
  compare(a: TypedKey, b: TypedKey): number;
  /** A key as text, equal for equal values (`in` lists). */
  keyText(key: TypedKey): string;
}

const INTEGER_TEXT = /^[+-]?\d+$/;

/** A number key: a bigint for integers a double cannot hold exactly, else a number (NaN and the infinities included). */
function numberKey(text: string): number | bigint | undefined {
  const quick = plainDecimal(text);
  if (quick !== undefined) return quick;
  const t = text.trim();
  if (t === '') return undefined;
  // An integer written with a zero fraction (`12345678901234567.0`) is that integer, exactly.
  const integer = INTEGER_TEXT.test(t) ? t : /^[+-]?\d+\.0*$/.test(t) ? t.slice(0, t.indexOf('.')) : null;
  if (integer !== null && integer.replace(/^[+-]?0*/, '').length > 15) return BigInt(integer);
  const word = t.toLowerCase();
  if (word === 'nan') return NaN;
  if (word === 'infinity' || word === '+infinity' || word === 'inf') return Infinity;
  if (word === '-infinity' || word === '-inf') return -Infinity;
  const n = Number(t);
  // Number() also reads '0x10' and '' (0): only decimal notation is a number here, as on the server.
  return Number.isNaN(n) || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? undefined : n;
}

/**
 * The common cell, plain decimal text of at most 15 characters (`42`, `-3.5`), read with one scan and no regular
 * expression: a filter reads 100,000 of them. Anything else is undefined here and read by `numberKey`'s full rules.
 */
function plainDecimal(text: string): number | undefined {
  const length = text.length;
  if (length === 0 || length > 15) return undefined;
  let digits = 0;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c !== 46 && !(i === 0 && (c === 45 || c === 43))) return undefined;
  }
  if (digits === 0) return undefined;
  const n = Number(text);
  return Number.isNaN(n) ? undefined : n;
}

function compareNumbers(a: TypedKey, b: TypedKey): number {
  // PostgreSQL: NaN equals NaN and is above every other number (a bigint too).
  const aNaN = typeof a === 'number' && Number.isNaN(a);
  const bNaN = typeof b === 'number' && Number.isNaN(b);
  if (aNaN || bNaN) return aNaN && bNaN ? 0 : aNaN ? 1 : -1;
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    const x = toBig(a);
    const y = toBig(b);
    if (x !== null && y !== null) return x < y ? -1 : x > y ? 1 : 0;
    // A fraction or an infinity against a bigint: as doubles (exact enough to order them).
    const dx = Number(a);
    const dy = Number(b);
    return dx < dy ? -1 : dx > dy ? 1 : 0;
  }
  const x = a as number;
  const y = b as number;
  return x < y ? -1 : x > y ? 1 : 0;
}

function toBig(k: TypedKey): bigint | null {
  if (typeof k === 'bigint') return k;
  return typeof k === 'number' && Number.isInteger(k) ? BigInt(k) : null;
}

function numberKeyText(k: TypedKey): string {
  if (typeof k === 'bigint') return k.toString();
  const n = k as number;
  // Every integer written out in full (2e22 as a bigint cell would be), so equal values give equal text.
  return Number.isInteger(n) && !Number.isSafeInteger(n) ? BigInt(n).toString() : String(n);
}

const TRUE_WORDS = new Set(['true', 't', '1', 'yes', 'y', 'on']);
const FALSE_WORDS = new Set(['false', 'f', '0', 'no', 'n', 'off']);

function booleanKey(text: string): number | undefined {
  const word = text.trim().toLowerCase();
  return TRUE_WORDS.has(word) ? 1 : FALSE_WORDS.has(word) ? 0 : undefined;
}

const TEMPORAL = /^(\d{4,})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?( BC)?$/i;

/**
 * A date or timestamp as one number growing with the moment written, to the second (the precision answers carry):
 * BC years count down from year 1 (1 BC is year 0), `infinity` is above every moment. A zone, where written, is not
 * applied (the wall-clock time written, as the grid shows it).
 */
function temporalKey(text: string): number | undefined {
  const quick = isoMoment(text);
  if (quick !== undefined) return quick;
  const t = text.trim();
  const word = t.toLowerCase();
  if (word === 'infinity') return Infinity;
  if (word === '-infinity') return -Infinity;
  const m = TEMPORAL.exec(t);
  if (!m) return undefined;
  const year = m[7] ? 1 - Number(m[1]) : Number(m[1]);
  return momentKey(year, Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
}

/** Days of a month in the proleptic Gregorian calendar (year 0 is 1 BC, a leap year), as PostgreSQL counts them. */
function daysIn(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

/** `year..second` as the one number `temporalKey` gives, or undefined when a field is out of range. */
function momentKey(year: number, month: number, day: number, hour: number, minute: number, second: number): number | undefined {
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) return undefined;
  return ((((year * 12 + (month - 1)) * 31 + (day - 1)) * 24 + hour) * 60 + minute) * 60 + second;
}

/**
 * The common cell, `YYYY-MM-DD` or `YYYY-MM-DD[T ]HH:MM:SS`, read by character codes (no regular expression, no
 * array per cell); anything else is undefined here and read by `temporalKey`'s pattern.
 */
function isoMoment(text: string): number | undefined {
  const length = text.length;
  if (length !== 10 && length !== 19) return undefined;
  const d = (i: number) => {
    const c = text.charCodeAt(i) - 48;
    return c >= 0 && c <= 9 ? c : NaN;
  };
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return undefined;
  const year = d(0) * 1000 + d(1) * 100 + d(2) * 10 + d(3);
  const month = d(5) * 10 + d(6);
  const day = d(8) * 10 + d(9);
  let hour = 0;
  let minute = 0;
  let second = 0;
  if (length === 19) {
    const sep = text.charCodeAt(10);
    if ((sep !== 84 && sep !== 32) || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return undefined;
    hour = d(11) * 10 + d(12);
    minute = d(14) * 10 + d(15);
    second = d(17) * 10 + d(18);
  }
  if (Number.isNaN(year + month + day + hour + minute + second)) return undefined;
  return momentKey(year, month, day, hour, minute, second);
}

const compareOrdered = (a: TypedKey, b: TypedKey) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Text in code point order, as the server's "C" collation orders UTF-8: JS compares UTF-16 units, which puts a
 * character past U+FFFF (a surrogate pair) before U+E000..U+FFFF. Only the first differing unit decides.
 */
function compareText(a: TypedKey, b: TypedKey): number {
  const x = a as string;
  const y = b as string;
  if (x === y) return 0;
  const n = Math.min(x.length, y.length);
  let i = 0;
  while (i < n && x.charCodeAt(i) === y.charCodeAt(i)) i++;
  if (i === n) return x.length - y.length;
  const shift = (c: number) => (c >= 0xd800 && c <= 0xdfff ? c + 0x2000 : c >= 0xe000 ? c - 0x800 : c);
  return shift(x.charCodeAt(i)) - shift(y.charCodeAt(i));
}

const NUMBER_VALUES: TypedValues = { kind: 'number', key: numberKey, compare: compareNumbers, keyText: numberKeyText };
const BOOLEAN_VALUES: TypedValues = { kind: 'boolean', key: booleanKey, compare: compareOrdered, keyText: String };
const TEMPORAL_VALUES: TypedValues = { kind: 'temporal', key: temporalKey, compare: compareOrdered, keyText: String };

/** Text, folded to lower case when `ignoreCase`; CHAR without its trailing blanks (they are padding, as in SQL). */
function textValues(ignoreCase: boolean, padded: boolean): TypedValues {
  const unpadded = padded ? (t: string) => t.replace(/ +$/, '') : (t: string) => t;
  return { kind: 'text', key: ignoreCase ? (t) => unpadded(t).toLowerCase() : unpadded, compare: compareText, keyText: (k) => k as string };
}

const TEMPORAL_TYPES = new Set(['DATE', 'TIMESTAMP']);

/** How the values of a column of `typeName` (the header's `type-name`) compare. */
export function typedValues(typeName: string | null, ignoreCase = false): TypedValues {
  const type = (typeName ?? '').toUpperCase();
  if (isNumericType(type)) return NUMBER_VALUES;
  if (type === 'BOOLEAN') return BOOLEAN_VALUES;
  if (TEMPORAL_TYPES.has(type)) return TEMPORAL_VALUES;
  return textValues(ignoreCase, type === 'CHAR' || type === 'NCHAR');
}

/** A date or timestamp's sort key: the moment written with its fraction of a second (filters compare to the second). */
export function temporalSortKey(text: string): number | undefined {
  const key = temporalKey(text);
  if (key === undefined || !Number.isFinite(key)) return key;
  const fraction = /:\d{2}(\.\d+)/.exec(text);
  return fraction ? key + Number(`0${fraction[1]}`) : key;
}
