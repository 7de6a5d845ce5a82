import { WrsError } from 'ngx-wrs-grid/core';

/** One piece of a locale's short date: a field or the literal text between fields. */
interface DatePart {
  readonly kind: 'day' | 'month' | 'year' | 'literal';
  readonly text: string;
}

/** What a locale needs to show and read numbers and dates: its separators and its short date's order. */
export interface CellLocale {
  readonly tag: string;
  readonly decimal: string;
  readonly group: string;
  readonly dateParts: readonly DatePart[];
  readonly datePattern: RegExp;
}

/** The column facts formatting reads (a `GridColumn` has them). */
export interface LocaleColumn {
  readonly numeric: boolean;
  readonly typeName: string;
  readonly scale: number | null;
}

const SPACES = '[ \u00a0\u202f]';
const CANONICAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})(:\d{2}(\.\d{1,9})?)?$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A literal of the pattern: any run of spaces matches any other (browsers differ in the space they give). */
function literalPattern(text: string): string {
  return text.split(/[ \u00a0\u202f]+/).map(escapeRegExp).join(`${SPACES}*`);
}

/**
 * The separators and short date order of a BCP 47 tag, from `Intl`, digits always Latin. A tag `Intl` refuses is a
 * `WrsError` LOCALE naming it.
 */
export function cellLocale(tag: string): CellLocale {
  let numberParts: Intl.NumberFormatPart[];
  let dateParts: Intl.DateTimeFormatPart[];
  try {
    numberParts = new Intl.NumberFormat(tag, { useGrouping: true, numberingSystem: 'latn' }).formatToParts(12345.5);
    dateParts = new Intl.DateTimeFormat(tag, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC', numberingSystem: 'latn' }).formatToParts(Date.UTC(2026, 10, 22));
  } catch (e) {
    throw new WrsError('INVALID_ARGUMENT', `The locale "${tag}" is not known: ${e instanceof Error ? e.message : String(e)}`, tag);
  }
  const parts: DatePart[] = dateParts.map((p) => ({ kind: p.type === 'day' || p.type === 'month' || p.type === 'year' ? p.type : 'literal', text: p.value }));
  const pattern = parts.map((p) => (p.kind === 'literal' ? literalPattern(p.text) : p.kind === 'year' ? '(\\d{4})' : '(\\d{1,2})')).join('');
  return {
    tag,
    decimal: numberParts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: numberParts.find((p) => p.type === 'group')?.value ?? ',',
    dateParts: parts,
    datePattern: new RegExp(`^${pattern}$`),
  };
}

/**
 * The locale cells use: the grid's `locale` input when set (an empty string: canonical), else the app's `LOCALE_ID`
 * unless it is Angular's default `en-US`, which stays canonical (existing apps keep `1234.56` and `2026-02-02`).
 * Null means canonical text.
 */
export function gridCellLocale(input: string | null, localeId: string): CellLocale | null {
  const tag = input ?? (localeId === 'en-US' ? '' : localeId);
  return tag === '' ? null : cellLocale(tag);
}

/** A canonical number (`-1234.5`) in the locale's form, rounded to `scale` when given; never grouped. */
export function localeNumber(locale: CellLocale, value: string, scale: number | null): string {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) return value;
  const text = scale !== null ? n.toFixed(scale) : value.trim();
  return text.replace('.', locale.decimal);
}

/** An ISO date (`2026-02-02`, a time after it ignored) in the locale's short date form. */
export function localeDate(locale: CellLocale, value: string): string {
  const m = CANONICAL_DATE.exec(value.slice(0, 10));
  if (!m) return value;
  const fields = { year: m[1], month: m[2], day: m[3] };
  return locale.dateParts.map((p) => (p.kind === 'literal' ? p.text : fields[p.kind])).join('');
}

/** A stored timestamp (`2026-02-02T09:30:00`) as the locale's date and the time as stored, 24-hour. */
export function localeTimestamp(locale: CellLocale, value: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](.*)$/.exec(value);
  return m ? `${localeDate(locale, m[1])} ${m[2]}` : value;
}

/** The text a cell of the column shows: numbers rounded to `scale`, dates and timestamps in the locale's form. */
export function localeCellText(locale: CellLocale, column: LocaleColumn, value: string): string {
  if (column.numeric) return localeNumber(locale, value, column.scale);
  if (column.typeName === 'DATE') return localeDate(locale, value);
  if (column.typeName === 'TIMESTAMP') return localeTimestamp(locale, value);
  return value;
}

/** The text an editor starts with and a copy writes: as shown, but a number keeps all its digits (no rounding). */
export function localeEditText(locale: CellLocale, column: LocaleColumn, value: string): string {
  return column.numeric ? localeNumber(locale, value, null) : localeCellText(locale, column, value);
}

/**
 * The canonical number for a text in the locale's form (`1.234,56` in German gives `1234.56`); group separators
 * only between whole groups of three. Null when the text is no number in that form.
 */
export function readLocaleNumber(locale: CellLocale, text: string): string | null {
  const group = /^[ \u00a0\u202f]$/.test(locale.group) ? SPACES : escapeRegExp(locale.group);
  const decimal = escapeRegExp(locale.decimal);
  const m = new RegExp(`^([+-]?)(\\d{1,3}(?:${group}\\d{3})+|\\d*)(?:${decimal}(\\d*))?$`).exec(text);
  if (!m || (m[2] === '' && !m[3])) return null;
  const whole = m[2].replace(/\D/g, '') || '0';
  return `${m[1] === '-' ? '-' : ''}${whole}${m[3] ? `.${m[3]}` : ''}`;
}

function isoDate(year: string, month: string, day: string): string | null {
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** The ISO date for a text in the locale's short date form, or null. */
export function readLocaleDate(locale: CellLocale, text: string): string | null {
  const m = locale.datePattern.exec(text);
  if (!m) return null;
  const fields: Record<string, string> = {};
  let i = 1;
  for (const p of locale.dateParts) if (p.kind !== 'literal') fields[p.kind] = m[i++];
  return isoDate(fields['year'], fields['month'], fields['day']);
}

/** The canonical timestamp (`2026-02-02T09:30:00`) for the locale's date, a space and a 24-hour time, or null. */
export function readLocaleTimestamp(locale: CellLocale, text: string): string | null {
  const cut = text.search(/[ \u00a0\u202f]+\d{1,2}:\d/);
  if (cut < 0) return null;
  const date = readLocaleDate(locale, text.slice(0, cut));
  const time = TIME.exec(text.slice(cut).trim());
  return date && time ? `${date}T${time[1].padStart(2, '0')}:${time[2]}${time[3] ?? ''}` : null;
}

/**
 * The value to store for a text typed or pasted into a cell (or a filter bound): numbers, dates and timestamps (or
 * a timestamp's date alone) read in the locale's form become canonical; any other text (canonical text from another app included) stays as it is, for the grid's
 * validation to accept or flag.
 */
export function canonicalCellValue(locale: CellLocale, column: LocaleColumn, text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return text;
  const read = column.numeric
    ? readLocaleNumber(locale, trimmed)
    : column.typeName === 'DATE'
      ? readLocaleDate(locale, trimmed)
      : column.typeName === 'TIMESTAMP'
        ? (readLocaleTimestamp(locale, trimmed) ?? readLocaleDate(locale, trimmed))
        : null;
  return read ?? text;
}
