import { GridColumn } from './grid-column';

/** Columns painted left and right of the visible ones: the compositor scrolls before the scroll event repaints. */
const COLUMN_OVERSCAN = 2;

/**
 * The body's columns across: where each one starts, the leading ones kept in view while scrolling sideways (frozen),
 * and the window of scrolling columns painted in every row in view. `GridBody` sets them; its rows read them.
 */
export class BodyColumns {
  /** The shown columns. */
  list: GridColumn[] = [];
  /** Left offset of each shown column in the canvas. */
  offsets: number[] = [];
  /** Leading columns kept in view while scrolling sideways. */
  frozen = 0;
  /** The scrolling columns [lo, hi) painted in every row in view, and the viewport width they were chosen for. */
  lo = 0;
  hi = 0;
  paintedWidth = -1;

  /** New columns, the first `frozen` of them frozen; returns the width of them all. */
  set(columns: GridColumn[], frozen: number): number {
    this.list = columns;
    this.frozen = Math.max(0, Math.min(frozen, columns.length));
    return this.place();
  }

  /** New widths for the same columns (a resize drag); returns the width of them all. */
  resize(widths: readonly number[]): number {
    this.list = this.list.map((c, i) => (widths[i] === undefined || widths[i] === c.width ? c : { ...c, width: widths[i] }));
    return this.place();
  }

  /** The columns' left offsets from their widths; returns the width of them all. */
  private place(): number {
    this.offsets = [];
    let x = 0;
    for (const c of this.list) {
      this.offsets.push(x);
      x += c.width;
    }
    return x;
  }

  /**
   * Sets [lo, hi): the scrolling columns that meet a viewport `width` pixels wide, scrolled to `scrollLeft`, right of
   * the frozen ones, with the overscan; `leading` pixels of the viewport are left of the columns (the row headers).
   */
  choose(scrollLeft: number, width: number, leading: number): void {
    const n = this.list.length;
    this.paintedWidth = width;
    if (width === 0) {
      // Not laid out (a hidden tab): which columns will show is unknown, and no scroll event may come to tell.
      this.lo = this.frozen;
      this.hi = n;
      return;
    }
    const left = scrollLeft + this.frozenWidth();
    const right = scrollLeft + width - leading;
    this.lo = Math.max(this.frozen, this.columnAt(left) - COLUMN_OVERSCAN);
    this.hi = Math.max(this.lo, Math.min(n, this.columnAt(right - 1) + 1 + COLUMN_OVERSCAN));
  }

  /** The last column starting at or left of x (0 when none). */
  private columnAt(x: number): number {
    let low = 0;
    let high = this.offsets.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.offsets[mid] <= x) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** Width of the frozen columns in pixels. */
  frozenWidth(): number {
    return this.frozen === 0 ? 0 : this.offsets[this.frozen - 1] + this.list[this.frozen - 1].width;
  }

  /** Left offset and width of a shown column. */
  box(col: number): { left: number; width: number } {
    return { left: this.offsets[col] ?? 0, width: this.list[col]?.width ?? 0 };
  }

  /**
   * The column under a point `x` pixels from the canvas's left edge, `inView` from the viewport's (frozen cells sit
   * shifted by the scroll: a point over them is measured from there); -1 when none.
   */
  at(x: number, inView: number): number {
    if (this.frozen > 0 && inView < this.frozenWidth()) {
      for (let i = 0; i < this.frozen; i++) if (inView >= this.offsets[i] && inView < this.offsets[i] + this.list[i].width) return i;
    }
    let col = -1;
    for (let i = 0; i < this.offsets.length; i++) if (x >= this.offsets[i]) col = i;
    return col < 0 || x >= this.offsets[col] + this.list[col].width ? -1 : col;
  }

  /** The class of a column's cells before row state, errors and marks. */
  cellClass(i: number): string {
    const column = this.list[i];
    let cls = 'ui-grid-cell';
    if (column.numeric) cls += ' ui-grid-num';
    if (column.className) cls += ' ' + column.className;
    return cls;
  }
}
