import type { ChangeSet, DataProvider } from './data-provider';
import type { Status, StatusClass } from './status';

/** What a status listener receives: the new status and the provider it belongs to. */
export interface StatusEvent {
  readonly status: Status;
  readonly provider: DataProvider;
}

export type StatusListenerFn = (event: StatusEvent) => void;

/** An object listener, for code that keeps listener objects rather than functions. */
export interface StatusListener {
  statusTransitionHandler(event: StatusEvent): void;
}

/**
 * Parameters of `addStatusListener`. Without `status` the listener hears every transition from now on;
 * with `status` only that status (an instance or a class), and at once when it is current unless `onlyFuture`.
 */
export interface AddStatusListenerParam {
  listener: StatusListenerFn | StatusListener;
  status?: Status | StatusClass;
  onlyOnce?: boolean;
  onlyFuture?: boolean;
}

/** Parameters of `removeStatusListener`: the listener given to `addStatusListener`. */
export interface RemoveStatusListenerParam {
  listener: StatusListenerFn | StatusListener;
}

/**
 * Parameters of `onReady` and `onceReady`. `onSuccess` runs on each ready status (once for `onceReady`);
 * at once when the provider is ready already, unless `onlyFuture`. `executeIfNotReady` starts loading when idle.
 */
export interface OnReadyParam {
  onSuccess: StatusListenerFn;
  executeIfNotReady?: boolean;
  onlyFuture?: boolean;
  onlyOnce?: boolean;
}
export type OnceReadyParam = Omit<OnReadyParam, 'onlyOnce'>;

export type ChangeListenerFn = (changeSet: ChangeSet) => void;

/**
 * Parameters of `onChange`. With `trackingXPath` the callback runs only for change sets after which the nodes
 * at that XPath serialize differently than before. `id` names the listener for `removeDataListener`.
 */
export interface OnChangeParam {
  callback: ChangeListenerFn;
  trackingXPath?: string;
  id?: string;
  onlyOnce?: boolean;
}

/** Parameters of `removeDataListener`: every listener matching the given id or callback is removed. */
export interface RemoveDataListenerParam {
  id?: string;
  callback?: ChangeListenerFn;
}

/** Parameters of `fetchData`. */
export interface FetchDataParam {
  forced?: boolean;
  /** Stops waiting when aborted: the promise rejects (LOAD_FAILED) and keeps no listener on the provider; the load goes on. */
  signal?: AbortSignal;
}
