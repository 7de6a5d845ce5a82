import { Database } from './database';

/** Demo data sizes: the issue asks for 10,000 orders. */
export const DEMO_ORDER_COUNT = 10_000;

const COUNTRIES: readonly [string, string][] = [
  ['DE', 'Germany'], ['FR', 'France'], ['GB', 'United Kingdom'], ['IT', 'Italy'], ['ES', 'Spain'],
  ['NL', 'Netherlands'], ['PL', 'Poland'], ['SE', 'Sweden'], ['US', 'United States'], ['JP', 'Japan'],
];
const STATUSES: readonly [string, string][] = [
  ['NEW', 'New'], ['CONFIRMED', 'Confirmed'], ['SHIPPED', 'Shipped'], ['DELIVERED', 'Delivered'], ['CANCELLED', 'Cancelled'],
];
const NAMES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Stark', 'Wayne', 'Tyrell', 'Cyberdyne', 'Soylent', 'Hooli', 'Vandelay', 'Wonka'];
const FORMS = ['GmbH', 'AG', 'Ltd', 'Inc', 'SA', 'BV', 'AB', 'KK'];

const SCHEMA = `
CREATE TABLE IF NOT EXISTS countries (code CHAR(2) PRIMARY KEY, name VARCHAR(60) NOT NULL);
CREATE TABLE IF NOT EXISTS order_status (code VARCHAR(12) PRIMARY KEY, caption VARCHAR(40) NOT NULL, sort_order INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS orders (
  id INTEGER PRIMARY KEY,
  customer VARCHAR(60) NOT NULL,
  country CHAR(2) NOT NULL REFERENCES countries (code),
  status VARCHAR(12) NOT NULL REFERENCES order_status (code),
  quantity INTEGER NOT NULL CHECK (quantity >= 0),
  price NUMERIC(10, 2) NOT NULL,
  order_date DATE,
  created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE IF NOT EXISTS wrs_identifiers (scope VARCHAR(100) PRIMARY KEY, last_id BIGINT NOT NULL);
`;

/** A small deterministic generator (mulberry32), so every fresh database holds the same orders. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The demo orders as column arrays (one array per column), ready for one `unnest` INSERT. */
export function demoOrders(count = DEMO_ORDER_COUNT): unknown[][] {
  const next = generator(20240601);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const cols: unknown[][] = [[], [], [], [], [], [], [], []];
  const day0 = Date.UTC(2023, 0, 1);
  for (let i = 1; i <= count; i++) {
    const date = new Date(day0 + Math.floor(next() * 730) * 86_400_000).toISOString().slice(0, 10);
    cols[0].push(i);
    cols[1].push(`${pick(NAMES)} ${pick(FORMS)} ${1 + Math.floor(next() * 99)}`);
    cols[2].push(pick(COUNTRIES)[0]);
    cols[3].push(pick(STATUSES)[0]);
    cols[4].push(1 + Math.floor(next() * 500));
    cols[5].push((100 + Math.floor(next() * 99_900)) / 100);
    cols[6].push(date);
    cols[7].push(`${date} 08:00:00`);
  }
  return cols;
}

/**
 * Creates the demo schema and, on an empty database, the reference tables and the orders in one statement each
 * (one `unnest` INSERT instead of 10,000 round trips keeps the first start fast). Identifier scope `orders` starts
 * after the seeded ids. Returns true when it seeded.
 */
export async function ensureDemoData(db: Database, count = DEMO_ORDER_COUNT): Promise<boolean> {
  for (const statement of SCHEMA.split(';').map((s) => s.trim()).filter(Boolean)) await db.query(statement);
  const existing = await db.query('SELECT COUNT(*)::text AS n FROM countries');
  if (existing.rows[0].n !== '0') return false;
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO countries (code, name) SELECT * FROM unnest($1::text[], $2::text[])', [
      COUNTRIES.map((c) => c[0]), COUNTRIES.map((c) => c[1]),
    ]);
    await tx.query('INSERT INTO order_status (code, caption, sort_order) SELECT * FROM unnest($1::text[], $2::text[], $3::int[])', [
      STATUSES.map((s) => s[0]), STATUSES.map((s) => s[1]), STATUSES.map((_, i) => i + 1),
    ]);
    await tx.query(
      `INSERT INTO orders (id, customer, country, status, quantity, price, order_date, created_at)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::numeric[], $7::date[], $8::timestamp[])`,
      demoOrders(count),
    );
    await tx.query('INSERT INTO wrs_identifiers (scope, last_id) VALUES ($1, $2)', ['orders', count]);
  });
  return true;
}
