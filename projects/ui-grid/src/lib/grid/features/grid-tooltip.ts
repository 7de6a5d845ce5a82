import { RowStore, storeTooltip, tooltipChain } from 'ngx-wrs-grid/core';
import { GridMessageTable, formatMessage } from './grid-messages';

/** The cell a tooltip is about. */
export interface TooltipCell {
  readonly rowId: string;
  readonly colId: string;
}

/** Hovering waits this long before a tooltip shows. */
const SHOW_DELAY_MS = 400;

/**
 * The built-in tooltip (the core's `gridTooltip` chain) as elements: column caption (as the grid shows it) and
 * description, cell value, the grid's validation message (as the user reads it, instead of the stored message key),
 * the original value of a modified cell. Text only.
 */
export function builtInTooltip(
  doc: Document,
  wrs: Document,
  /** The row store whose rows are not built, or null: the row is read from it. */
  store: RowStore | null,
  cell: TooltipCell,
  caption: string,
  error: string | null,
  messages: GridMessageTable,
  shown: (value: string) => string = (value) => value,
): HTMLElement {
  const params = { rowId: cell.rowId, colId: cell.colId };
  const out = store ? storeTooltip(store, params) : tooltipChain(wrs, params);
  const box = doc.createElement('div');
  const line = (kind: string, text: string) => {
    const div = box.appendChild(doc.createElement('div'));
    div.className = `ui-grid-tooltip-${kind}`;
    div.textContent = text;
  };
  let original: string | null = null;
  for (let c = out.documentElement?.firstChild ?? null; c; c = c.nextSibling) {
    if (c.nodeType !== 1) continue;
    const kind = (c as Element).getAttribute('class') ?? '';
    const text = c.textContent ?? '';
    if (kind === 'caption') line(kind, caption);
    else if (kind === 'original') original = shown(text);
    else if (kind === 'value') line(kind, shown(text));
    else if (kind !== 'validation') line(kind, text);
  }
  if (!box.firstChild) return box;
  if (error) line('validation', error);
  if (original !== null) line('original', formatMessage(messages.tooltipOriginal, { value: original }));
  return box;
}

/**
 * Shows a tooltip for the cell under the mouse after a short pause (`role="tooltip"`, fixed below the cell) and
 * hides it when the mouse leaves, a key is pressed or the grid scrolls. `content` fills it (maybe asynchronously,
 * through a chain); an empty result shows nothing.
 */
export class GridTooltip {
  readonly element: HTMLElement;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private current: HTMLElement | null = null;
  private run = 0;

  constructor(
    private readonly canvas: HTMLElement,
    private readonly cellOf: (target: HTMLElement) => TooltipCell | null,
    private readonly content: (cell: TooltipCell, target: HTMLElement) => Promise<void> | void,
    /** Called when the tooltip hides: content still being made for it is no longer wanted. */
    private readonly onHide: () => void = () => undefined,
  ) {
    const doc = canvas.ownerDocument;
    this.element = doc.createElement('div');
    this.element.className = 'ui-grid-tooltip';
    this.element.setAttribute('role', 'tooltip');
    this.element.hidden = true;
    doc.body.appendChild(this.element);
    canvas.addEventListener('mouseover', this.onOver);
    canvas.addEventListener('mouseleave', this.hide);
    canvas.addEventListener('mousedown', this.hide);
    canvas.ownerDocument.addEventListener('keydown', this.hide, true);
    canvas.ownerDocument.addEventListener('scroll', this.hide, true);
  }

  destroy(): void {
    this.hide();
    this.canvas.removeEventListener('mouseover', this.onOver);
    this.canvas.removeEventListener('mouseleave', this.hide);
    this.canvas.removeEventListener('mousedown', this.hide);
    this.canvas.ownerDocument.removeEventListener('keydown', this.hide, true);
    this.canvas.ownerDocument.removeEventListener('scroll', this.hide, true);
    this.element.remove();
  }

  /** Shows the tooltip of a cell element now (what the pause after hovering leads to). */
  async show(cellElement: HTMLElement): Promise<void> {
    const cell = this.cellOf(cellElement);
    if (!cell) return;
    const run = ++this.run;
    this.current = cellElement;
    this.element.replaceChildren();
    await this.content(cell, this.element);
    if (run !== this.run || !this.element.textContent?.trim()) return;
    const rect = cellElement.getBoundingClientRect();
    this.element.style.left = `${Math.round(rect.left)}px`;
    this.element.style.top = `${Math.round(rect.bottom + 2)}px`;
    this.element.hidden = false;
    cellElement.setAttribute('aria-describedby', this.element.id || this.assignId());
  }

  readonly hide = (): void => {
    clearTimeout(this.timer);
    this.run++;
    this.element.hidden = true;
    this.current?.removeAttribute('aria-describedby');
    this.current = null;
    this.onHide();
  };

  private assignId(): string {
    this.element.id = `ui-grid-tooltip-${Math.random().toString(36).slice(2, 10)}`;
    return this.element.id;
  }

  private readonly onOver = (event: MouseEvent): void => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[role="gridcell"]');
    if (!target || target === this.current) return;
    this.hide();
    this.timer = setTimeout(() => void this.show(target), SHOW_DELAY_MS);
  };
}
