import { DOMImplementation as XmldomImplementation, DOMParser as XmldomParser, XMLSerializer as XmldomSerializer } from '@xmldom/xmldom';
import { WrsError } from '../errors';
import { NS } from './namespaces';

/** The DOM implementation the library parses and serializes with. */
export interface XmlDomImplementation {
  readonly name: 'browser' | 'xmldom' | string;
  parse(text: string): Document;
  serialize(node: Node): string;
  createDocument(): Document;
}

const ELEMENT_NODE = 1;
const DOCUMENT_NODE = 9;

function browserImplementation(): XmlDomImplementation | null {
  const g = globalThis as { DOMParser?: typeof DOMParser; XMLSerializer?: typeof XMLSerializer; document?: Document };
  if (!g.DOMParser || !g.XMLSerializer || !g.document?.implementation) return null;
  const parser = new g.DOMParser();
  const serializer = new g.XMLSerializer();
  return {
    name: 'browser',
    parse(text) {
      const doc = parser.parseFromString(text, 'application/xml');
      const error = doc.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'parsererror')[0]
        ?? doc.getElementsByTagName('parsererror')[0];
      if (error) {
        const message = (error.textContent ?? 'malformed XML').replace(/\s+/g, ' ').trim();
        const where = /line (\d+) at column (\d+)/.exec(message);
        throw parseError(text, message, where ? Number(where[1]) : undefined, where ? Number(where[2]) : undefined);
      }
      return doc;
    },
    serialize: (node) => serializer.serializeToString(node),
    createDocument: () => g.document!.implementation.createDocument(null, null, null),
  };
}

function xmldomImplementation(): XmlDomImplementation {
  const serializer = new XmldomSerializer();
  return {
    name: 'xmldom',
    parse(text) {
      let failure: string | null = null;
      let where: { lineNumber?: number; columnNumber?: number } = {};
      const parser = new XmldomParser({
        onError: (level: string, message: string, context?: { locator?: { lineNumber?: number; columnNumber?: number } }) => {
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
        throw parseError(text, String(failure ?? 'no root element'), where.lineNumber, where.columnNumber);
      }
      return doc;
    },
    serialize: (node) => serializer.serializeToString(node as never),
    createDocument: () => new XmldomImplementation().createDocument(null, '', null) as unknown as Document,
  };
}

function parseError(text: string, message: string, line?: number, column?: number): WrsError {
  const at = line !== undefined ? ` at line ${line}, column ${column}` : '';
  return new WrsError('XML_PARSE', `Malformed XML${at}: ${message}`, text.length > 200 ? text.slice(0, 200) + '...' : text, {
    line,
    column,
  });
}

let override: XmlDomImplementation | null = null;
let detected: XmlDomImplementation | null = null;

/** Replaces the automatic choice (browser DOM where present, @xmldom/xmldom otherwise); null restores it. */
export function setXmlDomImplementation(implementation: XmlDomImplementation | 'browser' | 'xmldom' | null): void {
  if (implementation === 'xmldom') override = xmldomImplementation();
  else if (implementation === 'browser') {
    override = browserImplementation();
    if (!override) throw new WrsError('INVALID_ARGUMENT', 'No browser DOM in this environment', implementation);
  } else override = implementation;
}

/** The DOM implementation in use. */
export function xmlDom(): XmlDomImplementation {
  if (override) return override;
  detected ??= browserImplementation() ?? xmldomImplementation();
  return detected;
}

/**
 * Refuses a DOCTYPE before the parser sees it, so no entity is ever expanded.
 * A DOCTYPE can only stand in the prolog, so only the prolog is scanned.
 */
function assertNoDoctype(text: string): void {
  let i = 0;
  const n = text.length;
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  while (i < n) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') {
      i++;
      continue;
    }
    if (c !== '<') return;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) return;
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return;
      i = end + 3;
    } else if (/^<!doctype/i.test(text.slice(i, i + 9))) {
      throw new WrsError('XML_DOCTYPE', 'XML with a DOCTYPE is refused (no entity expansion, no external entities)', text.slice(i, i + 80));
    } else return;
  }
}

/** Parses XML text into a Document; malformed XML raises WrsError XML_PARSE, a DOCTYPE raises XML_DOCTYPE. */
export function parseXml(text: string): Document {
  if (typeof text !== 'string') throw new WrsError('XML_PARSE', `Expected XML text, got ${typeof text}`, text);
  if (text.trim() === '') throw new WrsError('XML_PARSE', 'Malformed XML: the text is empty', text);
  assertNoDoctype(text);
  return xmlDom().parse(text);
}

/** Serializes a document or node to XML text. */
export function serializeXml(node: Node): string {
  return xmlDom().serialize(node);
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
  while (element.firstChild) element.removeChild(element.firstChild);
  if (text !== '') element.appendChild(element.ownerDocument!.createTextNode(text));
}

/** A deep copy of a document, in the same DOM implementation. */
export function cloneDocument(doc: Document): Document {
  const copy = createDocument(doc);
  if (doc.documentElement) copy.appendChild(copy.importNode(doc.documentElement, true));
  return copy;
}

export { ELEMENT_NODE, DOCUMENT_NODE };
