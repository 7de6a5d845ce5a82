/**
 * A document's text cut around its root element's content: `head` holds the prolog and the root's start tag,
 * `content` everything between the root's start and end tags, `tail` the end tag. `head + tail` is the same
 * document with an empty root, so the content can be parsed as a fragment in the scope of that root.
 */
export interface RootContentSplit {
  readonly head: string;
  readonly content: string;
  readonly tail: string;
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

function isXmlSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * Cuts `text` where the root's content starts and ends, or returns null where the cut could be wrong or gains
 * nothing: a prolog holding more than white space, PIs and comments (a DOCTYPE, a byte order mark, stray text), an
 * empty or self-closed root, or anything after the root's end tag but white space. A caller then parses the text
 * whole. The cut is exact for well-formed text; what is malformed stays malformed in one of the parts.
 */
export function splitAtRootContent(text: string): RootContentSplit | null {
  const n = text.length;
  let i = 0;
  for (;;) {
    while (i < n && isXmlSpace(text.charCodeAt(i))) i++;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) return null;
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return null;
      i = end + 3;
    } else break;
  }
  if (text.charCodeAt(i) !== LT) return null;
  let j = i + 1;
  while (j < n) {
    const c = text.charCodeAt(j);
    if (isXmlSpace(c) || c === GT || c === SLASH) break;
    j++;
  }
  const rootName = text.slice(i + 1, j);
  if (rootName === '' || rootName.startsWith('!')) return null;
  // The start tag ends at the first '>' outside an attribute value (values may hold '>', never '<').
  let quote = 0;
  for (; j < n; j++) {
    const c = text.charCodeAt(j);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === QUOTE || c === APOSTROPHE) quote = c;
    else if (c === GT) break;
    else if (c === LT) return null;
  }
  if (j >= n || text.charCodeAt(j - 1) === SLASH) return null;
  const contentStart = j + 1;
  const closing = `</${rootName}`;
  const contentEnd = text.lastIndexOf(closing);
  if (contentEnd <= contentStart) return null;
  let k = contentEnd + closing.length;
  while (k < n && isXmlSpace(text.charCodeAt(k))) k++;
  if (text.charCodeAt(k) !== GT) return null;
  for (k++; k < n; k++) if (!isXmlSpace(text.charCodeAt(k))) return null;
  return { head: text.slice(0, contentStart), content: text.slice(contentStart, contentEnd), tail: text.slice(contentEnd) };
}

const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const BANG = 0x21;
const QUESTION = 0x3f;

/**
 * How many elements Blink's fragment parser must build from this content, in a root that declares `prefixes`
 * (each for a different namespace), for its result to be what its document parser builds; -1 where the fragment
 * parser is not to be used. It is laxer than the document parser in ways found by differential fuzzing, guarded here:
 * - an element of an undeclared prefix or of a name with two colons, and a declaration binding a prefix to "",
 *   pass: content holding `xmlns`, or a tag name other than `declared-prefix:local-name` or unprefixed, is not taken;
 * - XHTML `html`, `head` and `body` elements are dropped: nothing naming the XHTML namespace is taken;
 * - an end tag without its start tag (`<w:b/></w:c><w:e/>`) ends the parse without an error, dropping the rest:
 *   start tags must balance end tags and self-closing tags in the text, and the caller compares the elements built
 *   with the start tags counted. Markup-like text in CDATA, comments or PIs makes the counts disagree: not taken.
 * Errors it does raise (an undeclared attribute prefix, a duplicate attribute, whatever is not well-formed) need no
 * check here.
 */
export function expectedFragmentElements(split: RootContentSplit, prefixes: readonly string[]): number {
  const { head, content } = split;
  if (content.includes('xmlns') || head.includes(XHTML_NAMESPACE)) return -1;
  const declared = prefixes.map((p) => p.replace(/[.\\-]/g, '\\$&')).join('|');
  // A tag whose name holds a colon, unless it is one declared prefix, a colon and a non-empty local name without one.
  // XML white space only: JavaScript's \\s also takes U+1680 and U+FEFF, which are name characters in XML.
  const badName = new RegExp(`<\\/?${declared ? `(?!(?:${declared}):[^ \\t\\r\\n>/:]+[ \\t\\r\\n>/])` : ''}[^ \\t\\r\\n>/!?]*:`);
  if (badName.test(content)) return -1;
  let starts = 0;
  let ends = 0;
  for (let i = content.indexOf('<'); i >= 0; i = content.indexOf('<', i + 1)) {
    const next = content.charCodeAt(i + 1);
    if (next === SLASH) ends++;
    else if (next !== BANG && next !== QUESTION) starts++;
  }
  let selfClosing = 0;
  for (let i = content.indexOf('/>'); i >= 0; i = content.indexOf('/>', i + 2)) selfClosing++;
  return starts === ends + selfClosing ? starts : -1;
}
