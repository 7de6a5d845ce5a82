// Opens TEST_DATABASE_URL with openPostgres and runs queries at once on new connections, in a process of its own: pg
// warns of a query sent while another runs only once per process (database.spec.ts reads this process's stderr).
import { openPostgres } from '../src/database';

async function main(): Promise<void> {
  const db = await openPostgres(process.env['TEST_DATABASE_URL']!);
  await Promise.all([db.query('SELECT 1'), db.transaction((tx) => tx.query('SELECT 2')), db.query('SELECT 3')]);
  await db.close();
}

void main();
