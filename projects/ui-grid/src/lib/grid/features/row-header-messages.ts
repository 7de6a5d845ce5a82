/**
 * The texts of the row headers (part of `GridMessages`). Optional, so that an app's own complete table written before
 * them still compiles: a table without them reads the English text (`messageOf`).
 */
export interface RowHeaderMessages {
  /** The accessible name of a row header showing a row number: `{n}` the number. */
  readonly rowHeader?: string;
  /** Appended to a row header's name when a cell of its row is invalid. */
  readonly rowInvalid?: string;
}

export const ROW_HEADER_MESSAGES_EN: Required<RowHeaderMessages> = {
  rowHeader: 'Row {n}',
  rowInvalid: 'Invalid values',
};

export const ROW_HEADER_MESSAGES_DE: Required<RowHeaderMessages> = {
  rowHeader: 'Zeile {n}',
  rowInvalid: 'Ungültige Werte',
};
