import { ELEMENT_NODE } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { csvField } from './clipboard-text';
import { cellValue, cellsOf, hasCellShape } from '../rows/row-states';
import { WrsIndex } from '../rows/wrs-index';
import type { RowStore } from '../rows/row-store';

const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
// A field holding one of these is quoted (RFC 4180); found in the whole text at once, not per cell.
const CSV_SPECIAL = /[,\r\n"]/g;

/**
 * `copyAllRows2CSV`'s text: a header row of captions (column id where there is none), then every row that is not D,
 * each cell's text content as one field (a `wrs:null` cell is empty), padded to the header's width; RFC 4180 with the
 * formula-injection guard of `csvField`.
 */
export function allRowsCsv(index: WrsIndex): string {
  const columns = index.columns();
  const lines = [csvHeader(index)];
  const data = index.data;
  if (data && !addLinesFromDataText(lines, data, columns.length)) {
    lines.length = 1;
    addLinesCellByCell(lines, index, columns.length);
  }
  lines.push('');
  return lines.join('\r\n');
}

/** The header line: the columns' captions (column id where there is none). */
function csvHeader(index: WrsIndex): string {
  return index.columns().map((c) => csvField(c.element.getAttribute('caption') ?? c.id)).join(',');
}

/**
 * `allRowsCsv` of the rows of a row store, read from its entries and text (`RowStore.entryValues`) without building an
 * element where the row is of the usual shape (`header`: the index of the store's document, for the columns). A row
 * read from its element is read as `allRowsCsv` reads it: its cells' first text node each, unless a cell of any such
 * row holds more (then every such row is read by `cellValue`, as `allRowsCsv` then reads the document).
 */
export function storeAllRowsCsv(store: RowStore, header: WrsIndex): string {
  store.scan();
  const count = header.columns().length;
  const lines = [csvHeader(header)];
  const elementRows: [number, Element][] = [];
  let exact = true;
  for (let r = 0; r < store.rowCount; r++) {
    if (store.state(r) === 'D') continue;
    const values = store.entryValues(r, count);
    if (values) {
      lines.push(values.map((v) => csvField(v)).join(','));
      continue;
    }
    const row = store.element(r);
    exact &&= textInFirstNodes(row);
    elementRows.push([lines.length, row]);
    lines.push('');
  }
  for (const [at, row] of elementRows) lines[at] = exact ? firstNodeFields(row, count) : cellFields(row, count);
  lines.push('');
  return lines.join('\r\n');
}

/** True when each element child of a row holds its text in its first child, as `addLinesFromDataText` needs. */
function textInFirstNodes(row: Element): boolean {
  let length = 0;
  for (let c = row.firstChild; c !== null; c = c.nextSibling) {
    if (c.nodeType === TEXT_NODE || c.nodeType === CDATA_SECTION_NODE) length += (c as CharacterData).length;
    else if (c.nodeType === ELEMENT_NODE) length += firstTextOf(c).length;
  }
  return length === (row.textContent ?? '').length;
}

function firstTextOf(node: Node): string {
  const first = node.firstChild;
  return first !== null && (first.nodeType === TEXT_NODE || first.nodeType === CDATA_SECTION_NODE) ? (first as CharacterData).data : '';
}

/** A row's line as `addLinesFromDataText` writes it: the first text node of each cell it takes. */
function firstNodeFields(row: Element, count: number): string {
  const plain = hasCellShape(row, count);
  const fields: string[] = [];
  for (let cell = row.firstChild; cell !== null && fields.length < count; cell = cell.nextSibling) {
    if (cell.nodeType === ELEMENT_NODE && (cell as Element).localName === 'C' && (plain || (cell as Element).namespaceURI === NS.wrs)) fields.push(csvField(firstTextOf(cell)));
  }
  while (fields.length < count) fields.push('');
  return fields.join(',');
}

/** A row's line as `addLinesCellByCell` writes it. */
function cellFields(row: Element, count: number): string {
  const fields = cellsOf(row).slice(0, count).map((cell) => csvField(cellValue(cell)));
  while (fields.length < count) fields.push('');
  return fields.join(',');
}

/**
 * Reading a cell's text makes one JS string per cell (2,000,000 at 100,000 x 20 rows, most of the time in Chromium).
 * Instead the text of all of `wrs:Data` is read once and cut at offsets taken from each cell's text node length, a
 * number. A length counts at most the cell's text (only its first child is looked at), so when the lengths add up
 * to the whole text every cut is exact; when not (a cell of several text nodes or nested elements), false.
 */
function addLinesFromDataText(lines: string[], data: Element, count: number): boolean {
  const text = data.textContent ?? '';
  const fields: string[] = [];
  let offset = 0;
  let special = -1;
  for (let row = data.firstChild; row !== null; row = row.nextSibling) {
    const rowType = row.nodeType;
    if (rowType !== ELEMENT_NODE) {
      if (rowType === TEXT_NODE || rowType === CDATA_SECTION_NODE) offset += (row as CharacterData).length;
      continue;
    }
    if ((row as Element).localName === 'D') {
      offset += (row.textContent ?? '').length;
      continue;
    }
    fields.length = 0;
    const plain = hasCellShape(row as Element, count);
    for (let cell = row.firstChild; cell !== null; cell = cell.nextSibling) {
      const cellType = cell.nodeType;
      if (cellType !== ELEMENT_NODE) {
        if (cellType === TEXT_NODE || cellType === CDATA_SECTION_NODE) offset += (cell as CharacterData).length;
        continue;
      }
      const first = cell.firstChild;
      let length = 0;
      if (first !== null) {
        const firstType = first.nodeType;
        if (firstType === TEXT_NODE || firstType === CDATA_SECTION_NODE) length = (first as CharacterData).length;
      }
      if (fields.length < count && (cell as Element).localName === 'C' && (plain || (cell as Element).namespaceURI === NS.wrs)) {
        if (length === 0) fields.push('');
        else {
          const end = offset + length;
          if (special < offset) special = nextSpecial(text, offset);
          const value = text.slice(offset, end);
          fields.push(special < end || formulaStart(text.charCodeAt(offset)) ? csvField(value) : value);
        }
      }
      offset += length;
    }
    while (fields.length < count) fields.push('');
    lines.push(fields.join(','));
  }
  return offset === text.length;
}

function nextSpecial(text: string, from: number): number {
  CSV_SPECIAL.lastIndex = from;
  const match = CSV_SPECIAL.exec(text);
  return match ? match.index : text.length;
}

/** `=`, `+`, `-`, `@`, tab, CR: the first characters `csvField` guards. */
function formulaStart(code: number): boolean {
  return code === 61 || code === 43 || code === 45 || code === 64 || code === 9 || code === 13;
}

/** The plain way, for the rare document whose cells hold more than one text node. */
function addLinesCellByCell(lines: string[], index: WrsIndex, count: number): void {
  for (const row of index.rows()) {
    if (row.localName === 'D') continue;
    lines.push(cellFields(row, count));
  }
}
