import { DragAutoscroll } from '../drag-autoscroll';

/** A place a dragged column (or group) may be dropped: before a shown column, or at the end (null), at x in the header. */
export interface DropGap {
  readonly beforeId: string | null;
  readonly x: number;
}

/** What a move drag asks of the grid. */
export interface MoveTarget {
  /** The places the dragged block may go (the layout's rules: groups stay together, frozen columns stay frozen). */
  gaps(): DropGap[];
  /** The drag ended over a gap (null: outside, or it never started). */
  drop(gap: DropGap | null): void;
  /** The body's scrolling viewport and the width of the frozen columns at its left (they never scroll away). */
  scroller(): { readonly viewport: HTMLElement; readonly frozenWidth: number } | null;
}

/** How far the pointer goes before a press on a header becomes a drag (a click sorts, or toggles a group). */
const DRAG_THRESHOLD = 5;

/** The margin inside the viewport's left and right edges where a move drag scrolls the body sideways. */
export const MOVE_SCROLL_MARGIN = 32;

/**
 * Follows a press on a column header or a group: past DRAG_THRESHOLD it becomes a drag that marks the dragged
 * header and shows a drop indicator at the valid gap nearest to the pointer. Pointer events, not the CDK's drag-drop:
 * the header cells are placed absolutely and a drop must keep groups and frozen columns whole, which a sorted list
 * of elements (cdkDropList) does not express. Near the viewport's left or right edge (MOVE_SCROLL_MARGIN) the body
 * scrolls sideways, faster the nearer the edge, and the indicator follows. Returns true from `dragged()` once it became a drag.
 */
export function followMove(down: PointerEvent, header: HTMLElement, dragged: HTMLElement, target: MoveTarget): { dragged(): boolean } {
  const doc = header.ownerDocument;
  const start = { x: down.clientX, y: down.clientY };
  const stop = new AbortController();
  let gaps: DropGap[] | null = null;
  let indicator: HTMLElement | null = null;
  let over: DropGap | null = null;
  let pointerX = start.x;
  const nearest = (clientX: number): DropGap | null => {
    const x = clientX - header.getBoundingClientRect().left;
    let best: DropGap | null = null;
    for (const gap of gaps ?? []) if (!best || Math.abs(gap.x - x) < Math.abs(best.x - x)) best = gap;
    return best;
  };
  const place = () => {
    over = nearest(pointerX);
    if (indicator) {
      indicator.style.display = over ? '' : 'none';
      if (over) indicator.style.left = `${over.x}px`;
    }
  };
  const scroller = target.scroller();
  // Frozen columns' gaps move with the scroll: they are read again after each step.
  const autoscroll = scroller && new DragAutoscroll(scroller.viewport, header, () => {
    gaps = target.gaps();
    place();
  }, () => {
    const box = scroller.viewport.getBoundingClientRect();
    const left = box.left + scroller.viewport.clientLeft;
    return { top: -Infinity, bottom: Infinity, left: left + scroller.frozenWidth + MOVE_SCROLL_MARGIN, right: left + scroller.viewport.clientWidth - MOVE_SCROLL_MARGIN };
  });
  const end = (drop: boolean) => {
    stop.abort();
    autoscroll?.stop();
    indicator?.remove();
    dragged.classList.remove('ui-grid-col-dragging');
    if (gaps) target.drop(drop ? over : null);
  };
  doc.addEventListener('pointermove', (e) => {
    if (!gaps) {
      if (Math.abs(e.clientX - start.x) < DRAG_THRESHOLD && Math.abs(e.clientY - start.y) < DRAG_THRESHOLD) return;
      gaps = target.gaps();
      dragged.classList.add('ui-grid-col-dragging');
      indicator = header.appendChild(doc.createElement('div'));
      indicator.className = 'ui-grid-drop-indicator';
      indicator.setAttribute('aria-hidden', 'true');
    }
    pointerX = e.clientX;
    place();
    autoscroll?.follow(e.clientX, e.clientY);
  }, { signal: stop.signal });
  doc.addEventListener('pointerup', () => end(true), { signal: stop.signal });
  doc.addEventListener('pointercancel', () => end(false), { signal: stop.signal });
  doc.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') end(false);
  }, { signal: stop.signal });
  return { dragged: () => gaps !== null };
}
