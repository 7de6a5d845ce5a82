import { WrsError } from '../errors';
import { ELEMENT_NODE, firstChildElement } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { forgetSourceText } from '../xml/source-text';
import { WrsColumn, headerColumns } from './wrs-columns';

const ROW_NAMES = new Set(['R', 'I', 'M', 'D']);


/**
 * The one place that knows where Wrs rows and cells are: row id -> row, rows in document order, column id -> position.
 * Kept per document; the library's own mutations update it in place, anything else calls `invalidate()`.
 */
export class WrsIndex {
  private static readonly indexes = new WeakMap<Document, WrsIndex>();

  /**
   * Cells the copies of original rows (`keepOriginal`) may hold per document: 400,000 is about 20,000 rows of 20
   * columns, some 80 MB in Chromium. An app short of memory may lower it; 0 turns the copies off.
   */
  static keptCellsMax = 400_000;

  /** The index of a Wrs document, built on first use. Throws NOT_WRS when the document is not a `wrs:Wrs`. */
  static of(doc: Document): WrsIndex {
    let index = WrsIndex.indexes.get(doc);
    if (!index) {
      index = new WrsIndex(doc);
      WrsIndex.indexes.set(doc, index);
    }
    return index;
  }

  /** The index when the document is a Wrs, else null. */
  static tryOf(doc: Document | null | undefined): WrsIndex | null {
    if (!doc) return null;
    const root = doc.documentElement;
    if (!root || root.namespaceURI !== NS.wrs || root.localName !== 'Wrs') return null;
    return WrsIndex.of(doc);
  }

  /**
   * The index of any `wrs:Wrs` element: the document's own for its root, else a fresh one (not kept) for a
   * nested Wrs such as `wrs:References/wrs:Wrs` or a validation result.
   */
  static ofElement(wrs: Element): WrsIndex {
    const doc = wrs.ownerDocument!;
    if (wrs === doc.documentElement) return WrsIndex.of(doc);
    return new WrsIndex(doc, wrs);
  }

  /** Marks the index of a document stale after a change the library did not make itself. */
  static invalidate(doc: Document): void {
    forgetSourceText(doc);
    WrsIndex.indexes.get(doc)?.invalidate();
  }

  private rowList: Element[] = [];
  // Built on the first lookup that needs it: the id map is most of an index build (about 90 ms of 100 ms at 100,000
  // rows in Chromium), and browsers answer most lookups from their own id index.
  private byId: Map<string, Element> | null = null;
  /**
   * Row -> 1-based position as of `shifts[stamp]`: inserts and removals since are applied when a position is asked
   * for, so one row inserted or removed costs no rebuild of the map over every row (at most SHIFTS_MAX are logged).
   */
  private positions: Map<Element, { pos: number; stamp: number }> | null = null;
  /** Inserts (`by` > 0: positions from `at` on move down) and removals (`by` < 0: positions after `at` move up). */
  private shifts: { at: number; by: number }[] = [];
  private columnList: WrsColumn[] = [];
  private columnsById = new Map<string, WrsColumn>();
  private stale = true;
  private dataElement: Element | null = null;
  private changed = new Set<Element>();
  // M row -> a deep copy of the R row it was made from, taken when the library marked it modified (browser DOMs).
  private originals = new WeakMap<Element, Element>();
  private keptCells = 0;
  /** The `wrs:Wrs` element this index covers: the document element unless built by `ofElement`. */
  readonly root: Element;

  private constructor(readonly doc: Document, root: Element | null = doc.documentElement) {
    this.root = root!;
    if (!root || root.namespaceURI !== NS.wrs || root.localName !== 'Wrs') {
      throw new WrsError('NOT_WRS', `Expected a wrs:Wrs document, got <${root?.nodeName ?? 'nothing'}>`, root?.nodeName);
    }
  }

  invalidate(): void {
    this.rowsChanged();
    this.stale = true;
    this.originals = new WeakMap();
    this.keptCells = 0;
  }

  /** The document's rows changed: its source text no longer tells their cells (a nested Wrs's rows are not those). */
  private rowsChanged(): void {
    if (this.root === this.doc.documentElement) forgetSourceText(this.doc);
  }

  private ensure(): void {
    if (this.stale) this.rebuild();
  }

  private rebuild(): void {
    const root = this.root;
    this.dataElement = firstChildElement(root, NS.wrs, 'Data');
    this.rowList = [];
    this.byId = null;
    this.positions = null;
    this.shifts = [];
    this.changed = new Set();
    if (this.dataElement) {
      for (let c = this.dataElement.firstChild; c; c = c.nextSibling) {
        if (c.nodeType !== ELEMENT_NODE) continue;
        const row = c as Element;
        this.rowList.push(row);
        if (row.localName !== 'R') this.changed.add(row);
      }
    }
    ({ list: this.columnList, byId: this.columnsById } = headerColumns(root));
    this.stale = false;
  }

