import { cellAt, cellValue } from '../wrs/row-states';
import { WrsIndex } from '../wrs/wrs-index';

/**
 * Cell values of whole columns, read once and kept for repeated filtering and sorting (each keystroke in a column
 * filter re-filters). Reading a column of 100,000 rows from the DOM costs about 40-60 ms in Chromium; filtering the
 * kept values costs a few. The owner calls `invalidate()` after each change set.
 */
export class ColumnValues {
  private readonly columns = new Map<number, (string | null)[]>();
  private rowsSeen: readonly Element[] | null = null;
  private lengthSeen = 0;

  constructor(readonly index: WrsIndex) {}

  /** Values of a column (1-based position), aligned with `index.rows()`. */
  values(pos: number): (string | null)[] {
    const rows = this.index.rows();
    if (rows !== this.rowsSeen || rows.length !== this.lengthSeen) this.invalidate();
    let values = this.columns.get(pos);
    if (!values) {
      values = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const cell = cellAt(rows[i], pos);
        values[i] = cell ? cellValue(cell) : null;
      }
      this.columns.set(pos, values);
    }
    return values;
  }

  /** Forgets every kept column (after a change set, or when rows came or went). */
  invalidate(): void {
    this.columns.clear();
    this.rowsSeen = this.index.rows();
    this.lengthSeen = this.rowsSeen.length;
  }
}
