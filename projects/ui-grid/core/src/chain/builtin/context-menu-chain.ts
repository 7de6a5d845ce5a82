import { createDocument } from '../../xml/dom';
import { NS } from '../../xml/namespaces';
import type { ChainParams } from '../chain-definition';

/** The actions of the default context menu, in menu order; `null` is a separator. */
const ENTRIES: readonly ([action: string, caption: string, needs: 'any' | 'edit' | 'newRows'] | null)[] = [
  ['cut', 'Cut', 'edit'],
  ['copy', 'Copy', 'any'],
  ['paste', 'Paste', 'edit'],
  ['pasteAsNewRows', 'Paste as new rows', 'newRows'],
  null,
  ['insertRowAbove', 'Insert row above', 'newRows'],
  ['insertRowBelow', 'Insert row below', 'newRows'],
  ['duplicateRow', 'Duplicate row', 'newRows'],
  ['deleteRow', 'Delete row', 'edit'],
  ['restore', 'Restore', 'edit'],
  ['clearCells', 'Clear cells', 'edit'],
  ['fillSeries', 'Fill series', 'edit'],
  null,
  ['hideColumn', 'Hide column', 'any'],
  ['resetColumns', 'Reset columns', 'any'],
  null,
  ['export', 'Export', 'any'],
];

function flag(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === '') return fallback;
  return value === true || value === 'true';
}

/**
 * The built-in default context menu (spec 2.1 `contextMenu: true`; a stylesheet URL may replace it): a
 * `cm:ContextMenu` of `cm:Entry(@caption, @data-bcd-action)`. Params `isReadOnly` and `allowNewRows` (default
 * true) leave out the entries that do not apply; `disableExport` leaves out export.
 */
export function contextMenuChain(input: Document, params: ChainParams): Document {
  const readOnly = flag(params['isReadOnly'], false);
  const newRows = !readOnly && flag(params['allowNewRows'], true);
  const exportAllowed = !flag(params['disableExport'], false);
  const doc = createDocument(input);
  const menu = doc.createElementNS(NS.cm, 'cm:ContextMenu');
  doc.appendChild(menu);
  const group = doc.createElementNS(NS.cm, 'cm:Context');
  group.setAttribute('id', 'gridCell');
  menu.appendChild(group);
  let pendingSeparator = false;
  for (const entry of ENTRIES) {
    if (!entry) {
      pendingSeparator = group.firstChild !== null;
      continue;
    }
    const [action, caption, needs] = entry;
    const applies = needs === 'any' ? action !== 'export' || exportAllowed : needs === 'edit' ? !readOnly : newRows;
    if (!applies) continue;
    if (pendingSeparator) group.appendChild(doc.createElementNS(NS.cm, 'cm:MenuSeparator'));
    pendingSeparator = false;
    const e = doc.createElementNS(NS.cm, 'cm:Entry');
    e.setAttribute('caption', caption);
    e.setAttribute('data-bcd-action', action);
    group.appendChild(e);
  }
  return doc;
}
