import { skipElement } from '../xml/markup-scan';
import { DataSpan } from './row-scan';

/** Characters XML allows in text, less the ones that start markup or may end a CDATA section (`]]>`). */
const CHAR = '[^<&\\]\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\uD800-\\uDFFF\\uFFFE\\uFFFF]';
const ENTITY = '&(?:lt|gt|amp|quot|apos);';
/** Character data: any allowed characters and the predefined entities, never `]]>`. */
const TEXT = `${CHAR}*(?:(?:${ENTITY}|\\](?!\\]>))${CHAR}*)*`;
const WS = '[ \\t\\r\\n]';
const quoted = (q: string): string => {
  const ch = `[^<&${q}\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\uD800-\\uDFFF\\uFFFE\\uFFFF]`;
  return `${q}${ch}*(?:${ENTITY}${ch}*)*${q}`;
};
/** Attributes without a prefix (a prefixed one may name an undeclared prefix: parsed). */
const ATTRIBUTES = `(?:${WS}+[A-Za-z_][\\w.\\-]*${WS}*=${WS}*(?:${quoted('"')}|${quoted("'")}))*`;
const ATTRIBUTE_NAME = /[ \t\r\n]([A-Za-z_][\w.\-]*)[ \t\r\n]*=/g;

/**
 * Checks that the content of `wrs:Data` in a Wrs text is well-formed without building it: the check a parse makes, so
 * that a store can be ready before (or without) its document. Rows of the usual shape (a start tag with plain
 * attributes; `wrs:C` and `wrs:O` of text, empty or `wrs:null`; text between them) are matched by one pattern; what
 * the pattern does not take (comments, CDATA, other markup, character references, rows of other shapes) is parsed
 * alone, as building it would. Resumable, like the scan: `run` stops at its deadline and goes on from there.
 */
export class RowCheck {
  private at: number;
  private readonly text: RegExp;
  private readonly row: RegExp;
  private done = false;

  /** `parse` parses a piece of `wrs:Data`'s content in its scope and throws the parser's error for malformed text. */
  constructor(private readonly source: string, private readonly span: DataSpan, private readonly parse: (piece: string) => void) {
    this.at = span.contentStart;
    const p = span.prefix ? span.prefix.replace(/[.\-]/g, '\\$&') + ':' : '';
    const cell = `<${p}(?<cell>[CO])(?:\\/>|><${p}null\\/><\\/${p}\\k<cell>>|>${TEXT}<\\/${p}\\k<cell>>)`;
    this.text = new RegExp(TEXT, 'y');
    this.row = new RegExp(`<${p}(?<row>[RIMD])(?<attributes>${ATTRIBUTES})${WS}*(?:\\/>|>${TEXT}(?:${cell}${TEXT})*<\\/${p}\\k<row>>)`, 'y');
  }

  /** True once all of `wrs:Data`'s content was found well-formed. */
  get checked(): boolean {
    return this.done;
  }

  /**
   * Checks content until `deadline` (a `performance.now()` value); true when all is checked. Malformed content raises
   * the parser's XML_PARSE error.
   */
  run(deadline = Infinity): boolean {
    const { source, span } = this;
    let n = 0;
    while (!this.done) {
      if ((++n & 255) === 0 && now() > deadline) return false;
      this.text.lastIndex = this.at;
      this.text.exec(source);
      this.at = this.text.lastIndex;
      if (this.at >= span.contentEnd) {
        this.done = true;
        break;
      }
      if (source.charCodeAt(this.at) !== 60) {
        // A character the pattern does not take (a character reference, `]]>`, one XML refuses): the parser decides.
        this.parsePiece(this.at, this.textEnd(this.at));
        continue;
      }
      this.row.lastIndex = this.at;
      const m = this.row.exec(source);
      if (m && this.row.lastIndex <= span.contentEnd && distinctAttributes(m.groups!['attributes'])) this.at = this.row.lastIndex;
      else this.parsePiece(this.at, this.markupEnd(this.at));
    }
    return true;
  }

  private parsePiece(from: number, to: number): void {
    this.parse(this.source.slice(from, to));
    this.at = to;
  }

  /** Where the text at `at` ends: the next markup or the end of the content. */
  private textEnd(at: number): number {
    const next = this.source.indexOf('<', at);
    return next < 0 || next > this.span.contentEnd ? this.span.contentEnd : next;
  }

  /** Where the markup at `at` ends (an element, a comment, a processing instruction or CDATA), or the content's end. */
  private markupEnd(at: number): number {
    const { source } = this;
    const close = (token: string): number => {
      const i = source.indexOf(token, at + 2);
      return i < 0 ? -1 : i + token.length;
    };
    let end: number;
    if (source.startsWith('<!--', at)) end = close('-->');
    else if (source.startsWith('<![CDATA[', at)) end = close(']]>');
    else if (source.startsWith('<?', at)) end = close('?>');
    else end = skipElement(source, at);
    return end < 0 || end > this.span.contentEnd ? this.span.contentEnd : end;
  }
}

/** True when no attribute name of a start tag's attribute text repeats (a parser refuses a repeated one). */
function distinctAttributes(attributes: string): boolean {
  if (attributes.indexOf('=') === attributes.lastIndexOf('=')) return true;
  const names = new Set<string>();
  for (const m of attributes.matchAll(ATTRIBUTE_NAME)) {
    if (names.has(m[1])) return false;
    names.add(m[1]);
  }
  return true;
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());
