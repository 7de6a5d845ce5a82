import { ColumnBinding, quoteName } from './binding-sets';
import { SqlExecutor } from './database';
import type { RowChange, SavePlan } from './save-wrs';
import { SqlParams, answeredColumnSql, columnSql, originalSql } from './sql-params';
import { castType, isTextType } from './sql-values';

/** What a run of a save did: rows written per kind, and the M and D rows whose originals matched no database row. */
export interface SaveRun {
  readonly inserted: number;
  readonly updated: number;
  readonly deleted: number;
  readonly conflicts: readonly RowChange[];
}

/**
 * A key value as a text that database-equal values share (CHAR ignores trailing spaces, REAL rounds, timestamps
 * compare to the second). It may also join values the database tells apart: that only splits a segment sooner.
 */
function keyText(column: ColumnBinding, value: string): string {
  if (isTextType(column.type)) return value.trimEnd().toLowerCase();
  if (column.type === 'REAL' || column.type === 'FLOAT' || column.type === 'DOUBLE') return String(Math.fround(Number(value)));
  if (column.type === 'TIMESTAMP') {
    // As `sqlValue` writes them: a date, a time to the minute or more, an era; `infinity` is all date.
    const [, date, h = '00', m = '00', s = '00', era] = /^([^T ]*)(?:T(\d+):(\d+)(?::(\d+))?(?:\.\d*)?)?(.*)$/.exec(value)!;
    return `${date}T${h}:${m}:${s}${era}`;
  }
  return value;
}

/** The key a row writes or checks; null for an inserted row whose key the database gives (a read-only key column). */
function keyOf(plan: SavePlan, row: RowChange): string | null {
  const parts: string[] = [];
  for (const key of plan.set.keys) {
    if (row.state === 'I' && key.readOnly) return null;
    const i = plan.columns.indexOf(key);
    const value = row.state === 'I' ? row.values[i] : row.originals[i];
    parts.push(value === null ? '\u0001' : keyText(key, value));
  }
  return parts.join('\u0000');
}

/**
 * The rows in document order, cut before each row naming a key an earlier row of the same segment names. Rows of one
 * segment touch distinct rows of the table, so its deletes, updates and inserts can run as one statement each and end
 * as running them one by one would; a key deleted and inserted again stays in document order across segments.
 */
export function segmentsOf(plan: SavePlan): RowChange[][] {
  const segments: RowChange[][] = [];
  let current: RowChange[] = [];
  let keys = new Set<string>();
  for (const row of plan.rows) {
    const key = keyOf(plan, row);
    if (key !== null && keys.has(key)) {
      segments.push(current);
      current = [];
      keys = new Set();
    }
    if (key !== null) keys.add(key);
    current.push(row);
  }
  if (current.length) segments.push(current);
  return segments;
}

const cast = (column: ColumnBinding, ref: string) => `CAST(${ref} AS ${castType(column.type)})`;

/**
 * The batch's rows as one relation `v`: each column a text array parameter (`v.<name>`, cast where used) and `v.n`
 * the row's position in the batch, from 1.
 */
function batchRows(columns: readonly { name: string; values: (string | null)[] }[], params: SqlParams): string {
  const arrays = columns.map((c) => `${params.add(c.values)}::text[]`).join(', ');
  return `unnest(${arrays}) WITH ORDINALITY AS v(${columns.map((c) => c.name).join(', ')}, n)`;
}

/**
 * The optimistic check of a batch: each table row `t` against the originals `v.o<i>`. Keys compare with `=` so the
 * database joins by key (keys are never NULL: binding sets make them non-nullable); a batch of rows sent with a NULL
 * key compares it with IS NOT DISTINCT FROM too, as a single row would.
 */
function unchangedSince(columns: readonly ColumnBinding[], nullKey: boolean): string {
  return columns
    .map((c, i) => {
      const col = answeredColumnSql(c, `t.${columnSql(c)}`);
      return `${col} ${c.key && !nullKey ? '=' : 'IS NOT DISTINCT FROM'} ${originalSql(c, `v.o${i}`)}`;
    })
    .join(' AND ');
}

function originalsOf(columns: readonly ColumnBinding[], rows: readonly RowChange[]): { name: string; values: (string | null)[] }[] {
  return columns.map((_, i) => ({ name: `o${i}`, values: rows.map((r) => r.originals[i]) }));
}

/** The rows of the batch the statement matched no table row for (its RETURNING gives the matched `v.n`). */
function unmatched(rows: readonly RowChange[], returned: readonly Record<string, unknown>[]): RowChange[] {
  const matched = new Set(returned.map((r) => Number(r['n'])));
  return rows.filter((_, k) => !matched.has(k + 1));
}

