import { sourceTextOf } from '../xml/source-text';
import { WrsIndex } from '../rows/wrs-index';
import type { RowStore } from '../rows/row-store';
import { dataContentStart } from './source-cells';
import { Plain, SourceFindRun } from './source-find-run';

const SLASH = 47;

/** Rows checked between two looks at the clock. */
const ROW_CHUNK = 2048;

/** The rows of a store's text checked so far, by offset: those of the plain shape, and how far the check got. */
interface StoreShapes {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly plain: Uint8Array;
  checked: number;
}

const prepared = new WeakMap<Document, SourceFind>();
const storeShapes = new WeakMap<RowStore, StoreShapes>();

/**
 * Cells whose text matches an expression, found in the text a large Wrs was parsed from (`xml/source-text.ts`) while
 * the library knows the document unchanged, or in the text of a row store's rows while its document is not built:
 * one regular expression over the text finds them at memory speed, where reading the cells of a freshly parsed DOM
 * costs a JS object and a string per cell (about a second for 2,000,000 cells in Chromium). Only for rows of the
 * plain shape: `R`/`I`/`M`/`D` rows of `C` and `O` cells holding text or `null`, nothing escaped (no `&`, no CR), no
 * comment, CDATA, processing instruction, namespace declaration or attribute on a cell. For a kept text with any row
 * of another shape `prepare` gives null and the caller reads the DOM; in a store's text such rows, and rows the
 * store holds writes for, are left out (`searchesRow` false): the caller reads them from the store.
 */
export class SourceFind {
  /** The finder of an index's document while its source text is kept (one per document), else null. */
  static of(index: WrsIndex): SourceFind | null {
    const doc = index.doc;
    const data = index.data;
    const text = sourceTextOf(doc);
    if (text === null || data === null || index.root !== doc.documentElement) return null;
    const kept = prepared.get(doc);
    if (kept && kept.text === text) return kept.unusable ? null : kept;
    const start = dataContentStart(text, index.root, data);
    if (start < 0) return null;
    const finder = new SourceFind(index, text, start, data.prefix ? data.prefix + ':' : '', null);
    prepared.set(doc, finder);
    return finder;
  }

  /**
   * A finder over the rows of a row store whose document is not built (null once it is), as they are now: rows the
   * store holds writes for (or an element) are left out. The shape of its rows is checked once per store; a finder
   * made after a write leaves the written rows out.
   */
  static ofStore(store: RowStore): SourceFind | null {
    if (store.materialized) return null;
    const index = WrsIndex.of(store.document);
    const data = index.data;
    if (data === null) return null;
    return new SourceFind(index, store.text, -1, data.prefix ? data.prefix + ':' : '', store);
  }

  private plain: Plain | null = null;
  private unusable = false;
  /** The rows whose start is found so far while preparing, and where the next one starts. */
  private rowsFound = 0;
  private next: number;
  private readonly starts: Int32Array;
  /** By store position: 1 for a row whose cells the text search finds (a store's finder, once prepared). */
  private searched: Uint8Array | null = null;
  /** A row of the plain shape from its start tag to the next row's (sticky). */
  private readonly rowShape: RegExp;
  /**
   * `<p:C>`, the start of a cell's text.
   * @internal
   */
  readonly cellOpen: string;
  /** `<p:C`: the start of any cell, empty or not. */
  private readonly cellTag: string;

  private constructor(
    private readonly index: WrsIndex,
    /**
     * The kept text searched.
     * @internal
     */
    readonly text: string,
    dataStart: number,
    prefix: string,
    private readonly store: RowStore | null,
  ) {
    this.next = store ? -1 : text.indexOf('<', dataStart);
    this.starts = new Int32Array(store ? 0 : index.rowCount + 1);
    const q = prefix.replace(/[.\-]/g, '\\$&');
    // Text runs without a reference or CR; cells and originals of text, empty or null; no other markup.
    const run = '[^<&\\r]*';
    const cell = `<${q}C>${run}</${q}C>|<${q}C/>|<${q}C><${q}null/></${q}C>|<${q}O>${run}</${q}O>|<${q}O/>`;
    const attributes = `(?:\\s+(?!xmlns)[^\\s=/>]+\\s*=\\s*(?:"[^"]*"|'[^']*'))*\\s*`;
    this.rowShape = new RegExp(`<${q}[RIMD]${attributes}(?:/>|>(?:${run}(?:${cell}))*${run}</${q}[RIMD]>)${run}`, 'y');
    this.cellOpen = `<${prefix}C>`;
    this.cellTag = `<${prefix}C`;
  }

  /** True while the document's kept text is this finder's: a change the library made drops it. */
  get current(): boolean {
    if (this.store) return !this.store.materialized;
    return !this.unusable && sourceTextOf(this.index.doc) === this.text;
  }

  /** For a store's prepared finder: false for a row (store position) the search leaves out, to be read from the store. */
  searchesRow(r: number): boolean {
    return !this.searched || this.searched[r] === 1;
  }

  /**
   * Checks that every row is of the plain shape and finds the rows' starts, until `deadline` (`performance.now()`):
   * true when done, false when not yet, null when the text cannot be searched (read the DOM instead).
   */
  prepare(deadline: number): boolean | null {
    if (!this.current) return null;
    if (this.plain) return true;
    if (this.store) return this.prepareStore(this.store, deadline);
    const { text, starts, rowShape } = this;
    const rowCount = starts.length - 1;
    while (this.rowsFound < rowCount) {
      if (this.next < 0) return this.fail();
      rowShape.lastIndex = this.next;
      if (!rowShape.test(text)) return this.fail();
      starts[this.rowsFound++] = this.next;
      this.next = rowShape.lastIndex;
      if (this.rowsFound % ROW_CHUNK === 0 && performance.now() > deadline) return false;
    }
    if (!text.startsWith(`</${this.index.data!.nodeName}>`, this.next)) return this.fail();
    starts[rowCount] = this.next;
    // A cheap guard against a DOM that drifted from the text: the first and the last row carry the DOM's ids.
    if (rowCount > 0 && (!this.sameId(0) || !this.sameId(rowCount - 1))) return this.fail();
    this.plain = { starts, ends: null, rows: null };
    return true;
  }

