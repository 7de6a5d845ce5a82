import { Clipboard } from '@angular/cdk/clipboard';
import { NgTemplateOutlet } from '@angular/common';
import {
  AfterViewInit,
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  OnDestroy,
  OnInit,
  ViewEncapsulation,
  booleanAttribute,
  inject,
  input,
  numberAttribute,
  signal,
  viewChild,
} from '@angular/core';
import {
  ChangeSet,
  DataProvider,
  NS,
  SaveFailedStatus,
  SimpleModel,
  StaticModel,
  WrsBackend,
  buildWrsRequest,
  getDefaultWrsBackend,
  WrsError,
  WrsIndex,
  createDocument,
  createRow,
  defaultCellValue,
  deleteRowElement,
  errorMessage,
  guiStatusEstablished,
  newRowIds,
  nextTransactionsNumber,
  restoreRowElement,
  writeCell,
} from 'ngx-wrs-grid/core';
import { Subscription } from 'rxjs';
import { injectDataProviderRegistry } from '../services/data-provider-registry';
import { GridBody } from './grid-body';
import { GridChainDef, runGridChain } from './grid-chain';
import { GridColumn, GridLayout, collapsedAway, gridLayout } from './grid-column';
import { GridEditor, createEditor } from './grid-editor';
import { paintHeader } from './grid-header';
import { CellAddress, GridSelection } from './grid-selection';
import { GridValidation, ValidationStep, builtInValidation, rowValues } from './grid-validation';
import { RowSnapshot } from './row-snapshot';
import { formatTsv, parseTsv } from './tsv';

/** Column id -> the attributes of its `wrs:Header/wrs:Columns/wrs:C` (the shape of `generateWrsHeaderMeta`). */
export type WrsHeaderMeta = Record<string, Record<string, string>>;

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

/** Options of the table widget (`hotArgs`): a fixed height wins over `maxHeight`; the row height in pixels. */
export interface GridHotArgs {
  readonly height?: number;
  readonly rowHeight?: number;
}

/** Arguments of `jumpToRow`: a row by id or 1-based position, optionally a column. */
export interface JumpToRowArgs {
  readonly rowId?: string;
  readonly rowPos?: number;
  readonly colId?: string;
}

const DEFAULT_ROW_HEIGHT = 28;
const DEFAULT_MAX_HEIGHT = 480;
const VALIDATION_CHUNK = 500;

/**
 * The editable Wrs grid (spec parts 1, 2, 4.1): renders a Wrs with virtual scrolling, edits it through Wrs row
 * states, validates, saves and resets. The grid is itself a DataProvider whose data is the Wrs it shows, so hosts
 * subscribe to its `status$` and `changes$`; every edit is one change set on that document.
 */
@Component({
  selector: 'ui-grid',
  imports: [NgTemplateOutlet],
  changeDetection: ChangeDetectionStrategy.OnPush,
  encapsulation: ViewEncapsulation.None,
  host: { class: 'ui-grid', '[class.ui-grid-readonly]': 'isReadOnly()' },
  templateUrl: './grid.component.html',
  styleUrl: './grid.component.css',
})
export class GridComponent extends DataProvider implements OnInit, AfterViewInit, OnDestroy {
  readonly config = input<DataProvider | null>(null);
  readonly statusModel = input<DataProvider | null>(null);
  readonly inputModel = input<DataProvider | null>(null);
  /** Spec 2.1 `id`: with it the grid registers itself in the provider registry. */
  readonly gridId = input<string | undefined>(undefined, { alias: 'id' });
  readonly hotArgs = input<GridHotArgs | null>(null);
  readonly tooltipChain = input<string | null>(null);
  readonly contextMenu = input<boolean | string>(false);
  readonly customSave = input<((args: CustomSaveArgs) => unknown) | null>(null);
  readonly afterAddRow = input<((args: AfterAddRowArgs) => void) | null>(null);
  readonly saveChain = input<GridChainDef | null>(null);
  readonly saveParameters = input<Record<string, unknown> | null>(null);
  readonly loadChain = input<GridChainDef | null>(null);
  readonly loadParameters = input<Record<string, unknown> | null>(null);
  readonly validationChain = input<ValidationStep | readonly ValidationStep[] | null>(null);
  readonly validationParameters = input<Record<string, unknown> | null>(null);
  readonly allowNewRows = input(true, { transform: booleanAttribute });
  readonly columnFilters = input(false, { transform: booleanAttribute });
  readonly maxHeight = input<number | null>(null);
  readonly isReadOnly = input(false, { transform: booleanAttribute });
  readonly topMode = input(false, { transform: booleanAttribute });
  readonly forceAddAtBottom = input(false, { transform: booleanAttribute });
  readonly disableDeepKeyCheck = input(false, { transform: booleanAttribute });
  readonly ignoreKeyCase = input(false, { transform: booleanAttribute });
  readonly isReadOnlyCell = input<IsReadOnlyCell | null>(null);
  readonly columnFiltersGetCaptionForColumnValue = input<((colId: string, value: string) => string) | null>(null);
  readonly columnFiltersCustomFilter = input<Record<string, unknown> | null>(null);
  readonly defaultButtons = input(true, { transform: booleanAttribute });
  readonly serverSidedPagination = input(false, { transform: booleanAttribute });
  readonly paginationSize = input(20, { transform: numberAttribute });
  readonly paginationAllPages = input(false, { transform: booleanAttribute });
  readonly requestPostChain = input<GridChainDef | null>(null);
  readonly modelUrl = input('WrsServlet');
  readonly exportFileName = input<string | null>(null);
  readonly disableExport = input(false, { transform: booleanAttribute });
  /** The server round trip for loading from `config` and saving; the core default backend when absent. */
  readonly backend = input<WrsBackend | null>(null);

