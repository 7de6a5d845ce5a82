import { WrsError } from '../errors';
import { firstChildElement, parseXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { SOURCE_TEXT_MIN_LENGTH, keepSourceText } from '../xml/source-text';
import { DeleteOutcome, RowState, cellAt, cellValue, commitRow, deleteRowElement, originalOf, restoreRowElement, rowState, writeCell } from './row-states';
import { WrsIndex } from './wrs-index';
import { RowCells } from './row-cells';
import { RowParser } from './row-materialize';
import { DataSpan, OTHER, RowScan, STATE_NAMES, ScanError, findData } from './row-scan';

/** A time budget for one slice of work, in milliseconds (unlimited when absent). */
export interface SliceBudget {
  readonly budgetMs?: number;
  /** At most this many rows (built, for `materializeSlice`). */
  readonly rows?: number;
}

/** Rows parsed at once in a slice with a time budget, before the parse speed of this document is known. */
const RUN_ROWS = 64;
/** Rows read ahead of the building when it runs out of read rows: reading is many times faster than building. */
const SCAN_AHEAD = 1024;

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());
const deadlineOf = (budget?: SliceBudget): number => (budget?.budgetMs === undefined ? Infinity : now() + budget.budgetMs);

/**
 * The rows of a Wrs kept as entries over its text (see docs/concepts/row-store.md): a scan finds where each row is,
 * its state and its id; cells are cut from the text when read; a row becomes an element when something needs the
 * element (a write, or the document being built). `document` holds the header from the start and the rows built so
 * far; once `materialized` it is the document `parseXml(text)` builds, node for node, with the writes made since.
 */
export class RowStore {
  /**
   * A store over the text of a `wrs:Wrs` with rows in its `wrs:Data`, its header parsed; null for any other text
   * (the caller parses it whole). Malformed header text raises `parseXml`'s error; malformed rows raise it when read
   * or built.
   */
  static open(text: string): RowStore | null {
    if (typeof text !== 'string') return null;
    const span = findData(text);
    if (!span) return null;
    let head: Document;
    try {
      head = parseXml(text.slice(0, span.contentStart) + text.slice(span.contentEnd));
    } catch {
      // Malformed, or cut where the scan misread it: a whole parse tells which.
      return null;
    }
    const data = firstChildElement(head.documentElement, NS.wrs, 'Data');
    // The header parse must find the element the text scan took for wrs:Data, empty.
    if (!data || data.firstChild || data.nodeName !== span.dataName) return null;
    return new RowStore(text, span, head, data);
  }

  private readonly scanner: RowScan;
  private readonly parser: RowParser;
  private readonly cells: RowCells;
  /** The element of each entry once it has one (built into the document, or alone for a write). */
  private readonly elements: (Element | undefined)[] = [];
  /** Entries [0, built) are in the document; text before `cursor` has been parsed into it. */
  private built = 0;
  private cursor: number;
  /** Text spans [start, end) of entries removed before they were built: never parsed. */
  private readonly removedSpans: number[] = [];
  private changed = false;
  private complete = false;
  /** Rows built per millisecond in the last run: sizes the runs of a slice to its budget. */
  private rowsPerMs = 0;

  private constructor(readonly text: string, span: DataSpan, readonly document: Document, private readonly data: Element) {
    this.scanner = new RowScan(text, span);
    this.parser = new RowParser(data, span);
    this.cells = new RowCells(text, span.prefix);
    this.cursor = span.contentStart;
  }

  /** True when every row has been read. */
  get scanned(): boolean {
    return this.scanner.done;
  }

