import { decodeXmlText, startTagEnd } from '../xml/markup-scan';

/**
 * A row of the usual shape as its parts: the text before each cell or original and after the last (decoded), which
 * of them is a `wrs:C` and which a `wrs:O`, and their values.
 */
export interface CellLayout {
  readonly gaps: string[];
  /** 'C' or 'O' per cell or original, in order. */
  readonly kinds: string;
  readonly values: (string | null)[];
}

/**
 * Cells cut from the text of a row of the usual shape: `<p:C>text</p:C>`, `<p:C/>` or `<p:C><p:null/></p:C>`, each
 * optionally followed by its `wrs:O` of the same forms, with only text between them. A row of any other shape (a
 * comment, CDATA or markup in it, a cell with attributes) is not read here: the caller reads its element.
 */
export class RowCells {
  /**
   * One cell or original: 1 the text before it, 2 its name, 3 its text, 4 set for an empty element; neither 3 nor
   * 4 for `wrs:null`.
   */
  private readonly token: RegExp;
  /** Cells of the usual shape and the text between them, no original: a whole row of them runs to its end tag. */
  private readonly onlyCellsRun: RegExp;

  constructor(private readonly text: string, prefix: string) {
    const p = prefix ? prefix.replace(/[.\-]/g, '\\$&') + ':' : '';
    this.token = new RegExp(`([^<]*)<${p}([CO])(?:>([^<]*)</${p}\\2>|(/>)|><${p}null/></${p}\\2>)`, 'y');
    this.onlyCellsRun = new RegExp(`(?:[^<]*<${p}C(?:>[^<]*</${p}C>|/>|><${p}null/></${p}C>))*[^<]*`, 'y');
  }

  /**
   * True when the row at [start, end) is of the usual shape with no `wrs:O` in it (what `layout` reads with only
   * 'C' kinds), told without cutting its values.
   */
  onlyCells(start: number, end: number): boolean {
    const at = startTagEnd(this.text, start);
    if (at === end) return true;
    const run = this.onlyCellsRun;
    run.lastIndex = at;
    run.test(this.text);
    return run.lastIndex === this.text.lastIndexOf('</', end - 1);
  }

  /**
   * The value of the `pos`-th cell (1-based) of the row at [start, end), or with `original` of the `wrs:O` right
   * after it: text, null for `wrs:null` or where there is none; undefined when the row is not of the usual shape.
   */
  read(start: number, end: number, pos: number, original: boolean): string | null | undefined {
    const text = this.text;
    let at = startTagEnd(text, start);
    if (at === end) return null;
    const token = this.token;
    let n = 0;
    let wanted = false;
    for (;;) {
      token.lastIndex = at;
      const m = token.exec(text);
      if (m === null || token.lastIndex > end) {
        // Only text left before the row's end tag: there is no such cell. Anything else: another shape.
        return text.indexOf('<', at) === text.lastIndexOf('</', end - 1) ? null : undefined;
      }
      at = token.lastIndex;
      const isCell = m[2] === 'C';
      if (wanted) return isCell ? null : valueOf(m);
      if (!isCell) continue;
      if (++n === pos) {
        if (!original) return valueOf(m);
        wanted = true;
      }
    }
  }

  /**
   * The value of the `pos`-th cell (1-based) of an R row at [start, end) read as a write reads it: undefined when
   * the row has no such cell or is not of the usual shape up to it (an original in it included).
   */
  cell(start: number, end: number, pos: number): string | null | undefined {
    const text = this.text;
    let at = startTagEnd(text, start);
    const token = this.token;
    for (let n = 1; at < end; n++) {
      token.lastIndex = at;
      const m = token.exec(text);
      if (m === null || token.lastIndex > end || m[2] !== 'C') return undefined;
      if (n === pos) return valueOf(m);
      at = token.lastIndex;
    }
    return undefined;
  }

  /** All cells and originals of the row at [start, end) with the text between them; undefined for another shape. */
  layout(start: number, end: number): CellLayout | undefined {
    const text = this.text;
    let at = startTagEnd(text, start);
    const gaps: string[] = [];
    const values: (string | null)[] = [];
    let kinds = '';
    if (at === end) return { gaps: [''], kinds, values };
    const token = this.token;
    for (;;) {
      token.lastIndex = at;
      const m = token.exec(text);
      if (m === null || token.lastIndex > end) {
        const close = text.lastIndexOf('</', end - 1);
        if (text.indexOf('<', at) !== close) return undefined;
        gaps.push(decodeXmlText(text.slice(at, close)));
        return { gaps, kinds, values };
      }
      gaps.push(m[1] === '' ? '' : decodeXmlText(m[1]));
      kinds += m[2];
      values.push(valueOf(m));
      at = token.lastIndex;
    }
  }
}

function valueOf(m: RegExpExecArray): string | null {
  if (m[3] !== undefined) return decodeXmlText(m[3]);
  return m[4] !== undefined ? '' : null;
}
