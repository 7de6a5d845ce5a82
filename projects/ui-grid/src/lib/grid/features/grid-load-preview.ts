import { DataProvider, LoadProgress, loadsInSlices } from 'ngx-wrs-grid/core';
import { Subscription } from 'rxjs';

/**
 * Follows an input provider that builds a large Wrs in slices (`loadProgress$`) while the grid waits for it to be
 * ready: `show` gets the document with its header and the rows built so far, so the grid paints its first rows long
 * before the whole document is there. Null for a provider that loads in one go.
 */
export function followLoadProgress(input: DataProvider, show: (progress: LoadProgress) => void): Subscription | null {
  if (!loadsInSlices(input)) return null;
  return input.loadProgress$.subscribe((progress) => {
    if (progress) show(progress);
  });
}
