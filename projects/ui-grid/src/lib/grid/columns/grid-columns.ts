import { OverlayRef } from '@angular/cdk/overlay';
import { GridColumn, inGroup } from '../grid-column';
import { GridState } from '../grid-state';
import { frozenColumns } from '../hot-args';
import { renderMenu } from '../features/grid-context-menu';
import { formatMessage, messageOf } from '../features/grid-messages';
import { OverlayAnchor, openOverlay } from '../features/grid-overlay';
import { columnChooserPanel } from './column-chooser';
import { movedOrder } from './column-layout';
import { DropGap, followMove } from './column-move';
import { columnOffsets, contentWidth, followResize, placeHeader } from './column-resize';
import { captionsShown, hiddenIndicators, hidingAllowed, moveAllowed, resizeAllowed } from './hot-column-args';

/** What the column unit asks of the grid: paint the header and body again, commit an open edit, tell a change. */
export interface GridColumnsHooks {
  repaint(): void;
  closeEditor(): void;
  /** The layout changed by the user or the app (not while a resize drag is under way). */
  changed(): void;
  /** "Reset columns" of the chooser or the header menu: the whole column state goes back (`resetColumns`). */
  reset(): void;
}

/** Keyboard steps of a resize: Alt+Left and Alt+Right. */
const RESIZE_STEP = 10;

/**
 * Resizing, moving and hiding columns over the column layout (`state.columnLayout`): the handles, drags, keys and
 * menu of the painted header, and the column chooser. Each change repaints through `repaint` and is told once.
 */
export class GridColumns {
  private popup: OverlayRef | null = null;
  /** A drag just ended on the header: the click it makes (in the same task, if any) neither sorts nor toggles a group. */
  private swallowClick = false;
  private endResize: (() => void) | null = null;

  constructor(
    private readonly state: GridState,
    private readonly hooks: GridColumnsHooks,
  ) {}

  /** The columns to show now (header.apply): the layout over the configured columns and `hotArgs`. */
  shownColumns(): GridColumn[] {
    const hot = this.state.grid.hotArgs();
    this.state.columnLayout.use(this.state.layout, hot, frozenColumns(hot));
    return this.state.columnLayout.shown();
  }

  /** Listens on the header element (it stays; its content is painted again): right click menus, clicks after a drag. */
  attach(header: HTMLElement): void {
    const signal = this.state.lifetime.signal;
    header.addEventListener('click', (e) => {
      if (!this.swallowClick) return;
      this.swallowClick = false;
      e.stopPropagation();
      e.preventDefault();
    }, { capture: true, signal });
    header.addEventListener('contextmenu', (e) => {
      const cell = (e.target as Element).closest<HTMLElement>('.ui-grid-colheader');
      if (!cell) return;
      e.preventDefault();
      this.openMenu(cell.dataset['colId'] ?? '', { x: e.clientX, y: e.clientY });
    }, { signal });
  }

  /** Adds resize handles, drags, keys and hidden-column marks to the header just painted. */
  decorate(header: HTMLElement): void {
    const hot = this.state.grid.hotArgs();
    const { messages } = this.state;
    if (!captionsShown(hot)) header.querySelector('.ui-grid-header-row:not(.ui-grid-group-row):not(.ui-grid-filter-row)')?.remove();
    const hint = messageOf(messages, 'columnKeysHint');
    header.querySelectorAll<HTMLElement>('.ui-grid-colheader').forEach((cell) => {
      const colId = cell.dataset['colId'] ?? '';
      cell.setAttribute('aria-description', hint);
      if (resizeAllowed(hot)) {
        const handle = cell.appendChild(cell.ownerDocument.createElement('span'));
        handle.className = 'ui-grid-col-resize';
        handle.setAttribute('aria-hidden', 'true');
        handle.addEventListener('pointerdown', (e) => this.startResize(e, colId, header));
        handle.addEventListener('dblclick', (e) => {
          e.stopPropagation();
          this.autosize(colId);
        });
      }
      if (moveAllowed(hot)) cell.addEventListener('pointerdown', (e) => this.startMove(e, [colId], header, cell));
      cell.addEventListener('keydown', (e) => this.onHeaderKey(e, colId, cell));
    });
    header.querySelectorAll<HTMLElement>('.ui-grid-group[data-group]').forEach((toggle) => {
      const group = Number(toggle.dataset['group']);
      const ids = () => this.state.layout.columns.filter((c) => inGroup(this.state.layout, c, group)).map((c) => c.id);
      if (moveAllowed(hot)) toggle.addEventListener('pointerdown', (e) => this.startMove(e, ids(), header, toggle));
      toggle.addEventListener('keydown', (e) => {
        if (e.altKey && e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
          e.preventDefault();
          this.moveBy(ids(), e.key === 'ArrowLeft' ? -1 : 1);
        }
      });
    });
    if (hiddenIndicators(hot)) this.markHidden(header);
  }

