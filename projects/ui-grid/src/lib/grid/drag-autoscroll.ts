/** Pixels scrolled per frame at most, however far beyond the edge the pointer is. */
const MAX_STEP = 40;

/** Where the pointer scrolls nothing, in page coordinates; beyond an edge the viewport scrolls that way. */
export interface AutoscrollArea {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

/**
 * Scrolls the body while a drag holds the pointer beyond the edges of its rows, as spreadsheets do: every frame it
 * scrolls towards the pointer, faster the farther away, and calls `extend` with the nearest point inside the rows, so
 * the selection follows. It stops when the pointer comes back inside or the drag ends (`stop`). `area` is the rows
 * of the viewport unless given (a column drag scrolls sideways from a margin inside the viewport).
 */
export class DragAutoscroll {
  private x = 0;
  private y = 0;
  private frame = 0;

  constructor(
    private readonly viewport: HTMLElement,
    private readonly header: HTMLElement,
    private readonly extend: (clientX: number, clientY: number) => void,
    private readonly area: () => AutoscrollArea = () => this.rowsArea(),
  ) {}

  /** Follows the pointer; true while it is beyond the edges of the rows (the scroll then moves the selection). */
  follow(clientX: number, clientY: number): boolean {
    this.x = clientX;
    this.y = clientY;
    const { top, bottom, left, right } = this.area();
    const outside = offset(clientY, top, bottom) !== 0 || offset(clientX, left, right) !== 0;
    if (!outside) this.stop();
    else if (this.frame === 0) this.frame = requestAnimationFrame(this.step);
    return outside;
  }

  stop(): void {
    if (this.frame !== 0) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  private readonly step = (): void => {
    const { top, bottom, left, right } = this.area();
    const dy = offset(this.y, top, bottom);
    const dx = offset(this.x, left, right);
    if (dx === 0 && dy === 0) {
      this.frame = 0;
      return;
    }
    this.viewport.scrollTop += speed(dy);
    this.viewport.scrollLeft += speed(dx);
    this.extend(Math.min(Math.max(this.x, left), right - 1), Math.min(Math.max(this.y, top), bottom - 1));
    this.frame = requestAnimationFrame(this.step);
  };

  /** The viewport's rows in page coordinates: below the sticky header, inside the scrollbars. */
  private rowsArea(): AutoscrollArea {
    const box = this.viewport.getBoundingClientRect();
    const top = box.top + this.viewport.clientTop;
    const left = box.left + this.viewport.clientLeft;
    return { top: top + this.header.offsetHeight, bottom: top + this.viewport.clientHeight, left, right: left + this.viewport.clientWidth };
  }
}

/** How far a coordinate lies before `low` (negative) or at or past `high` (positive); 0 between them. */
function offset(p: number, low: number, high: number): number {
  return p < low ? p - low : p >= high ? p - high + 1 : 0;
}

function speed(distance: number): number {
  return distance === 0 ? 0 : Math.sign(distance) * Math.min(MAX_STEP, Math.ceil(Math.abs(distance) / 2) + 2);
}
