import { Observable, filter } from 'rxjs';
import { WrsError } from '../errors';
import { serializeXml } from '../xml/dom';
import { FillParams } from '../xml/placeholders';
import { WrsIndex } from '../rows/wrs-index';
import { RowStore } from '../rows/row-store';
import { ChainMembers } from './chain-members';
import { ChangeChannel, ChangeListenerFnOf, ChangeSetOf, OnChangeParamOf, RemoveDataListenerParamOf } from './change-channel';
import { PROVIDER_ID_PREFIX, generateProviderId } from './provider-id';
import { ProviderRegistry } from './registry';
import {
  ChainLoadedStatus, ChainStylesheetLoadingFailed, InitializedStatus, LoadFailedStatus, LoadingStatus, SaveFailedStatus,
  SavedStatus, Status, TransformFailedStatus, TransformedStatus, TransformingStatus, WaitingForParametersStatus,
} from './status';
import {
  AddStatusListenerParamOf, OnReadyParamOf, RemoveStatusListenerParamOf, StatusChannel, StatusListenerFnOf, StatusListenerOf,
} from './status-channel';
import type { FetchDataParam } from './load-wait';
import { LoadRuns } from './load-runs';
import { TableAccess } from './table-access';
import { WriteValue, XPathAccess } from './xpath-access';

/** Arguments every provider takes. */
export interface DataProviderArgs {
  /** With an id the provider registers itself (in `registry`, else in `defaultRegistry`). */
  id?: string;
  /** Name under which a chain sees this provider as a parameter; defaults to the id. */
  name?: string;
  registry?: DataProviderRegistry;
}

/** One completed change set, as `fire()` announces it. */
export type ChangeSet = ChangeSetOf<DataProvider>;

/** Finds providers by id (spec 2.2: a provider with an id registers itself). */
export class DataProviderRegistry extends ProviderRegistry<DataProvider> {}

/** The registry providers use when none is given in their args. */
export const defaultRegistry = new DataProviderRegistry();

/**
 * Base of every data provider (spec 4.2): the load life cycle, over collaborators for the load runs, the status
 * channel, the change sets, XPath access and the `tbl*` accessors; the status and the change sets are also RxJS streams.
 */
export abstract class DataProvider {
  /** Prefix of generated ids; providers with such an id are not registered. */
  static readonly ID_PREFIX = PROVIDER_ID_PREFIX;

  readonly id: string;
  readonly initializedStatus = new InitializedStatus();
  readonly loadingStatus = new LoadingStatus();
  readonly chainLoadedStatus = new ChainLoadedStatus();
  readonly waitingForParametersStatus = new WaitingForParametersStatus();
  readonly transformingStatus = new TransformingStatus();
  readonly transformedStatus = new TransformedStatus();
  readonly loadFailedStatus = new LoadFailedStatus();
  readonly chainStylesheetLoadingFailedStatus = new ChainStylesheetLoadingFailed();
  readonly transformFailedStatus = new TransformFailedStatus();
  readonly savedStatus = new SavedStatus();
  readonly saveFailedStatus = new SaveFailedStatus();

  private readonly statuses = new StatusChannel<DataProvider>(this, this.initializedStatus);
  private readonly changeSets = new ChangeChannel<DataProvider>({
    owner: this,
    // Not `data`: a change set of a row store's entries builds nothing (what it reads is the kept source text).
    data: () => this.doc,
    snapshotOf: (xPath) => this.xpath.snapshotOf(xPath),
    newListenerId: generateProviderId,
  });
  /** The current status, then every transition. */
  readonly status$: Observable<Status> = this.statuses.status$;
  /** Emits each time the ready status is reached. */
  readonly ready$: Observable<Status> = this.status$.pipe(filter((s) => s instanceof TransformedStatus));
  /** One emission per completed change set (each `fire()`). */
  readonly changes$: Observable<ChangeSet> = this.changeSets.changes$;

  protected readonly registry: DataProviderRegistry;
  private doc: Document | null = null;
  /** The row store the data was loaded through, or null (see `getRowStore`). */
  private store: RowStore | null = null;
  /** The name given in the args; without one the name is the id (read late: a grid sets its id after construction). */
  private readonly name: string | undefined;
  private targetHtml: Element | null = null;
  private readonly members = new ChainMembers<DataProvider>();
  private readonly xpath = new XPathAccess({
    data: () => this.data,
    dataAsIs: () => this.doc,
    unbuiltStore: () => (this.store && !this.store.materialized ? this.store : null),
    isReady: () => this.isReady(),
    noteChange: (nodes, rowIds) => this.noteChange(nodes, rowIds),
    fire: () => this.fire(),
  });
  private readonly tables = new TableAccess(this);
  private readonly loads = new LoadRuns(this, {
    hasData: () => this.doc !== null,
    load: (current) => this.doExecute(current),
    fail: (kind, reason, cause) => this.fail(kind, reason, cause),
  });

