/**
 * The texts of unsaved changes kept across reloads (part of `GridMessages`). Optional, so that an app's own complete
 * table written before them still compiles: a table without them reads the English text (`messageOf`).
 */
export interface JournalMessages {
  /** The question after a load: `{time}` when the changes were last journaled, `{n}` the rows (`journalFoundRow` for one). */
  readonly journalFound?: string;
  readonly journalFoundRow?: string;
  /** The accessible name of the question's group. */
  readonly journalQuestion?: string;
  readonly journalRestore?: string;
  readonly journalDiscard?: string;
  /** A journal whose columns are not those of the data loaded now: it is not applied at all. */
  readonly journalMismatch?: string;
  /** After Restore: `{n}` rows changed again (`journalRestoredRow` for one). */
  readonly journalRestored?: string;
  readonly journalRestoredRow?: string;
  /** Appended after Restore: `{n}` rows the server changed since, marked (`journalConflictRow` for one). */
  readonly journalConflicts?: string;
  readonly journalConflictRow?: string;
  /** Appended after Restore: `{n}` changed rows the server no longer holds, not restored. */
  readonly journalGone?: string;
  /** Appended after Restore with server-side pages: `{n}` changed rows of other pages, restored when their page is shown. */
  readonly journalWaiting?: string;
  readonly journalWaitingRow?: string;
  /** Read out (and shown as the row's note) for a row in conflict: `{cells}` the cells, joined by "; ". */
  readonly journalConflict?: string;
  /** One cell of it: `{column}`, the server's value now `{server}`, the user's `{mine}`. */
  readonly journalConflictCell?: string;
  /** One cell of a deleted row the server changed since: `{column}`, `{server}`, the value deleted `{original}`. */
  readonly journalConflictDeleted?: string;
}

export const JOURNAL_MESSAGES_EN: Required<JournalMessages> = {
  journalFound: 'Unsaved changes from {time} in {n} rows',
  journalFoundRow: 'Unsaved changes from {time} in 1 row',
  journalQuestion: 'Unsaved changes',
  journalRestore: 'Restore changes',
  journalDiscard: 'Discard',
  journalMismatch: 'Unsaved changes from {time} in {n} rows no longer fit the columns of this table and cannot be restored',
  journalRestored: 'Restored the changes in {n} rows',
  journalRestoredRow: 'Restored the changes in 1 row',
  journalConflicts: '{n} rows were changed on the server since (marked): check them before saving',
  journalConflictRow: '1 row was changed on the server since (marked): check it before saving',
  journalGone: '{n} changed rows are no longer on the server and were not restored',
  journalWaiting: '{n} changed rows of other pages are restored when their page is shown (a save sends them)',
  journalWaitingRow: '1 changed row of another page is restored when its page is shown (a save sends it)',
  journalConflict: 'Changed on the server since: {cells}',
  journalConflictCell: '{column}: server "{server}", yours "{mine}"',
  journalConflictDeleted: '{column}: server "{server}", deleted "{original}"',
};

export const JOURNAL_MESSAGES_DE: Required<JournalMessages> = {
  journalFound: 'Ungespeicherte Änderungen vom {time} in {n} Zeilen',
  journalFoundRow: 'Ungespeicherte Änderungen vom {time} in 1 Zeile',
  journalQuestion: 'Ungespeicherte Änderungen',
  journalRestore: 'Änderungen wiederherstellen',
  journalDiscard: 'Verwerfen',
  journalMismatch: 'Ungespeicherte Änderungen vom {time} in {n} Zeilen passen nicht mehr zu den Spalten dieser Tabelle und können nicht wiederhergestellt werden',
  journalRestored: 'Die Änderungen in {n} Zeilen wiederhergestellt',
  journalRestoredRow: 'Die Änderungen in 1 Zeile wiederhergestellt',
  journalConflicts: '{n} Zeilen wurden inzwischen auf dem Server geändert (markiert): vor dem Speichern prüfen',
  journalConflictRow: '1 Zeile wurde inzwischen auf dem Server geändert (markiert): vor dem Speichern prüfen',
  journalGone: '{n} geänderte Zeilen gibt es auf dem Server nicht mehr; sie wurden nicht wiederhergestellt',
  journalWaiting: '{n} geänderte Zeilen anderer Seiten werden wiederhergestellt, sobald ihre Seite angezeigt wird (Speichern sendet sie)',
  journalWaitingRow: '1 geänderte Zeile einer anderen Seite wird wiederhergestellt, sobald ihre Seite angezeigt wird (Speichern sendet sie)',
  journalConflict: 'Inzwischen auf dem Server geändert: {cells}',
  journalConflictCell: '{column}: Server „{server}“, Ihr Wert „{mine}“',
  journalConflictDeleted: '{column}: Server „{server}“, gelöscht „{original}“',
};
