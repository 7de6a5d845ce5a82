import { cellText } from './cell-text';
import { GridColumn } from './grid-column';
import { RowSlot, newRowSlot } from './grid-body-slots';
import { ShownRow } from './shown-row';

/** What the body asks of the grid for each painted cell. */
export interface GridBodySource {
  rowCount(): number;
  /** The Wrs row at a 0-based position, as the body reads it. */
  rowAt(position: number): ShownRow | null;
  isSelected(row: number, col: number): boolean;
  isFocused(row: number, col: number): boolean;
  /** The validation message of a cell, or null when it is valid. */
  errorOf(rowId: string, colId: string): string | null;
  /** Why the server refused a row in the last save (a conflict, a duplicate key), or null. */
  rowFailure?(rowId: string): string | null;
  /** The text read out for a row of a Wrs state (M, I, D), or null. */
  rowState?(state: string): string | null;
  /** True when the user may not change a cell (grid, column, row or `isReadOnlyCell`): `aria-readonly`. */
  readOnly?(row: ShownRow, col: number): boolean;
  /** The painter of a `grid:Renderer/@type` (features/renderer-registry). */
  renderer?(type: string): (cell: HTMLElement, value: string | null, column: GridColumn, row: Element) => void;
  /** Classes marking a cell as a find match (' ui-grid-cell-match ...'), or ''. */
  findClass?(row: number, col: number): string;
  /** Called after each paint and marks repaint (a scroll step recycles cell elements: what points at one must follow). */
  painted?(): void;
  /** Called for each row element painted with a row (the row headers draw into it). */
  rowPainted?(element: HTMLElement, position: number, row: ShownRow | null): void;
}

/** Rows painted above and below the visible ones, so small scroll steps paint nothing new. */
const OVERSCAN = 4;
/** Columns painted left and right of the visible ones: the compositor scrolls before the scroll event repaints. */
const COLUMN_OVERSCAN = 2;
/**
 * Marks a blank cell (a column out of view sideways): the stylesheet takes it out of layout and paint. Positioned
 * cells of 200 columns in every row cost a frame's layout, paint and layerizing on each step of a wide table.
 */
const BLANK = ' ui-grid-cell-blank';

/**
 * The grid body: a fixed-row-height virtual scroller that recycles a pool of row elements. A row element keeps its
 * row while it stays in view, so a scroll step repaints only the rows that came into view; cell text is written
 * with `textContent`. Nothing per cell exists for rows out of view. A row element holds a cell element for every
 * column, but only the frozen columns and those in view sideways are painted; the others are blank and not rendered
 * (`display: none`), so assistive technology never reads a value of the row the element showed before. Each cell
 * carries `aria-colindex` (the grid `aria-colcount`), as ARIA asks of a grid that shows some of its columns.
 */
