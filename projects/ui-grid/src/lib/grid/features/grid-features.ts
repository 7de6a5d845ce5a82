import { computed, signal } from '@angular/core';
import { RowOrdering, RowStore, WrsBackend, WrsBackendCallOptions, WrsIndex, XSLT_PARAMS_NS, compileFilter } from 'ngx-wrs-grid/core';
import { GridColumn } from '../grid-column';
import { CarriedRows } from './carried-rows';
import { ColumnFilterValue, withoutColumnFilters } from './column-filter';
import { ColumnFiltersHost, GridColumnFilters } from './grid-column-filters';
import { GridRowView } from './grid-row-view';
import { configOrderings, setRequestOrdering, toggleOrdering } from './grid-sort';
import { AllRows, loadAllRows, loadTotalRows, pageRequest, pendingRows } from './server-pages';

/** Rows per page when pagination is on without a size (spec part 8). */
const DEFAULT_PAGE_SIZE = 20;
/** Rows of one column `warmColumn` reads per task: about 5 ms cold in Chromium, so input stays responsive. */
const WARM_CHUNK_ROWS = 5000;

/** A server page: its 0-based number, and the version of the filter and order it was cut from (`serverPage`). */
export interface ServerPage {
  readonly query: number;
  readonly page: number;
}

/** What the feature controller asks of its grid. */
export interface GridFeaturesHost extends ColumnFiltersHost {
  serverSided(): boolean;
  /** Rows per page the grid's inputs ask for: a size, 0 for pages of the default size, null for no pagination. */
  pageSize(): number | null;
  /** The view changed: repaint rows and height (and the header, whose sort marks changed, when `header`). */
  viewChanged(header: boolean): void;
  /** Loads the data again (server-side pages, filters and order). */
  reload(): Promise<void>;
}

/**
 * Filtering, sorting and pagination of one grid, all feeding its row view. Client data is filtered and sorted in
 * place; with `serverSidedPagination` they go into the request and a page change reloads, carrying pending rows of
 * the pages left behind so a save still sends them (`CarriedRows`). The column filters live in the status model
 * (`GridColumnFilters`).
 */
export class GridFeatures {
  view: GridRowView | null = null;
  readonly orderings = signal<readonly RowOrdering[]>([]);
  readonly filters: GridColumnFilters['values'];
  readonly page = signal(0);
  readonly showAll = signal(false);
  /** Rows on all pages (the server's count with server-side pages). */
  readonly total = signal(0);
  readonly shown = signal(0);
  private readonly columnFilters: GridColumnFilters;
  private readonly carry = new CarriedRows();
  /** The page the rows shown belong to (a server page turn changes `page` before its rows arrive). */
  private shownPage = 0;
  /** Server-side pages: the row count the server answered for the request. */
  private serverTotal = 0;
  /** Counts the filter and order changes: a server page number means the same rows only under the same count. */
  private queryVersion = 0;
  private orderingsFromConfig = true;
  private doc: Document | null = null;
  private columns: readonly GridColumn[] = [];
  private configRead = false;
  /** The column `warmColumn` is reading ahead (in which view), or null. */
  private warming: { readonly view: GridRowView; readonly colId: string } | null = null;
  /** `xp:Paginate/xp:PageSize` of the grid configuration: pagination on with that size unless the inputs say more. */
  private readonly configPageSize = signal<number | null>(null);
  /** True when the grid shows a pager. */
  readonly paginated = computed(() => this.host.pageSize() !== null || this.configPageSize() !== null);

  constructor(private readonly host: GridFeaturesHost) {
    this.columnFilters = new GridColumnFilters(host, () => this.onFilterChanged());
    this.filters = this.columnFilters.values;
  }

  /** Pages in all (at least 1); client-side, a page that rows were added to counts once however long it grew. */
  pageCount(): number {
    const size = this.activePageSize();
    if (!size) return 1;
    // Read in every case: the pager's computed signals follow it.
    const total = this.total();
    const view = this.view;
    return Math.max(1, view && !this.host.serverSided() ? view.pagesOf(size) : Math.ceil(total / size));
  }

