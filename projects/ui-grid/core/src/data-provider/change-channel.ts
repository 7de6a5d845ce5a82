import { Observable, Subject } from 'rxjs';
import { ELEMENT_NODE } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { forgetSourceText, sourceTextOf } from '../xml/source-text';
import { WrsIndex } from '../rows/wrs-index';

// As in status-channel.ts, the provider a change set names is `P`; `listeners.ts` gives the public names.

/** One completed change set, as `fire()` announces it. */
export interface ChangeSetOf<P> {
  readonly provider: P;
  /** Nodes the library changed in this set (cells, rows, written nodes). */
  readonly nodes: readonly Node[];
  /** Ids of the Wrs rows touched, in the order they were first touched. */
  readonly rowIds: readonly string[];
  /** Counts change sets of this provider, from 1. */
  readonly sequence: number;
}

export type ChangeListenerFnOf<P> = (changeSet: ChangeSetOf<P>) => void;

/**
 * Parameters of `onChange`. With `trackingXPath` the callback runs only for change sets after which the nodes
 * at that XPath serialize differently than before. `id` names the listener for `removeDataListener`.
 */
export interface OnChangeParamOf<P> {
  callback: ChangeListenerFnOf<P>;
  trackingXPath?: string;
  id?: string;
  onlyOnce?: boolean;
}

/** Parameters of `removeDataListener`: every listener matching the given id or callback is removed. */
export interface RemoveDataListenerParamOf<P> {
  id?: string;
  callback?: ChangeListenerFnOf<P>;
}

interface ChangeListenerEntry<P> {
  readonly id: string;
  readonly callback: ChangeListenerFnOf<P>;
  readonly trackingXPath?: string;
  readonly onlyOnce: boolean;
  snapshot?: string | null;
}

/** What the change channel asks of its provider. */
export interface ChangeChannelHost<P> {
  readonly owner: P;
  /** The provider's data document, or null. */
  data(): Document | null;
  /** The text of the nodes at an XPath, compared before and after a change set for `trackingXPath`; null when none. */
  snapshotOf(xPath: string): string | null;
  /** A fresh id for a listener registered without one. */
  newListenerId(): string;
}

/** A provider's change-set channel (spec 6.2): the open change set, `fire()`, the change listeners and `changes$`. */
export class ChangeChannel<P> {
  private readonly subject = new Subject<ChangeSetOf<P>>();
  // Change sets fired while one is being delivered: delivered after it, in order.
  private backlog: ChangeSetOf<P>[] | null = null;
  private listeners: ChangeListenerEntry<P>[] = [];
  private pendingNodes = new Set<Node>();
  // The row ids of each note() as given; made distinct only when a change set's `rowIds` is read (see firedSet).
  private pendingRowIds: string[][] = [];
  private pendingRowCount = 0;
  private uncommitted = false;
  private sequence = 0;
  /** `noteUnchanged()` was called since the last fire(). */
  private unchangedNoted = false;
  private ended = false;
  /** One emission per completed change set (each `fire()`). */
  readonly changes$: Observable<ChangeSetOf<P>>;

  constructor(private readonly host: ChangeChannelHost<P>) {
    this.changes$ = this.subject.asObservable();
  }

  /** Listens for completed change sets; returns the listener id. */
  add(listenerObject: ChangeListenerFnOf<P> | OnChangeParamOf<P>, trackingXPath?: string): string {
    const param: OnChangeParamOf<P> = typeof listenerObject === 'function' ? { callback: listenerObject } : listenerObject;
    const entry: ChangeListenerEntry<P> = {
      id: param.id ?? this.host.newListenerId(),
      callback: param.callback,
      trackingXPath: param.trackingXPath ?? trackingXPath,
      onlyOnce: !!param.onlyOnce,
    };
    if (entry.trackingXPath) entry.snapshot = this.host.snapshotOf(entry.trackingXPath);
    this.listeners.push(entry);
    return entry.id;
  }

  remove(listenerObject: string | ChangeListenerFnOf<P> | RemoveDataListenerParamOf<P>): void {
    const matches = (l: ChangeListenerEntry<P>) => {
      if (typeof listenerObject === 'string') return l.id === listenerObject;
      if (typeof listenerObject === 'function') return l.callback === listenerObject;
      return (listenerObject.id === undefined || l.id === listenerObject.id) &&
        (listenerObject.callback === undefined || l.callback === listenerObject.callback) &&
        (listenerObject.id !== undefined || listenerObject.callback !== undefined);
    };
    this.listeners = this.listeners.filter((l) => !matches(l));
  }