export class GridBody {
  readonly viewport: HTMLElement;
  readonly header: HTMLElement;
  readonly canvas: HTMLElement;
  private slots: RowSlot[] = [];
  private columns: GridColumn[] = [];
  private offsets: number[] = [];
  private viewportHeight = 0;
  /** Rows of the header (group lines, captions, filter line): `aria-rowindex` of the data rows counts on from them. */
  headerRowCount = 1;
  /** Width in pixels left of the columns (the row headers): a column scrolled into view clears it. */
  leadingWidth = 0;
  /** Leading rows kept in view while scrolling (`fixedRowsTop`): their slots, the first ones, live in a sticky band. */
  private fixedRows = 0;
  private band: HTMLElement | null = null;
  /** Leading columns kept in view while scrolling sideways, and the scrollLeft they were last shifted by. */
  private frozen = 0;
  private frozenShift = 0;
  /** The scrolling columns [lo, hi) painted in every row in view, and the viewport width they were chosen for. */
  private lo = 0;
  private hi = 0;
  private paintedWidth = -1;
  private readonly onScroll = () => this.paint();
  /** A wider viewport (the page resized) shows columns no scroll event brought in. */
  private readonly resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => {
    if (this.columns.length > 0 && this.viewport.clientWidth !== this.paintedWidth) this.paint();
  });

  constructor(
    host: HTMLElement,
    private readonly source: GridBodySource,
    readonly rowHeight: number,
  ) {
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

  destroy(): void {
    this.resize?.disconnect();
    this.viewport.removeEventListener('scroll', this.onScroll);
    this.viewport.remove();
  }

  /** The shown columns, the first `frozen` of them kept in view while scrolling sideways; rebuilds the row pool. */
  setColumns(columns: GridColumn[], frozen = 0): void {
    this.columns = columns;
    this.frozen = Math.max(0, Math.min(frozen, columns.length));
    this.frozenShift = -1;
    this.placeColumns();
    for (const slot of this.slots) slot.element.remove();
    this.slots = [];
    this.paint();
  }

  /** New widths for the same columns (a resize drag, each frame): cells move in place, no row is built again. */
  resizeColumns(widths: readonly number[]): void {
    this.columns = this.columns.map((c, i) => (widths[i] === undefined || widths[i] === c.width ? c : { ...c, width: widths[i] }));
    this.placeColumns();
    for (const slot of this.slots) {
      slot.cells.forEach((cell, i) => {
        cell.style.left = `${this.offsets[i]}px`;
        cell.style.width = `${this.columns[i].width}px`;
      });
    }
    this.paint();
  }

  /** The columns' left offsets and the canvas width from their widths. */
  private placeColumns(): void {
    this.offsets = [];
    let x = 0;
    for (const c of this.columns) {
      this.offsets.push(x);
      x += c.width;
    }
    this.canvas.style.width = `${x}px`;
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
    if (n === this.fixedRows) return;
    this.fixedRows = n;
    this.band?.remove();
    this.band = null;
    if (n > 0) {
      this.band = this.canvas.ownerDocument.createElement('div');
      this.band.className = 'ui-grid-fixed-rows';
      this.band.setAttribute('role', 'none');
      this.band.style.top = `${this.header.offsetHeight}px`;
      this.canvas.prepend(this.band);
    }
    this.setColumns(this.columns, this.frozen);
  }

  /** The slot showing a row position: fixed rows have their own, the others share the pool by position. */
  private slotAt(position: number): RowSlot | undefined {
    const f = this.fixedRows;
    const n = this.slots.length;
    if (position < f) return this.slots[position];
    return n > f ? this.slots[f + ((position - f) % (n - f))] : undefined;
  }

  /** Fixed rows shown (no more than there are rows). */
  private fixedShown(): number {
    return Math.min(this.fixedRows, this.source.rowCount());
  }

  /** Top of a row in the canvas: a fixed row moves with the scroll, in its band. */
  rowTop(position: number): number {
    return position * this.rowHeight + (position < this.fixedShown() ? this.viewport.scrollTop : 0);
  }

  /** Left offset and width of a shown column. */
  columnBox(col: number): { left: number; width: number } {
    return { left: this.offsets[col] ?? 0, width: this.columns[col]?.width ?? 0 };
  }

  /** Left edge of a shown column's cells in the canvas: frozen columns move with the horizontal scroll. */
  cellLeft(col: number): number {
    return (this.offsets[col] ?? 0) + (col < this.frozen ? this.viewport.scrollLeft : 0);
  }

  /** Paints the rows in view; rows already showing the right position keep their content. */
  paint(): void {
    const count = this.source.rowCount();
    this.canvas.style.height = `${count * this.rowHeight}px`;
    const scrollTop = this.viewport.scrollTop;
    this.chooseColumns();
    const fixed = Math.min(this.fixedRows, count);
    const first = Math.max(fixed, Math.floor(scrollTop / this.rowHeight) - OVERSCAN);
    const visible = Math.ceil((this.viewportHeight || this.rowHeight * 10) / this.rowHeight) + 2 * OVERSCAN + 1;
    const last = Math.min(count, first + visible);
    this.ensureSlots(this.fixedRows + visible);
    if (this.band) this.band.style.height = `${fixed * this.rowHeight}px`;
    const paintAt = (p: number) => {
      const slot = this.slotAt(p)!;
      if (slot.position !== p) this.paintRow(slot, p);
      else if (slot.from !== this.lo || slot.to !== this.hi) this.paintColumns(slot);
    };
    for (let p = 0; p < fixed; p++) paintAt(p);
    for (let p = first; p < last; p++) paintAt(p);
    // Slots showing no row in view are hidden, also those a repaint or a new pool left without a row.
    for (const slot of this.slots) {
      if ((slot.position >= fixed && (slot.position < first || slot.position >= last)) || slot.position >= count) {
        slot.position = -1;
        if (slot.element.style.display !== 'none') slot.element.style.display = 'none';
      }
    }
    this.shiftFrozen();
    this.source.painted?.();
  }

  /** Sets [lo, hi): the scrolling columns that meet the viewport right of the frozen ones, with the overscan. */
  private chooseColumns(): void {
    const n = this.columns.length;
    const width = this.viewport.clientWidth;
    this.paintedWidth = width;
    if (width === 0) {
      // Not laid out (a hidden tab): which columns will show is unknown, and no scroll event may come to tell.
      this.lo = this.frozen;
      this.hi = n;
      return;
    }
    const left = this.viewport.scrollLeft + this.frozenWidth();
    const right = this.viewport.scrollLeft + width - this.leadingWidth;
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

  /** Moves the frozen columns' cells (body and header) by the horizontal scroll, so they stay at the left edge. */
  private shiftFrozen(): void {
    if (this.frozen === 0) return;
    const x = this.viewport.scrollLeft;
    if (x === this.frozenShift && !this.slots.some((s) => s.cells[0]?.style.transform === '')) return;
    this.frozenShift = x;
    const shift = x === 0 ? 'translateX(0)' : `translateX(${x}px)`;
    for (const slot of this.slots) for (let i = 0; i < this.frozen; i++) slot.cells[i].style.transform = shift;
    for (const selector of ['.ui-grid-colheader', '.ui-grid-filter-cell']) {
      const headers = this.header.querySelectorAll<HTMLElement>(selector);
      for (let i = 0; i < this.frozen && i < headers.length; i++) {
        headers[i].style.transform = shift;
        headers[i].classList.add('ui-grid-cell-frozen');
      }
    }
  }

  /** Width of the frozen columns in pixels. */
  private frozenWidth(): number {
    return this.frozen === 0 ? 0 : this.offsets[this.frozen - 1] + this.columns[this.frozen - 1].width;
  }

  /** Repaints every row in view (after a change of many rows, the selection or the validation result). */
  repaintAll(): void {
    for (const slot of this.slots) slot.position = -1;
    this.paint();
  }

  /** Repaints the rows at these positions when they are in view. */
  repaintRows(positions: Iterable<number>): void {
    for (const p of positions) {
      const slot = this.slotAt(p);
      if (slot?.position === p) this.paintRow(slot, p);
    }
  }

  /** Repaints the rows in view whose ids are among these (a background task checked them: their errors may show). */
  repaintRowIds(ids: ReadonlySet<string>): void {
    for (const slot of this.slots) if (slot.position >= 0 && ids.has(slot.element.dataset['rowId'] ?? '')) this.paintRow(slot, slot.position);
  }

  /** Updates only the selection and focus marks of the rows in view (of their painted cells). */
  repaintMarks(): void {
    for (const slot of this.slots) {
      const p = slot.position;
      if (p < 0) continue;
      for (let i = 0; i < this.frozen; i++) this.markCell(slot.cells[i], slot.base[i], p, i);
      for (let i = slot.from; i < slot.to; i++) this.markCell(slot.cells[i], slot.base[i], p, i);
      for (const i of slot.extra) this.markCell(slot.cells[i], slot.base[i], p, i);
    }
    this.source.painted?.();
  }

  /** The painted cell element (painted now when its column is out of view sideways), or null when the row is out of view. */
  cellElement(row: number, col: number): HTMLElement | null {
    const slot = this.slotAt(row);
    if (!slot || slot.position !== row || col < 0 || col >= slot.cells.length) return null;
    if (col >= this.frozen && (col < slot.from || col >= slot.to) && !slot.extra.includes(col)) {
      const shown = this.source.rowAt(row);
      this.paintCell(slot, col, shown, shown?.id ?? '');
      slot.extra.push(col);
    }
    return slot.cells[col];
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
    const box = this.columnBox(col);
    if (col < this.frozen) {
      this.paint();
      return;
    }
    const frozen = this.frozenWidth();
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
    // Frozen cells sit shifted by the scroll: a point over them is measured from the viewport's left edge.
    const inView = x - this.viewport.scrollLeft;
    if (this.frozen > 0 && inView < this.frozenWidth()) {
      for (let i = 0; i < this.frozen; i++) if (inView >= this.offsets[i] && inView < this.offsets[i] + this.columns[i].width) return { row, col: i };
    }
    let col = -1;
    for (let i = 0; i < this.offsets.length; i++) if (x >= this.offsets[i]) col = i;
    return col < 0 || x >= this.offsets[col] + this.columns[col].width ? null : { row, col };
  }

  private ensureSlots(count: number): void {
    if (this.slots.length >= count) return;
    for (const slot of this.slots) slot.position = -1;
    const doc = this.canvas.ownerDocument;
    while (this.slots.length < count) {
      const slot = newRowSlot(doc, this.rowHeight, this.columns, this.offsets, (i) => this.columnClass(i) + BLANK);
      (this.slots.length < this.fixedRows ? this.band! : this.canvas).appendChild(slot.element);
      this.slots.push(slot);
    }
  }

  private paintRow(slot: RowSlot, position: number): void {
    // The same row painted again keeps its cells painted on demand; a recycled element's belong to another row.
    const again = slot.position === position;
    slot.position = position;
    const row = this.source.rowAt(position);
    const el = slot.element;
    el.style.display = '';
    el.style.transform = `translateY(${position * this.rowHeight}px)`;
    el.setAttribute('aria-rowindex', String(position + this.headerRowCount + 1));
    const state = row ? row.state : 'R';
    const rowId = row?.id ?? '';
    const failure = row ? this.source.rowFailure?.(rowId) ?? null : null;
    const rowClass = failure === null ? `ui-grid-row ui-grid-row-${state}` : `ui-grid-row ui-grid-row-${state} ui-grid-row-failed`;
    if (el.className !== rowClass) el.className = rowClass;
    const stateText = row ? this.source.rowState?.(state) ?? null : null;
    const description = stateText === null ? failure : failure === null ? stateText : `${stateText}. ${failure}`;
    if (description !== null) {
      if (el.getAttribute('aria-description') !== description) el.setAttribute('aria-description', description);
    } else if (el.hasAttribute('aria-description')) el.removeAttribute('aria-description');
    el.dataset['rowId'] = rowId;
    for (let i = 0; i < this.frozen; i++) this.paintCell(slot, i, row, rowId);
    const { lo, hi } = this;
    for (let i = slot.from; i < slot.to; i++) if (i < lo || i >= hi) this.blankCell(slot, i);
    const extra: number[] = [];
    for (const i of slot.extra) {
      if (i >= lo && i < hi) continue;
      if (again) {
        this.paintCell(slot, i, row, rowId);
        extra.push(i);
      } else this.blankCell(slot, i);
    }
    for (let i = lo; i < hi; i++) this.paintCell(slot, i, row, rowId);
    slot.from = lo;
    slot.to = hi;
    slot.extra = extra;
    this.source.rowPainted?.(el, position, row);
  }

  /** Paints the columns that came into view sideways in a row still showing, and blanks those that left. */
  private paintColumns(slot: RowSlot): void {
    const row = this.source.rowAt(slot.position);
    const rowId = row?.id ?? '';
    const { lo, hi } = this;
    for (let i = lo; i < hi; i++) if ((i < slot.from || i >= slot.to) && !slot.extra.includes(i)) this.paintCell(slot, i, row, rowId);
    for (let i = slot.from; i < slot.to; i++) if (i < lo || i >= hi) this.blankCell(slot, i);
    // Cells painted on demand still show their own row: they stay painted outside the window.
    slot.extra = slot.extra.filter((i) => i < lo || i >= hi);
    slot.from = lo;
    slot.to = hi;
  }

  /**
   * Paints one cell of a row. Only the cells painted are read from the row (by position, not by a walk over its
   * cells): a row of 200 columns shows some 15 of them.
   */
  private paintCell(slot: RowSlot, i: number, row: ShownRow | null, rowId: string): void {
    const column = this.columns[i];
    const cell = slot.cells[i];
    const value = row ? row.value(column.pos) : null;
    const render = column.rendererType && row ? this.source.renderer?.(column.rendererType) : undefined;
    const error = this.source.errorOf(rowId, column.id);
    if (render) render(cell, value, column, row!.element());
    else {
      // An invalid value shows as it is: rounded to the scale, 1.23456 would look like the valid 1.23.
      const text = error !== null && value !== null ? value : cellText(column, value);
      if (cell.textContent !== text) cell.textContent = text;
    }
    let cls = this.columnClass(i);
    if (i < this.frozen) cls += ' ui-grid-cell-frozen';
    // A cell differs from the value it was loaded with when its `wrs:O` (M rows only) holds another value.
    if (row?.modified(column.pos)) cls += ' ui-grid-cell-modified';
    if (error !== null) cls += ' ui-grid-cell-invalid';
    cls += this.source.findClass?.(slot.position, i) ?? '';
    slot.base[i] = cls;
    if (error !== null) {
      if (cell.title !== error) cell.title = error;
      if (!cell.hasAttribute('aria-invalid')) cell.setAttribute('aria-invalid', 'true');
    } else if (cell.title) {
      cell.removeAttribute('title');
      cell.removeAttribute('aria-invalid');
    }
    if (row && this.source.readOnly?.(row, i)) {
      if (!cell.hasAttribute('aria-readonly')) cell.setAttribute('aria-readonly', 'true');
    } else if (cell.hasAttribute('aria-readonly')) cell.removeAttribute('aria-readonly');
    this.markCell(cell, cls, slot.position, i);
  }

  /**
   * Empties a cell out of view sideways: no text, error or mark of the row it showed stays for a screen reader to
   * read. It has no `aria-selected` (a blank cell could only claim a selection state it does not show).
   */
  private blankCell(slot: RowSlot, i: number): void {
    const cell = slot.cells[i];
    if (cell.firstChild) cell.textContent = '';
    slot.base[i] = this.columnClass(i) + BLANK;
    if (cell.className !== slot.base[i]) cell.className = slot.base[i];
    if (cell.hasAttribute('title')) cell.removeAttribute('title');
    if (cell.hasAttribute('aria-invalid')) cell.removeAttribute('aria-invalid');
    if (cell.hasAttribute('aria-readonly')) cell.removeAttribute('aria-readonly');
    if (cell.hasAttribute('aria-selected')) cell.removeAttribute('aria-selected');
  }

  /** The class of a column's cells before row state, errors and marks. */
  private columnClass(i: number): string {
    const column = this.columns[i];
    let cls = 'ui-grid-cell';
    if (column.numeric) cls += ' ui-grid-num';
    if (column.className) cls += ' ' + column.className;
    return cls;
  }

  private markCell(cell: HTMLElement, base: string, row: number, col: number): void {
    const selected = this.source.isSelected(row, col);
    const focused = this.source.isFocused(row, col);
    let cls = base;
    if (selected) cls += ' ui-grid-cell-selected';
    if (focused) cls += ' ui-grid-cell-focus';
    if (cell.className !== cls) cell.className = cls;
    const aria = selected ? 'true' : 'false';
    if (cell.getAttribute('aria-selected') !== aria) cell.setAttribute('aria-selected', aria);
  }
}
