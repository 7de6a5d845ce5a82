import { ELEMENT_NODE } from '../xml/dom';
import { TEXT_ESCAPED, appendNodeXml, escapeAttribute, escapeText } from '../xml/xml-text';
import { NS } from '../xml/namespaces';
import { cellValue, cellsOf } from '../rows/row-states';

const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
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
