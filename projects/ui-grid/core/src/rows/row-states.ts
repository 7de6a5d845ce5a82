import { ELEMENT_NODE, createWrsElement, firstChildElement, setText } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { forgetSourceText } from '../xml/source-text';

/** The state of a Wrs row: unchanged, inserted, modified, deleted (spec 3.2). */
export type RowState = 'R' | 'I' | 'M' | 'D';

/** The state of a row element. */
export function rowState(row: Element): RowState {
  return row.localName as RowState;
}

/** True for an element of the Wrs namespace of a local name (`C`, `O`, a row state). */
export function isWrs(node: Node, localName: string): boolean {
  return node.nodeType === ELEMENT_NODE && (node as Element).localName === localName && (node as Element).namespaceURI === NS.wrs;
}

/** The `wrs:C` cells of a row in order (the `wrs:O` of an M row left out). */
export function cellsOf(row: Element): Element[] {
  const out: Element[] = [];
  for (let c = row.firstChild; c; c = c.nextSibling) if (isWrs(c, 'C')) out.push(c as Element);
  return out;
}

/** The `wrs:C` at a 1-based position, or null. */
export function cellAt(row: Element, pos: number): Element | null {
  if (pos < 1) return null;
  // Rows hold only C cells, and C/O pairs in M rows (wrs-1.0.0.xsd): index the element children directly, a few DOM
  // calls instead of a walk over every sibling before the cell. A row of another shape falls back to the walk: one
  // whose first element is no wrs:C (a foreign element before the cells), or whose guessed element is no wrs:C.
  const children = (row as Partial<Element>).children;
  if (children && children.length > 0 && isWrs(children[0], 'C')) {
    const modified = row.localName === 'M';
    const guess = children[modified ? 2 * pos - 2 : pos - 1];
    if (guess && isWrs(guess, 'C') && (!modified || guess.nextElementSibling?.localName === 'O')) return guess;
  }
  return nthCell(row, pos);
}

/** The n-th `wrs:C` of a row (1-based), counted exactly: other elements and nodes among the cells are stepped over. */
export function nthCell(row: Element, pos: number): Element | null {
  let n = 0;
  for (let c = row.firstChild; c; c = c.nextSibling) {
    if (isWrs(c, 'C') && ++n === pos) return c as Element;
  }
  return null;
}

/**
 * True when a row's element children are exactly the cells of `width` columns (C/O pairs in an M row), the shape
 * wrs-1.0.0.xsd gives rows. Passes over all cells count such a row's cells by local name, and check the namespace
 * only in other rows, where a foreign element may sit among the cells: in Chromium, reading `namespaceURI` of
 * 2,000,000 cells costs 60 ms, counting element children per row nothing measurable. Always false on DOMs without
 * `childElementCount` (@xmldom/xmldom), where every element is checked.
 */
export function hasCellShape(row: Element, width: number): boolean {
  // A row of another namespace is no Wrs row: its elements are no cells, however many there are.
  return row.childElementCount === (row.localName === 'M' ? 2 * width : width) && row.namespaceURI === NS.wrs;
}

/** The `wrs:O` paired with a cell of an M row, or null. */
export function originalOf(cell: Element): Element | null {
  for (let s = cell.nextSibling; s; s = s.nextSibling) {
    if (s.nodeType !== ELEMENT_NODE) continue;
    return isWrs(s, 'O') ? (s as Element) : null;
  }
  return null;
}

/** Cell value: text, or null for a cell holding `wrs:null`. */
export function cellValue(cell: Element): string | null {
  // Browsers: a cell without element children holds only text, read natively, without a JS object for its text node
  // (validateModel over 2,000,000 cells: 780 -> 720 ms). @xmldom/xmldom has no `childElementCount` and reads the node.
  if (cell.childElementCount === 0) return cell.textContent ?? '';
  const first = cell.firstChild;
  if (first && first === cell.lastChild && first.nodeType === 3) return first.nodeValue;
  if (firstChildElement(cell, NS.wrs, 'null')) return null;
  return cell.textContent ?? '';
}

/** Replaces a cell's content by text, or by `wrs:null` for null. */
export function setCellContent(cell: Element, value: string | null): void {
  forgetSourceText(cell.ownerDocument);
  if (value === null) {
    while (cell.firstChild) cell.removeChild(cell.firstChild);
    cell.appendChild(createWrsElement(cell.ownerDocument!, 'null'));
  } else setText(cell, value);
}

/** Same value, null-aware. */
export function sameValue(a: string | null, b: string | null): boolean {
  return a === b;
}

/**
 * True when two cells hold the same value (text, or `wrs:null`). Browser DOMs compare the text in native code
 * instead of reading each text node, which makes restoring thousands of rows several times cheaper.
 */
export function sameContent(a: Element, b: Element): boolean {
  if ((a as Partial<Element>).childElementCount === undefined) return cellValue(a) === cellValue(b);
  // A cell holds text or `wrs:null` (wrs-1.0.0.xsd): different text is a different value; two empty texts may still
  // be '' and null, which the exact comparison tells apart.
  const text = a.textContent;
  if (text !== b.textContent) return false;
  return text !== '' || cellValue(a) === cellValue(b);
}
