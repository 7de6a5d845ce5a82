import { signal } from '@angular/core';
import { NS } from 'ngx-wrs-grid/core';
import { GridMessageTable, formatMessage } from './features/grid-messages';

/** The toolbar's status line: the data's own notes, a failure's reason, or a note about the last action. */
export class GridStatusLine {
  readonly message = signal('');
  /** The note about one action (what a save or an undo did) while shown: the next change set ends it. */
  private actionNote: string | null = null;

  constructor(private readonly messages: GridMessageTable) {}

  set(text: string): void {
    this.message.set(text);
  }

  /** Shows the data's own notes (`footerMessage`), or nothing without data. */
  showFooter(doc: Document | null): void {
    this.message.set(doc ? footerMessage(doc, this.messages) : '');
  }

  /** Shows a note about an action until the next change set. */
  showActionNote(text: string): void {
    this.message.set(text);
    this.actionNote = text;
  }

  /** A change set: a note about an action before it ("Saved 3 changed rows") goes; the data's own notes stay. */
  changed(doc: Document): void {
    if (this.actionNote !== null && this.message() === this.actionNote) this.message.set(footerMessage(doc, this.messages));
    this.actionNote = null;
  }
}

export function childOf(parent: Element, localName: string, ns: string = NS.wrs): Element | null {
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as Element).localName === localName && (c as Element).namespaceURI === ns) return c as Element;
  }
  return null;
}

/** `wrs:Footer/wrs:MaxRowsExceeded` and `wrs:ErrorDuringQuery`, as a message for the user. */
export function footerMessage(doc: Document, messages: GridMessageTable): string {
  const footer = childOf(doc.documentElement!, 'Footer');
  if (!footer) return '';
  const parts: string[] = [];
  const max = childOf(footer, 'MaxRowsExceeded');
  if (max) parts.push(formatMessage(messages.maxRowsExceeded, { n: max.getAttribute('maxRows') ?? '' }));
  const error = childOf(footer, 'ErrorDuringQuery');
  if (error) parts.push(formatMessage(messages.errorDuringQuery, { reason: error.textContent ?? '' }));
  return parts.join('. ');
}
