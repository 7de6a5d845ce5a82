import { WrsError } from '../errors';
import { parseXml } from '../xml/dom';
import { SOURCE_TEXT_MIN_LENGTH, keepSourceText } from '../xml/source-text';
import { RowState, cellAt, cellValue, originalOf, rowState } from './row-states';
import { WrsIndex } from './wrs-index';
import { RowCells } from './row-cells';
import { RowParser } from './row-materialize';
import { RowBuild, now } from './row-build';
import { RowPositions } from './row-positions';
import { DataSpan, OTHER, RowScan, STATE_NAMES, ScanError } from './row-scan';
import { Entry } from './row-entries';
import { RowCheck } from './row-check';

/** A time budget for one slice of work, in milliseconds (unlimited when absent). */
export interface SliceBudget {
  readonly budgetMs?: number;
  /** At most this many rows (built, for `materializeSlice`). */
  readonly rows?: number;
}

const deadlineOf = (budget?: SliceBudget): number => (budget?.budgetMs === undefined ? Infinity : now() + budget.budgetMs);

/**
 * The reading and building half of `RowStore` (see there): entries over the text, their reads, their elements, and
 * the document built from them. `RowStore` adds the writes.
 */
export abstract class RowStoreBase {
  /** @internal */
  protected readonly scanner: RowScan;
  private readonly parser: RowParser;
  /** @internal */
  protected readonly cells: RowCells;
  /**
   * The element of each entry once it has one (built into the document, or alone for a write).
   * @internal
   */
  protected readonly elements: (Element | undefined)[] = [];
  /**
   * The changes of each entry kept without its element (see Entry).
   * @internal
   */
  protected readonly entries: (Entry | undefined)[] = [];
  /** The id map of `positionOf` as rows come and go. */
  private readonly ids = new RowPositions();
  /**
   * A restored R row may go back to its text only where the cells the library writes (`wrs:null` in the root's
   * prefix) are spelled as the text spells them: rows in the prefix of the root.
   * @internal
   */
  protected readonly clearable: boolean;
  /** Builds the rows into the document, in order. */
  private readonly building: RowBuild;
  /** @internal */
  protected changed = false;
  /** @internal */
  protected complete = false;
  private checker: RowCheck | null = null;
  private builtListeners: (() => void)[] = [];

  /** @internal */
  protected constructor(readonly text: string, span: DataSpan, readonly document: Document, protected readonly data: Element) {
    this.scanner = new RowScan(text, span);
    this.parser = new RowParser(data, span);
    this.cells = new RowCells(text, span.prefix);
    this.clearable = span.prefix === (document.documentElement.prefix ?? '');
    this.building = new RowBuild(text, document, data, this.parser, {
      scanner: this.scanner,
      elements: this.elements,
      entries: this.entries,
      element: (r) => this.element(r),
      scanUntil: (deadline, count) => this.scanUntil(deadline, count),
    });
  }

  /**
   * Entries [0, built) are in the document.
   * @internal
   */
  protected get built(): number {
    return this.building.built;
  }

  /** @internal */
  protected set built(n: number) {
    this.building.built = n;
  }

  /**
   * The id map of `positionOf`, null until a lookup reads it (`RowPositions.map`).
   * @internal
   */
  protected get positions(): Map<string, number> | null {
    return this.ids.map;
  }

  /** @internal */
  protected set positions(map: Map<string, number> | null) {
    this.ids.map = map;
  }

  /**
   * How far a kept position may be off; `positionOf` looks that far around one (`RowPositions.drift`).
   * @internal
   */
  protected get drift(): number {
    return this.ids.drift;
  }

  /** @internal */
  protected set drift(n: number) {
    this.ids.drift = n;
  }

  /** True when every row has been read. */
  get scanned(): boolean {
    return this.scanner.done;
  }

  /** Rows read so far (all rows once `scanned`), with the rows inserted and without those removed since. */
  get rowCount(): number {
    return this.count();
  }

  /** Rows built into `document` so far. */
  get builtRowCount(): number {
    return this.built;
  }

  /** True when `document` is complete. */
  get materialized(): boolean {
    return this.complete;
  }

  /**
   * Reads rows for at most the budget; true when all are read. Malformed text raises `parseXml`'s XML_PARSE error;
   * well-formed text the scan cannot read as rows (markup like an end tag of `wrs:Data` in a comment after it) raises
   * ScanError: parse it whole then.
   */
  scan(budget?: SliceBudget): boolean {
    return this.scanUntil(deadlineOf(budget), budget?.rows === undefined ? Infinity : this.scanner.count + budget.rows);
  }

  /** @internal */
  protected scanUntil(deadline: number, count: number): boolean {
    try {
      return this.scanner.scan(deadline, count);
    } catch (e) {
      if (!(e instanceof ScanError)) throw e;
      // The parser says what is wrong with the text; where nothing is, the scan's reading of it was.
      parseXml(this.text);
      throw e;
    }
  }

