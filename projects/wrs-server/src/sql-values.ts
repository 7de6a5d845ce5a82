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

/** A SELECT expression giving the column as the text Wrs cells hold (ISO dates, `T` in timestamps). */
export function selectText(column: ColumnBinding, sqlName: string): string {
  if (column.type === 'DATE') return `to_char(${sqlName}, 'YYYY-MM-DD')`;
  if (column.type === 'TIMESTAMP') return `to_char(${sqlName}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
  return `CAST(${sqlName} AS TEXT)`;
}

function validDate(y: number, m: number, d: number): boolean {
  // Not `Date.UTC(y, ...)`: it reads years 0-99 as 1900-1999, so 0050-06-01 would not be a date.
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
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
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) || !Number.isFinite(Number(text))) throw unfit('not a number');
      return text;
    }
    case 'DATE': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      if (!m || !validDate(+m[1], +m[2], +m[3])) throw unfit('not a date (YYYY-MM-DD)');
      return text;
    }
    case 'TIMESTAMP': {
      const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?$/.exec(text);
      if (!m || !validDate(+m[1], +m[2], +m[3]) || +(m[4] ?? 0) > 23 || +(m[5] ?? 0) > 59 || +(m[6] ?? 0) > 59) {
        throw unfit('not a timestamp (YYYY-MM-DDTHH:MM:SS)');
      }
      return text.replace(' ', 'T');
    }
    case 'BOOLEAN': {
      const v = text.toLowerCase();
      if (v === 'true' || v === '1') return 'true';
      if (v === 'false' || v === '0') return 'false';
      throw unfit('not a boolean (true, false, 1, 0)');
    }
  }
}
