import { NgTemplateOutlet } from '@angular/common';
import {
  AfterViewInit,
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  OnDestroy,
  OnInit,
  ViewEncapsulation,
  effect,
  inject,
  untracked,
  viewChild,
} from '@angular/core';
import { DataProvider, LoadFailedStatus, WrsError, errorMessage, guiStatusEstablished } from 'ngx-wrs-grid/core';
import { Subscription } from 'rxjs';
import { injectDataProviderRegistry } from '../services/data-provider-registry';
import { pageSizeAsked } from './grid-args';
import { enhancedConfiguration } from './grid-configuration';
import { JumpToRowArgs } from './grid-navigation';
import { GridState, injectGridServices } from './grid-state';
import { GridInputs } from './grid-inputs';
import { GridUnits } from './grid-units';
import { keepToolbarFocus } from './toolbar-focus';
import { ColumnFilterValue } from './features/column-filter';
import { GridExportButtonsComponent } from './features/grid-export-buttons.component';
import { GridExportFormat, GridExportOptions } from './features/grid-export';
import { GridFindComponent } from './features/grid-find.component';
import { GridFeatures } from './features/grid-features';
import { GRID_MESSAGES, formatMessage, messageOf } from './features/grid-messages';
import { GridPagerComponent } from './features/grid-pager.component';
import { GridResetQuestionComponent } from './features/grid-reset-question.component';
import { JournalQuestionComponent } from './journal/journal-question.component';
import { ColumnState } from './columns/column-state';

export type { WrsHeaderMeta } from 'ngx-wrs-grid/core';
export type { AfterAddRowArgs, CustomSaveArgs, GridHotArgs, IsReadOnlyCell } from './grid-args';
export type { JumpToRowArgs } from './grid-navigation';
export type { ColumnState, ColumnStateColumn } from './columns/column-state';

/**
 * The editable Wrs grid (spec parts 1, 2, 4.1): renders a Wrs with virtual scrolling, edits it through Wrs row
 * states, validates, saves and resets. The grid is itself a DataProvider whose data is the Wrs it shows, so hosts
 * subscribe to its `status$` and `changes$`; every edit is one change set on that document. The component holds its
 * inputs and public operations; each concern is a unit it owns (`grid-*.ts`), over one shared `GridState`.
 */
