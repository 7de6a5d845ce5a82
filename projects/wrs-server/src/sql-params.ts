import { ColumnBinding, quoteName } from './binding-sets';
import { castType, isTextType } from './sql-values';

/** Collects statement parameters; SQL text only ever gets `$n` placeholders, never a value. */
export class SqlParams {
  readonly values: unknown[] = [];

  /** A placeholder for a value. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A placeholder cast to the column's type, so comparisons and writes use the column's semantics. */
  typed(column: ColumnBinding, value: string | null): string {
    return `CAST(${this.add(value)} AS ${castType(column.type)})`;
  }
}

/** The quoted database column of a binding. */
export function columnSql(column: ColumnBinding): string {
  return quoteName(column.column);
}

/**
 * The characters answers drop because XML 1.0 cannot carry them (xml-text.ts), as a PostgreSQL string for `translate`
 * (a database text cannot hold U+0000). Our constant: no request text goes into it.
 */
const XML_INVALID_CHARS = `E'${[...Array(0x20).keys()]
  .filter((c) => c >= 1 && c !== 0x09 && c !== 0x0a && c !== 0x0d)
  .map((c) => '\\x' + c.toString(16).padStart(2, '0'))
  .join('')}\\uFFFE\\uFFFF'`;

/**
 * A column as answers show it, for the optimistic check of a save: timestamps cut to the second, text without the
 * characters XML cannot carry, CHAR as CHAR (trailing blanks do not count). Otherwise a row holding such a value could
 * never be changed or deleted: its original, as the client got it, would never match. Key columns stay as they are, so
 * the database still finds rows by key. Compared with `originalSql`.
 */
export function answeredColumnSql(column: ColumnBinding, sql: string): string {
  if (isTextType(column.type) && !column.key) {
    const shown = `translate(${sql}, ${XML_INVALID_CHARS}, '')`;
    return column.type === 'CHAR' ? `CAST(${shown} AS BPCHAR)` : shown;
  }
  return shownPrecisionSql(column, sql);
}

/**
 * An original of the optimistic check (a parameter or a batch's text), as `answeredColumnSql` shows the column: a
 * timestamp cut to the second and CHAR as CHAR, so an original the client kept from its own save (`05.678`, `ab `)
 * matches what the database made of it.
 */
export function originalSql(column: ColumnBinding, ref: string): string {
  return shownPrecisionSql(column, `CAST(${ref} AS ${column.type === 'CHAR' ? 'BPCHAR' : castType(column.type)})`);
}

/** A timestamp column cut to the second, the precision answers carry (filters and the optimistic check); others as they are. */
export function shownPrecisionSql(column: ColumnBinding, sql: string): string {
  return column.type === 'TIMESTAMP' ? `date_trunc('second', ${sql})` : sql;
}