  protected constructor(args: DataProviderArgs = {}) {
    this.registry = args.registry ?? defaultRegistry;
    if (args.id !== undefined && (typeof args.id !== 'string' || args.id === '')) {
      throw new WrsError('INVALID_ARGUMENT', 'A provider id must be a non-empty string', args.id);
    }
    this.id = args.id ?? generateProviderId();
    this.name = args.name;
    if (args.id !== undefined) this.registry.register(this);
  }

  // ---- getters the spec names but does not spell ----

  /**
   * The data document, or null before the first load succeeded. A failed reload keeps the data of the last successful
   * one (and its unsaved changes); the failure status says it is not current.
   */
  getData(): Document | null {
    return this.data;
  }

  /**
   * The data document, complete: a provider that loaded its data through a row store builds the rows into it on the
   * first call that needs them (see `getRowStore`).
   */
  protected get data(): Document | null {
    if (this.store && !this.store.materialized) this.store.materialize();
    return this.doc;
  }

  /**
   * The row store the data was loaded through (a Wrs text of `WrsTextLoad.storeMinLength` or more), or null when the
   * data is a parsed or given document. Its reads (`state`, `id`, `cellValue`, `rowCount`) need no DOM; until
   * something asks for the document (`getData()`, XPath access, `tbl*`, a change), its rows are not built. Once they
   * are, the store reads the document: both stay one truth.
   */
  getRowStore(): RowStore | null {
    return this.store;
  }

  /**
   * The data document as it is: while the rows of a store are not built (see `getRowStore`) it holds the header only.
   * For a provider showing the rows through the store, and identity checks; everything else reads `data`.
   */
  protected dataAsIs(): Document | null {
    return this.doc;
  }
  getName(): string {
    return this.name ?? this.id;
  }
  getPrimaryModel(): DataProvider | null {
    return this.members.primaryModel;
  }
  getStatus(): Status {
    return this.statuses.current();
  }
  /** The status in which the data is ready. */
  getReadyStatus(): Status {
    return this.transformedStatus;
  }
  getTargetHtml(): Element | null {
    return this.targetHtml;
  }
  /** The parameter provider of a name, or null. */
  getDataProviderByName(name: string): DataProvider | null {
    return this.members.byName.get(name) ?? null;
  }
  /** Parameter providers by name. */
  getDataProviders(): ReadonlyMap<string, DataProvider> {
    return this.members.byName;
  }
  /** True in a failure status (load, chain, transform or save failure). */
  hasFailed(): boolean {
    return this.getStatus().isFailure;
  }
  /** The reason of the current failure status, or null. */
  getFailureReason(): string | null {
    const s = this.getStatus();
    return s.isFailure ? s.reason ?? '' : null;
  }
  /** True while data is available: after loading, and after a save (failed or not). */
  isReady(): boolean {
    const s = this.getStatus();
    return this.doc !== null && (s instanceof TransformedStatus || s instanceof SavedStatus || s instanceof SaveFailedStatus);
  }
  /** True right after a successful save. */
  isSaved(): boolean {
    return this.getStatus() instanceof SavedStatus;
  }
  /**
   * Moves to SavedStatus after a save went through (called by the save, e.g. WrsUtil.saveModel); the data stays.
   * While a load runs its statuses stand: a Saved in between would call the provider ready with data about to go.
   */
  markSaved(): void {
    if (this.loading()) return;
    this.setStatus(this.getStatus() === this.savedStatus ? new SavedStatus() : this.savedStatus);
  }
  /** Moves to SaveFailedStatus with the server's reason (not while a load runs); data and change history stay. */
  markSaveFailed(reason: string): void {
    if (this.loading()) return;
    this.fail(SaveFailedStatus, reason);
  }
  /** True while a load runs and has left the ready statuses (a load just ended may still be settling its promise). */
  private loading(): boolean {
    return this.loads.isLoading() && !this.isReady();
  }
  /** True while writes wait for `fire()` (spec 6.4: only then is the provider ready with no uncommitted writes). */
  hasUncommittedWrites(): boolean {
    return this.changeSets.hasUncommitted();
  }

  // ---- life cycle ----

  /**
   * (Re)loads the data. A call while loading joins the running load unless `forced`. Resolves when the load
   * ended, in the ready or a failure status; never rejects (use `fetchData` for that).
   */
  execute(forced = false): Promise<void> {
    return this.loads.start(forced);
  }

