import { GridMessageTable, formatMessage, messageOf } from '../features/grid-messages';
import { JournalConflict, JournalRestore } from './journal-restore';

/**
 * The status line after Restore (or after a server page brought rows of it): rows restored, rows in conflict (marked),
 * rows the server no longer holds, rows still waiting for their page.
 */
export function restoredNote(restore: JournalRestore, messages: GridMessageTable): string {
  const rows = new Set(restore.rowIds).size;
  const waiting = restore.waiting.length;
  // A page that brought only rows gone says just that.
  const notes = rows === 0 && restore.gone > 0 ? [] : [formatMessage(messageOf(messages, rows === 1 ? 'journalRestoredRow' : 'journalRestored'), { n: rows })];
  const conflicted = new Set(restore.conflicts.map((c) => c.rowId)).size;
  if (conflicted > 0) notes.push(formatMessage(messageOf(messages, conflicted === 1 ? 'journalConflictRow' : 'journalConflicts'), { n: conflicted }));
  if (restore.gone > 0) notes.push(formatMessage(messageOf(messages, 'journalGone'), { n: restore.gone }));
  if (waiting > 0) notes.push(formatMessage(messageOf(messages, waiting === 1 ? 'journalWaitingRow' : 'journalWaiting'), { n: waiting }));
  return notes.join('. ');
}

/** What a row's conflicts say (its note and tooltip): each cell with the server's value now and the user's. */
export function conflictNote(conflicts: readonly JournalConflict[], messages: GridMessageTable, captionOf: (colId: string) => string): string {
  const cells = conflicts.map((c) => {
    const values = { column: captionOf(c.colId), server: c.server ?? '', mine: c.mine ?? '', original: c.original ?? '' };
    return formatMessage(messageOf(messages, c.deleted ? 'journalConflictDeleted' : 'journalConflictCell'), values);
  });
  return formatMessage(messageOf(messages, 'journalConflict'), { cells: cells.join('; ') });
}
