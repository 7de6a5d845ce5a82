import { DataProvider, LoadProgress, loadsInSlices } from 'ngx-wrs-grid/core';
import { Subscription } from 'rxjs';

/** How often the rows of a load under way are shown anew: often enough to scroll on, rarely enough to cost nothing. */
const SHOW_EVERY_MS = 100;

/**
 * Follows an input provider that builds a large Wrs in slices (`loadProgress$`) while the grid waits for it to be
 * ready: `show` gets the document with its header and the rows built so far, first at once, then at most every
 * SHOW_EVERY_MS, so the grid paints its first rows long before the whole document is there. Null for a provider that
 * loads in one go.
 */
export function followLoadProgress(input: DataProvider, show: (progress: LoadProgress) => void): Subscription | null {
  if (!loadsInSlices(input)) return null;
  const shown = throttledProgress(show);
  return input.loadProgress$.subscribe((progress) => progress && shown(progress));
}

/** `show` for the progress of a load under way (a backend load's `progress`): the first at once, then at most every SHOW_EVERY_MS. */
export function throttledProgress(show: (progress: LoadProgress) => void): (progress: LoadProgress) => void {
  let shown = -Infinity;
  return (progress) => {
    const now = performance.now();
    if (now - shown < SHOW_EVERY_MS) return;
    shown = now;
    show(progress);
  };
}
