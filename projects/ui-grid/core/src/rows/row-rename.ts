import { ELEMENT_NODE } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { forgetSourceText } from '../xml/source-text';
import type { RowState } from './row-states';
import type { WrsIndex } from './wrs-index';

// A row element under another state name (R, I, M, D): renamed in place where the DOM allows it, else replaced by a
// new element its children move into. The state changes (row-transitions.ts) are made of these.

/**
 * @xmldom/xmldom re-indexes all siblings on `replaceChild` (O(rows) in `wrs:Data`, 6.6 ms at 100,000 rows), but keeps
 * element names in plain properties: there a row is renamed in place (O(1)). Browser DOMs replace the element (O(1)).
 */
export function canRenameInPlace(row: Element): boolean {
  const doc = row.ownerDocument;
  if (!doc || typeof doc.evaluate === 'function') return false;
  return !!Object.getOwnPropertyDescriptor(row, 'localName')?.writable;
}

/** Renames a row in place where the DOM allows it (see `canRenameInPlace`); false where it does not. */
export function renameInPlace(row: Element, state: RowState): boolean {
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
export function emptyRowLike(row: Element, state: RowState, id = row.getAttribute('id')): Element {
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
export function replaceRow(row: Element, renamed: Element, index?: WrsIndex | null, id?: string | null): Element {
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
export function moveChildren(from: Element, to: Element): void {
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
export function firstElement(node: Node): Element | null {
  const first = (node as Partial<Element>).firstElementChild;
  return first !== undefined ? first : elementFrom(node.firstChild);
}

/** The next element sibling. */
export function nextElement(node: Element): Element | null {
  const next = (node as Partial<Element>).nextElementSibling;
  return next !== undefined ? next : elementFrom(node.nextSibling);
}

/** `node` when it is an element, else the first element among its next siblings. */
function elementFrom(node: Node | null): Element | null {
  let c = node;
  while (c && c.nodeType !== ELEMENT_NODE) c = c.nextSibling;
  return c as Element | null;
}
