/**
 * How a column's values continue when filled: a number series, a date series (by days), a timestamp series (its
 * date by days, the time kept), a text whose trailing number counts on, or copies only (checkboxes, references).
 */
export type FillKind = 'number' | 'date' | 'timestamp' | 'text' | 'copy';

/** The column facts a fill reads (a `GridColumn` has them). */
export interface FillColumn {
  readonly numeric: boolean;
  readonly typeName: string;
  readonly checkbox: unknown;
  readonly references: unknown;
}

const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})([T ].*)?$/;
const TRAILING_NUMBER = /^(.*?)(\d+)$/;
const DAY = 86_400_000;

/** The kind of series a column's values make; a reference or checkbox column only copies (a next id need not exist). */
export function fillKindOf(column: FillColumn): FillKind {
  if (column.checkbox || column.references) return 'copy';
  if (column.numeric) return 'number';
  if (column.typeName === 'DATE') return 'date';
  if (column.typeName === 'TIMESTAMP') return 'timestamp';
  return 'text';
}

/**
 * The `count` values that continue `sources` (stored, canonical values in fill order: for a fill up or left, the
 * selected cells from the far end). Two or more sources of the kind with equal steps continue as a series; anything
 * else (one source, an empty cell, unequal steps, a value not of the kind) repeats the sources in turn.
 */
export function continueSeries(sources: readonly (string | null)[], kind: FillKind, count: number): (string | null)[] {
  const series = sources.length < 2 || kind === 'copy' ? null : seriesOf(sources, kind);
  const out: (string | null)[] = new Array(count);
  for (let k = 0; k < count; k++) out[k] = series ? series(k + 1) : sources[k % sources.length];
  return out;
}

/** The value `k` steps past the last source. */
type Series = (k: number) => string;

function seriesOf(sources: readonly (string | null)[], kind: FillKind): Series | null {
  if (sources.some((v) => v === null || v.trim() === '')) return null;
  const values = sources as string[];
  if (kind === 'number') return numberSeries(values);
  if (kind === 'date') return dateSeries(values, '');
  if (kind === 'timestamp') return timestampSeries(values);
  return textSeries(values);
}

/** The common step of values, or null when the steps differ. */
function stepOf(values: readonly bigint[]): bigint | null {
  const step = values[1] - values[0];
  for (let i = 2; i < values.length; i++) if (values[i] - values[i - 1] !== step) return null;
  return step;
}

/** Decimal numbers stepped exactly: scaled to integers (BigInt), so 0.1 + 0.2 continues as 0.3, not 0.30000000000000004. */
function numberSeries(values: readonly string[]): Series | null {
  const parsed = values.map((v) => NUMBER.exec(v.trim()));
  if (parsed.some((m) => !m || (m[2] === '' && !m[3]))) return null;
  const decimals = Math.max(...parsed.map((m) => m![3]?.length ?? 0));
  const scaled = parsed.map((m) => {
    const digits = BigInt((m![2] || '0') + (m![3] ?? '').padEnd(decimals, '0'));
    return m![1] === '-' ? -digits : digits;
  });
  const step = stepOf(scaled);
  if (step === null) return null;
  const last = scaled[scaled.length - 1];
  return (k) => formatScaled(last + step * BigInt(k), decimals);
}

function formatScaled(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : ''}`;
}

/** Days since 1970 of an ISO date, or null when it is none (2026-02-30 included). */
function dayOf(text: string): number | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === text ? ms / DAY : null;
}

/** ISO dates stepped by a whole number of days; `time` is appended to each (a timestamp's time, kept). */
function dateSeries(dates: readonly string[], time: string): Series | null {
  const days = dates.map(dayOf);
  if (days.some((d) => d === null)) return null;
  const step = stepOf(days.map((d) => BigInt(d!)));
  if (step === null) return null;
  const last = days[days.length - 1]!;
  return (k) => isoDate((last + Number(step) * k) * DAY) + time;
}

/** Years past 9999 come out as `+010000-01-01`: a value validation flags, as one typed out of range. */
function isoDate(ms: number): string {
  const date = new Date(ms);
  // Past the last day a Date can hold (some 270,000 years out): no date, an empty cell.
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().split('T')[0];
}

/** Timestamps with the same time of day: their dates step by days (spec: a date series by day step). */
function timestampSeries(values: readonly string[]): Series | null {
  const parsed = values.map((v) => TIMESTAMP.exec(v.trim()));
  if (parsed.some((m) => !m)) return null;
  const time = parsed[0]![2] ?? '';
  if (parsed.some((m) => (m![2] ?? '') !== time)) return null;
  return dateSeries(parsed.map((m) => m![1]), time);
}

/**
 * Texts ending in a number with the same text before it ("Item 1", "Item 2"): the number steps on, keeping leading
 * zeros ("A-007"); it is never negative (counting down past 0 counts up again), since a minus would join the text.
 */
function textSeries(values: readonly string[]): Series | null {
  const parsed = values.map((v) => TRAILING_NUMBER.exec(v));
  if (parsed.some((m) => !m || m[1] !== parsed[0]![1])) return null;
  const prefix = parsed[0]![1];
  const width = Math.max(...parsed.map((m) => (m![2].length > 1 && m![2].startsWith('0') ? m![2].length : 0)));
  const step = stepOf(parsed.map((m) => BigInt(m![2])));
  if (step === null) return null;
  const last = BigInt(parsed[parsed.length - 1]![2]);
  return (k) => {
    const n = last + step * BigInt(k);
    return prefix + (n < 0n ? -n : n).toString().padStart(width, '0');
  };
}
