import { parseXml } from '../../xml/dom';
import { NS } from '../../xml/namespaces';
import { domName } from '../../../testing/fixtures';
import { contextMenuChain } from './context-menu-chain';

function actions(doc: Document): string[] {
  return Array.from(doc.getElementsByTagNameNS(NS.cm, 'Context')[0].childNodes).map((n) =>
    (n as Element).localName === 'MenuSeparator' ? '|' : (n as Element).getAttribute('data-bcd-action')!,
  );
}

describe(`contextMenuChain (${domName()})`, () => {
  const input = parseXml('<x/>');

  it('offers every action by default, grouped by separators', () => {
    const menu = contextMenuChain(input, {});
    expect(menu.documentElement.localName).toBe('ContextMenu');
    expect(actions(menu)).toEqual(['cut', 'copy', 'paste', 'pasteAsNewRows', '|', 'insertRowAbove', 'insertRowBelow', 'duplicateRow', 'deleteRow', 'restore', 'clearCells', 'fillSeries', '|', 'hideColumn', 'resetColumns', '|', 'export']);
  });

  it('leaves out entries that do not apply: read-only, no new rows, no export', () => {
    expect(actions(contextMenuChain(input, { isReadOnly: true }))).toEqual(['copy', '|', 'hideColumn', 'resetColumns', '|', 'export']);
    expect(actions(contextMenuChain(input, { allowNewRows: 'false', disableExport: true }))).toEqual(['cut', 'copy', 'paste', '|', 'deleteRow', 'restore', 'clearCells', 'fillSeries', '|', 'hideColumn', 'resetColumns']);
  });
});
