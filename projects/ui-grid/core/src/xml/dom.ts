import { WrsError } from '../errors';
import { trustedParserInput } from '../trusted-types';
import { NS } from './namespaces';
import { SOURCE_TEXT_MIN_LENGTH, keepSourceText } from './source-text';
import { nodeXmlText } from './xml-text';
import { expectedFragmentElements, splitAtRootContent } from './root-content-split';

/** The DOM implementation the library parses and serializes with. */
export interface XmlDomImplementation {
  readonly name: 'browser' | 'xmldom' | string;
  parse(text: string): Document;
  serialize(node: Node): string;
  createDocument(): Document;
  /**
   * The children of `parent`, a node of a parsed document that the caller drops afterwards, made nodes of `doc` and
   * detached, without copying them. For a DOM without `adoptNode`; absent, the caller imports copies.
   */
  takeChildren?(parent: Node, doc: Document): Node[];
}

const ELEMENT_NODE = 1;
const DOCUMENT_NODE = 9;
const TEXT_NODE = 3;

const XHTML = 'http://www.w3.org/1999/xhtml';
const XMLNS = 'http://www.w3.org/2000/xmlns/';

/**
 * The error element a browser's DOMParser puts into the document it returns for malformed XML: the root itself
 * (Gecko), a child of the root (Blink, WebKit), or a child of the `body` it makes when there is no root. Looked up
 * where browsers put it rather than with `getElementsByTagName`: that would scan the whole document, and the live
 * collection it leaves registered on the document makes every later DOM change in it about 10% dearer in Blink.
 */
function parserError(doc: Document): Element | null {
  const root = doc.documentElement;
  if (!root) return null;
  if (root.localName === 'parsererror') return root;
  for (let child = root.firstElementChild; child; child = child.nextElementSibling) {
    if (child.localName === 'parsererror') return child;
    if (child.localName === 'body' && child.namespaceURI === XHTML) {
      for (let c = child.firstElementChild; c; c = c.nextElementSibling) if (c.localName === 'parsererror') return c;
    }
  }
  return null;
}

/**
 * Blink's DOMParser builds a large document about three times slower than its fragment parser builds the same
 * nodes (100,000 x 20 Wrs: about 7.7 s against 2.3 s). So the browser parses the prolog with the root's start and
 * end tags first, then the root's content as a fragment in the scope of that root. Null where the text cannot be
 * cut so (see `splitAtRootContent`) or either part is malformed: the caller parses the text whole, which also gives
 * malformed text its line and column.
 */
function parseRootContentAsFragment(parser: DOMParser, text: string): Document | null {
  const split = splitAtRootContent(text);
  if (!split) return null;
  const doc = parser.parseFromString(trustedParserInput(split.head + split.tail), 'application/xml');
  const root = doc.documentElement;
  // Blink's fragment parser takes the content of a script or style element as one text node.
  if (!root || parserError(doc) || root.localName === 'script' || root.localName === 'style') return null;
  const prefixes: string[] = [];
  const uris = new Set<string>();
  for (const attribute of Array.from(root.attributes)) {
    // Blink's namespace lookup, which the fragment parser starts from, takes xml:xmlns="u" for a declaration.
    if (attribute.localName === 'xmlns' && attribute.namespaceURI !== XMLNS) return null;
    if (attribute.namespaceURI !== XMLNS) continue;
    // Two prefixes of one namespace would let the fragment parser take an attribute twice (p:x and q:x).
    if (uris.has(attribute.value)) return null;
    uris.add(attribute.value);
    if (attribute.prefix === 'xmlns') prefixes.push(attribute.localName);
  }
  const elements = expectedFragmentElements(split, prefixes);
  if (elements < 0) return null;
  let content: DocumentFragment;
  try {
    const range = doc.createRange();
    range.selectNodeContents(root);
    content = range.createContextualFragment(trustedParserInput(split.content));
  } catch {
    return null;
  }
  if (content.querySelectorAll('*').length !== elements) return null;
  root.appendChild(content);
  return doc;
}

