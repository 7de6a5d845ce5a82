/**
 * The texts of resizing, moving and hiding columns (part of `GridMessages`). Optional, so that an app's own complete
 * table written before them still compiles: a table without them reads the English text (`messageOf`).
 */
export interface ColumnMessages {
  /** The toolbar button opening the column chooser, and the chooser's accessible name. */
  readonly columns?: string;
  /** The accessible name of the column header menu; `{caption}` the column. */
  readonly columnMenu?: string;
  readonly hideColumn?: string;
  readonly sizeToContent?: string;
  readonly resetColumns?: string;
  /** The column chooser's note when the last shown column would be hidden. */
  readonly lastColumnShown?: string;
  /** Read out for a column header: how the keys resize and move it. */
  readonly columnKeysHint?: string;
  /** Title of the mark where hidden columns are (`hiddenColumns.indicators`); `{n}` how many. */
  readonly hiddenColumnsHere?: string;
}

export const COLUMN_MESSAGES_EN: Required<ColumnMessages> = {
  columns: 'Columns',
  columnMenu: 'Column {caption}',
  hideColumn: 'Hide column',
  sizeToContent: 'Size to content',
  resetColumns: 'Reset columns',
  lastColumnShown: 'At least one column stays shown',
  columnKeysHint: 'Alt+Left or Alt+Right resizes, Alt+Shift+Left or Alt+Shift+Right moves, Shift+F10 opens the column menu',
  hiddenColumnsHere: '{n} hidden columns here',
};

export const COLUMN_MESSAGES_DE: Required<ColumnMessages> = {
  columns: 'Spalten',
  columnMenu: 'Spalte {caption}',
  hideColumn: 'Spalte ausblenden',
  sizeToContent: 'Breite an Inhalt anpassen',
  resetColumns: 'Spalten zurücksetzen',
  lastColumnShown: 'Mindestens eine Spalte bleibt sichtbar',
  columnKeysHint: 'Alt+Links oder Alt+Rechts ändert die Breite, Alt+Umschalt+Links oder Alt+Umschalt+Rechts verschiebt, Umschalt+F10 öffnet das Spaltenmenü',
  hiddenColumnsHere: '{n} ausgeblendete Spalten hier',
};
