import { WrsIndex } from '../rows/wrs-index';
import { cellValue, setCellContent } from '../rows/row-states';
import { markModified, pastedValue } from '../rows/row-transitions';
import { ELEMENT_NODE } from '../xml/dom';
import { NS } from '../xml/namespaces';

/** The writes of one row in a batch: pairs of a 1-based column position and a value (null: `wrs:null`). */
export type CellWrites = readonly (readonly [number, string | null])[];

/** Options of `writeCellBatch`. */
export interface CellBatchOptions {
  /** The values are pasted: an empty one leaves an empty cell as it is (`pastedValue`). */
  readonly pasted?: boolean;
  /** Runs once per row, before its first change (an undo record of the row as it was). */
  readonly beforeChange?: (row: Element) => void;
}

/** What a batch changed. */
export interface CellBatch {
  /** The rows whose cells changed, as they are now (an R row's new M row), in the order written. */
  readonly rows: Element[];
  /** Their ids. */
  readonly rowIds: string[];
  /** The column positions written in any of them. */
  readonly positions: Set<number>;
}

/**
 * Writes cells of many rows with Wrs history, each row as `writeRowCells` does (an R row with a changed value becomes
 * M with every original in `wrs:O`; I and M rows keep their state; a position without a cell is skipped), each row
 * read and renamed once. As a single edit, it keeps a copy of each R row it turns into M while the index keeps copies
 * (`WrsIndex.keptCellsMax`): undoing a paste of 1,000 x 20 cells then puts the copies back instead of comparing
 * 20,000 cells with their originals (Chromium: undo 230 -> 100 ms, and the paste itself no slower).
 */
export function writeCellBatch(index: WrsIndex, rows: Iterable<readonly [Element, CellWrites]>, options: CellBatchOptions = {}): CellBatch {
  const batch: CellBatch = { rows: [], rowIds: [], positions: new Set() };
  const { pasted = false, beforeChange } = options;
  for (const [row, writes] of rows) {
    const target = writeRow(index, row, writes, pasted, beforeChange, batch.positions);
    if (!target) continue;
    batch.rows.push(target);
    batch.rowIds.push(target.getAttribute('id') ?? '');
  }
  return batch;
}

/**
 * One row of a batch; returns the row as it is now, or null when no value changed. A function of its own, called per
 * row: V8 optimizes it once for all batches. With the row's work inside the loop over rows, the batch function was
 * compiled on stack replacement in every paste and dropped again after a garbage collection (bench grid, paste of
 * 1,000 x 20, with the paste's column checks read once in `GridClipboard`: renderer CPU 136 -> 114 ms, as before the
 * row store).
 */
function writeRow(
  index: WrsIndex,
  row: Element,
  writes: CellWrites,
  pasted: boolean,
  beforeChange: ((row: Element) => void) | undefined,
  positions: Set<number>,
): Element | null {
  const rowCells = cellsUpTo(row, writes);
  const changes: [Element, string | null][] = [];
  for (const [pos, value] of writes) {
    const cell = rowCells[pos - 1];
    if (!cell) continue;
    const now = cellValue(cell);
    const written = pasted ? pastedValue(now, value) : value;
    if (now === written) continue;
    changes.push([cell, written]);
    positions.add(pos);
  }
  if (changes.length === 0) return null;
  beforeChange?.(row);
  // Turning R into M moves the cell elements into the M row, so `changes` stays valid.
  const target = row.localName === 'R' ? markModified(row, index) : row;
  for (const [cell, value] of changes) setCellContent(cell, value);
  return target;
}

/**
 * The `wrs:C` of a row up to the last position written, in one walk over its children. Not `cellAt`: it reads
 * `children`, a live collection that stays on each row and makes every later change of the row dearer (turning it
 * into M moves all its children).
 */
function cellsUpTo(row: Element, writes: CellWrites): Element[] {
  let last = 0;
  for (const [pos] of writes) if (pos > last) last = pos;
  const cells: Element[] = [];
  for (let c = row.firstChild; c && cells.length < last; c = c.nextSibling) {
    if (c.nodeType === ELEMENT_NODE && (c as Element).localName === 'C' && (c as Element).namespaceURI === NS.wrs) cells.push(c as Element);
  }
  return cells;
}
