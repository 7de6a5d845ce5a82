import { GridCells } from '../grid-cells';
import { GridState } from '../grid-state';
import { ShownRow } from '../shown-row';
import { formatMessage, messageOf, rowStateMessage } from './grid-messages';

/** `rowHeaders` (Handsontable's forms): true for row numbers, labels by row index, or a function index -> label. */
export type RowHeadersOption = boolean | readonly string[] | ((index: number) => string);

/** What a row header shows besides its label: the row's state and whether it is invalid or was refused. */
export interface RowHeaderFacts {
  invalid(rowId: string): boolean;
  failure(rowId: string): string | null;
}

const MARKS: Readonly<Record<string, string>> = { I: '+', M: '*', D: '\u2212' };
const CHAR_WIDTH = 8;
const PADDING = 26;

/**
 * Row headers: a column left of the cells, kept in view while scrolling sideways, with each row's number in the
 * result (its label) and a mark of its state; a click selects the row, shift+click extends to it. Painted into the
 * body's recycled row elements as they are painted, so a scroll step costs one text write per new row.
 */
export class GridRowHeaders {
  /** The header element of each row element, and the row position it shows. */
  private readonly heads = new Map<HTMLElement, { head: HTMLElement; position: number }>();
  private corner: HTMLElement | null = null;
  private shift = -1;
  private width = 0;
  /** The row a shift+click extends from. */
  private anchor = 0;

  constructor(
    private readonly state: GridState,
    private readonly cells: GridCells,
    private readonly facts: RowHeaderFacts,
  ) {}

  /** The row headers asked for: the `rowHeaders` input, else `hotArgs.rowHeaders`; null when off. */
  option(): RowHeadersOption | null {
    const grid = this.state.grid;
    const asked = grid.rowHeaders() ?? grid.hotArgs()?.rowHeaders ?? false;
    return asked === false ? null : asked;
  }

  /** The input changed: headers drawn or taken away on every row shown. */
  refresh(): void {
    const body = this.state.body;
    if (!body) return;
    if (!this.option()) {
      for (const { head } of this.heads.values()) head.remove();
      this.heads.clear();
      this.corner?.remove();
      this.setWidth(0);
    }
    body.repaintAll();
  }

  /** Paints the header of a row element just painted with the row at `position`. */
  readonly rowPainted = (element: HTMLElement, position: number, row: ShownRow | null): void => {
    const option = this.option();
    if (!option) return;
    let entry = this.heads.get(element);
    if (!entry) {
      const head = newHead(element.ownerDocument);
      element.prepend(head);
      entry = { head, position };
      this.heads.set(element, entry);
      this.shift = -1;
    }
    entry.position = position;
    const index = this.firstIndex() + position;
    const label = this.label(option, index);
    const state = row?.state ?? 'R';
    const rowId = row?.id ?? '';
    const failure = row ? this.facts.failure(rowId) : null;
    const invalid = row !== null && this.facts.invalid(rowId);
    const { messages } = this.state;
    const names = [option === true ? formatMessage(messageOf(messages, 'rowHeader'), { n: label }) : label];
    const stateText = rowStateMessage(messages, state);
    if (stateText) names.push(stateText);
    if (invalid) names.push(messageOf(messages, 'rowInvalid'));
    if (failure !== null) names.push(failure);
    const name = names.join(', ');
    const [mark, text] = [entry.head.firstChild as HTMLElement, entry.head.lastChild as HTMLElement];
    const markText = (MARKS[state] ?? '') + (invalid || failure !== null ? '!' : '');
    if (mark.textContent !== markText) mark.textContent = markText;
    if (text.textContent !== label) text.textContent = label;
    if (entry.head.getAttribute('aria-label') !== name) entry.head.setAttribute('aria-label', name);
    let cls = `ui-grid-rowheader ui-grid-rowheader-${state}`;
    if (invalid || failure !== null) cls += ' ui-grid-rowheader-invalid';
    if (this.selected(position)) cls += ' ui-grid-rowheader-selected';
    if (entry.head.className !== cls) entry.head.className = cls;
  };

