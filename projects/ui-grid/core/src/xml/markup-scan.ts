/**
 * Steps through XML text without parsing it: tags, comments, processing instructions and CDATA sections found by
 * offset. For text a parser has taken or will take: nothing here checks well-formedness.
 */

const GT = 62;
const SLASH = 47;
const QUOT = 34;
const APOS = 39;

/** The next element tag (start or end) from `from`, stepping over text, comments and processing instructions; or -1. */
export function nextMarkup(text: string, from: number): number {
  let i = from;
  for (;;) {
    i = text.indexOf('<', i);
    if (i < 0) return -1;
    const c = text.charCodeAt(i + 1);
    if (c === 63) i = after(text, '?>', i + 2);
    else if (text.startsWith('<!--', i)) i = after(text, '-->', i + 4);
    else if (text.startsWith('<![CDATA[', i)) i = after(text, ']]>', i + 9);
    else return i;
    if (i < 0) return -1;
  }
}

/** Text between tags as an XML parser delivers it: line ends normalized (XML 1.0 section 2.11), references resolved. */
export function decodeXmlText(raw: string): string {
  let text = raw.indexOf('\r') < 0 ? raw : raw.replace(/\r\n?/g, '\n');
  if (text.indexOf('&') >= 0) text = text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (_, ref: string) => resolveReference(ref));
  return text;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function resolveReference(ref: string): string {
  if (ref.charCodeAt(0) !== 35) return PREDEFINED[ref];
  const code = ref.charCodeAt(1) === 120 ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
  return String.fromCodePoint(code);
}

/** The end of an element name starting at `at`. */
export function nameEnd(text: string, at: number): number {
  let i = at;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === GT || c === SLASH || c === 32 || c === 9 || c === 10 || c === 13 || Number.isNaN(c)) return i;
    i++;
  }
}

/** The offset after the `>` of the start tag at `at` (quoted attribute values may hold `>`), or -1. */
export function startTagEnd(text: string, at: number): number {
  let quote = 0;
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === QUOT || c === APOS) quote = c;
    else if (c === GT) return i + 1;
  }
  return -1;
}

/**
 * The offset after the element whose start tag is at `at`, or -1. Comments, CDATA sections and processing
 * instructions are stepped over whole, so markup-like text inside them does not count.
 */
export function skipElement(text: string, at: number): number {
  let depth = 0;
  let i = at;
  for (;;) {
    i = nextMarkup(text, i);
    if (i < 0) return -1;
    if (text.charCodeAt(i + 1) === SLASH) {
      i = after(text, '>', i + 2);
      if (i < 0 || --depth === 0) return i;
    } else {
      const end = startTagEnd(text, i);
      if (end < 0) return -1;
      if (text.charCodeAt(end - 2) !== SLASH) depth++;
      else if (depth === 0) return end;
      i = end;
    }
  }
}

export function after(text: string, token: string, from: number): number {
  const at = text.indexOf(token, from);
  return at < 0 ? -1 : at + token.length;
}

