import { NS } from 'ngx-wrs-grid/core';
import { SqlExecutor } from './database';
import { badRequest } from './http-error';
import { escapeAttribute } from './xml-text';

/** Largest block one call may reserve. */
export const MAX_BLOCK_SIZE = 100_000;
const SCOPE = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * Reserves `blockSize` identifiers of a scope and returns the LAST one (design.md 5). One atomic upsert, so
 * concurrent callers never get overlapping blocks; a new scope starts at 1.
 */
export async function nextIdentifier(db: SqlExecutor, scope: string, blockSize = 1): Promise<number> {
  if (!SCOPE.test(scope)) throw badRequest(`Identifier scope "${scope.slice(0, 100)}" must be 1-100 letters, digits, '_', '.' or '-'`);
  if (!Number.isInteger(blockSize) || blockSize < 1 || blockSize > MAX_BLOCK_SIZE) {
    throw badRequest(`Block size must be an integer from 1 to ${MAX_BLOCK_SIZE}, got "${blockSize}"`);
  }
  const r = await db.query(
    `INSERT INTO wrs_identifiers (scope, last_id) VALUES ($1, $2)
     ON CONFLICT (scope) DO UPDATE SET last_id = wrs_identifiers.last_id + EXCLUDED.last_id
     RETURNING CAST(last_id AS TEXT) AS last_id`,
    [scope, blockSize],
  );
  return Number(r.rows[0].last_id);
}

/** The answer document of a next-identifier call. */
export function nextIdentifierXml(scope: string, blockSize: number, last: number): string {
  return `<wrs:NextIdentifier xmlns:wrs="${NS.wrs}" scope="${escapeAttribute(scope)}" blockSize="${blockSize}">${last}</wrs:NextIdentifier>`;
}
