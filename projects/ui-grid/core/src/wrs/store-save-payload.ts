import type { RowLayout } from '../rows/row-entries';
import type { RowStore } from '../rows/row-store';
import { WrsIndex } from '../rows/wrs-index';
import { parseXml } from '../xml/dom';
import { escapeAttribute, escapeText } from '../xml/xml-text';
import { rowState } from '../rows/row-states';
import { appendRowXmlText } from './row-xml-text';
import { SentRowValues, buildSavePayload, commitSentRows, savePayloadShell } from './save-payload';

/** What a save of a row store sends: the text `buildSavePayload` builds from the document the store stands for. */
export interface StoreSavePayload {
  readonly text: string;
  /** `text` as a document (parsed on first use). */
  readonly wrs: Document;
  readonly rowCount: number;
  /** The rows sent, in order: id, state and cell values then, and their position in the store then. */
  readonly sent: readonly StoreSentRow[];
}

/** A row a store's save sent (see `commitStoreSavedRows`). */
export interface StoreSentRow extends SentRowValues {
  /** Its 0-based position in the store when the payload was built. */
  readonly position: number;
}

/**
 * The save payload of a row store: its I, M and D rows written as text from their entries (no element built), rows
 * that have an element from it, in the text `buildSavePayload` gives for the document the store stands for. A store
 * whose document is complete is saved from its document.
 */
export function buildStoreSavePayload(store: RowStore): StoreSavePayload {
  const index = WrsIndex.of(store.document);
  let text: string;
  let rowCount: number;
  let sent: StoreSentRow[];
  if (store.materialized) {
    const payload = buildSavePayload(index);
    ({ text, rowCount } = payload);
    sent = payload.sent.map(({ row, state, values }) => ({ id: row.getAttribute('id') ?? '', state, values, position: index.positionOf(row) - 1 }));
  } else {
    const rows = store.changedRows();
    const shell = savePayloadShell(index);
    const parts = [shell.before];
    sent = [];
    for (const r of rows) {
      const layout = store.rowLayout(r);
      let values: (string | null)[] = [];
      let state: string;
      if (layout) {
        appendLayoutXml(layout, parts);
        values = layout.values.slice();
        state = layout.state;
      } else {
        const row = store.element(r);
        appendRowXmlText(row, parts, values);
        state = rowState(row);
      }
      sent.push({ id: store.id(r) ?? '', state, values, position: r });
    }
    parts.push(shell.after);
    text = parts.join('');
    rowCount = rows.length;
  }
  let wrs: Document | null = null;
  return {
    text,
    get wrs() {
      return (wrs ??= parseXml(text));
    },
    rowCount,
    sent,
  };
}

/**
 * After the server committed a store's payload, the rows become what the server holds, as `commitSavedRows` makes
 * them: on entries where every sent row is as it was sent (sent D rows go, I and M rows become R); else, rows changed
 * while the save ran, on the document (built now) by `commitSavedRows`' rules for such changes. Returns what to note.
 */
export function commitStoreSavedRows(store: RowStore, payload: StoreSavePayload): { nodes: Node[]; rowIds: string[] } {
  if (store.materialized) return commitSentRows(WrsIndex.of(store.document), payload.sent);
  const at = payload.sent.map((row) => (store.positionOf(row.id, row.position)));
  const asSent = payload.sent.every((row, k) => at[k] >= 0 && store.state(at[k]) === row.state && row.values.every((v, i) => store.cellValue(at[k], i + 1) === v));
  if (!asSent) return commitSentRows(WrsIndex.of(store.materialize()), payload.sent);
  const gone: number[] = [];
  payload.sent.forEach((row, k) => {
    if (row.state === 'D') gone.push(at[k]);
    else store.commitRow(at[k]);
  });
  store.removeRows(gone.sort((a, b) => a - b));
  const rowIds = payload.sent.map((row) => row.id);
  return { nodes: rowIds.length > 0 ? [WrsIndex.of(store.document).data!] : [], rowIds };
}

/**
 * A row as `appendRowXmlText` writes its element: the text between the cells kept, each cell followed by its `wrs:O`
 * in an M row (or the `wrs:O` where its text has them, while it does).
 */
function appendLayoutXml(layout: RowLayout, parts: string[]): void {
  const name = 'wrs:' + layout.state;
  let start = '<' + name;
  for (const [attribute, value] of layout.attributes) start += ' ' + attribute + '="' + escapeAttribute(value) + '"';
  parts.push(start + '>');
  const { gaps, kinds, values, originals } = layout;
  const modified = layout.state === 'M';
  let c = 0;
  for (let i = 0; i < kinds.length; i++) {
    parts.push(escapeText(gaps[i]));
    if (kinds[i] === 'C') {
      appendCell('C', values[c], parts);
      if (modified && !layout.textOriginals) appendCell('O', originals![c], parts);
      c++;
    } else if (modified && layout.textOriginals) appendCell('O', originals![c - 1], parts);
  }
  parts.push(escapeText(gaps[kinds.length]), '</' + name + '>');
}

function appendCell(kind: 'C' | 'O', value: string | null, parts: string[]): void {
  if (value === null) parts.push(`<wrs:${kind}><wrs:null/></wrs:${kind}>`);
  else if (value === '') parts.push(`<wrs:${kind}/>`);
  else parts.push(`<wrs:${kind}>`, escapeText(value), `</wrs:${kind}>`);
}