  /** The page size in effect: null without pagination or with "show all". */
  activePageSize(): number | null {
    if (this.showAll()) return null;
    const asked = this.host.pageSize();
    if (asked) return asked;
    return this.configPageSize() ?? (asked === 0 ? DEFAULT_PAGE_SIZE : null);
  }

  /** Listens to the status model's `f:Filter` (call once the grid is set up; again after the status model changed). */
  listen(): void {
    this.columnFilters.listen();
  }

  stop(): void {
    this.columnFilters.stop();
  }

  /** The load request: column filters stay on the client unless server-sided; then order and page go in too. */
  request(request: Document, config: Document | null): Document {
    if (!this.configRead) this.readPaginate(config);
    if (!this.host.serverSided()) return withoutColumnFilters(request, this.host.gridKey());
    if (!this.orderingsFromConfig) setRequestOrdering(request, this.orderings());
    const size = this.activePageSize();
    return size ? pageRequest(request, this.page(), size) : request;
  }

  /** With server-side pages: the total row count of the request, loaded beside the page. */
  async loadTotal(backend: WrsBackend, request: Document, call: WrsBackendCallOptions): Promise<void> {
    if (!this.host.serverSided()) return;
    this.serverTotal = await loadTotalRows(backend, request, call);
    this.updateServerTotal();
  }

  /** Server-side, the rows in all: the server's count and the rows inserted here and not saved yet (of every page). */
  private updateServerTotal(): void {
    let inserted = 0;
    if (this.doc) for (const row of WrsIndex.of(this.doc).changedRows()) if (row.localName === 'I') inserted++;
    this.total.set(this.serverTotal + inserted);
  }

  /**
   * A load starts: after a page turn, filter or order change the rows pending now go along into the page that comes.
   * Taken when the load starts, not when it was asked for: a save running in between commits some of them.
   */
  beforeLoad(alsoFind: () => Element[] = () => []): void {
    this.carry.beforeLoad(this.doc, this.view?.unbuiltStore ?? null, alsoFind);
  }

  /** A page just loaded: rows with pending changes from other pages go into it (hidden, but saved). */
  afterLoad(doc: Document, build: () => void = () => undefined): Document {
    return this.carry.afterLoad(doc, build);
  }

  /**
   * For a page a turn (or a filter or order change) loaded: the id each row of the page left that it carried or
   * found has in it (old id -> new id). Null for any other load: those do not follow on from the rows shown before.
   */
  carriedIds(doc: Document): ReadonlyMap<string, string> | null {
    return this.carry.carriedIds(doc);
  }

  /**
   * With server-side pages, the page shown and the filter and order it was cut from (their version): a change made
   * now is on that page as long as the version stays. Null for client data.
   */
  serverPage(): ServerPage | null {
    return this.host.serverSided() ? { query: this.queryVersion, page: this.page() } : null;
  }

  /** True when the page of a change can be shown again: the same filter and order, another page than the one shown. */
  canTurnTo(page: ServerPage): boolean {
    return this.host.serverSided() && page.query === this.queryVersion && page.page !== this.shownPage && page.page < this.pageCount();
  }

  /** New data and columns: a new row view with the current filter, order and page (over `store`: its rows unbuilt). */
  reset(doc: Document, columns: readonly GridColumn[], config: Document | null, store: RowStore | null = null): void {
    this.doc = doc;
    this.carry.shown(doc);
    this.view = new GridRowView(WrsIndex.of(doc), store);
    if (!this.configRead) this.readPaginate(config);
    if (this.orderingsFromConfig) this.orderings.set(configOrderings(config));
    this.readFilters(columns);
    this.applyView();
    this.shownPage = this.page();
  }

  /**
   * A load failed: the page shown stays, and the pager says so (a server page turn had moved it on); the rows taken
   * along for it are dropped, as the page shown still holds them.
   */
  loadFailed(): void {
    this.carry.loadFailed();
    if (this.host.serverSided()) this.page.set(this.shownPage);
  }

