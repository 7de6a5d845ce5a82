import { NS } from '../xml/namespaces';
import { cellValue, hasCellShape, nthCell } from '../rows/row-states';
import { SourceCells } from '../wrs/source-cells';
import { WrsIndex } from '../rows/wrs-index';
import type { RowStore } from '../rows/row-store';

/** The kept values of one column: rows `[0, filled)` of `index.rows()` are read. */
interface KeptColumn {
  readonly values: (string | null)[];
  filled: number;
}

/**
 * Columns up to this position are read by walking the row; deeper ones through one collection of all cells, whose
 * traversal costs about as much as stepping over a dozen cells of every row (measured cold in Chromium, 100,000 x 20).
 */
const WALK_LIMIT = 12;

/**
 * A change set naming more rows than this share of all rows (and more than a few hundred) drops the kept columns,
 * to be read again when next asked for, instead of re-reading its rows at once.
 */
const ROW_REFRESH_SHARE = 1 / 8;
const ROW_REFRESH_MIN = 256;

/**
 * Cell values of whole columns, read once and kept for repeated filtering and sorting (each keystroke in a column
 * filter re-filters). The owner reports each change set with `changed(rowIds)`; `prefetch` fills columns ahead in
 * small steps (the grid does it during its background validation pass) so that a later first filter reads nothing.
 *
 * Given the row store of `index`'s document, the values are those of the store's rows (aligned with its 0-based
 * positions, read from its entries) while the document is not built; from its build on, those of `index.rows()`.
 */
export class ColumnValues {
  private readonly columns = new Map<number, KeptColumn>();
  /** The rows the kept values are aligned with: `index.rows()`, or the store while it is read. */
  private rowsSeen: readonly Element[] | RowStore | null = null;
  private lengthSeen = 0;
  /** Rows read ahead by `prefetch` so far (for the columns it was given). */
  private prefetched = 0;

  constructor(
    readonly index: WrsIndex,
    private store: RowStore | null = null,
  ) {}

  /** The store whose rows the values are while its document is not built, else null. */
  private unbuilt(): RowStore | null {
    if (this.store?.materialized) this.store = null;
    return this.store;
  }

  /** Kept values with the known columns of these ids read whole at once, each row visited once (unknown ids skipped). */
  static read(index: WrsIndex, colIds: Iterable<string>): ColumnValues {
    const values = new ColumnValues(index);
    const positions = new Set<number>();
    for (const id of colIds) {
      const column = index.column(id);
      if (column) positions.add(column.pos);
    }
    if (positions.size > 0) values.prefetch([...positions], index.rowCount);
    return values;
  }

  /** Values of a column (1-based position), aligned with `index.rows()`. */
  values(pos: number): (string | null)[] {
    const rows = this.currentRows();
    const length = this.lengthSeen;
    const kept = this.column(pos, length);
    if (kept.filled < length) {
      this.read(rows, pos, kept.filled, length, kept.values);
      kept.filled = length;
    }
    return kept.values;
  }

  /** Reads column `pos` of rows `[from, to)` into `out`, from the store's entries or the document. */
  private read(rows: readonly Element[] | null, pos: number, from: number, to: number, out: (string | null)[]): void {
    if (rows) readColumn(this.index, rows, pos, from, to, out);
    else for (let r = from, store = this.store!; r < to; r++) out[r] = store.cellValue(r, pos);
  }

  /**
   * Reads the next `count` rows of one column (1-based position) ahead, from where it was read to. Returns true when
   * the column is read to its last row.
   */
  readAhead(pos: number, count: number): boolean {
    const rows = this.currentRows();
    const length = this.lengthSeen;
    const kept = this.column(pos, length);
    const end = Math.min(length, kept.filled + Math.max(0, count));
    if (kept.filled < end) {
      this.read(rows, pos, kept.filled, end, kept.values);
      kept.filled = end;
    }
    return end >= length;
  }

