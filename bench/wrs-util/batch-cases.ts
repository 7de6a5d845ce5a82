// Issue 25's core figures: a batch write of 10,000 rows x 1 cell (what a fill of one column writes), on the browser
// DOM and on @xmldom/xmldom, against the same cells written row by row and against the least DOM work R -> M needs.
import { parseXml, setText } from '../../projects/ui-grid/core/src/xml/dom';
import { NS } from '../../projects/ui-grid/core/src/xml/namespaces';
import { WrsIndex } from '../../projects/ui-grid/core/src/rows/wrs-index';
import { restoreRowElement, writeRowCells } from '../../projects/ui-grid/core/src/rows/row-transitions';
import { writeCellBatch } from '../../projects/ui-grid/core/src/wrs/cell-batch';
import { generateWrs } from '../data/generate-wrs';
import type { Figure } from '../harness';

const WRITTEN = 10_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[sorted.length >> 1] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
}

function timed(fn: () => void): number {
  (globalThis as { gc?: () => void }).gc?.();
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/**
 * Each run writes column 2 of 10,000 R rows of a fresh slice (rows `k * 10,000 + 1` on), interleaving the three ways;
 * the floor makes the same M rows without the library: a new element per row, its cells moved in, a `wrs:O` holding
 * a copy of each cell's text after it, swapped in for the row.
 */
export function batchWriteFigures(rows: number, runs: number, env: string): Figure[] {
  const doc = parseXml(generateWrs(rows, 20));
  const index = WrsIndex.of(doc);
  const times = { batch: [] as number[], perRow: [] as number[], floor: [] as number[], restore: [] as number[] };
  const slice = (k: number) => index.rows().slice(k * WRITTEN, (k + 1) * WRITTEN);
  const writes = [[2, 'filled']] as const;
  for (let run = 0, k = 0; run < runs; run++) {
    const batchRows = slice(k++);
    times.batch.push(timed(() => void writeCellBatch(index, batchRows.map((row) => [row, writes] as const))));
    const written = slice(k - 1);
    times.restore.push(timed(() => written.forEach((row) => restoreRowElement(row, index))));
    const perRow = slice(k++);
    times.perRow.push(timed(() => perRow.forEach((row) => writeRowCells(row, writes, index))));
    const floorRows = slice(k++);
    times.floor.push(timed(() => floorRows.forEach(markModifiedByHand)));
    // Rows changed by hand: the index learns of them as of any change outside the library.
    WrsIndex.invalidate(doc);
    if ((k + 3) * WRITTEN > rows) k = 0;
    for (const row of index.rows()) if (row.localName === 'M') restoreRowElement(row, index);
  }
  const name = (what: string) => `writeCellBatch.${what}.10000x1.${rows / 1000}k`;
  return [
    { suite: 'wrs-util', name: name('batch'), value: median(times.batch), unit: 'ms', env },
    { suite: 'wrs-util', name: name('rowByRow'), value: median(times.perRow), unit: 'ms', env: `${env}, writeRowCells per row, for reference` },
    { suite: 'wrs-util', name: name('domFloor'), value: median(times.floor), unit: 'ms', env: `${env}, R -> M by hand, no library` },
    { suite: 'wrs-util', name: name('restoreAfterBatch'), value: median(times.restore), unit: 'ms', env: `${env}, restoreRowElement per row (the undo)` },
  ];
}

function markModifiedByHand(row: Element): void {
  const doc = row.ownerDocument!;
  const modified = doc.createElementNS(NS.wrs, 'wrs:M');
  modified.setAttribute('id', row.getAttribute('id')!);
  const children: Node[] = [];
  for (let c = row.firstChild; c; c = c.nextSibling) {
    children.push(c);
    const original = doc.createElementNS(NS.wrs, 'wrs:O');
    for (let t = c.firstChild; t; t = t.nextSibling) original.appendChild(t.cloneNode(true));
    children.push(original);
  }
  for (const child of children) modified.appendChild(child);
  row.parentNode!.replaceChild(modified, row);
  setText(children[2] as Element, 'filled');
}