  /** Sets a column's width (at least the minimum); false for an unknown column or when resizing is off. */
  setWidth(colId: string, width: number): boolean {
    if (!resizeAllowed(this.state.grid.hotArgs())) return false;
    this.hooks.closeEditor();
    if (!this.state.columnLayout.setWidth(colId, width)) return false;
    this.commit();
    return true;
  }

  /** Sizes a shown column to its content: the rows in view and its caption. */
  autosize(colId: string): boolean {
    const body = this.state.body;
    const col = this.state.shown.findIndex((c) => c.id === colId);
    if (!body || col < 0) return false;
    const cells: HTMLElement[] = [];
    for (const row of body.canvas.querySelectorAll<HTMLElement>('.ui-grid-row')) {
      const cell = row.style.display === 'none' ? null : row.children[col];
      if (cell instanceof HTMLElement && !cell.classList.contains('ui-grid-cell-blank')) cells.push(cell);
    }
    const caption = body.header.querySelector<HTMLElement>(`.ui-grid-colheader[data-col-id="${CSS.escape(colId)}"]`);
    return this.setWidth(colId, contentWidth(caption, cells));
  }

  /**
   * Moves a column, or a group's columns, by one shown column to the left (-1) or right (1); over a group it does not
   * belong to, past the whole group. False when it cannot move that way.
   */
  moveBy(ids: readonly string[], direction: -1 | 1): boolean {
    if (!moveAllowed(this.state.grid.hotArgs())) return false;
    const layout = this.state.columnLayout;
    const shown = this.state.shown.map((c) => c.id);
    const at = shown.findIndex((id) => ids.includes(id));
    const last = shown.length - 1 - [...shown].reverse().findIndex((id) => ids.includes(id));
    if (at < 0) return false;
    // Candidates from the nearest on: the first one that keeps groups and frozen columns whole.
    for (let k = 1; k <= shown.length; k++) {
      const target = direction < 0 ? at - k : last + 1 + k;
      if (target < 0 || target > shown.length) break;
      if (this.tryMove(ids, target < shown.length ? shown[target] : null)) return true;
    }
    return false;
  }

  /** Moves columns before a column (null: to the end), as a drop does; false when the layout's rules forbid it. */
  move(ids: readonly string[], beforeId: string | null): boolean {
    return moveAllowed(this.state.grid.hotArgs()) && this.tryMove(ids, beforeId);
  }

  /** Hides or shows a column; false when it is unknown, hiding is off, or it is the last one shown. */
  setHidden(colId: string, hidden: boolean): boolean {
    if (!hidingAllowed(this.state.grid.hotArgs())) return false;
    this.hooks.closeEditor();
    if (!this.state.columnLayout.setHidden(colId, hidden)) return false;
    this.commit();
    return true;
  }

  /** Runs a change of the layout (a column state set by the app) with an open edit committed first, then paints it. */
  update(change: () => void): void {
    this.hooks.closeEditor();
    change();
    this.commit();
  }

  /** Back to the configured widths, order and hidden columns (with `hotArgs`). */
  resetLayout(): void {
    this.hooks.closeEditor();
    this.state.columnLayout.reset();
    this.commit();
  }

