import { NS } from 'ngx-wrs-grid/core';
import { GridColumn } from './grid-column';

/** One recycled row element of the body and what it shows. */
export interface RowSlot {
  readonly element: HTMLElement;
  readonly cells: HTMLElement[];
  /** Class of each cell without the selection marks. */
  readonly base: string[];
  /** The row position this slot shows, -1 when unused. */
  position: number;
  /** The scrolling columns [from, to) painted for the row; the others are blank, but for `extra`. */
  from: number;
  to: number;
  /** Columns outside [from, to) painted on demand by `cellElement` (the focused cell scrolled out sideways). */
  extra: number[];
}

/** A row element with a cell element for every column, hidden and blank until it shows a row. */
export function newRowSlot(doc: Document, rowHeight: number, columns: readonly GridColumn[], offsets: readonly number[], blankClass: (col: number) => string): RowSlot {
  const element = doc.createElement('div');
  element.className = 'ui-grid-row';
  element.setAttribute('role', 'row');
  element.style.height = `${rowHeight}px`;
  // Hidden until it shows a row: an unused slot at the top would cover the first row (its clicks and tooltips).
  element.style.display = 'none';
  const cells: HTMLElement[] = [];
  const base: string[] = [];
  for (let i = 0; i < columns.length; i++) {
    const cell = doc.createElement('div');
    base.push(blankClass(i));
    cell.className = base[i];
    cell.setAttribute('role', 'gridcell');
    cell.setAttribute('aria-colindex', String(i + 1));
    cell.style.left = `${offsets[i]}px`;
    cell.style.width = `${columns[i].width}px`;
    // New text in a contained cell lays out that cell alone, not its row of blank siblings (about half a step's layout).
    cell.style.contain = 'strict';
    element.appendChild(cell);
    cells.push(cell);
  }
  return { element, cells, base, position: -1, from: 0, to: 0, extra: [] };
}

/** The stored value of a cell: its text, null for `wrs:null`. */
export function valueOf(cell: Element): string | null {
  const first = cell.firstChild;
  if (!first) return '';
  if (first === cell.lastChild && first.nodeType === 3) return first.nodeValue;
  for (let c: Node | null = first; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as Element).localName === 'null' && (c as Element).namespaceURI === NS.wrs) return null;
  }
  return cell.textContent;
}
