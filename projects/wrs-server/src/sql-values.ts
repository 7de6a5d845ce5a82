import { ColumnBinding, SqlType } from './binding-sets';
import { badRequest } from './http-error';

const INTEGER_RANGE: Partial<Record<SqlType, [bigint, bigint]>> = {
  SMALLINT: [-32768n, 32767n],
  INTEGER: [-2147483648n, 2147483647n],
  BIGINT: [-9223372036854775808n, 9223372036854775807n],
};

/** The PostgreSQL type a parameter is cast to; texts are cast to TEXT so CHAR(n) never truncates silently. */
export function castType(type: SqlType): string {
  switch (type) {
    case 'VARCHAR':
    case 'CHAR':
    case 'CLOB':
      return 'TEXT';
    case 'DOUBLE':
    case 'FLOAT':
      return 'DOUBLE PRECISION';
    case 'DECIMAL':
      return 'NUMERIC';
    default:
      return type;
  }
}

export function isTextType(type: SqlType): boolean {
  return type === 'VARCHAR' || type === 'CHAR' || type === 'CLOB';
}

export function isIntegerType(type: SqlType): boolean {
  return type in INTEGER_RANGE;
}

/**
 * A SELECT expression giving the column as the text Wrs cells hold (ISO dates, `T` in timestamps); `answeredText` turns
 * what it selected into the cell text. Values ISO cannot write keep PostgreSQL's own words, which `sqlValue` takes
 * back: `infinity`, `-infinity`, an era (`0044-03-15 BC`), `NaN`, `Infinity`. Texts come with a character in front:
 * PGlite's decoding drops a leading U+FEFF (a byte order mark to it) from every value it reads, the character keeps it.
 */
export function selectText(column: ColumnBinding, sqlName: string): string {
  if (isTextType(column.type)) return `'.' || CAST(${sqlName} AS TEXT)`;
  if (column.type === 'DATE' || column.type === 'TIMESTAMP') {
    const format = column.type === 'DATE' ? 'YYYY-MM-DD' : 'YYYY-MM-DD"T"HH24:MI:SS';
    // to_char reads a date as a timestamp, which ends in 294276: later dates are written from their parts.
    const part = (field: string) => `CAST(EXTRACT(${field} FROM ${sqlName}) AS TEXT)`;
    const twoDigits = (field: string) => `lpad(${part(field)}, 2, '0')`;
    const pastTimestamps =
      column.type === 'DATE' ? ` WHEN ${sqlName} > DATE '294276-12-31' THEN ${part('YEAR')} || '-' || ${twoDigits('MONTH')} || '-' || ${twoDigits('DAY')}` : '';
    return (
      `CASE WHEN NOT isfinite(${sqlName}) THEN CAST(${sqlName} AS TEXT)` +
      ` WHEN ${sqlName} < DATE '0001-01-01' THEN to_char(${sqlName}, '${format} "BC"')${pastTimestamps} ELSE to_char(${sqlName}, '${format}') END`
    );
  }
  return `CAST(${sqlName} AS TEXT)`;
}

