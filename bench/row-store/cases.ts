// The row-store suite's measurements in Chromium: what a large Wrs costs until its first rows can be painted, and
// how long the slices that build the rest hold the page.
import { RowStore } from '../../projects/ui-grid/core/src/rows/row-store';
import { parseXml } from '../../projects/ui-grid/core/src/xml/dom';
import { generateWrs } from '../data/generate-wrs';
import type { Figure } from '../harness';

const RUNS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function timed(run: () => void): number {
  collect();
  const t0 = performance.now();
  run();
  return performance.now() - t0;
}

export function runRowStoreCases(rows: number): Figure[] {
  const env = `chromium headless, ${rows} x 20, median of ${RUNS}`;
  const text = generateWrs(rows, 20);
  const parse: number[] = [];
  const firstRows: number[] = [];
  const scan: number[] = [];
  const sliced: number[] = [];
  const longestSlice: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    parse.push(timed(() => parseXml(text)));
    firstRows.push(timed(() => RowStore.open(text)!.materializeSlice({ rows: 100 })));
    scan.push(timed(() => RowStore.open(text)!.scan()));
    let longest = 0;
    sliced.push(timed(() => {
      const store = RowStore.open(text)!;
      for (let done = false; !done;) {
        const t0 = performance.now();
        done = store.materializeSlice({ budgetMs: 8 });
        longest = Math.max(longest, performance.now() - t0);
      }
    }));
    longestSlice.push(longest);
  }
  const figure = (name: string, values: number[], note: string): Figure => ({ suite: 'row-store', name: `${name}.${rows}`, value: median(values), unit: 'ms', env: `${env}, ${note}` });
  return [
    figure('parseXml', parse, 'whole document'),
    figure('firstRows', firstRows, 'RowStore.open + the first 100 rows built: what the grid paints from'),
    figure('scan', scan, 'RowStore.open + every row read (spans, states, ids), no row built'),
    figure('materializeInSlices', sliced, 'the whole document built in slices of 8 ms, yields not counted'),
    figure('longestSlice', longestSlice, 'the longest of those slices (budget 8 ms)'),
    { suite: 'row-store', name: `ratio.firstRows/parseXml.${rows}`, value: median(firstRows) / median(parse), unit: 'ratio', env },
  ];
}
