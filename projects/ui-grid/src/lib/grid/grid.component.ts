import { Clipboard } from '@angular/cdk/clipboard';
import { Overlay, OverlayRef } from '@angular/cdk/overlay';
import { NgTemplateOutlet } from '@angular/common';
import {
  AfterViewInit,
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  Injector,
  OnDestroy,
  OnInit,
  ViewEncapsulation,
  afterEveryRender,
  afterNextRender,
  booleanAttribute,
  effect,
  inject,
  input,
  numberAttribute,
  output,
  signal,
  untracked,
  viewChild,
} from '@angular/core';
import {
  ChainDefinition,
  ChainLoadedStatus,
  ChangeSet,
  DataProvider,
  NS,
  LoadFailedStatus,
  ModelWrapper,
  SaveFailedStatus,
  SimpleModel,
  StaticModel,
  Status,
  WaitingForParametersStatus,
  WrsBackend,
  buildWrsRequest,
  contextMenuChain,
  getDefaultWrsBackend,
  WrsError,
  WrsIndex,
  createDocument,
  errorMessage,
  guiStatusEstablished,
  RowOperationInfo,
  SavePayload,
  ValidationError,
  WrsHeaderMeta,
  buildSavePayload,
  oneSaveAtATime,
  resolveModelUrl,
  cellAt,
  cellValue,
  cellsOf,
  commitSavedRows,
  parseTabText,
  toTabText,
  writeRowCells,
} from 'ngx-wrs-grid/core';
import { Subscription } from 'rxjs';
import { injectDataProviderRegistry } from '../services/data-provider-registry';
import { DragAutoscroll } from './drag-autoscroll';
import { GridBody } from './grid-body';
import { GridChainParameters, GridChainPhase, runGridChain } from './grid-chain';
import { deepKeyCheck, showsSubset } from './grid-deep-key-check';
import { frozenColumns, withHotWidths } from './hot-args';
import { WRS_BACKEND } from '../services/wrs-backend.token';
import { WrsUtilService } from '../services/wrs-util.service';
import { GridColumn, GridLayout, collapsedAway, gridLayout, referenceCopyText, referenceValueFor } from './grid-column';
import { GridEditor } from './grid-editor';
import { paintHeader } from './grid-header';
import { CellAddress, GridSelection } from './grid-selection';
import { GridValidation, validationText } from './grid-validation';
import { RowSnapshot } from './row-snapshot';
import { ChainService } from '../services/chain.service';
import { ColumnFilterValue } from './features/column-filter';
import { GridEditorRegistry } from './features/editor-registry';
import { GridExportButtonsComponent } from './features/grid-export-buttons.component';
import { GridExportFormat, downloadBlob, exportBytes, exportFileNameFor } from './features/grid-export';
import { CaptionForColumnValue, ColumnFiltersCustomFilter, GridFeatures } from './features/grid-features';
import { decorateHeader } from './features/grid-header-features';
import { GRID_MESSAGES, GridMessageTable, formatMessage, messageOf, rowStateMessage, translateLayout } from './features/grid-messages';
import { loadFailureMessage, loadFailureReason, saveFailureMessage } from './features/failure-message';
import { GRID_MENU_ACTIONS, focusFirstEntry, menuEntries, renderMenu, wireMenu } from './features/grid-context-menu';
import { openOverlay } from './features/grid-overlay';
import { GridPagerComponent } from './features/grid-pager.component';
import { GridTooltip, TooltipCell, builtInTooltip } from './features/grid-tooltip';
import { GridRendererRegistry } from './features/renderer-registry';
import { GridJournal } from './journal/grid-journal';
import { journalKeyOf } from './journal/journal-key';
import { conflictNote, restoredNote } from './journal/journal-notes';
import { JournalQuestionComponent } from './journal/journal-question.component';
import { JournalRestore, restoreJournal } from './journal/journal-restore';
import { GRID_JOURNAL_STORE } from './journal/journal-store';

export type { WrsHeaderMeta } from 'ngx-wrs-grid/core';

/** What `customSave` receives: the grid and a Wrs holding only its I, M and D rows. */
export interface CustomSaveArgs {
  readonly gridModel: GridComponent;
  readonly wrs: Document;
}

/** What `afterAddRow` receives (spec 2.1). */
export interface AfterAddRowArgs {
  readonly rowNode: Element;
  readonly headerMeta: WrsHeaderMeta;
}

/** `isReadOnlyCell(gridModel, wrsHeaderMeta, rowId, colId, value)`: true makes the cell read-only. */
export type IsReadOnlyCell = (gridModel: GridComponent, wrsHeaderMeta: WrsHeaderMeta, rowId: string, colId: string, value: string | null) => boolean;

/**
 * Options passed to the table widget (`hotArgs`, Handsontable's names where it has them). The grid's own body
 * honours: `height` (px, wins over `maxHeight`), `rowHeight` (px), `colWidths` (px for every shown column, or per
 * shown column in order; wins over the configuration's `width`) and `fixedColumnsStart` (alias `fixedColumnsLeft`:
 * that many leading columns stay in view while scrolling sideways).
 */
export interface GridHotArgs {
  readonly height?: number;
  readonly rowHeight?: number;
  readonly colWidths?: number | readonly number[];
  readonly fixedColumnsStart?: number;
  readonly fixedColumnsLeft?: number;
}

/** Arguments of `jumpToRow`: a row by id or 1-based position, optionally a column. */
export interface JumpToRowArgs {
  readonly rowId?: string;
  readonly rowPos?: number;
  readonly colId?: string;
}

const DEFAULT_ROW_HEIGHT = 28;
// Spec 2.1 says maxHeight defaults to none; a virtual body needs a bounded viewport, so a grid given no height grows
// with its rows up to this (README, 2.1 maxHeight).
const DEFAULT_MAX_HEIGHT = 480;
/**
 * Cells one background task checks or reads ahead (500 rows of 20 columns): the rows of a task follow from the
 * table's width, so a task of a 200-column table takes no longer than one of a 20-column table and drops no frame.
 */
const BACKGROUND_CHUNK_CELLS = 10_000;
/** Row positions a failed save's message lists before "…". */
const FAILED_ROWS_LISTED = 5;

/**
 * The editable Wrs grid (spec parts 1, 2, 4.1): renders a Wrs with virtual scrolling, edits it through Wrs row
 * states, validates, saves and resets. The grid is itself a DataProvider whose data is the Wrs it shows, so hosts
 * subscribe to its `status$` and `changes$`; every edit is one change set on that document.
 */