  protected readonly busy = signal<'' | 'loading' | 'saving'>('');
  protected readonly message = signal('');
  protected readonly errorCount = signal(0);
  protected readonly canUndo = signal(false);
  protected readonly canRedo = signal(false);

  private readonly host = inject<ElementRef<HTMLElement>>(ElementRef).nativeElement;
  private readonly bodyHost = viewChild.required<ElementRef<HTMLElement>>('bodyHost');
  private readonly clipboard = inject(Clipboard);
  private body: GridBody | null = null;
  private layout: GridLayout = { columns: [], groups: [] };
  private shown: GridColumn[] = [];
  private headerMeta: WrsHeaderMeta = {};
  private configDoc: Document | null = null;
  private defaultConfig: DataProvider | null = null;
  private fromBackend = false;
  private validation: GridValidation | null = null;
  /** Position of the next loaded row still to check, null when all are checked. */
  private validationCursor: number | null = null;
  private validationRun = 0;
  private readonly selection = new GridSelection();
  private editor: { editor: GridEditor; cell: CellAddress } | null = null;
  private undoSteps: RowSnapshot[] = [];
  private redoSteps: RowSnapshot[] = [];
  private readonly subscriptions = new Subscription();
  private readonly activeId = `${this.id}_active`;

  constructor() {
    super({ registry: injectDataProviderRegistry() });
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
  }

  ngAfterViewInit(): void {
    const bodyHost = this.bodyHost().nativeElement;
    this.body = new GridBody(bodyHost, {
      rowCount: () => (this.data ? WrsIndex.of(this.data).rowCount : 0),
      rowAt: (p) => (this.data ? WrsIndex.of(this.data).rowAt(p + 1) : null),
      isSelected: (r, c) => this.selection.contains(r, c),
      isFocused: (r, c) => this.selection.focus.row === r && this.selection.focus.col === c,
      errorOf: (rowId, colId) => this.validation?.errorOf(rowId, colId) ?? null,
    }, this.hotArgs()?.rowHeight ?? DEFAULT_ROW_HEIGHT);
    bodyHost.addEventListener('keydown', this.onKeydown);
    bodyHost.addEventListener('paste', this.onPaste);
    this.body.canvas.addEventListener('mousedown', this.onMousedown);
    this.body.canvas.addEventListener('dblclick', this.onDblclick);
    if (this.data) this.setupView();
    void this.execute();
  }

