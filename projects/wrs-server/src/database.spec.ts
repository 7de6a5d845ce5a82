import { TEST_DATABASE_URL } from '../testing/test-databases';
import { loadRequest, startTestServer } from '../testing/test-server';
import { bindingSetsFrom } from './binding-sets';
import { openPostgres } from './database';

// CI runs the specs on PostgreSQL too (.ci/run through scripts/with-postgres.sh): there, a missing one fails the run.
const ci = process.env['CI'] === 'true';
if (!TEST_DATABASE_URL && !ci) {
  console.log('Server specs on PostgreSQL skipped: TEST_DATABASE_URL is not set (bash scripts/with-postgres.sh npm run test:server runs them)');
}

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

    it('ending the server\'s idle connections (a restart, an administrator) is logged, and the next requests are answered', async () => {
      const bindingSets = bindingSetsFrom({ t: { table: 't', columns: [{ id: 'id', column: 'id', type: 'INTEGER', key: true }] } });
      const logged: string[] = [];
      const server = await startTestServer('postgres', { table: 'CREATE TABLE t (id INTEGER PRIMARY KEY)', bindingSets }, (m) => logged.push(m));
      try {
        const loads = () => Promise.all([1, 2, 3].map(() => server.post('/WrsServlet', loadRequest('t'))));
        expect((await loads()).map((r) => r.status)).toEqual([200, 200, 200]);
        // The pool now holds idle connections; one of them runs this and ends the others.
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
  } else {
    it('is named by TEST_DATABASE_URL under CI', () => {
      fail('TEST_DATABASE_URL is not set, and CI=true needs the PostgreSQL run: run the specs through bash scripts/with-postgres.sh');
    });
  }
});
