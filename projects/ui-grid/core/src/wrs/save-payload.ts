import { createDocument, createWrsElement, ELEMENT_NODE } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { WrsIndex } from './wrs-index';
import { cellValue, cellsOf, commitRow, markModified, originalOf, rowState, setCellContent } from './row-states';

/** One row as it was sent: the element and its cell values then, to tell later edits apart on commit. */
interface SentRow {
  readonly row: Element;
  readonly values: (string | null)[];
}

/** A save request: the document to send and what it holds. */
export interface SavePayload {
  /** A `wrs:Wrs` with the header (no validation results) and only the I, M and D rows, M rows with their `wrs:O`. */
  readonly wrs: Document;
  readonly rowCount: number;
  readonly sent: readonly SentRow[];
}

/** Builds what a save sends (design.md 5), from the index's changed rows only: unchanged R rows are never visited. */
export function buildSavePayload(index: WrsIndex): SavePayload {
  const payload = createDocument(index.doc);
  const source = index.root;
  const root = payload.appendChild(payload.importNode(source, false)) as Element;
  for (let c = source.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== ELEMENT_NODE) continue;
    const el = c as Element;
    if (el.namespaceURI === NS.wrs && el.localName === 'Header') {
      const header = root.appendChild(payload.importNode(el, false));
      for (let h = el.firstChild; h; h = h.nextSibling) {
        const skip = h.nodeType === ELEMENT_NODE && (h as Element).localName === 'ValidationResult';
        if (!skip) header.appendChild(payload.importNode(h, true));
      }
    } else if (el.namespaceURI === NS.wrs && el.localName === 'Data') break;
    else root.appendChild(payload.importNode(el, true));
  }
  const data = root.appendChild(createWrsElement(payload, 'Data'));
  const sent: SentRow[] = [];
  for (const row of index.changedRows()) {
    data.appendChild(payload.importNode(row, true));
    sent.push({ row, values: cellsOf(row).map(cellValue) });
  }
  return { wrs: payload, rowCount: sent.length, sent };
}

/**
 * After the server committed a payload the document becomes what the server holds (design.md 4): sent D rows go,
 * sent I and M rows become R without `wrs:O`. A row edited again while the save ran keeps that edit as M, with
 * the sent values as its originals.
 */
export function commitSavedRows(index: WrsIndex, payload: SavePayload): { nodes: Node[]; rowIds: string[] } {
  const nodes: Node[] = [];
  const rowIds: string[] = [];
  const removed: Element[] = [];
  for (const { row, values } of payload.sent) {
    const id = row.getAttribute('id') ?? '';
    if (row.parentNode !== index.data) {
      // Deleted while the save ran: the server now holds the sent values, which the D row must carry for its check.
      const deleted = index.rowById(id);
      if (deleted && rowState(deleted) === 'D' && rowState(row) !== 'D') {
        cellsOf(deleted).forEach((cell, i) => setCellContent(cell, values[i]));
        nodes.push(deleted);
        rowIds.push(id);
      }
      continue;
    }
    rowIds.push(id);
    const state = rowState(row);
    if (state === 'D') {
      removed.push(row);
      continue;
    }
    const now = cellsOf(row).map(cellValue);
    let committed = commitRow(row, index);
    if (now.some((v, i) => v !== values[i])) {
      committed = markModified(committed, index);
      cellsOf(committed).forEach((cell, i) => setCellContent(originalOf(cell)!, values[i]));
    }
    nodes.push(committed);
  }
  for (const row of removed) row.parentNode!.removeChild(row);
  index.removed(removed);
  if (removed.length > 0) nodes.push(index.data!);
  return { nodes, rowIds };
}
