import { ELEMENT_NODE } from '../xml/dom';
import { NS } from '../xml/namespaces';

export const ATTRIBUTE_NODE_TYPE = 2;

/** Where a node sits in a Wrs: its row and, when inside one, its cell. */
export interface CellContext {
  readonly row: Element;
  /** The `wrs:C` holding the node (or the node itself), null for a node on the row itself. */
  readonly cell: Element | null;
  /** True when the node is the row itself or `wrs:Data` (a change that moves rows). */
  readonly structural: boolean;
}

const ROW_NAMES = new Set(['R', 'I', 'M', 'D']);

function isWrsElement(node: Node | null, local?: string): node is Element {
  return !!node && node.nodeType === ELEMENT_NODE && (node as Element).namespaceURI === NS.wrs && (!local || (node as Element).localName === local);
}

/** Finds the row (and cell) of a node inside `/wrs:Wrs/wrs:Data`, or null when the node is elsewhere. */
export function findCellContext(node: Node, doc: Document): CellContext | null {
  let el: Node | null = node.nodeType === ATTRIBUTE_NODE_TYPE ? (node as Attr).ownerElement : node;
  if (el && el.nodeType !== ELEMENT_NODE) el = el.parentNode;
  const root = doc.documentElement;
  if (!isWrsElement(root, 'Wrs')) return null;
  let child: Element | null = null;
  for (let cur = el as Element | null; cur && cur !== root; cur = cur.parentNode as Element | null) {
    const parent = cur.parentNode;
    if (isWrsElement(cur, 'Data') && parent === root) return { row: cur, cell: null, structural: true };
    if (ROW_NAMES.has(cur.localName) && isWrsElement(cur) && isWrsElement(parent, 'Data') && parent.parentNode === root) {
      const cell = child && isWrsElement(child, 'C') ? child : null;
      const structural = child === null && node.nodeType !== ATTRIBUTE_NODE_TYPE;
      return { row: cur, cell, structural };
    }
    child = cur;
  }
  return null;
}
