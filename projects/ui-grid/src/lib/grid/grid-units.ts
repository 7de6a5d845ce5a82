import { ChangeSet, RowStore } from 'ngx-wrs-grid/core';
import { GridBody } from './grid-body';
import { GridCells } from './grid-cells';
import { GridChanges } from './grid-changes';
import { GridClipboard } from './grid-clipboard';
import { GridEditing } from './grid-editing';
import { GridExporter } from './grid-exporter';
import { FillHandle } from './fill/fill-handle';
import { GridFill } from './fill/grid-fill';
import { GridHeaderLayout } from './grid-header-layout';
import { GridHistory } from './grid-history';
import { GridKeys } from './grid-keys';
import { GridLoader } from './grid-loader';
import { ContextMenuActionEvent, GridMenu } from './grid-menu';
import { GridNavigation } from './grid-navigation';
import { GridPointer } from './grid-pointer';
import { GridReset } from './grid-reset';
import { GridRows } from './grid-rows';
import { GridSave } from './grid-save';
import { GridState } from './grid-state';
import { GridStatusLine } from './grid-status-line';
import { GridTooltips } from './grid-tooltips';
import { GridValidationDisplay } from './grid-validation-display';
import { HistoryReveal } from './history-reveal';
import { GridUnsavedChanges } from './journal/grid-unsaved-changes';
import { rowStateMessage } from './features/grid-messages';
import { GridRowHeaders } from './features/row-headers';
import { GridColumnState } from './columns/grid-column-state';
import { GridColumns } from './columns/grid-columns';
import { GridFind } from './features/grid-find';

/** What the units ask of the component: its public page turn, its clipboard reader and its output. */
export interface GridUnitHooks {
  goToPage(page: number): void;
  readClipboard(): Promise<string>;
  emit(event: ContextMenuActionEvent): void;
}

/**
 * The grid's feature units over one state, built in dependency order (each gets only units built before it), and
 * the fan-outs that tell each of them about a new document, a change set and a changed view.
 */
export class GridUnits {
  readonly statusLine: GridStatusLine;
  readonly cells: GridCells;
  readonly find: GridFind;
  readonly writes: GridChanges;
  readonly history: GridHistory;
  readonly rows: GridRows;
  readonly editing: GridEditing;
  readonly clipboard: GridClipboard;
  readonly fill: GridFill;
  readonly fillHandle: FillHandle;
  readonly keys: GridKeys;
  readonly pointer: GridPointer;
  readonly header: GridHeaderLayout;
  readonly columns: GridColumns;
  readonly columnState: GridColumnState;
  readonly validation: GridValidationDisplay;
  readonly navigation: GridNavigation;
  readonly reset: GridReset;
  readonly loader: GridLoader;
  readonly saving: GridSave;
  readonly exporter: GridExporter;
  readonly menu: GridMenu;
  readonly tooltips: GridTooltips;
  readonly unsaved: GridUnsavedChanges;
  readonly rowHeaders: GridRowHeaders;

  constructor(
    private readonly state: GridState,
    hooks: GridUnitHooks,
    activeId: string,
  ) {
    const statusLine = (this.statusLine = new GridStatusLine(state.messages));
    const cells = (this.cells = new GridCells(state, activeId));
    const find = (this.find = new GridFind(state, cells));
    const writes = (this.writes = new GridChanges(state, cells));
    const goToPage = (page: number) => hooks.goToPage(page);
    const history = (this.history = new GridHistory(state, writes, new HistoryReveal(state, cells), statusLine, goToPage));
    const rows = (this.rows = new GridRows(state, cells, writes, goToPage));
    const editing = (this.editing = new GridEditing(state, cells, writes));
    const clipboard = (this.clipboard = new GridClipboard(state, cells, writes, rows, () => editing.isOpen));
    const fill = (this.fill = new GridFill(state, cells, writes, rows, statusLine));
    this.fillHandle = new FillHandle(state, cells, fill, () => editing.close(true));
    this.keys = new GridKeys(state, cells, editing, clipboard, history, fill, find);
    this.pointer = new GridPointer(state, cells, editing);
    const columns = (this.columns = new GridColumns(state, {
      repaint: () => this.header.apply(),
      closeEditor: () => editing.close(true),
      changed: () => this.columnState.changed(),
      reset: () => this.columnState.reset(),
    }));
    this.header = new GridHeaderLayout(state, cells, columns);
    this.columnState = new GridColumnState(state, columns);
    const validation = (this.validation = new GridValidationDisplay(state, cells, statusLine));
    const navigation = (this.navigation = new GridNavigation(state, cells, validation));
    const unsaved = (this.unsaved = new GridUnsavedChanges(state, writes, cells, statusLine));
    const reset = (this.reset = new GridReset(state, cells, editing, history, statusLine, () => unsaved.dropped()));
    const loader = (this.loader = new GridLoader(state, statusLine, history, {
      closeEditor: () => editing.close(true),
      pendingSave: () => this.saving.pending(),
      show: () => this.show(),
      preview: (doc, config, store) => this.preview(doc, config, store),
      received: (changeSet) => writes.received(changeSet),
      beforeRequest: (config) => this.columnState.beforeRequest(config),
      loaded: (carried) => unsaved.loaded(carried),
    }));
    this.saving = new GridSave(state, statusLine, { cells, editing, history, loader, navigation, reset, validation, unsaved });
    this.exporter = new GridExporter(state, statusLine);
    this.menu = new GridMenu(state, cells, clipboard, rows, this.exporter, hooks, columns, fill);
    this.tooltips = new GridTooltips(state, validation, (rowId, colId) => unsaved.conflictOf(rowId, colId));
    this.rowHeaders = new GridRowHeaders(state, cells, {
      invalid: (rowId) => validation.rowInvalid(rowId),
      failure: (rowId) => this.saving.rowFailure(rowId) ?? unsaved.conflictOf(rowId),
    });
    writes.listen({ changed: (changeSet) => this.changed(changeSet) });
  }

