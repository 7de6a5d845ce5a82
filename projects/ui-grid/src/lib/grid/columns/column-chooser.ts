import { GridMessageTable, messageOf } from '../features/grid-messages';

/** One line of the chooser: a column in the layout's order, shown or hidden. */
export interface ChooserEntry {
  readonly id: string;
  readonly caption: string;
  readonly hidden: boolean;
}

/** What the chooser reads and does. */
export interface ChooserHandlers {
  entries(): ChooserEntry[];
  /** False when the column cannot be hidden (the last one shown): its box is checked again. */
  setHidden(colId: string, hidden: boolean): boolean;
  reset(): void;
  close(): void;
}

/**
 * The column chooser's panel (`role="dialog"`): a checkbox per column, checked when shown, and "Reset columns".
 * Arrow keys move between the boxes, Space toggles, Tab stays inside, Escape closes. Captions are text.
 */
export function columnChooserPanel(doc: Document, messages: GridMessageTable, handlers: ChooserHandlers): HTMLElement {
  const panel = doc.createElement('div');
  panel.className = 'ui-grid-column-chooser';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', messageOf(messages, 'columns'));
  const list = panel.appendChild(doc.createElement('div'));
  list.className = 'ui-grid-column-chooser-list';
  const note = panel.appendChild(doc.createElement('div'));
  note.className = 'ui-grid-column-chooser-note';
  note.setAttribute('role', 'status');
  const fill = () => {
    list.replaceChildren();
    for (const entry of handlers.entries()) {
      const label = list.appendChild(doc.createElement('label'));
      const box = label.appendChild(doc.createElement('input'));
      box.type = 'checkbox';
      box.checked = !entry.hidden;
      box.dataset['colId'] = entry.id;
      label.appendChild(doc.createTextNode(entry.caption));
    }
  };
  fill();
  const reset = panel.appendChild(doc.createElement('button'));
  reset.type = 'button';
  reset.className = 'ui-grid-column-chooser-reset';
  reset.textContent = messageOf(messages, 'resetColumns');
  reset.addEventListener('click', () => {
    handlers.reset();
    fill();
    note.textContent = '';
    panel.querySelector<HTMLElement>('input')?.focus();
  });
  panel.addEventListener('change', (e) => {
    const box = e.target as HTMLInputElement;
    const colId = box.dataset['colId'];
    if (colId === undefined) return;
    const done = handlers.setHidden(colId, !box.checked);
    if (!done) box.checked = true;
    note.textContent = done ? '' : messageOf(messages, 'lastColumnShown');
  });
  panel.addEventListener('keydown', (e) => {
    // Keys in the chooser are its own: the grid behind it must not edit or move on them.
    e.stopPropagation();
    const focusables = [...panel.querySelectorAll<HTMLElement>('input, button')];
    const at = focusables.indexOf(doc.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      handlers.close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusables[(at + (e.key === 'ArrowDown' ? 1 : focusables.length - 1)) % focusables.length]?.focus();
    } else if (e.key === 'Tab' && focusables.length > 0) {
      const edge = e.shiftKey ? focusables[0] : focusables[focusables.length - 1];
      if (doc.activeElement === edge) {
        e.preventDefault();
        (e.shiftKey ? focusables[focusables.length - 1] : focusables[0]).focus();
      }
    }
  });
  return panel;
}
