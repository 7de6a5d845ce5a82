import { NS, cellValue, cellsOf, originalOf } from 'ngx-wrs-grid/core';
import { childElements, firstChildElement } from '../../ui-grid/core/src/xml/dom';
import { BindingSet, BindingSets, ColumnBinding, quoteName } from './binding-sets';
import { Database, SqlExecutor } from './database';
import { HttpError, badRequest, internalError } from './http-error';
import { SaveRun, applyBatches } from './save-batches';
import { SqlParams, answeredColumnSql, columnSql, originalSql } from './sql-params';
import { sqlValue } from './sql-values';

export interface SaveOutcome {
  readonly inserted: number;
  readonly updated: number;
  readonly deleted: number;
}

/** One checked row: values normalised per column (header order), originals for M rows. */
export interface RowChange {
  readonly id: string;
  readonly state: 'I' | 'M' | 'D';
  readonly values: readonly (string | null)[];
  readonly originals: readonly (string | null)[];
}

export interface SavePlan {
  readonly set: BindingSet;
  readonly columns: readonly ColumnBinding[];
  readonly rows: readonly RowChange[];
}

function headerColumns(header: Element, set: BindingSet): ColumnBinding[] {
  const columns = firstChildElement(header, NS.wrs, 'Columns');
  if (!columns) throw badRequest('wrs:Header needs wrs:Columns');
  const byPos: [number, ColumnBinding][] = [];
  for (const c of childElements(columns)) {
    if (c.namespaceURI !== NS.wrs || c.localName !== 'C') continue;
    const id = c.getAttribute('id') ?? '';
    const binding = set.byId.get(id);
    if (!binding) throw badRequest(`Unknown column "${id}" in wrs:Header (binding set ${set.id})`);
    const pos = Number(c.getAttribute('pos'));
    if (!Number.isInteger(pos) || pos < 1) throw badRequest(`wrs:Header column ${id} needs a positive @pos`);
    byPos.push([pos, binding]);
  }
  byPos.sort((a, b) => a[0] - b[0]);
  const out = byPos.map((p) => p[1]);
  if (new Set(out).size !== out.length) throw badRequest('wrs:Header lists a column twice');
  for (const key of set.keys) if (!out.includes(key)) throw badRequest(`wrs:Header lacks key column ${key.id}; rows cannot be identified`);
  return out;
}

function checkRow(row: Element, columns: readonly ColumnBinding[]): RowChange | null {
  const state = row.localName;
  if (row.namespaceURI !== NS.wrs || !['R', 'I', 'M', 'D'].includes(state)) throw badRequest(`wrs:Data holds ${row.nodeName}; rows are wrs:R, I, M or D`);
  // Unchanged rows carry nothing to write; a client may send them along.
  if (state === 'R') return null;
  const id = row.getAttribute('id') ?? '';
  const cells = cellsOf(row);
  if (cells.length !== columns.length) throw badRequest(`Row ${id} has ${cells.length} cells, the header ${columns.length} columns`, [id]);
  const values = cells.map((c, i) => sqlValue(columns[i], cellValue(c), id));
  const originals = cells.map((c, i) => {
    const o = originalOf(c);
    if (!o) {
      if (state === 'M') throw badRequest(`Row ${id} is wrs:M but cell ${columns[i].id} has no wrs:O with its original value`, [id]);
      return values[i];
    }
    return sqlValue(columns[i], cellValue(o), id);
  });
  if (state === 'I' && columns.every((c) => c.readOnly)) {
    throw badRequest(`Row ${id}: wrs:I writes no column; every column of wrs:Header is read-only`, [id]);
  }
  if (state !== 'D') {
    columns.forEach((col, i) => {
      if (values[i] === null && !col.nullable && !(state === 'I' && col.readOnly)) throw badRequest(`Row ${id}: column ${col.id} cannot be empty`, [id]);
      if (state === 'M' && values[i] !== originals[i]) {
        if (col.key) throw badRequest(`Row ${id}: key column ${col.id} cannot change; delete the row and insert a new one`, [id]);
        if (col.readOnly) throw badRequest(`Row ${id}: column ${col.id} is read-only`, [id]);
      }
    });
  }
  return { id, state: state as RowChange['state'], values, originals };
}

/** Checks a save document completely before any SQL runs: binding set, header columns, row shapes and every value. */
export function planSave(wrs: Element, sets: BindingSets): SavePlan {
  const header = firstChildElement(wrs, NS.wrs, 'Header');
  if (!header) throw badRequest('wrs:Wrs needs a wrs:Header');
  const bindingSet = firstChildElement(header, NS.wrs, 'BindingSet');
  const setId = (bindingSet?.textContent ?? '').trim();
  if (!setId) throw badRequest('wrs:Header/wrs:BindingSet names no binding set; the server cannot tell which table to write');
  const set = sets.get(setId);
  if (!set) throw badRequest(`Unknown binding set "${setId}"`);
  const columns = headerColumns(header, set);
  const data = firstChildElement(wrs, NS.wrs, 'Data');
  const rows: RowChange[] = [];
  for (const row of data ? childElements(data) : []) {
    const change = checkRow(row, columns);
    if (change) rows.push(change);
  }
  return { set, columns, rows };
}