  /** Records nodes and rows the library changed in the open change set. */
  note(nodes: Iterable<Node>, rowIds: Iterable<string>): void {
    const doc = this.host.data();
    let keepsText = doc !== null && sourceTextOf(doc) !== null;
    for (const n of nodes) {
      this.pendingNodes.add(n);
      if (keepsText && mayReachRows(n)) {
        forgetSourceText(doc);
        keepsText = false;
      }
    }
    // A copy: the caller may go on using its array (WrsUtil hands it to the operation's callback).
    const ids = Array.from(rowIds);
    const named = ids.some((id) => id !== '');
    if (named) {
      this.pendingRowIds.push(ids);
      this.pendingRowCount += ids.length;
      if (keepsText) forgetSourceText(doc!);
    }
    this.uncommitted = true;
  }

  noteUnchanged(): void {
    this.unchangedNoted = true;
  }

  hasUncommitted(): boolean {
    return this.uncommitted;
  }

  /** The sequence number of the last change set fired (0 before the first). */
  lastSequence(): number {
    return this.sequence;
  }

  /** A new data document: the open change set of the old one is dropped, tracked XPaths are read anew. */
  reset(): void {
    this.pendingNodes = new Set();
    this.pendingRowIds = [];
    this.pendingRowCount = 0;
    this.uncommitted = false;
    for (const l of this.listeners) if (l.trackingXPath) l.snapshot = this.host.snapshotOf(l.trackingXPath);
  }

  /** Closes the open change set and tells the listeners, then the subscribers of changes$. */
  fire(): void {
    // A change set nobody noted is a change the library cannot see (a hand edit of the DOM): the document may differ
    // anywhere, so the row index is rebuilt on its next use and the kept source text is dropped.
    const doc = this.host.data();
    const empty = this.pendingNodes.size === 0 && this.pendingRowCount === 0;
    if (empty && !this.unchangedNoted && doc) WrsIndex.invalidate(doc);
    this.unchangedNoted = false;
    const changeSet = firedSet(this.host.owner, [...this.pendingNodes], this.pendingRowIds, ++this.sequence);
    this.pendingNodes = new Set();
    this.pendingRowIds = [];
    this.pendingRowCount = 0;
    this.uncommitted = false;
    if (this.backlog) {
      // Fired by a listener of the change set being delivered: every listener gets that one first.
      this.backlog.push(changeSet);
      return;
    }
    this.backlog = [changeSet];
    const errors: unknown[] = [];
    try {
      for (let next = this.backlog.shift(); next; next = this.backlog.shift()) this.deliver(next, errors);
    } finally {
      this.backlog = null;
      // Completed by a listener of this change set: every listener and subscriber got it first.
      if (this.ended) this.end();
    }
    // A listener that throws does not keep the change set from the others; its error reaches the caller after them.
    if (errors.length > 0) throw errors[0];
  }

  /** Ends changes$ for good and lets the listeners go; called while a change set is delivered, it ends after that. */
  complete(): void {
    if (this.ended) return;
    this.ended = true;
    if (!this.backlog) this.end();
  }

  private end(): void {
    this.listeners = [];
    this.subject.complete();
  }

  private deliver(changeSet: ChangeSetOf<P>, errors: unknown[]): void {
    for (const l of [...this.listeners]) {
      // Removed by a listener called before it (removeDataListener, an onlyOnce run by a nested fire()): not called,
      // as a status listener removed while a status is delivered is not.
      if (!this.listeners.includes(l)) continue;
      try {
        if (l.trackingXPath) {
          const now = this.host.snapshotOf(l.trackingXPath);
          if (now === l.snapshot) continue;
          l.snapshot = now;
        }
        if (l.onlyOnce) this.listeners = this.listeners.filter((x) => x !== l);
        l.callback(changeSet);
      } catch (e) {
        errors.push(e);
      }
    }
    this.subject.next(changeSet);
  }
}

/**
 * A change set as fired. Its `rowIds` are made distinct (first touch first, no empty id) when first read: a change
 * set naming 10,000 rows costs the operation nothing for them, and a listener reading them pays for it once. The
 * getter is an own property, so a copy by spread or `Object.assign` holds the ids.
 */
function firedSet<P>(provider: P, nodes: Node[], noted: readonly string[][], sequence: number): ChangeSetOf<P> {
  let rowIds: string[] | null = null;
  return {
    provider,
    nodes,
    get rowIds(): readonly string[] {
      if (!rowIds) {
        const distinct = new Set<string>();
        for (const ids of noted) for (const id of ids) distinct.add(id);
        distinct.delete('');
        rowIds = [...distinct];
      }
      return rowIds;
    },
    sequence,
  };
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
