import type { DataProvider } from './data-provider';
import type { ChangeListenerFnOf, OnChangeParamOf, RemoveDataListenerParamOf } from './change-channel';
import type {
  AddStatusListenerParamOf,
  OnReadyParamOf,
  RemoveStatusListenerParamOf,
  StatusEventOf,
  StatusListenerFnOf,
  StatusListenerOf,
} from './status-channel';

// The listener shapes of the status and change-set channels, over DataProvider: the names of the public API.

/** What a status listener receives: the new status and the provider it belongs to. */
export type StatusEvent = StatusEventOf<DataProvider>;

export type StatusListenerFn = StatusListenerFnOf<DataProvider>;

/** An object listener, for code that keeps listener objects rather than functions. */
export type StatusListener = StatusListenerOf<DataProvider>;

/**
 * Parameters of `addStatusListener`. Without `status` the listener hears every transition from now on;
 * with `status` only that status (an instance or a class), and at once when it is current unless `onlyFuture`.
 */
export type AddStatusListenerParam = AddStatusListenerParamOf<DataProvider>;

/** Parameters of `removeStatusListener`: the listener given to `addStatusListener`. */
export type RemoveStatusListenerParam = RemoveStatusListenerParamOf<DataProvider>;

/**
 * Parameters of `onReady` and `onceReady`. `onSuccess` runs on each ready status (once for `onceReady`);
 * at once when the provider is ready already, unless `onlyFuture`. `executeIfNotReady` starts loading when idle.
 */
export type OnReadyParam = OnReadyParamOf<DataProvider>;
export type OnceReadyParam = Omit<OnReadyParam, 'onlyOnce'>;

export type ChangeListenerFn = ChangeListenerFnOf<DataProvider>;

/**
 * Parameters of `onChange`. With `trackingXPath` the callback runs only for change sets after which the nodes
 * at that XPath serialize differently than before. `id` names the listener for `removeDataListener`.
 */
export type OnChangeParam = OnChangeParamOf<DataProvider>;

/** Parameters of `removeDataListener`: every listener matching the given id or callback is removed. */
export type RemoveDataListenerParam = RemoveDataListenerParamOf<DataProvider>;

export type { FetchDataParam } from './load-wait';
