// Column filters, sorting and pages of the grid on 100,000 x 20 rows, measured the way a user triggers them: the
// filter goes into the status model, its change listener re-runs the row view, and the grid body repaints.
import { StaticModel } from '../../projects/ui-grid/core/src/data-provider/static-model';
import { NS } from '../../projects/ui-grid/core/src/xml/namespaces';
import { parseXml } from '../../projects/ui-grid/core/src/xml/dom';
import { WrsIndex } from '../../projects/ui-grid/core/src/rows/wrs-index';
import { cellValue, cellsOf } from '../../projects/ui-grid/core/src/rows/row-states';
import { GridBody } from '../../projects/ui-grid/src/lib/grid/grid-body';
import { gridLayout } from '../../projects/ui-grid/src/lib/grid/grid-column';
import { GridFeatures } from '../../projects/ui-grid/src/lib/grid/features/grid-features';
import { ColumnFilterValue } from '../../projects/ui-grid/src/lib/grid/features/column-filter';
import { generateWrs } from '../data/generate-wrs';
import { runFindCases } from './find-cases';
import type { Figure } from '../harness';
import './columns-entry';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

interface BenchGrid {
  index: WrsIndex;
  features: GridFeatures;
  host: HTMLElement;
  setPageSize(size: number | null): void;
}

/** A freshly parsed 100,000 x 20 document behind the grid's feature controller and body, as the grid sets them up. */
async function freshGrid(): Promise<BenchGrid> {
  const doc = parseXml(generateWrs(100_000, 20));
  const index = WrsIndex.of(doc);
  const status = new StaticModel({ data: `<s:Status xmlns:s="urn:s" xmlns:f="${NS.f}"><f:Filter/></s:Status>` });
  await status.fetchData();
  const layout = gridLayout(index, null);
  const host = document.body.appendChild(document.createElement('div'));
  let body: GridBody | null = null;
  let pageSize: number | null = null;
  const features = new GridFeatures({
    gridKey: () => 'bench',
    statusProvider: () => status,
    serverSided: () => false,
    pageSize: () => pageSize,
    customFilter: () => null,
    captionFor: () => null,
    viewChanged: () => body!.repaintAll(),
    reload: async () => undefined,
  });
  body = new GridBody(host, { rowCount: () => features.view!.rowCount, rowAt: (p) => features.view!.shownAt(p), isSelected: () => false, isFocused: () => false, errorOf: () => null }, 28);
  features.reset(doc, layout.columns, null);
  features.listen();
  body.setColumns(layout.columns);
  body.setHeight(600);
  return { index, features, host, setPageSize: (size) => (pageSize = size) };
}

const gc = () => (globalThis as unknown as { gc?: () => void }).gc?.();
const heapMB = () => ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) / 1e6;

/**
 * The least DOM work a cold first filter on column `pos` needs, without the library: on a freshly parsed document
 * (one per call),
 * each row's cell reached from the nearer row end and its text read once. `columnFilter.textContains.first.cold.c<pos>`
 * reads against it.
 */
function coldReadFloor(pos: number): number {
  const doc = parseXml(generateWrs(100_000, 20));
  // The top-level wrs:Data (a header column's wrs:References holds a wrs:Data of its own).
  const data = Array.from(doc.documentElement.children).find((e) => e.localName === 'Data')!;
  const rows = Array.from(data.children);
  const texts: string[] = new Array(rows.length);
  gc();
  const t0 = performance.now();
  if (pos > 10) {
    for (let i = 0; i < rows.length; i++) {
      let cell = rows[i].lastElementChild!;
      for (let k = 20 - pos; k > 0; k--) cell = cell.previousElementSibling!;
      texts[i] = cell.textContent!;
    }
  } else {
    for (let i = 0; i < rows.length; i++) {
      let cell = rows[i].firstElementChild!;
      for (let k = pos - 1; k > 0; k--) cell = cell.nextElementSibling!;
      texts[i] = cell.textContent!;
    }
  }
  const ms = performance.now() - t0;
  const expected = rows[99_999].children[pos - 1].textContent;
  if (texts.length !== 100_000 || texts[99_999] !== expected) throw new Error(`cold read floor read ${texts[99_999]}, not ${expected}`);
  return ms;
}