  /**
   * Does the loading: sets statuses and data. `current()` turns false when a newer execute() superseded this one.
   * A thrown error ends the load in the failure status its code names (see `failureStatusOf`).
   */
  protected abstract doExecute(current: () => boolean): Promise<void> | void;

  /** Moves to a status and tells every listener. */
  protected setStatus(status: Status): void {
    this.statuses.set(status);
  }

  /**
   * Ends status$ and changes$ for good (called by a dispose, after its final status): their subscribers complete,
   * learning the provider is gone, and are let go with the listeners. Later statuses and change sets reach nobody
   * (a completed subject drops them), and execute() starts nothing.
   */
  protected completeStreams(): void {
    if (!this.loads.end()) return;
    this.statuses.complete();
    this.changeSets.complete();
  }

  /** Moves to a failure status with a reason. */
  protected fail(kind: new (reason: string, cause?: unknown) => Status, reason: string, cause?: unknown): void {
    this.setStatus(new kind(reason, cause));
  }

  /** Replaces the data document; pending, unfired changes of the old document are dropped. */
  protected setData(doc: Document | null): void {
    this.doc = doc;
    this.store = null;
    this.changeSets.reset();
  }

  /**
   * Replaces the data with what a load read: the rows of a store, scanned and verified (`RowStore.verify`; its
   * document is built when asked), or a parsed document (as `setData`).
   */
  protected setRows(rows: RowStore | Document): void {
    if (!(rows instanceof RowStore)) return this.setData(rows);
    const store = rows;
    this.doc = store.document;
    this.store = store;
    this.changeSets.reset();
  }

  /**
   * Loads the data and resolves with this provider, or rejects with a WrsError on a failure status; once disposed it
   * loads nothing: it resolves only when not forced and the data is there.
   */
  fetchData(args?: boolean | FetchDataParam): Promise<this> {
    return this.loads.fetch(this, args);
  }

  // ---- chain members, debugging ----

  /** Adds a parameter provider under a name, returning the one it replaces or null. */
  addDataProvider(newDataProvider: DataProvider, newName?: string): DataProvider | null {
    return this.members.add(newDataProvider, newName);
  }

  /** Removes the parameter provider of a name, returning it, or null when there was none. */
  protected removeDataProvider(name: string): DataProvider | null {
    return this.members.remove(name);
  }

  setPrimaryModel(primaryModel: DataProvider): void {
    this.members.primaryModel = primaryModel;
  }

  setTargetHtml(targetHtmlElement: Element | null): void {
    this.targetHtml = targetHtmlElement;
  }

  /** The not-ready providers this one depends on, one per line. */
  debugIsWaitingFor(): string {
    return this.members.waitingFor();
  }

  debugStatus(): string {
    const waiting = this.debugIsWaitingFor();
    return `${this.getStatus().toString()} [${this.constructor.name} ${this.id}]` + (waiting ? `; waiting for: ${waiting.replace(/\n/g, '; ')}` : '');
  }

  // ---- status listeners ----

  addStatusListener(args: StatusListenerFnOf<DataProvider> | StatusListenerOf<DataProvider> | AddStatusListenerParamOf<DataProvider>): void {
    this.statuses.add(args);
  }

  removeStatusListener(args: StatusListenerFnOf<DataProvider> | StatusListenerOf<DataProvider> | RemoveStatusListenerParamOf<DataProvider>): void {
    this.statuses.remove(args);
  }

  onReady(listenerObject: StatusListenerFnOf<DataProvider> | OnReadyParamOf<DataProvider>): void {
    const param: OnReadyParamOf<DataProvider> = typeof listenerObject === 'function' ? { onSuccess: listenerObject } : listenerObject;
    if (this.statuses.onReady(param, this.isReady())) return;
    if (param.executeIfNotReady && !this.isReady() && !this.loads.isLoading()) void this.execute();
  }

  onceReady(listenerObject: StatusListenerFnOf<DataProvider> | Omit<OnReadyParamOf<DataProvider>, 'onlyOnce'>): void {
    this.onReady(typeof listenerObject === 'function' ? { onSuccess: listenerObject, onlyOnce: true } : { ...listenerObject, onlyOnce: true });
  }

  // ---- change sets ----

  /** Listens for completed change sets; returns the listener id (for `removeDataListener`). */
  onChange(listenerObject: ChangeListenerFnOf<DataProvider> | OnChangeParamOf<DataProvider>, trackingXPath?: string): string {
    return this.changeSets.add(listenerObject, trackingXPath);
  }

  removeDataListener(listenerObject: string | ChangeListenerFnOf<DataProvider> | RemoveDataListenerParamOf<DataProvider>): void {
    this.changeSets.remove(listenerObject);
  }

