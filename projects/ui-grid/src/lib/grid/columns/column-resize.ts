import { GridColumn } from '../grid-column';
import { MAX_AUTO_WIDTH, MIN_COLUMN_WIDTH } from './column-layout';

/** What a resize drag changes, each frame and at its end. */
export interface ResizeTarget {
  /** The column's width now. */
  width(): number;
  /** A new width while dragging (at most once a frame). */
  live(width: number): void;
  /** The drag ended; `moved` is false when the pointer never moved (a click, the first half of a double click). */
  done(moved: boolean): void;
}

/**
 * Follows a resize drag from a handle's pointerdown: the pointer's way sideways is the new width (at least
 * MIN_COLUMN_WIDTH), applied once per animation frame however many pointer events come. Pointer events on the
 * document, not the CDK's drag-drop: the handle does not move, only a width changes. Returns a function ending it.
 */
export function followResize(down: PointerEvent, target: ResizeTarget): () => void {
  const doc = (down.target as Element).ownerDocument;
  const view = doc.defaultView ?? globalThis;
  const start = down.clientX;
  const from = target.width();
  let next = from;
  let frame = 0;
  let moved = false;
  const stop = new AbortController();
  const apply = () => {
    frame = 0;
    target.live(next);
  };
  const end = () => {
    stop.abort();
    if (frame) view.cancelAnimationFrame(frame);
    if (moved) apply();
    target.done(moved);
  };
  doc.addEventListener('pointermove', (e) => {
    const width = Math.max(MIN_COLUMN_WIDTH, Math.round(from + e.clientX - start));
    if (width === next) return;
    moved = true;
    next = width;
    if (!frame) frame = view.requestAnimationFrame(apply);
  }, { signal: stop.signal });
  doc.addEventListener('pointerup', end, { signal: stop.signal });
  doc.addEventListener('pointercancel', end, { signal: stop.signal });
  return () => {
    if (!stop.signal.aborted) end();
  };
}

/**
 * The width that shows a column's content whole: the widest of its painted cells (the rows in view) and its caption,
 * each measured as a copy laid out at its natural width, within MIN_COLUMN_WIDTH and MAX_AUTO_WIDTH.
 */
export function contentWidth(caption: HTMLElement | null, cells: readonly HTMLElement[]): number {
  let widest = MIN_COLUMN_WIDTH;
  const measure = (element: HTMLElement) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.removeAttribute('id');
    copy.style.position = 'absolute';
    copy.style.visibility = 'hidden';
    copy.style.width = 'max-content';
    copy.style.left = '0';
    copy.style.contain = 'none';
    copy.style.transform = 'none';
    copy.querySelectorAll('.ui-grid-col-resize').forEach((h) => h.remove());
    element.parentElement!.appendChild(copy);
    // One extra pixel: a fractional text width rounded down would cut the text again.
    widest = Math.max(widest, Math.ceil(copy.getBoundingClientRect().width) + 1);
    copy.remove();
  };
  if (caption?.parentElement) measure(caption);
  for (const cell of cells) if (cell.parentElement) measure(cell);
  return Math.min(MAX_AUTO_WIDTH, widest);
}

/** Left offsets of shown columns and their total width. */
export function columnOffsets(shown: readonly GridColumn[]): { offsets: number[]; total: number } {
  const offsets: number[] = [];
  let total = 0;
  for (const c of shown) {
    offsets.push(total);
    total += c.width;
  }
  return { offsets, total };
}

/**
 * Moves the painted header's cells (captions, group spans, filter fields) to new widths without painting it again,
 * so a drag keeps the header's focus and filter text as they are.
 */
export function placeHeader(header: HTMLElement, shown: readonly GridColumn[]): void {
  const { offsets, total } = columnOffsets(shown);
  header.querySelectorAll<HTMLElement>('.ui-grid-header-row').forEach((line) => (line.style.width = `${total}px`));
  const place = (cell: HTMLElement, i: number, span = 1) => {
    if (i < 0 || i >= shown.length) return;
    cell.style.left = `${offsets[i]}px`;
    cell.style.width = `${shown.slice(i, i + span).reduce((w, c) => w + c.width, 0)}px`;
  };
  header.querySelectorAll<HTMLElement>('.ui-grid-colheader').forEach((cell) => place(cell, shown.findIndex((c) => c.id === cell.dataset['colId'])));
  header.querySelectorAll<HTMLElement>('.ui-grid-filter-cell').forEach((cell, i) => place(cell, i));
  header.querySelectorAll<HTMLElement>('.ui-grid-group-cell').forEach((cell) => {
    place(cell, Number(cell.getAttribute('aria-colindex')) - 1, Number(cell.getAttribute('aria-colspan')) || 1);
  });
}
