import { attachSourceReader, forgetSourceText, sourceReaderOf, sourceTextOf } from '../xml/source-text';
import { decodeXmlText, nameEnd, nextMarkup, skipElement, startTagEnd } from '../xml/markup-scan';
import { ELEMENT_NODE } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { cellValue } from '../rows/row-states';
import { WrsIndex } from '../rows/wrs-index';

const LT = 60;
const SLASH = 47;

/**
 * Cell values of a Wrs read from the text it was parsed from (`xml/source-text.ts`), while the library knows the
 * document unchanged. Reading a column cold from a freshly parsed DOM makes a JS object and a string per cell touched
 * and is bound by memory (about 100 ms for one column of 100,000 rows in Chromium, at the DOM's floor); the same
 * column cut from the text costs about half of that, and later columns a fifth.
 *
 * The i-th element child of `wrs:Data` in the text is the i-th row of the index. Rows of the usual shape (a start
 * tag without namespace declarations, cells `<p:C>text</p:C>`, `<p:C/>` or `<p:C><p:null/></p:C>`, `wrs:O` anywhere)
 * are read from the text by one sticky regular expression each; any other row (a comment or CDATA in it, a cell with
 * attributes or markup) is read from the DOM. A row count or a row id that does not match the DOM drops the text, and
 * the DOM is read instead.
 */
export class SourceCells {
  /** The reader of an index's document while its source text is kept, else null. */
  static of(index: WrsIndex): SourceCells | null {
    const doc = index.doc;
    if (index.root !== doc.documentElement) return null;
    const text = sourceTextOf(doc);
    if (text === null) return null;
    const kept = sourceReaderOf<SourceCells>(doc);
    if (kept) return kept;
    const reader = SourceCells.open(index, text);
    if (reader === null) forgetSourceText(doc);
    else attachSourceReader(doc, reader);
    return reader;
  }

  private static open(index: WrsIndex, text: string): SourceCells | null {
    const data = index.data;
    if (data === null) return null;
    const start = dataContentStart(text, index.root, data);
    if (start < 0) return null;
    return new SourceCells(index, text, start, data.prefix ? data.prefix + ':' : '');
  }

  /** Offsets of the rows' start tags: `starts[r]` is known for `r <= known` (`starts[rowCount]` is the `wrs:Data` end). */
  private readonly starts: Int32Array;
  private known = 0;
  /** False when `wrs:Data` holds no reference and no CR: the text of a cell is its value as it stands. */
  private readonly decodes: boolean;
  private readonly rowCount: number;
  private readonly cellEmpty: string;
  private readonly nullCell: string;
  private readonly cellOpenLength: number;
  private readonly cellCloseLength: number;
  private readonly dataClose: string;
  /** Sticky expressions matching the content of a row of the usual shape up to given cells (and to its end tag). */
  private readonly shapes = new Map<string, RegExp>();
  private readonly parts: { row: string; cell: string; other: string };
  private failed = false;

  private constructor(private readonly index: WrsIndex, private readonly text: string, dataStart: number, p: string) {
    this.rowCount = index.rowCount;
    this.starts = new Int32Array(this.rowCount + 1);
    this.starts[0] = nextMarkup(text, dataStart);
    // Single characters are found at memory speed: two scans of the text decide whether any cell needs decoding.
    this.decodes = text.indexOf('&', dataStart) >= 0 || text.indexOf('\r', dataStart) >= 0;
    this.cellEmpty = `<${p}C/>`;
    this.nullCell = `<${p}C><${p}null/></${p}C>`;
    this.cellOpenLength = p.length + 3;
    this.cellCloseLength = p.length + 4;
    this.dataClose = `</${index.data!.nodeName}`;
    const q = p.replace(/[.\-]/g, '\\$&');
    // Text between elements (ignored, as the DOM's cell lookup ignores it), a cell, an original value.
    this.parts = {
      row: `<${q}[RIMD](?:\\s+(?!xmlns)[^\\s=/>]+\\s*=\\s*(?:"[^"]*"|'[^']*'))*\\s*>`,
      cell: `<${q}C>[^<]*</${q}C>|<${q}C/>|<${q}C><${q}null/></${q}C>`,
      other: `[^<]*(?:(?:<${q}O>[^<]*</${q}O>|<${q}O/>)[^<]*)*`,
    };
  }

  /**
   * Reads rows `[from, to)` of `rows` (the index's rows) at the 1-based column positions into `outs` (one array per
   * position, indexed like `rows`), as `cellValue` gives them (null for `wrs:null` or a missing cell). Returns false,
   * having dropped the text, when the text cannot be read; the caller then reads the DOM.
   */
  read(rows: readonly Element[], from: number, to: number, positions: readonly number[], outs: readonly (string | null)[][]): boolean {
    if (this.failed || sourceTextOf(this.index.doc) !== this.text || rows.length !== this.rowCount || from < 0 || to > this.rowCount) {
      return this.fail();
    }
    if (from >= to) return true;
    while (this.known < from) {
      if (this.readRow(this.known, rows, [], [], []) < 0) return this.fail();
    }
    // The expression captures the wanted cells in column order: the capture group of each position.
    const sorted = [...new Set(positions)].sort((a, b) => a - b);
    const groups = positions.map((pos) => sorted.indexOf(pos) + 1);
    for (let r = from; r < to; r++) {
      if (this.readRow(r, rows, positions, groups, outs) < 0) return this.fail();
    }
    // Cheap guards against any drift between text and DOM: the first and the last row read carry the DOM's ids.
    if (!this.sameId(rows, from) || !this.sameId(rows, to - 1)) return this.fail();
    return true;
  }

