import { ELEMENT_NODE } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { cellValue, cellsOf } from './row-states';

const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
const PROCESSING_INSTRUCTION_NODE = 7;
const COMMENT_NODE = 8;
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
// A carriage return too: a parser turns a literal one into a line feed, so the server would store another value.
const TEXT_ESCAPED = /[&<>\r]/;
const ATTRIBUTE_ESCAPED = /[&<>"\t\n\r]/;

/** Start tag, end tag and empty form of the usual cell elements. */
const CELL_TAGS: Record<string, readonly [string, string, string]> = {
  C: ['<wrs:C>', '</wrs:C>', '<wrs:C/>'],
  O: ['<wrs:O>', '</wrs:O>', '<wrs:O/>'],
};

/**
 * Appends a row as XML text to `parts`, for a `wrs:Data` in which the prefix `wrs` is bound to the Wrs namespace, and
 * the values of its `wrs:C` cells (`cellValue`) to `values`.
 *
 * Why not XMLSerializer: it takes about 20 ms per MB in Chromium, the whole budget of a 1,000-row save. Reading each
 * cell's text is one JS string per cell; a row's text content is read once and cut at each text node's length instead. Rows of the usual shape (unprefixed attributes, `wrs:C`/`wrs:O` cells without attributes holding
 * text, nothing or an empty `wrs:null`) are written the quick way; any other row node by node (`appendNodeXml`).
 */
export function appendRowXmlText(row: Element, parts: string[], values: (string | null)[]): void {
  const partsMark = parts.length;
  const valuesMark = values.length;
  if (appendUsualRow(row, parts, values)) return;
  parts.length = partsMark;
  values.length = valuesMark;
  for (const cell of cellsOf(row)) values.push(cellValue(cell));
  appendNodeXml(row, parts, new Map([['wrs', NS.wrs]]));
}

/**
 * Writes a node of any shape as XML text, declaring each prefix it uses where `scope` (prefix -> namespace, '' the
 * default namespace) binds it otherwise. Not XMLSerializer: that writes a carriage return in text as it is, and a
 * parser reads it as a line feed (the server would store, and later check, another value).
 */
function appendNodeXml(node: Node, parts: string[], scope: ReadonlyMap<string, string>): void {
  const type = node.nodeType;
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
  const declared = new Set<string>();
  const declare = (prefix: string, ns: string) => {
    if (inScope === scope) inScope = new Map(scope);
    (inScope as Map<string, string>).set(prefix, ns);
    declared.add(prefix);
    declarations += `${prefix ? ` xmlns:${prefix}` : ' xmlns'}="${escapeAttribute(ns)}"`;
  };
  const attributes = element.attributes;
  // The element's own declarations first (a prefix may be used in content, as in QName values), then what its name
  // and its attributes' names need.
  for (let i = 0; i < attributes.length; i++) {
    const a = attributes[i];
    if (a.namespaceURI !== XMLNS_NS) continue;
    const prefix = a.prefix ? a.localName : '';
    if (prefix !== 'xml' && prefix !== 'xmlns' && (inScope.get(prefix) ?? '') !== a.value) declare(prefix, a.value);
  }
  const prefix = element.prefix ?? '';
  const ns = element.namespaceURI ?? '';
  if ((inScope.get(prefix) ?? '') !== ns) declare(prefix, ns);
  let text = '';
  for (let i = 0; i < attributes.length; i++) {
    const a = attributes[i];
    const attributeNs = a.namespaceURI;
    if (attributeNs === XMLNS_NS) continue;
    let name = a.localName;
    if (attributeNs === XML_NS) name = `xml:${a.localName}`;
    else if (attributeNs) {
      let attributePrefix = a.prefix ?? '';
      if (attributePrefix === '' || (inScope.get(attributePrefix) !== attributeNs && declared.has(attributePrefix))) {
        // No prefix, or this element bound it to another namespace: a free one.
        let n = 1;
        while (inScope.has(`ns${n}`)) n++;
        attributePrefix = `ns${n}`;
      }
      if (inScope.get(attributePrefix) !== attributeNs) declare(attributePrefix, attributeNs);
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

function appendUsualRow(row: Element, parts: string[], values: (string | null)[]): boolean {
  if (row.namespaceURI !== NS.wrs) return false;
  const name = 'wrs:' + row.localName;
  let start = '<' + name;
  const attributes = row.attributes;
  for (let i = 0; i < attributes.length; i++) {
    const attribute = attributes[i];
    if (attribute.namespaceURI !== null) return false;
    start += ' ' + attribute.name + '="' + escapeAttribute(attribute.value) + '"';
  }
  parts.push(start + '>');
  const content = row.textContent ?? '';
  const escaped = TEXT_ESCAPED.test(content);
  let offset = 0;
  for (let child = row.firstChild; child !== null; child = child.nextSibling) {
    const type = child.nodeType;
    if (type === TEXT_NODE || type === CDATA_SECTION_NODE) {
      const end = offset + (child as CharacterData).length;
      parts.push(escaped ? escapeText(content.slice(offset, end)) : content.slice(offset, end));
      offset = end;
      continue;
    }
    if (type !== ELEMENT_NODE) return false;
    const cell = child as Element;
    const tags = CELL_TAGS[cell.localName];
    if (tags === undefined || cell.namespaceURI !== NS.wrs || cell.hasAttributes()) return false;
    const first = cell.firstChild;
    let value: string | null = '';
    if (first === null) parts.push(tags[2]);
    else {
      if (first.nextSibling !== null) return false;
      const firstType = first.nodeType;
      if (firstType === TEXT_NODE || firstType === CDATA_SECTION_NODE) {
        const end = offset + (first as CharacterData).length;
        value = content.slice(offset, end);
        offset = end;
        parts.push(tags[0], escaped ? escapeText(value) : value, tags[1]);
      } else if (firstType === ELEMENT_NODE && isEmptyNull(first as Element)) {
        value = null;
        parts.push(tags[0], '<wrs:null/>', tags[1]);
      } else return false;
    }
    if (tags === CELL_TAGS['C']) values.push(value);
  }
  parts.push('</' + name + '>');
  return true;
}

function isEmptyNull(element: Element): boolean {
  return element.localName === 'null' && element.namespaceURI === NS.wrs && element.firstChild === null && !element.hasAttributes();
}

/** As XMLSerializer escapes text content. */
function escapeText(text: string): string {
  return TEXT_ESCAPED.test(text) ? text.replace(/[&<>\r]/g, (c) => TEXT_ENTITIES[c]) : text;
}

/** As XMLSerializer escapes attribute values: the parser would turn literal tabs and line breaks into spaces. */
function escapeAttribute(value: string): string {
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