  /** Opens the column chooser (a checkbox per column) below an element or at a point; its first box takes the focus. */
  openChooser(anchor?: OverlayAnchor): void {
    const { state } = this;
    const { services } = state;
    const doc = services.host.ownerDocument;
    this.closePopup();
    const panel = columnChooserPanel(doc, state.messages, {
      entries: () => state.columnLayout.entries().map((e) => ({ ...e, caption: state.layout.columns.find((c) => c.id === e.id)?.caption ?? e.id })),
      setHidden: (colId, hidden) => this.setHidden(colId, hidden),
      reset: () => this.hooks.reset(),
      close: () => this.closePopup(),
    });
    const at = anchor ?? services.host.querySelector<HTMLElement>('[data-action="columns"]') ?? services.bodyHost();
    this.popup = openOverlay(services.overlay, panel, at, () => {
      this.popup = null;
      (at instanceof HTMLElement ? at : services.bodyHost()).focus();
    }, services.host);
    // No scroll for the focus: the overlay closes when the page scrolls.
    panel.querySelector<HTMLElement>('input')?.focus({ preventScroll: true });
  }

  /** Opens the header menu of a column: size to content, hide, the chooser, reset. */
  openMenu(colId: string, at?: OverlayAnchor): void {
    const { state } = this;
    const { messages, services } = state;
    const column = state.shown.find((c) => c.id === colId);
    if (!column) return;
    this.closePopup();
    const hot = state.grid.hotArgs();
    const entries = [
      { action: 'sizeToContent', caption: messageOf(messages, 'sizeToContent'), separatorBefore: false, on: resizeAllowed(hot) },
      { action: 'hideColumn', caption: messageOf(messages, 'hideColumn'), separatorBefore: false, on: hidingAllowed(hot) && state.shown.length > 1 },
      { action: 'columns', caption: messageOf(messages, 'columns'), separatorBefore: true, on: hidingAllowed(hot) },
      { action: 'resetColumns', caption: messageOf(messages, 'resetColumns'), separatorBefore: false, on: true },
    ];
    const doc = services.host.ownerDocument;
    const cell = state.body?.header.querySelector<HTMLElement>(`.ui-grid-colheader[data-col-id="${CSS.escape(colId)}"]`) ?? services.bodyHost();
    const menu = renderMenu(doc, entries, formatMessage(messageOf(messages, 'columnMenu'), { caption: column.caption }), {
      isEnabled: (action) => entries.find((e) => e.action === action)?.on ?? false,
      run: (action) => {
        this.closePopup();
        if (action === 'sizeToContent') this.autosize(colId);
        else if (action === 'hideColumn') this.setHidden(colId, true);
        else if (action === 'columns') this.openChooser(cell);
        else this.hooks.reset();
      },
      close: () => this.closePopup(),
    });
    this.popup = openOverlay(services.overlay, menu, at ?? cell, () => {
      this.popup = null;
      state.body?.header.querySelector<HTMLElement>(`.ui-grid-colheader[data-col-id="${CSS.escape(colId)}"]`)?.focus();
    }, services.host);
    menu.querySelector<HTMLElement>('[data-action]:not([aria-disabled="true"])')?.focus();
  }

  /** "Reset columns" of a menu: the whole column state goes back (`resetColumns`). */
  requestReset(): void {
    this.hooks.reset();
  }

  /** The grid goes: an open popup and a resize drag end with it. */
  stop(): void {
    this.endResize?.();
    this.closePopup();
  }

  private closePopup(): void {
    this.popup?.dispose();
    this.popup = null;
  }

