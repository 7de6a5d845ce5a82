import { DragAutoscroll } from '../drag-autoscroll';
import { GridBody } from '../grid-body';
import { GridCells } from '../grid-cells';
import { CellRange } from '../grid-selection';
import { GridState } from '../grid-state';
import { messageOf } from '../features/grid-messages';
import { FillHandleOptions, fillHandleOptions } from './fill-options';
import { FillDirection, FillTarget, GridFill } from './grid-fill';

/** A fill the pointer points at: its direction, how many rows or columns, and the cells it writes. */
interface PointedFill {
  readonly direction: FillDirection;
  readonly count: number;
  readonly target: FillTarget;
}

/**
 * The fill handle: a small square on the bottom right corner of the selected range. Dragging it shows the cells a
 * fill would write (a dashed frame) and fills them on release; Escape cancels. Held beyond the rows, the body scrolls
 * as a selection drag does. It is a pointer shortcut for what Ctrl+D and Ctrl+R do, so it is hidden from assistive
 * technology and named by its tooltip.
 */
export class FillHandle {
  private handle: HTMLElement | null = null;
  private frame: HTMLElement | null = null;
  /** The handle's last position, so a paint that moved nothing writes no style. */
  private placed = '';
  /** Ends the drag under way without filling, or null. */
  private endDrag: (() => void) | null = null;

  constructor(
    private readonly state: GridState,
    private readonly cells: GridCells,
    private readonly fill: GridFill,
    private readonly closeEditor: () => void,
  ) {}

  /** Puts the handle and the drag's frame into the body's canvas (the handle shows on the next `place`). */
  attach(body: GridBody): void {
    const doc = body.canvas.ownerDocument;
    const handle = (this.handle = doc.createElement('div'));
    handle.className = 'ui-grid-fill-handle';
    handle.setAttribute('aria-hidden', 'true');
    handle.title = messageOf(this.state.messages, 'fillHandle');
    handle.style.display = 'none';
    // Its own mousedown and dblclick (the canvas's would start a range selection or an editor under the handle), gone
    // with the grid as the body's are.
    const signal = this.state.lifetime.signal;
    handle.addEventListener('mousedown', this.onMousedown, { signal });
    handle.addEventListener('dblclick', this.onDblclick, { signal });
    const frame = (this.frame = doc.createElement('div'));
    frame.className = 'ui-grid-fill-frame';
    frame.setAttribute('aria-hidden', 'true');
    frame.style.display = 'none';
    body.canvas.append(frame, handle);
    this.placed = '';
  }

  /** What the handle may do now (`hotArgs.fillHandle`), or null when it is off. */
  options(): FillHandleOptions | null {
    return fillHandleOptions(this.state.grid.hotArgs()?.fillHandle);
  }

  /** Moves the handle to the corner of the selected range; hidden when the grid cannot be filled. Runs on every paint. */
  place(): void {
    const { state, handle } = this;
    const body = state.body;
    const view = state.features.view;
    if (!handle || !body) return;
    const { bottom, right } = state.selection.range;
    const rows = view?.rowCount ?? 0;
    const shown = state.shown.length;
    const visible = rows > 0 && bottom < rows && right < shown && !state.grid.isReadOnly() && state.previewDoc === null && this.options() !== null;
    const x = visible ? body.cellLeft(right) + body.columnBox(right).width : 0;
    // At the last row or column the handle sits inside the corner: outside, it would widen the scrolled area.
    const key = visible ? `${x},${(bottom + 1) * body.rowHeight},${bottom === rows - 1},${right === shown - 1}` : '';
    if (key === this.placed) return;
    this.placed = key;
    handle.style.display = visible ? '' : 'none';
    if (!visible) return;
    // Moved by a transform, not left/top: a focus move then needs no layout (an edit's commit -> repaint 1.3 -> 1.1 ms).
    handle.style.transform = `translate(${x}px, ${(bottom + 1) * body.rowHeight}px)`;
    handle.classList.toggle('ui-grid-fill-handle-last-row', bottom === rows - 1);
    handle.classList.toggle('ui-grid-fill-handle-last-col', right === shown - 1);
  }

  /** Ends a drag under way without filling (the grid goes). */
  stop(): void {
    this.endDrag?.();
  }

  /** A double click fills down as far as the column beside the range holds values, as spreadsheets do. */
  private readonly onDblclick = (event: MouseEvent): void => {
    event.stopPropagation();
    if (!this.options()?.vertical) return;
    const count = this.fill.rowsBeside(this.state.selection.range);
    if (count > 0) this.fill.fill('down', count);
  };

