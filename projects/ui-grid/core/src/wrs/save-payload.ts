import { createDocument, ELEMENT_NODE, parseXml, serializeXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { WrsIndex } from '../rows/wrs-index';
import { RowState, cellValue, cellsOf, originalOf, rowState, setCellContent } from '../rows/row-states';
import { renameRow } from '../rows/row-rename';
import { commitRow, markModified } from '../rows/row-transitions';
import { createRow } from '../rows/new-rows';
import { appendRowXmlText } from './row-xml-text';

/** One row as it was sent: the element, its state and its cell values then, to tell later changes apart on commit. */
interface SentRow {
  readonly row: Element;
  readonly state: RowState;
  readonly values: (string | null)[];
}

/** A save request: what to send and what it holds. */
export interface SavePayload {
  /** What a save posts: a `wrs:Wrs` with the header (no validation results) and only the I, M and D rows, M rows with their `wrs:O`. */
  readonly text: string;
  /** `text` as a document (parsed on first use), for save chains and custom saves. */
  readonly wrs: Document;
  readonly rowCount: number;
  readonly sent: readonly SentRow[];
}

const ROWS_MARK = '<!--save-payload-rows-->';

/**
 * Builds what a save sends (the I, M and D rows), from the index's changed rows only: unchanged R rows are never visited.
 * The rows are written as text straight from the document (`appendRowXmlText`), not copied into a new document first,
 * into a `wrs:Data` of our own declaring the `wrs` prefix, whatever prefix the document and its serializer use.
 */
export function buildSavePayload(index: WrsIndex): SavePayload {
  const shell = savePayloadShell(index);
  const parts = [shell.before];
  const sent: SentRow[] = [];
  for (const row of index.changedRows()) {
    const values: (string | null)[] = [];
    appendRowXmlText(row, parts, values);
    sent.push({ row, state: rowState(row), values });
  }
  parts.push(shell.after);
  const text = parts.join('');
  let wrs: Document | null = null;
  return {
    text,
    get wrs() {
      return (wrs ??= parseXml(text));
    },
    rowCount: sent.length,
    sent,
  };
}

/** The text of a save payload before its rows (up to the start tag of its `wrs:Data`) and after them. */
export function savePayloadShell(index: WrsIndex): { before: string; after: string } {
  const payload = payloadShell(index);
  payload.documentElement.appendChild(payload.createComment(ROWS_MARK.slice(4, -3)));
  const shell = serializeXml(payload);
  // The mark is the root's last child, so the last one in the text (a header comment of the same text comes before).
  const at = shell.lastIndexOf(ROWS_MARK);
  return { before: shell.slice(0, at) + `<wrs:Data xmlns:wrs="${NS.wrs}">`, after: '</wrs:Data>' + shell.slice(at + ROWS_MARK.length) };
}

/** The payload document without rows: the root, its header without validation results, what precedes wrs:Data. */
function payloadShell(index: WrsIndex): Document {
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
  return payload;
}

/**
 * After the server committed a payload the document becomes what the server holds: sent D rows go,
 * sent I and M rows become R without `wrs:O`. Changes made while the save ran are kept as changes against what the
 * server now holds, so the next save sends them:
 * - a sent I or M row edited again (or restored) stays M, with the sent values as its originals;
 * - a sent I or M row deleted meanwhile is a D row holding the sent values (the values the server's check expects);
 *   an I row removed from the document meanwhile (deleted, restored, undone) comes back as such a D row, at the end;
 * - a sent D row restored meanwhile is an I row (the server no longer has it), with the values it has now.
 * Rows are found by id, so this holds whether a state change renamed the element in place (@xmldom/xmldom) or
 * replaced it (browsers).
 */
export function commitSavedRows(index: WrsIndex, payload: SavePayload): { nodes: Node[]; rowIds: string[] } {
  return commitSentRows(index, payload.sent.map(({ row, state, values }) => ({ id: row.getAttribute('id') ?? '', state, values })));
}

/** A row as a save sent it: its id, its state and its cell values then. */
export interface SentRowValues {
  readonly id: string;
  readonly state: RowState | string;
  readonly values: readonly (string | null)[];
}

/** `commitSavedRows` of rows named by id (a row store's save names its rows so). */
export function commitSentRows(index: WrsIndex, sent: readonly SentRowValues[]): { nodes: Node[]; rowIds: string[] } {
  const nodes: Node[] = [];
  const rowIds: string[] = [];
  const removed: Element[] = [];
  const readded: Element[] = [];
  for (const { id, state: sentState, values } of sent) {
    const row = index.rowById(id);
    const state = row && rowState(row);
    if (sentState === 'D') {
      if (!row) continue;
      rowIds.push(id);
      if (state === 'D') removed.push(row);
      else nodes.push(renameRow(state === 'M' ? commitRow(row, index) : row, 'I', index));
      continue;
    }
    rowIds.push(id);
    if (!row) {
      readded.push(createRow(index.doc, 'D', id, values));
      continue;
    }
    if (state === 'D') {
      cellsOf(row).forEach((cell, i) => setCellContent(cell, values[i]));
      nodes.push(row);
      continue;
    }
    const now = cellsOf(row).map(cellValue);
    let committed = commitRow(row, index);
    if (now.length !== values.length || now.some((v, i) => v !== values[i])) {
      committed = markModified(committed, index);
      cellsOf(committed).forEach((cell, i) => setCellContent(originalOf(cell)!, values[i] ?? null));
      // markModified kept a copy of the row as it is now (the quick restore of browsers); its originals are the
      // sent values, so that copy no longer holds them.
      index.forgetOriginal(committed);
    }
    nodes.push(committed);
  }
  for (const row of removed) row.parentNode!.removeChild(row);
  index.removed(removed);
  if (readded.length > 0) {
    const data = index.data!;
    const at = index.rowCount;
    for (const row of readded) data.appendChild(row);
    index.inserted(at, readded);
  }
  if (removed.length > 0 || readded.length > 0) nodes.push(index.data!);
  return { nodes, rowIds };
}

/**
 * Runs the saves of one document one at a time. A save of a document that is being saved waits until that save
 * settles, then builds its payload from what is still changed: the same rows are never posted twice (twice the I rows
 * would be two inserts, and the second answer a conflict although the first save went through). WrsUtil's saves and
 * the grid's go through here.
 */
const savesRunning = new WeakMap<Document, Promise<unknown>>();

/** See `savesRunning`. */
export function oneSaveAtATime<T>(doc: Document, save: () => Promise<T>): Promise<T> {
  const before = savesRunning.get(doc);
  const run = before ? before.then(save, save) : save();
  savesRunning.set(doc, run);
  const settled = () => {
    if (savesRunning.get(doc) === run) savesRunning.delete(doc);
  };
  run.then(settled, settled);
  return run;
}
