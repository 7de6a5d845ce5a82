/** Characters of the text searched per step: a step stays well under a millisecond. */
const WINDOW = 1 << 19;

/** Where the plain rows of a text lie, made in steps (`SourceFind.prepare`). */
export interface Plain {
  /** Offsets of the rows' start tags, ascending; `starts[n]` the end of the text searched. */
  readonly starts: Int32Array;
  /** Where each row ends, or null: each row ends where the next starts. */
  readonly ends: Int32Array | null;
  /** Each row's position (in the row store), or null: the k-th row is row k (of `index.rows()`). */
  readonly rows: Int32Array | null;
}

/** What a search reads of its finder (`SourceFind`): the text, whether it still stands for the rows, its cells. */
export interface SearchedText {
  readonly text: string;
  /** False once the document changed: its kept text was dropped, or the store's document was built. */
  readonly current: boolean;
  /** `<p:C>`, the start of a cell's text. */
  readonly cellOpen: string;
  /** The 1-based position in its row of the cell whose tag starts at `at` (see `SourceFind.cellPosition`). */
  cellPosition(from: number, count: number, at: number): number;
}

/**
 * One search of a prepared text, in steps: each cell whose text (not an original `wrs:O`, not markup) holds a match
 * is reported once, in document order, as its row (0-based, as `index.rows()`) and column position (1-based).
 */
export class SourceFindRun {
  /** The text searched so far: the rows before `rowsDone` are complete. */
  private at: number;
  private rowsDone = 0;
  /** The row of the last hit and its last counted cell, so several hits in one row count its cells once. */
  private lastRow = -1;
  /** The row of the last offset placed (`rowOf`). */
  private cursor = 0;
  private lastCell = 0;
  private lastCount = 0;
  private cellStart = 0;
  private cellEnd = 0;
  /** The query holds `>`: a match may start in a tag and end in a text run. */
  private readonly withGt: boolean;

  private readonly starts: Int32Array;
  private readonly ends: Int32Array | null;
  private readonly rows: Int32Array | null;

  /** @internal */
  constructor(
    private readonly finder: SearchedText,
    plain: Plain,
    private readonly expression: RegExp,
  ) {
    this.starts = plain.starts;
    this.ends = plain.ends;
    this.rows = plain.rows;
    // A cell's text holds no `<` (the plain shape has no references): a query with one matches no cell.
    const { starts } = plain;
    this.at = expression.source.includes('<') ? starts[starts.length - 1] : starts[0];
    this.withGt = expression.source.includes('>');
  }

  /** Rows `[0, rowsDone)` are searched completely (positions in the store for a store's text). */
  get rowsSearched(): number {
    const { rows } = this;
    if (!rows) return this.rowsDone;
    return this.rowsDone < rows.length ? rows[this.rowsDone] : Number.MAX_SAFE_INTEGER;
  }

  /** The text of the cell just reported (for a column that shows another text than its value). */
  cellText(): string {
    return this.finder.text.slice(this.cellStart, this.cellEnd);
  }

  /**
   * Searches on until `deadline`, reporting each matching cell to `hit` (its row: in `index.rows()`, or the store's
   * position): true when the text is searched to its end, false when not yet, null when the document changed (its
   * kept text was dropped, or the store's document was built).
   */
  step(deadline: number, hit: (row: number, pos: number) => void): boolean | null {
    if (!this.finder.current) return null;
    const { text, cellOpen } = this.finder;
    const starts = this.starts;
    const rowCount = starts.length - 1;
    const end = starts[rowCount];
    // A match is at most a few times the expression's source long (case folding): windows overlap by that much.
    const overlap = this.expression.source.length * 2 + 8;
    while (this.at < end) {
      const limit = Math.min(end, this.at + WINDOW);
      const base = this.at;
      const window = text.substring(base, Math.min(end, limit + overlap));
      const expression = this.expression;
      expression.lastIndex = 0;
      let next = limit;
      // `test` moves `lastIndex` past the match without making a match object. A match without `>` lies in one text
      // run or one tag, so the markup before its end is the markup before its start; with `>`, `exec` tells where it
      // starts (a cell's text may hold `>`, never `<`).
      for (;;) {
        let found = -1;
        if (this.withGt) {
          const m = expression.exec(window);
          if (m === null) break;
          found = base + m.index;
        } else if (!expression.test(window)) break;
        const open = text.lastIndexOf('<', found >= 0 ? found : base + expression.lastIndex - 1);
        if (open >= limit || found >= limit) break;
        // In the cell's text: after its start tag (a match in the tag itself ends before the tag's `>`).
        const inText = found >= 0 ? found >= open + cellOpen.length : base + expression.lastIndex > open + cellOpen.length;
        if (!inText || !text.startsWith(cellOpen, open)) {
          if (found >= 0) expression.lastIndex = found - base + 1;
          continue;
        }
        this.cellStart = open + cellOpen.length;
        this.cellEnd = text.indexOf('<', open + 1);
        const row = this.rowOf(open);
        // In a store's text, between its rows: the text of a row it removed.
        if (this.ends && open >= this.ends[row]) {
          expression.lastIndex = this.cellEnd - base;
          if (this.cellEnd >= limit) {
            next = this.cellEnd;
            break;
          }
          continue;
        }
        hit(this.rows ? this.rows[row] : row, this.positionOf(row, open));
        // The rest of the cell holds no other cell: go on after it.
        if (this.cellEnd >= limit) {
          next = this.cellEnd;
          break;
        }
        expression.lastIndex = this.cellEnd - base;
      }
      this.at = next;
      this.rowsDone = this.at >= end ? rowCount : Math.max(0, this.rowOf(this.at));
      if (performance.now() > deadline) break;
    }
    return this.at >= end;
  }

  /** The row whose text holds offset `at`, at or after the row asked for last (offsets come in ascending order). */
  private rowOf(at: number): number {
    const starts = this.starts;
    const last = starts.length - 2;
    let row = this.cursor;
    while (row < last && starts[row + 1] <= at) row++;
    this.cursor = row;
    return row;
  }

  /** The 1-based column position of the cell whose start tag is at `open` in row `row`. */
  private positionOf(row: number, open: number): number {
    if (row !== this.lastRow) {
      this.lastRow = row;
      this.lastCell = this.starts[row];
      this.lastCount = 0;
    }
    this.lastCount = this.finder.cellPosition(this.lastCell, this.lastCount, open);
    this.lastCell = open + 1;
    return this.lastCount;
  }
}