  private readonly onMousedown = (event: MouseEvent): void => {
    const body = this.state.body;
    const options = this.options();
    if (event.button !== 0 || !body || !options) return;
    event.preventDefault();
    event.stopPropagation();
    this.endDrag?.();
    this.closeEditor();
    this.cells.focusBody();
    const source = this.state.selection.range;
    const doc = body.canvas.ownerDocument;
    let x = event.clientX;
    let y = event.clientY;
    let pointed: PointedFill | null = null;
    const follow = () => {
      pointed = this.pointedFill(body, source, options, x, y);
      this.showFrame(body, pointed?.target.range ?? null);
    };
    // Held beyond the rows, the body scrolls each frame and the fill follows the rows coming into view.
    const autoscroll = new DragAutoscroll(body.viewport, body.header, follow);
    const move = (e: MouseEvent) => {
      // Released where no mouseup reached the page (outside the window): the fill shown is the one released.
      if ((e.buttons & 1) === 0) return end(true);
      x = e.clientX;
      y = e.clientY;
      autoscroll.follow(x, y);
      follow();
    };
    const key = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      end(false);
    };
    const up = () => end(true);
    const end = (apply: boolean) => {
      autoscroll.stop();
      this.endDrag = null;
      doc.removeEventListener('mousemove', move);
      doc.removeEventListener('mouseup', up);
      doc.removeEventListener('keydown', key, true);
      this.showFrame(body, null);
      if (apply && pointed) this.fill.fill(pointed.direction, pointed.count, options.autoInsertRow);
    };
    this.endDrag = () => end(false);
    doc.addEventListener('mousemove', move);
    doc.addEventListener('mouseup', up);
    // Capturing: Escape ends the drag before the grid's own keys or a dialog around it see it.
    doc.addEventListener('keydown', key, true);
  };

  /**
   * The fill a pointer at (x, y) asks for: the direction it left the range in farthest (by rows or columns), among
   * those allowed. Beyond the viewport it counts to the rows in view; below the last row, shown whole, to new rows.
   */
  private pointedFill(body: GridBody, source: CellRange, options: FillHandleOptions, x: number, y: number): PointedFill | null {
    const canvas = body.canvas.getBoundingClientRect();
    const port = body.viewport.getBoundingClientRect();
    const top = port.top + body.viewport.clientTop + body.header.offsetHeight;
    const bottom = port.top + body.viewport.clientTop + body.viewport.clientHeight;
    const rows = this.state.features.view?.rowCount ?? 0;
    const lastCol = this.state.shown.length - 1;
    // The last row's bottom edge in view: the pointer below it points at rows to add.
    const endInView = canvas.top + rows * body.rowHeight <= bottom + 1;
    const py = Math.max(top, endInView ? y : Math.min(y, bottom - 1));
    const row = Math.floor((py - canvas.top) / body.rowHeight);
    const inRow = canvas.top + Math.max(0, Math.min(row, rows - 1)) * body.rowHeight + 1;
    const left = port.left + body.viewport.clientLeft;
    const px = Math.max(left, Math.min(x, left + body.viewport.clientWidth - 1));
    const col = body.cellAtPoint(px, inRow)?.col ?? (px < canvas.left ? 0 : lastCol);
    const down = row > source.bottom ? row - source.bottom : row < source.top ? row - source.top : 0;
    const across = col > source.right ? col - source.right : col < source.left ? col - source.left : 0;
    let direction: FillDirection;
    let count: number;
    if (options.vertical && down !== 0 && (!options.horizontal || Math.abs(down) >= Math.abs(across))) {
      direction = down > 0 ? 'down' : 'up';
      count = Math.abs(down);
    } else if (options.horizontal && across !== 0) {
      direction = across > 0 ? 'right' : 'left';
      count = Math.abs(across);
    } else return null;
    const target = this.fill.targetOf(source, direction, count, options.autoInsertRow);
    return target ? { direction, count, target } : null;
  }

  /** The dashed frame around the cells a release would fill, or none. */
  private showFrame(body: GridBody, range: CellRange | null): void {
    const frame = this.frame;
    if (!frame) return;
    frame.style.display = range ? '' : 'none';
    if (!range) return;
    const left = body.cellLeft(range.left);
    frame.style.left = `${left}px`;
    frame.style.top = `${range.top * body.rowHeight}px`;
    frame.style.width = `${body.cellLeft(range.right) + body.columnBox(range.right).width - left}px`;
    frame.style.height = `${(range.bottom - range.top + 1) * body.rowHeight}px`;
  }
}
