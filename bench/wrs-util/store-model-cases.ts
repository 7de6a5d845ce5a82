// WrsUtil on a provider whose 100,000 x 20 rows are in a row store (a StaticModel given the text, as apps load it):
// the row operations run on the store's entries, no DOM is built. Medians of repeated runs.
import { DataProviderRegistry } from '../../projects/ui-grid/core/src/data-provider/data-provider';
import { StaticModel } from '../../projects/ui-grid/core/src/data-provider/static-model';
import { WrsUtil } from '../../projects/ui-grid/core/src/wrs/wrs-util';
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

export async function runStoreModelCases(env: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  const add = (name: string, values: number[], target?: number) => figures.push({ suite: SUITE, name, value: median(values), unit: 'ms', target, env });
  const util = new WrsUtil({ registry: new DataProviderRegistry() });
  const model = new StaticModel({ data: generateWrs(ROWS, 20), registry: new DataProviderRegistry() });
  await model.execute();
  const store = model.getRowStore()!;
  const all = { model, rowStartPos: 1, rowEndPos: ROWS, colStartPos: 1, colEndPos: 20 };

  add('storeModel.deleteRows.10kContiguous.100k', [0, 1, 2, 3, 4].map((k) => timeOnce(() => util.deleteRows({ model, rowStartPos: k * 10_000 + 1, rowEndPos: k * 10_000 + 10_000 }))), 10);
  add('storeModel.restore.allRows.after50kDeletes.100k', [timeOnce(() => util.restore(all))], 50);
  const restores: number[] = [];
  for (let run = 0; run < 3; run++) {
    for (let r = 1; r <= ROWS; r += 10) util.setCellValue(model, r, 1 + (r % 20), `edit${run}`);
    model.fire();
    restores.push(timeOnce(() => util.restore(all)));
  }
  add('storeModel.restore.allRows.after10kEdits.100k', restores, 50);
  // The first lookup by id reads every row's id once (the store's id map); later ones are map hits.
  add('storeModel.setCellValue.byId.first.100k', [timeOnce(() => util.setCellValue(model, `R${ROWS}`, 'c5', 'x'))]);
  add('storeModel.setCellValue.byId.next.100k', [0, 1, 2, 3, 4].map((k) => timeOnce(() => util.setCellValue(model, `R${ROWS - k - 1}`, 'c5', 'y'))));
  util.restore(all);
  figures.push({ suite: SUITE, name: 'storeModel.builtRows.afterAll', value: store.materialized ? ROWS : store.builtRowCount, unit: 'count', env });
  return figures;
}
