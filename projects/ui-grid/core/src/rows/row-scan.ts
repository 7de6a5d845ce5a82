import { WrsError } from '../errors';
import { NS } from '../xml/namespaces';
import { decodeXmlText, nameEnd, nextMarkup, skipElement, startTagEnd } from '../xml/markup-scan';

/** Where `wrs:Data` stands in a Wrs text, found without parsing it. */
export interface DataSpan {
  /** The root's start tag, and `wrs:Data`'s: together they give the namespace scope of the rows. */
  readonly rootTag: string;
  readonly dataTag: string;
  /** Qualified names of the root and of `wrs:Data` as written. */
  readonly rootName: string;
  readonly dataName: string;
  /** The prefix rows of the usual shape carry: `wrs:Data`'s own (`''` when it has none). */
  readonly prefix: string;
  /** The text between the `wrs:Data` tags: [contentStart, contentEnd). */
  readonly contentStart: number;
  readonly contentEnd: number;
  /** Prefix -> namespace declared on the root and `wrs:Data` tags (`''` for the default namespace). */
  readonly scope: ReadonlyMap<string, string>;
}

/** State codes of entries: the row's element name, OTHER for a row of another name or namespace. */
export const STATE_CODES = { R: 1, I: 2, M: 3, D: 4 } as const;
export const OTHER = 5;
export const STATE_NAMES = ['', 'R', 'I', 'M', 'D', ''] as const;

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** An attribute value as a parser gives it: white space characters normalized to spaces, then references resolved. */
/** What `attributeValue` changes: a reference, or white space it normalizes. */
const NEEDS_DECODING = /[&\r\n\t]/;

export function attributeValue(raw: string): string {
  return decodeXmlText(raw.replace(/\r\n?|[\t\n]/g, ' '));
}

/** The attributes of a start tag, name -> value as written (not yet decoded). */
export function attributesOf(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(ATTRIBUTE)) out.set(m[1], m[2] ?? m[3]);
  return out;
}

/** Adds the namespace declarations of a start tag to a scope. */
function declare(tag: string, scope: Map<string, string>): void {
  for (const [name, value] of attributesOf(tag)) {
    if (name === 'xmlns') scope.set('', attributeValue(value));
    else if (name.startsWith('xmlns:')) scope.set(name.slice(6), attributeValue(value));
  }
}

function prefixOf(qname: string): string {
  const colon = qname.indexOf(':');
  return colon < 0 ? '' : qname.slice(0, colon);
}

/**
 * Finds `wrs:Data` in the text of a `wrs:Wrs` document: the root's element children are stepped over until one is
 * `Data` in the Wrs namespace. Null when the root is no `wrs:Wrs`, there is no `wrs:Data` with content, or the text
 * cannot be read so (the caller then parses the text whole, which also reports what is malformed).
 */
export function findData(text: string): DataSpan | null {
  const rootAt = nextMarkup(text, 0);
  if (rootAt < 0 || text.charCodeAt(rootAt + 1) === 47 || text.startsWith('<!', rootAt)) return null;
  const rootEnd = startTagEnd(text, rootAt);
  if (rootEnd < 0 || text.charCodeAt(rootEnd - 2) === 47) return null;
  const rootTag = text.slice(rootAt, rootEnd);
  const rootName = text.slice(rootAt + 1, nameEnd(text, rootAt + 1));
  const rootScope = new Map<string, string>();
  declare(rootTag, rootScope);
  if (rootScope.get(prefixOf(rootName)) !== NS.wrs || rootName.slice(rootName.indexOf(':') + 1) !== 'Wrs') return null;
  let i = rootEnd;
  for (;;) {
    i = nextMarkup(text, i);
    if (i < 0 || text.charCodeAt(i + 1) === 47) return null;
    const name = text.slice(i + 1, nameEnd(text, i + 1));
    const end = startTagEnd(text, i);
    if (end < 0) return null;
    const tag = text.slice(i, end);
    const scope = new Map(rootScope);
    declare(tag, scope);
    if (name.slice(name.indexOf(':') + 1) === 'Data' && scope.get(prefixOf(name)) === NS.wrs) {
      if (text.charCodeAt(end - 2) === 47) return null;
      // Checked when the scan of the rows reaches it: the end tag a parser would match is where the rows end.
      const contentEnd = text.lastIndexOf(`</${name}`);
      if (contentEnd < end) return null;
      const prefix = prefixOf(name);
      return { rootTag, dataTag: tag, rootName, dataName: name, prefix, contentStart: end, contentEnd, scope };
    }
    i = skipElement(text, i);
  }
}

/**
 * The rows of `wrs:Data` found in its text: where each starts and ends, its state and where its id is. Resumable:
 * `scan` reads rows until its budget is spent and goes on from there on the next call. A row is a span of text to
 * this scan, whatever it holds; only the usual start tag (the `wrs:Data` prefix, no declarations) gives a state.
 */
export class RowScan {
  starts = new Int32Array(1024);
  ends = new Int32Array(1024);
  states = new Uint8Array(1024);
  /** Offsets of the raw id value in the text, -1 without an id. */
  idStarts = new Int32Array(1024);
  idEnds = new Int32Array(1024);
  count = 0;
  private at: number;
  private ended = false;
  private readonly rowPattern: RegExp;
  private readonly odd: RegExp;

