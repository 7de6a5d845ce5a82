import { InjectionToken } from '@angular/core';
import { GridLayout } from '../grid-column';
import { COLUMN_MESSAGES_DE, COLUMN_MESSAGES_EN, ColumnMessages } from '../columns/column-messages';
import { FILL_MESSAGES_DE, FILL_MESSAGES_EN, FillMessages } from '../fill/fill-messages';
import { JOURNAL_MESSAGES_DE, JOURNAL_MESSAGES_EN, JournalMessages } from '../journal/journal-messages';
import { ROW_HEADER_MESSAGES_DE, ROW_HEADER_MESSAGES_EN, RowHeaderMessages } from './row-header-messages';
import { FAILURE_MESSAGES_DE, FAILURE_MESSAGES_EN, FailureMessages } from './failure-messages';
import { FIND_MESSAGES_DE, FIND_MESSAGES_EN, FindMessages } from './find-messages';

/** Every text the grid shows. `{n}`-style placeholders are filled by `formatMessage`. */
export interface GridMessages extends JournalMessages, RowHeaderMessages, ColumnMessages, FillMessages, FindMessages, FailureMessages {
  readonly addRow: string;
  readonly duplicate: string;
  readonly delete: string;
  readonly restore: string;
  readonly undo: string;
  readonly redo: string;
  readonly reset: string;
  readonly save: string;
  readonly saving: string;
  readonly loading: string;
  readonly toolbar: string;
  readonly invalidCells: string;
  readonly invalidCell: string;
  readonly notSaved: string;
  readonly errorsHiddenByFilter: string;
  readonly errorsOnOtherPages: string;
  readonly filterRemovedForError: string;
  /**
   * Read out for a modified, a new and a deleted row (`aria-description`). Optional, so that an app's own complete
   * table written before them still compiles: a table without them reads the English text (`rowStateMessage`).
   */
  readonly rowModified?: string;
  readonly rowNew?: string;
  readonly rowDeleted?: string;
  readonly maxRowsExceeded: string;
  readonly errorDuringQuery: string;
  readonly filterPlaceholder: string;
  readonly filterRangePlaceholder: string;
  readonly filterAll: string;
  readonly filterEmpty: string;
  readonly filterValues: string;
  readonly filterOf: string;
  /** A filter range bound of the wrong form; `{caption}` the column, `{value}` the bound. */
  readonly filterNotANumber: string;
  readonly filterNotADate: string;
  readonly filterNotATimestamp: string;
  readonly clearFilters: string;
  readonly rowsShown: string;
  readonly sortAscending: string;
  readonly sortDescending: string;
  readonly pagination: string;
  readonly firstPage: string;
  readonly previousPage: string;
  readonly nextPage: string;
  readonly lastPage: string;
  readonly pageOf: string;
  readonly showAll: string;
  readonly exportCsv: string;
  readonly exportXlsx: string;
  readonly exportRows: string;
  readonly exportFiltered: string;
  readonly exportAll: string;
  readonly exportMaxRows: string;
  readonly exportFailed: string;
  readonly contextMenu: string;
  readonly copy: string;
  readonly paste: string;
  readonly pasteAsNewRows: string;
  readonly insertRowAbove: string;
  readonly insertRowBelow: string;
  readonly duplicateRow: string;
  readonly deleteRow: string;
  readonly clearCells: string;
  readonly export: string;
  readonly tooltipOriginal: string;
  readonly ui_ValidationError_NotNull: string;
  readonly ui_ValidationError_Integer: string;
  readonly ui_ValidationError_Decimal: string;
  readonly ui_ValidationError_Scale: string;
  readonly ui_ValidationError_Date: string;
  readonly ui_ValidationError_Timestamp: string;
  readonly ui_ValidationError_Boolean: string;
  readonly ui_ValidationError_StringTooLong: string;
  readonly ui_ValidationError_NotInReferenceList: string;
  readonly ui_ValidationError_DuplicateKey: string;
  readonly ui_ValidationError_DuplicateKeyOnServer: string;
  // Keys added later are optional: a table an app wrote before them gets their English text (`messageOf`).
  /** An undo that changed only rows the filter hides; `{rows}` is `changedRow` or `changedRows`. */
  readonly undoneHiddenByFilter?: string;
  readonly redoneHiddenByFilter?: string;
  /** An undo that changed only rows of other server pages; `{rows}` as above. */
  readonly undoneOnOtherPages?: string;
  readonly redoneOnOtherPages?: string;
  /** Undo or redo of a change on a server page that cannot be shown again (the filter or order changed since). */
  readonly notUndoneElsewhere?: string;
  readonly notRedoneElsewhere?: string;
  readonly changedRow?: string;
  /** `{n}` rows. */
  readonly changedRows?: string;
  /** Shown with `loading` while a large Wrs is being read; `{n}` the rows read so far. */
  readonly rowsRead?: string;
  /** A save the server committed; `{n}` the rows it sent (`savedRow` for one). */
  readonly savedRows?: string;
  readonly savedRow?: string;
  /** A save with no change to send (and no save chain or custom save). */
  readonly nothingToSave?: string;
  /** The context menu's cut entry. */
  readonly cut?: string;
  /** Reset with changes pending asks first: `{n}` the changed rows (`resetConfirmRow` for one). */
  readonly resetConfirmRows?: string;
  readonly resetConfirmRow?: string;
  /** The answers: drop the changes and load anew, or keep them. */
  readonly resetDiscard?: string;
  readonly resetKeep?: string;
}

