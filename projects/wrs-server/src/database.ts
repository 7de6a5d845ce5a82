import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';

export interface SqlResult {
  readonly rows: Record<string, unknown>[];
  /** Rows an INSERT, UPDATE or DELETE touched. */
  readonly rowCount: number;
}

/** Runs one parameterised statement; values only ever travel as parameters. */
export interface SqlExecutor {
  query(sql: string, params?: readonly unknown[]): Promise<SqlResult>;
}

/** The server's database: the same SQL runs on embedded PGlite and on a real PostgreSQL. */
export interface Database extends SqlExecutor {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Embedded PostgreSQL (WASM); `dataDir` persists it, none keeps it in memory. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const db = await PGlite.create(dataDir);
  const run = async (ex: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]): Promise<SqlResult> => {
    const r = await ex.query<Record<string, unknown>>(sql, params ? [...params] : undefined);
    return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
  };
  return {
    kind: 'pglite',
    query: (sql, params) => run(db, sql, params),
    transaction: (work) => db.transaction((tx) => work({ query: (sql, params) => run(tx, sql, params) })),
    close: () => db.close(),
  };
}

/**
 * The pool settings of a connection string, with `extra_float_digits = 1` among the session's startup options: answers
 * write REAL and DOUBLE as PostgreSQL's text, exact (shortest digits reading back as the value) only with
 * extra_float_digits >= 1, PGlite's default, which a server's or role's setting may lower (then every edit of such a
 * row was a false 409). A startup option is set before the session's first query, with no query racing it. pg would
 * parse a `connectionString` again per connection and let its own `options` (`?options=-c search_path=s`) replace
 * the configured ones, so the string is parsed here, with pg's parser, and the options joined.
 */
export function poolConfig(connectionString: string): pg.PoolConfig {
  const config = parseIntoClientConfig(connectionString);
  return { ...config, options: [config.options, '-c extra_float_digits=1'].filter(Boolean).join(' ') };
}

/**
 * A real PostgreSQL through `pg`. A pooled connection the database ends while idle (a restart, an administrator, a
 * proxy's timeout) goes to `log` and is dropped: unheard, the pool's error event would end the process.
 */
export async function openPostgres(connectionString: string, log: (message: string) => void = (m) => console.error(m)): Promise<Database> {
  const pool = new pg.Pool(poolConfig(connectionString));
  pool.on('error', (e: Error & { code?: string }) => log(`PostgreSQL ended an idle connection (${e.code ?? 'no code'}: ${e.message}); the next query opens a new one`));
  const run = async (ex: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]): Promise<SqlResult> => {
    const r = await ex.query(sql, params ? [...params] : undefined);
    return { rows: r.rows, rowCount: r.rowCount ?? r.rows.length };
  };
  await run(pool, 'SELECT 1');
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: (sql, params) => run(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
