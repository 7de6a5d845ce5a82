import { BodyColumns } from './grid-body-columns';
import { BodyRows, GridBodySource } from './grid-body-rows';
import { GridColumn } from './grid-column';

/** Rows painted above and below the visible ones, so small scroll steps paint nothing new. */
const OVERSCAN = 4;

/**
 * The grid body: a fixed-row-height virtual scroller that recycles a pool of row elements. A row element keeps its
 * row while it stays in view, so a scroll step repaints only the rows that came into view; cell text is written
 * with `textContent`. Nothing per cell exists for rows out of view. A row element holds a cell element for every
 * column, but only the frozen columns and those in view sideways are painted; the others are blank and not rendered
 * (`display: none`), so assistive technology never reads a value of the row the element showed before. Each cell
 * carries `aria-colindex` (the grid `aria-colcount`), as ARIA asks of a grid that shows some of its columns.
 *
 * The body holds the viewport, its scroll and the fixed rows' band; the columns across are a `BodyColumns`
 * (`grid-body-columns.ts`), the row elements and their painting a `BodyRows` (`grid-body-rows.ts`).
 */
export class GridBody {
  readonly viewport: HTMLElement;
  readonly header: HTMLElement;
  readonly canvas: HTMLElement;
  private readonly columns = new BodyColumns();
  private readonly rows: BodyRows;
  private viewportHeight = 0;
  /** Width in pixels left of the columns (the row headers): a column scrolled into view clears it. */
  leadingWidth = 0;
  /** The sticky band under the header holding the fixed rows' slots (`fixedRowsTop`), null without fixed rows. */
  private band: HTMLElement | null = null;
  /** The scrollLeft the frozen columns were last shifted by. */
  private frozenShift = 0;
  private readonly onScroll = () => this.paint();
  /** A wider viewport (the page resized) shows columns no scroll event brought in. */
  private readonly resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => {
    if (this.columns.list.length > 0 && this.viewport.clientWidth !== this.columns.paintedWidth) this.paint();
  });

  constructor(
    host: HTMLElement,
    private readonly source: GridBodySource,
    readonly rowHeight: number,
  ) {
    this.rows = new BodyRows(source, this.columns, rowHeight);
    const doc = host.ownerDocument;
    this.viewport = doc.createElement('div');
    this.viewport.className = 'ui-grid-viewport';
    this.header = doc.createElement('div');
    this.header.className = 'ui-grid-header';
    this.header.setAttribute('role', 'rowgroup');
    this.canvas = doc.createElement('div');
    this.canvas.className = 'ui-grid-canvas';
    this.canvas.setAttribute('role', 'rowgroup');
    this.viewport.append(this.header, this.canvas);
    host.appendChild(this.viewport);
    this.viewport.addEventListener('scroll', this.onScroll, { passive: true });
    this.resize?.observe(this.viewport);
  }

  /** Rows of the header (group lines, captions, filter line): `aria-rowindex` of the data rows counts on from them. */
  get headerRowCount(): number {
    return this.rows.headerRowCount;
  }

  set headerRowCount(count: number) {
    this.rows.headerRowCount = count;
  }

  destroy(): void {
    this.resize?.disconnect();
    this.viewport.removeEventListener('scroll', this.onScroll);
    this.viewport.remove();
  }

  /** The shown columns, the first `frozen` of them kept in view while scrolling sideways; rebuilds the row pool. */
  setColumns(columns: GridColumn[], frozen = 0): void {
    this.canvas.style.width = `${this.columns.set(columns, frozen)}px`;
    this.frozenShift = -1;
    this.rows.clear();
    this.paint();
  }

  /** New widths for the same columns (a resize drag, each frame): cells move in place, no row is built again. */
  resizeColumns(widths: readonly number[]): void {
    this.canvas.style.width = `${this.columns.resize(widths)}px`;
    this.rows.placeCells();
    this.paint();
  }

  /** Sets the viewport's height in pixels, the header included. */
  setHeight(height: number): void {
    this.viewport.style.height = `${height}px`;
    this.viewportHeight = Math.max(0, height - this.header.offsetHeight);
    if (this.band) this.band.style.top = `${this.header.offsetHeight}px`;
    this.paint();
  }

  /** Keeps the first `count` rows of the row view in view while scrolling (a sticky band under the header). */
  setFixedRows(count: number): void {
    const n = Number.isInteger(count) && count > 0 ? count : 0;
    if (n === this.rows.fixedRows) return;
    this.rows.fixedRows = n;
    this.band?.remove();
    this.band = null;
    if (n > 0) {
      this.band = this.canvas.ownerDocument.createElement('div');
      this.band.className = 'ui-grid-fixed-rows';
      this.band.setAttribute('role', 'none');
      this.band.style.top = `${this.header.offsetHeight}px`;
      this.canvas.prepend(this.band);
    }
    this.setColumns(this.columns.list, this.columns.frozen);
  }

  /** Fixed rows shown (no more than there are rows). */
  private fixedShown(): number {
    return Math.min(this.rows.fixedRows, this.source.rowCount());
  }

  /** Top of a row in the canvas: a fixed row moves with the scroll, in its band. */
  rowTop(position: number): number {
    return position * this.rowHeight + (position < this.fixedShown() ? this.viewport.scrollTop : 0);
  }

  /** Left offset and width of a shown column. */
  columnBox(col: number): { left: number; width: number } {
    return this.columns.box(col);
  }

  /** Left edge of a shown column's cells in the canvas: frozen columns move with the horizontal scroll. */
  cellLeft(col: number): number {
    return (this.columns.offsets[col] ?? 0) + (col < this.columns.frozen ? this.viewport.scrollLeft : 0);
  }

  /** Paints the rows in view; rows already showing the right position keep their content. */
  paint(): void {
    const count = this.source.rowCount();
    this.canvas.style.height = `${count * this.rowHeight}px`;
    const scrollTop = this.viewport.scrollTop;
    this.columns.choose(this.viewport.scrollLeft, this.viewport.clientWidth, this.leadingWidth);
    const fixed = Math.min(this.rows.fixedRows, count);
    const first = Math.max(fixed, Math.floor(scrollTop / this.rowHeight) - OVERSCAN);
    const visible = Math.ceil((this.viewportHeight || this.rowHeight * 10) / this.rowHeight) + 2 * OVERSCAN + 1;
    const last = Math.min(count, first + visible);
    this.rows.ensure(this.rows.fixedRows + visible, this.band, this.canvas);
    if (this.band) this.band.style.height = `${fixed * this.rowHeight}px`;
    for (let p = 0; p < fixed; p++) this.rows.paintAt(p);
    for (let p = first; p < last; p++) this.rows.paintAt(p);
    this.rows.hideOthers(fixed, first, last, count);
    this.shiftFrozen();
    this.source.painted?.();
  }

  /** Moves the frozen columns' cells (body and header) by the horizontal scroll, so they stay at the left edge. */
  private shiftFrozen(): void {
    const { frozen } = this.columns;
    if (frozen === 0) return;
    const x = this.viewport.scrollLeft;
    if (x === this.frozenShift && !this.rows.unshifted()) return;
    this.frozenShift = x;
    const shift = x === 0 ? 'translateX(0)' : `translateX(${x}px)`;
    this.rows.shiftFrozen(shift);
    for (const selector of ['.ui-grid-colheader', '.ui-grid-filter-cell']) {
      const headers = this.header.querySelectorAll<HTMLElement>(selector);
      for (let i = 0; i < frozen && i < headers.length; i++) {
        headers[i].style.transform = shift;
        headers[i].classList.add('ui-grid-cell-frozen');
      }
    }
  }

  /** Repaints every row in view (after a change of many rows, the selection or the validation result). */
  repaintAll(): void {
    this.rows.forget();
    this.paint();
  }

  /** Repaints the rows at these positions when they are in view. */
  repaintRows(positions: Iterable<number>): void {
    this.rows.repaintRows(positions);
  }

  /** Repaints the rows in view whose ids are among these (a background task checked them: their errors may show). */
  repaintRowIds(ids: ReadonlySet<string>): void {
    this.rows.repaintRowIds(ids);
  }

  /** Updates only the selection and focus marks of the rows in view (of their painted cells). */
  repaintMarks(): void {
    this.rows.repaintMarks();
    this.source.painted?.();
  }

  /** The painted cell element (painted now when its column is out of view sideways), or null when the row is out of view. */
  cellElement(row: number, col: number): HTMLElement | null {
    return this.rows.cellElement(row, col);
  }

  /** Scrolls the least distance that brings a cell into view. */
  scrollIntoView(row: number, col: number): void {
    const top = row * this.rowHeight;
    const vp = this.viewport;
    const height = this.visibleHeight();
    // A fixed row is always in view; the others clear the fixed band.
    const fixed = this.fixedShown();
    if (row >= fixed && top < vp.scrollTop + fixed * this.rowHeight) vp.scrollTop = top - fixed * this.rowHeight;
    else if (row >= fixed && top + this.rowHeight > vp.scrollTop + height) vp.scrollTop = top + this.rowHeight - height;
    const box = this.columns.box(col);
    if (col < this.columns.frozen) {
      this.paint();
      return;
    }
    const frozen = this.columns.frozenWidth();
    if (box.left < vp.scrollLeft + frozen) vp.scrollLeft = box.left - frozen;
    else if (box.left + box.width > vp.scrollLeft + vp.clientWidth - this.leadingWidth) vp.scrollLeft = box.left + box.width - vp.clientWidth + this.leadingWidth;
    this.paint();
  }

  /** Rows that fit in the viewport, for PageUp and PageDown. */
  pageRows(): number {
    return Math.max(1, Math.floor((this.visibleHeight() || this.rowHeight) / this.rowHeight) - this.fixedShown());
  }

  /** Height of the rows' part of the viewport: without the header and a horizontal scrollbar. */
  private visibleHeight(): number {
    const client = this.viewport.clientHeight;
    return client > 0 ? Math.max(0, client - this.header.offsetHeight) : this.viewportHeight;
  }

  /** The cell under a point of the page, or null. */
  cellAtPoint(clientX: number, clientY: number): { row: number; col: number } | null {
    const rect = this.canvas.getBoundingClientRect();
    const y = clientY - rect.top;
    const x = clientX - rect.left;
    if (y < 0 || x < 0) return null;
    const inBand = this.band ? clientY - this.band.getBoundingClientRect().top : -1;
    const row = inBand >= 0 && inBand < this.fixedShown() * this.rowHeight ? Math.floor(inBand / this.rowHeight) : Math.floor(y / this.rowHeight);
    if (row >= this.source.rowCount()) return null;
    const col = this.columns.at(x, x - this.viewport.scrollLeft);
    return col < 0 ? null : { row, col };
  }
}