  constructor(readonly text: string, readonly span: DataSpan) {
    this.at = span.contentStart;
    const p = span.prefix ? span.prefix.replace(/[.\-]/g, '\\$&') + ':' : '';
    // A usual row's start tag: its state from the name, no namespace declaration among its attributes.
    this.rowPattern = new RegExp(`^<${p}([RIMD])[\\s/>]`);
    // Inside a row, what the quick search for its end tag cannot step over: markup that may hide tags, a nested row.
    this.odd = new RegExp(`<[!?]|<${p}[RIMD][\\s/>]`);
  }

  /** True when every row has been read and the end of `wrs:Data` was where `findData` put it. */
  get done(): boolean {
    return this.ended;
  }

  /**
   * Reads rows until `deadline` (a `performance.now()` value) passes, `count` rows are known, or all are read;
   * checks the clock every 256 rows. Throws ScanError when the text is not what `findData` took it for. True when
   * all rows are read.
   */
  scan(deadline = Infinity, count = Infinity): boolean {
    const text = this.text;
    let n = 0;
    while (!this.ended) {
      if (this.count >= count || ((++n & 255) === 0 && now() > deadline)) return false;
      const at = nextMarkup(text, this.at);
      if (at < 0) throw new ScanError(this.at);
      if (text.charCodeAt(at + 1) === 47) {
        if (at !== this.span.contentEnd) throw new ScanError(at);
        this.ended = true;
        break;
      }
      this.readRow(at);
    }
    return true;
  }

  private readRow(at: number): void {
    const text = this.text;
    const tagEnd = startTagEnd(text, at);
    if (tagEnd < 0) throw new ScanError(at);
    const tag = text.slice(at, tagEnd);
    const usual = this.rowPattern.exec(tag);
    const state = usual && !tag.includes('xmlns') ? STATE_CODES[usual[1] as 'R'] : OTHER;
    let end = -1;
    if (text.charCodeAt(tagEnd - 2) === 47) end = tagEnd;
    else if (state !== OTHER) {
      const close = `</${tag.slice(1, nameEnd(tag, 1))}>`;
      const found = text.indexOf(close, tagEnd);
      if (found >= 0 && !this.odd.test(text.slice(tagEnd, found))) end = found + close.length;
    }
    if (end < 0) end = skipElement(text, at);
    if (end < 0) throw new ScanError(at);
    this.push(at, end, state, tag);
    this.at = end;
  }

  private push(start: number, end: number, state: number, tag: string): void {
    if (this.count === this.starts.length) this.grow();
    const r = this.count++;
    this.starts[r] = start;
    this.ends[r] = end;
    this.states[r] = state;
    this.idStarts[r] = -1;
    this.idEnds[r] = -1;
    // Attribute by attribute from the tag's start: text like ` id="x"` inside another attribute's value is no id.
    for (const m of tag.matchAll(ATTRIBUTE)) {
      if (m[1] !== 'id') continue;
      const valueEnd = start + m.index + m[0].length - 1;
      this.idStarts[r] = valueEnd - (m[2] ?? m[3]).length;
      this.idEnds[r] = valueEnd;
      break;
    }
  }

  private grow(): void {
    const size = this.starts.length * 2;
    const grown = <T extends Int32Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.starts = grown(this.starts);
    this.ends = grown(this.ends);
    this.states = grown(this.states);
    this.idStarts = grown(this.idStarts);
    this.idEnds = grown(this.idEnds);
  }

  /** Takes entry `r` out (its row was removed); the entries after it move up. */
  remove(r: number): void {
    for (const a of [this.starts, this.ends, this.states, this.idStarts, this.idEnds]) a.copyWithin(r, r + 1, this.count);
    this.count--;
  }

  /** Takes out the entries at the ascending positions `rs` in one pass; the entries after them move up. */
  removeAll(rs: readonly number[]): void {
    if (rs.length === 0) return;
    const arrays = [this.starts, this.ends, this.states, this.idStarts, this.idEnds];
    let to = rs[0];
    for (let k = 0; k < rs.length; k++) {
      const from = rs[k] + 1;
      const until = k + 1 < rs.length ? rs[k + 1] : this.count;
      for (const a of arrays) a.copyWithin(to, from, until);
      to += until - from;
    }
    this.count -= rs.length;
  }

  /** Makes room for `n` entries without text at `r` (new rows): the entries from `r` on move down. */
  insertAt(r: number, n: number): void {
    while (this.count + n > this.starts.length) this.grow();
    for (const a of [this.starts, this.ends, this.states, this.idStarts, this.idEnds]) a.copyWithin(r + n, r, this.count);
    for (const a of [this.starts, this.ends, this.idStarts, this.idEnds]) a.fill(-1, r, r + n);
    this.states.fill(STATE_CODES.I, r, r + n);
    this.count += n;
  }

  /** The id of row `r` as a parser gives it, or null. */
  idOf(r: number): string | null {
    const from = this.idStarts[r];
    if (from < 0) return null;
    const raw = this.text.slice(from, this.idEnds[r]);
    // Most ids hold no reference and no white space to normalize: read as written (a change set reads thousands).
    return NEEDS_DECODING.test(raw) ? attributeValue(raw) : raw;
  }
}

/**
 * The text is not the Wrs `findData` took it for: no row where one should be, or the rows end elsewhere. A WrsError of
 * code WRS_SCAN whose `input` (and `details.offset`) is the offset in the text where the scan stopped; the text is
 * well-formed there, so a whole parse reads it.
 */
export class ScanError extends WrsError {
  constructor(readonly offset: number) {
    super('WRS_SCAN', `Wrs rows cannot be read as rows at offset ${offset}: parse the text whole`, offset, { offset });
  }
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());