  /** `xp:Paginate` (PageSize, 1-based PageNumber) of the configuration, read with the first data. */
  private readPaginate(config: Document | null): void {
    this.configRead = true;
    const root = config?.documentElement;
    const paginate = root ? Array.from(root.childNodes).find((c): c is Element => c.nodeType === 1 && (c as Element).namespaceURI === XSLT_PARAMS_NS && (c as Element).localName === 'Paginate') : undefined;
    if (!paginate) return;
    const number = (name: string) => {
      const el = paginate.getElementsByTagNameNS(XSLT_PARAMS_NS, name)[0];
      const n = Number(el?.textContent?.trim());
      return Number.isInteger(n) && n > 0 ? n : null;
    };
    this.configPageSize.set(number('PageSize') ?? DEFAULT_PAGE_SIZE);
    this.page.set((number('PageNumber') ?? 1) - 1);
  }

  private readFilters(columns: readonly GridColumn[]): void {
    this.columns = columns;
    this.columnFilters.read(columns);
  }

  /** Sets one column's filter (null clears it) in the status model; the change listener then filters. */
  setFilter(colId: string, value: ColumnFilterValue | null): void {
    this.columnFilters.set(colId, value);
  }

  /** Removes every column filter of this grid. */
  clearFilters(): void {
    this.columnFilters.clear();
  }

  /** A header click: sorts by the column (shift: adds it to the sort keys). */
  sortBy(colId: string, multi: boolean): void {
    this.queryVersion++;
    this.orderingsFromConfig = false;
    this.orderings.set(toggleOrdering(this.orderings(), colId, multi));
    this.refresh(true, true);
  }

  /** Sets the sort keys (a column state; `fromConfig`: the configuration's, as after a load); with `refresh` the view follows. */
  setOrderings(orderings: readonly RowOrdering[], fromConfig = false, refresh = true): void {
    this.queryVersion++;
    this.orderingsFromConfig = fromConfig;
    this.orderings.set([...orderings]);
    if (refresh) this.refresh(true, true);
  }

  /** Shows a page (0-based). */
  goToPage(page: number): void {
    const target = Math.max(0, Math.min(page, this.pageCount() - 1));
    if (target === this.page()) return;
    this.page.set(target);
    this.turnPage();
  }

  setShowAll(all: boolean): void {
    this.queryVersion++;
    this.showAll.set(all);
    this.page.set(0);
    this.turnPage();
  }

  /** A page change: client pages re-slice the rows already filtered and sorted; server pages reload. */
  private turnPage(): void {
    const view = this.view;
    if (this.host.serverSided() || !view) {
      this.refresh(false);
      return;
    }
    const size = this.activePageSize();
    view.showPage(size ? { size, number: this.page() } : null);
    this.page.set(view.pageNumber);
    this.updateCounts();
    this.host.viewChanged(false);
  }

  /** Brings a row into view (switching client pages); its view position, or -1 when the filter hides it. */
  reveal(row: Element): number {
    const view = this.view;
    if (!view) return -1;
    let position = view.positionOf(row);
    const size = this.activePageSize();
    if (position < 0 && size && !this.host.serverSided()) {
      const at = view.matchedRows().indexOf(row);
      if (at < 0) return -1;
      this.page.set(Math.floor(at / size));
      this.applyView();
      this.host.viewChanged(false);
      position = view.positionOf(row);
    }
    return position;
  }

  /** As `reveal`, for row `r` of the row store the view reads while its document is not built. */
  revealStored(r: number): number {
    const view = this.view;
    if (!view) return -1;
    let { order, position } = view.storedPlace(r);
    const size = this.activePageSize();
    if (position < 0 && order >= 0 && size && !this.host.serverSided()) {
      this.page.set(Math.floor(order / size));
      this.applyView();
      this.host.viewChanged(false);
      position = view.storedPlace(r).position;
    }
    return position;
  }

  /**
   * Reads the next `count` rows of the shown columns ahead into the row view's kept values (client data only), so
   * the first filter or sort after the load reads no cells. True when there is nothing left to read.
   */
  prefetch(count: number): boolean {
    const view = this.view;
    if (!view || this.host.serverSided()) return true;
    return view.values.prefetch(this.columns.filter((c) => !c.hidden).map((c) => c.pos), count);
  }

