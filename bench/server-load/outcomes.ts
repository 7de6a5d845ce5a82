// The proof of a server-load run: every answer and the table afterwards, checked against what optimistic saving promises.
import type { Database } from '../../projects/wrs-server/src/database';

/** One request of a client: a load, or a save of one row (M: quantity `original` -> `value`; I: new key, customer `value`). */
export interface ClientOutcome {
  readonly kind: 'load' | 'M' | 'I';
  readonly client: number;
  readonly rowId: string;
  readonly key: string;
  readonly original: string | null;
  readonly value: string | null;
  /** The HTTP status; 0 when no answer came. */
  readonly status: number;
  readonly body: string;
}

export interface OutcomeCheck {
  readonly lostUpdates: number;
  readonly duplicateInserts: number;
  readonly unjustifiedRejections: number;
  readonly unanswered: number;
  readonly violations: string[];
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

function namesRow(o: ClientOutcome): boolean {
  return o.status === 409 && o.body.includes(`<Row id="${o.rowId}"/>`);
}

/**
 * Checks the outcomes against the table. Updates: the accepted saves of a row form one chain from its quantity before
 * the run (each starts from the value the one before wrote, quantities being unique), and the table holds the chain's
 * end; a save leaving the chain or the table holding another value is a lost update. Rejections: a 409 naming the row,
 * and another save took the row from the same state (or the key was inserted). Inserts: at most one accepted per key,
 * and the table holds exactly the accepted ones. Anything else (no answer, 400, 500) is a violation too.
 */
export async function checkOutcomes(db: Database, outcomes: readonly ClientOutcome[], initial: ReadonlyMap<string, string | null>): Promise<OutcomeCheck> {
  const violations: string[] = [];
  let lostUpdates = 0;
  let duplicateInserts = 0;
  let unjustifiedRejections = 0;
  const unanswered = outcomes.filter((o) => o.status === 0).length;
  for (const o of outcomes) {
    if (o.status !== 0 && o.status !== 200 && o.status !== 409) violations.push(`${o.kind} ${o.rowId} answered ${o.status}: ${o.body.slice(0, 200)}`);
    if (o.status === 0) violations.push(`${o.kind} ${o.rowId} of client ${o.client} got no answer: ${o.body.slice(0, 200)}`);
  }

  const updates = groupBy(outcomes.filter((o) => o.kind === 'M'), (o) => o.key);
  const keys = [...updates.keys()].map(Number);
  const held = new Map((await db.query('SELECT id::text AS id, quantity::text AS q FROM orders WHERE id = ANY($1::int[])', [keys])).rows.map((r) => [r['id'] as string, r['q'] as string]));
  for (const [key, saves] of updates) {
    const accepted = saves.filter((o) => o.status === 200);
    const next = new Map<string | null, string | null>();
    for (const o of accepted) {
      if (next.has(o.original)) {
        lostUpdates++;
        violations.push(`row ${key}: two accepted saves both started from quantity ${o.original}`);
      }
      next.set(o.original, o.value);
    }
    let end = initial.get(key) ?? null;
    let steps = 0;
    while (next.has(end) && steps <= accepted.length) {
      end = next.get(end)!;
      steps++;
    }
    if (steps !== accepted.length || held.get(key) !== end) {
      lostUpdates++;
      violations.push(`row ${key}: ${accepted.length} accepted saves, ${steps} on the chain from ${initial.get(key)}; the table holds ${held.get(key)}, the chain ends at ${end}`);
    }
    for (const o of saves.filter((s) => s.status === 409)) {
      if (!namesRow(o) || !next.has(o.original)) {
        unjustifiedRejections++;
        violations.push(`row ${key}: save from quantity ${o.original} refused (${o.body.slice(0, 120)}) though no accepted save started there`);
      }
    }
  }

  const inserts = groupBy(outcomes.filter((o) => o.kind === 'I'), (o) => o.key);
  const insertKeys = [...inserts.keys()].map(Number);
  const rows = (await db.query('SELECT id::text AS id, customer FROM orders WHERE id = ANY($1::int[])', [insertKeys])).rows;
  const stored = groupBy(rows, (r) => r['id'] as string);
  for (const [key, tries] of inserts) {
    const accepted = tries.filter((o) => o.status === 200);
    const inTable = stored.get(key) ?? [];
    if (accepted.length > 1 || inTable.length > 1) {
      duplicateInserts++;
      violations.push(`key ${key}: ${accepted.length} accepted inserts, ${inTable.length} rows in the table`);
    } else if (accepted.length !== inTable.length || (accepted[0] && inTable[0]['customer'] !== accepted[0].value)) {
      lostUpdates++;
      violations.push(`key ${key}: accepted insert ${accepted[0]?.value ?? 'none'}, the table holds ${inTable[0]?.['customer'] ?? 'nothing'}`);
    }
    for (const o of tries.filter((t) => t.status === 409)) {
      if (!namesRow(o) || accepted.length !== 1) {
        unjustifiedRejections++;
        violations.push(`key ${key}: insert ${o.rowId} refused (${o.body.slice(0, 120)}) though no other insert of the key was accepted`);
      }
    }
  }
  return { lostUpdates, duplicateInserts, unjustifiedRejections, unanswered, violations };
}
