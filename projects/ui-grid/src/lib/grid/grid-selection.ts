/** A cell address in the grid: 0-based row position in `wrs:Data` and 0-based index among the shown columns. */
export interface CellAddress {
  readonly row: number;
  readonly col: number;
}

/** A rectangular range, bounds inclusive. */
export interface CellRange {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

/** The focused cell and the anchor of the selected range (shift+arrows, shift+click and drag move only the focus). */
export class GridSelection {
  focus: CellAddress = { row: 0, col: 0 };
  anchor: CellAddress = { row: 0, col: 0 };
  /** A range around the focus rather than from the anchor to it (Ctrl+A: all selected, the active cell stays). */
  private spanned: CellRange | null = null;

  /** Moves the focus, keeping the anchor when `extend` (a range), else collapsing the range onto the focus. */
  moveTo(cell: CellAddress, extend = false): void {
    const spanned = this.spanned;
    this.spanned = null;
    // Extending a range selected around the focus: from its corner farthest from the focus, as if drawn from there.
    if (extend && spanned) {
      const { row, col } = this.focus;
      this.anchor = {
        row: row - spanned.top >= spanned.bottom - row ? spanned.top : spanned.bottom,
        col: col - spanned.left >= spanned.right - col ? spanned.left : spanned.right,
      };
    }
    this.focus = cell;
    if (!extend) this.anchor = cell;
  }

  /** Selects a whole rectangle, the focus at its top left. */
  selectRange(range: CellRange): void {
    this.spanned = null;
    this.anchor = { row: range.bottom, col: range.right };
    this.focus = { row: range.top, col: range.left };
  }

  /** Selects a rectangle and leaves the focus (the active cell) where it is when it lies inside, as Ctrl+A does. */
  spanAround(range: CellRange): void {
    const { row, col } = this.focus;
    if (row < range.top || row > range.bottom || col < range.left || col > range.right) return this.selectRange(range);
    this.spanned = { ...range };
    this.anchor = { row, col };
  }

  get range(): CellRange {
    if (this.spanned) return this.spanned;
    return {
      top: Math.min(this.focus.row, this.anchor.row),
      bottom: Math.max(this.focus.row, this.anchor.row),
      left: Math.min(this.focus.col, this.anchor.col),
      right: Math.max(this.focus.col, this.anchor.col),
    };
  }

  contains(row: number, col: number): boolean {
    const r = this.range;
    return row >= r.top && row <= r.bottom && col >= r.left && col <= r.right;
  }

  /** Keeps focus and anchor inside a grid of `rows` x `cols` after rows or columns went away. */
  clamp(rows: number, cols: number): void {
    const fit = (c: CellAddress) => ({ row: Math.max(0, Math.min(c.row, rows - 1)), col: Math.max(0, Math.min(c.col, cols - 1)) });
    this.focus = fit(this.focus);
    this.anchor = fit(this.anchor);
    if (this.spanned) {
      const topLeft = fit({ row: this.spanned.top, col: this.spanned.left });
      const bottomRight = fit({ row: this.spanned.bottom, col: this.spanned.right });
      this.spanned = { top: topLeft.row, left: topLeft.col, bottom: bottomRight.row, right: bottomRight.col };
    }
  }
}