  /**
   * `prepare` for a store: checks the shape of its text rows (once per store, in steps), then takes those of the
   * plain shape that still are what their text says.
   */
  private prepareStore(store: RowStore, deadline: number): boolean {
    let shapes = storeShapes.get(store);
    // The rows read for the first check are the rows now, unless a later step finishes the check.
    let now: ReturnType<RowStore['textRows']> | null = null;
    if (!shapes) {
      now = store.textRows();
      shapes = { starts: now.starts, ends: now.ends, plain: new Uint8Array(now.starts.length), checked: 0 };
      storeShapes.set(store, shapes);
    }
    const { text, rowShape } = this;
    while (shapes.checked < shapes.starts.length) {
      const k = shapes.checked++;
      rowShape.lastIndex = shapes.starts[k];
      if (rowShape.test(text) && rowShape.lastIndex >= shapes.ends[k]) shapes.plain[k] = 1;
      if (shapes.checked % ROW_CHUNK === 0 && performance.now() > deadline) return false;
    }
    // The rows unchanged now, matched by offset with those checked (both ascending).
    now ??= store.textRows();
    const n = now.rows.length;
    const starts = new Int32Array(n + 1);
    const ends = new Int32Array(n);
    const rows = new Int32Array(n);
    const searched = new Uint8Array(store.rowCount);
    let m = 0;
    for (let i = 0, k = 0; i < n; i++) {
      const at = now.starts[i];
      while (k < shapes.starts.length && shapes.starts[k] < at) k++;
      if (k === shapes.starts.length || shapes.starts[k] !== at || shapes.plain[k] !== 1) continue;
      starts[m] = at;
      ends[m] = now.ends[i];
      rows[m++] = now.rows[i];
      searched[now.rows[i]] = 1;
    }
    starts[m] = m > 0 ? ends[m - 1] : 0;
    this.plain = { starts: starts.subarray(0, m + 1), ends: ends.subarray(0, m), rows: rows.subarray(0, m) };
    this.searched = searched;
    return true;
  }

  /**
   * Reads the cells at some 1-based positions of the rows the prepared text holds into `outs` (one array per
   * position, indexed by row: `index.rows()`' or the store's positions), from the `k`-th row of the text to before the
   * `end`-th, as `cellValue` gives them; returns where it stopped (`end`, or earlier past `deadline`). A plain row's
   * every `<` is its own tag, a cell's or an original's, so its cells are found by `indexOf` alone.
   */
  readCells(positions: readonly number[], outs: readonly (string | null)[][], k: number, end: number, deadline: number): number {
    const plain = this.plain!;
    const { text, cellTag } = this;
    const last = Math.max(0, ...positions);
    const slot = new Int32Array(last + 1).fill(-1);
    positions.forEach((pos, i) => (slot[pos] = i));
    for (; k < end; k++) {
      const row = plain.rows ? plain.rows[k] : k;
      const rowEnd = plain.ends ? plain.ends[k] : plain.starts[k + 1];
      for (const out of outs) out[row] = null;
      let at = plain.starts[k];
      for (let n = 1; n <= last; n++) {
        // In a plain row `<p:C` starts a cell and nothing else (`indexOf` of it beats a loop over the characters).
        at = text.indexOf(cellTag, at + 1);
        if (at < 0 || at >= rowEnd) break;
        if (slot[n] < 0) continue;
        const open = at + cellTag.length;
        if (text.charCodeAt(open) === SLASH) {
          outs[slot[n]][row] = '';
          continue;
        }
        const close = text.indexOf('<', open + 1);
        outs[slot[n]][row] = text.charCodeAt(close + 1) !== SLASH ? null : text.slice(open + 1, close);
      }
      if ((k & 1023) === 1023 && performance.now() > deadline) return k + 1;
    }
    return end;
  }

  /** Rows of the prepared text (see `readCells`). */
  get rowCount(): number {
    return this.plain ? this.plain.starts.length - 1 : 0;
  }

  /** A search of the prepared text for an expression (its flags are kept; `g` is added). */
  search(expression: RegExp): SourceFindRun {
    if (!this.plain) throw new Error('SourceFind.search before prepare() returned true');
    const flags = expression.flags.includes('g') ? expression.flags : expression.flags + 'g';
    return new SourceFindRun(this, this.plain, new RegExp(expression.source, flags));
  }

  /**
   * The 1-based position in its row of the cell whose tag starts at `at`, counting on from offset `from`, where
   * `count` cells of the row are counted.
   * @internal
   */
  cellPosition(from: number, count: number, at: number): number {
    const { text, cellTag } = this;
    let n = count;
    for (let k = text.indexOf(cellTag, from); k >= 0 && k <= at; k = text.indexOf(cellTag, k + 1)) n++;
    return n;
  }

  private sameId(r: number): boolean {
    const at = this.starts[r];
    const tag = this.text.slice(at, this.text.indexOf('>', at));
    const found = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tag);
    return (found ? found[1] ?? found[2] : null) === this.index.rows()[r].getAttribute('id');
  }

  private fail(): null {
    this.unusable = true;
    return null;
  }
}
