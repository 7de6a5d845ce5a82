// The xml suite's measurements, run the same way in Node (@xmldom/xmldom) and in Chromium (browser DOM).
import { StaticModel } from '../../projects/ui-grid/core/src/data-provider/static-model';
import { DataProviderRegistry } from '../../projects/ui-grid/core/src/data-provider/data-provider';
import { parseXml } from '../../projects/ui-grid/core/src/xml/dom';
import { WrsIndex } from '../../projects/ui-grid/core/src/rows/wrs-index';
import { generateWrs } from '../data/generate-wrs';
import type { Figure } from '../harness';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// Timed in batches: browsers clamp performance.now() to 0.1 ms, far coarser than one lookup.
function perOp(rows: number, op: (rowId: string, k: number) => void, batches = 20, batchSize = 50): number {
  const times: number[] = [];
  let k = 0;
  for (let b = 0; b < batches; b++) {
    const ids: string[] = [];
    for (let i = 0; i < batchSize; i++) ids.push(`R${rows - b * batchSize - i}`);
    const t0 = performance.now();
    for (const id of ids) op(id, k++);
    times.push((performance.now() - t0) / batchSize);
  }
  return median(times);
}

/** A full collection where the runtime exposes one (Chromium here; Node when started with --expose-gc). */
function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function cellCosts(rows: number): { read: number; write: number; writeModified: number } {
  const model = new StaticModel({ data: parseXml(generateWrs(rows, 20)), registry: new DataProviderRegistry() });
  void model.execute();
  WrsIndex.of(model.getData()!).rowCount;
  model.read(`/*/wrs:Data/*[@id='R1']/wrs:C[3]`);
  // Each phase starts on a collected heap, so a phase does not pay for the garbage of the one before it (the
  // generated text, the previous document).
  collect();
  const read = perOp(rows, (id) => model.read(`/*/wrs:Data/*[@id='${id}']/wrs:C[3]`));
  collect();
  const write = perOp(rows, (id, k) => model.write(`/*/wrs:Data/*[@id='${id}']/wrs:C[2]`, String(k + 100000)));
  collect();
  const writeModified = perOp(rows, (id, k) => model.write(`/*/wrs:Data/*[@id='${id}']/wrs:C[4]`, String(k + 200000)));
  return { read, write, writeModified };
}

/** The browser's document parser on the whole text, which parseXml uses for a Wrs no more; null outside browsers. */
function wholeDocumentParse(text: string): number | null {
  if (typeof DOMParser === 'undefined') return null;
  const t0 = performance.now();
  new DOMParser().parseFromString(text, 'application/xml');
  return performance.now() - t0;
}

/** Parse and index of 100,000 x 20; the document is out of reach when this returns. */
function loadCosts(figures: Figure[], env: string): void {
  const text = generateWrs(100_000, 20);
  // Measured first, and collected before parseXml runs, so neither pays for the other's document.
  const whole = wholeDocumentParse(text);
  collect();
  const t0 = performance.now();
  const doc = parseXml(text);
  const t1 = performance.now();
  const index = WrsIndex.of(doc);
  const rowCount = index.rowCount;
  const t2 = performance.now();
  if (rowCount !== 100_000) throw new Error(`expected 100000 rows, indexed ${rowCount}`);
  figures.push({ suite: 'xml', name: `parse.100k`, value: t1 - t0, unit: 'ms', env });
  if (whole !== null) {
    figures.push({ suite: 'xml', name: `parse.100k.wholeDocumentParser`, value: whole, unit: 'ms', env: `${env}, for reference` });
    figures.push({ suite: 'xml', name: `parse.100k.ratioToWholeDocumentParser`, value: (t1 - t0) / whole, unit: 'ratio', env });
  }
  figures.push({ suite: 'xml', name: `index.100k`, value: t2 - t1, unit: 'ms', env });
  figures.push({ suite: 'xml', name: `parseAndIndex.100k`, value: t2 - t0, unit: 'ms', env });
}

/** Parse + index of 100,000 x 20, and read/write of one cell by row id at 10,000 and 100,000 rows. */
export function runXmlCases(env: string): Figure[] {
  const figures: Figure[] = [];
  loadCosts(figures, env);
  const small = cellCosts(10_000);
  const large = cellCosts(100_000);
  figures.push({ suite: 'xml', name: 'read.byRowId.10k', value: small.read, unit: 'ms', env });
  figures.push({ suite: 'xml', name: 'read.byRowId.100k', value: large.read, unit: 'ms', env });
  figures.push({ suite: 'xml', name: 'read.byRowId.ratio100kTo10k', value: large.read / small.read, unit: 'ratio', target: 1.5, env });
  figures.push({ suite: 'xml', name: 'write.byRowId.10k', value: small.write, unit: 'ms', env });
  figures.push({ suite: 'xml', name: 'write.byRowId.100k', value: large.write, unit: 'ms', env });
  figures.push({ suite: 'xml', name: 'write.byRowId.ratio100kTo10k', value: large.write / small.write, unit: 'ratio', target: 1.5, env });
  figures.push({ suite: 'xml', name: 'write.byRowId.modifiedRow.10k', value: small.writeModified, unit: 'ms', env });
  figures.push({ suite: 'xml', name: 'write.byRowId.modifiedRow.100k', value: large.writeModified, unit: 'ms', env });
  figures.push({
    suite: 'xml',
    name: 'write.byRowId.modifiedRow.ratio100kTo10k',
    value: large.writeModified / small.writeModified,
    unit: 'ratio',
    target: 1.5,
    env,
  });
  return figures;
}
