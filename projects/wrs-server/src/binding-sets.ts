import { readFileSync } from 'node:fs';

/** SQL types a binding may declare (design.md 4: the `type-name` values of Wrs headers). */
export const SQL_TYPES = [
  'VARCHAR', 'CHAR', 'CLOB', 'INTEGER', 'BIGINT', 'SMALLINT', 'NUMERIC', 'DECIMAL',
  'DOUBLE', 'FLOAT', 'REAL', 'DATE', 'TIMESTAMP', 'BOOLEAN',
] as const;
export type SqlType = (typeof SQL_TYPES)[number];

/** One column of a binding set: the Wrs column id and the database column behind it. */
export interface ColumnBinding {
  readonly id: string;
  readonly column: string;
  readonly type: SqlType;
  readonly size?: number;
  readonly scale?: number;
  readonly key: boolean;
  readonly nullable: boolean;
  readonly readOnly: boolean;
  readonly caption: string;
  readonly unit?: string;
  /** A fixed query from this file giving the allowed values (first column id, optional second caption). */
  readonly references?: string;
}

export interface BindingSet {
  readonly id: string;
  readonly table: string;
  /** Rows one answer may hold; more are cut and flagged with wrs:MaxRowsExceeded. */
  readonly maxRows: number;
  readonly columns: readonly ColumnBinding[];
  readonly byId: ReadonlyMap<string, ColumnBinding>;
  readonly keys: readonly ColumnBinding[];
}

export type BindingSets = ReadonlyMap<string, BindingSet>;

const SQL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const COLUMN_ID = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

function fail(where: string, what: string): never {
  throw new Error(`Binding sets: ${where}: ${what}`);
}

/**
 * Checks the declarative description and builds the lookup tables. Table and column names must be plain lower-case
 * SQL names, so quoting them is all the SQL builder ever does with them.
 */
export function bindingSetsFrom(json: unknown, defaultMaxRows = 50_000): BindingSets {
  if (!json || typeof json !== 'object' || Array.isArray(json)) fail('root', 'expected an object of binding set ids');
  const sets = new Map<string, BindingSet>();
  for (const [id, raw] of Object.entries(json as Record<string, unknown>)) {
    if (!COLUMN_ID.test(id)) fail(id, 'a binding set id is a simple name');
    const def = raw as { table?: unknown; maxRows?: unknown; columns?: unknown };
    if (typeof def?.table !== 'string' || !SQL_NAME.test(def.table)) fail(id, `table ${String(def?.table)} is not a plain SQL name`);
    if (!Array.isArray(def.columns) || def.columns.length === 0) fail(id, 'columns must be a non-empty array');
    const maxRows = def.maxRows === undefined ? defaultMaxRows : Number(def.maxRows);
    if (!Number.isInteger(maxRows) || maxRows < 1) fail(id, 'maxRows must be a positive integer');
    const columns = def.columns.map((c: Record<string, unknown>, i: number): ColumnBinding => {
      const where = `${id}.columns[${i}]`;
      if (typeof c.id !== 'string' || !COLUMN_ID.test(c.id)) fail(where, `id ${String(c.id)} is not a simple name`);
      if (typeof c.column !== 'string' || !SQL_NAME.test(c.column)) fail(where, `column ${String(c.column)} is not a plain SQL name`);
      if (!SQL_TYPES.includes(c.type as SqlType)) fail(where, `type ${String(c.type)} is not one of ${SQL_TYPES.join(', ')}`);
      for (const n of ['size', 'scale'] as const) {
        if (c[n] !== undefined && (!Number.isInteger(c[n]) || (c[n] as number) < 0)) fail(where, `${n} must be a non-negative integer`);
      }
      if (c.references !== undefined && typeof c.references !== 'string') fail(where, 'references must be an SQL query');
      return {
        id: c.id,
        column: c.column,
        type: c.type as SqlType,
        size: c.size as number | undefined,
        scale: c.scale as number | undefined,
        key: c.key === true,
        nullable: c.nullable !== false && c.key !== true,
        readOnly: c.readOnly === true,
        caption: typeof c.caption === 'string' ? c.caption : c.id,
        unit: typeof c.unit === 'string' ? c.unit : undefined,
        references: c.references as string | undefined,
      };
    });
    const byId = new Map(columns.map((c) => [c.id, c]));
    if (byId.size !== columns.length) fail(id, 'column ids must be unique');
    const keys = columns.filter((c) => c.key);
    if (keys.length === 0) fail(id, 'at least one key column is needed (saves find rows by key)');
    sets.set(id, { id, table: def.table, maxRows, columns, byId, keys });
  }
  return sets;
}

/** Reads binding sets from a JSON file. */
export function readBindingSets(path: string, defaultMaxRows?: number): BindingSets {
  return bindingSetsFrom(JSON.parse(readFileSync(path, 'utf8')), defaultMaxRows);
}

/** A database identifier in double quotes; binding sets only hold plain names, the quotes keep keywords harmless. */
export function quoteName(name: string): string {
  return `"${name}"`;
}
