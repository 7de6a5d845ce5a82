import { OverlayRef } from '@angular/cdk/overlay';
import { NS, contextMenuChain } from 'ngx-wrs-grid/core';
import { GridCells } from './grid-cells';
import { GridClipboard } from './grid-clipboard';
import { GridExporter } from './grid-exporter';
import { GridFill } from './fill/grid-fill';
import { GridColumns } from './columns/grid-columns';
import { hidingAllowed } from './columns/hot-column-args';
import { GridRows } from './grid-rows';
import { GridState } from './grid-state';
import { focusFirstEntry, menuEntries, renderMenu, wireMenu } from './features/grid-context-menu';
import { openOverlay } from './features/grid-overlay';
import { MenuContext } from './features/menu-actions/menu-action';
import { gridMenuAction } from './features/menu-actions/grid-menu-actions';

/** What the menu hands to the app: an entry the grid does not run itself, with the cell it was opened on. */
export interface ContextMenuActionEvent {
  readonly action: string;
  readonly rowId: string | null;
  readonly colId: string | null;
}

/** What the menu needs besides the units it runs: the clipboard's text, and where the app's actions go. */
export interface GridMenuHooks {
  readClipboard(): Promise<string>;
  emit(event: ContextMenuActionEvent): void;
}

/** The context menu: the built-in one or a menu stylesheet's, over the one list of the grid's actions. */
export class GridMenu {
  private menuRef: OverlayRef | null = null;
  /** Counts context menus asked for: only the latest one opens. */
  private menuRun = 0;

  constructor(
    private readonly state: GridState,
    private readonly cells: GridCells,
    private readonly clipboard: GridClipboard,
    private readonly rows: GridRows,
    private readonly exporter: GridExporter,
    private readonly hooks: GridMenuHooks,
    private readonly columns: GridColumns,
    private readonly fill: GridFill,
  ) {}

  /** Whether an action applies now (see the actions in `features/menu-actions`); an app's action always does. */
  isEnabled(action: string): boolean {
    const own = gridMenuAction(action);
    return !own || own.enabled(this.context());
  }

  /** Runs an action on the selection; actions the grid does not know go to the app. */
  async run(action: string): Promise<void> {
    const own = gridMenuAction(action);
    const ctx = this.context();
    if (own) {
      if (own.enabled(ctx)) await own.run(ctx);
      return;
    }
    const { focus } = this.state.selection;
    const row = this.state.features.view?.shownAt(focus.row);
    this.hooks.emit({ action, rowId: row?.id ?? null, colId: this.state.shown[focus.col]?.id ?? null });
  }

  /**
   * Opens the context menu (`contextMenu`: true = the built-in menu, a string = a menu stylesheet run through the
   * chain, its output sanitized) at a point, else below the focused cell; the first entry takes the focus.
   */
  async open(at?: { x: number; y: number }): Promise<void> {
    const { state } = this;
    const { grid, services, messages } = state;
    const setting = grid.contextMenu();
    if (setting === false || setting === '' || !state.document) return;
    this.close();
    // A menu chain still running when another menu is asked for, or the grid goes, opens nothing.
    const run = ++this.menuRun;
    const doc = services.host.ownerDocument;
    const handlers = { isEnabled: (a: string) => this.isEnabled(a), run: (a: string) => void this.run(a), close: () => this.close() };
    let menu: HTMLElement;
    if (setting === true) {
      // The built-in menu reads no row: the document as it is (a row store's rows stay unbuilt).
      menu = renderMenu(doc, menuEntries(contextMenuChain(state.document, {}), messages), messages.contextMenu, handlers);
    } else {
      const { focus } = state.selection;
      const row = state.features.view?.shownAt(focus.row);
      const chain = services.chains.create({
        inputModel: grid,
        chain: setting,
        parameters: {
          isReadOnly: grid.isReadOnly(),
          allowNewRows: grid.allowNewRows(),
          disableExport: grid.disableExport(),
          bcdRowIdent: row?.id ?? '',
          bcdColIdent: state.shown[focus.col]?.id ?? '',
        },
      });
      try {
        const out = (await chain.fetchData()).getData()!;
        if (out.documentElement?.namespaceURI === NS.cm) menu = renderMenu(doc, menuEntries(out, messages), messages.contextMenu, handlers);
        else {
          menu = doc.createElement('div');
          menu.className = 'ui-grid-context-menu';
          menu.setAttribute('role', 'menu');
          menu.setAttribute('aria-label', messages.contextMenu);
          // Rendered as the chain renders HTML output (empty elements keep their end tag), sanitized by the service.
          chain.setTargetHtml(menu);
          wireMenu(menu, handlers);
        }
      } finally {
        // Run once for this menu: later grid changes must not run it again.
        chain.dispose();
      }
    }
    if (run !== this.menuRun || state.destroyed) return;
    const anchor = at ?? this.cells.focusedCellPoint();
    this.menuRef = openOverlay(services.overlay, menu, anchor, () => {
      this.menuRef = null;
      this.cells.focusBody();
    }, services.host);
    focusFirstEntry(menu);
  }