  /** Rows read so far (all rows once `scanned`). */
  get rowCount(): number {
    return this.scanner.count;
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

  private scanUntil(deadline: number, count: number): boolean {
    try {
      return this.scanner.scan(deadline, count);
    } catch (e) {
      if (!(e instanceof ScanError)) throw e;
      // The parser says what is wrong with the text; where nothing is, the scan's reading of it was.
      parseXml(this.text);
      throw e;
    }
  }

  private check(r: number): void {
    if (Number.isInteger(r) && r >= this.scanner.count) this.scanUntil(Infinity, r + 1);
    if (!Number.isInteger(r) || r < 0 || r >= this.scanner.count) throw new WrsError('INVALID_ARGUMENT', `No row at position ${r}`, r);
  }

  /** The state of row `r` (0-based). */
  state(r: number): RowState | string {
    this.check(r);
    const element = this.elements[r];
    if (element) return rowState(element);
    const code = this.scanner.states[r];
    return code === OTHER ? this.element(r).localName : STATE_NAMES[code];
  }

  /** The id of row `r`, or null. */
  id(r: number): string | null {
    this.check(r);
    const element = this.elements[r];
    return element ? element.getAttribute('id') : this.scanner.idOf(r);
  }

  /** The value of the cell at a 1-based position of row `r` (null for `wrs:null` or no such cell). */
  cellValue(r: number, pos: number): string | null {
    this.check(r);
    const element = this.elements[r];
    if (!element) {
      const read = this.cells.read(this.scanner.starts[r], this.scanner.ends[r], pos, false);
      if (read !== undefined) return read;
    }
    const cell = cellAt(element ?? this.element(r), pos);
    return cell ? cellValue(cell) : null;
  }

  /** The original value (`wrs:O`) of a cell of an M row, or null. */
  originalValue(r: number, pos: number): string | null {
    this.check(r);
    const element = this.elements[r];
    if (!element) {
      const read = this.cells.read(this.scanner.starts[r], this.scanner.ends[r], pos, true);
      if (read !== undefined) return read;
    }
    const cell = cellAt(element ?? this.element(r), pos);
    const original = cell && originalOf(cell);
    return original ? cellValue(original) : null;
  }

  /** Row `r` as an element: built alone when not built yet (it joins the document at its place later). */
  element(r: number): Element {
    this.check(r);
    let element = this.elements[r];
    if (!element) {
      const holder = this.document.createDocumentFragment();
      this.parser.parseInto(holder, this.text.slice(this.scanner.starts[r], this.scanner.ends[r]));
      element = holder.firstChild as Element;
      // In no parent until it is built into the document, as a row made by the library.
      holder.removeChild(element);
      this.elements[r] = element;
    }
    return element;
  }

  /** Writes a cell as `writeCell` does (an R row becomes M with its originals); true when the value changed. */
  setCell(r: number, pos: number, value: string | null): boolean {
    const write = writeCell(this.element(r), pos, value, this.index());
    if (!write) return false;
    this.took(r, write.row);
    return write.changed;
  }

  /** Deletes row `r` as `deleteRowElement` does: R and M become D, an I row is removed (its entry goes). */
  deleteRow(r: number): DeleteOutcome {
    const element = this.element(r);
    const { outcome, row } = deleteRowElement(element, this.index());
    if (outcome === 'removed') this.removeEntry(r);
    else if (row) this.took(r, row);
    return outcome;
  }

  /** Restores row `r` as `restoreRowElement` does (M and D become R); false for rows in other states. */
  restoreRow(r: number): boolean {
    const row = restoreRowElement(this.element(r), this.index());
    if (row) this.took(r, row);
    return row !== null;
  }

  /** Commits row `r` as `commitRow` does (I and M become R). */
  commitRow(r: number): void {
    this.took(r, commitRow(this.element(r), this.index()));
  }

  /**
   * The document's index, for every row: it follows a row replaced in the document, and keeps the copy of an R row
   * made M that a later restore puts back, as it does for the rows of a parsed document.
   */
  private index(): WrsIndex {
    return WrsIndex.of(this.document);
  }

  private took(r: number, row: Element): void {
    this.changed = true;
    this.elements[r] = row;
  }

  private removeEntry(r: number): void {
    this.changed = true;
    if (r >= this.built) {
      const spans = this.removedSpans;
      let i = 0;
      while (i < spans.length && spans[i] < this.scanner.starts[r]) i += 2;
      spans.splice(i, 0, this.scanner.starts[r], this.scanner.ends[r]);
    }
    this.scanner.remove(r);
    this.elements.splice(r, 1);
    if (r < this.built) this.built--;
  }

  /**
   * Builds rows into `document` in order for at most the budget (reading them first where needed); true when the
   * document is complete. Malformed text raises XML_PARSE.
   */
  materializeSlice(budget?: SliceBudget): boolean {
    const deadline = deadlineOf(budget);
    const rowsEnd = budget?.rows === undefined ? Infinity : this.built + budget.rows;
    while (!this.complete) {
      if (this.built >= rowsEnd) break;
      if (this.built === this.scanner.count) {
        if (!this.scanner.done) {
          this.scanUntil(deadline, this.built + Math.min(SCAN_AHEAD, rowsEnd - this.built));
          if (this.built === this.scanner.count && now() > deadline) break;
          continue;
        }
        this.appendText(this.cursor, this.scanner.span.contentEnd);
        this.finish();
        break;
      }
      const started = now();
      if (started >= deadline) break;
      const fit = this.rowsPerMs > 0 ? Math.max(8, Math.floor((deadline - started) * this.rowsPerMs)) : RUN_ROWS;
      const before = this.built;
      this.buildRun(Math.min(rowsEnd - this.built, deadline === Infinity ? Infinity : fit));
      const took = now() - started;
      if (this.built - before >= 8 && took > 0) this.rowsPerMs = (this.built - before) / took;
    }
    return this.complete;
  }

  /** The complete document (built now where it is not yet). */
  materialize(): Document {
    this.materializeSlice();
    return this.document;
  }

  /** Builds the next run of at most `most` rows: text rows parsed together, up to a row that already is an element. */
  private buildRun(most: number): void {
    const { starts, ends } = this.scanner;
    const first = this.built;
    const own = this.elements[first];
    if (own) {
      this.appendText(this.cursor, starts[first]);
      this.data.appendChild(own);
      WrsIndex.of(this.document).inserted(first, [own]);
      this.built++;
      this.cursor = ends[first];
      return;
    }
    let last = first;
    const limit = Math.min(this.scanner.count, first + most);
    while (last + 1 < limit && !this.elements[last + 1]) last++;
    const before = this.data.lastChild;
    this.appendText(this.cursor, ends[last]);
    let node = before ? before.nextSibling : this.data.firstChild;
    const rows: Element[] = [];
    for (let r = first; r <= last; r++) {
      while (node && node.nodeType !== 1) node = node.nextSibling;
      this.elements[r] = node as Element;
      rows.push(node as Element);
      node = node!.nextSibling;
    }
    // The index follows the rows as the library's own inserts: what it keeps for rows already changed stays.
    WrsIndex.of(this.document).inserted(first, rows);
    this.built = last + 1;
    this.cursor = ends[last];
  }

  /** Parses the text [from, to) into `wrs:Data`, leaving out the spans of removed rows. */
  private appendText(from: number, to: number): void {
    let at = from;
    const spans = this.removedSpans;
    for (let i = 0; i < spans.length; i += 2) {
      if (spans[i] >= at && spans[i + 1] <= to) {
        this.appendNodes(this.text.slice(at, spans[i]));
        at = spans[i + 1];
      }
    }
    this.appendNodes(this.text.slice(at, to));
  }

  private appendNodes(piece: string): void {
    this.parser.parseInto(this.data, piece);
  }

  private finish(): void {
    this.complete = true;
    // As `parseXml` does for a large Wrs, while the document is still the text's (source-cells).
    if (!this.changed && this.text.length >= SOURCE_TEXT_MIN_LENGTH) keepSourceText(this.document, this.text);
  }
}