  private onHeaderKey(e: KeyboardEvent, colId: string, cell: HTMLElement): void {
    const sideways = e.key === 'ArrowLeft' || e.key === 'ArrowRight';
    if (e.altKey && sideways) {
      e.preventDefault();
      const direction = e.key === 'ArrowLeft' ? -1 : 1;
      if (e.shiftKey) this.moveBy([colId], direction);
      else this.setWidth(colId, (this.state.shown.find((c) => c.id === colId)?.width ?? 0) + direction * RESIZE_STEP);
    } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      e.preventDefault();
      this.openMenu(colId, cell);
    }
  }

  private startResize(down: PointerEvent, colId: string, header: HTMLElement): void {
    if (down.button !== 0) return;
    down.stopPropagation();
    down.preventDefault();
    this.hooks.closeEditor();
    const { state } = this;
    this.endResize = followResize(down, {
      width: () => state.shown.find((c) => c.id === colId)?.width ?? 0,
      live: (width) => {
        state.columnLayout.setWidth(colId, width);
        state.shown = state.shown.map((c) => (c.id === colId ? { ...c, width: Math.max(width, 0) } : c));
        state.body?.resizeColumns(state.shown.map((c) => c.width));
        placeHeader(header, state.shown);
      },
      done: (moved) => {
        this.endResize = null;
        if (!moved) return;
        this.swallowNextClick();
        this.commit();
      },
    });
  }

  /** The click a drag's pointerup makes comes in the same task: a later click is the user's again. */
  private swallowNextClick(): void {
    this.swallowClick = true;
    setTimeout(() => (this.swallowClick = false));
  }

  private startMove(down: PointerEvent, ids: readonly string[], header: HTMLElement, dragged: HTMLElement): void {
    if (down.button !== 0 || (down.target as Element).closest('.ui-grid-col-resize')) return;
    const drag = followMove(down, header, dragged, {
      gaps: () => this.dropGaps(ids),
      drop: (gap) => {
        if (drag.dragged()) this.swallowNextClick();
        if (gap) this.move(ids, gap.beforeId);
      },
      scroller: () => {
        const viewport = this.state.body?.viewport;
        const frozen = frozenColumns(this.state.grid.hotArgs());
        return viewport ? { viewport, frozenWidth: columnOffsets(this.state.shown.slice(0, frozen)).total } : null;
      },
    });
  }

  /** The valid drop places of a dragged block, at the header x of the column edge they are on. */
  private dropGaps(ids: readonly string[]): DropGap[] {
    const { shown } = this.state;
    const { offsets, total } = columnOffsets(shown);
    const scroll = this.state.body?.viewport.scrollLeft ?? 0;
    const frozen = frozenColumns(this.state.grid.hotArgs());
    const out: DropGap[] = [];
    const order = this.state.columnLayout.ordered().map((c) => c.id);
    for (let j = 0; j <= shown.length; j++) {
      const beforeId = j < shown.length ? shown[j].id : null;
      const next = movedOrder(order, ids, beforeId);
      if (next && this.state.columnLayout.validOrder(next)) out.push({ beforeId, x: (j < shown.length ? offsets[j] : total) + (j < frozen ? scroll : 0) });
    }
    return out;
  }

  private tryMove(ids: readonly string[], beforeId: string | null): boolean {
    this.hooks.closeEditor();
    if (!this.state.columnLayout.move(ids, beforeId)) return false;
    this.commit();
    return true;
  }

  /** Paints the new layout, keeps the focused cell on its column, and tells the change. */
  private commit(): void {
    const { state } = this;
    const focusedId = state.shown[state.selection.focus.col]?.id;
    this.hooks.repaint();
    const col = state.shown.findIndex((c) => c.id === focusedId);
    if (col >= 0 && col !== state.selection.focus.col) {
      state.selection.moveTo({ row: state.selection.focus.row, col });
      state.body?.repaintMarks();
    }
    this.hooks.changed();
  }

  /** Marks the header edges where hidden columns are (`hiddenColumns.indicators`), with their count in the title. */
  private markHidden(header: HTMLElement): void {
    const ordered = this.state.columnLayout.ordered();
    const shownIds = new Set(this.state.shown.map((c) => c.id));
    let hiddenBefore = 0;
    for (const column of ordered) {
      if (!shownIds.has(column.id)) {
        if (this.state.columnLayout.isHidden(column)) hiddenBefore++;
        continue;
      }
      if (hiddenBefore > 0) {
        const cell = header.querySelector<HTMLElement>(`.ui-grid-colheader[data-col-id="${CSS.escape(column.id)}"]`);
        cell?.classList.add('ui-grid-hidden-before');
        if (cell) cell.title = formatMessage(messageOf(this.state.messages, 'hiddenColumnsHere'), { n: hiddenBefore });
      }
      hiddenBefore = 0;
    }
  }
}
