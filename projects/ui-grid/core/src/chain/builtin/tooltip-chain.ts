import { childElements, createDocument, firstChildElement } from '../../xml/dom';
import { NS } from '../../xml/namespaces';
import { WrsIndex } from '../../rows/wrs-index';
import { cellAt, cellValue, originalOf, rowState } from '../../rows/row-states';
import type { ChainParams } from '../chain-definition';

const XHTML = 'http://www.w3.org/1999/xhtml';

// Validation results (issue 3): one row per error, cells row id, column id, message.
function validationMessages(doc: Document, rowId: string, colId: string): string[] {
  const header = firstChildElement(doc.documentElement, NS.wrs, 'Header');
  const results = header ? firstChildElement(header, NS.wrs, 'ValidationResult') : null;
  const messages: string[] = [];
  for (const wrs of results ? childElements(results) : []) {
    const data = firstChildElement(wrs, NS.wrs, 'Data');
    for (const row of data ? childElements(data) : []) {
      const cells = childElements(row).filter((c) => c.namespaceURI === NS.wrs && c.localName === 'C');
      if (cells[0]?.textContent === rowId && cells[1]?.textContent === colId && cells[2]) messages.push(cells[2].textContent ?? '');
    }
  }
  return messages;
}

/**
 * The built-in tooltip (default name `gridTooltip.xslt`): for params `rowId` and `colId` of a Wrs, an XHTML
 * `div.ui-grid-tooltip` with the column caption and description, the cell value, validation messages and the
 * original value of a modified cell. An empty `div` when the cell does not exist. Values are text nodes, never markup.
 */
export function tooltipChain(doc: Document, params: ChainParams): Document {
  const rowId = String(params['rowId'] ?? params['bcdRowIdent'] ?? '');
  const colId = String(params['colId'] ?? params['bcdColIdent'] ?? '');
  const out = createDocument(doc);
  const root = out.createElementNS(XHTML, 'div');
  root.setAttribute('class', 'ui-grid-tooltip');
  out.appendChild(root);
  const line = (cls: string, text: string) => {
    const div = out.createElementNS(XHTML, 'div');
    div.setAttribute('class', cls);
    div.appendChild(out.createTextNode(text));
    root.appendChild(div);
  };
  const index = WrsIndex.tryOf(doc);
  const column = index?.column(colId);
  const row = index?.rowById(rowId);
  const cell = row && column ? cellAt(row, column.pos) : null;
  if (!column || !row || !cell) return out;
  line('caption', column.element.getAttribute('caption') || column.id);
  const description = column.element.getAttribute('description');
  if (description) line('description', description);
  const value = cellValue(cell);
  line('value', value ?? '');
  for (const message of validationMessages(doc, rowId, colId)) line('validation', message);
  const original = rowState(row) === 'M' ? originalOf(cell) : null;
  if (original) {
    const before = cellValue(original);
    if (before !== value) line('original', before ?? '');
  }
  return out;
}