  /**
   * Reads the next `count` rows of some columns ahead (1-based positions), each row walked once for all of them.
   * Returns true when every row of those columns is read.
   */
  prefetch(positions: readonly number[], count: number): boolean {
    // A store is read ahead column by column only when asked (`readAhead`, `values`): its load stays the scan, and
    // reading a row's cells one position at a time costs more than a background pass should take.
    if (this.unbuilt()) return true;
    const rows = this.currentRows();
    const length = this.lengthSeen;
    const end = Math.min(length, this.prefetched + count);
    const targets: KeptColumn[] = [];
    const wanted: number[] = [];
    for (const pos of positions) {
      const kept = this.column(pos, length);
      if (kept.filled === this.prefetched && kept.filled < end) {
        targets.push(kept);
        wanted.push(pos);
      }
    }
    if (targets.length > 0) {
      const source = SourceCells.of(this.index);
      if (!source?.read(rows!, this.prefetched, end, wanted, targets.map((kept) => kept.values))) readRows(rows!, this.prefetched, end, wanted, targets, this.index.columns().length);
      for (const kept of targets) kept.filled = end;
    }
    this.prefetched = end;
    return end >= length;
  }

  /**
   * After a change set: re-reads the kept values of the rows it names (edits keep row positions). When rows came or
   * went, when the set names no rows (the change is unknown) or many, every kept column is dropped instead.
   */
  changed(rowIds: Iterable<string>): void {
    const store = this.unbuilt();
    const rows = store ?? this.index.rows();
    const length = store ? store.rowCount : (rows as readonly Element[]).length;
    if (rows !== this.rowsSeen || length !== this.lengthSeen || this.columns.size === 0) {
      this.invalidate();
      return;
    }
    const ids = [...rowIds];
    if (ids.length === 0 || ids.length > Math.max(ROW_REFRESH_MIN, length * ROW_REFRESH_SHARE)) {
      this.invalidate();
      return;
    }
    for (const id of ids) {
      const row = store ? null : this.index.rowById(id);
      const at = store ? store.positionOf(id) : row ? this.index.positionOf(row) - 1 : -1;
      if (at < 0) {
        this.invalidate();
        return;
      }
      for (const [pos, kept] of this.columns) {
        if (at < kept.filled) kept.values[at] = store ? store.cellValue(at, pos) : valueAt(row!, pos);
      }
    }
  }

  /** Forgets every kept column (when rows came or went, or the change is unknown). */
  invalidate(): void {
    this.columns.clear();
    this.prefetched = 0;
    const store = this.unbuilt();
    this.rowsSeen = store ?? this.index.rows();
    this.lengthSeen = store ? store.rowCount : this.index.rowCount;
  }

  /** The rows the values are aligned with now (`lengthSeen` of them): the document's, or null for the store's. */
  private currentRows(): readonly Element[] | null {
    const store = this.unbuilt();
    const rows = store ?? this.index.rows();
    if (rows !== this.rowsSeen || (store ? store.rowCount : this.index.rowCount) !== this.lengthSeen) this.invalidate();
    return store ? null : (rows as readonly Element[]);
  }

  private column(pos: number, length: number): KeptColumn {
    let kept = this.columns.get(pos);
    if (!kept) this.columns.set(pos, (kept = { values: new Array(length), filled: 0 }));
    return kept;
  }
}

/**
 * The value of a cell as `cellValue` gives it, read in native code: a cell without element children holds only
 * text, and its `textContent` costs less than a JS object for the text node plus its `nodeValue`.
 */
function cellText(cell: Element): string | null {
  // A cell holds text or `wrs:null` (wrs-1.0.0.xsd): only an empty text can be a null.
  const text = cell.textContent;
  return text !== '' || cell.childElementCount === 0 ? text : cellValue(cell);
}

/** The value of the `pos`-th `wrs:C` of a row, counted exactly. */
function valueAt(row: Element, pos: number): string | null {
  const cell = nthCell(row, pos);
  return cell ? cellValue(cell) : null;
}

/** True for DOMs with element traversal (browsers); @xmldom/xmldom has none and reads through `valueAt`. */
function hasElementTraversal(row: Element): boolean {
  return (row as Partial<Element>).firstElementChild !== undefined;
}

/**
 * Reads column `pos` of rows `[from, to)` into `out`. In browsers each DOM node read the first time gets a
 * JS object, and an element collection per row (`children`) costs several times more; so a row touches as few nodes
 * as it can: the first columns by walking the row's elements, deeper ones through one collection of every cell of
 * `wrs:Data` (the row's first cell and the wanted one, both checked to belong to the row, instead of every cell
 * before it). Where the rows stop lining up in the collection (see `collectionCell`), the rest is read by walking.
 */