/** The cell text of what `selectText` selected (null for SQL NULL). */
export function answeredText(column: ColumnBinding, selected: string | null): string | null {
  return selected !== null && isTextType(column.type) ? selected.slice(1) : selected;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A day of the proleptic Gregorian calendar, as PostgreSQL counts; `year` is astronomical (1 BC is 0, 2 BC is -1). */
function validDate(year: number, month: number, day: number): boolean {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return Number.isInteger(year) && month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

/** An astronomical year, month and day ordered as one number (PostgreSQL's range checks compare whole days). */
const dayNumber = (year: number, month: number, day: number) => (year * 100 + month) * 100 + day;

/** The first day PostgreSQL's dates and timestamps hold (4714-11-24 BC) and their last (the whole day is in range). */
const FIRST_DAY = dayNumber(-4713, 11, 24);
const LAST_DAY: Partial<Record<SqlType, number>> = { DATE: dayNumber(5874897, 12, 31), TIMESTAMP: dayNumber(294276, 12, 31) };

/** Why a valid day is out of the column type's range, or null when the database takes it. */
function dayOutOfRange(type: SqlType, year: number, month: number, day: number): string | null {
  const n = dayNumber(year, month, day);
  if (n < FIRST_DAY) return 'before 4714-11-24 BC, the first day the database holds';
  if (n > LAST_DAY[type]!) return `after ${type === 'DATE' ? '5874897-12-31' : '294276-12-31'}, the last day the database holds`;
  return null;
}

/**
 * Why a finite number text is out of range for REAL or DOUBLE, or null: PostgreSQL refuses what becomes infinite, and
 * what is not zero but becomes 0 (underflow), in the type's precision.
 */
function floatOutOfRange(type: SqlType, text: string): string | null {
  const parsed = type === 'REAL' ? Math.fround(Number(text)) : Number(text);
  if (!Number.isFinite(parsed)) return `out of range (${type === 'REAL' ? 'about ±3.4e38' : 'about ±1.8e308'})`;
  if (parsed === 0 && /[1-9]/.test(text.replace(/[eE].*$/, ''))) return `too close to 0 (underflow), not 0 either`;
  return null;
}

/** A date's year as written (`0044`, era `BC` or none) as an astronomical year; NaN for the year 0, which no era has. */
function astronomicalYear(written: string, era: string | undefined): number {
  const year = Number(written);
  if (year === 0) return NaN;
  return era ? 1 - year : year;
}

/** `NaN`, `Infinity` or `-Infinity` for the words PostgreSQL reads as such (any case, `inf` too); null otherwise. */
function specialNumber(text: string): string | null {
  if (/^nan$/i.test(text)) return 'NaN';
  const m = /^([+-]?)inf(?:inity)?$/i.exec(text);
  return m ? `${m[1] === '-' ? '-' : ''}Infinity` : null;
}

/** `infinity` or `-infinity` for PostgreSQL's endless date or timestamp (any case); null otherwise. */
function endlessDate(text: string): string | null {
  const m = /^([+-]?)infinity$/i.exec(text);
  return m ? `${m[1] === '-' ? '-' : ''}infinity` : null;
}

/**
 * Checks that a cell or filter value fits the column and returns it normalised for a parameter, or null for SQL NULL
 * (wrs:null, or an empty non-text value). A value that does not fit is a 400 naming the value and the column.
 */
export function sqlValue(column: ColumnBinding, value: string | null, rowId?: string): string | null {
  if (value === null) return null;
  const text = isTextType(column.type) ? value : value.trim();
  if (text === '' && !isTextType(column.type)) return null;
  const unfit = (why: string) =>
    badRequest(`${rowId ? `Row ${rowId}: ` : ''}value "${value.length > 60 ? value.slice(0, 60) + '...' : value}" does not fit column ${column.id} (${column.type}): ${why}`, rowId ? [rowId] : []);
  switch (column.type) {
    case 'VARCHAR':
    case 'CHAR':
    case 'CLOB':
      if (column.size !== undefined && [...text].length > column.size) throw unfit(`longer than ${column.size} characters`);
      if (text.includes('\u0000')) throw unfit('holds a NUL character');
      return text;
    case 'SMALLINT':
    case 'INTEGER':
    case 'BIGINT': {
      if (!/^[+-]?\d{1,20}$/.test(text)) throw unfit('not an integer');
      const [min, max] = INTEGER_RANGE[column.type]!;
      const n = BigInt(text);
      if (n < min || n > max) throw unfit('out of range');
      return n.toString();
    }
    case 'NUMERIC':
    case 'DECIMAL': {
      const special = specialNumber(text);
      if (special) return special;
      const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
      if (!m || (m[2] === '' && !m[3])) throw unfit('not a decimal number');
      const fraction = (m[3] ?? '').replace(/0+$/, '');
      const whole = m[2].replace(/^0+(?=\d)/, '') || '0';
      if (column.scale !== undefined && fraction.length > column.scale) throw unfit(`more than ${column.scale} decimal places`);
      if (column.size !== undefined && whole.replace(/^0$/, '').length > column.size - (column.scale ?? 0)) throw unfit(`more than ${column.size} digits`);
      return `${m[1] === '-' ? '-' : ''}${whole}${fraction ? '.' + fraction : ''}`;
    }
    case 'DOUBLE':
    case 'FLOAT':
    case 'REAL': {
      const special = specialNumber(text);
      if (special) return special;
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw unfit('not a number');
      const outOfRange = floatOutOfRange(column.type, text);
      if (outOfRange) throw unfit(outOfRange);
      return text;
    }
    case 'DATE': {
      const endless = endlessDate(text);
      if (endless) return endless;
      const m = /^(\d{4,7})-(\d{2})-(\d{2})( BC)?$/i.exec(text);
      if (!m || !validDate(astronomicalYear(m[1], m[4]), +m[2], +m[3])) throw unfit('not a date (YYYY-MM-DD, an era BC after it)');
      const outOfRange = dayOutOfRange('DATE', astronomicalYear(m[1], m[4]), +m[2], +m[3]);
      if (outOfRange) throw unfit(outOfRange);
      return `${m[1]}-${m[2]}-${m[3]}${m[4] ? ' BC' : ''}`;
    }
    case 'TIMESTAMP': {
      const endless = endlessDate(text);
      if (endless) return endless;
      const m = /^(\d{4,6})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?)?( BC)?$/i.exec(text);
      if (!m || !validDate(astronomicalYear(m[1], m[8]), +m[2], +m[3]) || +(m[4] ?? 0) > 23 || +(m[5] ?? 0) > 59 || +(m[6] ?? 0) > 59) {
        throw unfit('not a timestamp (YYYY-MM-DDTHH:MM:SS, an era BC after it)');
      }
      const outOfRange = dayOutOfRange('TIMESTAMP', astronomicalYear(m[1], m[8]), +m[2], +m[3]);
      if (outOfRange) throw unfit(outOfRange);
      const time = m[4] === undefined ? '' : `T${m[4]}:${m[5]}${m[6] === undefined ? '' : `:${m[6]}${m[7] ?? ''}`}`;
      return `${m[1]}-${m[2]}-${m[3]}${time}${m[8] ? ' BC' : ''}`;
    }
    case 'BOOLEAN': {
      const v = text.toLowerCase();
      if (v === 'true' || v === '1') return 'true';
      if (v === 'false' || v === '0') return 'false';
      throw unfit('not a boolean (true, false, 1, 0)');
    }
  }
}
