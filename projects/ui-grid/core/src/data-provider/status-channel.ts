import { BehaviorSubject, Observable, Subscription } from 'rxjs';
import { Status, StatusClass, TransformedStatus } from './status';

// The listener shapes name the provider as `P`, so this file needs no DataProvider: `listeners.ts` gives them their
// public names with `P = DataProvider`.

/** What a status listener receives: the new status and the provider it belongs to. */
export interface StatusEventOf<P> {
  readonly status: Status;
  readonly provider: P;
}

export type StatusListenerFnOf<P> = (event: StatusEventOf<P>) => void;

/** An object listener, for code that keeps listener objects rather than functions. */
export interface StatusListenerOf<P> {
  statusTransitionHandler(event: StatusEventOf<P>): void;
}

/**
 * Parameters of `addStatusListener`. Without `status` the listener hears every transition from now on;
 * with `status` only that status (an instance or a class), and at once when it is current unless `onlyFuture`.
 */
export interface AddStatusListenerParamOf<P> {
  listener: StatusListenerFnOf<P> | StatusListenerOf<P>;
  status?: Status | StatusClass;
  onlyOnce?: boolean;
  onlyFuture?: boolean;
}

/** Parameters of `removeStatusListener`: the listener given to `addStatusListener`. */
export interface RemoveStatusListenerParamOf<P> {
  listener: StatusListenerFnOf<P> | StatusListenerOf<P>;
}

/**
 * Parameters of `onReady` and `onceReady`. `onSuccess` runs on each ready status (once for `onceReady`);
 * at once when the provider is ready already, unless `onlyFuture`. `executeIfNotReady` starts loading when idle.
 */
export interface OnReadyParamOf<P> {
  onSuccess: StatusListenerFnOf<P>;
  executeIfNotReady?: boolean;
  onlyFuture?: boolean;
  onlyOnce?: boolean;
}

interface StatusSubscription {
  readonly key: unknown;
  readonly subscription: Subscription;
}

/** A provider's status channel: the current status, every transition as a stream, and the status listeners (spec 4.2). */
export class StatusChannel<P> {
  private readonly subject: BehaviorSubject<Status>;
  // Statuses set while one is being delivered: delivered after it, in order.
  private backlog: Status[] | null = null;
  private readonly listeners: StatusSubscription[] = [];
  /** Completed (the provider was disposed): later statuses reach nobody. */
  private ended = false;
  /** The current status, then every transition. */
  readonly status$: Observable<Status>;

  constructor(
    private readonly owner: P,
    initial: Status,
  ) {
    this.subject = new BehaviorSubject<Status>(initial);
    this.status$ = this.subject.asObservable();
  }

  current(): Status {
    return this.subject.value;
  }

  /** Moves to a status and tells every subscriber and listener. */
  set(status: Status): void {
    // Completed: the status stays the last one its subscribers saw (a completed BehaviorSubject would still take it).
    if (this.ended) return;
    const backlog = this.backlog;
    if (backlog) {
      // Set by a listener while a status is being delivered: it follows that one, so every subscriber sees the
      // statuses in the same order and the last one it sees is the provider's status.
      if (status !== (backlog.length > 0 ? backlog[backlog.length - 1] : this.current())) backlog.push(status);
      return;
    }
    if (status === this.current()) return;
    this.backlog = [];
    try {
      this.subject.next(status);
      for (let next = this.backlog.shift(); next; next = this.backlog.shift()) this.subject.next(next);
    } finally {
      this.backlog = null;
      // Completed by a listener of this delivery: every subscriber got the statuses set before (its final one) first.
      if (this.ended) this.subject.complete();
    }
  }

  /** Ends status$ for good and lets the listeners go; called while a status is delivered, it ends after that delivery. */
  complete(): void {
    if (this.ended) return;
    this.ended = true;
    this.listeners.length = 0;
    if (!this.backlog) this.subject.complete();
  }

  add(args: StatusListenerFnOf<P> | StatusListenerOf<P> | AddStatusListenerParamOf<P>): void {
    const param: AddStatusListenerParamOf<P> =
      typeof args === 'function' || 'statusTransitionHandler' in args ? { listener: args as StatusListenerFnOf<P> } : args;
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
          const at = this.listeners.findIndex((l) => l.subscription === sub);
          if (at >= 0) this.listeners.splice(at, 1);
        }
      }
      call({ status, provider: this.owner });
    });
    if (done) holder.sub.unsubscribe();
    else if (!holder.sub.closed) this.listeners.push({ key: param.listener, subscription: holder.sub });
  }

  /**
   * Adds an `onReady` listener: run at once when `readyNow` (ready after a save too: the data is there) unless
   * `onlyFuture`, then on each ready status. Returns true when an `onlyOnce` listener ran at once and is done.
   */
  onReady(param: OnReadyParamOf<P>, readyNow: boolean): boolean {
    const onlyOnce = !!param.onlyOnce;
    if (!param.onlyFuture && readyNow) {
      param.onSuccess({ status: this.current(), provider: this.owner });
      if (onlyOnce) return true;
    }
    this.add({ listener: param.onSuccess, status: TransformedStatus, onlyFuture: true, onlyOnce });
    return false;
  }

  /** Removes every registration of a listener. */
  remove(args: StatusListenerFnOf<P> | StatusListenerOf<P> | RemoveStatusListenerParamOf<P>): void {
    const key = typeof args === 'function' || 'statusTransitionHandler' in args ? args : args.listener;
    for (let i = this.listeners.length - 1; i >= 0; i--) {
      if (this.listeners[i].key === key) {
        this.listeners[i].subscription.unsubscribe();
        this.listeners.splice(i, 1);
      }
    }
  }
}

function toFunction<P>(listener: StatusListenerFnOf<P> | StatusListenerOf<P>): StatusListenerFnOf<P> {
  return typeof listener === 'function' ? listener : (e: StatusEventOf<P>) => listener.statusTransitionHandler(e);
}