  /** After each paint: the width for the labels, the corner, the shift by the horizontal scroll, the selection marks. */
  readonly painted = (): void => {
    const option = this.option();
    const body = this.state.body;
    if (!option || !body) return;
    const rows = this.state.features.view?.rowCount ?? 0;
    const widest = this.widestLabel(option, rows);
    this.setWidth(widest * CHAR_WIDTH + PADDING);
    if (!this.corner) {
      this.corner = body.header.ownerDocument.createElement('div');
      this.corner.className = 'ui-grid-corner';
      this.corner.setAttribute('aria-hidden', 'true');
    }
    // The header is painted anew when columns, sorting or filters change: the corner goes back into it.
    if (this.corner.parentNode !== body.header) {
      body.header.prepend(this.corner);
      this.shift = -1;
    }
    const x = body.viewport.scrollLeft;
    if (x !== this.shift) {
      this.shift = x;
      const transform = x === 0 ? '' : `translateX(${x}px)`;
      this.corner.style.transform = transform;
      for (const { head } of this.heads.values()) head.style.transform = transform;
    }
    for (const [element, { head, position }] of this.heads) {
      if (!element.isConnected) {
        this.heads.delete(element);
        continue;
      }
      head.classList.toggle('ui-grid-rowheader-selected', this.selected(position));
    }
  };

  /** A press on a row header: selects its row, or with shift the rows from the last one selected so. */
  readonly onMousedown = (event: MouseEvent): void => {
    const head = (event.target as Element).closest?.('.ui-grid-rowheader');
    if (event.button !== 0 || !head) return;
    const entry = this.heads.get(head.parentElement as HTMLElement);
    if (!entry) return;
    event.preventDefault();
    const from = event.shiftKey ? this.anchor : entry.position;
    if (!event.shiftKey) this.anchor = entry.position;
    this.selectRows(Math.min(from, entry.position), Math.max(from, entry.position));
  };

  /** Selects whole rows of the row view (every shown column), the focus on the first cell of the first one. */
  selectRows(top: number, bottom: number): void {
    const { state } = this;
    const last = state.shown.length - 1;
    const rows = state.features.view?.rowCount ?? 0;
    if (last < 0 || rows === 0) return;
    state.selection.selectRange({ top: Math.max(0, top), left: 0, bottom: Math.min(bottom, rows - 1), right: last });
    state.body?.repaintMarks();
    this.cells.markActive();
    this.cells.focusBody();
  }

  /** The 0-based index in the whole result of the first row shown: the rows of the pages before it. */
  private firstIndex(): number {
    const { features, grid } = this.state;
    const size = features.activePageSize();
    if (!size) return 0;
    return (grid.serverSidedPagination() ? features.page() : (features.view?.pageNumber ?? 0)) * size;
  }

  private label(option: RowHeadersOption, index: number): string {
    if (option === true) return String(index + 1);
    if (typeof option === 'function') return String(option(index) ?? '');
    return Array.isArray(option) ? String(option[index] ?? '') : '';
  }

  /** Characters of the widest label likely shown: the last number, or the labels of the first and last rows. */
  private widestLabel(option: RowHeadersOption, rows: number): number {
    const first = this.firstIndex();
    if (option === true) return String(first + Math.max(rows, 1)).length;
    const last = first + Math.max(rows - 1, 0);
    return Math.min(24, Math.max(2, this.label(option, first).length, this.label(option, last).length));
  }

  /** True when the selection takes in cells of the row at a position: its header is marked. */
  private selected(position: number): boolean {
    const range = this.state.selection.range;
    return position >= range.top && position <= range.bottom;
  }

  private setWidth(width: number): void {
    const body = this.state.body;
    if (width === this.width || !body) return;
    this.width = width;
    body.leadingWidth = width;
    const host = this.state.services.bodyHost();
    host.classList.toggle('ui-grid-with-row-headers', width > 0);
    if (width > 0) host.style.setProperty('--ui-grid-row-header-width', `${width}px`);
    else host.style.removeProperty('--ui-grid-row-header-width');
  }
}

/** A row header element: the state mark (hidden from assistive technology: the name says the state) and the label. */
function newHead(doc: Document): HTMLElement {
  const head = doc.createElement('div');
  head.className = 'ui-grid-rowheader';
  head.setAttribute('role', 'rowheader');
  const mark = head.appendChild(doc.createElement('span'));
  mark.className = 'ui-grid-rowheader-mark';
  mark.setAttribute('aria-hidden', 'true');
  head.appendChild(doc.createElement('span'));
  return head;
}
