import { ELEMENT_NODE, createWrsElement } from '../xml/dom';
import { forgetSourceText } from '../xml/source-text';
import {
  RowState, cellAt, cellValue, cellsOf, isWrs, originalOf, rowState, sameContent, sameValue, setCellContent,
} from './row-states';
import { canRenameInPlace, emptyRowLike, firstElement, moveChildren, nextElement, renameInPlace, renameRow, replaceRow } from './row-rename';
import type { WrsIndex } from './wrs-index';

// The changes of state of a row element (spec 3.2) with the library's rules: a cell write turns R into M keeping the
// originals in `wrs:O`, a delete or restore of an M row takes them back, a commit drops them, a copy leaves them out.

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
