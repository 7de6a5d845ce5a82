// Find in the grid on 100,000 x 20 rows (2,000,000 cells): the first match and every match counted, the way the
// grid's find runs them: a direct scan from the focused cell, then slices of 8 ms, each in a task of its own.
import { RowStore } from '../../projects/ui-grid/core/src/rows/row-store';
import { WrsIndex } from '../../projects/ui-grid/core/src/rows/wrs-index';
import { SourceFind } from '../../projects/ui-grid/core/src/wrs/source-find';
import { parseXml } from '../../projects/ui-grid/core/src/xml/dom';
import { gridLayout } from '../../projects/ui-grid/src/lib/grid/grid-column';
import { findMatcher } from '../../projects/ui-grid/src/lib/grid/features/find-matcher';
import { findRowsOf } from '../../projects/ui-grid/src/lib/grid/features/find-rows';
import { FindSearch } from '../../projects/ui-grid/src/lib/grid/features/find-search';
import { GridRowView } from '../../projects/ui-grid/src/lib/grid/features/grid-row-view';
import { ShownTexts } from '../../projects/ui-grid/src/lib/grid/features/shown-text';
import { generateWrs } from '../data/generate-wrs';
import type { Figure } from '../harness';

/** As the grid: time the first scan near the focus may take, and the work per slice. */
const FIRST_BUDGET_MS = 40;
const NEAR_BUDGET_MS = 4;
const SLICE_MS = 8;

