const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
const PROCESSING_INSTRUCTION_NODE = 7;
const COMMENT_NODE = 8;
const DOCUMENT_NODE = 9;
const DOCUMENT_FRAGMENT_NODE = 11;
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

// A carriage return too: a parser turns a literal one into a line feed, so a reader would get another value.
/** Text holding a character `escapeText` escapes. */
export const TEXT_ESCAPED = /[&<>\r]/;
const ATTRIBUTE_ESCAPED = /[&<>"\t\n\r]/;

/** Escapes text content: markup characters and carriage returns. */
export function escapeText(text: string): string {
  return TEXT_ESCAPED.test(text) ? text.replace(/[&<>\r]/g, (c) => TEXT_ENTITIES[c]) : text;
}

/** Escapes an attribute value: the parser would turn literal tabs and line breaks into spaces. */
export function escapeAttribute(value: string): string {
  return ATTRIBUTE_ESCAPED.test(value) ? value.replace(/[&<>"\t\n\r]/g, (c) => ATTRIBUTE_ENTITIES[c]) : value;
}

const TEXT_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };

const ATTRIBUTE_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** A node as XML text by `appendNodeXml`, every namespace it uses declared in it (as XMLSerializer does). */
export function nodeXmlText(node: Node): string {
  const parts: string[] = [];
  appendNodeXml(node, parts, new Map());
  return parts.join('');
}

/**
 * Writes a node of any shape as XML text, declaring each prefix it uses where `scope` (prefix -> namespace, '' the
 * default namespace) binds it otherwise. Not XMLSerializer: that writes a carriage return in text as it is, and a
 * parser reads it as a line feed (the server would store, and later check, another value).
 */
export function appendNodeXml(node: Node, parts: string[], scope: ReadonlyMap<string, string>): void {
  const type = node.nodeType;
  if (type === DOCUMENT_NODE || type === DOCUMENT_FRAGMENT_NODE) {
    for (let c: Node | null = node.firstChild; c; c = c.nextSibling) appendNodeXml(c, parts, scope);
    return;
  }
  if (type === TEXT_NODE || type === CDATA_SECTION_NODE) {
    parts.push(escapeText(node.nodeValue ?? ''));
    return;
  }
  if (type === COMMENT_NODE) parts.push(`<!--${node.nodeValue ?? ''}-->`);
  else if (type === PROCESSING_INSTRUCTION_NODE) parts.push(`<?${(node as ProcessingInstruction).target} ${node.nodeValue ?? ''}?>`);
  if (type !== ELEMENT_NODE) return;
  const element = node as Element;
  let inScope = scope;
  let declarations = '';
  /** Prefixes this element declares or its name and attributes use: none of them may be bound again here. */
  const taken = new Set<string>();
  const declare = (prefix: string, ns: string) => {
    if (inScope === scope) inScope = new Map(scope);
    (inScope as Map<string, string>).set(prefix, ns);
    taken.add(prefix);
    declarations += `${prefix ? ` xmlns:${prefix}` : ' xmlns'}="${escapeAttribute(ns)}"`;
  };
  const freePrefix = () => {
    let n = 1;
    while (inScope.has(`ns${n}`) || taken.has(`ns${n}`)) n++;
    return `ns${n}`;
  };
  const attributes = element.attributes;
  const ns = element.namespaceURI ?? '';
  let prefix = element.prefix ?? '';
  // The element's own declarations first (a prefix may be used in content, as in QName values), then what its name
  // and its attributes' names need. An own declaration that would put the element's name into another namespace gives
  // way: the name takes a free prefix (a default declaration, which an element in no namespace cannot escape, is left out).
  for (let i = 0; i < attributes.length; i++) {
    const a = attributes[i];
    if (a.namespaceURI !== XMLNS_NS) continue;
    const declared = a.prefix ? a.localName : '';
    if (declared === 'xml' || declared === 'xmlns' || taken.has(declared)) continue;
    if (declared === prefix && a.value !== ns) {
      if (prefix === '' && ns === '') continue;
      prefix = freePrefix();
    }
    if ((inScope.get(declared) ?? '') !== a.value) declare(declared, a.value);
    else taken.add(declared);
  }
  if ((inScope.get(prefix) ?? '') !== ns) declare(prefix, ns);
  taken.add(prefix);
  let text = '';
  for (let i = 0; i < attributes.length; i++) {
    const a = attributes[i];
    const attributeNs = a.namespaceURI;
    if (attributeNs === XMLNS_NS) continue;
    let name = a.localName;
    if (attributeNs === XML_NS) name = `xml:${a.localName}`;
    else if (attributeNs) {
      let attributePrefix = a.prefix ?? '';
      if (attributePrefix === '' || attributePrefix === 'xml' || attributePrefix === 'xmlns') attributePrefix = freePrefix();
      if (inScope.get(attributePrefix) !== attributeNs) {
        // Bound to another namespace: rebound here only when nothing of this element uses the prefix, else a free one.
        if (taken.has(attributePrefix)) attributePrefix = freePrefix();
        declare(attributePrefix, attributeNs);
      }
      taken.add(attributePrefix);
      name = `${attributePrefix}:${a.localName}`;
    }
    text += ` ${name}="${escapeAttribute(a.value)}"`;
  }
  const qname = prefix ? `${prefix}:${element.localName}` : element.localName;
  if (!element.firstChild) {
    parts.push(`<${qname}${declarations}${text}/>`);
    return;
  }
  parts.push(`<${qname}${declarations}${text}>`);
  for (let c: Node | null = element.firstChild; c; c = c.nextSibling) appendNodeXml(c, parts, inScope);
  parts.push(`</${qname}>`);
}
