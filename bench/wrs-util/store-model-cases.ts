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

async function timeAsync(fn: () => Promise<unknown>): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** 10,000 rows edited in two columns each, then columns 3-5 of all rows restored: 3 runs on `model`. */
function restoreSomeColumns(util: WrsUtil, model: StaticModel): number[] {
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    for (let r = 1; r <= ROWS; r += 10) {
      util.setCellValue(model, r, 3 + (r % 3), `edit${run}`);
      util.setCellValue(model, r, 10, `other${run}`);
    }
    model.fire();
    times.push(timeOnce(() => util.restore({ model, rowStartPos: 1, rowEndPos: ROWS, colStartPos: 3, colEndPos: 5 })));
  }
  return times;
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
  const clipboard = { text: '', writeText: (text: string) => void (clipboard.text = text), readText: () => clipboard.text };
  const util = new WrsUtil({ registry: new DataProviderRegistry(), clipboard });
  const text = generateWrs(ROWS, 20);
  const model = new StaticModel({ data: text, registry: new DataProviderRegistry() });
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
  // Against the same calls on the built document of the same text, in the same run.
  const onStore = restoreSomeColumns(util, model);
  util.restore(all);
  const csvOnStore: number[] = [];
  for (let run = 0; run < 3; run++) csvOnStore.push(await timeAsync(() => util.copyAllRows2CSV({ model })));
  figures.push({ suite: SUITE, name: 'storeModel.builtRows.afterAll', value: store.materialized ? ROWS : store.builtRowCount, unit: 'count', env });
  const built = new StaticModel({ data: text, registry: new DataProviderRegistry() });
  await built.execute();
  built.getData();
  const onDom = restoreSomeColumns(util, built);
  util.restore({ ...all, model: built });
  const csvOnDom: number[] = [];
  for (let run = 0; run < 3; run++) csvOnDom.push(await timeAsync(() => util.copyAllRows2CSV({ model: built })));
  add('storeModel.restore.columns3to5.after10kEdits.100k', onStore);
  add('builtModel.restore.columns3to5.after10kEdits.100k', onDom);
  add('storeModel.copyAllRows2CSV.100k', csvOnStore);
  add('builtModel.copyAllRows2CSV.100k', csvOnDom);
  figures.push({ suite: SUITE, name: 'storeModel.restore.columns3to5.ratioToBuilt', value: median(onStore) / median(onDom), unit: 'ratio', env });
  figures.push({ suite: SUITE, name: 'storeModel.copyAllRows2CSV.ratioToBuilt', value: median(csvOnStore) / median(csvOnDom), unit: 'ratio', env });
  return figures;
}
