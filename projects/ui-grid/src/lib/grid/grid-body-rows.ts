import { cellText } from './cell-text';
import { BodyColumns } from './grid-body-columns';
import { RowSlot, newRowSlot } from './grid-body-slots';
import { GridColumn } from './grid-column';
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

/**
 * Marks a blank cell (a column out of view sideways): the stylesheet takes it out of layout and paint. Positioned
 * cells of 200 columns in every row cost a frame's layout, paint and layerizing on each step of a wide table.
 */
const BLANK = ' ui-grid-cell-blank';

/**
 * The body's row elements: a pool of slots, each showing one row position while it is in view, and their painting.
 * The fixed rows have a slot each; the other rows share the rest of the pool by position, so a scroll step repaints
 * only the rows that came into view. A row's frozen columns and those in the columns' window are painted; the
 * others are blank but for cells painted on demand (`cellElement`).
 */
export class BodyRows {
  private slots: RowSlot[] = [];
  /** Rows of the header (group lines, captions, filter line): `aria-rowindex` of the data rows counts on from them. */
  headerRowCount = 1;
  /** Leading rows kept in view while scrolling (`fixedRows`): their slots are the first ones. */
  fixedRows = 0;

  constructor(
    private readonly source: GridBodySource,
    private readonly columns: BodyColumns,
    private readonly rowHeight: number,
  ) {}

  /** Drops every slot (new columns or a new fixed band): the next paint builds the pool again. */
  clear(): void {
    for (const slot of this.slots) slot.element.remove();
    this.slots = [];
  }

  /** Moves every cell to its column's offset and width (the same columns, resized). */
  placeCells(): void {
    const { offsets, list } = this.columns;
    for (const slot of this.slots) {
      slot.cells.forEach((cell, i) => {
        cell.style.left = `${offsets[i]}px`;
        cell.style.width = `${list[i].width}px`;
      });
    }
  }

  /** Makes slots up to `count`: the fixed rows' go into `band`, the others into `canvas`. */
  ensure(count: number, band: HTMLElement | null, canvas: HTMLElement): void {
    if (this.slots.length >= count) return;
    for (const slot of this.slots) slot.position = -1;
    const doc = canvas.ownerDocument;
    while (this.slots.length < count) {
      const slot = newRowSlot(doc, this.rowHeight, this.columns.list, this.columns.offsets, (i) => this.columns.cellClass(i) + BLANK);
      (this.slots.length < this.fixedRows ? band! : canvas).appendChild(slot.element);
      this.slots.push(slot);
    }
  }

  /** The slot showing a row position: fixed rows have their own, the others share the pool by position. */
  private slotAt(position: number): RowSlot | undefined {
    const f = this.fixedRows;
    const n = this.slots.length;
    if (position < f) return this.slots[position];
    return n > f ? this.slots[f + ((position - f) % (n - f))] : undefined;
  }

  /** Paints a row position into its slot; a slot showing it already paints only the columns that came into view. */
  paintAt(position: number): void {
    const slot = this.slotAt(position)!;
    if (slot.position !== position) this.paintRow(slot, position);
    else if (slot.from !== this.columns.lo || slot.to !== this.columns.hi) this.paintColumns(slot);
  }

  /**
   * Hides the slots showing no row in view (neither a fixed row nor one of [first, last)), also those a repaint or a
   * new pool left without a row; `count` is the rows of the view.
   */
  hideOthers(fixed: number, first: number, last: number, count: number): void {
    for (const slot of this.slots) {
      if ((slot.position >= fixed && (slot.position < first || slot.position >= last)) || slot.position >= count) {
        slot.position = -1;
        if (slot.element.style.display !== 'none') slot.element.style.display = 'none';
      }
    }
  }

  /** Lets every slot forget its row: the next paint paints every row in view. */
  forget(): void {
    for (const slot of this.slots) slot.position = -1;
  }

  /** Repaints the rows at these positions when they are in view. */
  repaintRows(positions: Iterable<number>): void {
    for (const p of positions) {
      const slot = this.slotAt(p);
      if (slot?.position === p) this.paintRow(slot, p);
    }
  }

  /** Repaints the rows in view whose ids are among these. */
  repaintRowIds(ids: ReadonlySet<string>): void {
    for (const slot of this.slots) if (slot.position >= 0 && ids.has(slot.element.dataset['rowId'] ?? '')) this.paintRow(slot, slot.position);
  }

  /** Updates only the selection and focus marks of the rows in view (of their painted cells). */
  repaintMarks(): void {
    const { frozen } = this.columns;
    for (const slot of this.slots) {
      const p = slot.position;
      if (p < 0) continue;
      for (let i = 0; i < frozen; i++) this.markCell(slot.cells[i], slot.base[i], p, i);
      for (let i = slot.from; i < slot.to; i++) this.markCell(slot.cells[i], slot.base[i], p, i);
      for (const i of slot.extra) this.markCell(slot.cells[i], slot.base[i], p, i);
    }
  }

  /** The painted cell element (painted now when its column is out of view sideways), or null when the row is out of view. */
  cellElement(row: number, col: number): HTMLElement | null {
    const slot = this.slotAt(row);
    if (!slot || slot.position !== row || col < 0 || col >= slot.cells.length) return null;
    if (col >= this.columns.frozen && (col < slot.from || col >= slot.to) && !slot.extra.includes(col)) {
      const shown = this.source.rowAt(row);
      this.paintCell(slot, col, shown, shown?.id ?? '');
      slot.extra.push(col);
    }
    return slot.cells[col];
  }

  /** True when a slot's frozen cells were never shifted (a slot made since the last shift). */
  unshifted(): boolean {
    return this.slots.some((s) => s.cells[0]?.style.transform === '');
  }

  /** Moves the frozen columns' cells of every slot by a transform (the horizontal scroll). */
  shiftFrozen(shift: string): void {
    const { frozen } = this.columns;
    for (const slot of this.slots) for (let i = 0; i < frozen; i++) slot.cells[i].style.transform = shift;
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
    const { lo, hi, frozen } = this.columns;
    for (let i = 0; i < frozen; i++) this.paintCell(slot, i, row, rowId);
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
    const { lo, hi } = this.columns;
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
    const column = this.columns.list[i];
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
    let cls = this.columns.cellClass(i);
    if (i < this.columns.frozen) cls += ' ui-grid-cell-frozen';
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
    slot.base[i] = this.columns.cellClass(i) + BLANK;
    if (cell.className !== slot.base[i]) cell.className = slot.base[i];
    if (cell.hasAttribute('title')) cell.removeAttribute('title');
    if (cell.hasAttribute('aria-invalid')) cell.removeAttribute('aria-invalid');
    if (cell.hasAttribute('aria-readonly')) cell.removeAttribute('aria-readonly');
    if (cell.hasAttribute('aria-selected')) cell.removeAttribute('aria-selected');
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
