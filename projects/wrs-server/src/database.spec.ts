import { TEST_DATABASE_URL } from '../testing/test-databases';
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
  } else {
    it('is named by TEST_DATABASE_URL under CI', () => {
      fail('TEST_DATABASE_URL is not set, and CI=true needs the PostgreSQL run: run the specs through bash scripts/with-postgres.sh');
    });
  }
});