function readColumn(index: WrsIndex, rows: readonly Element[], pos: number, from: number, to: number, out: (string | null)[]): void {
  if (from >= to) return;
  if (SourceCells.of(index)?.read(rows, from, to, [pos], [out])) return;
  if (!hasElementTraversal(rows[from])) {
    for (let i = from; i < to; i++) out[i] = valueAt(rows[i], pos);
    return;
  }
  const width = index.columns().length;
  // A cell is reached from the nearer end of its row: column 17 of 20 is four steps from the last cell.
  if (Math.min(pos, width - pos + 1) <= WALK_LIMIT) {
    for (let i = from; i < to; i++) out[i] = walkedValue(rows[i], pos, width);
    return;
  }
  const cells = index.data!.getElementsByTagNameNS(NS.wrs, 'C');
  let base = from * width;
  for (let i = from; i < to; i++) {
    const row = rows[i];
    const cell = collectionCell(cells, base, row, pos);
    if (cell === undefined) {
      // The row is not where a whole table of `width` cells per row puts it: read the rest by walking.
      for (let k = i; k < to; k++) out[k] = walkedValue(rows[k], pos, width);
      return;
    }
    out[i] = cell === null ? walkedValue(row, pos, width) : cellText(cell);
    base += width;
  }
}

/**
 * Cell `pos` of a row through the collection of all cells, where the row's first cell is expected at `base`: the
 * cell; null when the row starts there but holds fewer or other cells (walk it); undefined when the row does not
 * start at `base` (so the rows after it cannot be found by position either).
 */
function collectionCell(cells: HTMLCollectionOf<Element>, base: number, row: Element, pos: number): Element | null | undefined {
  // The cell at `base` is the row's first element: no cell of this row comes before `base`.
  const first = cells[base];
  if (first === undefined || row.firstElementChild !== first) return undefined;
  const cell = cells[base + pos - 1];
  return cell !== undefined && cell.parentNode === row ? cell : null;
}

/**
 * The value of cell `pos`, reached by stepping over element siblings, which costs less than an element collection per
 * row. Only a row of the schema's shape (R, I, D rows one C per column, M rows C/O pairs: `hasCellShape`) is walked by
 * element counts, from the end nearer to the cell; any other row (one missing cells, or with a foreign element among
 * them) is read by counting its `wrs:C` elements.
 */
function walkedValue(row: Element, pos: number, width: number): string | null {
  if (!hasCellShape(row, width)) return valueAt(row, pos);
  const modified = row.localName === 'M';
  const at = modified ? 2 * pos - 2 : pos - 1;
  const count = modified ? 2 * width : width;
  let cell: Element | null;
  if (at > count - 1 - at) {
    cell = row.lastElementChild;
    for (let k = count - 1 - at; k > 0 && cell !== null; k--) cell = cell.previousElementSibling;
  } else {
    cell = row.firstElementChild;
    for (let k = at; k > 0 && cell !== null; k--) cell = cell.nextElementSibling;
  }
  if (cell !== null && cell.localName === 'C' && (!modified || cell.nextElementSibling?.localName === 'O')) return cellText(cell);
  return valueAt(row, pos);
}

/** Reads rows `[from, to)` of several columns, walking each row's cells once. */
function readRows(
  rows: readonly Element[],
  from: number,
  to: number,
  positions: readonly number[],
  targets: readonly KeptColumn[],
  width: number,
): void {
  if (!hasElementTraversal(rows[from])) {
    for (let i = from; i < to; i++) for (let k = 0; k < positions.length; k++) targets[k].values[i] = valueAt(rows[i], positions[k]);
    return;
  }
  const byPos = new Map<number, (string | null)[]>();
  let last = 0;
  positions.forEach((pos, k) => {
    byPos.set(pos, targets[k].values);
    last = Math.max(last, pos);
  });
  for (let i = from; i < to; i++) {
    const row = rows[i];
    for (const values of byPos.values()) values[i] = null;
    const plain = hasCellShape(row, width);
    let n = 0;
    for (let c = row.firstElementChild; c !== null && n < last; c = c.nextElementSibling) {
      if (c.localName !== 'C' || (!plain && c.namespaceURI !== NS.wrs)) continue;
      const values = byPos.get(++n);
      if (values) values[i] = cellText(c);
    }
  }
}