  /** Closes the context menu when open. */
  close(): void {
    this.menuRef?.dispose();
  }

  /** Right click (or the menu key, Shift+F10): focuses the cell clicked and opens the context menu there. */
  readonly onContextMenu = (event: MouseEvent): void => {
    if (!this.wanted() || (event.target as Element).closest('.ui-grid-header')) return;
    event.preventDefault();
    const keyboard = event.clientX === 0 && event.clientY === 0;
    const cell = keyboard ? null : this.state.body?.cellAtPoint(event.clientX, event.clientY);
    if (cell && !this.state.selection.contains(cell.row, cell.col)) this.cells.focusCell(cell.row, cell.col);
    void this.open(keyboard ? undefined : { x: event.clientX, y: event.clientY });
  };

  /** Shift+F10 and the menu key open the context menu below the focused cell (not every platform sends contextmenu). */
  readonly onMenuKey = (event: KeyboardEvent): void => {
    if (!(event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) || !this.wanted()) return;
    event.preventDefault();
    void this.open();
  };

  private wanted(): boolean {
    const setting = this.state.grid.contextMenu();
    return setting !== false && setting !== '';
  }

  private context(): MenuContext {
    const { state, cells, clipboard, rows } = this;
    const { grid, selection } = state;
    return {
      editable: !grid.isReadOnly(),
      allowNewRows: grid.allowNewRows(),
      exportDisabled: grid.disableExport(),
      range: selection.range,
      focus: selection.focus,
      columnCount: state.shown.length,
      rowAt: (p) => state.features.view?.shownAt(p) ?? null,
      canEditRow: (row, col) => cells.canEditShown(row, col),
      readClipboard: () => this.hooks.readClipboard(),
      cut: () => void clipboard.cutSelection(),
      copy: () => void clipboard.copySelection(),
      paste: (text) => clipboard.pasteTsv(text),
      pasteAsNewRows: (text) => clipboard.pasteAsNewRows(text),
      insertRowAt: (p) => rows.insertRowAt(p),
      duplicateRows: () => rows.duplicateSelectedRows(),
      deleteRows: () => rows.deleteSelectedRows(),
      restoreRows: () => rows.restoreSelectedRows(),
      clearCells: () => clipboard.clearSelection(),
      fillSeries: () => this.fill.fillSeries(),
      exportCsv: () => this.exporter.exportData('csv'),
      canHideColumn: hidingAllowed(grid.hotArgs()) && state.shown.length > 1,
      hideColumn: () => void this.columns.setHidden(state.shown[selection.focus.col]?.id ?? '', true),
      resetColumns: () => this.columns.requestReset(),
    };
  }
}