function browserImplementation(): XmlDomImplementation | null {
  const g = globalThis as { DOMParser?: typeof DOMParser; XMLSerializer?: typeof XMLSerializer; document?: Document };
  if (!g.DOMParser || !g.XMLSerializer || !g.document?.implementation) return null;
  const parser = new g.DOMParser();
  const serializer = new g.XMLSerializer();
  return {
    name: 'browser',
    parse(text) {
      const doc = parseRootContentAsFragment(parser, text) ?? parser.parseFromString(trustedParserInput(text), 'application/xml');
      const error = parserError(doc);
      if (error) {
        const message = (error.textContent ?? 'malformed XML').replace(/\s+/g, ' ').trim();
        const where = /line (\d+) at column (\d+)/.exec(message);
        throw xmlParseError(text, message, where ? Number(where[1]) : undefined, where ? Number(where[2]) : undefined);
      }
      return doc;
    },
    serialize: (node) => serializer.serializeToString(node),
    createDocument: () => g.document!.implementation.createDocument(null, null, null),
  };
}

/** The XML_PARSE error a DOM implementation raises for malformed text, with the line and column where known. */
export function xmlParseError(text: string, message: string, line?: number, column?: number): WrsError {
  // Name only what the parser knew, in the message and in details: @xmldom/xmldom reports some errors without a
  // column, or at line 0.
  const known = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
  const where: { line?: number; column?: number } = {};
  if (known(line)) {
    where.line = line;
    if (known(column)) where.column = column;
  }
  const at = where.line ? ` at line ${where.line}${where.column ? `, column ${where.column}` : ''}` : '';
  return new WrsError('XML_PARSE', `Malformed XML${at}: ${message}`, text.length > 200 ? text.slice(0, 200) + '...' : text, where);
}

/** The import that registers a DOM for Node; browsers need none. */
export const XMLDOM_ENTRY_POINT = 'ngx-wrs-grid/core/xmldom';

let override: XmlDomImplementation | null = null;
let registered: XmlDomImplementation | null = null;
let browser: XmlDomImplementation | null | undefined;

/** Replaces the automatic choice (browser DOM where present, the registered one otherwise); null restores it. */
export function setXmlDomImplementation(implementation: XmlDomImplementation | 'browser' | null): void {
  if (implementation === 'browser') {
    override = browserImplementation();
    if (!override) throw new WrsError('INVALID_ARGUMENT', 'No browser DOM in this environment', implementation);
  } else override = implementation;
}

/**
 * Registers the DOM used where there is no browser DOM (Node); `import 'ngx-wrs-grid/core/xmldom'` registers
 * @xmldom/xmldom. Returns the one registered before; null unregisters.
 */
export function registerXmlDomImplementation(implementation: XmlDomImplementation | null): XmlDomImplementation | null {
  const previous = registered;
  registered = implementation;
  return previous;
}

/** The DOM implementation in use; NO_DOM without a browser DOM and without a registered one. */
export function xmlDom(): XmlDomImplementation {
  if (override) return override;
  if (browser === undefined) browser = browserImplementation();
  const implementation = browser ?? registered;
  if (!implementation) {
    throw new WrsError(
      'NO_DOM',
      `No XML DOM in this environment: outside browsers, add \`import '${XMLDOM_ENTRY_POINT}';\` once before using ngx-wrs-grid/core`,
    );
  }
  return implementation;
}

/**
 * Refuses a DOCTYPE before the parser sees it, so no entity is ever expanded. A DOCTYPE can only stand in the prolog,
 * before the first element: the scan steps over PIs and comments there, and over any other character as well, not
 * only XML white space (a parser reading XML 1.1 line ends, as @xmldom/xmldom does by default, would read a DOCTYPE
 * after U+2028 or U+0085).
 */
function assertNoDoctype(text: string): void {
  let i = 0;
  for (;;) {
    const lt = text.indexOf('<', i);
    if (lt < 0) return;
    if (text.startsWith('<?', lt)) {
      const end = text.indexOf('?>', lt + 2);
      if (end < 0) return;
      i = end + 2;
    } else if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      if (end < 0) return;
      i = end + 3;
    } else if (/^<!doctype/i.test(text.slice(lt, lt + 9))) {
      throw new WrsError('XML_DOCTYPE', 'XML with a DOCTYPE is refused (no entity expansion, no external entities)', text.slice(lt, lt + 80));
    } else return;
  }
}

