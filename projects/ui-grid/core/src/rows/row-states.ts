import { ELEMENT_NODE, createWrsElement, firstChildElement, setText } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { forgetSourceText } from '../xml/source-text';
import { WrsIndex } from './wrs-index';

/** The state of a Wrs row: unchanged, inserted, modified, deleted (spec 3.2). */
export type RowState = 'R' | 'I' | 'M' | 'D';

/** The state of a row element. */
export function rowState(row: Element): RowState {
  return row.localName as RowState;
}

function isWrs(node: Node, localName: string): boolean {
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
  return row.childElementCount === (row.localName === 'M' ? 2 * width : width);
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
 * @xmldom/xmldom re-indexes all siblings on `replaceChild` (O(rows) in `wrs:Data`, 6.6 ms at 100,000 rows), but keeps
 * element names in plain properties: there a row is renamed in place (O(1)). Browser DOMs replace the element (O(1)).
 */
function canRenameInPlace(row: Element): boolean {
  const doc = row.ownerDocument;
  if (!doc || typeof doc.evaluate === 'function') return false;
  return !!Object.getOwnPropertyDescriptor(row, 'localName')?.writable;
}

function renameInPlace(row: Element, state: RowState): boolean {
  if (!canRenameInPlace(row)) return false;
  const doc = row.ownerDocument as Document & { _inc?: number };
  const named = row as unknown as { localName: string; tagName: string; nodeName: string };
  const qname = row.prefix ? `${row.prefix}:${state}` : state;
  forgetSourceText(doc);
  named.localName = state;
  named.tagName = qname;
  named.nodeName = qname;
  if (typeof doc._inc === 'number') doc._inc++;
  return true;
}

/** A new, empty row element of a state with the attributes (id) of `row`, not yet in the document. */
function emptyRowLike(row: Element, state: RowState, id = row.getAttribute('id')): Element {
  const renamed = row.ownerDocument!.createElementNS(NS.wrs, row.prefix ? `${row.prefix}:${state}` : state);
  // Rows carry plain attributes (`id`): copied by name, no attribute objects made. The usual row (its `id` only) is
  // copied without listing names. A prefixed name needs its namespace.
  if (id !== null && row.attributes.length === 1) {
    renamed.setAttribute('id', id);
    return renamed;
  }
  const names = (row as Partial<Element>).getAttributeNames?.();
  if (names && names.every((name) => !name.includes(':'))) {
    for (const name of names) renamed.setAttribute(name, row.getAttribute(name)!);
    return renamed;
  }
  const attributes = row.attributes;
  for (let i = 0; i < attributes.length; i++) {
    const a = attributes[i];
    if (a.namespaceURI) renamed.setAttributeNS(a.namespaceURI, a.name, a.value);
    else renamed.setAttribute(a.name, a.value);
  }
  return renamed;
}

/** Puts `renamed` where `row` was, in the document and the index. */
function replaceRow(row: Element, renamed: Element, index?: WrsIndex | null, id?: string | null): Element {
  forgetSourceText(row.ownerDocument);
  row.parentNode?.replaceChild(renamed, row);
  index?.replaced(row, renamed, id);
  return renamed;
}

/** Gives a row another element name (R, I, M, D) keeping id, attributes and children; returns the new row. */
export function renameRow(row: Element, state: RowState, index?: WrsIndex | null): Element {
  if (row.localName === state) return row;
  if (renameInPlace(row, state)) {
    index?.replaced(row, row);
    return row;
  }
  const id = row.getAttribute('id');
  const renamed = emptyRowLike(row, state, id);
  moveChildren(row, renamed);
  return replaceRow(row, renamed, index, id);
}

/**
 * Moves all children of `from` to the end of `to` (10,000 rows are 200,000 moves). Where the DOM has
 * `replaceChildren`, the children leave `from` in one native call and are then appended one by one: in Chromium that
 * is about 20% cheaper than moving each child out of the document on its own (10,000 rows of 20 cells: 72 against
 * 89 ms, `deleteRows.10kContiguous.domFloor`).
 */
function moveChildren(from: Element, to: Element): void {
  if (typeof (from as Partial<Element>).replaceChildren !== 'function') {
    for (let child = from.firstChild; child !== null; child = from.firstChild) to.appendChild(child);
    return;
  }
  const children: Node[] = [];
  for (let child = from.firstChild; child !== null; child = child.nextSibling) children.push(child);
  from.replaceChildren();
  for (let i = 0; i < children.length; i++) to.appendChild(children[i]);
}

/** The first element child (DOMs without element traversal, such as @xmldom/xmldom, walk the child nodes). */
function firstElement(node: Node): Element | null {
  const first = (node as Partial<Element>).firstElementChild;
  if (first !== undefined) return first;
  let c = node.firstChild;
  while (c && c.nodeType !== ELEMENT_NODE) c = c.nextSibling;
  return c as Element | null;
}

/** The next element sibling. */
function nextElement(node: Element): Element | null {
  const next = (node as Partial<Element>).nextElementSibling;
  if (next !== undefined) return next;
  let c = node.nextSibling;
  while (c && c.nodeType !== ELEMENT_NODE) c = c.nextSibling;
  return c as Element | null;
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

/** Replaces the content of a cell by the content of its `wrs:O`, moving the original's nodes. */
function takeOriginal(cell: Element, original: Element): void {
  forgetSourceText(cell.ownerDocument);
  while (cell.firstChild) cell.removeChild(cell.firstChild);
  while (original.firstChild) cell.appendChild(original.firstChild);
}

/**
 * An M row as a row of another state (R after a restore, D after a delete) holding the original values: one pass
 * over its C/O pairs, moving the cells into the new element; the `wrs:O` stay behind in the old one.
 */
function revertModified(row: Element, state: RowState, index?: WrsIndex | null): Element {
  const kept = keptOriginal(row, index);
  if (kept) {
    if (state === 'R') return replaceRow(row, kept, index);
    const renamed = emptyRowLike(kept, state);
    moveChildren(kept, renamed);
    return replaceRow(row, renamed, index);
  }
  if (canRenameInPlace(row)) {
    // Renaming in place is free here; dropping the originals is the work.
    dropOriginals(row, true);
    return renameRow(row, state, index);
  }
  const renamed = emptyRowLike(row, state);
  // Every child but the wrs:O moves, text between the cells too, so the row is the R row `markModified` was given.
  let child = row.firstChild;
  while (child) {
    const next: ChildNode | null = child.nextSibling;
    if (child.nodeType !== ELEMENT_NODE) renamed.appendChild(child);
    else {
      // Children of a wrs row are wrs:C and wrs:O (wrs-1.0.0.xsd): the local name tells them apart.
      const cell = child as Element;
      const name = cell.localName;
      if (name === 'C') {
        const original = nextElement(cell);
        if (original && original.localName === 'O' && !sameContent(cell, original)) takeOriginal(cell, original);
        renamed.appendChild(cell);
      } else if (name !== 'O') renamed.appendChild(cell);
    }
    child = next;
  }
  return replaceRow(row, renamed, index);
}

/**
 * The R row an M row was made from, as `markModified` kept it; null when none was kept or the M row no longer has the
 * shape it gave it (a C/O pair per cell of the copy). Attributes need no check: the copy has the M row's attributes
 * from `emptyRowLike`, and a write into a row's attributes or `wrs:O` drops the copy (`WrsIndex.forgetOriginal`).
 */
function keptOriginal(row: Element, index?: WrsIndex | null): Element | null {
  const kept = index?.takeOriginal(row);
  return kept && row.childElementCount === 2 * kept.childElementCount ? kept : null;
}

/**
 * Turns an R row into M: every `wrs:C` gets a `wrs:O` sibling holding the original value. Where the DOM
 * replaces the element (browsers), the new row gets its cells and their originals in one `append` call, and the
 * index keeps a deep copy of the R row for a later restore: a native clone here saves comparing every cell with its
 * original there.
 */
export function markModified(row: Element, index?: WrsIndex | null): Element {
  if (rowState(row) !== 'R') return row;
  const doc = row.ownerDocument!;
  if (canRenameInPlace(row) || typeof (row as Partial<Element>).append !== 'function') {
    const modified = renameRow(row, 'M', index);
    for (const cell of cellsOf(modified)) modified.insertBefore(originalFor(cell, createWrsElement(doc, 'O')), cell.nextSibling);
    return modified;
  }
  const original = index?.mayKeepOriginal() ? (row.cloneNode(true) as Element) : null;
  const modified = emptyRowLike(row, 'M');
  const empty = createWrsElement(doc, 'O');
  const children: Node[] = [];
  for (let c = row.firstChild; c; c = c.nextSibling) {
    children.push(c);
    if (isWrs(c, 'C')) children.push(originalFor(c as Element, empty.cloneNode(false) as Element));
  }
  modified.append(...children);
  replaceRow(row, modified, index);
  if (original) index!.keepOriginal(modified, original);
  return modified;
}

/** `original` (an empty `wrs:O`) holding a copy of the cell's content. */
function originalFor(cell: Element, original: Element): Element {
  for (let c = cell.firstChild; c; c = c.nextSibling) original.appendChild(c.cloneNode(true));
  return original;
}

/** Result of a cell write: the row (a new element when R became M) and whether the value changed. */
export interface CellWrite {
  readonly row: Element;
  readonly cell: Element;
  readonly changed: boolean;
}

/**
 * Writes a cell value with Wrs history: an R row becomes M with C/O pairs. Writing the value a cell already
 * holds changes nothing. Returns null when the cell does not exist.
 */
export function writeCell(row: Element, pos: number, value: string | null, index?: WrsIndex | null): CellWrite | null {
  const cell = cellAt(row, pos);
  if (!cell) return null;
  if (sameValue(cellValue(cell), value)) return { row, cell, changed: false };
  const target = rowState(row) === 'R' ? markModified(row, index) : row;
  setCellContent(cell, value);
  return { row: target, cell, changed: true };
}

/**
 * Writes several cells of one row with Wrs history, as `writeCell` does each, reading the row's cells once and turning
 * an R row into M once. `writes` pairs 1-based positions with values; a position without a cell is skipped.
 * `beforeChange` runs once, before the first change (an undo record). Returns the row (a new element when R became
 * M) and the positions whose value changed.
 */
export function writeRowCells(
  row: Element,
  writes: Iterable<readonly [number, string | null]>,
  index?: WrsIndex | null,
  beforeChange?: (row: Element) => void,
  pasted = false,
): { row: Element; changed: number[] } {
  const cells = cellsOf(row);
  const changes: [Element, string | null, number][] = [];
  for (const [pos, value] of writes) {
    const cell = cells[pos - 1];
    if (!cell) continue;
    const now = cellValue(cell);
    const written = pasted ? pastedValue(now, value) : value;
    if (!sameValue(now, written)) changes.push([cell, written, pos]);
  }
  if (changes.length === 0) return { row, changed: [] };
  beforeChange?.(row);
  // Turning R into M keeps the cell elements (moved into the M row), so `changes` stays valid.
  const target = rowState(row) === 'R' ? markModified(row, index) : row;
  for (const [cell, value] of changes) setCellContent(cell, value);
  return { row: target, changed: changes.map((c) => c[2]) };
}

/**
 * The value a pasted field writes into a cell holding `now`: an empty field (`''` or `wrs:null`) leaves an empty cell
 * as it is, since clipboard text cannot tell the empty text from `wrs:null` (a copy pasted in place changes nothing).
 */
export function pastedValue(now: string | null, value: string | null): string | null {
  return (value === '' || value === null) && (now === '' || now === null) ? now : value;
}

/** Drops the `wrs:O` of a row, putting their values back into the cells first when `restoreOriginals`. */
function dropOriginals(row: Element, restoreOriginals: boolean): void {
  forgetSourceText(row.ownerDocument);
  for (const cell of cellsOf(row)) {
    const original = originalOf(cell);
    if (!original) continue;
    if (restoreOriginals && !sameContent(cell, original)) takeOriginal(cell, original);
    row.removeChild(original);
  }
}

/** Outcome of deleting one row. */
export type DeleteOutcome = 'deleted' | 'removed' | 'unchanged';

/**
 * Deletes a row: R -> D; M -> D holding the original values; I rows are removed
 * from the document; D rows stay as they are.
 */
export function deleteRowElement(row: Element, index?: WrsIndex | null): { outcome: DeleteOutcome; row: Element | null } {
  switch (rowState(row)) {
    case 'D':
      return { outcome: 'unchanged', row };
    case 'I':
      forgetSourceText(row.ownerDocument);
      row.parentNode?.removeChild(row);
      index?.removed([row]);
      return { outcome: 'removed', row: null };
    case 'M':
      return { outcome: 'deleted', row: revertModified(row, 'D', index) };
    default:
      return { outcome: 'deleted', row: renameRow(row, 'D', index) };
  }
}

/** Restores a whole row: M and D rows become R with their original values. Returns the row, or null if neither M nor D. */
export function restoreRowElement(row: Element, index?: WrsIndex | null): Element | null {
  const state = rowState(row);
  if (state !== 'M' && state !== 'D') return null;
  return state === 'M' ? revertModified(row, 'R', index) : renameRow(row, 'R', index);
}

/** Makes an I or M row an unchanged R row holding its current values (its `wrs:O` dropped): the state after a save. */
export function commitRow(row: Element, index?: WrsIndex | null): Element {
  if (rowState(row) === 'M') {
    dropOriginals(row, false);
    index?.forgetOriginal(row);
  }
  return renameRow(row, 'R', index);
}

/**
 * A copy of a row as a new row of another state (a duplicate becomes I) holding the row's current values: the row is
 * deep-cloned natively and its cells moved into the new element; the `wrs:O` of an M row are left out.
 */
export function copyRowAs(row: Element, state: RowState, id: string): Element {
  const copy = row.cloneNode(true) as Element;
  copy.setAttribute('id', id);
  if (canRenameInPlace(copy)) {
    if (copy.localName === 'M') {
      for (const cell of cellsOf(copy)) {
        const original = originalOf(cell);
        if (original) copy.removeChild(original);
      }
    }
    renameInPlace(copy, state);
    return copy;
  }
  if (copy.localName === state) return copy;
  const renamed = emptyRowLike(copy, state);
  let child = firstElement(copy);
  while (child) {
    const next = nextElement(child);
    if (!isWrs(child, 'O')) renamed.appendChild(child);
    child = next;
  }
  return renamed;
}
