import { domName } from '../../testing/fixtures';
import { domDump } from '../../testing/dom-dump';
import { parseXml, serializeXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { writeCell } from './row-transitions';
import { RowStore } from './row-store';
import { WrsIndex } from './wrs-index';

/** Every node below `node`, attributes included. */
function nodesBelow(node: Node, out: Node[] = []): Node[] {
  const attributes = (node as Element).attributes;
  if (node.nodeType === 1 && attributes) for (let i = 0; i < attributes.length; i++) out.push(attributes[i]);
  for (let c = node.firstChild; c; c = c.nextSibling) {
    out.push(c);
    nodesBelow(c, out);
  }
  return out;
}

describe(`Rows built by the row store (${domName()})`, () => {
  const text = `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="a"/><wrs:C pos="2" id="b"/></wrs:Columns></wrs:Header><wrs:Data>` +
    Array.from({ length: 40 }, (_, r) => `\n<wrs:R id="R${r + 1}" x="${r}"><wrs:C>v${r}</wrs:C><!-- c --><wrs:C><wrs:null/></wrs:C></wrs:R>`).join('') +
    '\n</wrs:Data></wrs:Wrs>';

  it('belong to the store\'s document, node for node, and take the library\'s writes like a parsed document\'s rows', () => {
    const store = RowStore.open(text)!;
    while (!store.materializeSlice({ rows: 7 })) { /* slices until complete */ }
    const doc = store.document;
    const data = doc.getElementsByTagNameNS(NS.wrs, 'Data')[0];
    const below = nodesBelow(data);
    expect(below.length).toBeGreaterThan(40 * 6);
    expect(below.filter((n) => n.ownerDocument !== doc).length).toBe(0);
    // The children as the document lists them are the chain of siblings (live lists see the rows too).
    let siblings = 0;
    for (let c = data.firstChild; c; c = c.nextSibling, siblings++) expect(c.parentNode).toBe(data);
    expect(data.childNodes.length).toBe(siblings);
    expect(doc.getElementsByTagNameNS(NS.wrs, 'R').length).toBe(40);
    const row = WrsIndex.of(doc).rowAt(20)!;
    expect(writeCell(row, 2, 'new', WrsIndex.of(doc))!.changed).toBeTrue();
    const written = WrsIndex.of(doc).rowAt(20)!;
    expect(written.ownerDocument).toBe(doc);
    expect(serializeXml(doc)).toContain('<wrs:M id="R20" x="19"><wrs:C>v19</wrs:C><wrs:O>v19</wrs:O><!-- c --><wrs:C>new</wrs:C><wrs:O><wrs:null/></wrs:O></wrs:M>');
  });

  it('are the nodes a whole parse builds', () => {
    expect(domDump(RowStore.open(text)!.materialize()).join('\n')).toBe(domDump(parseXml(text)).join('\n'));
  });
});