  ngOnDestroy(): void {
    this.subscriptions.unsubscribe();
    this.body?.destroy();
    if (this.gridId()) this.registry.unregister(this);
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

  protected async doExecute(current: () => boolean): Promise<void> {
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
        this.setStatus(this.transformingStatus);
        doc = await runGridChain(this.loadChain(), doc!, this.loadParameters());
        if (!current()) return;
      }
      if (!doc || !WrsIndex.tryOf(doc)) throw new WrsError('NOT_WRS', `The grid data is not a wrs:Wrs: <${doc?.documentElement?.nodeName ?? 'nothing'}>`, doc?.documentElement?.nodeName);
      this.configDoc = config;
      this.fromBackend = !input;
      this.undoSteps = [];
      this.redoSteps = [];
      this.setData(doc);
      this.setupView();
      this.setStatus(this.transformedStatus);
    } finally {
      if (current()) this.busy.set('');
    }
  }

  private async loadFromBackend(config: Document | null): Promise<Document> {
    const backend = this.requireBackend();
    const request = await runGridChain(this.requestPostChain(), this.buildRequest(config), null);
    return backend.load(request, { url: this.modelUrl() });
  }

  private requireBackend(): WrsBackend {
    return this.backend() ?? getDefaultWrsBackend();
  }

  /** The `wrq:WrsRequest` of the configuration, filtered by the status model's `f:Filter`. */
  private buildRequest(config: Document | null): Document {
    if (!config) throw new WrsError('INVALID_ARGUMENT', 'The grid needs a grid configuration or an inputModel', config);
    return buildWrsRequest(config, { statusModel: this.statusModel() ?? guiStatusEstablished(this.registry) });
  }

  private setupView(): void {
    if (!this.body || !this.data) return;
    const index = WrsIndex.of(this.data);
    this.layout = gridLayout(index, this.configDoc);
    this.headerMeta = {};
    for (const c of index.columns()) {
      const meta: Record<string, string> = {};
      for (let i = 0; i < c.element.attributes.length; i++) meta[c.element.attributes[i].name] = c.element.attributes[i].value;
      this.headerMeta[c.id] = meta;
    }
    const chain = this.validationChain();
    this.validation = new GridValidation(
      this.layout.columns,
      chain === null ? [builtInValidation] : typeof chain === 'function' ? [chain] : chain,
      this.validationParameters() ?? {},
      this.ignoreKeyCase(),
    );
    this.validation.reset(this.data);
    this.validationCursor = 0;
    const run = ++this.validationRun;
    setTimeout(() => this.validateInChunks(run));
    this.message.set(footerMessage(this.data));
    this.applyColumns();
    this.canUndo.set(false);
    this.canRedo.set(false);
  }

  /** Checks the loaded rows after the first paint, a chunk per task, so a large load neither delays painting nor blocks input. */
  private validateInChunks(run: number): void {
    if (run !== this.validationRun || this.validationCursor === null) return;
    this.validateNextRows(VALIDATION_CHUNK);
    if (this.validationCursor !== null) setTimeout(() => this.validateInChunks(run));
  }

  private validateNextRows(count: number): void {
    if (!this.data || !this.validation || this.validationCursor === null) return;
    const rows = WrsIndex.of(this.data).rows();
    const end = Math.min(rows.length, this.validationCursor + count);
    const ids = rows.slice(this.validationCursor, end).map((r) => r.getAttribute('id') ?? '');
    this.validationCursor = end >= rows.length ? null : end;
    if (ids.length > 0) this.validation.validateRows(this.data, ids);
    this.errorCount.set(this.validation.count);
    this.body?.repaintAll();
  }

  private applyColumns(): void {
    const body = this.body!;
    this.shown = this.layout.columns.filter((c) => !c.hidden && !collapsedAway(this.layout, c));
    paintHeader(body.header, this.layout, this.shown, body.rowHeight, (g) => {
      this.layout.groups[g].collapsed = !this.layout.groups[g].collapsed;
      this.applyColumns();
    });
    body.setColumns(this.shown);
    this.bodyHost().nativeElement.setAttribute('aria-colcount', String(this.shown.length));
    this.updateHeight();
  }

  private updateHeight(): void {
    const body = this.body!;
    const rows = this.data ? WrsIndex.of(this.data).rowCount : 0;
    const header = body.header.offsetHeight || body.rowHeight;
    const content = header + Math.max(rows, 1) * body.rowHeight + 18;
    body.setHeight(this.hotArgs()?.height ?? Math.min(content, this.maxHeight() ?? DEFAULT_MAX_HEIGHT));
    this.bodyHost().nativeElement.setAttribute('aria-rowcount', String(rows + 1));
    this.selection.clamp(rows, this.shown.length);
  }

  // ---- change sets ----

  private onChangeSet(changeSet: ChangeSet): void {
    if (!this.data || !this.body || !this.validation) return;
    this.validation.validateRows(this.data, changeSet.rowIds);
    this.errorCount.set(this.validation.count);
    this.updateHeight();
    this.body.repaintAll();
    this.markActive();
  }

  /**
   * Runs one grid operation as one change set: `touch` rows before changing them (for undo), return the changed
   * rows' ids; nothing changed means no change set and no undo step.
   */
  private change(operation: (snapshot: RowSnapshot, index: WrsIndex) => string[]): void {
    if (!this.data || !this.isReady()) return;
    const snapshot = new RowSnapshot(this.data);
    const rowIds = operation(snapshot, WrsIndex.of(this.data));
    if (rowIds.length === 0) return;
    this.undoSteps.push(snapshot);
    this.redoSteps = [];
    this.canUndo.set(true);
    this.canRedo.set(false);
    this.noteChange([this.data.documentElement!], rowIds);
    this.fire();
  }

  /** Undoes the last change set of the grid; true when there was one. */
  undo(): boolean {
    return this.replay(this.undoSteps, this.redoSteps);
  }

  /** Redoes the last undone change set; true when there was one. */
  redo(): boolean {
    return this.replay(this.redoSteps, this.undoSteps);
  }

  private replay(from: RowSnapshot[], to: RowSnapshot[]): boolean {
    const step = from.pop();
    if (!step || !this.data) return false;
    const inverse = step.restore();
    to.push(inverse);
    this.canUndo.set(this.undoSteps.length > 0);
    this.canRedo.set(this.redoSteps.length > 0);
    this.noteChange([this.data.documentElement!], step.rowIds());
    this.fire();
    return true;
  }

  private clearHistory(): void {
    this.undoSteps = [];
    this.redoSteps = [];
    this.canUndo.set(false);
    this.canRedo.set(false);
  }

  // ---- cells ----

  private rowAt(position: number): Element | null {
    return this.data ? WrsIndex.of(this.data).rowAt(position + 1) : null;
  }

  private valueAt(row: Element, column: GridColumn): string | null {
    return rowValues(row)[column.pos - 1] ?? null;
  }

  /** True when the user may change a cell: grid, column and row not read-only, and `isReadOnlyCell` agrees. */
  private canEdit(position: number, col: number): boolean {
    const column = this.shown[col];
    const row = this.rowAt(position);
    if (this.isReadOnly() || !column || column.readOnly || !row || row.localName === 'D') return false;
    const check = this.isReadOnlyCell();
    return !check || !check(this, this.headerMeta, row.getAttribute('id') ?? '', column.id, this.valueAt(row, column));
  }

  /** Writes cells as one change set; `cells` yields [row position, shown column, value]. */
  private writeCells(cells: Iterable<readonly [number, number, string | null]>): void {
    this.change((snapshot, index) => {
      const ids: string[] = [];
      for (const [position, col, value] of cells) {
        if (!this.canEdit(position, col)) continue;
        const row = index.rowAt(position + 1)!;
        snapshot.touch(row);
        const written = writeCell(row, this.shown[col].pos, value, index);
        if (written?.changed) ids.push(written.row.getAttribute('id') ?? '');
      }
      return ids;
    });
  }

  // ---- rows ----

  /** Adds a row (at the top in `topMode`, else or with `forceAddAtBottom` at the bottom), then calls `afterAddRow`. */
  addRow(): void {
    if (this.isReadOnly() || !this.allowNewRows()) return;
    const top = this.topMode() && !this.forceAddAtBottom();
    let added: Element | null = null;
    this.change((snapshot, index) => {
      const [row] = this.insertRows(snapshot, index, top ? 0 : index.rowCount, 1);
      added = row;
      this.afterAddRow()?.({ rowNode: row, headerMeta: this.headerMeta });
      return [row.getAttribute('id') ?? ''];
    });
    if (added) this.focusCell(WrsIndex.of(this.data!).positionOf(added) - 1, 0);
  }

  /** Inserts `count` new I rows with default values at a 0-based position. */
  private insertRows(snapshot: RowSnapshot, index: WrsIndex, at: number, count: number, values?: (string | null)[][]): Element[] {
    const doc = this.data!;
    let data = index.data;
    if (!data) {
      data = doc.documentElement!.appendChild(doc.createElementNS(NS.wrs, 'wrs:Data'));
      index.invalidate();
    }
    const transaction = nextTransactionsNumber(doc);
    const neighbour = index.rowAt(at + 1) ?? index.rowAt(at);
    const ids = newRowIds(index, transaction, neighbour?.getAttribute('id') ?? null, count);
    const defaults = index.columns().map((c) => defaultCellValue(c));
    const before = index.rowAt(at + 1);
    const rows = ids.map((id, i) => createRow(doc, 'I', id, values?.[i] ?? defaults));
    for (const row of rows) {
      data.insertBefore(row, before);
      snapshot.added(row.getAttribute('id')!);
    }
    index.inserted(at, rows);
    return rows;
  }

  /** Deletes the rows of the selected range (R and M become D and stay visible; I rows go). */
  deleteSelectedRows(): void {
    if (this.isReadOnly()) return;
    const { top, bottom } = this.selection.range;
    this.change((snapshot, index) => {
      const rows = index.rows().slice(top, bottom + 1);
      rows.forEach((r) => snapshot.touch(r));
      const ids: string[] = [];
      for (const row of rows) if (deleteRowElement(row, index).outcome !== 'unchanged') ids.push(row.getAttribute('id') ?? '');
      return ids;
    });
  }

  /** Restores the rows of the selected range to the server state: I rows go, M and D rows become R. */
  restoreSelectedRows(): void {
    if (this.isReadOnly()) return;
    const { top, bottom } = this.selection.range;
    this.change((snapshot, index) => {
      const rows = index.rows().slice(top, bottom + 1);
      rows.forEach((r) => snapshot.touch(r));
      const ids: string[] = [];
      for (const row of rows) {
        const id = row.getAttribute('id') ?? '';
        if (row.localName === 'I') {
          row.parentNode!.removeChild(row);
          index.removed([row]);
          ids.push(id);
        } else if (restoreRowElement(row, index)) ids.push(id);
      }
      return ids;
    });
  }

  /** Duplicates the rows of the selected range as new I rows right below it. */
  duplicateSelectedRows(): void {
    if (this.isReadOnly() || !this.allowNewRows()) return;
    const { top, bottom } = this.selection.range;
    this.change((snapshot, index) => {
      const values = index.rows().slice(top, bottom + 1).map(rowValues);
      return this.insertRows(snapshot, index, bottom + 1, values.length, values).map((r) => r.getAttribute('id') ?? '');
    });
  }

  // ---- clipboard ----

  /** The selected range as TSV (stored values, not captions). */
  copySelection(): string {
    const { top, bottom, left, right } = this.selection.range;
    const lines: (string | null)[][] = [];
    for (let p = top; p <= bottom; p++) {
      const row = this.rowAt(p);
      if (!row) continue;
      const values = rowValues(row);
      lines.push(this.shown.slice(left, right + 1).map((c) => values[c.pos - 1] ?? null));
    }
    const text = formatTsv(lines);
    this.clipboard.copy(text);
    return text;
  }

  /** Pastes TSV at the focused cell as one change set, appending rows when `allowNewRows`; read-only cells keep their value. */
  pasteTsv(text: string): void {
    if (this.isReadOnly() || !this.data) return;
    const lines = parseTsv(text);
    const { row: top, col: left } = this.selection.focus;
    const index = WrsIndex.of(this.data);
    const missing = this.allowNewRows() ? Math.max(0, top + lines.length - index.rowCount) : 0;
    this.change((snapshot) => {
      const ids: string[] = [];
      if (missing > 0) ids.push(...this.insertRows(snapshot, index, index.rowCount, missing).map((r) => r.getAttribute('id') ?? ''));
      lines.forEach((cells, r) => {
        const position = top + r;
        const row = index.rowAt(position + 1);
        if (!row) return;
        cells.forEach((value, c) => {
          const col = left + c;
          if (col >= this.shown.length || !this.canEdit(position, col)) return;
          snapshot.touch(row);
          const written = writeCell(index.rowAt(position + 1)!, this.shown[col].pos, value === '' && this.shown[col].nullable ? null : value, index);
          if (written?.changed) ids.push(written.row.getAttribute('id') ?? '');
        });
      });
      return [...new Set(ids)];
    });
    this.selection.selectRange({ top, left, bottom: Math.min(top + lines.length, index.rowCount) - 1, right: Math.min(left + Math.max(...lines.map((l) => l.length)), this.shown.length) - 1 });
    this.body?.repaintMarks();
  }

  /** Empties the cells of the selected range as one change set. */
  clearSelection(): void {
    const { top, bottom, left, right } = this.selection.range;
    const cells: [number, number, string | null][] = [];
    for (let p = top; p <= bottom; p++) for (let c = left; c <= right; c++) cells.push([p, c, this.shown[c].nullable ? null : '']);
    this.writeCells(cells);
  }

  // ---- validation ----

  /** Number of invalid cells (finishing the check of the loaded rows first). */
  getErrorCount(): number {
    this.validateNextRows(Number.POSITIVE_INFINITY);
    return this.validation?.count ?? 0;
  }

  /** The validation message of a cell, or null. */
  getCellError(rowId: string, colId: string): string | null {
    this.validateNextRows(Number.POSITIVE_INFINITY);
    return this.validation?.errorOf(rowId, colId) ?? null;
  }

  /** Moves the focus to the next invalid cell after the focused one (wrapping around). */
  jumpToError(): void {
    if (!this.validation || !this.data) return;
    this.validateNextRows(Number.POSITIVE_INFINITY);
    const index = WrsIndex.of(this.data);
    const cells = this.validation
      .errorCells()
      .map(([rowId, colId]) => {
        const row = index.rowById(rowId);
        return { row: row ? index.positionOf(row) - 1 : -1, col: this.shown.findIndex((c) => c.id === colId) };
      })
      .filter((c) => c.row >= 0 && c.col >= 0)
      .sort((a, b) => a.row - b.row || a.col - b.col);
    if (cells.length === 0) return;
    const { row, col } = this.selection.focus;
    const next = cells.find((c) => c.row > row || (c.row === row && c.col > col)) ?? cells[0];
    this.focusCell(next.row, next.col);
  }

  /** Moves the focus to a row given by id or 1-based position, and to a column when `colId` is given. */
  jumpToRow(args: JumpToRowArgs): void {
    if (!this.data) return;
    const index = WrsIndex.of(this.data);
    const row = args.rowId !== undefined ? index.rowById(args.rowId) : index.rowAt(args.rowPos ?? 0);
    if (!row) throw new WrsError('UNKNOWN_ROW', `jumpToRow: no row ${args.rowId ?? args.rowPos}`, args);
    const col = args.colId !== undefined ? this.shown.findIndex((c) => c.id === args.colId) : this.selection.focus.col;
    if (col < 0) throw new WrsError('UNKNOWN_COLUMN', `jumpToRow: no shown column ${args.colId}`, args);
    this.focusCell(index.positionOf(row) - 1, col);
  }

  // ---- save and reset ----

  /**
   * Validates, then saves through `customSave`, else `saveChain` and the backend: success -> SavedStatus with the
   * server state; failure -> SaveFailedStatus with the reason and every pending change kept.
   */
  async save(): Promise<void> {
    if (!this.data || !this.isReady() || this.busy()) return;
    this.closeEditor(true);
    const errors = this.getErrorCount();
    if (errors > 0) {
      this.message.set(`Not saved: ${errors} invalid cell${errors === 1 ? '' : 's'}`);
      this.jumpToError();
      return;
    }
    this.busy.set('saving');
    this.message.set('');
    try {
      const changes = changesOnly(this.data);
      const custom = this.customSave();
      if (custom) await custom({ gridModel: this, wrs: changes });
      else {
        const payload = await runGridChain(this.saveChain(), changes, this.saveParameters());
        await this.requireBackend().save(payload, { url: this.modelUrl() });
      }
      this.clearHistory();
      if (this.fromBackend) await this.reloadQuietly();
      else this.commitLocally();
      this.setStatus(this.savedStatus);
    } catch (e) {
      this.message.set(`Save failed: ${errorMessage(e)}`);
      this.fail(SaveFailedStatus, errorMessage(e));
    } finally {
      this.busy.set('');
    }
  }

  /** Drops every change and loads fresh data (from the backend; an inputModel's rows go back to their server state). */
  async actionReset(): Promise<void> {
    this.closeEditor(false);
    this.clearHistory();
    if (this.fromBackend) {
      await this.execute(true);
      return;
    }
    if (!this.data) return;
    const index = WrsIndex.of(this.data);
    const ids: string[] = [];
    for (const row of [...index.rows()]) {
      if (row.localName === 'R') continue;
      ids.push(row.getAttribute('id') ?? '');
      if (row.localName === 'I') {
        row.parentNode!.removeChild(row);
        index.removed([row]);
      } else restoreRowElement(row, index);
    }
    this.noteChange([this.data.documentElement!], ids);
    this.fire();
    this.setStatus(this.transformedStatus);
  }

  /** After a save without a server to reload from, the document becomes what the server now holds (design.md 4). */
  private commitLocally(): void {
    const index = WrsIndex.of(this.data!);
    const ids: string[] = [];
    for (const row of [...index.rows()]) {
      const state = row.localName;
      if (state === 'R') continue;
      ids.push(row.getAttribute('id') ?? '');
      if (state === 'D') {
        row.parentNode!.removeChild(row);
        index.removed([row]);
      } else {
        for (const o of Array.from(row.childNodes)) if (o.nodeType === 1 && (o as Element).localName === 'O') row.removeChild(o);
        const r = createRow(row.ownerDocument!, 'R', row.getAttribute('id') ?? '', []);
        while (row.firstChild) r.appendChild(row.firstChild);
        row.parentNode!.replaceChild(r, row);
        index.replaced(row, r);
      }
    }
    this.noteChange([this.data!.documentElement!], ids);
    this.fire();
  }

  private async reloadQuietly(): Promise<void> {
    const doc = await this.loadFromBackend(this.configDoc);
    this.setData(await runGridChain(this.loadChain(), doc, this.loadParameters()));
    this.setupView();
  }

  // ---- focus, keyboard, mouse ----

  private focusCell(row: number, col: number, extend = false): void {
    const rows = this.data ? WrsIndex.of(this.data).rowCount : 0;
    if (rows === 0 || this.shown.length === 0) return;
    this.selection.moveTo({ row: clamp(row, rows - 1), col: clamp(col, this.shown.length - 1) }, extend);
    this.body?.scrollIntoView(this.selection.focus.row, this.selection.focus.col);
    this.body?.repaintMarks();
    this.markActive();
  }

  /** Points `aria-activedescendant` at the focused cell so screen readers follow the focus. */
  private markActive(): void {
    const host = this.bodyHost().nativeElement;
    host.querySelector(`#${CSS.escape(this.activeId)}`)?.removeAttribute('id');
    const cell = this.body?.cellElement(this.selection.focus.row, this.selection.focus.col);
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
    const rows = WrsIndex.of(this.data).rowCount;
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
        if (shift ? col === 0 && row === 0 : col === this.shown.length - 1 && row === rows - 1) handled = false;
        else if (shift) this.focusCell(col === 0 ? row - 1 : row, col === 0 ? this.shown.length - 1 : col - 1);
        else this.focusCell(col === this.shown.length - 1 ? row + 1 : row, col === this.shown.length - 1 ? 0 : col + 1);
        break;
      case 'Enter':
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
      const rows = WrsIndex.of(this.data!).rowCount;
      this.selection.selectRange({ top: 0, left: 0, bottom: Math.max(0, rows - 1), right: Math.max(0, this.shown.length - 1) });
      this.body?.repaintMarks();
      return true;
    }
    if (ctrl && key === 'c') {
      this.copySelection();
      return true;
    }
    if (ctrl && (key === 'y' || (key === 'z' && shift))) return this.redo() || true;
    if (ctrl && key === 'z') return this.undo() || true;
    if (!ctrl && !event.altKey && event.key.length === 1) {
      this.startEdit(event.key);
      return true;
    }
    return false;
  }

  private readonly onPaste = (event: ClipboardEvent): void => {
    if (this.editor) return;
    const text = event.clipboardData?.getData('text/plain');
    if (text === undefined) return;
    event.preventDefault();
    this.pasteTsv(text);
  };

  private dragging = false;

  private readonly onMousedown = (event: MouseEvent): void => {
    if (event.button !== 0 || (event.target as Element).closest('.ui-grid-editor')) return;
    const cell = this.body?.cellAtPoint(event.clientX, event.clientY);
    if (!cell) return;
    this.closeEditor(true);
    this.focusCell(cell.row, cell.col, event.shiftKey);
    this.bodyHost().nativeElement.focus({ preventScroll: true });
    event.preventDefault();
    this.dragging = true;
    const doc = this.host.ownerDocument;
    const move = (e: MouseEvent) => {
      const over = this.dragging ? this.body?.cellAtPoint(e.clientX, e.clientY) : null;
      if (over) this.focusCell(over.row, over.col, true);
    };
    const up = () => {
      this.dragging = false;
      doc.removeEventListener('mousemove', move);
      doc.removeEventListener('mouseup', up);
    };
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
  private startEdit(typed?: string): void {
    const cell = this.selection.focus;
    const column = this.shown[cell.col];
    const row = this.rowAt(cell.row);
    if (!row || !column || !this.canEdit(cell.row, cell.col) || !this.body) return;
    if (column.checkbox) {
      this.toggleCheckbox();
      return;
    }
    this.selection.moveTo(cell);
    this.body.scrollIntoView(cell.row, cell.col);
    const editor = createEditor(this.host.ownerDocument, column, this.valueAt(row, column), column.references ? undefined : typed);
    const el = editor.element;
    const box = this.body.columnBox(cell.col);
    el.className = 'ui-grid-editor';
    el.style.top = `${cell.row * this.body.rowHeight}px`;
    el.style.left = `${box.left}px`;
    el.style.width = `${box.width}px`;
    el.style.height = `${this.body.rowHeight}px`;
    el.setAttribute('aria-label', column.caption);
    this.editor = { editor, cell };
    el.addEventListener('keydown', (e) => this.onEditorKeydown(e as KeyboardEvent));
    el.addEventListener('blur', () => this.closeEditor(true));
    this.body.canvas.appendChild(el);
    el.focus({ preventScroll: true });
    if (el instanceof HTMLInputElement && el.type === 'text') el.setSelectionRange(el.value.length, el.value.length);
  }

  private onEditorKeydown(event: KeyboardEvent): void {
    event.stopPropagation();
    const open = this.editor;
    if (!open) return;
    const { row, col } = open.cell;
    if (event.key === 'Escape') {
      this.closeEditor(false);
    } else if (event.key === 'Enter' && !(event.target instanceof HTMLTextAreaElement && event.altKey)) {
      this.closeEditor(true);
      this.focusCell(event.shiftKey ? row - 1 : row + 1, col);
    } else if (event.key === 'Tab') {
      this.closeEditor(true);
      this.focusCell(row, event.shiftKey ? col - 1 : col + 1);
    } else return;
    event.preventDefault();
  }

  /** Closes the open editor, committing its value as one change set when `commit`. */
  private closeEditor(commit: boolean): void {
    const open = this.editor;
    if (!open) return;
    this.editor = null;
    const value = open.editor.value();
    open.editor.element.remove();
    this.bodyHost().nativeElement.focus({ preventScroll: true });
    if (commit) this.writeCells([[open.cell.row, open.cell.col, value]]);
  }

  /** Test and toolbar access to the shown columns' ids. */
  shownColumnIds(): string[] {
    return this.shown.map((c) => c.id);
  }
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
function footerMessage(doc: Document): string {
  const footer = childOf(doc.documentElement!, 'Footer');
  if (!footer) return '';
  const parts: string[] = [];
  const max = childOf(footer, 'MaxRowsExceeded');
  if (max) parts.push(`Only the first ${max.getAttribute('maxRows') ?? ''} rows are shown`);
  const error = childOf(footer, 'ErrorDuringQuery');
  if (error) parts.push(`Error during query: ${error.textContent ?? ''}`);
  return parts.join('. ');
}

/** A copy of the Wrs holding only its I, M and D rows (the save payload, design.md 5). */
function changesOnly(doc: Document): Document {
  const copy = createDocument(doc);
  const root = copy.importNode(doc.documentElement!, false) as Element;
  copy.appendChild(root);
  for (let c = doc.documentElement!.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as Element).localName === 'Data' && (c as Element).namespaceURI === NS.wrs) {
      const data = root.appendChild(copy.importNode(c, false)) as Element;
      for (const row of WrsIndex.of(doc).rows()) if (row.localName !== 'R') data.appendChild(copy.importNode(row, true));
    } else root.appendChild(copy.importNode(c, true));
  }
  return copy;
}
