import { Overlay, OverlayRef } from '@angular/cdk/overlay';
import { DomPortal } from '@angular/cdk/portal';

/** One choice of a dropdown: the value it stores and the caption it shows. */
export interface DropdownOption {
  readonly value: string;
  readonly caption: string;
}

/** Typed letters within this many milliseconds add to the type-ahead text. */
const TYPE_AHEAD_MS = 700;

let nextListId = 0;

/**
 * A listbox in a CDK overlay below a cell (so the scrolling viewport never clips it), for reference columns and
 * dropdown editors: shows captions, holds the value. ArrowUp/ArrowDown/Home/End move, typing jumps to the first
 * caption starting with the typed text, a click picks; the grid's editor keys (Enter, Tab, Escape) reach
 * `onKey`. Captions are text, never HTML.
 */
export class GridDropdown {
  readonly element: HTMLElement;
  private readonly items: HTMLElement[] = [];
  private active = 0;
  private typed = '';
  private typedAt = 0;
  private ref: OverlayRef | null = null;

  constructor(
    doc: Document,
    private readonly options: readonly DropdownOption[],
    value: string | null,
    label: string,
    private readonly onPick: () => void,
  ) {
    const id = `ui-grid-list-${nextListId++}`;
    this.element = doc.createElement('div');
    this.element.className = 'ui-grid-dropdown';
    this.element.setAttribute('role', 'listbox');
    this.element.setAttribute('aria-label', label);
    this.element.tabIndex = -1;
    options.forEach((o, i) => {
      const item = doc.createElement('div');
      item.id = `${id}-${i}`;
      item.className = 'ui-grid-option';
      item.setAttribute('role', 'option');
      item.dataset['value'] = o.value;
      item.textContent = o.caption === '' ? '\u00a0' : o.caption;
      // mousedown would move the focus away from the listbox before the click picks.
      item.addEventListener('mousedown', (e) => e.preventDefault());
      item.addEventListener('click', () => {
        this.select(i);
        this.onPick();
      });
      this.element.appendChild(item);
      this.items.push(item);
    });
    this.select(Math.max(0, options.findIndex((o) => o.value === (value ?? ''))));
    this.element.addEventListener('keydown', (e) => this.onKeydown(e));
  }

  /** The value of the active option. */
  value(): string {
    return this.options[this.active]?.value ?? '';
  }

  /** Opens the listbox in an overlay below `anchor` and focuses it; a click outside calls `onOutside`. */
  open(overlay: Overlay, anchor: HTMLElement, onOutside: () => void): void {
    const position = overlay
      .position()
      .flexibleConnectedTo(anchor)
      .withPositions([
        { originX: 'start', originY: 'bottom', overlayX: 'start', overlayY: 'top' },
        { originX: 'start', originY: 'top', overlayX: 'start', overlayY: 'bottom' },
      ])
      .withPush(true);
    this.ref = overlay.create({
      positionStrategy: position,
      scrollStrategy: overlay.scrollStrategies.reposition(),
      hasBackdrop: true,
      backdropClass: 'cdk-overlay-transparent-backdrop',
      // Outside the grid: the overlay class carries the theme's properties, and the dark set along when the grid has it.
      panelClass: anchor.closest('.ui-grid-theme-dark') ? ['ui-grid-dropdown-panel', 'ui-grid-overlay', 'ui-grid-theme-dark'] : ['ui-grid-dropdown-panel', 'ui-grid-overlay'],
      minWidth: anchor.getBoundingClientRect().width,
    });
    // DomPortal puts the element back where it was on detach, so it needs a parent.
    anchor.ownerDocument.createElement('div').appendChild(this.element);
    this.ref.attach(new DomPortal(this.element));
    this.ref.backdropClick().subscribe(() => onOutside());
    this.element.focus({ preventScroll: true });
    this.items[this.active]?.scrollIntoView({ block: 'nearest' });
  }

  /** Removes the overlay. */
  close(): void {
    this.ref?.dispose();
    this.ref = null;
  }

  private select(i: number): void {
    this.items[this.active]?.setAttribute('aria-selected', 'false');
    this.items[this.active]?.classList.remove('ui-grid-option-active');
    this.active = Math.max(0, Math.min(i, this.items.length - 1));
    const item = this.items[this.active];
    if (!item) return;
    item.setAttribute('aria-selected', 'true');
    item.classList.add('ui-grid-option-active');
    this.element.setAttribute('aria-activedescendant', item.id);
    item.scrollIntoView?.({ block: 'nearest' });
  }

  private onKeydown(event: KeyboardEvent): void {
    const page = 8;
    switch (event.key) {
      case 'ArrowDown': this.select(this.active + 1); break;
      case 'ArrowUp': this.select(this.active - 1); break;
      case 'PageDown': this.select(this.active + page); break;
      case 'PageUp': this.select(this.active - page); break;
      case 'Home': this.select(0); break;
      case 'End': this.select(this.items.length - 1); break;
      default:
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        this.typeAhead(event.key);
    }
    event.preventDefault();
    event.stopPropagation();
  }

  /** Jumps to the first option whose caption starts with the text typed so far (this key included). */
  typeAhead(key: string): void {
    const now = performance.now();
    this.typed = now - this.typedAt > TYPE_AHEAD_MS ? key : this.typed + key;
    this.typedAt = now;
    const wanted = this.typed.toLocaleLowerCase();
    const found = this.options.findIndex((o) => o.caption.toLocaleLowerCase().startsWith(wanted));
    if (found >= 0) this.select(found);
  }
}