async function deleteBatch(tx: SqlExecutor, plan: SavePlan, rows: readonly RowChange[], nullKey: boolean): Promise<RowChange[]> {
  const params = new SqlParams();
  const source = batchRows(originalsOf(plan.columns, rows), params);
  const r = await tx.query(
    `DELETE FROM ${quoteName(plan.set.table)} AS t USING ${source} WHERE ${unchangedSince(plan.columns, nullKey)} RETURNING v.n`,
    params.values,
  );
  return unmatched(rows, r.rows);
}

/** `changed`: the column positions these rows change (the same for every row of the batch). */
async function updateBatch(tx: SqlExecutor, plan: SavePlan, rows: readonly RowChange[], changed: readonly number[], nullKey: boolean): Promise<RowChange[]> {
  const { columns, set } = plan;
  const params = new SqlParams();
  const newValues = changed.map((i) => ({ name: `c${i}`, values: rows.map((r) => r.values[i]) }));
  const source = batchRows([...originalsOf(columns, rows), ...newValues], params);
  // With nothing changed the statement still runs, so a concurrent change is found all the same.
  const assignments = changed.length
    ? changed.map((i) => `${columnSql(columns[i])} = ${cast(columns[i], `v.c${i}`)}`).join(', ')
    : `${columnSql(set.keys[0])} = t.${columnSql(set.keys[0])}`;
  const r = await tx.query(
    `UPDATE ${quoteName(set.table)} AS t SET ${assignments} FROM ${source} WHERE ${unchangedSince(columns, nullKey)} RETURNING v.n`,
    params.values,
  );
  return unmatched(rows, r.rows);
}

async function insertBatch(tx: SqlExecutor, plan: SavePlan, rows: readonly RowChange[]): Promise<void> {
  const written = plan.columns.map((c, i) => [c, i] as const).filter(([c]) => !c.readOnly);
  const params = new SqlParams();
  const source = batchRows(written.map(([, i]) => ({ name: `c${i}`, values: rows.map((r) => r.values[i]) })), params);
  const values = written.map(([c, i]) => cast(c, `v.c${i}`)).join(', ');
  // Document order, so keys the database generates follow the rows as one by one.
  await tx.query(
    `INSERT INTO ${quoteName(plan.set.table)} (${written.map(([c]) => columnSql(c)).join(', ')}) SELECT ${values} FROM ${source} ORDER BY v.n`,
    params.values,
  );
}

/** Groups rows by a shape text, keeping each group in document order. */
function groupBy(rows: readonly RowChange[], shape: (row: RowChange) => string): RowChange[][] {
  const groups = new Map<string, RowChange[]>();
  for (const row of rows) {
    const key = shape(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()];
}

function hasNullKey(plan: SavePlan, row: RowChange): boolean {
  return plan.set.keys.some((key) => row.originals[plan.columns.indexOf(key)] === null);
}

function changedColumns(row: RowChange): number[] {
  return row.values.flatMap((v, i) => (v !== row.originals[i] ? [i] : []));
}

/**
 * Writes the save segment by segment, each with one DELETE, one UPDATE per set of changed columns and one INSERT.
 * A database error is thrown as it comes: a batch cannot tell which of its rows was at fault.
 */
export async function applyBatches(tx: SqlExecutor, plan: SavePlan): Promise<SaveRun> {
  const conflicts: RowChange[] = [];
  let inserted = 0;
  let updated = 0;
  let deleted = 0;
  for (const segment of segmentsOf(plan)) {
    for (const rows of groupBy(segment.filter((r) => r.state === 'D'), (r) => String(hasNullKey(plan, r)))) {
      const missed = await deleteBatch(tx, plan, rows, hasNullKey(plan, rows[0]));
      for (const row of missed) conflicts.push(row);
      deleted += rows.length - missed.length;
    }
    const modified = segment.filter((r) => r.state === 'M');
    for (const rows of groupBy(modified, (r) => `${hasNullKey(plan, r)}:${changedColumns(r).join(',')}`)) {
      const missed = await updateBatch(tx, plan, rows, changedColumns(rows[0]), hasNullKey(plan, rows[0]));
      for (const row of missed) conflicts.push(row);
      updated += rows.length - missed.length;
    }
    const inserts = segment.filter((r) => r.state === 'I');
    if (inserts.length) {
      await insertBatch(tx, plan, inserts);
      inserted += inserts.length;
    }
  }
  const position = new Map(plan.rows.map((r, i) => [r, i]));
  conflicts.sort((a, b) => position.get(a)! - position.get(b)!);
  return { inserted, updated, deleted, conflicts };
}