/** A message table: the grid's texts plus any caption keys an app looks up with the U+E0FF prefix. */
export type GridMessageTable = GridMessages & { readonly [key: string]: string };

/** The English default table. */
export const GRID_MESSAGES_EN: GridMessageTable = {
  addRow: 'Add row',
  duplicate: 'Duplicate',
  delete: 'Delete',
  restore: 'Restore',
  undo: 'Undo',
  redo: 'Redo',
  reset: 'Reset',
  save: 'Save',
  saving: 'Saving…',
  loading: 'Loading…',
  toolbar: 'Grid actions',
  invalidCells: '{n} invalid cells',
  invalidCell: '1 invalid cell',
  notSaved: 'Not saved: {cells}',
  errorsHiddenByFilter: '{cells} hidden by the filter',
  errorsOnOtherPages: '{cells} on other pages',
  filterRemovedForError: 'Filter on {columns} removed to show an invalid cell',
  rowModified: 'Modified row',
  rowNew: 'New row',
  rowDeleted: 'Deleted row',
  maxRowsExceeded: 'Only the first {n} rows are shown',
  errorDuringQuery: 'Error during query: {reason}',
  filterPlaceholder: 'Filter',
  filterRangePlaceholder: 'from..to',
  filterAll: '(all)',
  filterEmpty: '(empty)',
  filterValues: '{n} selected',
  filterNotANumber: '{caption}: "{value}" is not a number',
  filterNotADate: '{caption}: "{value}" is not a date (YYYY-MM-DD)',
  filterNotATimestamp: '{caption}: "{value}" is not a timestamp (YYYY-MM-DD hh:mm:ss)',
  filterOf: 'Filter {caption}',
  clearFilters: 'Clear filters',
  rowsShown: '{shown} of {total} rows',
  sortAscending: 'ascending',
  sortDescending: 'descending',
  pagination: 'Pages',
  firstPage: 'First page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  lastPage: 'Last page',
  pageOf: 'Page {page} of {pages}',
  showAll: 'Show all',
  exportCsv: 'Export CSV',
  exportXlsx: 'Export XLSX',
  exportRows: 'Export',
  exportFiltered: 'filtered rows',
  exportAll: 'all rows',
  exportMaxRows: 'The export holds only the first {n} rows: the server sends no more',
  exportFailed: 'Export failed: {reason}',
  contextMenu: 'Cell actions',
  copy: 'Copy',
  cut: 'Cut',
  paste: 'Paste',
  pasteAsNewRows: 'Paste as new rows',
  insertRowAbove: 'Insert row above',
  insertRowBelow: 'Insert row below',
  duplicateRow: 'Duplicate row',
  deleteRow: 'Delete row',
  clearCells: 'Clear cells',
  export: 'Export',
  tooltipOriginal: 'Original: {value}',
  ui_ValidationError_NotNull: '{caption} needs a value',
  ui_ValidationError_Integer: '{caption} is not a whole number',
  ui_ValidationError_Decimal: '{caption} is not a number',
  ui_ValidationError_Scale: '{caption} has too many decimal places',
  ui_ValidationError_Date: '{caption} is not a date (YYYY-MM-DD)',
  ui_ValidationError_Timestamp: '{caption} is not a timestamp (YYYY-MM-DD hh:mm:ss)',
  ui_ValidationError_Boolean: '{caption} is not true or false',
  ui_ValidationError_StringTooLong: '{caption} is too long',
  ui_ValidationError_NotInReferenceList: '{caption} is not an allowed value',
  ui_ValidationError_DuplicateKey: '{caption} is not unique (key)',
  ui_ValidationError_DuplicateKeyOnServer: '{caption} exists on the server already (key)',
  undoneHiddenByFilter: 'Undone in {rows} hidden by the filter',
  redoneHiddenByFilter: 'Redone in {rows} hidden by the filter',
  undoneOnOtherPages: 'Undone in {rows} not on this page',
  notUndoneElsewhere: 'Not undone: the change is on a page the filter or order now in place does not show',
  notRedoneElsewhere: 'Not redone: the change is on a page the filter or order now in place does not show',
  redoneOnOtherPages: 'Redone in {rows} not on this page',
  changedRow: '1 row',
  changedRows: '{n} rows',
  rowsRead: '{n} rows read',
  savedRows: 'Saved {n} changed rows',
  savedRow: 'Saved 1 changed row',
  nothingToSave: 'Nothing to save',
  resetConfirmRows: 'Discard the changes in {n} rows?',
  resetConfirmRow: 'Discard the changes in 1 row?',
  resetDiscard: 'Discard changes',
  resetKeep: 'Keep changes',
  ...JOURNAL_MESSAGES_EN,
  ...ROW_HEADER_MESSAGES_EN,
  ...COLUMN_MESSAGES_EN,
  ...FILL_MESSAGES_EN,
  ...FIND_MESSAGES_EN,
  ...FAILURE_MESSAGES_EN,
};