  /** Paints the body into its host element and hands its keys, clipboard events and pointer to the units. */
  attach(bodyHost: HTMLElement): void {
    const { state } = this;
    const { selection, features } = state;
    const body = (state.body = new GridBody(bodyHost, {
      rowCount: () => features.view?.rowCount ?? 0,
      rowAt: (p) => features.view?.shownAt(p) ?? null,
      renderer: (type) => state.services.renderers.get(type),
      isSelected: (r, c) => selection.contains(r, c),
      isFocused: (r, c) => selection.focus.row === r && selection.focus.col === c,
      errorOf: (rowId, colId) => this.validation.shownError(rowId, colId),
      rowFailure: (rowId) => this.saving.rowFailure(rowId) ?? this.unsaved.conflictOf(rowId),
      rowState: (rowState) => rowStateMessage(state.messages, rowState),
      readOnly: (row, col) => state.previewDoc !== null || !this.cells.canEditShown(row, col),
      painted: () => {
        this.cells.markActive();
        this.rowHeaders.painted();
        this.fillHandle.place();
      },
      rowPainted: this.rowHeaders.rowPainted,
      findClass: (r, c) => this.find.classOf(r, c),
    }, this.header.rowHeight()));
    this.fillHandle.attach(body);
    // Removed at destroy: the browser may keep the detached body (the element focused last), and these handlers
    // hold the grid and its documents.
    const signal = state.lifetime.signal;
    bodyHost.addEventListener('keydown', this.keys.onKeydown, { signal });
    bodyHost.addEventListener('paste', this.clipboard.onPaste, { signal });
    bodyHost.addEventListener('copy', this.clipboard.onCopyOrCut, { signal });
    bodyHost.addEventListener('cut', this.clipboard.onCopyOrCut, { signal });
    body.canvas.addEventListener('mousedown', this.pointer.onMousedown, { signal });
    body.canvas.addEventListener('mousedown', this.rowHeaders.onMousedown, { signal });
    body.canvas.addEventListener('dblclick', this.pointer.onDblclick, { signal });
    bodyHost.addEventListener('contextmenu', this.menu.onContextMenu, { signal });
    bodyHost.addEventListener('keydown', this.menu.onMenuKey, { signal });
    this.tooltips.start(body.canvas);
    this.columns.attach(body.header);
  }

  /** The grid goes: loads stop following the input, overlays close, the body and the stored validation result go. */
  stop(): void {
    this.unsaved.stop();
    this.find.stop();
    this.loader.stop();
    this.state.features.stop();
    this.tooltips.stop();
    this.menu.close();
    this.header.stop();
    this.columns.stop();
    this.columnState.stop();
    this.pointer.stop();
    this.fillHandle.stop();
    this.state.body?.destroy();
    this.validation.remove();
  }

  /** Shows the document just loaded: columns, header, rows, validation; a server page turn keeps the history. */
  show(): void {
    const { state } = this;
    // Not `data`: the rows of a row store stay unbuilt while the grid only shows them.
    const doc = state.document;
    if (!state.body || !doc) return;
    // A new document: the rows the last save failed on are the server's again (or gone).
    state.failedRows = new Set();
    this.unsaved.shown();
    this.reset.recount();
    this.header.useColumns(doc);
    this.columnState.restore();
    state.features.reset(doc, state.layout.columns, state.configDoc, state.store);
    state.features.listen();
    state.headerMeta = state.services.wrsUtil.generateWrsHeaderMeta(doc);
    this.validation.start(doc);
    this.statusLine.showFooter(doc);
    this.header.apply();
    this.history.showCounts();
    this.columnState.changed();
    this.find.reset();
  }

  /**
   * Shows the rows read so far of a document still loading (from its store): its columns and header once, then the rows that came
   * in. Null takes them away (the load failed). Whatever the columns cannot show yet the load itself reports.
   */
  preview(doc: Document | null, config: Document | null, store: RowStore | null = null): void {
    const { state } = this;
    if (!state.body) return;
    if (doc === null) {
      state.features.view = null;
      state.body.paint();
      return;
    }
    if (state.previewDoc === doc) {
      if (state.features.view?.isWhole) this.header.updateHeight();
      return;
    }
    state.previewDoc = doc;
    try {
      state.configDoc = config;
      this.header.useColumns(doc);
      state.features.reset(doc, state.layout.columns, config, store);
      this.header.apply();
    } catch {
      // An unknown renderer or editor type: the load fails with it when the document is complete.
      state.features.view = null;
    }
  }

  /** Filters, sorting or a page changed the rows shown: an open edit is written first. */
  viewChanged(header: boolean): void {
    if (!this.state.body) return;
    this.editing.close(true);
    this.header.viewChanged(header);
    if (header) this.columnState.changed();
    this.find.viewChanged();
  }

  /** A change set on the grid's document (its own or another component's): every unit showing rows follows. */
  private changed(changeSet: ChangeSet): void {
    const { state } = this;
    // Not `data`: a change set of writes on a row store's entries builds nothing.
    const doc = state.document;
    this.unsaved.changed(changeSet);
    if (!doc || !state.body || !this.validation.ready) return;
    this.reset.recount();
    this.statusLine.changed(doc);
    state.features.changed(changeSet.rowIds);
    this.find.changed(changeSet.rowIds);
    this.validation.changed(changeSet, this.writes.written());
    this.header.updateHeight();
    state.body.repaintAll();
    this.editing.follow();
    this.cells.markActive();
  }
}
