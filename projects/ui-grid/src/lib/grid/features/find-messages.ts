/**
 * The texts of find in the grid (part of `GridMessages`). Optional, so that an app's own complete table written
 * before them still compiles: a table without them reads the English text (`messageOf`).
 */
export interface FindMessages {
  /** The accessible name of the find field's region (`role="search"`). */
  readonly findRegion?: string;
  /** The accessible name of the text field, and its placeholder. */
  readonly findLabel?: string;
  readonly findPlaceholder?: string;
  readonly findPrevious?: string;
  readonly findNext?: string;
  readonly findClose?: string;
  /** The focus is on match `{current}` of `{total}`; `...OnPage` with server-side pages (only the page loaded is searched). */
  readonly findCount?: string;
  readonly findCountOnPage?: string;
  /** `{total}` matches, the focus on none of them. */
  readonly findTotal?: string;
  readonly findTotalOnPage?: string;
  readonly findNone?: string;
  readonly findNoneOnPage?: string;
  /** Still counting: `{total}` found so far. */
  readonly findCounting?: string;
}

export const FIND_MESSAGES_EN: Required<FindMessages> = {
  findRegion: 'Find in the table',
  findLabel: 'Find',
  findPlaceholder: 'Find',
  findPrevious: 'Previous match',
  findNext: 'Next match',
  findClose: 'Close find',
  findCount: '{current} of {total}',
  findCountOnPage: '{current} of {total} on this page',
  findTotal: '{total} matches',
  findTotalOnPage: '{total} matches on this page',
  findNone: 'No matches',
  findNoneOnPage: 'No matches on this page',
  findCounting: '{total} found so far…',
};

export const FIND_MESSAGES_DE: Required<FindMessages> = {
  findRegion: 'In der Tabelle suchen',
  findLabel: 'Suchen',
  findPlaceholder: 'Suchen',
  findPrevious: 'Vorheriger Treffer',
  findNext: 'Nächster Treffer',
  findClose: 'Suche schließen',
  findCount: '{current} von {total}',
  findCountOnPage: '{current} von {total} auf dieser Seite',
  findTotal: '{total} Treffer',
  findTotalOnPage: '{total} Treffer auf dieser Seite',
  findNone: 'Keine Treffer',
  findNoneOnPage: 'Keine Treffer auf dieser Seite',
  findCounting: 'Bisher {total} gefunden…',
};