  /** True when the text of the rows is known to be well-formed: checked by `verify`, or parsed into the document. */
  get verified(): boolean {
    return this.complete || !!this.checker?.checked;
  }

  /**
   * Checks for at most the budget that the text of the rows is well-formed XML, as a parse would, without building
   * them; true when all is checked. Malformed text raises `parseXml`'s XML_PARSE error. A store that is scanned and
   * verified can stand for its document before (or without) building it.
   */
  verify(budget?: SliceBudget): boolean {
    if (this.complete) return true;
    this.checker ??= new RowCheck(this.text, this.scanner.span, (piece) => this.parser.parseInto(this.document.createDocumentFragment(), piece));
    return this.checker.run(deadlineOf(budget));
  }

  /**
   * The document's index once the document is complete: from then on the document is the truth of every row.
   * @internal
   */
  protected live(): WrsIndex | null {
    return this.complete ? WrsIndex.of(this.document) : null;
  }

  /** @internal */
  protected count(): number {
    return this.complete ? WrsIndex.of(this.document).rowCount : this.scanner.count;
  }

  /** @internal */
  protected check(r: number): void {
    if (!this.complete && Number.isInteger(r) && r >= this.scanner.count) this.scanUntil(Infinity, r + 1);
    if (!Number.isInteger(r) || r < 0 || r >= this.count()) throw new WrsError('INVALID_ARGUMENT', `No row at position ${r}`, r);
  }

  /**
   * The element of row `r` where it has one (every row once the document is complete).
   * @internal
   */
  protected elementOf(r: number): Element | undefined {
    return this.complete ? WrsIndex.of(this.document).rowAt(r + 1)! : this.elements[r];
  }

  /** The state of row `r` (0-based). */
  state(r: number): RowState | string {
    this.check(r);
    const element = this.elementOf(r);
    if (element) return rowState(element);
    const entry = this.entries[r];
    if (entry) return entry.state;
    const code = this.scanner.states[r];
    return code === OTHER ? this.element(r).localName : STATE_NAMES[code];
  }

  /** The id of row `r`, or null. */
  id(r: number): string | null {
    this.check(r);
    const element = this.elementOf(r);
    return element ? element.getAttribute('id') : (this.entries[r]?.newId ?? this.scanner.idOf(r));
  }

  /** The value of the cell at a 1-based position of row `r` (null for `wrs:null` or no such cell). */
  cellValue(r: number, pos: number): string | null {
    this.check(r);
    const element = this.elementOf(r);
    if (!element) {
      const entry = this.entries[r];
      if (entry?.values) return entry.values[pos - 1] ?? null;
      if (entry?.writes?.has(pos)) return entry.writes.get(pos)!;
      const read = this.cells.read(this.scanner.starts[r], this.scanner.ends[r], pos, false);
      if (read !== undefined) return read;
    }
    const cell = cellAt(element ?? this.element(r), pos);
    return cell ? cellValue(cell) : null;
  }

  /**
   * The values of the cells at positions 1..`count` of row `r`, as `cellValue` reads each, read in one pass over the
   * row (a cell read alone scans the row from its start).
   */
  cellValues(r: number, count: number): (string | null)[] {
    this.check(r);
    const element = this.elementOf(r);
    const entry = element ? undefined : this.entries[r];
    let values: (string | null)[] | undefined = entry?.values ?? undefined;
    if (!element && !values) {
      const layout = this.cells.layout(this.scanner.starts[r], this.scanner.ends[r]);
      if (layout) values = layout.kinds.includes('O') ? layout.values.filter((_, i) => layout.kinds[i] === 'C') : layout.values;
    }
    if (!values) return Array.from({ length: count }, (_, k) => this.cellValue(r, k + 1));
    const out = Array.from({ length: count }, (_, k) => values![k] ?? null);
    if (entry?.writes) for (const [pos, value] of entry.writes) if (pos <= count) out[pos - 1] = value;
    return out;
  }

  /** The original value (`wrs:O`) of a cell of an M row, or null. */
  originalValue(r: number, pos: number): string | null {
    this.check(r);
    const element = this.elementOf(r);
    if (!element) {
      const entry = this.entries[r];
      if (entry?.values) return entry.state === 'M' ? (entry.originals![pos - 1] ?? null) : null;
      // An R row of the text with cells written: its originals are its text's cells.
      const read = this.cells.read(this.scanner.starts[r], this.scanner.ends[r], pos, !entry?.writes);
      if (read !== undefined) return read;
    }
    const cell = cellAt(element ?? this.element(r), pos);
    const original = cell && originalOf(cell);
    return original ? cellValue(original) : null;
  }