/** The German table, the second table proving an app can replace the texts. */
export const GRID_MESSAGES_DE: GridMessageTable = {
  addRow: 'Zeile hinzufügen',
  duplicate: 'Duplizieren',
  delete: 'Löschen',
  restore: 'Wiederherstellen',
  undo: 'Rückgängig',
  redo: 'Wiederholen',
  reset: 'Zurücksetzen',
  save: 'Speichern',
  saving: 'Speichert…',
  loading: 'Lädt…',
  toolbar: 'Tabellenaktionen',
  invalidCells: '{n} ungültige Zellen',
  invalidCell: '1 ungültige Zelle',
  notSaved: 'Nicht gespeichert: {cells}',
  errorsHiddenByFilter: '{cells} vom Filter ausgeblendet',
  errorsOnOtherPages: '{cells} auf anderen Seiten',
  filterRemovedForError: 'Filter auf {columns} entfernt, um eine ungültige Zelle zu zeigen',
  rowModified: 'Geänderte Zeile',
  rowNew: 'Neue Zeile',
  rowDeleted: 'Gelöschte Zeile',
  maxRowsExceeded: 'Nur die ersten {n} Zeilen werden angezeigt',
  errorDuringQuery: 'Fehler bei der Abfrage: {reason}',
  filterPlaceholder: 'Filter',
  filterRangePlaceholder: 'von..bis',
  filterAll: '(alle)',
  filterEmpty: '(leer)',
  filterValues: '{n} gewählt',
  filterNotANumber: '{caption}: „{value}“ ist keine Zahl',
  filterNotADate: '{caption}: „{value}“ ist kein Datum (JJJJ-MM-TT)',
  filterNotATimestamp: '{caption}: „{value}“ ist kein Zeitpunkt (JJJJ-MM-TT hh:mm:ss)',
  filterOf: '{caption} filtern',
  clearFilters: 'Filter löschen',
  rowsShown: '{shown} von {total} Zeilen',
  sortAscending: 'aufsteigend',
  sortDescending: 'absteigend',
  pagination: 'Seiten',
  firstPage: 'Erste Seite',
  previousPage: 'Vorige Seite',
  nextPage: 'Nächste Seite',
  lastPage: 'Letzte Seite',
  pageOf: 'Seite {page} von {pages}',
  showAll: 'Alle zeigen',
  exportCsv: 'CSV exportieren',
  exportXlsx: 'XLSX exportieren',
  exportRows: 'Exportieren',
  exportFiltered: 'gefilterte Zeilen',
  exportAll: 'alle Zeilen',
  exportMaxRows: 'Der Export enthält nur die ersten {n} Zeilen: mehr liefert der Server nicht',
  exportFailed: 'Export fehlgeschlagen: {reason}',
  contextMenu: 'Zellaktionen',
  copy: 'Kopieren',
  cut: 'Ausschneiden',
  paste: 'Einfügen',
  pasteAsNewRows: 'Als neue Zeilen einfügen',
  insertRowAbove: 'Zeile darüber einfügen',
  insertRowBelow: 'Zeile darunter einfügen',
  duplicateRow: 'Zeile duplizieren',
  deleteRow: 'Zeile löschen',
  clearCells: 'Zellen leeren',
  export: 'Exportieren',
  tooltipOriginal: 'Ursprünglich: {value}',
  ui_ValidationError_NotNull: '{caption} braucht einen Wert',
  ui_ValidationError_Integer: '{caption} ist keine ganze Zahl',
  ui_ValidationError_Decimal: '{caption} ist keine Zahl',
  ui_ValidationError_Scale: '{caption} hat zu viele Nachkommastellen',
  ui_ValidationError_Date: '{caption} ist kein Datum (JJJJ-MM-TT)',
  ui_ValidationError_Timestamp: '{caption} ist kein Zeitstempel (JJJJ-MM-TT hh:mm:ss)',
  ui_ValidationError_Boolean: '{caption} ist weder wahr noch falsch',
  ui_ValidationError_StringTooLong: '{caption} ist zu lang',
  ui_ValidationError_NotInReferenceList: '{caption} ist kein erlaubter Wert',
  ui_ValidationError_DuplicateKey: '{caption} ist nicht eindeutig (Schlüssel)',
  ui_ValidationError_DuplicateKeyOnServer: '{caption} gibt es auf dem Server schon (Schlüssel)',
  undoneHiddenByFilter: 'Rückgängig gemacht in {rows}, vom Filter ausgeblendet',
  redoneHiddenByFilter: 'Wiederholt in {rows}, vom Filter ausgeblendet',
  undoneOnOtherPages: 'Rückgängig gemacht in {rows}, nicht auf dieser Seite',
  notUndoneElsewhere: 'Nicht rückgängig gemacht: die Änderung liegt auf einer Seite, die der Filter oder die Sortierung jetzt nicht zeigt',
  notRedoneElsewhere: 'Nicht wiederholt: die Änderung liegt auf einer Seite, die der Filter oder die Sortierung jetzt nicht zeigt',
  redoneOnOtherPages: 'Wiederholt in {rows}, nicht auf dieser Seite',
  changedRow: '1 Zeile',
  changedRows: '{n} Zeilen',
  rowsRead: '{n} Zeilen gelesen',
  savedRows: '{n} geänderte Zeilen gespeichert',
  savedRow: '1 geänderte Zeile gespeichert',
  nothingToSave: 'Nichts zu speichern',
  resetConfirmRows: 'Die Änderungen in {n} Zeilen verwerfen?',
  resetConfirmRow: 'Die Änderungen in 1 Zeile verwerfen?',
  resetDiscard: 'Änderungen verwerfen',
  resetKeep: 'Änderungen behalten',
  ...JOURNAL_MESSAGES_DE,
  ...ROW_HEADER_MESSAGES_DE,
  ...COLUMN_MESSAGES_DE,
  ...FILL_MESSAGES_DE,
  ...FIND_MESSAGES_DE,
  ...FAILURE_MESSAGES_DE,
};

