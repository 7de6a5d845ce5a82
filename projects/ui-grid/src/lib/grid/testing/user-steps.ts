import type { MountedGrid } from './mount-grid';

// What a user does to a mounted grid, as DOM events on its body: for specs that run the same steps on two grids.

/** The cell at a painted row and column (0-based, as shown). */
export const cell = (s: MountedGrid, row: number, col: number) =>
  s.el.querySelectorAll('.ui-grid-canvas .ui-grid-row')[row]?.querySelectorAll('.ui-grid-cell')[col] as HTMLElement;

export const body = (s: MountedGrid) => s.el.querySelector('.ui-grid-body') as HTMLElement;

/** One painted frame, then the tasks it queued. */
export const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/** Resolves once `condition()` holds (async conditions too), checking on each macrotask turn. */
export async function until(condition: () => unknown): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 5));
}

export function click(s: MountedGrid, row: number, col: number, init: MouseEventInit = {}): void {
  const r = cell(s, row, col).getBoundingClientRect();
  cell(s, row, col).dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: r.left + 3, clientY: r.top + 3, ...init }));
  document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
}

export function key(s: MountedGrid, k: string, init: KeyboardEventInit = {}): void {
  body(s).dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
}

/** Opens the cell's editor (F2), sets the value and commits it with Enter; false when no editor opened (read-only). */
export async function type(s: MountedGrid, row: number, col: number, value: string): Promise<boolean> {
  click(s, row, col);
  key(s, 'F2');
  const editor = s.el.querySelector('.ui-grid-editor') as HTMLInputElement | null;
  if (!editor) return false;
  editor.value = value;
  editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  await frame();
  return true;
}

/** Pastes tab-separated text at a cell, as the browser's paste event brings it. */
export function paste(s: MountedGrid, row: number, col: number, value: string): void {
  click(s, row, col);
  const data = new DataTransfer();
  data.setData('text/plain', value);
  body(s).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
}
