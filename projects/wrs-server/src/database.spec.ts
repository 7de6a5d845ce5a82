import { TEST_DATABASE_URL } from '../testing/test-databases';
import { I, M, loadRequest, rowsOf, saveXml, startTestServer } from '../testing/test-server';
import { bindingSetsFrom } from './binding-sets';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { openPostgres, poolConfig } from './database';

// CI runs the specs on PostgreSQL too (.ci/run through scripts/with-postgres.sh): there, a missing one fails the run.
const ci = process.env['CI'] === 'true';
if (!TEST_DATABASE_URL && !ci) {
  console.log('Server specs on PostgreSQL skipped: TEST_DATABASE_URL is not set (bash scripts/with-postgres.sh npm run test:server runs them)');
}

describe('poolConfig', () => {
  it("adds extra_float_digits = 1 to the startup options, after a connection string's own options", () => {
    expect(poolConfig('postgresql://u@localhost/db?host=/tmp/s').options).toBe('-c extra_float_digits=1');
    const config = poolConfig('postgresql://u@localhost:5433/db?options=-c%20search_path%3Ds&application_name=a');
    expect(config).toEqual(jasmine.objectContaining({ user: 'u', host: 'localhost', port: 5433, database: 'db', application_name: 'a' }));
    expect(config.options).toBe('-c search_path=s -c extra_float_digits=1');
    expect('connectionString' in config).toBeFalse();
  });
});

if (TEST_DATABASE_URL || ci) describe('the PostgreSQL of the server specs', () => {
  if (TEST_DATABASE_URL) {
    it('is reached through TEST_DATABASE_URL by openPostgres, as DATABASE_URL is by the server', async () => {
      const db = await openPostgres(TEST_DATABASE_URL);
      try {
        expect(db.kind).toBe('postgres');
        expect((await db.query('SELECT version() AS v')).rows[0]['v']).toMatch(/^PostgreSQL \d+/);
      } finally {
        await db.close();
      }
    });

    it("starts each connection with extra_float_digits = 1, keeping the connection string's own options", async () => {
      const url = new URL(TEST_DATABASE_URL!);
      url.searchParams.set('options', '-c search_path=wrs_options_spec');
      const db = await openPostgres(url.href);
      try {
        const shown = await db.transaction(async (tx) => [(await tx.query('SHOW extra_float_digits')).rows[0], (await tx.query('SHOW search_path')).rows[0]]);
        expect(shown).toEqual([{ extra_float_digits: '1' }, { search_path: 'wrs_options_spec' }]);
      } finally {
        await db.close();
      }
    });

    it('sends no query while another runs on a new connection (pg deprecates that: a warning, an error from pg 9)', async () => {
      const script = resolve('projects/wrs-server/testing/postgres-queries-at-once.ts');
      const { stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { timeout: 60_000 });
      expect(stderr).not.toMatch(/DeprecationWarning|already executing a query/);
    });

    it('ending the server\'s idle connections (a restart, an administrator) is logged, and the next requests are answered', async () => {
      const bindingSets = bindingSetsFrom({ t: { table: 't', columns: [{ id: 'id', column: 'id', type: 'INTEGER', key: true }] } });
      const logged: string[] = [];
      const server = await startTestServer('postgres', { table: 'CREATE TABLE t (id INTEGER PRIMARY KEY)', bindingSets }, (m) => logged.push(m));
      try {
        const loads = () => Promise.all([1, 2, 3].map(() => server.post('/WrsServlet', loadRequest('t'))));
        expect((await loads()).map((r) => r.status)).toEqual([200, 200, 200]);
        // A query while a transaction holds a connection opens a second one: the pool holds two idle connections now,
        // however the loads above were spread over it.
        await server.db.transaction(async (tx) => {
          await tx.query('SELECT 1');
          await server.db.query('SELECT 1');
        });
        // One of them runs this and ends the others.
        const ended = await server.db.query(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = current_setting('application_name') AND pid <> pg_backend_pid()`,
        );
        expect(Number(ended.rows[0]['n'])).toBeGreaterThan(0);
        const deadline = Date.now() + 10_000;
        while (logged.length === 0 && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 10));
        expect(logged[0]).toMatch(/^PostgreSQL ended an idle connection \(57P01: terminating connection due to administrator command\)/);
        expect((await loads()).map((r) => r.status)).toEqual([200, 200, 200]);
      } finally {
        await server.close();
      }
    });

    it('answers REAL and DOUBLE values exactly, and takes them back as originals, when the role sets extra_float_digits = 0', async () => {
      const bindingSets = bindingSetsFrom({
        f: {
          table: 'f',
          columns: [
            { id: 'id', column: 'id', type: 'INTEGER', key: true },
            { id: 'dbl', column: 'dbl', type: 'DOUBLE' },
            { id: 'r', column: 'r', type: 'REAL' },
            { id: 'n', column: 'n', type: 'INTEGER' },
          ],
        },
      });
      // Like an older server's setting: PostgreSQL then writes floats rounded (15 and 6 digits), which no longer read back as the value.
      const admin = await openPostgres(TEST_DATABASE_URL);
      await admin.query('ALTER ROLE CURRENT_USER SET extra_float_digits = 0');
      const server = await startTestServer('postgres', { table: 'CREATE TABLE f (id INTEGER PRIMARY KEY, dbl DOUBLE PRECISION, r REAL, n INTEGER)', bindingSets });
      try {
        const ids = ['id', 'dbl', 'r', 'n'];
        const values = ['1', '0.3333333333333333', '0.33333334', '1'];
        expect((await server.post('/WrsServlet', saveXml('f', ids, I('I_1', values)))).status).toBe(200);
        const [loaded] = rowsOf((await server.post('/WrsServlet', loadRequest('f'))).text);
        expect(loaded.cells).toEqual(values);
        const edit = await server.post('/WrsServlet', saveXml('f', ids, M(loaded.id, ['1', values[1], values[2], '2'], loaded.cells)));
        expect(edit.status).withContext(edit.text).toBe(200);
      } finally {
        await server.close();
        await admin.query('ALTER ROLE CURRENT_USER RESET extra_float_digits');
        await admin.close();
      }
    });
  } else {
    it('is named by TEST_DATABASE_URL under CI', () => {
      fail('TEST_DATABASE_URL is not set, and CI=true needs the PostgreSQL run: run the specs through bash scripts/with-postgres.sh');
    });
  }
});