  /** `wrs:Data`, or null when the document has none. */
  get data(): Element | null {
    this.ensure();
    return this.dataElement;
  }

  /** Number of rows in `wrs:Data` (all states). */
  get rowCount(): number {
    this.ensure();
    return this.rowList.length;
  }

  /** The rows in document order. The array is the index's own: do not mutate it. */
  rows(): readonly Element[] {
    this.ensure();
    return this.rowList;
  }

  /** The row with this id, or null. */
  rowById(id: string): Element | null {
    this.ensure();
    if (this.dataElement === null) return null;
    // Browser DOMs index `id` attributes of XML elements too; a hit elsewhere (a reference row) falls back to the map.
    if (typeof (this.doc as Partial<Document>).evaluate === 'function') {
      const native = this.doc.getElementById(id);
      if (native === null) return null;
      if (native.parentNode === this.dataElement) return native;
    }
    const row = this.idMap().get(id);
    if (row && row.parentNode === this.dataElement) return row;
    if (row) {
      this.rebuild();
      return this.idMap().get(id) ?? null;
    }
    return null;
  }

  private idMap(): Map<string, Element> {
    if (!this.byId) {
      this.byId = new Map();
      // The first row of an id, as XPath's `*[@id='x'][1]` and browsers' getElementById find it.
      for (const row of this.rowList) {
        const id = row.getAttribute('id');
        if (id && !this.byId.has(id)) this.byId.set(id, row);
      }
    }
    return this.byId;
  }

  /** The row at a 1-based position in document order, or null. */
  rowAt(position: number): Element | null {
    this.ensure();
    return this.rowList[position - 1] ?? null;
  }

  /** The 1-based position of a row, or -1. */
  positionOf(row: Element): number {
    this.ensure();
    return this.currentPosition(row);
  }

  // Built when first needed after a rebuild or a bulk change; kept by `replaced`, `inserted` and `removed` after that.
  private positionMap(): Map<Element, { pos: number; stamp: number }> {
    if (!this.positions) {
      this.positions = new Map();
      this.shifts = [];
      for (let i = 0; i < this.rowList.length; i++) this.positions.set(this.rowList[i], { pos: i + 1, stamp: 0 });
    }
    return this.positions;
  }

  /** A row's position now: its recorded one moved by the inserts and removals logged since (then recorded anew). */
  private currentPosition(row: Element): number {
    const entry = this.positionMap().get(row);
    if (!entry) return -1;
    let pos = entry.pos;
    for (let i = entry.stamp; i < this.shifts.length; i++) {
      const { at, by } = this.shifts[i];
      if (by > 0 ? pos >= at : pos > at) pos += by;
    }
    entry.pos = pos;
    entry.stamp = this.shifts.length;
    return pos;
  }

  /** Logs an insert or a removal; past SHIFTS_MAX the map is dropped and built again when next needed. */
  private logShift(at: number, by: number): void {
    if (!this.positions) return;
    this.shifts.push({ at, by });
    if (this.shifts.length > WrsIndex.SHIFTS_MAX) this.positions = null;
  }

  private static readonly SHIFTS_MAX = 64;

  /** How many rows are I, M or D: the rows a save would send. */
  changedRowCount(): number {
    this.ensure();
    return this.changed.size;
  }

  /** The I, M and D rows in document order: what a save sends, found without walking the unchanged rows. */
  changedRows(): Element[] {
    this.ensure();
    const at = new Map<Element, number>();
    for (const row of this.changed) at.set(row, this.currentPosition(row));
    return [...this.changed].sort((a, b) => at.get(a)! - at.get(b)!);
  }

  /** Header columns ordered by position. */
  columns(): readonly WrsColumn[] {
    this.ensure();
    return this.columnList;
  }

  column(id: string): WrsColumn | null {
    this.ensure();
    return this.columnsById.get(id) ?? null;
  }

  /** 1-based position of a column id, 0 when absent. */
  columnPos(id: string): number {
    return this.column(id)?.pos ?? 0;
  }

  /** Resolves a column id or 1-based position to a position, or 0. */
  resolveColumn(idOrPos: string | number): number {
    if (typeof idOrPos === 'number') return idOrPos >= 1 && idOrPos <= this.columns().length ? idOrPos : 0;
    return this.columnPos(idOrPos);
  }

  /** Resolves a row id or 1-based position to the row, or null. */
  resolveRow(idOrPos: string | number): Element | null {
    return typeof idOrPos === 'number' ? this.rowAt(idOrPos) : this.rowById(idOrPos);
  }