  /**
   * The rows that are what their text says (no write kept on their entry, no element yet), each read to the end
   * first: their 0-based positions and their `[start, end)` offsets in `text`, ascending. A search of the text finds
   * their cells there; every other row is to be read by position. None once the document is complete.
   */
  textRows(): { readonly rows: Int32Array; readonly starts: Int32Array; readonly ends: Int32Array } {
    if (!this.complete) this.scan();
    const n = this.complete ? 0 : this.scanner.count;
    const [{ entries, elements }, { starts, ends }] = [this, this.scanner];
    const [rows, rowStarts, rowEnds] = [new Int32Array(n), new Int32Array(n), new Int32Array(n)];
    let k = 0;
    // Reads past an array's length cost more than a comparison: most rows have neither an entry nor an element.
    for (let r = 0; r < n; r++) {
      if ((r < entries.length && entries[r] !== undefined) || (r < elements.length && elements[r] !== undefined) || starts[r] < 0) continue;
      rows[k] = r; rowStarts[k] = starts[r]; rowEnds[k++] = ends[r];
    }
    return { rows: rows.subarray(0, k), starts: rowStarts.subarray(0, k), ends: rowEnds.subarray(0, k) };
  }

  /**
   * Row `r` as an element: built alone when not built yet, from its text and the changes kept on its entry, as the
   * library's functions made them on a parsed document (it joins the document at its place later).
   */
  element(r: number): Element {
    this.check(r);
    let element = this.elementOf(r);
    if (!element) {
      const entry = this.entries[r];
      element = entry ? this.buildEntry(entry) : this.parseAlone(this.scanner.starts[r], this.scanner.ends[r]);
      this.elements[r] = element;
    }
    return element;
  }

  /** @internal */
  protected parseAlone(start: number, end: number): Element {
    const holder = this.document.createDocumentFragment();
    this.parser.parseInto(holder, this.text.slice(start, end));
    const element = holder.firstChild as Element;
    // In no parent until it is built into the document, as a row made by the library.
    holder.removeChild(element);
    return element;
  }

  /** @internal */
  protected buildEntry(entry: Entry): Element {
    return entry.build(this.document, entry.start >= 0 ? this.parseAlone(entry.start, entry.end) : null, this.index());
  }

  /**
   * The document's index, for every row: it follows a row replaced in the document, and keeps the copy of an R row
   * made M that a later restore puts back, as it does for the rows of a parsed document.
   * @internal
   */
  protected index(): WrsIndex {
    return WrsIndex.of(this.document);
  }

  /** @internal */
  protected took(r: number, row: Element): void {
    this.changed = true;
    if (!this.complete) this.elements[r] = row;
  }

  /**
   * Takes out the entries at ascending positions `rs` (their rows removed), in one pass.
   * @internal
   */
  protected removeEntries(rs: number[]): void {
    if (rs.length === 0) return;
    this.changed = true;
    this.ids.removing(rs, (r) => this.id(r));
    this.building.removing(rs);
    const count = this.scanner.count;
    this.scanner.removeAll(rs);
    compact(this.elements, rs, count);
    compact(this.entries, rs, count);
  }

  /**
   * The id map of `positionOf` after `n` rows came in at `at` (their ids are added by the caller): the kept positions
   * from `at` on are `n` off now. Past a drift of `MAX_DRIFT` (`RowPositions`) the map is read again on the next lookup.
   * @internal
   */
  protected movePositions(at: number, n: number): void {
    if (this.ids.map && at < this.count()) this.ids.moved(n);
  }

  /**
   * Builds rows into `document` in order for at most the budget (reading them first where needed); true when the
   * document is complete. Malformed text raises XML_PARSE.
   */
  materializeSlice(budget?: SliceBudget): boolean {
    if (!this.complete && this.building.slice(deadlineOf(budget), budget?.rows === undefined ? Infinity : this.built + budget.rows)) this.finish();
    return this.complete;
  }

  /**
   * Calls `listener` once, when the document is complete (at once when it is): before any change is made to it, so
   * a reader holding row positions can turn them into the rows' elements.
   */
  onBuilt(listener: () => void): void {
    if (this.complete) listener();
    else this.builtListeners.push(listener);
  }

  /** The complete document (built now where it is not yet). */
  materialize(): Document {
    this.materializeSlice();
    return this.document;
  }

  private finish(): void {
    this.complete = true;
    // The document holds every row now: the index answers for them (see `live`).
    this.elements.length = 0;
    this.entries.length = 0;
    this.positions = null;
    // As `parseXml` does for a large Wrs, while the document is still the text's (source-cells).
    if (!this.changed && this.text.length >= SOURCE_TEXT_MIN_LENGTH) keepSourceText(this.document, this.text);
    const listeners = this.builtListeners;
    this.builtListeners = [];
    for (const listener of listeners) listener();
  }
}

/** Takes the items at ascending positions `rs` out of an array of `count` positions (holes kept as holes). */
function compact<T>(items: (T | undefined)[], rs: readonly number[], count: number): void {
  let to = rs[0];
  for (let k = 0; k < rs.length; k++) {
    const until = k + 1 < rs.length ? rs[k + 1] : count;
    for (let i = rs[k] + 1; i < until; i++) items[to++] = items[i];
  }
  items.length = Math.min(items.length, to);
}
