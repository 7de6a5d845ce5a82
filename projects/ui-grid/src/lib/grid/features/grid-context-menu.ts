import { NS } from 'ngx-wrs-grid/core';
import { GridMessageTable, translateCaption } from './grid-messages';

/** One entry of a context menu: the action it runs (`data-bcd-action`) and its caption. */
export interface ContextMenuEntry {
  readonly action: string;
  readonly caption: string;
  readonly separatorBefore: boolean;
}

/** The actions of the default menu the grid runs itself. */
export const GRID_MENU_ACTIONS = ['cut', 'copy', 'paste', 'pasteAsNewRows', 'insertRowAbove', 'insertRowBelow', 'duplicateRow', 'deleteRow', 'restore', 'clearCells', 'fillSeries', 'hideColumn', 'resetColumns', 'export'] as const;
export type GridMenuAction = (typeof GRID_MENU_ACTIONS)[number];

/**
 * The entries of a `cm:ContextMenu` document: `cm:Entry` elements in document
 * order, a `cm:MenuSeparator` before an entry marks a separator. Captions: the message table's text for the grid's
 * own actions and for `@bcdTranslate` keys, else the caption with i18n prefix lookup.
 */
export function menuEntries(menu: Document, messages: GridMessageTable): ContextMenuEntry[] {
  const out: ContextMenuEntry[] = [];
  let separator = false;
  const walk = (parent: Element) => {
    for (let c = parent.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1 || (c as Element).namespaceURI !== NS.cm) continue;
      const el = c as Element;
      if (el.localName === 'MenuSeparator') separator = out.length > 0;
      else if (el.localName === 'Entry') {
        const action = el.getAttribute('data-bcd-action') ?? '';
        const key = el.getAttribute('bcdTranslate');
        const own = (GRID_MENU_ACTIONS as readonly string[]).includes(action) ? messages[action] : undefined;
        const caption = (key ? messages[key] : undefined) ?? own ?? translateCaption(el.getAttribute('caption') ?? action, messages);
        out.push({ action, caption, separatorBefore: separator });
        separator = false;
      } else walk(el);
    }
  };
  if (menu.documentElement) walk(menu.documentElement);
  return out;
}

/** What a rendered menu does: which entries apply now, running one, closing. */
export interface MenuHandlers {
  isEnabled(action: string): boolean;
  run(action: string): void;
  close(): void;
}

/**
 * A menu element (`role="menu"`, entries `role="menuitem"` as buttons with text captions): arrow keys, Home and End
 * move between enabled entries, Enter or Space runs one, Escape and Tab close. Entries that do not apply are
 * `aria-disabled`.
 */
export function renderMenu(doc: Document, entries: readonly ContextMenuEntry[], label: string, handlers: MenuHandlers): HTMLElement {
  const menu = doc.createElement('div');
  menu.className = 'ui-grid-context-menu';
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-label', label);
  for (const entry of entries) {
    if (entry.separatorBefore) {
      const sep = menu.appendChild(doc.createElement('div'));
      sep.setAttribute('role', 'separator');
      sep.className = 'ui-grid-menu-separator';
    }
    const item = menu.appendChild(doc.createElement('button'));
    item.type = 'button';
    item.className = 'ui-grid-menu-item';
    item.setAttribute('role', 'menuitem');
    item.tabIndex = -1;
    item.dataset['action'] = entry.action;
    item.textContent = entry.caption;
    if (!handlers.isEnabled(entry.action)) item.setAttribute('aria-disabled', 'true');
  }
  wireMenu(menu, handlers);
  return menu;
}

/** Keyboard and click handling of a menu whose items carry `data-action` (also for sanitized stylesheet output). */
export function wireMenu(menu: HTMLElement, handlers: MenuHandlers): void {
  const items = () => Array.from(menu.querySelectorAll<HTMLElement>('[data-action], [data-bcd-action]')).filter((i) => i.getAttribute('aria-disabled') !== 'true');
  const actionOf = (el: Element) => el.getAttribute('data-action') ?? el.getAttribute('data-bcd-action') ?? '';
  for (const item of Array.from(menu.querySelectorAll<HTMLElement>('[data-action], [data-bcd-action]'))) {
    item.setAttribute('role', 'menuitem');
    item.tabIndex = -1;
    if (!handlers.isEnabled(actionOf(item))) item.setAttribute('aria-disabled', 'true');
  }
  const activate = (item: Element | null) => {
    if (!item || item.getAttribute('aria-disabled') === 'true') return;
    const action = actionOf(item);
    handlers.close();
    handlers.run(action);
  };
  menu.addEventListener('click', (e) => activate((e.target as Element).closest('[data-action], [data-bcd-action]')));
  menu.addEventListener('keydown', (e) => {
    const list = items();
    const at = list.indexOf(e.target as HTMLElement);
    let next: HTMLElement | undefined;
    switch (e.key) {
      case 'ArrowDown': next = list[(at + 1) % list.length]; break;
      case 'ArrowUp': next = list[(at - 1 + list.length) % list.length]; break;
      case 'Home': next = list[0]; break;
      case 'End': next = list[list.length - 1]; break;
      case 'Enter':
      case ' ': activate(e.target as Element); break;
      case 'Escape':
      case 'Tab': handlers.close(); break;
      default: return;
    }
    e.preventDefault();
    e.stopPropagation();
    next?.focus();
  });
}

/** Focuses the first enabled entry of a menu. */
export function focusFirstEntry(menu: HTMLElement): void {
  menu.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
}
