// The row-store suite's measurements in Chromium: what a large Wrs costs until its first rows can be painted, and
// how long the slices that build the rest hold the page.
import { RowStore } from '../../projects/ui-grid/core/src/rows/row-store';
import { WrsTextLoad } from '../../projects/ui-grid/core/src/data-provider/wrs-text-load';
import { parseXml } from '../../projects/ui-grid/core/src/xml/dom';
import { nativeXPathEngine } from '../../projects/ui-grid/core/src/xml/xpath-engine';
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

/** A general XPath (a predicate over cell values) that the store cannot answer from its entries: it needs the DOM. */
const QUERY = "count(/*/wrs:Data/*[wrs:C[2] = '500'])";

/** The yield of WrsTextLoad between slices. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
}

/** The sliced load of WrsTextLoad taken apart: how many slices, how long each, and the time spent in the yields. */
async function slicedLoad(text: string): Promise<{ slices: number[]; yieldMs: number }> {
  const store = RowStore.open(text)!;
  const slices: number[] = [];
  let yieldMs = 0;
  for (let done = store.materializeSlice({ rows: 100 }); !done;) {
    const y0 = performance.now();
    await nextTask();
    const s0 = performance.now();
    yieldMs += s0 - y0;
    done = store.materializeSlice({ budgetMs: 8 });
    slices.push(performance.now() - s0);
  }
  return { slices, yieldMs };
}

async function timedAsync(run: () => Promise<unknown>): Promise<number> {
  collect();
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
}

export async function runRowStoreCases(rows: number): Promise<Figure[]> {
  const env = `chromium headless, ${rows} x 20, median of ${RUNS}`;
  const text = generateWrs(rows, 20);
  const parse: number[] = [];
  const firstRows: number[] = [];
  const scan: number[] = [];
  const sliced: number[] = [];
  const longestSlice: number[] = [];
  const ready: number[] = [];
  const parseQuery: number[] = [];
  const storeQuery: number[] = [];
  const sliceCount: number[] = [];
  const sliceP95: number[] = [];
  const yields: number[] = [];
  const firstInsert: number[] = [];
  const nextInsert: number[] = [];
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
    // What a provider's sliced load costs until ready: the slices with the yields between them.
    ready.push(await timedAsync(() => new WrsTextLoad().parse(text, () => true)));
    collect();
    const taken = await slicedLoad(text);
    sliceCount.push(taken.slices.length);
    sliceP95.push([...taken.slices].sort((a, b) => a - b)[Math.floor(taken.slices.length * 0.95)]);
    yields.push(taken.yieldMs);
    // A grid's Add row on a store read to its end: the new row's ids checked, then found by its known position.
    const store = RowStore.open(text)!;
    store.scan();
    const defaults = Array.from({ length: 20 }, () => null);
    const insert = (at: number) => timed(() => store.positionOf(store.insertRows(at, store.id(at), [defaults])[0], at));
    firstInsert.push(insert(rows >> 1));
    nextInsert.push(insert(10));
    parseQuery.push(timed(() => nativeXPathEngine.evaluate(QUERY, parseXml(text))));
    storeQuery.push(timed(() => {
      const store = RowStore.open(text)!;
      store.scan();
      nativeXPathEngine.evaluate(QUERY, store.materialize());
    }));
  }
  const figure = (name: string, values: number[], note: string): Figure => ({ suite: 'row-store', name: `${name}.${rows}`, value: median(values), unit: 'ms', env: `${env}, ${note}` });
  return [
    figure('parseXml', parse, 'whole document'),
    figure('firstRows', firstRows, 'RowStore.open + the first 100 rows built: what the grid paints from'),
    figure('scan', scan, 'RowStore.open + every row read (spans, states, ids), no row built'),
    figure('materializeInSlices', sliced, 'the whole document built in slices of 8 ms, yields not counted'),
    figure('longestSlice', longestSlice, 'the longest of those slices (budget 8 ms)'),
    figure('timeToReady', ready, 'WrsTextLoad.parse: first rows, then slices of 8 ms with a yield after each, until the document is complete'),
    { ...figure('timeToReady.slices', sliceCount, 'slices of 8 ms after the first rows'), unit: 'count' },
    figure('timeToReady.p95Slice', sliceP95, 'the 95th percentile of those slices (budget 8 ms)'),
    figure('timeToReady.yields', yields, 'time between slices: the yields to the page, summed'),
    figure('insertRow.first', firstInsert, 'the first row inserted into a store read to its end (RowStore.insertRows), then found by its position'),
    figure('insertRow.next', nextInsert, 'the next row inserted, the same way'),
    figure('query.afterParseXml', parseQuery, `parseXml + ${QUERY}`),
    figure('query.onStoreWithoutDom', storeQuery, `RowStore.open + every row read, then ${QUERY}: the DOM built for it`),
    { suite: 'row-store', name: `ratio.firstRows/parseXml.${rows}`, value: median(firstRows) / median(parse), unit: 'ratio', env },
    { suite: 'row-store', name: `ratio.timeToReady/parseXml.${rows}`, value: median(ready) / median(parse), unit: 'ratio', env },
    { suite: 'row-store', name: `ratio.query.onStoreWithoutDom/afterParseXml.${rows}`, value: median(storeQuery) / median(parseQuery), unit: 'ratio', env },
  ];
}
