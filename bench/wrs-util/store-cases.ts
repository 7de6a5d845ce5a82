// The row store's bulk row operations and save payload (no DOM), next to the same work on a parsed document, on
// 100,000 x 20 rows in one page: medians of repeated runs.
import { RowStore } from '../../projects/ui-grid/core/src/rows/row-store';
import { WrsIndex } from '../../projects/ui-grid/core/src/rows/wrs-index';
import { writeCell } from '../../projects/ui-grid/core/src/rows/row-transitions';
import { deleteRowRange, restoreRange } from '../../projects/ui-grid/core/src/wrs/row-edits';
import { buildSavePayload } from '../../projects/ui-grid/core/src/wrs/save-payload';
import { buildStoreSavePayload } from '../../projects/ui-grid/core/src/wrs/store-save-payload';
import { parseXml } from '../../projects/ui-grid/core/src/xml/dom';
import { generateWrs } from '../data/generate-wrs';
import type { Figure } from '../harness';

const SUITE = 'wrs-util';
const ROWS = 100_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[sorted.length >> 1] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
}

function timeOnce(fn: () => unknown): number {
  (globalThis as { gc?: () => void }).gc?.();
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** 10,000 edits, one every 10 rows, in a column that moves with the row. */
function edit(set: (r: number, pos: number, value: string) => void, run: number): void {
  for (let r = 0; r < ROWS; r += 10) set(r, 1 + (r % 20), `edit${run}`);
}

export function runStoreCases(env: string): Figure[] {
  const text = generateWrs(ROWS, 20);
  const figures: Figure[] = [];
  const add = (name: string, values: number[], target?: number) => figures.push({ suite: SUITE, name, value: median(values), unit: 'ms', target, env });

  // No DOM: every row stays text, the operations change entry states.
  const store = RowStore.open(text)!;
  store.scan();
  const last = ROWS - 1;
  add('store.deleteRows.10kContiguous.100k', [0, 1, 2, 3, 4].map((k) => timeOnce(() => store.deleteRows(k * 10_000, k * 10_000 + 9_999))), 10);
  add('store.restore.allRows.after50kDeletes.100k', [timeOnce(() => store.restoreRows(0, last))], 50);
  const restores: number[] = [];
  for (let run = 0; run < 3; run++) {
    edit((r, pos, value) => store.setCell(r, pos, value), run);
    restores.push(timeOnce(() => store.restoreRows(0, last)));
  }
  add('store.restore.allRows.after10kEdits.100k', restores, 50);
  for (let r = 0; r < ROWS; r += 100) store.setCell(r, 2, 'changed');
  let storeText = '';
  add('store.savePayload.1000changedRows.100k', [0, 1, 2, 3, 4].map(() => timeOnce(() => (storeText = buildStoreSavePayload(store).text))));
  figures.push({ suite: SUITE, name: 'store.builtRows.afterAll', value: store.builtRowCount, unit: 'count', env });
  add('store.materialize.after1000edits.100k', [timeOnce(() => store.materialize())]);

  // The same on parseXml's document, and on a store whose document is built (its rows go through the document).
  const doc = parseXml(text);
  const index = WrsIndex.of(doc);
  add('dom.deleteRowRange.10kContiguous.100k', [0, 1, 2, 3, 4].map((k) => timeOnce(() => deleteRowRange(index, k * 10_000 + 1, k * 10_000 + 10_000))));
  restoreRange(index, 1, ROWS, 1, 20);
  const domRestores: number[] = [];
  for (let run = 0; run < 3; run++) {
    edit((r, pos, value) => writeCell(index.rowAt(r + 1)!, pos, value, index), run);
    domRestores.push(timeOnce(() => restoreRange(index, 1, ROWS, 1, 20)));
  }
  add('dom.restoreRange.allRows.after10kEdits.100k', domRestores);
  for (let r = 0; r < ROWS; r += 100) writeCell(index.rowAt(r + 1)!, 2, 'changed', index);
  let domText = '';
  add('dom.buildSavePayload.1000changedRows.100k', [0, 1, 2, 3, 4].map(() => timeOnce(() => (domText = buildSavePayload(index).text))));
  figures.push({ suite: SUITE, name: 'store.savePayload.sameText', value: storeText === domText ? 1 : 0, unit: 'bool', env });

  const built = RowStore.open(text)!;
  built.materialize();
  add('storeBuilt.deleteRows.10kContiguous.100k', [0, 1, 2, 3, 4].map((k) => timeOnce(() => built.deleteRows(k * 10_000, k * 10_000 + 9_999))));
  built.restoreRows(0, last);
  const builtRestores: number[] = [];
  for (let run = 0; run < 3; run++) {
    edit((r, pos, value) => built.setCell(r, pos, value), run);
    builtRestores.push(timeOnce(() => built.restoreRows(0, last)));
  }
  add('storeBuilt.restore.allRows.after10kEdits.100k', builtRestores);
  return figures;
}