/** The message table of every grid in an injector; provide GRID_MESSAGES_DE or an app's own table to replace it. */
export const GRID_MESSAGES = new InjectionToken<GridMessageTable>('GRID_MESSAGES', { providedIn: 'root', factory: () => GRID_MESSAGES_EN });

/** The i18n prefix of `grid-1.0.0.xsd` captions: a caption starting with U+E0FF is a message key. */
export const I18N_PREFIX = '\uE0FF';

/** A caption as shown: with the i18n prefix the text of that key in the table (the key itself when missing). */
export function translateCaption(caption: string, messages: GridMessageTable): string {
  if (!caption.startsWith(I18N_PREFIX)) return caption;
  const key = caption.slice(I18N_PREFIX.length);
  return messages[key] ?? key;
}

/** A grid layout with column and group captions looked up (those carrying the i18n prefix). */
export function translateLayout(layout: GridLayout, messages: GridMessageTable): GridLayout {
  return {
    columns: layout.columns.map((c) => (c.caption.startsWith(I18N_PREFIX) ? { ...c, caption: translateCaption(c.caption, messages) } : c)),
    groups: layout.groups.map((g) => (g.caption.startsWith(I18N_PREFIX) ? { ...g, caption: translateCaption(g.caption, messages) } : g)),
  };
}

/** A message of the table; the English text for a key the table lacks (an optional key added after it was written). */
export function messageOf(messages: GridMessageTable, key: keyof GridMessages): string {
  return messages[key] ?? GRID_MESSAGES_EN[key] ?? key;
}

/** The text read out for a row of a Wrs state (M, I, D; null for R): the table's, else the English one. */
export function rowStateMessage(messages: GridMessageTable, state: string): string | null {
  const key = state === 'M' ? 'rowModified' : state === 'I' ? 'rowNew' : state === 'D' ? 'rowDeleted' : null;
  return key === null ? null : messageOf(messages, key);
}

/** Fills `{name}` placeholders of a message. */
export function formatMessage(message: string, values: Readonly<Record<string, string | number>>): string {
  return message.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all));
}
