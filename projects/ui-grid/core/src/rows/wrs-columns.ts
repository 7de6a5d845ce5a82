import { WrsError } from '../errors';
import { ELEMENT_NODE, firstChildElement } from '../xml/dom';
import { NS } from '../xml/namespaces';

/** One header column of a Wrs (`wrs:Header/wrs:Columns/wrs:C`). */
export interface WrsColumn {
  readonly id: string;
  /** 1-based position, from `@pos` (document order where `@pos` is missing). */
  readonly pos: number;
  readonly element: Element;
}

/**
 * The header columns of a `wrs:Wrs` element, ordered by position, and by id. Throws NOT_WRS for a header whose
 * positions or ids are not distinct.
 */
export function headerColumns(root: Element): { list: WrsColumn[]; byId: Map<string, WrsColumn> } {
  const list: WrsColumn[] = [];
  const byId = new Map<string, WrsColumn>();
  const header = firstChildElement(root, NS.wrs, 'Header');
  const columns = header && firstChildElement(header, NS.wrs, 'Columns');
  if (!columns) return { list, byId };
  let n = 0;
  const taken = new Set<number>();
  for (let c = columns.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== ELEMENT_NODE || (c as Element).localName !== 'C' || (c as Element).namespaceURI !== NS.wrs) continue;
    n++;
    const el = c as Element;
    const given = el.getAttribute('pos');
    const pos = given === null || given === '' ? n : Number(given);
    const column = { id: el.getAttribute('id') ?? String(pos), pos, element: el };
    // Cells are found by position and columns by id (both unique in wrs-1.0.0.xsd): a header that breaks this
    // would read one column's cells for another.
    if (!Number.isInteger(pos) || pos < 1 || taken.has(pos)) {
      throw new WrsError('NOT_WRS', `Header column "${column.id}" has @pos "${given}": positions are distinct whole numbers from 1`, given);
    }
    if (byId.has(column.id)) {
      throw new WrsError('NOT_WRS', `Header column id "${column.id}" appears twice`, column.id);
    }
    taken.add(pos);
    list.push(column);
    byId.set(column.id, column);
  }
  list.sort((a, b) => a.pos - b.pos);
  return { list, byId };
}