  /**
   * Reads one column's values ahead, a chunk per task, from the moment the user enters its filter control: typing
   * waits a moment before it filters, and by then the first filter on a freshly loaded column reads (almost) nothing.
   * Stops when the column is read, another column is warmed, or the view is replaced.
   */
  warmColumn(colId: string): void {
    const view = this.view;
    const column = this.columns.find((c) => c.id === colId);
    if (!view || !column || this.host.serverSided()) return;
    if (this.warming?.view === view && this.warming.colId === colId) return;
    const warming = (this.warming = { view, colId });
    const step = () => {
      if (this.warming !== warming || this.view !== view) return;
      if (view.values.readAhead(column.pos, WARM_CHUNK_ROWS)) this.warming = null;
      else setTimeout(step);
    };
    setTimeout(step);
  }

  /**
   * Shows a row that the column filters hide by removing those of them that reject it (one change set in the status
   * model, so the header and a bookmark follow). Returns the ids of the columns whose filter went, or null when that
   * cannot show the row: the app's own filter expressions hide it, or it is a pending row of another server page.
   */
  unhide(row: Element): string[] | null {
    if (!this.view || !this.doc || this.host.serverSided() || this.carry.hidden.has(row.getAttribute('id') ?? '')) return null;
    return this.columnFilters.unhide(row, WrsIndex.of(this.doc));
  }

  /**
   * With server-side pages, every row for an export: the page request without its page, and with `allRows` also
   * without the grid's column filters; the pending rows of every page applied (inserted ones kept when they pass the
   * filter as the client evaluates it, or always with `allRows`).
   */
  async loadAllRows(backend: WrsBackend, request: Document, call: WrsBackendCallOptions, allRows: boolean, transform?: (loaded: Document) => Promise<Document>): Promise<AllRows> {
    const pending = this.doc ? pendingRows(this.doc) : [];
    const wanted = allRows ? withoutColumnFilters(request.cloneNode(true) as Document, this.host.gridKey()) : request;
    const passes = allRows || !this.doc ? () => true : compileFilter(this.columnFilters.filter(), WrsIndex.of(this.doc), { custom: this.columnFilters.functions() });
    return loadAllRows(backend, wanted, call, pending, passes, transform);
  }

  /** Puts rows the data holds for other server pages (restored unsaved changes) out of view, as carried rows are. */
  hide(ids: readonly string[]): void {
    for (const id of ids) this.carry.hidden.add(id);
    this.applyView();
  }

  /** Whether a row of the data is one of another server page, held out of view. */
  isHidden(id: string): boolean {
    return this.carry.hidden.has(id);
  }

  /** After a change set: patches the view and the counts. */
  changed(rowIds: Iterable<string>): void {
    if (!this.view) return;
    this.view.changed(rowIds);
    this.updateCounts();
  }

  /** The status model's filter changed (a filter field, the app, a bookmark): filter again and show it in the header. */
  private onFilterChanged(): void {
    this.queryVersion++;
    this.readFilters(this.columns);
    this.refresh(true, true);
  }

  /** Re-runs the view; server-side, reloads instead (carrying the pending rows of the page left). */
  private refresh(firstPage: boolean, header = false): void {
    if (firstPage) this.page.set(0);
    if (this.host.serverSided()) {
      this.carry.carryNext();
      void this.host.reload();
      return;
    }
    this.applyView();
    this.host.viewChanged(header);
  }

  private applyView(): void {
    const view = this.view;
    if (!view) return;
    const server = this.host.serverSided();
    const size = this.activePageSize();
    view.apply({
      filter: server ? null : this.columnFilters.filter(),
      custom: server ? undefined : this.columnFilters.functions(),
      orderings: server ? [] : this.orderings(),
      page: size && !server ? { size, number: this.page() } : null,
      hidden: this.carry.hidden,
    });
    if (!server) this.page.set(view.pageNumber);
    this.updateCounts();
  }

  private updateCounts(): void {
    const view = this.view!;
    if (!this.host.serverSided()) this.total.set(view.matchedCount);
    else this.updateServerTotal();
    this.shown.set(view.rowCount);
  }
}
