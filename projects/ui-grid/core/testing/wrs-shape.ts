import { ELEMENT_NODE } from '../src/xml/dom';
import { NS } from '../src/xml/namespaces';

function text(cell: Element): string {
  for (let c = cell.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === ELEMENT_NODE && (c as Element).localName === 'null' && (c as Element).namespaceURI === NS.wrs) return '~';
  }
  return cell.textContent ?? '';
}

/**
 * The rows of a Wrs document at a glance, one string per row: `state id c1|c2|c3`, and for M rows the originals
 * after ` / `. `wrs:null` shows as `~`. Specs compare the whole document this way.
 */
export function rowShapes(doc: Document): string[] {
  const root = doc.documentElement;
  let data: Element | null = null;
  for (let c = root.firstChild; c; c = c.nextSibling) if (c.nodeType === ELEMENT_NODE && (c as Element).localName === 'Data') data = c as Element;
  const out: string[] = [];
  for (let r = data?.firstChild ?? null; r; r = r.nextSibling) {
    if (r.nodeType !== ELEMENT_NODE) continue;
    const row = r as Element;
    const cells: string[] = [];
    const originals: string[] = [];
    for (let c = row.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== ELEMENT_NODE) continue;
      if ((c as Element).localName === 'C') cells.push(text(c as Element));
      if ((c as Element).localName === 'O') originals.push(text(c as Element));
    }
    out.push(`${row.localName} ${row.getAttribute('id')} ${cells.join('|')}${originals.length ? ' / ' + originals.join('|') : ''}`);
  }
  return out;
}
