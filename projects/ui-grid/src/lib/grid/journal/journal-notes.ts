import { GridMessageTable, formatMessage, messageOf } from '../features/grid-messages';
import { JournalConflict, JournalRestore } from './journal-restore';

/** The status line after Restore: rows restored, rows in conflict (marked), rows the server no longer holds. */
export function restoredNote(restore: JournalRestore, messages: GridMessageTable): string {
  const rows = new Set(restore.rowIds).size;
  const notes = [formatMessage(messageOf(messages, rows === 1 ? 'journalRestoredRow' : 'journalRestored'), { n: rows })];
  const conflicted = new Set(restore.conflicts.map((c) => c.rowId)).size;
  if (conflicted > 0) notes.push(formatMessage(messageOf(messages, conflicted === 1 ? 'journalConflictRow' : 'journalConflicts'), { n: conflicted }));
  if (restore.gone > 0) notes.push(formatMessage(messageOf(messages, 'journalGone'), { n: restore.gone }));
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
