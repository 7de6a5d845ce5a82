import { BehaviorSubject, Observable, Subject, Subscription, filter } from 'rxjs';
import { WrsError, errorMessage, isWrsError } from '../errors';
import { ATTRIBUTE_NODE_TYPE, CellContext, findCellContext } from './cell-context';
import { ELEMENT_NODE, TEXT_NODE, serializeXml } from '../xml/dom';
import { assertUnambiguous, parseLocationPath } from '../xml/location-path';
import { ChildLookup, ensurePath, evaluatePath, setNodeValue, stringValue } from '../xml/path-walker';
import { FillParams, fillPlaceholders } from '../xml/placeholders';
import { xpathEngineFor } from '../xml/xpath-engine';
import { NS } from '../xml/namespaces';
import { forgetSourceText, sourceTextOf } from '../xml/source-text';
import { WrsIndex } from '../wrs/wrs-index';
import { cellValue, markModified, setCellContent } from '../wrs/row-states';
import {
  AddStatusListenerParam,
  ChangeListenerFn,
  FetchDataParam,
  OnChangeParam,
  OnReadyParam,
  OnceReadyParam,
  RemoveDataListenerParam,
  RemoveStatusListenerParam,
  StatusEvent,
  StatusListener,
  StatusListenerFn,
} from './listeners';
import { DataProviderRegistry, defaultRegistry } from './registry';
import {
  ChainLoadedStatus,
  ChainStylesheetLoadingFailed,
  InitializedStatus,
  LoadFailedStatus,
  LoadingStatus,
  SaveFailedStatus,
  SavedStatus,
  Status,
  StatusClass,
  TransformFailedStatus,
  TransformedStatus,
  TransformingStatus,
  WaitingForParametersStatus,
} from './status';
import { TableAccess } from './table-access';

/** Arguments every provider takes. */
export interface DataProviderArgs {
  /** With an id the provider registers itself (in `registry`, else in `defaultRegistry`). */
  id?: string;
  /** Name under which a chain sees this provider as a parameter; defaults to the id. */
  name?: string;
  registry?: DataProviderRegistry;
}

/** One completed change set, as `fire()` announces it. */
export interface ChangeSet {
  readonly provider: DataProvider;
  /** Nodes the library changed in this set (cells, rows, written nodes). */
  readonly nodes: readonly Node[];
  /** Ids of the Wrs rows touched, in the order they were first touched. */
  readonly rowIds: readonly string[];
  /** Counts change sets of this provider, from 1. */
  readonly sequence: number;
}

type WriteValue = string | number | boolean | null | undefined;

interface StatusSubscription {
  readonly key: unknown;
  readonly subscription: Subscription;
}

interface ChangeListenerEntry {
  readonly id: string;
  readonly callback: ChangeListenerFn;
  readonly trackingXPath?: string;
  readonly onlyOnce: boolean;
  snapshot?: string | null;
}

let idCounter = 0;