@Component({
  selector: 'ui-grid',
  imports: [NgTemplateOutlet, GridPagerComponent, GridExportButtonsComponent, JournalQuestionComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  encapsulation: ViewEncapsulation.None,
  // The accessible name goes to the element with role="grid"; on the host (no role) it would name nothing.
  host: { class: 'ui-grid', '[class.ui-grid-readonly]': 'isReadOnly()', '[attr.aria-label]': 'null', '[attr.aria-labelledby]': 'null' },
  templateUrl: './grid.component.html',
  styleUrls: ['./grid.component.css', './features/grid-features.css', './journal/journal.css'],
})
export class GridComponent extends DataProvider implements OnInit, AfterViewInit, OnDestroy {
  /** The grid's accessible name: `<ui-grid aria-label="Orders">` (or `aria-labelledby`) names its `role="grid"` element. */
  readonly ariaLabel = input<string | null>(null, { alias: 'aria-label' });
  readonly ariaLabelledby = input<string | null>(null, { alias: 'aria-labelledby' });
  readonly config = input<DataProvider | null>(null);
  readonly statusModel = input<DataProvider | null>(null);
  readonly inputModel = input<DataProvider | null>(null);
  /** Spec 2.1 `id`: with it the grid registers itself in the provider registry. */
  readonly gridId = input<string | undefined>(undefined, { alias: 'id' });
  readonly hotArgs = input<GridHotArgs | null>(null);
  /** Null: the built-in tooltip; an empty string disables tooltips; else a chain (stylesheet URL) rendering them. */
  readonly tooltipChain = input<ChainDefinition | null>(null);
  readonly contextMenu = input<boolean | string>(false);
  readonly customSave = input<((args: CustomSaveArgs) => unknown) | null>(null);
  readonly afterAddRow = input<((args: AfterAddRowArgs) => void) | null>(null);
  readonly saveChain = input<ChainDefinition | null>(null);
  readonly saveParameters = input<GridChainParameters | null>(null);
  readonly loadChain = input<ChainDefinition | null>(null);
  readonly loadParameters = input<GridChainParameters | null>(null);
  /** Null runs the built-in Wrs validation on the changed rows; a chain gets the Wrs and returns a validation result. */
  readonly validationChain = input<ChainDefinition | null>(null);
  readonly validationParameters = input<GridChainParameters | null>(null);
  readonly allowNewRows = input(true, { transform: booleanAttribute });
  readonly columnFilters = input(false, { transform: booleanAttribute });
  readonly maxHeight = input<number | null>(null);
  readonly isReadOnly = input(false, { transform: booleanAttribute });
  readonly topMode = input(false, { transform: booleanAttribute });
  readonly forceAddAtBottom = input(false, { transform: booleanAttribute });
  readonly disableDeepKeyCheck = input(false, { transform: booleanAttribute });
  readonly ignoreKeyCase = input(false, { transform: booleanAttribute });
  readonly isReadOnlyCell = input<IsReadOnlyCell | null>(null);
  readonly columnFiltersGetCaptionForColumnValue = input<CaptionForColumnValue | null>(null);
  readonly columnFiltersCustomFilter = input<ColumnFiltersCustomFilter | null>(null);
  readonly defaultButtons = input(true, { transform: booleanAttribute });
  readonly serverSidedPagination = input(false, { transform: booleanAttribute });
  /** Rows per page (20 when pagination is on); setting it turns pagination on. */
  readonly paginationSize = input<number | undefined, unknown>(undefined, { transform: (v: unknown) => (v === undefined || v === null || v === '' ? undefined : numberAttribute(v)) });
  readonly paginationAllPages = input(false, { transform: booleanAttribute });
  readonly requestPostChain = input<ChainDefinition | null>(null);
  /** Where requests go (spec 2.1): a url, or a provider holding one, read each time a request is sent. */
  readonly modelUrl = input<string | DataProvider>('WrsServlet');
  readonly exportFileName = input<string | null>(null);
  readonly disableExport = input(false, { transform: booleanAttribute });
  /** Pending changes are kept in this browser's IndexedDB across reloads, closed tabs and crashes; false turns it off. */
  readonly journal = input(true, { transform: booleanAttribute });
  /** Days a journal of unsaved changes is kept before it is dropped. */
  readonly journalRetentionDays = input(7, { transform: numberAttribute });
  /** A context menu entry the grid does not run itself (from a menu stylesheet), with the cell it was opened on. */
  readonly contextMenuAction = output<{ action: string; rowId: string | null; colId: string | null }>();

  /** The message table every shown text comes from (GRID_MESSAGES). */
  protected readonly messages = inject(GRID_MESSAGES);
  protected readonly formatMessage = formatMessage;
  protected readonly messageOf = messageOf;
  /** The Reset button's question while it asks whether to drop pending changes; null when not asking. */
  protected readonly resetQuestion = signal<string | null>(null);
  /** The status line's note about one action (what a save or an undo did) while shown: the next change set ends it. */
  private actionNote: string | null = null;
  private readonly journalStore = inject(GRID_JOURNAL_STORE);
  /** The journal of pending changes (docs/grid/unsaved-changes.md). */
  protected readonly unsavedChanges = new GridJournal({
    store: () => (this.journal() && !this.isReadOnly() ? this.journalStore : null),
    data: () => this.data,
    retentionDays: () => this.journalRetentionDays(),
  });
  /** Filters, sorting and pages: they all feed the row view. */
  protected readonly features = new GridFeatures({
    gridKey: () => this.gridId() ?? 'grid',
    statusProvider: () => this.statusModel() ?? guiStatusEstablished(this.registry),
    serverSided: () => this.serverSidedPagination(),
    pageSize: () => this.pagingSize(),
    customFilter: () => this.columnFiltersCustomFilter(),
    captionFor: () => this.columnFiltersGetCaptionForColumnValue(),
    viewChanged: (header) => this.onViewChanged(header),
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

  protected readonly busy = signal<'' | 'loading' | 'saving'>('');
  protected readonly message = signal('');
  protected readonly errorCount = signal(0);
  protected readonly canUndo = signal(false);
  protected readonly canRedo = signal(false);
  /** Undo and redo may run: not while rows load, nor after a failed load until one succeeds (see `replay`). */
  protected readonly historyOpen = signal(false);
  /** Rows the server refused in the last save (a conflict, a duplicate key), by id: marked until the next save or load. */
  private failedRows = new Set<string>();

  private readonly host = inject<ElementRef<HTMLElement>>(ElementRef).nativeElement;
  private readonly injector = inject(Injector);
  private readonly bodyHost = viewChild.required<ElementRef<HTMLElement>>('bodyHost');
  private readonly clipboard = inject(Clipboard);
  private readonly overlay = inject(Overlay);
  private readonly chains = inject(ChainService);
  private readonly wrsUtil = inject(WrsUtilService);
  /** The server round trip for loading from `config` and saving: WRS_BACKEND, else the core default backend. */
  private readonly backend = inject(WRS_BACKEND, { optional: true });
  /** The request the rows were loaded with (after `requestPostChain`), for the deep key check. */
  private loadedRequest: Document | null = null;
  /** The running validation chain, so `save()` waits for its result. */
  private chainValidation: Promise<void> | null = null;
  private chainValidationRun = 0;
  private readonly renderers = inject(GridRendererRegistry);
  private readonly editors = inject(GridEditorRegistry);
  private tooltip: GridTooltip | null = null;
  /** The tooltipChain run of the latest hover; an earlier one is disposed, its result not shown. */
  private tooltipRun: ModelWrapper | null = null;
  private menuRef: OverlayRef | null = null;
  /** Open header popups (a filter's value list): they live in the overlay container, outside the grid. */
  private readonly popups = new Set<OverlayRef>();
  private body: GridBody | null = null;
  private layout: GridLayout = { columns: [], groups: [] };
  private shown: GridColumn[] = [];
  private headerMeta: WrsHeaderMeta = {};
  private configDoc: Document | null = null;
  private defaultConfig: DataProvider | null = null;
  private fromBackend = false;
  private validation: GridValidation | null = null;
  /** Id of the grid's result in `wrs:Header/wrs:ValidationResult` (read late: `gridId` sets the id in ngOnInit). */
  private get validationId(): string {
    return `${this.id}_validation`;
  }
  /** Position of the next loaded row still to check, null when all are checked. */
  private validationCursor: number | null = null;
  private validationRun = 0;
  private readonly selection = new GridSelection();
  /**
   * The open editor, the cell it was opened on (its row by id, its column), and the value it would have committed as it
   * opened (undefined when typing opened it).
   */
  private editor: { editor: GridEditor; cell: CellAddress; rowId: string; colId: string; initial: string | null | undefined } | null = null;
  private undoSteps: RowSnapshot[] = [];
  private redoSteps: RowSnapshot[] = [];
  /** The rows of an undo or redo on another server page, to focus when the page turn it started has loaded. */
  private revealOnTurn: { rowIds: string[]; done: 'undone' | 'redone' } | null = null;
  /** An undo or redo waiting for the page turn to the page its rows are on (`turnToReplay`). */
  private replayOnTurn: 'undone' | 'redone' | null = null;
  private readonly subscriptions = new Subscription();
  private inputSubscription: Subscription | null = null;
  /** The cell element that carries the active id (`aria-activedescendant`). */
  private activeCell: HTMLElement | null = null;
  /** Counts context menus asked for: only the latest one opens. */
  private menuRun = 0;
  private destroyed = false;
  /** Aborted at destroy: backend loads still running are cancelled, not waited for. */
  private readonly lifetime = new AbortController();
  /** The save of this grid that is running: loads wait for it. */
  private saveRun: Promise<void> | null = null;
  /** App code of a running save (customSave, save chain) in progress: loads it starts do not wait for the save. */
  private saveCallbacks = 0;
  /** True while the grid fires a change set of its own (an edit, an undo): other change sets trim the undo history. */
  private firingOwn = false;
  private readonly activeId = `${this.id}_active`;

  constructor() {
    super({ registry: injectDataProviderRegistry() });
    // Read-only inputs set after the rows were painted: the cells shown say `aria-readonly` as they now are.
    effect(() => {
      this.isReadOnly();
      this.isReadOnlyCell();
      untracked(() => this.body?.repaintAll());
    });
    // A toolbar button disabled while it has the keyboard focus (Save and Reset while a save or load runs, Undo and
    // Redo at the end of their history) would leave the focus on nothing: the browser drops it to the page. The grid
    // body takes it, as after a save with invalid cells.
    afterEveryRender(() => {
      const active = this.host.ownerDocument.activeElement;
      if (active instanceof HTMLButtonElement && active.disabled && active.closest('.ui-grid-toolbar') && this.host.contains(active)) {
        this.bodyHost().nativeElement.focus({ preventScroll: true });
      }
    });
  }

  ngOnInit(): void {
    const id = this.gridId();
    if (id) {
      // The id input arrives after construction; the provider base fixes `id` in its constructor.
      (this as { id: string }).id = id;
      this.registry.register(this);
    }
    this.setTargetHtml(this.host);
    this.subscriptions.add(this.changes$.subscribe((changeSet) => this.onChangeSet(changeSet)));
    this.subscriptions.add(this.status$.subscribe(() => this.historyOpen.set(this.isReady())));
  }

  ngAfterViewInit(): void {
    const bodyHost = this.bodyHost().nativeElement;
    this.body = new GridBody(bodyHost, {
      rowCount: () => this.features.view?.rowCount ?? 0,
      rowAt: (p) => this.features.view?.rowAt(p) ?? null,
      renderer: (type) => this.renderers.get(type),
      isSelected: (r, c) => this.selection.contains(r, c),
      isFocused: (r, c) => this.selection.focus.row === r && this.selection.focus.col === c,
      errorOf: (rowId, colId) => {
        const message = this.validation?.errorOf(rowId, colId) ?? null;
        return message === null ? null : this.validationMessage(colId, message);
      },
      rowFailure: (rowId) => (this.failedRows.has(rowId) ? this.messages.rowNotSaved : this.conflictOf(rowId)),
      rowState: (state) => rowStateMessage(this.messages, state),
      readOnly: (row, col) => !this.canEditRow(row, col),
      painted: () => this.markActive(),
    }, this.hotArgs()?.rowHeight ?? DEFAULT_ROW_HEIGHT);
    bodyHost.addEventListener('keydown', this.onKeydown);
    bodyHost.addEventListener('paste', this.onPaste);
    bodyHost.addEventListener('copy', this.onCopyOrCut);
    bodyHost.addEventListener('cut', this.onCopyOrCut);
    this.body.canvas.addEventListener('mousedown', this.onMousedown);
    this.body.canvas.addEventListener('dblclick', this.onDblclick);
    bodyHost.addEventListener('contextmenu', this.onContextMenu);
    bodyHost.addEventListener('keydown', this.onMenuKey);
    if (this.tooltipChain() !== '') {
      // A tooltip hidden while its chain still runs: the run is disposed and writes nothing into it.
      const stopRun = () => {
        this.tooltipRun?.dispose();
        this.tooltipRun = null;
      };
      this.tooltip = new GridTooltip(this.body.canvas, (el) => this.tooltipCell(el), (cell, target) => this.fillTooltip(cell, target), stopRun);
    }
    if (this.data) this.setupView();
    void this.execute();
  }

  ngOnDestroy(): void {
    // The value typed into an open editor is kept, its change set fired while the grid is alive (a dropdown closes
    // with it); its blur, as the element goes, then finds no editor to write.
    this.closeEditor(true, false);
    this.destroyed = true;
    this.lifetime.abort();
    // A load under way ends here, failed (its data is not taken): no caller of fetchData waits for a grid that is gone.
    const status = this.getStatus();
    if (status !== this.initializedStatus && !status.isFailure && !this.isReady()) this.fail(LoadFailedStatus, `${this.id}: the grid was destroyed while loading`);
    this.subscriptions.unsubscribe();
    this.inputSubscription?.unsubscribe();
    this.unsavedChanges.stop();
    this.features.stop();
    this.tooltip?.destroy();
    this.tooltipRun?.dispose();
    this.closeContextMenu();
    for (const popup of this.popups) popup.dispose();
    this.endDrag?.();
    this.dropWaitingFilters?.();
    this.body?.destroy();
    // The result describes what this grid checked; a grid shown again on the same model stores its own.
    if (this.data && WrsIndex.tryOf(this.data)) this.wrsUtil.replaceValidationResult(this.data, null, this.validationId);
    if (this.gridId()) this.registry.unregister(this);
    // The grid as a provider is gone: subscribers of its status$ and changes$ (chains over it, app pipes) complete.
    this.completeStreams();
  }

  // ---- loading ----

  /** The configuration model: `config`, else (without `inputModel`) a SimpleModel of `./gridConfiguration.xml`. */
  getConfigModel(): DataProvider | null {
    const config = this.config();
    if (config) return config;
    if (this.inputModel()) return null;
    this.defaultConfig ??= new SimpleModel({ url: './gridConfiguration.xml', registry: this.registry });
    return this.defaultConfig;
  }

  /** The configuration merged with the Wrs header: one `grid:C` per column with its type, caption, key and references. */
  getEnhancedConfiguration(): DataProvider {
    const doc = createDocument(this.data);
    const root = doc.createElementNS(NS.grid, 'grid:GridConfiguration');
    doc.appendChild(root);
    const select = root.appendChild(doc.createElementNS(NS.grid, 'grid:SelectColumns'));
    for (const column of this.layout.columns) {
      const c = doc.createElementNS(NS.grid, 'grid:C');
      const header = this.data ? WrsIndex.of(this.data).column(column.id)?.element : null;
      c.setAttribute('bRef', column.id);
      c.setAttribute('caption', column.caption);
      c.setAttribute('type-name', column.typeName);
      if (column.scale !== null) c.setAttribute('scale', String(column.scale));
      c.setAttribute('nullable', column.nullable ? '1' : '0');
      if (column.isKey) c.setAttribute('isKey', 'true');
      if (column.readOnly) c.setAttribute('isReadOnly', 'true');
      if (column.hidden) c.setAttribute('isHidden', 'true');
      if (column.checkbox) c.setAttribute('isCheckbox', `${column.checkbox.on}|${column.checkbox.off}`);
      c.setAttribute('width', String(column.width));
      const refs = header && childOf(header, 'References');
      if (refs) c.appendChild(doc.importNode(refs, true));
      select.appendChild(c);
    }
    const model = new StaticModel({ data: doc, registry: this.registry });
    void model.execute();
    return model;
  }

  protected async doExecute(isCurrent: () => boolean): Promise<void> {
    // A load ending after destroy takes nothing: following the input or listening to the status model would keep
    // the destroyed grid alive.
    const current = () => isCurrent() && !this.destroyed;
    // An open editor is written into its row first: after the load its row id may name another record.
    this.closeEditor(true);
    // A save of this grid still running finishes first: it commits the rows it sent into the document they came from,
    // and a page turn carries the rows still pending after it, not the ones it sent.
    while (this.saveRun && this.saveCallbacks === 0) await this.saveRun.catch(() => undefined);
    if (!current()) return;
    this.setStatus(this.loadingStatus);
    this.busy.set('loading');
    try {
      const configModel = this.getConfigModel();
      const config = configModel ? (await configModel.fetchData()).getData() : null;
      const input = this.inputModel();
      let doc: Document | null;
      if (input) doc = (await input.fetchData()).getData();
      else doc = await this.loadFromBackend(config);
      if (!current()) return;
      if (this.loadChain()) {
        // The grid is where its load chain is (spec 3.1): stylesheets loaded, waiting for load parameters, transforming.
        doc = await runGridChain(this.chains, 'loadChain', this.loadChain()!, doc!, this.loadParameters(), (phase) => {
          if (current()) this.setStatus(this.statusOfPhase(phase));
        });
        if (!current()) return;
      }
      if (!doc || !WrsIndex.tryOf(doc)) throw new WrsError('NOT_WRS', `The grid data is not a wrs:Wrs: <${doc?.documentElement?.nodeName ?? 'nothing'}>`, doc?.documentElement?.nodeName);
      this.configDoc = config;
      this.fromBackend = !input;
      const carried = this.loadChain() ? null : this.features.carriedIds(doc);
      this.moveHistoryTo(doc, carried);
      this.setData(doc);
      this.followInput(input && !this.loadChain() ? input : null, doc);
      this.setupView();
      this.setStatus(this.transformedStatus);
      this.revealAfterTurn(carried);
      // A page turn carries the pending rows under new ids; any other load is new data with a journal maybe.
      if (carried) this.unsavedChanges.changed([]);
      else void this.unsavedChanges.open(journalKeyOf(this.gridId(), this.fromBackend ? this.loadedRequest : null));
    } catch (e) {
      // Destroy ended the load (its backend calls aborted): nothing failed for anyone still watching.
      if (this.destroyed) return;
      // The rows shown (a page left, with its pending changes) stay; the status line says why nothing new came.
      if (current()) {
        this.revealOnTurn = null;
        this.replayOnTurn = null;
        this.features.loadFailed();
        this.message.set(loadFailureMessage(e, this.messages));
      }
      throw e;
    } finally {
      if (current()) this.busy.set('');
    }
  }

  private statusOfPhase(phase: GridChainPhase): Status {
    if (phase instanceof ChainLoadedStatus) return this.chainLoadedStatus;
    return phase instanceof WaitingForParametersStatus ? this.waitingForParametersStatus : this.transformingStatus;
  }

  /**
   * Shows what other components change in the `inputModel` document the grid edits (without a load chain it is the
   * same document): their change sets repaint, validate and filter the rows they name, as the grid's own do; a new
   * document of the input loads the grid again.
   */
  private followInput(input: DataProvider | null, doc: Document): void {
    this.inputSubscription?.unsubscribe();
    this.inputSubscription = null;
    if (!input || input.getData() !== doc) return;
    const subscription = new Subscription();
    subscription.add(input.changes$.subscribe((changeSet) => {
      if (this.data === doc) this.onChangeSet(changeSet);
    }));
    subscription.add(input.ready$.subscribe(() => {
      if (this.data === doc && input.getData() !== doc) void this.execute(true);
    }));
    this.inputSubscription = subscription;
  }

  private async loadFromBackend(config: Document | null): Promise<Document> {
    const backend = this.requireBackend();
    this.features.beforeLoad(() => this.historyRows());
    // Not WrsRequestModel: the row count of the pager goes out in parallel with the very request the post chain made.
    let request = this.features.request(this.buildRequest(config), config);
    const postChain = this.requestPostChain();
    if (postChain) request = await runGridChain(this.chains, 'requestPostChain', postChain, request, null);
    this.loadedRequest = request;
    const call = { url: await this.requestUrl(), signal: this.lifetime.signal };
    const [doc] = await Promise.all([backend.load(request, call), this.features.loadTotal(backend, request, call)]);
    return this.features.afterLoad(doc);
  }

  private requireBackend(): WrsBackend {
    return this.backend ?? getDefaultWrsBackend();
  }

  private requestUrl(): Promise<string | undefined> {
    return resolveModelUrl(this.modelUrl());
  }

  /** The `wrq:WrsRequest` of the configuration, filtered by the status model's `f:Filter`. */
  private buildRequest(config: Document | null): Document {
    if (!config) throw new WrsError('INVALID_ARGUMENT', 'The grid needs a grid configuration or an inputModel', config);
    return buildWrsRequest(config, { statusModel: this.statusModel() ?? guiStatusEstablished(this.registry) });
  }

  private setupView(): void {
    if (!this.body || !this.data) return;
    // A new document: the rows the last save failed on are the server's again (or gone).
    this.failedRows = new Set();
    this.unsavedChanges.clearConflicts();
    this.recountResetQuestion();
    const index = WrsIndex.of(this.data);
    this.layout = translateLayout(gridLayout(index, this.configDoc), this.messages);
    for (const c of this.layout.columns) {
      // Unknown renderer or editor types fail the load with the type named, not the first paint or edit.
      if (c.rendererType) this.renderers.get(c.rendererType);
      this.editors.get(c.editorType);
    }
    this.features.reset(this.data, this.layout.columns, this.configDoc);
    this.features.listen();
    this.headerMeta = this.wrsUtil.generateWrsHeaderMeta(this.data);
    this.validation = new GridValidation(this.layout.columns, this.ignoreKeyCase());
    this.validation.reset(this.data);
    this.validationCursor = null;
    const run = ++this.validationRun;
    if (this.validationChain()) this.runValidationChain();
    else this.validationCursor = 0;
    setTimeout(() => this.backgroundPass(run));
    this.message.set(footerMessage(this.data, this.messages));
    this.applyColumns();
    // A server page turn keeps the history (`moveHistoryTo`); any other load has cleared it.
    this.canUndo.set(this.undoSteps.length > 0);
    this.canRedo.set(this.redoSteps.length > 0);
  }

  /**
   * After the first paint, a chunk of rows per task (so a large load neither delays painting nor blocks input):
   * checks the loaded rows and, with column filters, reads the shown columns ahead for the first filter or sort.
   */
  private backgroundPass(run: number): void {
    // After destroy it would store the result ngOnDestroy removed from the model.
    if (run !== this.validationRun || this.destroyed) return;
    const rows = this.backgroundChunkRows();
    if (this.validationCursor !== null) this.validateNextRows(rows);
    const read = !this.columnFilters() || this.features.prefetch(rows);
    if (this.validationCursor !== null || !read) setTimeout(() => this.backgroundPass(run));
  }

  /** Rows of one background task: `BACKGROUND_CHUNK_CELLS` over the columns of the Wrs. */
  private backgroundChunkRows(): number {
    const width = this.data ? WrsIndex.of(this.data).columns().length : 0;
    return Math.max(1, Math.floor(BACKGROUND_CHUNK_CELLS / Math.max(1, width)));
  }

  private validateNextRows(count: number): void {
    if (!this.data || !this.validation || this.validationCursor === null) return;
    const rows = WrsIndex.of(this.data).rows();
    const end = Math.min(rows.length, this.validationCursor + count);
    const ids = rows.slice(this.validationCursor, end).map((r) => r.getAttribute('id') ?? '');
    this.validationCursor = end >= rows.length ? null : end;
    if (ids.length > 0) this.validation.checkRows(this.data, ids);
    if (this.validationCursor === null) this.storeValidation();
    // Only the rows checked can show new errors: the keys of all rows were indexed before the first task.
    this.body?.repaintRowIds(new Set(ids));
  }

  /**
   * Writes the grid's errors as its result in `wrs:Header/wrs:ValidationResult` (spec 2.3) and shows the count read
   * back with `getValidationErrorCount`. Not a change set: the result describes the data, it is not an edit.
   */
  private storeValidation(): void {
    if (!this.data || !this.validation) return;
    this.validation.store(this.data, this.validationId);
    this.errorCount.set(Math.max(0, this.wrsUtil.getValidationErrorCount(this.data)));
  }

  /**
   * Runs `validationChain` (with `validationParameters`) over the Wrs; its output is a validation result (a result
   * Wrs of RowId, ColId, Error, or a `wrs:ValidationResult` holding one) that replaces the cell errors. A newer run
   * wins; a failing chain shows its reason and leaves the earlier result.
   */
  private runValidationChain(): void {
    const chain = this.validationChain();
    if (!chain || !this.data) return;
    const run = ++this.chainValidationRun;
    const doc = this.data;
    this.chainValidation = runGridChain(this.chains, 'validationChain', chain, doc, this.validationParameters())
      .then((out) => {
        if (this.destroyed || run !== this.chainValidationRun || doc !== this.data || !this.validation) return;
        this.wrsUtil.replaceValidationResult(doc, out, this.validationId);
        this.validation.setCellErrors(resultErrors(this.wrsUtil.getValidationResult(doc, this.validationId)));
        this.storeValidation();
        this.body?.repaintAll();
      })
      .catch((e) => {
        if (run === this.chainValidationRun) this.message.set(errorMessage(e));
      });
  }

  private applyColumns(): void {
    const body = this.body!;
    this.shown = withHotWidths(this.layout.columns.filter((c) => !c.hidden && !collapsedAway(this.layout, c)), this.hotArgs());
    const focused = headerFocus(body.header);
    const typed = this.dropWaitingFilters?.();
    paintHeader(body.header, this.layout, this.shown, body.rowHeight, (g) => {
      this.layout.groups[g].collapsed = !this.layout.groups[g].collapsed;
      this.applyColumns();
    });
    this.dropWaitingFilters = decorateHeader(body.header, this.shown, {
      features: this.features,
      messages: this.messages,
      columnFilters: this.columnFilters(),
      rowHeight: body.rowHeight,
      typed,
      openPopup: (content, anchor, onClose) => {
        const ref = openOverlay(this.overlay, content, anchor, () => {
          this.popups.delete(ref);
          onClose();
        }, this.host);
        this.popups.add(ref);
        return () => ref.dispose();
      },
    });
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
    body.setColumns(this.shown, frozenColumns(this.hotArgs()));
    this.bodyHost().nativeElement.setAttribute('aria-colcount', String(this.shown.length));
    this.updateHeight();
  }

  private updateHeight(): void {
    const body = this.body!;
    const rows = this.features.view?.rowCount ?? 0;
    const header = body.header.offsetHeight || body.rowHeight;
    const content = header + Math.max(rows, 1) * body.rowHeight + 18;
    body.setHeight(this.hotArgs()?.height ?? Math.min(content, this.maxHeight() ?? DEFAULT_MAX_HEIGHT));
    this.bodyHost().nativeElement.setAttribute('aria-rowcount', String(rows + body.headerRowCount));
    this.selection.clamp(rows, this.shown.length);
  }

  // ---- change sets ----

  private onChangeSet(changeSet: ChangeSet): void {
    if (!this.data || !this.body || !this.validation) return;
    this.recountResetQuestion();
    // "Saved 3 changed rows", "Undone in 1 row hidden by the filter": about an action before this change; the data's
    // own notes stay.
    if (this.actionNote !== null && this.message() === this.actionNote) this.message.set(footerMessage(this.data, this.messages));
    this.actionNote = null;
    if (!this.firingOwn) this.forgetHistoryOf(changeSet.rowIds);
    this.unsavedChanges.changed(changeSet.rowIds);
    this.features.changed(changeSet.rowIds);
    if (this.validationChain()) {
      this.validation.updateKeys(this.data, changeSet.rowIds);
      this.runValidationChain();
    } else this.validation.checkRows(this.data, changeSet.rowIds);
    if (this.validationCursor === null) this.storeValidation();
    this.updateHeight();
    this.body.repaintAll();
    if (this.editor && !this.editor.editor.dropdown) this.placeEditor();
    this.markActive();
  }

  /**
   * Runs one grid operation as one change set: `touch` rows before changing them (for undo), return the changed
   * rows' ids; nothing changed means no change set and no undo step.
   */
  private change(operation: (snapshot: RowSnapshot, index: WrsIndex) => string[]): void {
    if (!this.data || !this.isReady()) return;
    const snapshot = new RowSnapshot(this.data);
    let rowIds: string[];
    try {
      rowIds = operation(snapshot, WrsIndex.of(this.data));
    } catch (e) {
      // An app callback (afterAddRow) threw after rows were changed: what was changed is still one undo step and
      // one change set, so the grid shows it and the user can take it back.
      snapshot.seal();
      if (snapshot.size > 0) this.record(snapshot, snapshot.rowIds());
      throw e;
    }
    snapshot.seal();
    if (rowIds.length === 0) return;
    this.record(snapshot, rowIds);
  }

  /** Keeps a change as the newest undo step and fires it as the grid's own change set. */
  private record(snapshot: RowSnapshot, rowIds: string[]): void {
    snapshot.page = this.features.serverPage();
    this.undoSteps.push(snapshot);
    this.redoSteps = [];
    this.canUndo.set(true);
    this.canRedo.set(false);
    this.noteChange([this.data!.documentElement!], rowIds);
    this.fireOwn();
  }

  /** Fires a change set of the grid's own (its undo history stays); any other change set trims it (`forgetHistoryOf`). */
  private fireOwn(): void {
    this.firingOwn = true;
    try {
      this.fire();
    } finally {
      this.firingOwn = false;
    }
  }

  /**
   * Another component changed these rows (none named: anything): undoing a step that holds them would put back
   * whole rows and drop that change, so that step and the older ones go, and the redo steps. Not a reason: a row the
   * newest step holding it created (undoing that step removes the row, the change with it), nor cells of an I or M
   * row the grid's steps did not write (they put back only the cells they wrote): an `afterAddRow` writing an id from
   * the server into its row later, before or after the user typed into it.
   */
  private forgetHistoryOf(rowIds: readonly string[]): void {
    if (this.undoSteps.length === 0 && this.redoSteps.length === 0) return;
    this.redoSteps = [];
    let newest = rowIds.length === 0 ? this.undoSteps.length - 1 : -1;
    // The steps from the newest on, once: a row is done with at the step that created it, or when a step would put
    // back what changed (that step ends the history). Cells newer steps wrote are checked there, not again in older
    // ones. The cost grows with the history walked, not with the rows changed times the steps.
    const pending = new Map(rowIds.map((id) => [id, new Set<number>()]));
    for (let i = this.undoSteps.length - 1; i > newest && pending.size > 0; i--) {
      const step = this.undoSteps[i];
      for (const id of step.rowIds()) {
        const claimed = pending.get(id);
        if (!claimed) continue;
        const outcome = step.afterForeignChange(id, claimed);
        if (outcome === 'created') pending.delete(id);
        else if (outcome === 'conflict') {
          newest = i;
          break;
        }
      }
    }
    if (newest >= 0) this.undoSteps = this.undoSteps.slice(newest + 1);
    this.canUndo.set(this.undoSteps.length > 0);
    this.canRedo.set(false);
  }

  /** Undoes the last change set of the grid; true when there was one. */
  undo(): boolean {
    return this.replay(this.undoSteps, this.redoSteps, 'undone');
  }

  /** Redoes the last undone change set; true when there was one. */
  redo(): boolean {
    return this.replay(this.redoSteps, this.undoSteps, 'redone');
  }

  private replay(from: RowSnapshot[], to: RowSnapshot[], done: 'undone' | 'redone'): boolean {
    // Not while data loads: a page turn has already taken the pending rows it carries.
    if (!this.data || !this.isReady()) return false;
    const next = from[from.length - 1];
    if (next?.isAway) return this.turnToReplay(next, done);
    const step = from.pop();
    if (!step) return false;
    const removed = this.rowsToRemove(step);
    const inverse = step.restore();
    to.push(inverse);
    this.canUndo.set(this.undoSteps.length > 0);
    this.canRedo.set(this.redoSteps.length > 0);
    this.noteChange([this.data.documentElement!], step.rowIds());
    this.fireOwn();
    const hidden = this.revealRows(step.rowIds(), removed);
    if (hidden > 0 && step.page && this.features.canTurnTo(step.page)) {
      // Rows of another server page: the turn shows them as the page now is (the rows put back to the server's
      // state come from the server, the others are carried), the focus on the first of them once it has loaded.
      this.revealOnTurn = { rowIds: step.rowIds(), done };
      this.showReplayNote(done, 0);
      this.goToPage(step.page.page);
      return true;
    }
    this.showReplayNote(done, hidden);
    return true;
  }

  /**
   * The next undo or redo holds rows of a server page not loaded: turns to that page, and undoes or redoes there once
   * it has loaded (`revealAfterTurn`). The status line says why not when that page cannot be shown again (the filter
   * or order changed since, or it is the page shown and the rows are gone from it).
   */
  private turnToReplay(step: RowSnapshot, done: 'undone' | 'redone'): boolean {
    if (step.page && this.features.canTurnTo(step.page)) {
      this.replayOnTurn = done;
      this.goToPage(step.page.page);
      return true;
    }
    this.showActionNote(messageOf(this.messages, done === 'undone' ? 'notUndoneElsewhere' : 'notRedoneElsewhere'));
    return false;
  }

  /** The status line after an undo or redo: the data's notes, and how many rows it changed out of sight. */
  private showReplayNote(done: 'undone' | 'redone', hidden: number): void {
    if (!this.data) return;
    // A note about the state undone ("Not saved: 1 invalid cell") no longer holds; the data's own notes stay.
    const notes = [footerMessage(this.data, this.messages)];
    if (hidden > 0) {
      const rows = hidden === 1 ? messageOf(this.messages, 'changedRow') : formatMessage(messageOf(this.messages, 'changedRows'), { n: hidden });
      const key = this.serverSidedPagination() ? (`${done}OnOtherPages` as const) : (`${done}HiddenByFilter` as const);
      notes.push(formatMessage(messageOf(this.messages, key), { rows }));
    }
    this.showActionNote(notes.filter((n) => n !== '').join('. '));
  }

  /**
   * A server page turn (or a filter or order change) loaded `doc` with the pending rows of the page left and the rows
   * the history holds that it found (`carried`: their ids in it): the undo and redo steps go on there
   * (`RowSnapshot.rebase`), from the newest on; a step that cannot follow ends the history there. Any other load ends
   * the history.
   */
  private moveHistoryTo(doc: Document, carried: ReadonlyMap<string, string> | null): void {
    if (!carried) {
      this.undoSteps = [];
      this.redoSteps = [];
      this.revealOnTurn = null;
      this.replayOnTurn = null;
      return;
    }
    const rebased = (steps: RowSnapshot[]) => {
      const kept: RowSnapshot[] = [];
      for (let i = steps.length - 1; i >= 0; i--) {
        const moved = steps[i].rebase(doc, carried);
        if (!moved) break;
        kept.unshift(moved);
      }
      return kept;
    };
    this.undoSteps = rebased(this.undoSteps);
    this.redoSteps = rebased(this.redoSteps);
  }

  /** The R rows the undo and redo steps hold: a page turn looks for them in the page it loads (`moveHistoryTo`). */
  private historyRows(): Element[] {
    if (!this.data) return [];
    const index = WrsIndex.of(this.data);
    const ids = new Set<string>();
    const rows: Element[] = [];
    for (const step of [...this.undoSteps, ...this.redoSteps]) {
      rows.push(...step.awayRows());
      for (const id of step.rowIds()) ids.add(id);
    }
    for (const id of ids) {
      const row = index.rowById(id);
      if (row?.localName === 'R') rows.push(row);
    }
    return rows;
  }

  /**
   * After the page turn an undo or redo asked for: the focus on the first row it changed, else the status line says;
   * or the undo or redo waiting for the turn (`turnToReplay`) runs now that its rows are here.
   */
  private revealAfterTurn(carried: ReadonlyMap<string, string> | null): void {
    const turn = this.revealOnTurn;
    const replay = this.replayOnTurn;
    this.revealOnTurn = null;
    this.replayOnTurn = null;
    // Its rows are here now; a step still away (its rows gone from the page) says so, as this page is shown.
    if (replay === 'undone' && carried) this.undo();
    else if (replay === 'redone' && carried) this.redo();
    if (!turn || !carried) return;
    const hidden = this.revealRows(turn.rowIds.map((id) => carried.get(id) ?? id), { shown: false, near: null, hidden: 0 });
    if (hidden > 0) this.showReplayNote(turn.done, hidden);
  }

  /**
   * Where the rows a step's restore removes (an undone add, a redone delete of new rows) are in the view, read before
   * they go: `shown` when the page shown holds one of them; else `near`, the row next to the first of them in view
   * order that stays (the next one, else the one before), whose page is theirs once they are gone; `hidden`, how many
   * of them the filter hid.
   */
  private rowsToRemove(step: RowSnapshot): { shown: boolean; near: Element | null; hidden: number } {
    const view = this.features.view;
    const none = { shown: false, near: null, hidden: 0 };
    if (!view || !this.data) return none;
    const index = WrsIndex.of(this.data);
    const going = new Set<Element>();
    for (const id of step.rowIds()) {
      const row = step.created(id) ? index.rowById(id) : null;
      if (!row) continue;
      if (view.positionOf(row) >= 0) return { ...none, shown: true };
      going.add(row);
    }
    if (going.size === 0) return none;
    const matched = view.matchedRows();
    const first = matched.findIndex((row) => going.has(row));
    if (first < 0) return { ...none, hidden: going.size };
    let near: Element | null = null;
    for (let i = first + 1; i < matched.length && !near; i++) if (!going.has(matched[i])) near = matched[i];
    for (let i = first - 1; i >= 0 && !near; i--) if (!going.has(matched[i])) near = matched[i];
    let hidden = going.size;
    for (const row of matched) if (going.has(row)) hidden--;
    return { shown: false, near, hidden: near ? 0 : hidden };
  }

  /**
   * Shows what an undo or redo changed: moves the focus, in the focused column, to the first of these rows (in the
   * order the change touched them) on the page shown, else turns to the client page of the first of them in view
   * order (as `jumpToRow`). When the change removed them all (an undone add), it turns to the page they were on, the
   * focus on the row next to where they were (`rowsToRemove`). Returns how many rows there are when the filter (or
   * another server page) hides all of them, else 0.
   */
  private revealRows(rowIds: readonly string[], removed: { shown: boolean; near: Element | null; hidden: number }): number {
    const view = this.features.view;
    if (!view || !this.data) return 0;
    const index = WrsIndex.of(this.data);
    const away: Element[] = [];
    for (const id of rowIds) {
      const row = index.rowById(id);
      if (!row) continue;
      const position = view.positionOf(row);
      if (position >= 0) {
        this.focusCell(position, this.selection.focus.col);
        return 0;
      }
      away.push(row);
    }
    if (away.length === 0) {
      if (removed.shown) return 0;
      // By id: the element kept may be one the restore replaced.
      const near = removed.near && index.rowById(removed.near.getAttribute('id') ?? '');
      const position = near ? this.features.reveal(near) : -1;
      if (position >= 0) this.focusCell(position, this.selection.focus.col);
      return removed.hidden;
    }
    // Read once for all of them: finding each row on its own would scan every row per changed row.
    const order = new Map<Element, number>();
    view.matchedRows().forEach((row, i) => order.set(row, i));
    let first: Element | null = null;
    for (const row of away) {
      const at = order.get(row);
      if (at !== undefined && (first === null || at < order.get(first)!)) first = row;
    }
    const position = first ? this.features.reveal(first) : -1;
    if (position < 0) return away.length;
    this.focusCell(position, this.selection.focus.col);
    return 0;
  }

  private clearHistory(): void {
    this.undoSteps = [];
    this.redoSteps = [];
    this.canUndo.set(false);
    this.canRedo.set(false);
  }

  // ---- cells ----

  /** The row at a 0-based position of the row view (filtered, sorted, paged). */
  private rowAt(position: number): Element | null {
    return this.features.view?.rowAt(position) ?? null;
  }

  private valueAt(row: Element, column: GridColumn): string | null {
    const cell = cellAt(row, column.pos);
    return cell ? cellValue(cell) : null;
  }

  /** True when the user may change a cell: grid, column and row not read-only, and `isReadOnlyCell` agrees. */
  private canEdit(position: number, col: number): boolean {
    const row = this.rowAt(position);
    return !!row && this.canEditRow(row, col);
  }

  private canEditRow(row: Element, col: number): boolean {
    const column = this.shown[col];
    if (this.isReadOnly() || !column || column.readOnly || row.localName === 'D') return false;
    const check = this.isReadOnlyCell();
    return !check || !check(this, this.headerMeta, row.getAttribute('id') ?? '', column.id, this.valueAt(row, column));
  }

  /**
   * Writes cells as one change set, each row once (`writeRowCells`: its cells read once, R -> M once, one undo
   * record); `cells` yields [row position, shown column, value].
   */
  private writeCells(cells: Iterable<readonly [number, number, string | null]>): void {
    const byPosition = new Map<number, [number, string | null][]>();
    for (const [position, col, value] of cells) {
      if (!this.canEdit(position, col)) continue;
      let writes = byPosition.get(position);
      if (!writes) byPosition.set(position, (writes = []));
      writes.push([this.shown[col].pos, value]);
    }
    this.change((snapshot, index) => {
      const ids: string[] = [];
      for (const [position, writes] of byPosition) {
        // By id: the view may still hold the R element a previous write replaced by its M row.
        const id = this.rowAt(position)!.getAttribute('id') ?? '';
        const row = index.rowById(id);
        if (row && writeRowCells(row, writes, index, (before) => snapshot.touchForWrite(before)).changed.length > 0) ids.push(id);
      }
      return ids;
    });
  }

  // ---- rows ----

  /**
   * Adds a row on the page shown, at its top in `topMode`, else at its end; with `forceAddAtBottom` after the last
   * row of all, on the last client page (spec 2.1: "regardless of topMode or pagination"; server pages show new rows
   * at the end of every page). `afterAddRow` fills it.
   */
  addRow(): void {
    if (this.isReadOnly() || !this.allowNewRows()) return;
    const top = this.topMode() && !this.forceAddAtBottom();
    if (this.forceAddAtBottom() && !this.serverSidedPagination()) this.goToPage(this.features.pageCount() - 1);
    let added: Element | null = null;
    this.change((snapshot) => {
      const [row] = this.insertRows(snapshot, top ? 0 : this.features.view!.rowCount, 1);
      added = row;
      return [row.getAttribute('id') ?? ''];
    });
    if (added) this.focusCell(this.features.view!.positionOf(added), this.firstEditableColumn(added));
  }

  /** The first shown column the user may type into in a row, 0 when none (a key column `afterAddRow` fills may be read-only). */
  private firstEditableColumn(row: Element): number {
    return Math.max(0, this.shown.findIndex((_, col) => this.canEditRow(row, col)));
  }

  /**
   * Inserts `count` new I rows with default values through `WrsUtil.insertRow` at a 0-based position of the row
   * view. The insert selection must exist, so larger inserts go in batches, each right after the rows before it.
   */
  private insertRows(snapshot: RowSnapshot, at: number, count: number): Element[] {
    const view = this.features.view!;
    const index = WrsIndex.of(this.data!);
    const docAt = view.documentPositionFor(at);
    const created: Element[] = [];
    const fn = (info: RowOperationInfo) => {
      for (const row of info.rowNodes) created.push(row);
    };
    while (created.length < count) {
      const rows = index.rowCount;
      const n = count - created.length;
      const next = docAt + created.length;
      if (rows === 0) this.wrsUtil.insertRow({ model: this, rowStartPos: 1, rowEndPos: n, propagateUpdate: false, fn });
      else if (next < rows) this.wrsUtil.insertRow({ model: this, rowStartPos: next + 1, rowEndPos: Math.min(rows, next + n), propagateUpdate: false, fn });
      else {
        const k = Math.min(n, rows);
        this.wrsUtil.insertRow({ model: this, rowStartPos: rows - k + 1, rowEndPos: rows, insertBeforeSelection: false, propagateUpdate: false, fn });
      }
    }
    for (const row of created) snapshot.added(row.getAttribute('id') ?? '');
    view.inserted(at, created);
    // Every row the grid adds (Add row, insert above/below, lines pasted past the last row, paste as new rows) goes
    // through afterAddRow, before pasted values are written into it: what was pasted wins over its defaults.
    const afterAddRow = this.afterAddRow();
    if (afterAddRow) for (const row of created) afterAddRow({ rowNode: row, headerMeta: this.headerMeta });
    return created;
  }

  /**
   * Runs a WrsUtil range operation over the selected rows: the view's rows grouped into runs of consecutive
   * document positions, the last run first so each run's edit leaves the positions of the earlier runs alone.
   */
  private forSelectedRuns(
    snapshot: RowSnapshot,
    operation: (start: number, end: number, fn: (info: RowOperationInfo) => void) => void,
    record: (row: Element) => void = (row) => snapshot.touch(row),
  ): string[] {
    const { top, bottom } = this.selection.range;
    const index = WrsIndex.of(this.data!);
    const view = this.features.view!;
    const positions: number[] = [];
    for (let p = top; p <= bottom; p++) {
      const row = view.rowAt(p);
      if (!row) continue;
      record(row);
      positions.push(index.positionOf(row));
    }
    positions.sort((a, b) => a - b);
    const runs: [number, number][] = [];
    for (const p of positions) {
      const last = runs[runs.length - 1];
      if (last && p === last[1] + 1) last[1] = p;
      else runs.push([p, p]);
    }
    const ids: string[] = [];
    const fn = (info: RowOperationInfo) => {
      for (const id of info.rowIds) ids.push(id);
      for (const row of info.rowNodes) snapshot.added(row.getAttribute('id') ?? '');
    };
    for (const [start, end] of runs.reverse()) operation(start, end, fn);
    return ids;
  }

  /** Deletes the rows of the selected range through `WrsUtil.deleteRows` (R and M become D and stay visible; I rows go). */
  deleteSelectedRows(): void {
    if (this.isReadOnly()) return;
    this.change((snapshot) =>
      this.forSelectedRuns(
        snapshot,
        (start, end, fn) => this.wrsUtil.deleteRows({ model: this, rowStartPos: start, rowEndPos: end, propagateUpdate: false, fn }),
        (row) => snapshot.touchForDelete(row),
      ),
    );
  }

  /** Restores the rows of the selected range to the server state through `WrsUtil.restore`: I rows go, M and D rows become R. */
  restoreSelectedRows(): void {
    if (this.isReadOnly()) return;
    const columns = WrsIndex.of(this.data!).columns().length;
    this.change((snapshot) =>
      this.forSelectedRuns(snapshot, (start, end, fn) =>
        this.wrsUtil.restore({ model: this, rowStartPos: start, rowEndPos: end, colStartPos: 1, colEndPos: columns, propagateUpdate: false, fn }),
      ),
    );
  }

  /**
   * Duplicates the rows of the selected range through `WrsUtil.duplicateRows` as new I rows right below them. A copy
   * is an added row (spec 2.1): `afterAddRow` gets each, top to bottom, in the same undo step, to give it its own key.
   */
  duplicateSelectedRows(): void {
    if (this.isReadOnly() || !this.allowNewRows()) return;
    this.change((snapshot, index) => {
      // The rows copied stay as they are: the step records only the copies, so an id arriving later for a new row
      // copied here (another component's change to it) leaves the step undoable.
      const ids = this.forSelectedRuns(
        snapshot,
        (start, end, fn) => this.wrsUtil.duplicateRows({ model: this, rowStartPos: start, rowEndPos: end, insertBeforeSelection: false, propagateUpdate: false, fn }),
        () => undefined,
      );
      const afterAddRow = this.afterAddRow();
      if (afterAddRow) {
        // The ids are those of the copies, the last run's first.
        const copies = ids.map((id) => index.rowById(id)!).sort((a, b) => index.positionOf(a) - index.positionOf(b));
        for (const row of copies) afterAddRow({ rowNode: row, headerMeta: this.headerMeta });
      }
      return ids;
    });
  }

  // ---- clipboard ----

  /**
   * The selected range as tab-separated text (`toTabText`), copied through the CDK clipboard: stored values, except
   * that a reference column gives the captions its cells show (`referenceCopyText`), which a paste reads back as ids.
   */
  copySelection(): string {
    const text = this.selectedText();
    this.clipboard.copy(text);
    return text;
  }

  /** Copies the selected range (`copySelection`), then empties its cells as Delete does, in one undo step. */
  cutSelection(): string {
    const text = this.copySelection();
    this.clearSelection();
    return text;
  }

  private selectedText(): string {
    const { top, bottom, left, right } = this.selection.range;
    const lines: (string | null)[][] = [];
    for (let p = top; p <= bottom; p++) {
      const row = this.rowAt(p);
      if (!row) continue;
      lines.push(this.shown.slice(left, right + 1).map((c) => (c.references ? referenceCopyText(c.references, this.valueAt(row, c)) : this.valueAt(row, c))));
    }
    return toTabText(lines);
  }

  /**
   * Pastes TSV at the top left cell of the selection as one change set, appending rows when `allowNewRows`;
   * read-only cells keep their value. A block the selection holds a whole number of times fills it (`tiledOverSelection`).
   * A reference column takes a caption or an id and stores the id (`referenceValueFor`).
   */
  pasteTsv(text: string): void {
    if (this.isReadOnly() || !this.data) return;
    const lines = this.tiledOverSelection(parseTabText(text));
    if (lines.length === 0) return;
    // A range made with shift+arrows has its focus at the far corner; a paste starts where the range starts.
    const { top, left } = this.selection.range;
    const index = WrsIndex.of(this.data);
    const view = this.features.view!;
    // New rows only when a pasted column may be written in a new row: into read-only columns they would stay empty.
    const width = lines.reduce((w, line) => Math.max(w, line.length), 0);
    const writable = this.shown.slice(left, left + width).some((c) => !c.readOnly);
    // Lines go into the rows from the focused one on in view order, past the end of the page into the pages after
    // it; only lines past the last row make new rows (at the end of the page shown).
    const available = Math.min(lines.length, view.rowsFrom(top));
    const missing = this.allowNewRows() && writable ? lines.length - available : 0;
    this.change((snapshot) => {
      const ids: string[] = [];
      // Targets by id, taken before new rows go in (they shift the view positions of the pages after this one).
      const targets: (string | null)[] = [];
      for (let r = 0; r < available; r++) targets.push(view.rowInOrder(top + r)?.getAttribute('id') ?? null);
      if (missing > 0) {
        // The rows pasted over are recorded before the new rows go in: an undo puts them back at the positions they
        // had then (recorded after, in a sorted view they came back among the removed rows' places).
        for (const id of targets) {
          const row = index.rowById(id ?? '');
          if (row && row.localName !== 'D') snapshot.touchForWrite(row);
        }
        for (const added of this.insertRows(snapshot, view.rowCount, missing)) {
          ids.push(added.getAttribute('id') ?? '');
          targets.push(added.getAttribute('id'));
        }
      }
      // A pasted line is one row write: its cells read once, the row recorded for undo and turned into M once.
      lines.forEach((cells, r) => {
        const id = targets[r];
        // By id: the view may still hold an R element an earlier change replaced by its M row.
        const row = id ? index.rowById(id) : null;
        if (!row) return;
        const writes: [number, string | null][] = [];
        cells.forEach((text, c) => {
          const col = left + c;
          if (col >= this.shown.length || !this.canEditRow(row, col)) return;
          const column = this.shown[col];
          const value = column.references ? referenceValueFor(column.references, text) : text;
          writes.push([column.pos, value === '' && column.nullable ? null : value]);
        });
        if (writeRowCells(row, writes, index, (before) => snapshot.touchForWrite(before), true).changed.length > 0) ids.push(id!);
      });
      return [...new Set(ids)];
    });
    this.selection.selectRange({ top, left, bottom: Math.min(top + lines.length, view.rowCount) - 1, right: Math.min(left + width, this.shown.length) - 1 });
    this.body?.repaintMarks();
  }

  /**
   * The pasted block repeated over the selected range when the range is a whole number of blocks high and wide (a
   * single value fills it all), as spreadsheets paste; else the block as it is. Lines of unequal length are not tiled.
   */
  private tiledOverSelection(lines: string[][]): string[][] {
    if (lines.length === 0) return lines;
    const { top, bottom, left, right } = this.selection.range;
    const rows = bottom - top + 1;
    const cols = right - left + 1;
    const width = lines[0].length;
    if (lines.some((line) => line.length !== width) || rows % lines.length !== 0 || cols % width !== 0) return lines;
    if (rows === lines.length && cols === width) return lines;
    const across = cols / width;
    const wide = across === 1 ? lines : lines.map((line) => Array.from({ length: cols }, (_, c) => line[c % width]));
    return Array.from({ length: rows }, (_, r) => wide[r % lines.length]);
  }

  /** Empties the cells of the selected range as one change set. */
  clearSelection(): void {
    const { top, bottom, left, right } = this.selection.range;
    const cells: [number, number, string | null][] = [];
    for (let p = top; p <= bottom; p++) for (let c = left; c <= right; c++) cells.push([p, c, this.shown[c].nullable ? null : '']);
    this.writeCells(cells);
  }

  // ---- validation ----

  /** Number of invalid cells: `getValidationErrorCount` of the stored result, after checking every loaded row. */
  getErrorCount(): number {
    this.validateNextRows(Number.POSITIVE_INFINITY);
    return this.data ? Math.max(0, this.wrsUtil.getValidationErrorCount(this.data)) : 0;
  }

  /** The validation message of a cell as the user reads it, or null. */
  getCellError(rowId: string, colId: string): string | null {
    this.validateNextRows(Number.POSITIVE_INFINITY);
    const message = this.validation?.errorOf(rowId, colId) ?? null;
    return message === null ? null : this.validationMessage(colId, message);
  }

  /**
   * The answer "Restore changes": the journal's changes made again on the data loaded now, one undo step; rows the
   * server changed since are marked with both values (`conflictOf`).
   */
  protected restoreUnsavedChanges(): void {
    const offer = this.unsavedChanges.offer();
    if (!offer?.fits || !this.data || this.busy() !== '') return;
    let restored: JournalRestore | null = null;
    this.change((snapshot, index) => {
      const hooks = { beforeWrite: (row: Element) => snapshot.touchForWrite(row), beforeDelete: (row: Element) => snapshot.touchForDelete(row), added: (id: string) => snapshot.added(id) };
      restored = restoreJournal(index, offer.entry, hooks);
      return restored.rowIds;
    });
    this.unsavedChanges.answered(false);
    if (!restored) return;
    this.unsavedChanges.setConflicts((restored as JournalRestore).conflicts);
    this.body?.repaintAll();
    this.showActionNote(restoredNote(restored, this.messages));
    this.focusGrid();
  }

  /** The answer "Discard": the journal found at load is deleted; the data stays as loaded. */
  protected discardUnsavedChanges(): void {
    this.unsavedChanges.answered(true);
    this.focusGrid();
  }

  /** What a restored row's conflicts with the server say (of one column, or all), or null. */
  private conflictOf(rowId: string, colId?: string): string | null {
    const conflicts = this.unsavedChanges.conflictsOf(rowId)?.filter((c) => colId === undefined || c.colId === colId);
    return conflicts?.length ? conflictNote(conflicts, this.messages, (id) => this.captionOf(id)) : null;
  }

  private captionOf(colId: string): string {
    return this.layout.columns.find((c) => c.id === colId)?.caption ?? colId;
  }

  /**
   * Moves the focus to the next invalid cell after the focused one in view order (wrapping around, turning client
   * pages). Invalid cells in rows the column filters hide are not skipped silently: the status line counts them, and
   * when no invalid cell is left in view, the column filters hiding the first of them are removed (the status line
   * names them) and the focus goes there.
   */
  jumpToError(): void {
    const note = this.moveToError();
    if (note) this.message.set(note);
  }

  /** `jumpToError`; returns what the status line should tell the user, or null. */
  private moveToError(): string | null {
    const view = this.features.view;
    if (!this.validation || !this.data || !view) return null;
    this.validateNextRows(Number.POSITIVE_INFINITY);
    const index = WrsIndex.of(this.data);
    const order = new Map<Element, number>();
    view.matchedRows().forEach((row, i) => order.set(row, i));
    const shown: { row: Element; at: number; col: number }[] = [];
    const hidden: { row: Element; col: number }[] = [];
    for (const { rowId, colId } of this.validation.errors()) {
      const row = index.rowById(rowId);
      const col = this.shown.findIndex((c) => c.id === colId);
      if (!row || col < 0) continue;
      const at = order.get(row);
      if (at === undefined) hidden.push({ row, col });
      else shown.push({ row, at, col });
    }
    const cells = (n: number) => (n === 1 ? this.messages.invalidCell : formatMessage(this.messages.invalidCells, { n }));
    const hiddenNote = () => formatMessage(this.serverSidedPagination() ? this.messages.errorsOnOtherPages : this.messages.errorsHiddenByFilter, { cells: cells(hidden.length) });
    if (shown.length > 0) {
      shown.sort((a, b) => a.at - b.at || a.col - b.col);
      const focused = view.rowAt(this.selection.focus.row);
      const from = focused ? order.get(focused) ?? -1 : -1;
      const col = this.selection.focus.col;
      const next = shown.find((c) => c.at > from || (c.at === from && c.col > col)) ?? shown[0];
      this.focusCell(this.features.reveal(next.row), next.col);
      return hidden.length > 0 ? hiddenNote() : null;
    }
    if (hidden.length === 0) return null;
    hidden.sort((a, b) => index.positionOf(a.row) - index.positionOf(b.row) || a.col - b.col);
    const target = hidden[0];
    const removed = this.features.unhide(target.row);
    if (!removed) return hiddenNote();
    const position = this.features.reveal(target.row);
    if (position >= 0) this.focusCell(position, target.col);
    return formatMessage(this.messages.filterRemovedForError, { columns: removed.map((c) => this.captionOf(c)).join(', ') });
  }

  /** Moves the focus to a row given by id or 1-based position, and to a column when `colId` is given. */
  jumpToRow(args: JumpToRowArgs): void {
    if (!this.data) return;
    const index = WrsIndex.of(this.data);
    const row = args.rowId !== undefined ? index.rowById(args.rowId) : index.rowAt(args.rowPos ?? 0);
    if (!row) throw new WrsError('UNKNOWN_ROW', `jumpToRow: no row ${args.rowId ?? args.rowPos}`, args);
    const col = args.colId !== undefined ? this.shown.findIndex((c) => c.id === args.colId) : this.selection.focus.col;
    if (col < 0) throw new WrsError('UNKNOWN_COLUMN', `jumpToRow: no shown column ${args.colId}`, args);
    const position = this.features.reveal(row);
    if (position < 0) throw new WrsError('UNKNOWN_ROW', `jumpToRow: row ${row.getAttribute('id')} is hidden by the filter`, args);
    this.focusCell(position, col);
  }

  // ---- save and reset ----

  /**
   * Validates, then saves through `customSave`, else `saveChain` and the backend: success -> SavedStatus with the
   * server state; failure -> SaveFailedStatus with the reason and every pending change kept.
   */
  async save(): Promise<void> {
    // After a failed page turn the page shown (and every pending change) is still there to save.
    if (!this.data || this.busy() || !(this.isReady() || this.hasFailed())) return;
    const run = this.runSave();
    this.saveRun = run;
    try {
      await run;
    } finally {
      if (this.saveRun === run) this.saveRun = null;
    }
  }

  /**
   * Runs app code of a save (`customSave`, a save chain's steps): a load it starts (`gridModel.execute(true)` to show
   * what it saved) must not wait for the save that waits for it, so loads do not wait while such code runs.
   */
  private async inSaveCallback<T>(callback: () => Promise<T> | T): Promise<T> {
    this.saveCallbacks++;
    try {
      return await callback();
    } finally {
      this.saveCallbacks--;
    }
  }

  private async runSave(): Promise<void> {
    this.closeEditor(true);
    this.busy.set('saving');
    // Discarding while the save runs would undo in the grid what the server is saving.
    this.withdrawResetQuestion();
    this.message.set('');
    this.unmarkFailedRows();
    try {
      const errors = await this.validateForSave();
      if (errors > 0) {
        const notSaved = formatMessage(this.messages.notSaved, { cells: errors === 1 ? this.messages.invalidCell : formatMessage(this.messages.invalidCells, { n: errors }) });
        const note = this.moveToError();
        this.message.set(note ? `${notSaved}. ${note}` : notSaved);
        // On the invalid cell shown, so that typing fixes it and Ctrl+Z works (the Save button had the focus).
        this.focusGrid();
        return;
      }
      let reloadFailure: unknown = null;
      let sent = 0;
      // One save of the document at a time: a WrsUtil save of this grid that is still running is waited for.
      const doc = this.data!;
      await oneSaveAtATime(doc, async () => {
        const payload = buildSavePayload(WrsIndex.of(doc));
        sent = payload.rowCount;
        const sequence = this.lastChangeSequence();
        const custom = this.customSave();
        if (custom) await this.inSaveCallback(() => custom({ gridModel: this, wrs: payload.wrs }));
        else if (payload.rowCount > 0 || this.saveChain()) {
          // Nothing changed and no save chain to make something of it: nothing to post (as WrsUtil.saveModel).
          const chain = this.saveChain();
          // Without a save chain the payload's text is posted as built: no parse and serialize round trip.
          const body = chain ? await this.inSaveCallback(() => runGridChain(this.chains, 'saveChain', chain, payload.wrs, this.saveParameters())) : payload.text;
          await this.requireBackend().save(body, { url: await this.requestUrl() });
        }
        const editedMeanwhile = this.lastChangeSequence() !== sequence || this.hasUncommittedWrites();
        this.clearHistory();
        // The document becomes what the server now holds; edits made while the save ran stay changes against it.
        // Loads wait for the save, so the document is the one the payload was built from.
        if (this.data === doc) this.commitLocally(payload);
        // Loaded again when nothing was edited meanwhile (a reload would drop those edits), and not after destroy. The
        // save went through either way: a failed reload leaves the committed document and says so.
        if (this.fromBackend && !editedMeanwhile && !this.destroyed) {
          try {
            await this.reloadQuietly();
          } catch (e) {
            reloadFailure = e;
          }
        }
      });
      this.setStatus(this.savedStatus);
      // What the save covered leaves the journal now, not after the write delay: a reload right after finds none of it.
      this.unsavedChanges.clearConflicts();
      this.unsavedChanges.flush();
      if (reloadFailure) this.message.set(formatMessage(this.messages.savedReloadFailed, { reason: loadFailureReason(reloadFailure, this.messages) }));
      else {
        // The data's own notes (a row limit, a query error of the reload) stay after what the save did.
        const done = sent > 0 ? formatMessage(messageOf(this.messages, sent === 1 ? 'savedRow' : 'savedRows'), { n: sent }) : messageOf(this.messages, 'nothingToSave');
        this.showActionNote([done, this.data ? footerMessage(this.data, this.messages) : ''].filter((n) => n !== '').join('. '));
      }
    } catch (e) {
      // What happened in the UI's language, the server's own text after it (`saveFailureMessage`).
      this.message.set(saveFailureMessage(e, this.markFailedRows(e), this.messages));
      this.fail(SaveFailedStatus, errorMessage(e));
    } finally {
      this.busy.set('');
    }
  }

  /**
   * Marks the rows a failed save names (`details.rowIds` of SAVE_CONFLICT / SAVE_FAILED: a conflict, a duplicate key)
   * and moves the focus to the first one shown. Returns how the message names them ("rows 3, 7, 1 not shown"), or
   * null when the failure names no row of this document.
   */
  private markFailedRows(error: unknown): string | null {
    const ids = error instanceof WrsError ? error.details?.['rowIds'] : undefined;
    if (!Array.isArray(ids) || !this.data) return null;
    const index = WrsIndex.of(this.data);
    const view = this.features.view;
    const shown: number[] = [];
    let hidden = 0;
    for (const id of ids) {
      const row = typeof id === 'string' ? index.rowById(id) : null;
      if (!row || this.failedRows.has(id as string)) continue;
      this.failedRows.add(id as string);
      const position = view ? view.positionOf(row) : -1;
      if (position >= 0) shown.push(position);
      else hidden++;
    }
    if (shown.length === 0 && hidden === 0) return null;
    this.body?.repaintAll();
    shown.sort((a, b) => a - b);
    if (shown.length > 0) this.focusCell(shown[0], this.selection.focus.col);
    const parts: string[] = [];
    if (shown.length > 0) {
      // The first few positions say where to look; the count of the rest keeps the message one line.
      const listed = shown.slice(0, FAILED_ROWS_LISTED).map((p) => String(p + 1));
      if (shown.length > FAILED_ROWS_LISTED) listed.push('…');
      parts.push(formatMessage(shown.length === 1 ? this.messages.failedRow : this.messages.failedRows, { list: listed.join(', ') }));
    }
    if (hidden > 0) parts.push(formatMessage(this.messages.failedRowsHidden, { n: hidden }));
    return parts.join(', ');
  }

  private unmarkFailedRows(): void {
    if (this.failedRows.size === 0) return;
    this.failedRows = new Set();
    this.body?.repaintAll();
  }

  /** Drops every change and loads fresh data (from the backend; an inputModel's rows go back to their server state). */
  /**
   * The Reset button: without pending changes it resets; with some it asks first whether to drop them (the rows
   * changed, counted), with the focus on "Keep changes", so a second Enter keeps them. `actionReset()` does not ask.
   */
  protected requestReset(): void {
    if (this.busy() !== '') return;
    if (this.pendingRowCount() === 0) {
      void this.actionReset();
      return;
    }
    this.recountResetQuestion(true);
    this.focusToolbarButton('reset-keep');
  }

  private pendingRowCount(): number {
    return this.data ? WrsIndex.of(this.data).changedRowCount() : 0;
  }

  /**
   * Keeps the Reset question's count of changed rows current (after a change set or a load); with none left it goes.
   * `open` asks it when it is not shown.
   */
  private recountResetQuestion(open = false): void {
    if (!open && this.resetQuestion() === null) return;
    const pending = this.pendingRowCount();
    if (pending === 0) {
      this.withdrawResetQuestion();
      return;
    }
    const key = pending === 1 ? 'resetConfirmRow' : 'resetConfirmRows';
    this.resetQuestion.set(formatMessage(messageOf(this.messages, key), { n: pending }));
  }

  /** Takes the Reset question away; the keyboard focus on one of its buttons goes back to the Reset button. */
  private withdrawResetQuestion(): void {
    if (this.resetQuestion() === null) return;
    const focused = !!this.host.querySelector('.ui-grid-reset-question')?.contains(document.activeElement);
    this.resetQuestion.set(null);
    if (focused) this.focusToolbarButton('reset');
  }

  /** Shows a note about an action in the status line until the next change set. */
  private showActionNote(text: string): void {
    this.message.set(text);
    this.actionNote = text;
  }

  /** The answer "Discard changes": resets (not while a save or a load runs: the button is disabled then). */
  protected discardChanges(): void {
    if (this.busy() !== '') return;
    this.resetQuestion.set(null);
    this.focusGrid();
    void this.actionReset();
  }

  /** The answer "Keep changes" (or Escape): nothing is dropped; the focus goes back to the Reset button. */
  protected keepChanges(): void {
    this.resetQuestion.set(null);
    this.focusToolbarButton('reset');
  }

  /** Focuses a toolbar button once painted; the grid body when it is not there or disabled (a save runs). */
  private focusToolbarButton(action: string): void {
    afterNextRender(
      () => {
        const button = this.host.querySelector<HTMLButtonElement>(`.ui-grid-toolbar [data-action="${action}"]`);
        if (button && !button.disabled) button.focus();
        else this.bodyHost().nativeElement.focus({ preventScroll: true });
      },
      { injector: this.injector },
    );
  }

  async actionReset(): Promise<void> {
    this.resetQuestion.set(null);
    this.unsavedChanges.reset();
    this.closeEditor(false);
    this.clearHistory();
    this.message.set(this.data ? footerMessage(this.data, this.messages) : '');
    if (this.fromBackend) {
      await this.execute(true);
      return;
    }
    if (!this.data) return;
    const index = WrsIndex.of(this.data);
    if (index.rowCount > 0 && index.columns().length > 0) {
      this.wrsUtil.restore({ model: this, rowStartPos: 1, rowEndPos: index.rowCount, colStartPos: 1, colEndPos: index.columns().length, propagateUpdate: false });
    }
    this.fire();
    this.setStatus(this.transformedStatus);
  }

  /** Checks every loaded row, waits for the validation chain, asks the server for keys outside the loaded subset; the error count. */
  private async validateForSave(): Promise<number> {
    this.validateNextRows(Number.POSITIVE_INFINITY);
    for (let running = this.chainValidation; running; running = running === this.chainValidation ? null : this.chainValidation) await running;
    await this.checkKeysOnServer();
    return this.getErrorCount();
  }

  /**
   * The deep key check (skipped with `disableDeepKeyCheck`): when the grid shows a subset of the table it loaded, the
   * server is asked whether rows outside that subset hold the keys of the inserted or re-keyed rows.
   */
  private async checkKeysOnServer(): Promise<void> {
    const validation = this.validation;
    const request = this.loadedRequest;
    const wrs = this.data;
    if (this.disableDeepKeyCheck() || !validation || validation.keys.length === 0 || !this.fromBackend || !request || !wrs) return;
    if (!showsSubset(request, wrs)) return;
    const clashes = await deepKeyCheck({
      backend: this.requireBackend(),
      url: await this.requestUrl(),
      request,
      wrs,
      keyColumns: validation.keys,
      ignoreKeyCase: this.ignoreKeyCase(),
      unchangedRowHolds: (key) => validation.unchangedRowHolds(wrs, key),
    });
    validation.setServerKeyErrors(clashes);
    this.storeValidation();
    this.body?.repaintAll();
  }

  /** After a save without a server to reload from, the document becomes what the server now holds (design.md 4). */
  private commitLocally(payload: SavePayload): void {
    const committed = commitSavedRows(WrsIndex.of(this.data!), payload);
    this.noteChange(committed.nodes, committed.rowIds);
    this.fire();
  }

  private async reloadQuietly(): Promise<void> {
    let doc = await this.loadFromBackend(this.configDoc);
    const chain = this.loadChain();
    if (chain && !this.destroyed) doc = await runGridChain(this.chains, 'loadChain', chain, doc, this.loadParameters());
    // Destroyed meanwhile: setting up the view would listen to the status model again.
    if (this.destroyed) return;
    this.setData(doc);
    this.setupView();
  }

  // ---- focus, keyboard, mouse ----

  private focusCell(row: number, col: number, extend = false): void {
    const rows = this.features.view?.rowCount ?? 0;
    if (rows === 0 || this.shown.length === 0) return;
    this.selection.moveTo({ row: clamp(row, rows - 1), col: clamp(col, this.shown.length - 1) }, extend);
    this.body?.scrollIntoView(this.selection.focus.row, this.selection.focus.col);
    this.body?.repaintMarks();
    this.markActive();
  }

  /** Points `aria-activedescendant` at the focused cell so screen readers follow the focus. */
  private markActive(): void {
    const host = this.bodyHost().nativeElement;
    const cell = this.body?.cellElement(this.selection.focus.row, this.selection.focus.col) ?? null;
    // Runs on every paint (a scroll step recycles cells): nothing to do when the same element is still the one.
    if (cell && cell === this.activeCell && cell.id === this.activeId) return;
    if (this.activeCell?.id === this.activeId) this.activeCell.removeAttribute('id');
    this.activeCell = cell;
    if (cell) {
      cell.id = this.activeId;
      host.setAttribute('aria-activedescendant', this.activeId);
    } else host.removeAttribute('aria-activedescendant');
  }

  private readonly onKeydown = (event: KeyboardEvent): void => {
    if (this.editor || !this.data) return;
    const { row, col } = this.selection.focus;
    const ctrl = event.ctrlKey || event.metaKey;
    const shift = event.shiftKey;
    const rows = this.features.view!.rowCount;
    const page = this.body?.pageRows() ?? 10;
    let handled = true;
    switch (event.key) {
      case 'ArrowUp': this.focusCell(ctrl ? 0 : row - 1, col, shift); break;
      case 'ArrowDown': this.focusCell(ctrl ? rows - 1 : row + 1, col, shift); break;
      case 'ArrowLeft': this.focusCell(row, ctrl ? 0 : col - 1, shift); break;
      case 'ArrowRight': this.focusCell(row, ctrl ? this.shown.length - 1 : col + 1, shift); break;
      case 'Home': this.focusCell(ctrl ? 0 : row, 0, shift); break;
      case 'End': this.focusCell(ctrl ? rows - 1 : row, this.shown.length - 1, shift); break;
      case 'PageUp': this.focusCell(row - page, col, shift); break;
      case 'PageDown': this.focusCell(row + page, col, shift); break;
      case 'Tab':
        handled = this.tabFrom(row, col, shift);
        break;
      case 'Enter':
        // A cell showing a link (the `link` renderer, or an app's) opens it with Ctrl+Enter, or Enter when the cell
        // cannot be edited.
        if (!shift && (ctrl || !this.canEdit(row, col)) && this.openLinkAt(row, col)) break;
        this.startEdit();
        break;
      case 'F2': this.startEdit(); break;
      case ' ':
        if (this.shown[col]?.checkbox) this.toggleCheckbox();
        else handled = false;
        break;
      case 'Delete':
      case 'Backspace': this.clearSelection(); break;
      default:
        handled = this.onShortcut(event, ctrl, shift);
    }
    if (handled) event.preventDefault();
  };

  private onShortcut(event: KeyboardEvent, ctrl: boolean, shift: boolean): boolean {
    const key = event.key.toLowerCase();
    if (ctrl && key === 'a') {
      const rows = this.features.view!.rowCount;
      // As in a spreadsheet: everything selected, the active cell (where typing edits) stays where it was.
      this.selection.spanAround({ top: 0, left: 0, bottom: Math.max(0, rows - 1), right: Math.max(0, this.shown.length - 1) });
      this.body?.repaintMarks();
      return true;
    }
    // Handled keys are default-prevented: the browser then fires no copy or cut event of its own (see onCopyOrCut).
    if (ctrl && key === 'c') {
      this.copySelection();
      return true;
    }
    if (ctrl && key === 'x') {
      this.cutSelection();
      return true;
    }
    if (ctrl && (key === 'y' || (key === 'z' && shift))) return this.redo() || true;
    if (ctrl && key === 'z') return this.undo() || true;
    if (!ctrl && !event.altKey && event.key.length === 1) {
      // A checkbox cell is toggled by Space (or a double click), not by any letter typed on it.
      if (this.shown[this.selection.focus.col]?.checkbox) {
        if (event.key !== ' ') return true;
        this.toggleCheckbox();
        return true;
      }
      this.startEdit(event.key);
      return true;
    }
    return false;
  }

  private readonly onPaste = (event: ClipboardEvent): void => {
    // A paste into an editor or a filter field (the header is inside the body host) is theirs.
    if (this.editor || event.target !== this.bodyHost().nativeElement) return;
    const text = event.clipboardData?.getData('text/plain');
    if (text === undefined) return;
    event.preventDefault();
    this.pasteTsv(text);
  };

  /**
   * The browser's own copy and cut (its Edit menu): the selection as TSV in the event's clipboard data. Only when the
   * body itself has the focus: an open editor or a filter field copies and cuts its own text.
   */
  private readonly onCopyOrCut = (event: ClipboardEvent): void => {
    if (this.editor || !this.data || !event.clipboardData || event.target !== this.bodyHost().nativeElement) return;
    event.clipboardData.setData('text/plain', this.selectedText());
    event.preventDefault();
    if (event.type === 'cut') this.clearSelection();
  };

  /** Stops the typed column filters of the painted header still waiting to apply; gives their text by column id. */
  private dropWaitingFilters: (() => Map<string, string>) | null = null;
  /** Ends the drag under way (removes its document listeners), or null. */
  private endDrag: (() => void) | null = null;

  private readonly onMousedown = (event: MouseEvent): void => {
    if (event.button !== 0 || (event.target as Element).closest('.ui-grid-editor')) return;
    const cell = this.body?.cellAtPoint(event.clientX, event.clientY);
    if (!cell) return;
    this.closeEditor(true);
    this.focusCell(cell.row, cell.col, event.shiftKey);
    this.bodyHost().nativeElement.focus({ preventScroll: true });
    event.preventDefault();
    // The default action, kept from moving the text selection, would also have cleared one elsewhere on the page:
    // the browser sends a paste to where the text selection is, so a selection left in a heading took Ctrl+V.
    this.host.ownerDocument.getSelection()?.removeAllRanges();
    this.endDrag?.();
    const doc = this.host.ownerDocument;
    const extend = (x: number, y: number) => {
      const over = this.body?.cellAtPoint(x, y);
      if (over) this.focusCell(over.row, over.col, true);
    };
    // Held beyond the rows, the pointer scrolls the body each frame; a move event alone would scroll one step.
    const autoscroll = new DragAutoscroll(this.body!.viewport, this.body!.header, extend);
    const move = (e: MouseEvent) => {
      // The button was released where no mouseup reached the page (outside the window): the drag is over.
      if ((e.buttons & 1) === 0) return up();
      if (!autoscroll.follow(e.clientX, e.clientY)) extend(e.clientX, e.clientY);
    };
    const up = () => {
      autoscroll.stop();
      this.endDrag = null;
      doc.removeEventListener('mousemove', move);
      doc.removeEventListener('mouseup', up);
    };
    this.endDrag = up;
    doc.addEventListener('mousemove', move);
    doc.addEventListener('mouseup', up);
  };

  private readonly onDblclick = (event: MouseEvent): void => {
    const cell = this.body?.cellAtPoint(event.clientX, event.clientY);
    if (!cell) return;
    this.focusCell(cell.row, cell.col);
    if (this.shown[cell.col]?.checkbox) this.toggleCheckbox();
    else this.startEdit();
  };

  // ---- editing ----

  private toggleCheckbox(): void {
    const { row, col } = this.selection.focus;
    const column = this.shown[col];
    const r = this.rowAt(row);
    if (!column?.checkbox || !r) return;
    this.writeCells([[row, col, this.valueAt(r, column) === column.checkbox.on ? column.checkbox.off : column.checkbox.on]]);
  }

  /** Opens the editor on the focused cell (with `typed` as its text when typing started the edit). */
  /** Follows the first link painted in a cell; false when it shows none. */
  private openLinkAt(row: number, col: number): boolean {
    const link = this.body?.cellElement(row, col)?.querySelector<HTMLAnchorElement>('a[href]');
    if (!link) return false;
    link.click();
    return true;
  }

  private startEdit(typed?: string): void {
    const cell = this.selection.focus;
    const column = this.shown[cell.col];
    const row = this.rowAt(cell.row);
    // No editor while data loads (a page turn, a reload): its value could only be dropped.
    if (!row || !column || !this.isReady() || !this.canEdit(cell.row, cell.col) || !this.body) return;
    if (column.checkbox) {
      this.toggleCheckbox();
      return;
    }
    this.selection.moveTo(cell);
    this.body.scrollIntoView(cell.row, cell.col);
    const editor = this.editors.get(column.editorType)(this.host.ownerDocument, column, this.valueAt(row, column), typed, () => this.commitEditorAndMove(0));
    const el = editor.element;
    // Without typing, the value the editor would commit as it opened: leaving it unchanged writes nothing.
    const initial = typed === undefined ? editor.value() : undefined;
    this.editor = { editor, cell, rowId: row.getAttribute('id') ?? '', colId: column.id, initial };
    el.classList.add('ui-grid-editor');
    el.addEventListener('keydown', (e) => this.onEditorKeydown(e as KeyboardEvent));
    if (editor.dropdown) {
      const anchor = this.body.cellElement(cell.row, cell.col);
      if (anchor) {
        // A click outside commits the option chosen, as leaving a text editor does (Escape cancels).
        editor.dropdown.open(this.overlay, anchor, () => this.closeEditor(true));
        return;
      }
    }
    this.placeEditor();
    el.setAttribute('aria-label', column.caption);
    // Focus going to something else on the page stays there; the grid takes it back only from its own editor.
    el.addEventListener('blur', (e) => this.closeEditor(true, !this.focusLeavesGrid(e as FocusEvent)));
    this.body.canvas.appendChild(el);
    el.focus({ preventScroll: true });
    if ((el instanceof HTMLInputElement && el.type === 'text') || el instanceof HTMLTextAreaElement) el.setSelectionRange(el.value.length, el.value.length);
  }

  /**
   * Puts the open editor over its cell, found by row id: rows another component inserts or removes above it move
   * the row, and the editor with it. A row gone from the view closes the editor without writing.
   */
  private placeEditor(): void {
    const open = this.editor;
    if (!open || !this.body || !this.data) return;
    const row = WrsIndex.of(this.data).rowById(open.rowId);
    const position = row ? (this.features.view?.positionOf(row) ?? -1) : -1;
    if (position < 0) {
      this.closeEditor(false);
      return;
    }
    if (position !== open.cell.row) this.editor = { ...open, cell: { row: position, col: open.cell.col } };
    const el = open.editor.element;
    const box = this.body.columnBox(open.cell.col);
    el.style.top = `${position * this.body.rowHeight}px`;
    el.style.left = `${this.body.cellLeft(open.cell.col)}px`;
    el.style.width = `${box.width}px`;
    el.style.height = `${this.body.rowHeight}px`;
  }

  private onEditorKeydown(event: KeyboardEvent): void {
    event.stopPropagation();
    const open = this.editor;
    if (!open) return;
    const { row, col } = open.cell;
    if (event.key === 'Escape') {
      this.closeEditor(false);
    } else if (event.key === 'Enter' && !(event.target instanceof HTMLTextAreaElement && event.altKey)) {
      this.commitEditorAndMove(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Tab') {
      this.closeEditor(true);
      this.tabFrom(row, col, event.shiftKey);
    } else return;
    event.preventDefault();
  }

  /**
   * Tab and shift+Tab: the next or previous cell, wrapping to the next or previous row; false at the grid's first or
   * last cell, where the focus may leave the grid.
   */
  private tabFrom(row: number, col: number, back: boolean): boolean {
    const last = this.shown.length - 1;
    const rows = this.features.view?.rowCount ?? 0;
    if (back ? col === 0 && row === 0 : col === last && row === rows - 1) return false;
    if (back) this.focusCell(col === 0 ? row - 1 : row, col === 0 ? last : col - 1);
    else this.focusCell(col === last ? row + 1 : row, col === last ? 0 : col + 1);
    return true;
  }

  /** Commits the open editor and moves the focus `rows` down (up when negative). */
  private commitEditorAndMove(rows: number): void {
    const open = this.editor;
    if (!open) return;
    this.closeEditor(true);
    this.focusCell(open.cell.row + rows, open.cell.col);
  }

  /** True when a blur hands the focus to an element outside the grid (another field of the page). */
  private focusLeavesGrid(event: FocusEvent): boolean {
    const next = event.relatedTarget;
    return next instanceof Element && !this.host.contains(next) && !next.closest('.ui-grid-overlay');
  }

  /** Closes the open editor, committing its value as one change set when `commit`; `refocus` gives the grid the focus. */
  private closeEditor(commit: boolean, refocus = true): void {
    const open = this.editor;
    if (!open) return;
    this.editor = null;
    const value = open.editor.value();
    open.editor.dropdown?.close();
    open.editor.element.remove();
    if (refocus) this.bodyHost().nativeElement.focus({ preventScroll: true });
    // Opened and left without a change: the cell keeps its value exactly (a date editor would write its own format).
    if (!commit || value === open.initial) return;
    // By the row and column it was opened on: a filter, sort or page change may have moved the view under it.
    const col = this.shown.findIndex((c) => c.id === open.colId);
    if (col < 0) return;
    this.change((snapshot, index) => {
      const row = index.rowById(open.rowId);
      if (!row || !this.canEditRow(row, col)) return [];
      return writeRowCells(row, [[this.shown[col].pos, value]], index, (before) => snapshot.touchForWrite(before)).changed.length > 0 ? [open.rowId] : [];
    });
  }

  // ---- features: filters, sorting, pages, export, context menu, tooltips (see features/) ----

  /**
   * Rows per page the inputs ask for: `paginationSize`; 0 when only `paginationAllPages` or `serverSidedPagination`
   * turn pages on (then the configuration's xp:PageSize, else 20); null for no pagination.
   */
  protected pagingSize(): number | null {
    const size = this.paginationSize();
    if (size !== undefined && size > 0) return size;
    return size !== undefined || this.paginationAllPages() || this.serverSidedPagination() ? 0 : null;
  }

  private onViewChanged(header: boolean): void {
    if (!this.body) return;
    this.closeEditor(true);
    this.body.viewport.scrollTop = 0;
    if (header) this.applyColumns();
    else this.updateHeight();
    this.body.repaintAll();
    this.markActive();
  }

  /** A validation message as shown: the message table's text for its key (`{caption}` filled), else the built-in text. */
  private validationMessage(colId: string, message: string): string {
    const caption = this.captionOf(colId);
    const text = this.messages[message];
    return text !== undefined ? formatMessage(text, { caption }) : validationText(caption, message);
  }

  /** The rows the grid shows now: the current page of the filtered and sorted rows. */
  viewRows(): Element[] {
    return this.features.view?.rows() ?? [];
  }

  /** Sets one column filter in the status model (null clears it); the grid then filters or reloads. */
  setColumnFilter(colId: string, value: ColumnFilterValue | null): void {
    // An open edit is committed first, while its row is still where it was (a server-side filter reloads the page).
    this.closeEditor(true);
    this.features.setFilter(colId, value);
  }

  /** Sorts as a header click does: ascending, descending, unsorted; `multi` (shift) adds to the sort keys. */
  sortBy(colId: string, multi = false): void {
    this.closeEditor(true);
    this.features.sortBy(colId, multi);
  }

  /** Shows a page (0-based); server-side pages reload, keeping the pending changes of the page left. */
  goToPage(page: number): void {
    this.closeEditor(true);
    this.features.goToPage(page);
  }

  /**
   * Exports the shown columns with their shown captions, reference values as the captions the cells show, of the rows passing the filter (all pages) or of all
   * rows, and offers the file for download (`exportFileName`). With `serverSidedPagination` the rows come from the
   * server (every page, through the backend) with the pending changes applied; a server row limit that cut them is
   * told in the status line. Returns the file, or null when export is disabled, the rows could not be loaded or the
   * file could not be written (the reason in the status line).
   */
  async exportData(format: GridExportFormat, allRows = false): Promise<Blob | null> {
    const view = this.features.view;
    if (!this.data || !view || this.disableExport()) return null;
    const captions: Record<string, string> = {};
    const valueCaptions: Record<string, ReadonlyMap<string, string>> = {};
    for (const c of this.shown) {
      captions[c.id] = c.caption;
      if (c.references && c.references.captions.size > 0) valueCaptions[c.id] = c.references.captions;
    }
    const columns = this.shown.map((c) => c.id);
    let doc = this.data;
    let rows: readonly Element[] | null = allRows || view.isWhole ? null : view.matchedRows();
    if (this.serverSidedPagination() && this.fromBackend && this.loadedRequest) {
      try {
        const chain = this.loadChain();
        const transform = chain ? (loaded: Document) => runGridChain(this.chains, 'loadChain', chain, loaded, this.loadParameters()) : undefined;
        const all = await this.features.loadAllRows(this.requireBackend(), this.loadedRequest, { url: await this.requestUrl(), signal: this.lifetime.signal }, allRows, transform);
        doc = all.doc;
        rows = null;
        if (all.maxRows !== null) this.message.set(formatMessage(this.messages.exportMaxRows, { n: all.maxRows }));
      } catch (e) {
        this.message.set(formatMessage(this.messages.exportFailed, { reason: errorMessage(e) }));
        return null;
      }
    }
    let blob: Blob;
    try {
      blob = await exportBytes(doc, format, { rows, columns, captions, valueCaptions });
    } catch (e) {
      // Data beyond Excel's limits, or the XLSX writer failing to load: told, not an unhandled rejection.
      this.message.set(formatMessage(this.messages.exportFailed, { reason: errorMessage(e) }));
      return null;
    }
    downloadBlob(this.host.ownerDocument, blob, exportFileNameFor(this.exportFileName(), format));
    return blob;
  }

  /** Inserts one new row at a position of the row view (the context menu's insert above and below). */
  insertRowAt(position: number): void {
    if (this.isReadOnly() || !this.allowNewRows() || !this.features.view) return;
    let added: Element | null = null;
    this.change((snapshot) => {
      const [row] = this.insertRows(snapshot, Math.max(0, Math.min(position, this.features.view!.rowCount)), 1);
      added = row;
      return [row.getAttribute('id') ?? ''];
    });
    if (added) this.focusCell(this.features.view.positionOf(added), this.selection.focus.col);
  }

  /** Pastes tab-separated text as new I rows below the selection, its columns from the focused column on. */
  pasteAsNewRows(text: string): void {
    const view = this.features.view;
    if (this.isReadOnly() || !this.allowNewRows() || !this.data || !view) return;
    const lines = parseTabText(text);
    if (lines.length === 0) return;
    const { bottom, left } = this.selection.range;
    const at = view.rowCount === 0 ? 0 : Math.min(bottom + 1, view.rowCount);
    this.change((snapshot) => {
      const rows = this.insertRows(snapshot, at, lines.length);
      rows.forEach((row, r) => {
        const id = row.getAttribute('id') ?? '';
        lines[r].forEach((cell, c) => {
          const column = this.shown[left + c];
          if (!column || !this.canEditRow(row, left + c)) return;
          const value = column.references ? referenceValueFor(column.references, cell) : cell;
          this.wrsUtil.setCellValue(this, id, column.pos, value === '' && column.nullable ? null : value);
        });
      });
      return rows.map((r) => r.getAttribute('id') ?? '');
    });
  }

  /**
   * Whether a context menu action applies now: editing ones not when read-only, new rows only with `allowNewRows`,
   * and each only where it would change something: delete when a selected row is not deleted yet, restore when one
   * is changed, clear cells when a selected cell may be edited, paste when a cell from the focused one on may be.
   */
  menuActionEnabled(action: string): boolean {
    const edit = !this.isReadOnly();
    const { top, bottom, left, right } = this.selection.range;
    const editable = (row: Element, from: number, to: number) => {
      for (let c = from; c <= to; c++) if (this.canEditRow(row, c)) return true;
      return false;
    };
    switch (action) {
      case 'copy': return true;
      case 'export': return !this.disableExport();
      case 'pasteAsNewRows':
      case 'insertRowAbove':
      case 'insertRowBelow': return edit && this.allowNewRows();
      case 'duplicateRow': return edit && this.allowNewRows() && this.someRowIn(top, bottom, (row) => row.localName !== 'D');
      case 'deleteRow': return edit && this.someRowIn(top, bottom, (row) => row.localName !== 'D');
      case 'restore': return edit && this.someRowIn(top, bottom, (row) => row.localName !== 'R');
      case 'cut':
      case 'clearCells': return edit && this.someRowIn(top, bottom, (row) => editable(row, left, right));
      case 'paste': {
        const row = this.rowAt(this.selection.focus.row);
        return edit && (row ? editable(row, this.selection.focus.col, this.shown.length - 1) : this.allowNewRows());
      }
      default: return edit || !(GRID_MENU_ACTIONS as readonly string[]).includes(action);
    }
  }

  /** Whether a row shown at a position in `[top, bottom]` passes `test` (stops at the first that does). */
  private someRowIn(top: number, bottom: number, test: (row: Element) => boolean): boolean {
    for (let p = top; p <= bottom; p++) {
      const row = this.rowAt(p);
      if (row && test(row)) return true;
    }
    return false;
  }

  /** Runs a context menu action on the selection; actions the grid does not know go to `contextMenuAction`. */
  async runMenuAction(action: string): Promise<void> {
    if (!this.menuActionEnabled(action)) return;
    const { top, bottom } = this.selection.range;
    switch (action) {
      case 'cut': this.cutSelection(); break;
      case 'copy': this.copySelection(); break;
      case 'paste': this.pasteTsv(await this.clipboardReader()); break;
      case 'pasteAsNewRows': this.pasteAsNewRows(await this.clipboardReader()); break;
      case 'insertRowAbove': this.insertRowAt(top); break;
      case 'insertRowBelow': this.insertRowAt(bottom + 1); break;
      case 'duplicateRow': this.duplicateSelectedRows(); break;
      case 'deleteRow': this.deleteSelectedRows(); break;
      case 'restore': this.restoreSelectedRows(); break;
      case 'clearCells': this.clearSelection(); break;
      case 'export': await this.exportData('csv'); break;
      default: {
        const row = this.rowAt(this.selection.focus.row);
        this.contextMenuAction.emit({ action, rowId: row?.getAttribute('id') ?? null, colId: this.shown[this.selection.focus.col]?.id ?? null });
      }
    }
  }

  /**
   * Opens the context menu (`contextMenu`: true = the built-in menu, a string = a menu stylesheet run through the
   * chain, its output sanitized) at a point, else below the focused cell; the first entry takes the focus.
   */
  async openContextMenu(at?: { x: number; y: number }): Promise<void> {
    const setting = this.contextMenu();
    if (setting === false || setting === '' || !this.data) return;
    this.closeContextMenu();
    // A menu chain still running when another menu is asked for, or the grid goes, opens nothing.
    const run = ++this.menuRun;
    const doc = this.host.ownerDocument;
    const handlers = { isEnabled: (a: string) => this.menuActionEnabled(a), run: (a: string) => void this.runMenuAction(a), close: () => this.closeContextMenu() };
    let menu: HTMLElement;
    if (setting === true) {
      menu = renderMenu(doc, menuEntries(contextMenuChain(this.data, {}), this.messages), this.messages.contextMenu, handlers);
    } else {
      const row = this.rowAt(this.selection.focus.row);
      const chain = this.chains.create({
        inputModel: this,
        chain: setting,
        parameters: {
          isReadOnly: this.isReadOnly(),
          allowNewRows: this.allowNewRows(),
          disableExport: this.disableExport(),
          bcdRowIdent: row?.getAttribute('id') ?? '',
          bcdColIdent: this.shown[this.selection.focus.col]?.id ?? '',
        },
      });
      try {
        const out = (await chain.fetchData()).getData()!;
        if (out.documentElement?.namespaceURI === NS.cm) menu = renderMenu(doc, menuEntries(out, this.messages), this.messages.contextMenu, handlers);
        else {
          menu = doc.createElement('div');
          menu.className = 'ui-grid-context-menu';
          menu.setAttribute('role', 'menu');
          menu.setAttribute('aria-label', this.messages.contextMenu);
          // Rendered as the chain renders HTML output (empty elements keep their end tag), sanitized by the service.
          chain.setTargetHtml(menu);
          wireMenu(menu, handlers);
        }
      } finally {
        // Run once for this menu: later grid changes must not run it again.
        chain.dispose();
      }
    }
    if (run !== this.menuRun || this.destroyed) return;
    const anchor = at ?? this.focusedCellPoint();
    this.menuRef = openOverlay(this.overlay, menu, anchor, () => {
      this.menuRef = null;
      this.bodyHost().nativeElement.focus({ preventScroll: true });
    }, this.host);
    focusFirstEntry(menu);
  }

  /**
   * Gives keyboard focus back to the grid body after a toolbar action on its cells, so typing edits the cell the
   * action selected and Ctrl+Z undoes. With `event`, only after a pointer click: a button pressed from the keyboard
   * keeps focus, so pressing it again repeats the action.
   */
  protected focusGrid(event?: MouseEvent): void {
    if (event && event.detail === 0) return;
    this.bodyHost().nativeElement.focus({ preventScroll: true });
  }

  /** Closes the context menu when open. */
  closeContextMenu(): void {
    this.menuRef?.dispose();
  }

  private focusedCellPoint(): { x: number; y: number } {
    const cell = this.body?.cellElement(this.selection.focus.row, this.selection.focus.col);
    const rect = (cell ?? this.bodyHost().nativeElement).getBoundingClientRect();
    return { x: rect.left, y: rect.bottom };
  }

  /** Right click (or the menu key, Shift+F10): focuses the cell clicked and opens the context menu there. */
  private readonly onContextMenu = (event: MouseEvent): void => {
    if (this.contextMenu() === false || this.contextMenu() === '' || (event.target as Element).closest('.ui-grid-header')) return;
    event.preventDefault();
    const keyboard = event.clientX === 0 && event.clientY === 0;
    const cell = keyboard ? null : this.body?.cellAtPoint(event.clientX, event.clientY);
    if (cell && !this.selection.contains(cell.row, cell.col)) this.focusCell(cell.row, cell.col);
    void this.openContextMenu(keyboard ? undefined : { x: event.clientX, y: event.clientY });
  };

  /** Shift+F10 and the menu key open the context menu below the focused cell (not every platform sends contextmenu). */
  private readonly onMenuKey = (event: KeyboardEvent): void => {
    if (!(event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) || this.contextMenu() === false || this.contextMenu() === '') return;
    event.preventDefault();
    void this.openContextMenu();
  };

  private tooltipCell(target: HTMLElement): TooltipCell | null {
    const rowId = target.closest<HTMLElement>('.ui-grid-row')?.dataset['rowId'];
    const column = this.shown[Number(target.getAttribute('aria-colindex')) - 1];
    return rowId && column ? { rowId, colId: column.id } : null;
  }

  /** Fills a tooltip: the built-in one, or the output of `tooltipChain` (sanitized by the chain service). */
  private async fillTooltip(cell: TooltipCell, target: HTMLElement): Promise<void> {
    if (!this.data) return;
    const chain = this.tooltipChain();
    if (chain === null) {
      const caption = this.shown.find((c) => c.id === cell.colId)?.caption ?? cell.colId;
      // A reference value as the user reads it in the cell, its id after it.
      const captions = this.shown.find((c) => c.id === cell.colId)?.references?.captions;
      const shown = (value: string) => {
        const text = captions?.get(value);
        return text !== undefined && text !== value ? `${text} (${value})` : value;
      };
      const note = this.getCellError(cell.rowId, cell.colId) ?? this.conflictOf(cell.rowId, cell.colId);
      target.appendChild(builtInTooltip(target.ownerDocument, this.data, cell, caption, note, this.messages, shown));
      return;
    }
    const wrapper = this.chains.create({ inputModel: this, chain, parameters: { rowId: cell.rowId, colId: cell.colId, bcdRowIdent: cell.rowId, bcdColIdent: cell.colId } });
    this.tooltipRun?.dispose();
    this.tooltipRun = wrapper;
    try {
      await wrapper.fetchData();
      // A later hover disposed this run: its result belongs to a tooltip no longer shown (and renders nothing).
      wrapper.setTargetHtml(target);
    } catch (e) {
      // A run disposed by a later hover ends failed: nothing to say. A failing chain shows no tooltip; the app's
      // developer reads why in the console (a hover has no status line to tell).
      if (this.tooltipRun === wrapper) console.error('ui-grid: the tooltipChain failed:', errorMessage(e));
    } finally {
      // Run once per hover: grid changes must not render into the shared tooltip element again.
      wrapper.dispose();
      if (this.tooltipRun === wrapper) this.tooltipRun = null;
    }
  }

  /** Test and toolbar access to the shown columns' ids. */
  shownColumnIds(): string[] {
    return this.shown.map((c) => c.id);
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

/** The errors of a stored result Wrs (columns RowId, ColId, Error). */
function resultErrors(result: Element | null): ValidationError[] {
  const errors: ValidationError[] = [];
  const data = result ? Array.from(result.childNodes).find((n) => n.nodeType === 1 && (n as Element).localName === 'Data') : undefined;
  for (let r = data?.firstChild ?? null; r; r = r.nextSibling) {
    if (r.nodeType !== 1) continue;
    const [rowId, colId, message] = cellsOf(r as Element).map((c) => cellValue(c) ?? '');
    errors.push({ rowId, colId, message });
  }
  return errors;
}

function clamp(value: number, max: number): number {
  return Math.max(0, Math.min(value, max));
}

function childOf(parent: Element, localName: string, ns: string = NS.wrs): Element | null {
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as Element).localName === localName && (c as Element).namespaceURI === ns) return c as Element;
  }
  return null;
}

/** `wrs:Footer/wrs:MaxRowsExceeded` and `wrs:ErrorDuringQuery`, as a message for the user. */
function footerMessage(doc: Document, messages: GridMessageTable): string {
  const footer = childOf(doc.documentElement!, 'Footer');
  if (!footer) return '';
  const parts: string[] = [];
  const max = childOf(footer, 'MaxRowsExceeded');
  if (max) parts.push(formatMessage(messages.maxRowsExceeded, { n: max.getAttribute('maxRows') ?? '' }));
  const error = childOf(footer, 'ErrorDuringQuery');
  if (error) parts.push(formatMessage(messages.errorDuringQuery, { reason: error.textContent ?? '' }));
  return parts.join('. ');
}

