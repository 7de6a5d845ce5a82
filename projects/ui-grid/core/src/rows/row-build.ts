import { WrsIndex } from './wrs-index';
import type { RowParser } from './row-materialize';
import type { RowScan } from './row-scan';
import type { Entry } from './row-entries';

/** Rows parsed at once in a slice with a time budget, before the parse speed of this document is known. */
const RUN_ROWS = 64;
/** Rows read ahead of the building when it runs out of read rows: reading is many times faster than building. */
const SCAN_AHEAD = 1024;

/** Milliseconds on the clock slices are timed by. */
export const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** What the building reads of its store: the rows read so far, with their elements and entries (the store's arrays). */
export interface BuildRows {
  readonly scanner: RowScan;
  readonly elements: (Element | undefined)[];
  readonly entries: (Entry | undefined)[];
  /** Row `r` as an element, built alone from its entry (`RowStoreBase.element`). */
  element(r: number): Element;
  /** Reads rows until `deadline` or until `count` rows are read (`RowStoreBase.scanUntil`). */
  scanUntil(deadline: number, count: number): boolean;
}

/**
 * Builds the rows of a store into its document, in order (`RowStoreBase.materializeSlice`): text rows parsed together
 * in runs sized to the time left, a row that already is an element (written, or new) appended as it is, and the text
 * of rows removed before they were built left out.
 */
export class RowBuild {
  /** Entries [0, built) are in the document; text before `cursor` has been parsed into it. */
  built = 0;
  private cursor: number;
  /** Text spans [start, end) of entries removed before they were built: never parsed. */
  private readonly removedSpans: number[] = [];
  /** Rows built per millisecond in the last run: sizes the runs of a slice to its budget. */
  private rowsPerMs = 0;

  constructor(
    private readonly text: string,
    private readonly document: Document,
    private readonly data: Element,
    private readonly parser: RowParser,
    private readonly rows: BuildRows,
  ) {
    this.cursor = rows.scanner.span.contentStart;
  }

  /**
   * Builds rows in order until `deadline` or until rows [0, rowsEnd) are built, reading them first where needed; true
   * when every row is built and the text after the last is parsed: the document is complete. Malformed text raises
   * XML_PARSE.
   */
  slice(deadline: number, rowsEnd: number): boolean {
    const scanner = this.rows.scanner;
    for (;;) {
      if (this.built >= rowsEnd) return false;
      if (this.built === scanner.count) {
        if (!scanner.done) {
          this.rows.scanUntil(deadline, this.built + Math.min(SCAN_AHEAD, rowsEnd - this.built));
          if (this.built === scanner.count && now() > deadline) return false;
          continue;
        }
        this.appendText(this.cursor, scanner.span.contentEnd);
        return true;
      }
      const started = now();
      if (started >= deadline) return false;
      const fit = this.rowsPerMs > 0 ? Math.max(8, Math.floor((deadline - started) * this.rowsPerMs)) : RUN_ROWS;
      const before = this.built;
      this.buildRun(Math.min(rowsEnd - this.built, deadline === Infinity ? Infinity : fit));
      const took = now() - started;
      if (this.built - before >= 8 && took > 0) this.rowsPerMs = (this.built - before) / took;
    }
  }

  /**
   * The rows at ascending positions `rs` are taken out (called before the scan forgets them): built ones leave the
   * count of built rows, the text of the others is never parsed.
   */
  removing(rs: readonly number[]): void {
    const spans = this.removedSpans;
    const { starts, ends } = this.rows.scanner;
    let builtGone = 0;
    for (const r of rs) {
      if (r < this.built) builtGone++;
      else if (starts[r] >= 0) spans.push(starts[r], ends[r]);
    }
    sortSpans(spans);
    this.built -= builtGone;
  }

  /** Builds the next run of at most `most` rows: text rows parsed together, up to a row that already is an element. */
  private buildRun(most: number): void {
    const { scanner, elements, entries } = this.rows;
    const { starts, ends } = scanner;
    const first = this.built;
    const entry = entries[first];
    const own = elements[first] ?? (entry && !entry.unchanged ? this.rows.element(first) : undefined);
    if (own) {
      // A new row stands before the row it was inserted before, after the text between the rows.
      const at = starts[first] >= 0 ? starts[first] : entry!.anchor;
      this.appendText(this.cursor, at);
      this.data.appendChild(own);
      WrsIndex.of(this.document).inserted(first, [own]);
      this.built++;
      this.cursor = starts[first] >= 0 ? ends[first] : at;
      return;
    }
    let last = first;
    const limit = Math.min(scanner.count, first + most);
    while (last + 1 < limit && !elements[last + 1] && (entries[last + 1]?.unchanged ?? true)) last++;
    const before = this.data.lastChild;
    this.appendText(this.cursor, ends[last]);
    let node = before ? before.nextSibling : this.data.firstChild;
    const rows: Element[] = [];
    for (let r = first; r <= last; r++) {
      while (node && node.nodeType !== 1) node = node.nextSibling;
      elements[r] = node as Element;
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
}

/** Sorts [start, end) pairs by start. */
function sortSpans(spans: number[]): void {
  const pairs: [number, number][] = [];
  for (let i = 0; i < spans.length; i += 2) pairs.push([spans[i], spans[i + 1]]);
  pairs.sort((a, b) => a[0] - b[0]);
  spans.length = 0;
  for (const [a, b] of pairs) spans.push(a, b);
}