const nextTask = () => new Promise<void>((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    resolve();
  };
  channel.port2.postMessage(null);
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

interface Timing {
  /** From the query to its first match known (by the scan near the focus, or by counting). */
  first: number;
  /** From the query to every match counted. */
  all: number;
  count: number;
}

/** One search from the first cell, timed as the user waits for it (the tasks between slices included). */
async function timedSearch(view: GridRowView, texts: ShownTexts, columns: ReturnType<typeof gridLayout>['columns'], query: string): Promise<Timing> {
  const t0 = performance.now();
  const search = new FindSearch(findRowsOf(view), columns, texts, findMatcher(query)!);
  const from = { order: 0, col: 0 };
  let first = search.scan(from, false, true, search.countsFirst ? NEAR_BUDGET_MS : FIRST_BUDGET_MS) ? performance.now() - t0 : -1;
  while (!search.slice(SLICE_MS)) {
    if (first < 0 && search.firstFrom(from) !== undefined) first = performance.now() - t0;
    await nextTask();
  }
  const all = performance.now() - t0;
  if (first < 0) first = all;
  return { first, all, count: search.matches.count };
}

/** A freshly parsed document and its row view; `readAhead`: every column read once, as the grid's load pass does. */
function freshView(readAhead: boolean): { view: GridRowView; texts: ShownTexts; columns: ReturnType<typeof gridLayout>['columns'] } {
  const index = WrsIndex.of(parseXml(generateWrs(100_000, 20)));
  // The grid has its row index from the load (the first paint reads it): a find does not wait for it.
  index.rows();
  const view = new GridRowView(index);
  const columns = gridLayout(index, null).columns;
  if (readAhead) while (!view.values.prefetch(columns.map((c) => c.pos), 500));
  return { view, texts: new ShownTexts(view), columns };
}

/** The rows of a load kept in a row store, read and not built, with the grid's row view over it. */
function storeView(): { view: GridRowView; texts: ShownTexts; columns: ReturnType<typeof gridLayout>['columns']; store: RowStore } {
  const store = RowStore.open(generateWrs(100_000, 20))!;
  store.scan();
  const index = WrsIndex.of(store.document);
  const view = new GridRowView(index, store);
  return { view, texts: new ShownTexts(view), columns: gridLayout(index, null).columns, store };
}

export async function runFindCases(env: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  const gc = () => (globalThis as unknown as { gc?: () => void }).gc?.();
  const figure = (name: string, value: number, unit: Figure['unit'], target?: number) =>
    figures.push({ suite: 'grid-features', name, value, unit, ...(target ? { target } : {}), env });

  // The very first find on a document nothing has read yet (no load pass), as `openFind(query)` straight after load:
  // its kept source text is searched; a query that numbers shown to a scale may hold ('7.5') reads those columns.
  for (const [name, query] of [['lastRow', 'text 99999-1'], ['frequent', '7-1'], ['scaled', '7.5']] as const) {
    const cold = freshView(false);
    gc();
    const t = await timedSearch(cold.view, cold.texts, cold.columns, query);
    figure(`find.firstResult.${name}.cold.100k`, t.first, 'ms', 150);
    figure(`find.countAll.${name}.cold.100k`, t.all, 'ms', 500);
    if (name !== 'lastRow') figure(`find.countAll.${name}.cold.matches`, t.count, 'count');
  }
  // Ctrl+F straight after load, then a query: the open empty field checks the source text ahead, in steps.
  {
    const cold = freshView(false);
    gc();
    const t0 = performance.now();
    const finder = SourceFind.of(cold.view.index)!;
    while (finder.prepare(performance.now() + SLICE_MS) === false) await nextTask();
    figure('find.sourceChecked.afterOpen.cold.100k', performance.now() - t0, 'ms');
    const t = await timedSearch(cold.view, cold.texts, cold.columns, 'text 99999-1');
    figure('find.firstResult.lastRow.afterOpen.cold.100k', t.first, 'ms', 150);
  }
  gc();

  // Ctrl+F after the grid's load pass: the open field makes the shown texts ahead, a step per task, while the user
  // starts typing; the first query then only tests the cells.
  {
    const opened = freshView(true);
    gc();
    const t0 = performance.now();
    for (const column of opened.columns) while (!opened.texts.fill(column, 4000)) await nextTask();
    figure('find.textsAhead.afterOpen.100k', performance.now() - t0, 'ms');
    const t = await timedSearch(opened.view, opened.texts, opened.columns, '7-1');
    figure('find.countAll.firstFind.afterOpen.100k', t.all, 'ms', 500);
  }
  gc();

  // After the grid's load pass read every column once: a first find typed at once (its texts made as it counts),
  // then more queries as a user types them.
  const warm = freshView(true);
  gc();
  const near = await timedSearch(warm.view, warm.texts, warm.columns, '7-1');
  figure('find.firstResult.nearFocus.firstFind.100k', near.first, 'ms', 150);
  figure('find.countAll.firstFind.100k', near.all, 'ms', 500);
  figure('find.countAll.firstFind.matches', near.count, 'count');
  const rare: Timing[] = [];
  const frequent: Timing[] = [];
  for (let i = 0; i < 5; i++) {
    rare.push(await timedSearch(warm.view, warm.texts, warm.columns, `text 99999-${1 + i}`));
    frequent.push(await timedSearch(warm.view, warm.texts, warm.columns, ['7-1', '7-12', '2026-03', '1'][i % 4]));
  }
  figure('find.firstResult.lastRow.100k', median(rare.map((t) => t.first)), 'ms', 150);
  figure('find.countAll.rare.100k', median(rare.map((t) => t.all)), 'ms', 500);
  figure('find.countAll.frequent.100k', median(frequent.map((t) => t.all)), 'ms', 500);
  figure('find.countAll.frequent.matchesMax', Math.max(...frequent.map((t) => t.count)), 'count');

  // The least work counting does once the shown texts are kept: one loop testing every cell, no slices, no tasks.
  const arrays = warm.columns.map((c) => warm.texts.texts(c));
  const floor = (expression: RegExp) => {
    const t0 = performance.now();
    let n = 0;
    for (let r = 0; r < 100_000; r++) for (let c = 0; c < arrays.length; c++) if (arrays[c][r] && expression.test(arrays[c][r]!)) n++;
    return { ms: performance.now() - t0, n };
  };
  const floors = [0, 1, 2].map(() => floor(/7-1/iu));
  const same = [0, 1, 2].map(() => 0);
  for (let i = 0; i < same.length; i++) same[i] = (await timedSearch(warm.view, warm.texts, warm.columns, '7-1')).all;
  if (floors[0].n !== near.count) throw new Error(`the floor counted ${floors[0].n}, find ${near.count}`);
  figure('find.countAll.loopFloor.100k', median(floors.map((f) => f.ms)), 'ms');
  figure('find.countAll.vsLoopFloor', median(same) / median(floors.map((f) => f.ms)), 'ratio');
  // The first cases over a row store (a load of 64,000 characters or more): its text searched, no document built.
  gc();
  for (const [name, query] of [['lastRow', 'text 99999-1'], ['frequent', '7-1'], ['scaled', '7.5']] as const) {
    const cold = storeView();
    gc();
    const t = await timedSearch(cold.view, cold.texts, cold.columns, query);
    if (cold.store.materialized) throw new Error('find built the document of the store');
    figure(`find.firstResult.${name}.store.cold.100k`, t.first, 'ms', 150);
    figure(`find.countAll.${name}.store.cold.100k`, t.all, 'ms', 500);
    if (name !== 'lastRow') figure(`find.countAll.${name}.store.cold.matches`, t.count, 'count');
  }
  gc();
  return figures;
}
