import type { RowLayout } from '../rows/row-entries';
import type { RowStore } from '../rows/row-store';
import { WrsIndex } from '../rows/wrs-index';
import { parseXml } from '../xml/dom';
import { escapeAttribute, escapeText } from '../xml/xml-text';
import { appendRowXmlText } from './row-xml-text';
import { buildSavePayload, savePayloadShell } from './save-payload';

/** What a save of a row store sends: the text `buildSavePayload` builds from the document the store stands for. */
export interface StoreSavePayload {
  readonly text: string;
  /** `text` as a document (parsed on first use). */
  readonly wrs: Document;
  readonly rowCount: number;
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
  if (store.materialized) {
    ({ text, rowCount } = buildSavePayload(index));
  } else {
    const rows = store.changedRows();
    const shell = savePayloadShell(index);
    const parts = [shell.before];
    for (const r of rows) {
      const layout = store.rowLayout(r);
      if (layout) appendLayoutXml(layout, parts);
      else appendRowXmlText(store.element(r), parts, []);
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
  };
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