  /** After the library replaced a row element by another (an R row becoming M or D): same position, same id. */
  replaced(oldRow: Element, newRow: Element, id: string | null = newRow.getAttribute('id')): void {
    this.rowsChanged();
    if (this.stale) return;
    const pos = this.currentPosition(oldRow);
    if (pos < 1) {
      this.stale = true;
      return;
    }
    this.rowList[pos - 1] = newRow;
    this.positions!.delete(oldRow);
    this.positions!.set(newRow, { pos, stamp: this.shifts.length });
    this.changed.delete(oldRow);
    if (newRow.localName !== 'R') this.changed.add(newRow);
    if (id) this.byId?.set(id, newRow);
  }

  /** After a row's `id` was written: the id map follows, positions stay. */
  renamed(row: Element, oldId: string | null): void {
    this.rowsChanged();
    if (this.stale || !this.byId) return;
    if (oldId !== null && this.byId.get(oldId) === row) this.byId.delete(oldId);
    const id = row.getAttribute('id');
    if (id) this.byId.set(id, row);
  }

  /** After the library inserted rows at a 0-based index of `rows()`. */
  inserted(atIndex: number, rows: readonly Element[]): void {
    this.rowsChanged();
    if (this.stale) return;
    const appended = atIndex === this.rowList.length;
    if (appended) for (const r of rows) this.rowList.push(r);
    else if (rows.length < 10000) this.rowList.splice(atIndex, 0, ...rows);
    else this.rowList = this.rowList.slice(0, atIndex).concat(rows, this.rowList.slice(atIndex));
    // Appending shifts no row, so known positions stay exact.
    if (!appended) this.logShift(atIndex + 1, rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      const id = r.getAttribute('id');
      if (id) this.byId?.set(id, r);
      if (r.localName !== 'R') this.changed.add(r);
      this.positions?.set(r, { pos: atIndex + i + 1, stamp: this.shifts.length });
    }
  }

  /** After the library removed rows from the document. */
  removed(listed: readonly Element[]): void {
    this.rowsChanged();
    if (this.stale || listed.length === 0) return;
    // A row listed twice is removed once (each removal in place takes out whatever stands at its position).
    const rows = listed.length > 1 ? [...new Set(listed)] : listed;
    // A few rows are taken out where they stand (positions logged); many at once by one pass over all rows.
    if (rows.length > WrsIndex.SHIFTS_MAX || !this.removeInPlace(rows)) {
      const gone = new Set(rows);
      this.rowList = this.rowList.filter((r) => !gone.has(r));
      this.positions = null;
    }
    for (const r of rows) {
      const id = r.getAttribute('id');
      if (id && this.byId?.get(id) === r) this.byId.delete(id);
      this.changed.delete(r);
    }
  }

  /** Removes rows by their positions; false (nothing changed) when one of them is not in the list. */
  private removeInPlace(rows: readonly Element[]): boolean {
    const at = rows.map((r) => this.currentPosition(r));
    if (at.some((p, i) => p < 1 || this.rowList[p - 1] !== rows[i])) return false;
    // From the last position up, so the positions of the rows still to remove do not move.
    const order = at.map((p, i) => [p, i] as const).sort((a, b) => b[0] - a[0]);
    for (const [p, i] of order) {
      this.rowList.splice(p - 1, 1);
      this.positions?.delete(rows[i]);
      this.logShift(p, -1);
    }
    return true;
  }

  /**
   * True while the index may keep another copy of an original row (see `keepOriginal`): copies hold at most
   * `keptCellsMax` cells, so a paste over a whole large table does not double its memory; rows edited past that are
   * restored by comparing their cells instead.
   */
  mayKeepOriginal(): boolean {
    return this.keptCells < WrsIndex.keptCellsMax;
  }

  /**
   * Keeps an untouched copy of the R row an M row was made from. Restoring the M row can then put the copy back
   * instead of comparing every cell with its `wrs:O`. Only the library's own edits keep copies; `invalidate()` drops
   * all of them, `forgetOriginal` one (a write into a row's `wrs:O` or attributes, a save).
   */
  keepOriginal(modified: Element, original: Element): void {
    this.originals.set(modified, original);
    this.keptCells += original.childElementCount;
  }

  /** The kept copy of an M row's R row, handed over to the caller (the index no longer keeps it), or null. */
  takeOriginal(modified: Element): Element | null {
    const kept = this.originals.get(modified);
    if (!kept) return null;
    this.originals.delete(modified);
    this.keptCells -= kept.childElementCount;
    return kept;
  }

  forgetOriginal(modified: Element): void {
    this.takeOriginal(modified);
  }

  /** True when a row id is in use. */
  hasRowId(id: string): boolean {
    return this.rowById(id) !== null;
  }

  static isRow(node: Node | null): boolean {
    return !!node && node.nodeType === ELEMENT_NODE && (node as Element).namespaceURI === NS.wrs && ROW_NAMES.has((node as Element).localName);
  }
}
