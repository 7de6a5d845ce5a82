import { DOMImplementation, DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { XmlDomImplementation, xmlParseError } from 'ngx-wrs-grid/core';

type Locator = { lineNumber?: number; columnNumber?: number };

const serializer = new XMLSerializer();

// Characters XML 1.0 does not allow (Char production), raw or as character references; browsers refuse them and
// @xmldom/xmldom does not, so both DOMs agree on what is XML.
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const FORBIDDEN_REFERENCE = /&#(?:x0*(?:[0-8bcef]|1[0-9a-f]|fffe|ffff)|0*(?:[0-8]|1[124-9]|2[0-9]|3[01]|65534|65535));/i;

function lineAndColumn(text: string, at: number): Locator {
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return { lineNumber: line, columnNumber: at - before.lastIndexOf('\n') };
}

// XML 1.0 line ends, as browsers read them: only CR LF and a lone CR become LF. @xmldom/xmldom's default follows
// XML 1.1 and turns U+0085, U+2028 and U+2029 into LF too, so text holding them would change on its way through Node.
const xml10LineEndings = (text: string): string => text.replace(/\r\n?/g, '\n');

/** Deepest nesting of elements that declare namespaces that the parser is given. */
const MAX_NAMESPACE_SCOPE_DEPTH = 1000;

/**
 * Where namespace-declaring elements first nest deeper than MAX_NAMESPACE_SCOPE_DEPTH, or -1. @xmldom/xmldom chains
 * each declaring element's prefix map onto its parent's and looks every element's prefix up along that chain: n such
 * elements nested cost n² (40,000 of them, under 1 MB, block the process for about 20 s). One pass over the start
 * and end tags; comments, CDATA and processing instructions are stepped over, quoted attribute values may hold `>`.
 */
function namespaceScopeTooDeep(text: string): number {
  const declaring: boolean[] = [];
  let depth = 0;
  let xmlns = text.indexOf('xmlns');
  for (let i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i)) {
    const next = text.charCodeAt(i + 1);
    if (next === 0x21 /* ! */) {
      i = text.startsWith('<!--', i) ? past(text, '-->', i) : text.startsWith('<![CDATA[', i) ? past(text, ']]>', i) : past(text, '>', i);
    } else if (next === 0x3f /* ? */) i = past(text, '?>', i);
    else if (next === 0x2f /* / */) {
      if (declaring.pop()) depth--;
      i = past(text, '>', i);
    } else {
      let j = i + 1;
      for (let quote = 0; j < text.length; j++) {
        const ch = text.charCodeAt(j);
        if (quote) {
          if (ch === quote) quote = 0;
        } else if (ch === 0x22 || ch === 0x27) quote = ch;
        else if (ch === 0x3e /* > */) break;
      }
      // `xmlns` is looked for from where the last search ended, so the whole scan stays one pass.
      if (xmlns >= 0 && xmlns < i) xmlns = text.indexOf('xmlns', i);
      let declares = false;
      for (; xmlns >= 0 && xmlns < j; xmlns = text.indexOf('xmlns', xmlns + 5)) {
        if (/\s/.test(text[xmlns - 1]) && /[\s:=]/.test(text[xmlns + 5])) declares = true;
      }
      if (text.charCodeAt(j - 1) !== 0x2f /* / */) {
        declaring.push(declares);
        if (declares && ++depth > MAX_NAMESPACE_SCOPE_DEPTH) return i;
      }
      i = j + 1;
    }
  }
  return -1;
}

/** The index after the first `end` from `from`, or the text's length. */
function past(text: string, end: string, from: number): number {
  const at = text.indexOf(end, from);
  return at < 0 ? text.length : at + end.length;
}

type Linked = { ownerDocument: Document; parentNode: Node | null; previousSibling: Node | null; nextSibling: Node | null; firstChild: Node | null; lastChild: Node | null };

/** Gives a node, its attributes and its descendants `doc` as their owner: what `importNode` stamps on its copies. */
function own(node: Node, doc: Document): void {
  (node as unknown as Linked).ownerDocument = doc;
  const attributes = (node as Element).attributes;
  if (node.nodeType === 1 && attributes) for (let i = 0; i < attributes.length; i++) own(attributes[i], doc);
  for (let child = node.firstChild; child; child = child.nextSibling) own(child, doc);
}

/** @xmldom/xmldom as the library's DOM where there is no browser DOM (Node). */
export const xmldomImplementation: XmlDomImplementation = {
  name: 'xmldom',
  parse(text) {
    const bad = FORBIDDEN_CHAR.exec(text) ?? FORBIDDEN_REFERENCE.exec(text);
    if (bad) {
      const where = lineAndColumn(text, bad.index);
      const shown = bad[0].length === 1 ? `U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : bad[0];
      throw xmlParseError(text, `character ${shown} is not allowed in XML`, where.lineNumber, where.columnNumber);
    }
    const tooDeep = namespaceScopeTooDeep(text);
    if (tooDeep >= 0) {
      const at = lineAndColumn(text, tooDeep);
      throw xmlParseError(text, `namespace declarations nested deeper than ${MAX_NAMESPACE_SCOPE_DEPTH} elements are refused`, at.lineNumber, at.columnNumber);
    }
    let failure: string | null = null;
    let where: Locator = {};
    const parser = new DOMParser({
      normalizeLineEndings: xml10LineEndings,
      onError: (level: string, message: string, context?: { locator?: Locator }) => {
        if (level === 'warning' || failure !== null) return;
        failure = message;
        where = { ...context?.locator };
      },
    });
    let doc: Document | undefined;
    try {
      doc = parser.parseFromString(text, 'application/xml') as unknown as Document;
    } catch (e) {
      failure ??= e instanceof Error ? e.message : String(e);
    }
    if (failure !== null || !doc || !doc.documentElement) {
      throw xmlParseError(text, String(failure ?? 'no root element'), where.lineNumber, where.columnNumber);
    }
    return doc;
  },
  serialize: (node) => serializer.serializeToString(node as never),
  createDocument: () => new DOMImplementation().createDocument(null, '', null) as unknown as Document,
  // @xmldom/xmldom has no adoptNode, and its removeChild re-indexes all of a parent's children each time: the
  // children are unlinked from a parent that is dropped anyway, and owned by `doc`, in one pass. Copying them with
  // importNode would double the cost of building rows from parsed pieces (the row store).
  takeChildren(parent, doc) {
    const nodes: Node[] = [];
    for (let child = parent.firstChild; child; child = child.nextSibling) nodes.push(child);
    const from = parent as unknown as Linked;
    from.firstChild = from.lastChild = null;
    for (const node of nodes) {
      const linked = node as unknown as Linked;
      linked.parentNode = linked.previousSibling = linked.nextSibling = null;
      own(node, doc);
    }
    return nodes;
  },
};