  /** Records nodes and rows the library changed in the open change set (called by WrsUtil and the writers here). */
  noteChange(nodes: Iterable<Node>, rowIds: Iterable<string> = []): void {
    this.changeSets.note(nodes, rowIds);
  }

  /** The sequence number of the last change set fired (0 before the first). */
  protected lastChangeSequence(): number {
    return this.changeSets.lastSequence();
  }

  /**
   * An operation of the library looked and changed nothing (a restore of unchanged rows, a tblUpdate writing the
   * values there): its fire() delivers an empty change set without taking it for a hand edit of the DOM.
   */
  noteUnchanged(): void {
    this.changeSets.noteUnchanged();
  }

  /** Closes the open change set and tells the change listeners (spec 6.2). */
  fire(): void {
    this.changeSets.fire();
  }

  // ---- XPath access ----

  /** The first node at an XPath, or null. */
  query(xPath: string, fillParams?: FillParams): Node | null {
    return this.xpath.query(xPath, fillParams);
  }

  /** The nodes at an XPath (empty when nothing matches or there is no data). A malformed XPath throws XPATH_SYNTAX. */
  queryNodes(xPath: string, fillParams?: FillParams): Node[] {
    return this.xpath.queryNodes(xPath, fillParams);
  }

  /** The string value at an XPath; `defaultValue`, else null, when no node matches. */
  read(xPath: string, fillParams?: FillParams | string, defaultValue?: string): string | null {
    return this.xpath.read(xPath, fillParams, defaultValue);
  }

  /**
   * Sets a value at an XPath, creating the path where needed (spec 4.5), and returns the node. Returns null when
   * the provider is not ready. Writing into a cell of an R row turns it into M with `wrs:O` originals; writing a
   * cell's `text()` writes the cell (its `wrs:null` goes). Also callable as `write(xPath, value, fire?)`.
   *
   * Refused, with nothing created: `//`, descendant axes, `or`, `|`, `union`, `intersect`, `except`
   * (XPATH_AMBIGUOUS); a path that cannot be created to its end or more than 10,000 missing siblings
   * (XPATH_UNSUPPORTED); a cell of a D row, whose values the save checks (INVALID_ARGUMENT naming the row); a second
   * row of an existing id, as `wrs:R[@id='R1']` once R1 is an M row (INVALID_ARGUMENT: address rows as
   * `wrs:Data/*[@id=...]`).
   */
  write(xPath: string, fillParams?: FillParams | WriteValue, value?: WriteValue, fire?: boolean): Node | null {
    return this.xpath.write(xPath, fillParams, value, fire);
  }

  /**
   * Removes the nodes at an XPath. A cell of a D row is refused (INVALID_ARGUMENT) before anything is removed; removing
   * a cell's content in an R row makes the row M first.
   */
  remove(xPath: string, fillParams?: FillParams | boolean, fire?: boolean): void {
    this.xpath.remove(xPath, fillParams, fire);
  }

  /** The data as XML text, or null when there is none. */
  serialize(): string | null {
    return this.data ? serializeXml(this.data) : null;
  }

  // ---- Wrs table accessors ----

  /**
   * Rows as plain objects keyed by column id (D rows left out); all columns unless `columns` is given. A column named
   * `__proto__` or `constructor` is an own key of the object.
   */
  tblSelect(args: Parameters<TableAccess['select']>[0] = {}): ReturnType<TableAccess['select']> {
    return this.tables.select(args);
  }
  /** The first row matching `rowId` or `filter`, or null. */
  tblSelectRow(args: Parameters<TableAccess['selectRow']>[0] = {}): ReturnType<TableAccess['selectRow']> {
    return this.tables.selectRow(args);
  }
  /** Appends a row (wrs:I with defaults when `rmi`, else wrs:R) and returns its id. */
  tblInsert(args: Parameters<TableAccess['insert']>[0]): string {
    return this.tables.insert(args);
  }
  /** Updates matching rows and returns how many changed. */
  tblUpdate(args: Parameters<TableAccess['update']>[0]): number {
    return this.tables.update(args);
  }
  /** Deletes matching rows and returns how many were deleted or removed. */
  tblDelete(args: Parameters<TableAccess['delete']>[0] = {}): number {
    return this.tables.delete(args);
  }

  /** The data's Wrs index; NOT_READY without data, NOT_WRS when the data is no Wrs. */
  wrsIndex(): WrsIndex {
    if (!this.isReady() || !this.data) throw new WrsError('NOT_READY', `Provider ${this.id} is not ready (${this.getStatus()})`, this.id);
    return WrsIndex.of(this.data);
  }
}
