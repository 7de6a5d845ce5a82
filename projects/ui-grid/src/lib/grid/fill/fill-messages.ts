/**
 * The texts of the fill handle (part of `GridMessages`). Optional, so that an app's own complete table written
 * before them still compiles: a table without them reads the English text (`messageOf`).
 */
export interface FillMessages {
  /** The handle's tooltip: what a drag does and the keys doing the same. */
  readonly fillHandle?: string;
  /** After a fill: `{n}` read-only cells were left as they were (`fillSkippedCell` for one). */
  readonly fillSkipped?: string;
  readonly fillSkippedCell?: string;
  /** The context menu entry filling the selected range with a series (`fillSeries`). */
  readonly fillSeries?: string;
}

export const FILL_MESSAGES_EN: Required<FillMessages> = {
  fillHandle: 'Drag to fill cells (Ctrl+D fills down, Ctrl+R fills right)',
  fillSkipped: '{n} read-only cells were not filled',
  fillSkippedCell: '1 read-only cell was not filled',
  fillSeries: 'Fill series',
};

export const FILL_MESSAGES_DE: Required<FillMessages> = {
  fillHandle: 'Ziehen, um Zellen zu füllen (Strg+D füllt nach unten, Strg+R nach rechts)',
  fillSkipped: '{n} schreibgeschützte Zellen wurden nicht gefüllt',
  fillSkippedCell: '1 schreibgeschützte Zelle wurde nicht gefüllt',
  fillSeries: 'Reihe ausfüllen',
};
