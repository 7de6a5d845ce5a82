import { OverlayRef } from '@angular/cdk/overlay';
import { WrsIndex } from 'ngx-wrs-grid/core';
import { GridCells } from './grid-cells';
import { gridLayout } from './grid-column';
import { paintHeader } from './grid-header';
import { GridState } from './grid-state';
import { fixedTopRows, frozenColumns } from './hot-args';
import { GridColumns } from './columns/grid-columns';
import { decorateHeader } from './features/grid-header-features';
import { gridCellLocale } from './features/cell-locale';
import { translateLayout } from './features/grid-messages';
import { openOverlay } from './features/grid-overlay';

const DEFAULT_ROW_HEIGHT = 28;
// Spec 2.1 says maxHeight defaults to none; a virtual body needs a bounded viewport, so a grid given no height grows
// with its rows up to this (README, 2.1 maxHeight).
const DEFAULT_MAX_HEIGHT = 480;

/** The columns and the header: which columns show, their groups, filters and widths, and the body's height. */
export class GridHeaderLayout {
  /** Open header popups (a filter's value list): they live in the overlay container, outside the grid. */
  private readonly popups = new Set<OverlayRef>();
  /** Stops the typed column filters of the painted header still waiting to apply; gives their text by column id. */
  private dropWaitingFilters: (() => Map<string, string>) | null = null;

  constructor(
    private readonly state: GridState,
    private readonly cells: GridCells,
    private readonly columns: GridColumns,
  ) {}

  /** The body's row height: `hotArgs.rowHeight`, else the default. */
  rowHeight(): number {
    return this.state.grid.hotArgs()?.rowHeight ?? DEFAULT_ROW_HEIGHT;
  }

  /** The columns of a new document: from its header and the configuration, captions in the UI's language, the grid's locale. */
  useColumns(doc: Document): void {
    const { services } = this.state;
    const layout = gridLayout(WrsIndex.of(doc), this.state.configDoc);
    const locale = gridCellLocale(this.state.grid.locale(), services.localeId);
    this.state.layout = translateLayout(locale ? { ...layout, columns: layout.columns.map((c) => ({ ...c, locale })) } : layout, this.state.messages);
    for (const c of this.state.layout.columns) {
      // Unknown renderer or editor types fail the load with the type named, not the first paint or edit.
      if (c.rendererType) services.renderers.get(c.rendererType);
      services.editors.get(c.editorType);
    }
  }

  /** Paints the header and sets the body's columns and height. */
  apply(): void {
    const { state } = this;
    const body = state.body!;
    const hotArgs = state.grid.hotArgs();
    state.shown = this.columns.shownColumns();
    const focused = headerFocus(body.header);
    const typed = this.dropWaitingFilters?.();
    paintHeader(body.header, state.layout, state.shown, body.rowHeight, (g) => {
      state.layout.groups[g].collapsed = !state.layout.groups[g].collapsed;
      this.apply();
    });
    this.dropWaitingFilters = decorateHeader(body.header, state.shown, {
      features: state.features,
      messages: state.messages,
      columnFilters: state.grid.columnFilters(),
      rowHeight: body.rowHeight,
      typed,
      openPopup: (content, anchor, onClose) => {
        const ref = openOverlay(state.services.overlay, content, anchor, () => {
          this.popups.delete(ref);
          onClose();
        }, state.services.host);
        this.popups.add(ref);
        return () => ref.dispose();
      },
    });
    this.columns.decorate(body.header);
    // Sorting, a filter change or a group toggled repaints the header: the control that had the focus keeps it (a
    // filter field with the caret at its end), so the keyboard can go on from there.
    if (focused) {
      const control = body.header.querySelector<HTMLElement>(focused);
      control?.focus();
      if (control instanceof HTMLInputElement) control.setSelectionRange(control.value.length, control.value.length);
    }
    // Group lines, the captions and the filter line are rows of the grid too: data rows are numbered after them.
    const headerRows = body.header.querySelectorAll('.ui-grid-header-row');
    headerRows.forEach((line, i) => line.setAttribute('aria-rowindex', String(i + 1)));
    body.headerRowCount = headerRows.length;
    body.setFixedRows(fixedTopRows(hotArgs));
    body.setColumns(state.shown, frozenColumns(hotArgs));
    state.services.bodyHost().setAttribute('aria-colcount', String(state.shown.length));
    this.updateHeight();
  }

  /** The body as high as its rows (up to `maxHeight`), or `hotArgs.height`; the selection kept inside the rows. */
  updateHeight(): void {
    const { state } = this;
    const body = state.body!;
    const rows = state.features.view?.rowCount ?? 0;
    const header = body.header.offsetHeight || body.rowHeight;
    const content = header + Math.max(rows, 1) * body.rowHeight + 18;
    body.setHeight(state.grid.hotArgs()?.height ?? Math.min(content, state.grid.maxHeight() ?? DEFAULT_MAX_HEIGHT));
    state.services.bodyHost().setAttribute('aria-rowcount', String(rows + body.headerRowCount));
    state.selection.clamp(rows, state.shown.length);
  }

  /** Filters, sorting or a page changed the rows shown (and with `header` the header): painted from the top. */
  viewChanged(header: boolean): void {
    const body = this.state.body;
    if (!body) return;
    body.viewport.scrollTop = 0;
    if (header) this.apply();
    else this.updateHeight();
    body.repaintAll();
    this.cells.markActive();
  }

  /** The grid goes: its popups and the typed filters still waiting go with it. */
  stop(): void {
    for (const popup of this.popups) popup.dispose();
    this.dropWaitingFilters?.();
  }
}

/** A selector for the header control holding the focus (a column header, a filter control, a group), or null. */
function headerFocus(header: HTMLElement): string | null {
  const active = header.ownerDocument.activeElement as HTMLElement | null;
  const control = active && header.contains(active) ? active.closest<HTMLElement>('[data-col-id], [data-group]') : null;
  if (!control || control.classList.length === 0) return null;
  const key = control.dataset['colId'] !== undefined ? `data-col-id="${CSS.escape(control.dataset['colId'])}"` : `data-group="${CSS.escape(control.dataset['group'] ?? '')}"`;
  return `.${CSS.escape(control.classList[0])}[${key}]`;
}
