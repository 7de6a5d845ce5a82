import { Injectable } from '@angular/core';
import { WrsError } from 'ngx-wrs-grid/core';
import { cellText } from '../cell-text';
import { GridColumn } from '../grid-column';

/**
 * Paints one cell for `grid:Renderer/@type`: receives the cell element, the stored value, the column and the Wrs
 * row. A renderer writes text with `textContent` or builds elements; it never sets HTML from values.
 */
export type GridCellRenderer = (cell: HTMLElement, value: string | null, column: GridColumn, row: Element) => void;

const text: GridCellRenderer = (cell, value, column) => {
  cell.textContent = cellText(column, value);
};

/** A link for http(s) values (other schemes stay plain text, so a value can never run script). */
const link: GridCellRenderer = (cell, value) => {
  cell.replaceChildren();
  if (!value) return;
  if (!/^https?:\/\//i.test(value)) {
    cell.textContent = value;
    return;
  }
  const a = cell.ownerDocument.createElement('a');
  a.href = value;
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  // The grid is one tab stop with cells focused by the arrow keys; a link that took Tab would be a stop in every
  // painted row. Ctrl+Enter on the cell opens it (Enter too where the cell cannot be edited).
  a.tabIndex = -1;
  a.textContent = value;
  cell.appendChild(a);
};

/** A horizontal bar for a percentage (0-100) with the number beside it (the bar takes at most 60% of the cell). */
const bar: GridCellRenderer = (cell, value, column) => {
  cell.replaceChildren();
  const n = Math.max(0, Math.min(100, Number(value)));
  const doc = cell.ownerDocument;
  const fill = cell.appendChild(doc.createElement('span'));
  fill.className = 'ui-grid-bar';
  fill.style.width = `${Number.isFinite(n) ? n * 0.6 : 0}%`;
  cell.appendChild(doc.createTextNode(cellText(column, value)));
};

/** Upper-case text (codes, keys). */
const upper: GridCellRenderer = (cell, value, column) => {
  cell.textContent = cellText(column, value).toUpperCase();
};

/**
 * Renderers by `grid:Renderer/@type`: built-in `text`, `link`, `bar`, `upper`; an app adds its own with `register`
 * (one registry per injector, so a feature module can extend it).
 */
@Injectable({ providedIn: 'root' })
export class GridRendererRegistry {
  private readonly renderers = new Map<string, GridCellRenderer>([
    ['text', text],
    ['link', link],
    ['bar', bar],
    ['upper', upper],
  ]);

  /** Adds or replaces the renderer of a type. */
  register(type: string, renderer: GridCellRenderer): void {
    this.renderers.set(type, renderer);
  }

  /** The renderer of a type; an unknown type is an INVALID_ARGUMENT error naming it. */
  get(type: string): GridCellRenderer {
    const renderer = this.renderers.get(type);
    if (!renderer) throw new WrsError('INVALID_ARGUMENT', `Unknown grid:Renderer type "${type}"; registered: ${[...this.renderers.keys()].join(', ')}`, type);
    return renderer;
  }

  /** The registered type names. */
  types(): string[] {
    return [...this.renderers.keys()];
  }
}