async function runGridFeatureCases(env: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  const time = (fn: () => void) => {
    const t0 = performance.now();
    fn();
    return performance.now() - t0;
  };

  // The very first filter on a freshly parsed document, nothing read before (no background pass): the cost of reading
  // the column cold, each cell's JS wrapper created on first touch. On the first column, the middle one (farthest from
  // both row ends) and a deep one.
  for (const [colId, text] of [['c1', '7-1'], ['c10', '7-10'], ['c17', '7-17']] as const) {
    const cold = await freshGrid();
    gc();
    const fresh = time(() => cold.features.setFilter(colId, { kind: 'text', op: 'contains', text }));
    figures.push({ suite: 'grid-features', name: `columnFilter.textContains.first.cold.${colId}.100k`, value: fresh, unit: 'ms', target: 100, env });
    if (colId === 'c1') figures.push({ suite: 'grid-features', name: 'columnFilter.textContains.rowsShown', value: cold.features.total(), unit: 'count', env });
    cold.features.stop();
    cold.host.remove();
  }
  gc();
  for (const pos of [1, 10, 17]) {
    figures.push({ suite: 'grid-features', name: `columnFilter.cold.c${pos}.domReadFloor`, value: median([0, 1, 2].map(() => coldReadFloor(pos))), unit: 'ms', env });
  }
  gc();

  // A user enters the filter field of a deep column right after the load and types: entering the field starts reading
  // the column ahead (a chunk per task), and the typed filter applies after the field's typing delay (250 ms).
  {
    const warm = await freshGrid();
    gc();
    warm.features.warmColumn('c17');
    await new Promise((resolve) => setTimeout(resolve, 250));
    const typed = time(() => warm.features.setFilter('c17', { kind: 'text', op: 'contains', text: '7-17' }));
    figures.push({ suite: 'grid-features', name: 'columnFilter.textContains.first.afterFocus.c17.100k', value: typed, unit: 'ms', target: 100, env });
    warm.features.stop();
    warm.host.remove();
  }
  gc();

  const grid = await freshGrid();
  const { index, features } = grid;
  const set = (colId: string, value: ColumnFilterValue | null) => features.setFilter(colId, value);
  const clear = () => features.clearFilters();

  // Without the read-ahead (column filters off, or before it got there) the grid's validation pass has still read
  // every cell once; the first filter then finds the wrappers made.
  for (const row of index.rows()) for (const cell of cellsOf(row)) cellValue(cell);
  gc();
  const first = time(() => set('c5', { kind: 'text', op: 'contains', text: '7-5' }));
  figures.push({ suite: 'grid-features', name: 'columnFilter.textContains.first.afterLoadPass.100k', value: first, unit: 'ms', target: 100, env });
  clear();

  // The read-ahead of the grid's background pass (500 rows per task, every shown column), then a first filter on a
  // column not filtered before: nothing left to read.
  gc();
  const heapBefore = heapMB();
  const chunks: number[] = [];
  let done = false;
  while (!done) chunks.push(time(() => (done = features.prefetch(500))));
  gc();
  figures.push({ suite: 'grid-features', name: 'readAhead.chunk500rows.20columns', value: median(chunks), unit: 'ms', env });
  figures.push({ suite: 'grid-features', name: 'readAhead.heap.100k', value: heapMB() - heapBefore, unit: 'MB', env });
  const ahead = time(() => set('c9', { kind: 'text', op: 'contains', text: '7-9' }));
  figures.push({ suite: 'grid-features', name: 'columnFilter.textContains.first.afterReadAhead.100k', value: ahead, unit: 'ms', target: 100, env });
  clear();

  const typing = ['7-1', '7-12', '7-1', '7-', '7-1'];
  const warm: number[] = [];
  for (let i = 0; i < 15; i++) warm.push(time(() => set('c1', { kind: 'text', op: 'contains', text: typing[i % typing.length] })));
  figures.push({ suite: 'grid-features', name: 'columnFilter.textContains.typing.100k', value: median(warm), unit: 'ms', target: 100, env });

  const range: number[] = [];
  for (let i = 0; i < 9; i++) range.push(time(() => set('c2', { kind: 'range', from: String(100 + i), to: '800' })));
  figures.push({ suite: 'grid-features', name: 'columnFilter.twoColumns.rangeAndText.100k', value: median(range), unit: 'ms', target: 100, env });

  const values: number[] = [];
  for (let i = 0; i < 9; i++) values.push(time(() => set('c3', { kind: 'values', values: i % 2 ? ['IT'] : ['DE', 'FR'] })));
  figures.push({ suite: 'grid-features', name: 'columnFilter.threeColumns.valueList.100k', value: median(values), unit: 'ms', target: 100, env });
  figures.push({ suite: 'grid-features', name: 'columnFilter.threeColumns.rowsShown', value: features.total(), unit: 'count', env });

  clear();
  const sort: number[] = [];
  for (let i = 0; i < 5; i++) sort.push(time(() => features.sortBy('c6', false)));
  figures.push({ suite: 'grid-features', name: 'sortByHeader.numeric.100k', value: median(sort), unit: 'ms', env });
  while (features.orderings().length) features.sortBy('c6', false);

  const edits: number[] = [];
  set('c1', { kind: 'text', op: 'contains', text: '1' });
  for (let i = 0; i < 9; i++) {
    const row = features.view!.rowAt(i)!;
    row.getElementsByTagNameNS(NS.wrs, 'C')[1].textContent = String(i);
    edits.push(time(() => features.changed([row.getAttribute('id')!])));
  }
  figures.push({ suite: 'grid-features', name: 'changeSet.oneRow.firstAfterFilter.100k', value: edits[0], unit: 'ms', env });
  figures.push({ suite: 'grid-features', name: 'changeSet.oneRow.filteredView.100k', value: median(edits.slice(1)), unit: 'ms', env });
  // The kept values of the edited rows were read again with each change set; the rest stay.
  const afterEdits = time(() => set('c2', { kind: 'range', from: '0', to: '8' }));
  figures.push({ suite: 'grid-features', name: 'columnFilter.afterEdits.100k', value: afterEdits, unit: 'ms', target: 100, env });
  figures.push({ suite: 'grid-features', name: 'columnFilter.afterEdits.rowsShown', value: features.total(), unit: 'count', env });
  clear();

  grid.setPageSize(50);
  features.setShowAll(false);
  const pages: number[] = [];
  for (let i = 1; i <= 9; i++) pages.push(time(() => features.goToPage(i * 100)));
  figures.push({ suite: 'grid-features', name: 'clientPage.turn.100k', value: median(pages), unit: 'ms', env });
  return figures;
}

(globalThis as unknown as { runGridFeatureCases: typeof runGridFeatureCases }).runGridFeatureCases = runGridFeatureCases;
(globalThis as unknown as { runFindCases: typeof runFindCases }).runFindCases = runFindCases;
