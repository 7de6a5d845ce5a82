import { ColumnBinding, quoteName } from './binding-sets';
import { castType } from './sql-values';

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
