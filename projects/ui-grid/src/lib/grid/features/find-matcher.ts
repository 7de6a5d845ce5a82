/** Where a cell is, for `queryMethod`: the column's id, its index among the shown columns and the row's id. */
export interface FindCellProperties {
  readonly prop: string;
  readonly col: number;
  readonly rowId: string;
}

/**
 * `hotArgs.search.queryMethod`, Handsontable's signature: true when the text shown in a cell matches the query. The
 * grid passes the shown text (a reference's caption, a number in the column's locale), not the stored value.
 */
export type FindQueryMethod = (query: string, text: string, cell: FindCellProperties) => boolean;

/** Whether a cell's shown text matches a query. */
export interface FindMatcher {
  /** True when the text matches; `cell` is read only by a `queryMethod`. */
  matches(text: string, cell: () => FindCellProperties): boolean;
  /** The built-in matcher's expression, for loops over many cells; null with a `queryMethod`. */
  readonly expression: RegExp | null;
  readonly query: string;
}

const SPECIAL = /[.*+?^${}()|[\]\\]/g;

/**
 * The matcher of a query: the shown text contains the query, ignoring case (Handsontable's default `queryMethod`),
 * or the app's `queryMethod`. Null for an empty query: it matches nothing, as in Handsontable.
 */
export function findMatcher(query: string, queryMethod?: FindQueryMethod | null): FindMatcher | null {
  if (query === '') return null;
  if (queryMethod) return { matches: (text, cell) => !!queryMethod(query, text, cell()), expression: null, query };
  // A case-insensitive expression tests a cell without making a lower-case copy of its text (about 4x faster).
  const expression = new RegExp(query.replace(SPECIAL, '\\$&'), 'iu');
  return { matches: (text) => text !== '' && expression.test(text), expression, query };
}

/**
 * The matches of one search: cells in view order (rows of every page, then the shown columns), each as
 * `order * width + col`, ascending. Found in slices, so `count` grows until the search is done.
 */
export class FindMatches {
  private readonly keys: number[] = [];

  constructor(readonly width: number) {}

  get count(): number {
    return this.keys.length;
  }

  /** Appends a match; matches come in ascending order. */
  add(order: number, col: number): void {
    this.keys.push(order * this.width + col);
  }

  /** The match at an index (0-based), as view order and column. */
  at(index: number): { readonly order: number; readonly col: number } | null {
    const key = this.keys[index];
    return key === undefined ? null : { order: Math.floor(key / this.width), col: key % this.width };
  }

  /** The index of a cell's match, or -1 when the cell does not match. */
  indexOf(order: number, col: number): number {
    const at = this.firstAtOrAfter(order, col);
    return this.keys[at] === order * this.width + col ? at : -1;
  }

  /**
   * The index of the match to go to from a cell: the next after it (`back`: the previous before it), wrapping round
   * the grid; with `inclusive`, the cell itself when it matches. -1 without matches.
   */
  step(order: number, col: number, back: boolean, inclusive = false): number {
    const n = this.keys.length;
    if (n === 0) return -1;
    const key = order * this.width + col;
    const at = this.firstAtOrAfter(order, col);
    if (inclusive && this.keys[at] === key) return at;
    if (back) return at === 0 ? n - 1 : at - 1;
    const next = this.keys[at] === key ? at + 1 : at;
    return next >= n ? 0 : next;
  }

  /** The first index whose key is at or after the cell (the count when none is). */
  private firstAtOrAfter(order: number, col: number): number {
    const key = order * this.width + col;
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.keys[mid] < key) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
