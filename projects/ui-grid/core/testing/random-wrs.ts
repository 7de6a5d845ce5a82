import { NS } from '../src/xml/namespaces';

/** A seeded generator of whole numbers below `n` (mulberry32): the same seed gives the same sequence on every DOM. */
export function seededRandom(seed: number): (n: number) => number {
  let s = seed | 0;
  return (n: number) => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) % n);
  };
}

const TEXTS = ['', 'a', 'x y', ' lead', 'A&amp;B', '&lt;tag&gt;', '&#x41;&#66;', 'line&#13;\r\nnext', 'cr\rend', 'q&quot;&apos;', '\u00e9\u{1F600}', '1.5', 'a>b'];

/**
 * The text of a random Wrs of `rows` rows and `columns` columns, in one of three spellings of the Wrs namespace
 * (prefix `wrs`, another prefix, the default namespace), with rows of every state, entities, CR line ends, empty and
 * `wrs:null` cells, and now and then a row of unusual shape (a comment or CDATA in it, a cell with an attribute, its
 * own namespace declaration, a foreign element, a self-closed row) and comments, PIs and text between rows.
 */
export function randomWrsText(random: (n: number) => number, rows: number, columns: number): string {
  const spelling = random(3);
  const p = spelling === 0 ? 'wrs:' : spelling === 1 ? 'w:' : '';
  const declaration = spelling === 0 ? `xmlns:wrs="${NS.wrs}"` : spelling === 1 ? `xmlns:w="${NS.wrs}"` : `xmlns="${NS.wrs}"`;
  const value = () => (random(6) === 0 ? null : TEXTS[random(TEXTS.length)]);
  const cellOf = (q: string, name: string, v: string | null) => (v === null ? `<${q}${name}><${q}null/></${q}${name}>` : v === '' && random(2) === 0 ? `<${q}${name}/>` : `<${q}${name}>${v}</${q}${name}>`);
  const gap = () => [' ', '\n  ', '\r\n', '', '<!-- between -->', '<?pi x?>'][random(12) % 6] ?? '';
  const header = Array.from({ length: columns }, (_, i) => `<${p}C pos="${i + 1}" id="c${i + 1}" caption="C &amp; ${i + 1}"/>`).join('');
  let body = '';
  for (let r = 0; r < rows; r++) {
    const state = 'RRRIMD'[random(6)];
    const id = random(8) === 0 ? `R&amp;${r}` : `R${r}`;
    const quote = random(5) === 0 ? "'" : '"';
    const odd = random(12);
    const q = odd === 3 ? 'x:' : p;
    let content = '';
    for (let c = 0; c < columns; c++) {
      content += (random(10) === 0 ? '\n   ' : '') + cellOf(q, 'C', value());
      if (state === 'M') content += cellOf(q, 'O', value());
    }
    let row = `<${p}${state} id=${quote}${id}${quote}${random(10) === 0 ? ' extra="1"' : ''}>${content}</${p}${state}>`;
    if (odd === 0) row = row.replace(`</${p}${state}>`, `<!-- note --></${p}${state}>`);
    else if (odd === 1) row = row.replace(`<${p}C>`, `<${p}C><![CDATA[<cd>]]>`);
    else if (odd === 2) row = row.replace(`<${p}C>`, `<${p}C kind="k">`);
    else if (odd === 3) row = `<x:${state} xmlns:x="${NS.wrs}" id="${id}">${content}</x:${state}>`;
    else if (odd === 4) row = `<f:Other xmlns:f="urn:f" id="${id}"><f:C>x</f:C></f:Other>`;
    else if (odd === 5) row = `<${p}R id="${id}"/>`;
    body += gap() + row;
  }
  const footer = random(2) === 0 ? `<${p}Footer><!-- f --></${p}Footer>` : '';
  const prolog = random(2) === 0 ? '<?xml version="1.0" encoding="UTF-8"?>\n' : '';
  return `${prolog}<${p}Wrs ${declaration}>\r\n<${p}Header><${p}Columns>${header}</${p}Columns></${p}Header>\n<${p}Data>${body}${gap()}</${p}Data>${footer}</${p}Wrs>\n`;
}