/** A random id with the fixed prefix of unregistered providers (spec 2.2). */
export function generateProviderId(): string {
  idCounter++;
  return `${DataProvider.ID_PREFIX}${Date.now().toString(36)}_${idCounter}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * The failure status a load error ends in (spec 3.1, 7): a chain stylesheet that could not be loaded
 * (CHAIN_LOAD_FAILED) ChainStylesheetLoadingFailed, a failing transformation (TRANSFORM_FAILED) TransformFailed,
 * any other error LoadFailed.
 */
function failureStatusOf(error: unknown): new (reason: string, cause?: unknown) => Status {
  if (isWrsError(error, 'CHAIN_LOAD_FAILED')) return ChainStylesheetLoadingFailed;
  if (isWrsError(error, 'TRANSFORM_FAILED')) return TransformFailedStatus;
  return LoadFailedStatus;
}

/**
 * Base of every data provider (spec 4.2): a status life cycle, change sets, XPath access with dot placeholders,
 * Wrs-aware writes and the `tbl*` accessors, with the status and the change sets as RxJS streams.
 */
export abstract class DataProvider {
  /** Prefix of generated ids; providers with such an id are not registered. */
  static readonly ID_PREFIX = 'ui_dp_';

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

  private readonly statusSubject: BehaviorSubject<Status>;
  private readonly changeSubject = new Subject<ChangeSet>();
  // Statuses set while one is being delivered, and change sets fired while one is: delivered after it, in order.
  private statusBacklog: Status[] | null = null;
  private changeBacklog: ChangeSet[] | null = null;
  /** The current status, then every transition. */
  readonly status$: Observable<Status>;
  /** Emits each time the ready status is reached. */
  readonly ready$: Observable<Status>;
  /** One emission per completed change set (each `fire()`). */
  readonly changes$: Observable<ChangeSet>;

  protected readonly registry: DataProviderRegistry;
  protected data: Document | null = null;
  /** The name given in the args; without one the name is the id (read late: a grid sets its id after construction). */
  private readonly name: string | undefined;
  private targetHtml: Element | null = null;
  private primaryModel: DataProvider | null = null;
  private readonly dataProviders = new Map<string, DataProvider>();
  private readonly statusListeners: StatusSubscription[] = [];
  private changeListeners: ChangeListenerEntry[] = [];
  private pendingNodes = new Set<Node>();
  private pendingRowIds = new Set<string>();
  private uncommitted = false;
  private changeSequence = 0;
  private running: Promise<void> | null = null;
  /** `noteUnchanged()` was called since the last fire(). */
  private unchangedNoted = false;
  private generation = 0;
  /** status$ and changes$ completed (the provider was disposed): it loads no more. */
  private ended = false;
  private readonly tables = new TableAccess(this);

  protected constructor(args: DataProviderArgs = {}) {
    this.registry = args.registry ?? defaultRegistry;
    if (args.id !== undefined && (typeof args.id !== 'string' || args.id === '')) {
      throw new WrsError('INVALID_ARGUMENT', 'A provider id must be a non-empty string', args.id);
    }
    this.id = args.id ?? generateProviderId();
    this.name = args.name;
    this.statusSubject = new BehaviorSubject<Status>(this.initializedStatus);
    this.status$ = this.statusSubject.asObservable();
    this.ready$ = this.status$.pipe(filter((s) => s instanceof TransformedStatus));
    this.changes$ = this.changeSubject.asObservable();
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
  getName(): string {
    return this.name ?? this.id;
  }
  getPrimaryModel(): DataProvider | null {
    return this.primaryModel;
  }
  getStatus(): Status {
    return this.statusSubject.value;
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
    return this.dataProviders.get(name) ?? null;
  }
  /** Parameter providers by name. */
  getDataProviders(): ReadonlyMap<string, DataProvider> {
    return this.dataProviders;
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
    return this.data !== null && (s instanceof TransformedStatus || s instanceof SavedStatus || s instanceof SaveFailedStatus);
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
    return this.running !== null && !this.isReady();
  }
  /** True while writes wait for `fire()` (spec 6.4: only then is the provider ready with no uncommitted writes). */
  hasUncommittedWrites(): boolean {
    return this.uncommitted;
  }

  // ---- life cycle ----

  /**
   * (Re)loads the data. A call while loading joins the running load unless `forced`. Resolves when the load
   * ended, in the ready or a failure status; never rejects (use `fetchData` for that).
   */
  execute(forced = false): Promise<void> {
    if (this.ended) return Promise.resolve();
    if (this.running && !forced) return this.running;
    if (!forced && this.isReady()) return Promise.resolve();
    const generation = ++this.generation;
    const run = (async () => {
      try {
        await this.doExecute(() => generation === this.generation);
      } catch (e) {
        if (generation === this.generation) this.fail(failureStatusOf(e), errorMessage(e), e);
      }
    })();
    const tracked = run.finally(() => {
      if (this.running === tracked) this.running = null;
    });
    this.running = tracked;
    return tracked;
  }

  /**
   * Does the loading: sets statuses and data. `current()` turns false when a newer execute() superseded this one.
   * A thrown error ends the load in the failure status its code names (see `failureStatusOf`).
   */
  protected abstract doExecute(current: () => boolean): Promise<void> | void;

  /** Moves to a status and tells every listener. */
  protected setStatus(status: Status): void {
    // Disposed: the status stays the last one its subscribers saw (a completed BehaviorSubject would still take it).
    if (this.ended) return;
    const backlog = this.statusBacklog;
    if (backlog) {
      // Set by a listener while a status is being delivered: it follows that one, so every subscriber sees the
      // statuses in the same order and the last one it sees is the provider's status.
      if (status !== (backlog.length > 0 ? backlog[backlog.length - 1] : this.getStatus())) backlog.push(status);
      return;
    }
    if (status === this.getStatus()) return;
    this.statusBacklog = [];
    try {
      this.statusSubject.next(status);
      for (let next = this.statusBacklog.shift(); next; next = this.statusBacklog.shift()) this.statusSubject.next(next);
    } finally {
      this.statusBacklog = null;
      // Disposed by a listener of this delivery: every subscriber got the statuses set before (its final one) first.
      if (this.ended) this.statusSubject.complete();
    }
  }

  /**
   * Ends status$ and changes$ for good (called by a dispose, after its final status): their subscribers complete,
   * learning the provider is gone, and are let go with the listeners. Later statuses and change sets reach nobody
   * (a completed subject drops them), and execute() starts nothing.
   */
  protected completeStreams(): void {
    if (this.ended) return;
    this.ended = true;
    this.statusListeners.length = 0;
    // Called by a listener while a status or a change set is delivered: the stream ends after that delivery.
    if (!this.statusBacklog) this.statusSubject.complete();
    if (!this.changeBacklog) this.endChanges();
  }

  private endChanges(): void {
    this.changeListeners = [];
    this.changeSubject.complete();
  }

  /** Moves to a failure status with a reason. */
  protected fail(kind: new (reason: string, cause?: unknown) => Status, reason: string, cause?: unknown): void {
    this.setStatus(new kind(reason, cause));
  }

  /** Replaces the data document; pending, unfired changes of the old document are dropped. */
  protected setData(doc: Document | null): void {
    this.data = doc;
    this.pendingNodes = new Set();
    this.pendingRowIds = new Set();
    this.uncommitted = false;
    for (const l of this.changeListeners) if (l.trackingXPath) l.snapshot = this.snapshotOf(l.trackingXPath);
  }

  /**
   * Loads the data and resolves with this provider, or rejects with a WrsError on a failure status; once disposed it
   * loads nothing: it resolves only when not forced and the data is there.
   */
  fetchData(args?: boolean | FetchDataParam): Promise<this> {
    const forced = typeof args === 'boolean' ? args : !!args?.forced;
    const signal = typeof args === 'object' ? args?.signal : undefined;
    if (signal?.aborted) return Promise.reject(this.stoppedWaiting());
    if (!forced && this.isReady()) return Promise.resolve(this);
    return new Promise<this>((resolve, reject) => {
      let sub: Subscription | undefined;
      let settled = false;
      const onAbort = () => settle(() => reject(this.stoppedWaiting()));
      const settle = (outcome: () => void) => {
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        outcome();
        // Settled by the status delivered on subscribing, `sub` is not assigned yet: unsubscribed just after.
        if (sub) sub.unsubscribe();
        else queueMicrotask(() => sub?.unsubscribe());
      };
      signal?.addEventListener('abort', onAbort);
      // A load this call starts may set its first status only after an await: until then the current status is the
      // last load's (its ready status, its failure) and settles nothing. The load's end settles it then (below).
      const before = forced || !this.running ? this.getStatus() : null;
      const started = this.execute(forced);
      let replayed = true;
      const failed = (status: Status) => status.isFailure && !(status instanceof SaveFailedStatus);
      const rejectWith = (status: Status) =>
        settle(() => reject(new WrsError('LOAD_FAILED', `${this.id}: ${status.toString()}`, this.id, status.cause === undefined ? { status: status.name } : { status: status.name, cause: status.cause })));
      sub = this.status$.subscribe({
        next: (status) => {
          const stale = replayed && status === before;
          replayed = false;
          if (settled || stale) return;
          if (failed(status)) rejectWith(status);
          else if (status instanceof TransformedStatus && this.data) settle(() => resolve(this));
        },
        // Disposed: no status comes any more (a load under way ended failed before this, settling it).
        complete: () => {
          if (!settled) settle(() => reject(new WrsError('LOAD_FAILED', `${this.id} was disposed`, this.id, { disposed: true })));
        },
      });
      void started.then(() => {
        // The load ended leaving the status as it was (a failure it did not retry): that settles it, unless a newer
        // load runs, whose statuses do.
        if (settled || this.running) return;
        if (this.isReady()) settle(() => resolve(this));
        else if (failed(this.getStatus())) rejectWith(this.getStatus());
      });
    });
  }

  private stoppedWaiting(): WrsError {
    return new WrsError('LOAD_FAILED', `${this.id}: stopped waiting (aborted)`, this.id, { aborted: true });
  }

  // ---- chain members ----

  /** Adds a parameter provider under a name, returning the one it replaces or null. */
  addDataProvider(newDataProvider: DataProvider, newName?: string): DataProvider | null {
    const name = newName ?? newDataProvider.getName();
    const old = this.dataProviders.get(name) ?? null;
    this.dataProviders.set(name, newDataProvider);
    return old;
  }

  /** Removes the parameter provider of a name, returning it, or null when there was none. */
  protected removeDataProvider(name: string): DataProvider | null {
    const old = this.dataProviders.get(name) ?? null;
    this.dataProviders.delete(name);
    return old;
  }

  setPrimaryModel(primaryModel: DataProvider): void {
    this.primaryModel = primaryModel;
  }

  setTargetHtml(targetHtmlElement: Element | null): void {
    this.targetHtml = targetHtmlElement;
  }

  // ---- status listeners ----

  addStatusListener(args: StatusListenerFn | StatusListener | AddStatusListenerParam): void {
    const param: AddStatusListenerParam =
      typeof args === 'function' || 'statusTransitionHandler' in args ? { listener: args as StatusListenerFn } : args;
    const call = toFunction(param.listener);
    const matches = (s: Status) =>
      !param.status || (typeof param.status === 'function' ? s instanceof param.status : s === param.status || s.name === param.status.name);
    let first = true;
    let done = false;
    const holder: { sub?: Subscription } = {};
    holder.sub = this.status$.subscribe((status) => {
      const isCurrent = first;
      first = false;
      if (done || (isCurrent && (!param.status || param.onlyFuture))) return;
      if (!matches(status)) return;
      if (param.onlyOnce) {
        // Called for the current status, the subscription is not stored yet: `done` ends it below. Only this
        // registration goes: the same function added again (without onlyOnce, or for another status) stays.
        done = true;
        const sub = holder.sub;
        if (sub) {
          sub.unsubscribe();
          const at = this.statusListeners.findIndex((l) => l.subscription === sub);
          if (at >= 0) this.statusListeners.splice(at, 1);
        }
      }
      call({ status, provider: this });
    });
    if (done) holder.sub.unsubscribe();
    else if (!holder.sub.closed) this.statusListeners.push({ key: param.listener, subscription: holder.sub });
  }

  removeStatusListener(args: StatusListenerFn | StatusListener | RemoveStatusListenerParam): void {
    const key = typeof args === 'function' || 'statusTransitionHandler' in args ? args : args.listener;
    this.dropStatusListener(key);
  }

  private dropStatusListener(key: unknown): void {
    for (let i = this.statusListeners.length - 1; i >= 0; i--) {
      if (this.statusListeners[i].key === key) {
        this.statusListeners[i].subscription.unsubscribe();
        this.statusListeners.splice(i, 1);
      }
    }
  }

  onReady(listenerObject: StatusListenerFn | OnReadyParam): void {
    const param: OnReadyParam = typeof listenerObject === 'function' ? { onSuccess: listenerObject } : listenerObject;
    const onlyOnce = !!param.onlyOnce;
    // Ready after a save too (SavedStatus, SaveFailedStatus): the data is there, so the listener runs at once.
    if (!param.onlyFuture && this.isReady()) {
      param.onSuccess({ status: this.getStatus(), provider: this });
      if (onlyOnce) return;
    }
    this.addStatusListener({ listener: param.onSuccess, status: TransformedStatus, onlyFuture: true, onlyOnce });
    if (param.executeIfNotReady && !this.isReady() && !this.running) void this.execute();
  }

  onceReady(listenerObject: StatusListenerFn | OnceReadyParam): void {
    const param: OnceReadyParam = typeof listenerObject === 'function' ? { onSuccess: listenerObject } : listenerObject;
    this.onReady({ ...param, onlyOnce: true });
  }

  // ---- change sets ----

  /** Listens for completed change sets; returns the listener id (for `removeDataListener`). */
  onChange(listenerObject: ChangeListenerFn | OnChangeParam, trackingXPath?: string): string {
    const param: OnChangeParam = typeof listenerObject === 'function' ? { callback: listenerObject } : listenerObject;
    const entry: ChangeListenerEntry = {
      id: param.id ?? generateProviderId(),
      callback: param.callback,
      trackingXPath: param.trackingXPath ?? trackingXPath,
      onlyOnce: !!param.onlyOnce,
    };
    if (entry.trackingXPath) entry.snapshot = this.snapshotOf(entry.trackingXPath);
    this.changeListeners.push(entry);
    return entry.id;
  }

  removeDataListener(listenerObject: string | ChangeListenerFn | RemoveDataListenerParam): void {
    const matches = (l: ChangeListenerEntry) => {
      if (typeof listenerObject === 'string') return l.id === listenerObject;
      if (typeof listenerObject === 'function') return l.callback === listenerObject;
      return (listenerObject.id === undefined || l.id === listenerObject.id) &&
        (listenerObject.callback === undefined || l.callback === listenerObject.callback) &&
        (listenerObject.id !== undefined || listenerObject.callback !== undefined);
    };
    this.changeListeners = this.changeListeners.filter((l) => !matches(l));
  }

  /** Records nodes and rows the library changed in the open change set (called by WrsUtil and the writers here). */
  noteChange(nodes: Iterable<Node>, rowIds: Iterable<string> = []): void {
    const doc = this.data;
    let keepsText = doc !== null && sourceTextOf(doc) !== null;
    for (const n of nodes) {
      this.pendingNodes.add(n);
      if (keepsText && mayReachRows(n)) {
        forgetSourceText(doc);
        keepsText = false;
      }
    }
    for (const id of rowIds) {
      if (!id) continue;
      this.pendingRowIds.add(id);
      if (keepsText) {
        forgetSourceText(doc);
        keepsText = false;
      }
    }
    this.uncommitted = true;
  }

  /** The sequence number of the last change set fired (0 before the first). */
  protected lastChangeSequence(): number {
    return this.changeSequence;
  }

  /** Closes the open change set and tells the change listeners (spec 6.2). */
  /**
   * An operation of the library looked and changed nothing (a restore of unchanged rows, a tblUpdate writing the
   * values there): its fire() delivers an empty change set without taking it for a hand edit of the DOM.
   */
  noteUnchanged(): void {
    this.unchangedNoted = true;
  }

  fire(): void {
    // A change set nobody noted is a change the library cannot see (a hand edit of the DOM): the document may differ
    // anywhere, so the row index is rebuilt on its next use and the kept source text is dropped.
    const empty = this.pendingNodes.size === 0 && this.pendingRowIds.size === 0;
    if (empty && !this.unchangedNoted && this.data) WrsIndex.invalidate(this.data);
    this.unchangedNoted = false;
    const changeSet: ChangeSet = {
      provider: this,
      nodes: [...this.pendingNodes],
      rowIds: [...this.pendingRowIds],
      sequence: ++this.changeSequence,
    };
    this.pendingNodes = new Set();
    this.pendingRowIds = new Set();
    this.uncommitted = false;
    if (this.changeBacklog) {
      // Fired by a listener of the change set being delivered: every listener gets that one first.
      this.changeBacklog.push(changeSet);
      return;
    }
    this.changeBacklog = [changeSet];
    const errors: unknown[] = [];
    try {
      for (let next = this.changeBacklog.shift(); next; next = this.changeBacklog.shift()) this.deliver(next, errors);
    } finally {
      this.changeBacklog = null;
      // Disposed by a listener of this change set: every listener and subscriber got it first.
      if (this.ended) this.endChanges();
    }
    // A listener that throws does not keep the change set from the others; its error reaches the caller after them.
    if (errors.length > 0) throw errors[0];
  }

  private deliver(changeSet: ChangeSet, errors: unknown[]): void {
    for (const l of [...this.changeListeners]) {
      // Removed by a listener called before it (removeDataListener, an onlyOnce run by a nested fire()): not called,
      // as a status listener removed while a status is delivered is not.
      if (!this.changeListeners.includes(l)) continue;
      try {
        if (l.trackingXPath) {
          const now = this.snapshotOf(l.trackingXPath);
          if (now === l.snapshot) continue;
          l.snapshot = now;
        }
        if (l.onlyOnce) this.changeListeners = this.changeListeners.filter((x) => x !== l);
        l.callback(changeSet);
      } catch (e) {
        errors.push(e);
      }
    }
    this.changeSubject.next(changeSet);
  }

  private snapshotOf(xPath: string): string | null {
    if (!this.data) return null;
    try {
      return this.queryNodes(xPath).map((n) => (n.nodeType === ELEMENT_NODE ? serializeXml(n) : stringValue(n))).join('\u0000');
    } catch {
      return null;
    }
  }

  // ---- debugging ----

  /** The not-ready providers this one depends on, one per line. */
  debugIsWaitingFor(): string {
    const deps: [string, DataProvider][] = [];
    if (this.primaryModel) deps.push(['primary', this.primaryModel]);
    for (const [name, p] of this.dataProviders) deps.push([name, p]);
    return deps
      .filter(([, p]) => !p.isReady())
      .map(([name, p]) => `${name} (${p.id}): ${p.getStatus().toString()}`)
      .join('\n');
  }

  debugStatus(): string {
    const status = this.getStatus();
    const waiting = this.debugIsWaitingFor();
    return `${status.toString()} [${this.constructor.name} ${this.id}]` + (waiting ? `; waiting for: ${waiting.replace(/\n/g, '; ')}` : '');
  }

  // ---- XPath access ----

  private readonly rowLookup: ChildLookup = {
    byId: (parent, id) => {
      const index = this.wrsIndexFor(parent);
      return index ? index.rowById(id) : undefined;
    },
    byPosition: (parent, position) => {
      const index = this.wrsIndexFor(parent);
      return index ? index.rowAt(position) : undefined;
    },
  };

  private wrsIndexFor(parent: Element): WrsIndex | null {
    if (parent.localName !== 'Data' || !this.data || parent.parentNode !== this.data.documentElement) return null;
    const index = WrsIndex.tryOf(this.data);
    return index && index.data === parent ? index : null;
  }

  /** Nodes at an XPath: the library's linear walker for plain paths (rows through the Wrs index), the engine otherwise. */
  protected evaluateNodes(expr: string, context: Node): Node[] {
    const path = parseLocationPath(expr);
    if (path) return evaluatePath(path, context, this.rowLookup);
    const value = xpathEngineFor(context).evaluate(expr, context);
    return Array.isArray(value) ? value : [];
  }

  /** The first node at an XPath, or null. */
  query(xPath: string, fillParams?: FillParams): Node | null {
    return this.queryNodes(xPath, fillParams)[0] ?? null;
  }

  /** The nodes at an XPath (empty when nothing matches or there is no data). A malformed XPath throws XPATH_SYNTAX. */
  queryNodes(xPath: string, fillParams?: FillParams): Node[] {
    if (!this.data) return [];
    return this.evaluateNodes(fillPlaceholders(xPath, fillParams), this.data);
  }

  /** The string value at an XPath; `defaultValue`, else null, when no node matches. */
  read(xPath: string, fillParams?: FillParams | string, defaultValue?: string): string | null {
    if (typeof fillParams === 'string' && defaultValue === undefined) {
      defaultValue = fillParams;
      fillParams = undefined;
    }
    if (!this.data) return defaultValue ?? null;
    const expr = fillPlaceholders(xPath, fillParams as FillParams | undefined);
    const path = parseLocationPath(expr);
    if (path) {
      const node = evaluatePath(path, this.data, this.rowLookup)[0];
      return node ? stringValue(node) : defaultValue ?? null;
    }
    const value = xpathEngineFor(this.data).evaluate(expr, this.data);
    if (Array.isArray(value)) return value.length > 0 ? stringValue(value[0]) : defaultValue ?? null;
    return String(value);
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
    if (fillParams === null || typeof fillParams !== 'object') {
      if ((value === undefined || typeof value === 'boolean') && fire === undefined) {
        // write(xPath, value, fire?)
        fire = value as boolean | undefined;
        value = fillParams as WriteValue;
      } else if (fillParams !== undefined && fillParams !== null) {
        throw new WrsError('INVALID_ARGUMENT', 'write: fillParams must be an object or an array when a value follows it', fillParams);
      }
      fillParams = undefined;
    }
    if (!this.isReady() || !this.data) return null;
    const expr = fillPlaceholders(xPath, fillParams);
    assertUnambiguous(expr);
    let node = this.locateForWrite(expr);
    if (value !== undefined) node = this.assignValue(node, value === null ? null : String(value));
    else this.noteChange([node], rowIdsAt(node, this.data));
    if (fire) this.fire();
    return node;
  }

  private locateForWrite(expr: string): Node {
    const doc = this.data!;
    const path = parseLocationPath(expr);
    if (!path) {
      const found = xpathEngineFor(doc).evaluate(expr, doc);
      if (Array.isArray(found) && found.length > 0) return found[0];
      throw new WrsError('XPATH_UNSUPPORTED', `write cannot create the path "${expr}": only steps with equality predicates joined by "and" can be created`, expr);
    }
    const existing = evaluatePath(path, doc, this.rowLookup)[0];
    if (existing) return existing;
    let createdUnder: Node = doc;
    const created = ensurePath(path, doc, expr, this.rowLookup, (parent) => (createdUnder = parent));
    const index = WrsIndex.tryOf(doc);
    const context = index && findCellContext(created, doc);
    // A path created from wrs:Data or above it adds rows (or a wrs:Data, or header nodes): the row index is rebuilt,
    // else a later write by the same id would not find the new row and create a second one.
    const under = index && findCellContext(createdUnder, doc);
    const rowsChanged = !under || under.row.localName === 'Data';
    if (index && (rowsChanged || !context || context.structural)) index.invalidate();
    else if (index && context && !context.cell) index.forgetOriginal(context.row);
    if (context && under && under.row.localName === 'Data' && context.row !== under.row) refuseSecondRow(context.row, expr);
    return created;
  }

  /** Writes a value at a located node; returns the node that holds it (the cell's text for a cell's text node). */
  private assignValue(node: Node, value: string | null): Node {
    const doc = this.data!;
    const context = findCellContext(node, doc);
    // A cell's text node is written as the cell: its wrs:null goes, and an R row becomes M.
    const cellText = context?.cell && node.nodeType === TEXT_NODE && node.parentNode === context.cell;
    if (context && context.cell && (node === context.cell || cellText)) {
      if (cellValue(context.cell) === value) return node;
      refuseDeletedRow(context.row);
      const row = context.row.localName === 'R' ? markModified(context.row, WrsIndex.tryOf(doc)) : context.row;
      setCellContent(context.cell, value);
      this.noteChange([context.cell], [row.getAttribute('id') ?? '']);
      return cellText ? (context.cell.firstChild ?? context.cell) : node;
    }
    // A write into a row's `wrs:O` or attributes: a restore must read them, not a copy kept from before.
    if (context && !context.cell) WrsIndex.tryOf(doc)?.forgetOriginal(context.row);
    if (context?.cell && (context.row.localName === 'R' || context.row.localName === 'D')) {
      const before = node.nodeType === ATTRIBUTE_NODE_TYPE ? (node as Attr).value : node.textContent;
      if (before === value) return node;
      refuseDeletedRow(context.row);
      markModified(context.row, WrsIndex.tryOf(doc));
    }
    // A value written over wrs:Data replaces its rows: the change set names the rows that go.
    let rowIds = context && node === context.row && context.row.localName === 'Data' ? childIds(context.row) : rowIdsAt(node, doc);
    const renamedRow = context && !context.cell && !context.structural && isIdAttribute(node, context.row) ? context.row : null;
    const oldId = renamedRow ? renamedRow.getAttribute('id') : null;
    setNodeValue(node, value ?? '');
    // A row's new id goes into the id map; anything else that changes the index rebuilds it.
    if (renamedRow) {
      WrsIndex.tryOf(doc)?.renamed(renamedRow, oldId);
      // Named by its old and its new id: a listener keeping state by row id (the grid's validation) drops the old
      // and checks the new.
      const newId = renamedRow.getAttribute('id');
      if (newId !== null && !rowIds.includes(newId)) rowIds = [...rowIds, newId];
    } else if (changesIndex(node, context)) WrsIndex.invalidate(doc);
    this.noteChange([node], rowIds);
    return node;
  }

  /**
   * Removes the nodes at an XPath. A cell of a D row is refused (INVALID_ARGUMENT) before anything is removed; removing
   * a cell's content in an R row makes the row M first.
   */
  remove(xPath: string, fillParams?: FillParams | boolean, fire?: boolean): void {
    if (typeof fillParams === 'boolean') {
      fire = fillParams;
      fillParams = undefined;
    }
    // As write: nothing while there is no data or it is being loaded (the edit would go with the old document).
    if (!this.isReady() || !this.data) return;
    const doc = this.data;
    const nodes = this.queryNodes(xPath, fillParams);
    // Refused before anything goes: a removal stopped half way would leave changes no change set names.
    for (const n of nodes) {
      const context = findCellContext(n, doc);
      if (context?.cell) refuseDeletedRow(context.row);
    }
    let structural = false;
    const rowIds: string[] = [];
    const parents: Node[] = [];
    // Whole rows removed are taken out of the row index where they stand; anything else structural rebuilds it.
    const wholeRows: Element[] = [];
    for (const n of nodes) {
      const context = findCellContext(n, doc);
      if (context) {
        if (context.structural && n === context.row && context.row.localName !== 'Data') wholeRows.push(context.row);
        else if (context.structural) structural = true;
        if (!context.cell) WrsIndex.tryOf(doc)?.forgetOriginal(context.row);
        // Content taken out of a cell of an R row changes its value: the row becomes M first, keeping the original.
        if (context.cell && n !== context.cell && context.row.localName === 'R') markModified(context.row, WrsIndex.tryOf(doc));
        rowIds.push(context.row.getAttribute('id') ?? '');
      }
      if (n.nodeType === ATTRIBUTE_NODE_TYPE) {
        const owner = (n as Attr).ownerElement;
        owner?.removeAttributeNode(n as Attr);
        if (owner) parents.push(owner);
      } else if (n.parentNode) {
        parents.push(n.parentNode);
        n.parentNode.removeChild(n);
      }
    }
    const rowsGone = new Set<Node>(wholeRows);
    if (structural || nodes.some((n) => !rowsGone.has(n) && changesIndex(n, findCellContext(n, doc)))) WrsIndex.invalidate(doc);
    else if (wholeRows.length > 0) WrsIndex.tryOf(doc)?.removed(wholeRows);
    if (nodes.length > 0) this.noteChange(parents, rowIds);
    if (fire) this.fire();
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
    if (!this.data || !this.isReady()) throw new WrsError('NOT_READY', `Provider ${this.id} is not ready (${this.getStatus()})`, this.id);
    return WrsIndex.of(this.data);
  }
}

/** True for a row's `id` attribute, the one the index keys rows by. */
/**
 * A deleted row's cells hold what the server is to delete, and the save checks them against the database: a change
 * there would make the whole save fail as a conflict. It is restored first (WrsUtil's cell functions refuse it too).
 */
function refuseDeletedRow(row: Element): void {
  if (row.localName !== 'D' || row.namespaceURI !== NS.wrs) return;
  const id = row.getAttribute('id') ?? '';
  throw new WrsError('INVALID_ARGUMENT', `Row ${id} is deleted: restore it before changing its cells`, id);
}

function isIdAttribute(node: Node, row: Element): boolean {
  return node.nodeType === ATTRIBUTE_NODE_TYPE && (node as Attr).ownerElement === row && (node as Attr).localName === 'id' && !(node as Attr).namespaceURI;
}

/**
 * Whether a raw change of a node (a value written, the node removed) can leave the Wrs index stale: anything outside
 * the rows (header columns, `wrs:Data` itself), a row or its content as a whole, a row's `id`. A cell's content or a
 * row's other attributes do not change what the index holds.
 */
function changesIndex(node: Node, context: CellContext | null): boolean {
  if (!context || context.structural) return true;
  if (context.cell) return false;
  return isIdAttribute(node, context.row);
}

/** False for a node inside `wrs:Header` (a validation result, a column attribute): its change leaves the rows' text as it was. */
function mayReachRows(node: Node): boolean {
  for (let n: Node | null = node; n; n = n.parentNode) {
    if (n.nodeType === ELEMENT_NODE && (n as Element).localName === 'Header' && (n as Element).namespaceURI === NS.wrs) {
      return n.parentNode !== n.ownerDocument?.documentElement;
    }
  }
  return true;
}

function toFunction(listener: StatusListenerFn | StatusListener): StatusListenerFn {
  return typeof listener === 'function' ? listener : (e: StatusEvent) => listener.statusTransitionHandler(e);
}

export type { StatusClass };
export { ChainStylesheetLoadingFailed, TransformFailedStatus, LoadingStatus, TransformingStatus };

/** The id of the Wrs row a node lies in (the row itself, a cell, an attribute), none for nodes outside rows. */
/**
 * Takes back a row a write just created when another row of `wrs:Data` has its id, and says why: a write addressed
 * `wrs:R[@id='R1']` after R1 had become an M row (which the first write into it does), and created a second R1.
 */
function refuseSecondRow(created: Element, expr: string): void {
  const id = created.getAttribute('id');
  if (id === null) return;
  for (let row = created.parentNode?.firstChild ?? null; row; row = row.nextSibling) {
    if (row === created || row.nodeType !== ELEMENT_NODE || (row as Element).getAttribute('id') !== id) continue;
    created.parentNode!.removeChild(created);
    throw new WrsError(
      'INVALID_ARGUMENT',
      `write would create a second row with id "${id}": that row is a wrs:${(row as Element).localName} now; address rows in any state as wrs:Data/*[@id='${id}']`,
      expr,
    );
  }
}

function rowIdsAt(node: Node, doc: Document): string[] {
  const context = findCellContext(node, doc);
  return context && context.row.localName !== 'Data' ? [context.row.getAttribute('id') ?? ''] : [];
}

/** The ids of the rows under `wrs:Data`. */
function childIds(data: Element): string[] {
  const ids: string[] = [];
  for (let c = data.firstChild; c; c = c.nextSibling) if (c.nodeType === ELEMENT_NODE) ids.push((c as Element).getAttribute('id') ?? '');
  return ids;
}