/** Parses XML text into a Document; malformed XML raises WrsError XML_PARSE, a DOCTYPE raises XML_DOCTYPE. */
export function parseXml(text: string): Document {
  if (typeof text !== 'string') throw new WrsError('XML_PARSE', `Expected XML text, got ${typeof text}`, text);
  if (text.trim() === '') throw new WrsError('XML_PARSE', 'Malformed XML: the text is empty', text);
  assertNoDoctype(text);
  const doc = xmlDom().parse(text);
  // However a parser got to one, a document with a DOCTYPE is not taken.
  if (doc.doctype) throw new WrsError('XML_DOCTYPE', 'XML with a DOCTYPE is refused (no entity expansion, no external entities)', text.slice(0, 80));
  // A large Wrs keeps its text: a column read cold from it costs a fraction of the freshly parsed DOM's (source-cells).
  const root = doc.documentElement;
  if (text.length >= SOURCE_TEXT_MIN_LENGTH && root?.namespaceURI === NS.wrs && root.localName === 'Wrs') keepSourceText(doc, text);
  return doc;
}

/** Serializes a document or node to XML text. */
export function serializeXml(node: Node): string {
  const text = xmlDom().serialize(node);
  // DOM serializers write a carriage return in text as it is, which a parser reads back as a line feed: such a node
  // is written by our own writer, which escapes it (rare, so the native serializer's speed stays for the rest).
  return text.includes('\r') ? nodeXmlText(node) : text;
}

/** A new empty document of the implementation in use (or of the same implementation as `like`). */
export function createDocument(like?: Node | null): Document {
  const owner = like ? (like.nodeType === DOCUMENT_NODE ? (like as Document) : like.ownerDocument) : null;
  if (owner?.implementation) return owner.implementation.createDocument(null, '', null) as Document;
  return xmlDom().createDocument();
}

/** The document a node belongs to (the node itself for a document). */
export function ownerDocumentOf(node: Node): Document {
  return node.nodeType === DOCUMENT_NODE ? (node as Document) : node.ownerDocument!;
}

/** Element children of a node in document order, without text and comments. */
export function childElements(node: Node): Element[] {
  const out: Element[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === ELEMENT_NODE) out.push(c as Element);
  return out;
}

/** First element child with the given namespace and local name. */
export function firstChildElement(node: Node, ns: string | null, localName: string): Element | null {
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === ELEMENT_NODE && (c as Element).localName === localName && ((c as Element).namespaceURI ?? null) === ns) {
      return c as Element;
    }
  }
  return null;
}

/** Creates a Wrs-namespace element, with the prefix the document's root uses for it (else `wrs`). */
export function createWrsElement(doc: Document, localName: string): Element {
  const root = doc.documentElement;
  const prefix = root && root.namespaceURI === NS.wrs ? root.prefix : 'wrs';
  return doc.createElementNS(NS.wrs, prefix ? `${prefix}:${localName}` : localName);
}

/** Replaces the content of an element with text. */
export function setText(element: Element, text: string): void {
  const first = element.firstChild;
  // The usual cell, one text node, takes the new text in place: no node made, none removed (a paste writes thousands).
  if (text !== '' && first !== null && first === element.lastChild && first.nodeType === TEXT_NODE) {
    (first as Text).replaceData(0, (first as Text).length, text);
    return;
  }
  while (element.firstChild) element.removeChild(element.firstChild);
  if (text !== '') element.appendChild(element.ownerDocument!.createTextNode(text));
}

/** A deep copy of a document, in the same DOM implementation. */
export function cloneDocument(doc: Document): Document {
  const copy = createDocument(doc);
  if (doc.documentElement) copy.appendChild(copy.importNode(doc.documentElement, true));
  return copy;
}

export { ELEMENT_NODE, DOCUMENT_NODE, TEXT_NODE };