@Component({
  selector: 'ui-grid',
  imports: [NgTemplateOutlet, GridFindComponent, GridPagerComponent, GridExportButtonsComponent, GridResetQuestionComponent, JournalQuestionComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  encapsulation: ViewEncapsulation.None,
  // The accessible name goes to the element with role="grid"; on the host (no role) it would name nothing.
  host: { class: 'ui-grid', '[class.ui-grid-readonly]': 'isReadOnly()', '[attr.aria-label]': 'null', '[attr.aria-labelledby]': 'null' },
  templateUrl: './grid.component.html',
  styleUrls: ['./grid.component.css', './features/grid-features.css', './features/grid-find.css', './journal/journal.css', './features/row-headers.css', './columns/columns.css', './fill/fill.css'],
})
export class GridComponent extends GridInputs implements OnInit, AfterViewInit, OnDestroy {
  /** The message table every shown text comes from (GRID_MESSAGES). */
  protected readonly messages = inject(GRID_MESSAGES);
  protected readonly formatMessage = formatMessage;
  protected readonly messageOf = messageOf;
  /** Filters, sorting and pages: they all feed the row view. */
  protected readonly features = new GridFeatures({
    gridKey: () => this.gridId() ?? 'grid',
    statusProvider: () => this.statusModel() ?? guiStatusEstablished(this.registry),
    serverSided: () => this.serverSidedPagination(),
    pageSize: () => pageSizeAsked(this.paginationSize(), this.paginationAllPages(), this.serverSidedPagination()),
    customFilter: () => this.columnFiltersCustomFilter(),
    captionFor: () => this.columnFiltersGetCaptionForColumnValue(),
    viewChanged: (header) => this.units.viewChanged(header),
    reload: () => this.execute(true),
  });
  /** Reads the clipboard for the context menu's paste entries. */
  clipboardReader: () => Promise<string> = async () => {
    try {
      return await navigator.clipboard.readText();
    } catch (e) {
      throw new WrsError('CLIPBOARD', `The clipboard cannot be read: ${errorMessage(e)}`, null);
    }
  };

  private readonly host = inject<ElementRef<HTMLElement>>(ElementRef).nativeElement;
  private readonly bodyHost = viewChild.required<ElementRef<HTMLElement>>('bodyHost');
  private readonly state = new GridState(
    this,
    {
      registry: this.registry,
      data: () => this.data,
      dataAsIs: () => this.dataAsIs(),
      rowStore: () => this.getRowStore(),
      setData: (doc) => this.setData(doc),
      setRows: (store) => this.setRows(store),
      setStatus: (status) => this.setStatus(status),
      fail: (kind, reason, cause) => this.fail(kind, reason, cause),
      lastChangeSequence: () => this.lastChangeSequence(),
    },
    injectGridServices(this.host, () => this.bodyHost().nativeElement, this.messages),
    this.features,
  );
  private readonly units = new GridUnits(this.state, {
    goToPage: (page) => this.goToPage(page),
    readClipboard: () => this.clipboardReader(),
    emit: (event) => this.contextMenuAction.emit(event),
  }, `${this.id}_active`);
  private readonly subscriptions = new Subscription();
  /** Each change of the column state (resize, move, hide, sort, filters, new data); the current one on subscribe. */
  readonly columnState$ = this.units.columnState.changes$;

  // What the template shows.
  protected readonly busy = this.state.busy;
  protected readonly loadedRows = this.state.loadedRows;
  protected readonly message = this.units.statusLine.message;
  protected readonly errorCount = this.state.errorCount;
  protected readonly canUndo = this.state.canUndo;
  protected readonly canRedo = this.state.canRedo;
  protected readonly historyOpen = this.state.historyOpen;
  /** The Reset button and its question (`ui-grid-reset-question`). */
  protected readonly reset = this.units.reset;
  /** Unsaved changes kept across reloads and their question (`ui-grid-journal-question`). */
  protected readonly unsaved = this.units.unsaved;
  /** Find in the grid and its field (`ui-grid-find`). */
  protected readonly find = this.units.find;

  constructor() {
    super({ registry: injectDataProviderRegistry() });
    // Read-only inputs set after the rows were painted: the cells shown say `aria-readonly` as they now are.
    effect(() => {
      this.isReadOnly();
      this.isReadOnlyCell();
      untracked(() => this.state.body?.repaintAll());
    });
    effect(() => {
      this.rowHeaders();
      this.hotArgs();
      untracked(() => this.units.rowHeaders.refresh());
    });
    // A toolbar button its action disables hands the keyboard focus to the grid body.
    this.subscriptions.add(keepToolbarFocus(this.host, () => this.units.cells.focusBody()));
  }

  ngOnInit(): void {
    const id = this.gridId();
    if (id) {
      // The id input arrives after construction; the provider base fixes `id` in its constructor.
      (this as { id: string }).id = id;
      this.registry.register(this);
    }
    this.setTargetHtml(this.host);
    this.subscriptions.add(this.changes$.subscribe((changeSet) => this.units.writes.received(changeSet)));
    this.subscriptions.add(this.status$.subscribe(() => this.state.historyOpen.set(this.isReady())));
  }

  ngAfterViewInit(): void {
    this.units.attach(this.bodyHost().nativeElement);
    if (this.state.document) this.units.show();
    void this.execute();
  }

  ngOnDestroy(): void {
    // The value typed into an open editor is kept, its change set fired while the grid is alive (a dropdown closes
    // with it); its blur, as the element goes, then finds no editor to write.
    this.units.editing.close(true, false);
    this.state.destroyed = true;
    this.state.lifetime.abort();
    // A load under way ends here, failed (its data is not taken): no caller of fetchData waits for a grid that is gone.
    const status = this.getStatus();
    if (status !== this.initializedStatus && !status.isFailure && !this.isReady()) this.fail(LoadFailedStatus, `${this.id}: the grid was destroyed while loading`);
    this.subscriptions.unsubscribe();
    this.units.stop();
    if (this.gridId()) this.registry.unregister(this);
    // The grid as a provider is gone: subscribers of its status$ and changes$ (chains over it, app pipes) complete.
    this.completeStreams();
  }

  protected doExecute(isCurrent: () => boolean): Promise<void> {
    return this.units.loader.load(isCurrent);
  }

  /** The configuration model: `config`, else (without `inputModel`) a SimpleModel of `./gridConfiguration.xml`. */
  getConfigModel(): DataProvider | null {
    return this.units.loader.configModel();
  }

  /** The configuration merged with the Wrs header: one `grid:C` per column with its type, caption, key and references. */
  getEnhancedConfiguration(): DataProvider {
    return enhancedConfiguration(this.state);
  }

  /** Undoes the last change set of the grid; true when there was one. */
  undo(): boolean {
    return this.units.history.undo();
  }

  /** Redoes the last undone change set; true when there was one. */
  redo(): boolean {
    return this.units.history.redo();
  }

  /** Adds a row on the page shown (at its top in `topMode`, after the last row with `forceAddAtBottom`); `afterAddRow` fills it. */
  addRow(): void {
    this.units.rows.addRow();
  }

  /** Inserts one new row at a position of the row view (the context menu's insert above and below). */
  insertRowAt(position: number): void {
    this.units.rows.insertRowAt(position);
  }

  /** Deletes the rows of the selected range (R and M become D and stay visible; I rows go). */
  deleteSelectedRows(): void {
    this.units.rows.deleteSelectedRows();
  }

  /** Restores the rows of the selected range to the server state: I rows go, M and D rows become R. */
  restoreSelectedRows(): void {
    this.units.rows.restoreSelectedRows();
  }

  /** Duplicates the rows of the selected range as new I rows right below them, each through `afterAddRow`. */
  duplicateSelectedRows(): void {
    this.units.rows.duplicateSelectedRows();
  }

  /** The selected range as tab-separated text, copied to the clipboard; returns the text. */
  copySelection(): string {
    return this.units.clipboard.copySelection();
  }

  /** Copies the selected range, then empties its cells, in one undo step; returns the text. */
  cutSelection(): string {
    return this.units.clipboard.cutSelection();
  }

  /** Pastes tab-separated text at the selection as one change set (new rows past the last with `allowNewRows`). */
  pasteTsv(text: string): void {
    this.units.clipboard.pasteTsv(text);
  }

  /** Pastes tab-separated text as new I rows below the selection, its columns from the focused column on. */
  pasteAsNewRows(text: string): void {
    this.units.clipboard.pasteAsNewRows(text);
  }

  /** Empties the cells of the selected range as one change set. */
  clearSelection(): void {
    this.units.clipboard.clearSelection();
  }

  /** Number of invalid cells: `getValidationErrorCount` of the stored result, after checking every loaded row. */
  getErrorCount(): number {
    return this.units.validation.errorCount();
  }

  /** The validation message of a cell as the user reads it, or null. */
  getCellError(rowId: string, colId: string): string | null {
    return this.units.validation.cellError(rowId, colId);
  }

  /** Moves the focus to the next invalid cell (turning pages, lifting filters that hide it); the status line says more. */
  jumpToError(): void {
    const note = this.units.navigation.moveToError();
    if (note) this.units.statusLine.set(note);
  }

  /** Moves the focus to a row given by id or 1-based position, and to a column when `colId` is given. */
  jumpToRow(args: JumpToRowArgs): void {
    this.units.navigation.jumpToRow(args);
  }

  /** Validates, then saves through `customSave`, else `saveChain` and the backend; a failure keeps every pending change. */
  save(): Promise<void> {
    return this.units.saving.save();
  }

  /** Drops every change and loads fresh data (from the backend; an inputModel's rows go back to their server state). */
  actionReset(): Promise<void> {
    return this.units.reset.reset();
  }

  /** The rows the grid shows now: the current page of the filtered and sorted rows. */
  viewRows(): Element[] {
    return this.features.view?.rows() ?? [];
  }

  /** Sets one column filter in the status model (null clears it); the grid then filters or reloads. */
  setColumnFilter(colId: string, value: ColumnFilterValue | null): void {
    // An open edit is committed first, while its row is still where it was (a server-side filter reloads the page).
    this.units.editing.close(true);
    this.features.setFilter(colId, value);
  }

  /** Sorts as a header click does: ascending, descending, unsorted; `multi` (shift) adds to the sort keys. */
  sortBy(colId: string, multi = false): void {
    this.units.editing.close(true);
    this.features.sortBy(colId, multi);
  }

  /** Shows a page (0-based); server-side pages reload, keeping the pending changes of the page left. */
  goToPage(page: number): void {
    this.units.editing.close(true);
    this.features.goToPage(page);
  }

  /** Exports the shown columns of the filtered (or all) rows and offers the file; null when it could not (the status line says why). */
  exportData(format: GridExportFormat, allRows = false, options?: GridExportOptions): Promise<Blob | null> {
    return this.units.exporter.exportData(format, allRows, options);
  }

  /** Whether a context menu action applies now; an action the grid does not know always does. */
  menuActionEnabled(action: string): boolean {
    return this.units.menu.isEnabled(action);
  }

  /** Runs a context menu action on the selection; actions the grid does not know go to `contextMenuAction`. */
  runMenuAction(action: string): Promise<void> {
    return this.units.menu.run(action);
  }

  /** Opens the context menu at a point, else below the focused cell; the first entry takes the focus. */
  openContextMenu(at?: { x: number; y: number }): Promise<void> {
    return this.units.menu.open(at);
  }

  /**
   * Opens the find field (Ctrl+F), with a query when given; resolves with the number of matches once all are counted
   * (0 when find is off through `hotArgs.search: false`).
   */
  openFind(query?: string): Promise<number> {
    return this.find.open(query) ? this.find.counted() : Promise.resolve(0);
  }

  /** Closes the find field when open; the focus goes back to the focused cell. */
  closeFind(): void {
    this.find.close();
  }

  /** Closes the context menu when open. */
  closeContextMenu(): void {
    this.units.menu.close();
  }

  /** The column state now: every column's width, order and hidden flag, the sort and the filters (docs/grid/columns.md). */
  getColumnState(): ColumnState {
    return this.units.columnState.get();
  }

  /** Applies a column state or part of it (unknown columns skipped); bad input throws a WrsError before anything changes. */
  setColumnState(state: Partial<ColumnState>): void {
    this.units.columnState.set(state);
  }

  /** Back to the configured widths, order, hidden columns and sort; the state kept in localStorage is forgotten. */
  resetColumns(): void {
    this.units.columnState.reset();
  }

  /** Opens the column chooser (a checkbox per column) below an element, else below the toolbar's Columns button. */
  openColumnChooser(anchor?: HTMLElement): void {
    this.units.columns.openChooser(anchor);
  }

  /** Test and toolbar access to the shown columns' ids. */
  shownColumnIds(): string[] {
    return this.state.shown.map((c) => c.id);
  }

  /**
   * Gives keyboard focus back to the grid body after a toolbar action on its cells, so typing edits the cell the
   * action selected and Ctrl+Z undoes. With `event`, only after a pointer click: a button pressed from the keyboard
   * keeps focus, so pressing it again repeats the action.
   */
  protected focusGrid(event?: MouseEvent): void {
    if (event && event.detail === 0) return;
    this.units.cells.focusBody();
  }

  /** Whether the grid is gone (its teardown ran). */
  private get destroyed(): boolean {
    return this.state.destroyed;
  }

  private focusCell(row: number, col: number): void {
    this.units.cells.focusCell(row, col);
  }
}
