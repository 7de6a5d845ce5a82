import { childElements, createDocument, firstChildElement } from '../../xml/dom';
import { NS } from '../../xml/namespaces';
import type { WrsColumn } from '../../rows/wrs-columns';
import { WrsIndex } from '../../rows/wrs-index';
import { RowStore } from '../../rows/row-store';
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
  const index = WrsIndex.tryOf(doc);
  const row = index?.rowById(idParam(params, 'rowId', 'bcdRowIdent'));
  return tooltipOf(doc, params, row ? (column) => {
    const cell = cellAt(row, column.pos);
    const original = cell && rowState(row) === 'M' ? originalOf(cell) : null;
    return cell ? { value: cellValue(cell), original: original ? cellValue(original) : undefined } : null;
  } : null);
}

/**
 * `tooltipChain` for a row of a row store whose document is not built: the row's cells read from its entry, the
 * header (columns, validation result) from the store's document. Builds nothing.
 */
export function storeTooltip(store: RowStore, params: ChainParams): Document {
  const r = store.positionOf(idParam(params, 'rowId', 'bcdRowIdent'));
  return tooltipOf(store.document, params, r < 0 ? null : (column) => {
    const value = store.cellValue(r, column.pos);
    // Null is also what a missing cell reads: the row's element (built alone, not kept) tells.
    if (value === null && !cellAt(store.copyOf(r), column.pos)) return null;
    const original = store.state(r) === 'M' ? store.originalValue(r, column.pos) : undefined;
    return { value, original };
  });
}

function idParam(params: ChainParams, name: string, alias: string): string {
  return String(params[name] ?? params[alias] ?? '');
}

/** A cell as the tooltip reads it: its value, and the value of its `wrs:O` in an M row (undefined: none). */
interface TooltipCell {
  readonly value: string | null;
  readonly original?: string | null;
}

function tooltipOf(doc: Document, params: ChainParams, cellOf: ((column: WrsColumn) => TooltipCell | null) | null): Document {
  const rowId = idParam(params, 'rowId', 'bcdRowIdent');
  const colId = idParam(params, 'colId', 'bcdColIdent');
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
  const column = WrsIndex.tryOf(doc)?.column(colId);
  const cell = column && cellOf ? cellOf(column) : null;
  if (!column || !cell) return out;
  line('caption', column.element.getAttribute('caption') || column.id);
  const description = column.element.getAttribute('description');
  if (description) line('description', description);
  line('value', cell.value ?? '');
  for (const message of validationMessages(doc, rowId, colId)) line('validation', message);
  if (cell.original !== undefined && cell.original !== cell.value) line('original', cell.original ?? '');
  return out;
}
