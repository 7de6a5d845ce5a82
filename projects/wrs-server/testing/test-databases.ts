import pg from 'pg';
import { Database, openPglite, openPostgres } from '../src/database';

export type DatabaseKind = Database['kind'];

/** The PostgreSQL the server specs run on besides PGlite (`bash scripts/with-postgres.sh` starts a throwaway one). */
export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'] || undefined;

/** The databases the specs that touch one run on: PGlite always, PostgreSQL when TEST_DATABASE_URL names one. */
export const TEST_DATABASES: readonly DatabaseKind[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

const NAMES: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** Defines the suite once per database in TEST_DATABASES, its title ending in the database's name. */
export function describeOnDatabases(title: string, specs: (kind: DatabaseKind) => void): void {
  for (const kind of TEST_DATABASES) describe(`${title} on ${NAMES[kind]}`, () => specs(kind));
}

let schemas = 0;

/**
 * A fresh, empty database of the kind: PGlite in memory, or on PostgreSQL a schema of its own in TEST_DATABASE_URL's
 * database (the pool's search_path, and its application_name), dropped again on close, so suites never see each
 * other's rows. `log` gets what the database logs (openPostgres).
 */
export async function openTestDatabase(kind: DatabaseKind, log?: (message: string) => void): Promise<Database> {
  if (kind === 'pglite') return openPglite();
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set: no PostgreSQL to run on');
  const schema = `wrs_spec_${process.pid}_${++schemas}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  url.searchParams.set('application_name', schema);
  const db = await openPostgres(url.href, log);
  return {
    ...db,
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * Resolves once `count` sessions wait for the session `pid`, directly or behind another waiting session (a second
 * waiter for a row lock waits for the first); fails after 20 s.
 */
async function waitUntilBlocked(db: Database, pid: number, count: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const r = await db.query(
      `WITH RECURSIVE waiting (pid) AS (
         SELECT $1::int UNION SELECT a.pid FROM pg_stat_activity a JOIN waiting w ON w.pid = ANY(pg_blocking_pids(a.pid))
       ) SELECT count(*) - 1 AS n FROM waiting`,
      [pid],
    );
    const waiting = Number(r.rows[0]['n']);
    if (waiting >= count) return;
    if (Date.now() > deadline) throw new Error(`${waiting} of ${count} calls came to wait for the lock within 20 s`);
    await new Promise((ok) => setTimeout(ok, 10));
  }
}

const ROLLED_BACK = Symbol('rolled back');

/**
 * Starts `calls` while a transaction of PostgreSQL `db` holds the locks `lock.sql` takes, waits until every call waits
 * for them, then ends that transaction (committed, or rolled back with `rollback`): the calls then really run at once,
 * each with the others' transactions open. Resolves with their results in order.
 */
export async function releasedTogether<T>(
  db: Database,
  lock: { sql: string; params?: readonly unknown[]; rollback?: boolean },
  calls: readonly (() => Promise<T>)[],
): Promise<T[]> {
  let started: Promise<T>[] = [];
  try {
    await db.transaction(async (tx) => {
      await tx.query(lock.sql, lock.params);
      const pid = Number((await tx.query('SELECT pg_backend_pid() AS pid')).rows[0]['pid']);
      started = calls.map((call) => call());
      await waitUntilBlocked(db, pid, calls.length);
      if (lock.rollback) throw ROLLED_BACK;
    });
  } catch (e) {
    if (e !== ROLLED_BACK) throw e;
  }
  return Promise.all(started);
}
