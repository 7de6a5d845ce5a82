import { DragAutoscroll } from './drag-autoscroll';
import { GridCells } from './grid-cells';
import { GridEditing } from './grid-editing';
import { GridState } from './grid-state';

/** The pointer on the cells: a click focuses, shift+click and a drag select a range, a double click edits. */
export class GridPointer {
  /** Ends the drag under way (removes its document listeners), or null. */
  private endDrag: (() => void) | null = null;

  constructor(
    private readonly state: GridState,
    private readonly cells: GridCells,
    private readonly editing: GridEditing,
  ) {}

  readonly onMousedown = (event: MouseEvent): void => {
    const body = this.state.body;
    if (event.button !== 0 || (event.target as Element).closest('.ui-grid-editor')) return;
    const cell = body?.cellAtPoint(event.clientX, event.clientY);
    if (!body || !cell) return;
    this.editing.close(true);
    this.cells.focusCell(cell.row, cell.col, event.shiftKey);
    this.cells.focusBody();
    event.preventDefault();
    // The default action, kept from moving the text selection, would also have cleared one elsewhere on the page:
    // the browser sends a paste to where the text selection is, so a selection left in a heading took Ctrl+V.
    const doc = this.state.services.host.ownerDocument;
    doc.getSelection()?.removeAllRanges();
    this.endDrag?.();
    const extend = (x: number, y: number) => {
      const over = this.state.body?.cellAtPoint(x, y);
      if (over) this.cells.focusCell(over.row, over.col, true);
    };
    // Held beyond the rows, the pointer scrolls the body each frame; a move event alone would scroll one step.
    const autoscroll = new DragAutoscroll(body.viewport, body.header, extend);
    const move = (e: MouseEvent) => {
      // The button was released where no mouseup reached the page (outside the window): the drag is over.
      if ((e.buttons & 1) === 0) return up();
      if (!autoscroll.follow(e.clientX, e.clientY)) extend(e.clientX, e.clientY);
    };
    const up = () => {
      autoscroll.stop();
      this.endDrag = null;
      doc.removeEventListener('mousemove', move);
      doc.removeEventListener('mouseup', up);
    };
    this.endDrag = up;
    doc.addEventListener('mousemove', move);
    doc.addEventListener('mouseup', up);
  };

  readonly onDblclick = (event: MouseEvent): void => {
    const cell = this.state.body?.cellAtPoint(event.clientX, event.clientY);
    if (!cell) return;
    this.cells.focusCell(cell.row, cell.col);
    if (this.state.shown[cell.col]?.checkbox) this.editing.toggleCheckbox();
    else this.editing.startEdit();
  };

  /** Ends a drag under way (the grid goes). */
  stop(): void {
    this.endDrag?.();
  }
}