/** `col IS NOT DISTINCT FROM value`, both as answers show them (`answeredColumnSql`, `originalSql`). */
function sameAs(column: ColumnBinding, value: string | null, params: SqlParams): string {
  return `${answeredColumnSql(column, columnSql(column))} IS NOT DISTINCT FROM ${originalSql(column, params.add(value))}`;
}

/** The WHERE of an optimistic check: the key, and every column still holding the value the client loaded. */
function unchangedSince(columns: readonly ColumnBinding[], originals: readonly (string | null)[], params: SqlParams): string {
  return columns.map((c, i) => sameAs(c, originals[i], params)).join(' AND ');
}

function databaseFailure(e: unknown, row: RowChange): HttpError {
  const err = e as { code?: string; message?: string; detail?: string };
  const why = [err.message, err.detail].filter(Boolean).join(': ');
  if (err.code === '23505') return new HttpError(409, `Row ${row.id}: a row with this key already exists (${why})`, [row.id]);
  if (err.code?.startsWith('23') || err.code?.startsWith('22')) return new HttpError(400, `Row ${row.id}: the database refused the row (${why})`, [row.id]);
  return internalError(e, `Row ${row.id}: internal error`, [row.id]);
}

async function applyRow(tx: SqlExecutor, plan: SavePlan, row: RowChange): Promise<boolean> {
  const { set, columns } = plan;
  const params = new SqlParams();
  const table = quoteName(set.table);
  if (row.state === 'I') {
    const written = columns.map((c, i) => [c, i] as const).filter(([c]) => !c.readOnly);
    const values = written.map(([c, i]) => params.typed(c, row.values[i])).join(', ');
    await tx.query(`INSERT INTO ${table} (${written.map(([c]) => columnSql(c)).join(', ')}) VALUES (${values})`, params.values);
    return true;
  }
  if (row.state === 'M') {
    const changed = columns.map((c, i) => [c, i] as const).filter(([, i]) => row.values[i] !== row.originals[i]);
    // With nothing changed the statement still runs, so a concurrent change is found all the same.
    const set_ = changed.length
      ? changed.map(([c, i]) => `${columnSql(c)} = ${params.typed(c, row.values[i])}`).join(', ')
      : `${columnSql(set.keys[0])} = ${columnSql(set.keys[0])}`;
    const r = await tx.query(`UPDATE ${table} SET ${set_} WHERE ${unchangedSince(columns, row.originals, params)}`, params.values);
    return r.rowCount > 0;
  }
  const r = await tx.query(`DELETE FROM ${table} WHERE ${unchangedSince(columns, row.originals, params)}`, params.values);
  return r.rowCount > 0;
}

/** Writes the rows one statement each in document order; the first database error names its row. */
async function applyRowByRow(tx: SqlExecutor, plan: SavePlan): Promise<SaveRun> {
  const conflicts: RowChange[] = [];
  const counts = { inserted: 0, updated: 0, deleted: 0 };
  for (const row of plan.rows) {
    let applied: boolean;
    try {
      applied = await applyRow(tx, plan, row);
    } catch (e) {
      // Rows found changed meanwhile come first: a stale D row followed by an I row of its key fails at the insert,
      // but the conflict is the D row's.
      if (conflicts.length > 0) break;
      throw databaseFailure(e, row);
    }
    if (!applied) conflicts.push(row);
    else if (row.state === 'I') counts.inserted++;
    else if (row.state === 'M') counts.updated++;
    else counts.deleted++;
  }
  return { ...counts, conflicts };
}

/**
 * Writes every I, M and D row in one transaction, batched (`applyBatches`). An M or D row whose originals no longer
 * match the database is a conflict (409 naming all such rows); any failure rolls everything back.
 */
export async function saveWrs(db: Database, wrs: Element, sets: BindingSets): Promise<SaveOutcome> {
  const plan = planSave(wrs, sets);
  return db.transaction(async (tx) => {
    await tx.query('SAVEPOINT wrs_save');
    let run: SaveRun;
    try {
      run = await applyBatches(tx, plan);
    } catch {
      // A failed batch does not say which row the database refused: undo it and run row by row, which names the row
      // (and answers exactly as one statement per row always did).
      await tx.query('ROLLBACK TO SAVEPOINT wrs_save');
      run = await applyRowByRow(tx, plan);
    }
    const conflicts = run.conflicts.map((r) => r.id);
    if (conflicts.length) {
      throw new HttpError(409, `${conflicts.length} row(s) changed or deleted on the server since they were loaded: ${conflicts.join(', ')}; nothing was saved`, conflicts);
    }
    return { inserted: run.inserted, updated: run.updated, deleted: run.deleted };
  });
}
