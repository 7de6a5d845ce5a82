// Column filters, sorting and pages of the grid on 100,000 x 20 rows, measured the way a user triggers them: the
// filter goes into the status model, its change listener re-runs the row view, and the grid body repaints.
import { StaticModel } from '../../projects/ui-grid/core/src/data-provider/static-model';
import { NS } from '../../projects/ui-grid/core/src/xml/namespaces';
import { parseXml } from '../../projects/ui-grid/core/src/xml/dom';
import { WrsIndex } from '../../projects/ui-grid/core/src/wrs/wrs-index';
import { cellValue, cellsOf } from '../../projects/ui-grid/core/src/wrs/row-states';
import { GridBody } from '../../projects/ui-grid/src/lib/grid/grid-body';
import { gridLayout } from '../../projects/ui-grid/src/lib/grid/grid-column';
import { GridFeatures } from '../../projects/ui-grid/src/lib/grid/features/grid-features';
import { ColumnFilterValue } from '../../projects/ui-grid/src/lib/grid/features/column-filter';
import { generateWrs } from '../data/generate-wrs';
import type { Figure } from '../harness';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

async function runGridFeatureCases(env: string): Promise<Figure[]> {
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
  body = new GridBody(host, { rowCount: () => features.view!.rowCount, rowAt: (p) => features.view!.rowAt(p), isSelected: () => false, isFocused: () => false, errorOf: () => null }, 28);
  features.reset(doc, layout.columns, null);
  features.listen();
  body.setColumns(layout.columns);
  body.setHeight(600);

  const figures: Figure[] = [];
  const time = (fn: () => void) => {
    const t0 = performance.now();
    fn();
    return performance.now() - t0;
  };
  const set = (colId: string, value: ColumnFilterValue | null) => features.setFilter(colId, value);
  const clear = () => features.clearFilters();

  // The very first filter on a freshly parsed document: Blink creates the JS wrappers of the cells it reads.
  const fresh = time(() => set('c1', { kind: 'text', op: 'contains', text: '7-1' }));
  figures.push({ suite: 'grid-features', name: 'columnFilter.textContains.first.freshDocument.100k', value: fresh, unit: 'ms', target: 100, env });
  figures.push({ suite: 'grid-features', name: 'columnFilter.textContains.rowsShown', value: features.total(), unit: 'count', env });
  clear();
  // The grid's background validation reads every cell once after the first paint; the next figures follow that pass.
  for (const row of index.rows()) for (const cell of cellsOf(row)) cellValue(cell);
  const first = time(() => set('c5', { kind: 'text', op: 'contains', text: '7-5' }));
  figures.push({ suite: 'grid-features', name: 'columnFilter.textContains.first.afterLoadPass.100k', value: first, unit: 'ms', target: 100, env });
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
  clear();

  pageSize = 50;
  features.setShowAll(false);
  const pages: number[] = [];
  for (let i = 1; i <= 9; i++) pages.push(time(() => features.goToPage(i * 100)));
  figures.push({ suite: 'grid-features', name: 'clientPage.turn.100k', value: median(pages), unit: 'ms', env });
  return figures;
}

(globalThis as unknown as { runGridFeatureCases: typeof runGridFeatureCases }).runGridFeatureCases = runGridFeatureCases;