  private fail(): false {
    this.failed = true;
    forgetSourceText(this.index.doc);
    return false;
  }

  /**
   * The sticky expression for a usual row from its start tag: its cells up to the last wanted position, each wanted
   * one captured, and with `toEnd` the rest of its cells, its end tag and the text up to the next markup. In a row it
   * matches, every `<` is the row's, a cell's or an original's.
   */
  private shape(positions: readonly number[], toEnd: boolean): RegExp {
    const key = positions.join(',') + (toEnd ? '$' : '');
    let shape = this.shapes.get(key);
    if (!shape) {
      const { row, cell, other } = this.parts;
      const last = Math.max(0, ...positions);
      let source = row;
      for (let n = 1; n <= last; n++) source += other + (positions.includes(n) ? `(${cell})` : `(?:${cell})`);
      if (toEnd) source += `(?:${other}(?:${cell}))*${other}</[^>]*>[^<]*`;
      shape = new RegExp(source, 'y');
      this.shapes.set(key, shape);
    }
    return shape;
  }

  /** Reads one row; returns the offset of the next row's start tag (or of the `wrs:Data` end tag), -1 on failure. */
  private readRow(r: number, rows: readonly Element[], positions: readonly number[], groups: readonly number[], outs: readonly (string | null)[][]): number {
    const text = this.text;
    const at = this.starts[r];
    const endKnown = r < this.known;
    const shape = this.shape(positions, !endKnown);
    shape.lastIndex = at;
    const match = shape.exec(text);
    let next: number;
    if (match !== null) {
      for (let k = 0; k < groups.length; k++) outs[k][r] = this.cellValueOf(match[groups[k]]);
      if (endKnown) return this.starts[r + 1];
      next = shape.lastIndex;
      const c = text.charCodeAt(next + 1);
      if (text.charCodeAt(next) !== LT || c === 33 || c === 63) next = nextMarkup(text, next);
    } else {
      if (at < 0 || text.charCodeAt(at) !== LT || text.charCodeAt(at + 1) === SLASH) return -1;
      const tagEnd = startTagEnd(text, at);
      if (tagEnd < 0) return -1;
      // A row of another shape, an empty one or one shorter than the positions: its cells come from the DOM.
      for (let k = 0; k < positions.length; k++) outs[k][r] = domValue(rows[r], positions[k]);
      if (endKnown) return this.starts[r + 1];
      const end = text.charCodeAt(tagEnd - 2) === SLASH ? tagEnd : skipElement(text, at);
      if (end < 0) return -1;
      next = nextMarkup(text, end);
    }
    if (next < 0) return -1;
    if (r + 1 === this.rowCount ? !text.startsWith(this.dataClose, next) : text.charCodeAt(next + 1) === SLASH) return -1;
    this.starts[r + 1] = next;
    this.known = r + 1;
    return next;
  }

  /** The value of a matched cell: null for `wrs:null`, its text otherwise. */
  private cellValueOf(cell: string): string | null {
    if (cell.length === this.cellEmpty.length && cell === this.cellEmpty) return '';
    if (cell.length === this.nullCell.length && cell === this.nullCell) return null;
    const raw = cell.slice(this.cellOpenLength, cell.length - this.cellCloseLength);
    return this.decodes ? decodeXmlText(raw) : raw;
  }

  private sameId(rows: readonly Element[], r: number): boolean {
    const at = this.starts[r];
    const tag = this.text.slice(at, startTagEnd(this.text, at));
    const found = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tag);
    const id = found ? decodeXmlText(found[1] ?? found[2]) : null;
    return id === rows[r].getAttribute('id');
  }
}

/** The value of the `pos`-th `wrs:C` of a row of another shape, found by walking it (no guess from the row's shape). */
function domValue(row: Element, pos: number): string | null {
  let n = 0;
  for (let c = row.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === ELEMENT_NODE && (c as Element).localName === 'C' && (c as Element).namespaceURI === NS.wrs && ++n === pos) {
      return cellValue(c as Element);
    }
  }
  return null;
}

/**
 * The offset after the start tag of `data` (an element child of `root`, the document element) in the text, or -1:
 * the prolog and `root`'s other children are stepped over, and `data` is the child at its element position.
 */
export function dataContentStart(text: string, root: Element, data: Element): number {
  let position = 0;
  for (let c = root.firstChild; c && c !== data; c = c.nextSibling) if (c.nodeType === ELEMENT_NODE) position++;
  // The prolog: declaration, comments, processing instructions (a DOCTYPE is refused before parsing).
  let i = nextMarkup(text, 0);
  if (i < 0 || !text.startsWith(root.nodeName, i + 1)) return -1;
  i = startTagEnd(text, i);
  let seen = 0;
  for (;;) {
    if (i < 0) return -1;
    i = nextMarkup(text, i);
    if (i < 0 || text.charCodeAt(i + 1) === SLASH) return -1;
    if (seen++ < position) i = skipElement(text, i);
    else {
      const name = text.slice(i + 1, nameEnd(text, i + 1));
      const end = startTagEnd(text, i);
      // A self-closing wrs:Data holds no rows; its end offset is then where the (absent) rows would end.
      return name === data.nodeName && end > 0 && text.charCodeAt(end - 2) !== SLASH ? end : -1;
    }
  }
}
