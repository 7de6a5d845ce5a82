import type { Observable, Subscription } from 'rxjs';
import { WrsError, isWrsError } from '../errors';
import { ChainStylesheetLoadingFailed, LoadFailedStatus, SaveFailedStatus, Status, TransformFailedStatus, TransformedStatus } from './status';

/** Parameters of `fetchData`. */
export interface FetchDataParam {
  forced?: boolean;
  /** Stops waiting when aborted: the promise rejects (LOAD_FAILED) and keeps no listener on the provider; the load goes on. */
  signal?: AbortSignal;
}

/** What waiting for a load asks of its provider. */
export interface LoadHost {
  readonly id: string;
  readonly status$: Observable<Status>;
  getStatus(): Status;
  isReady(): boolean;
  /** True while the provider holds a data document. */
  hasData(): boolean;
  /** True while a load runs. */
  isLoading(): boolean;
  execute(forced: boolean): Promise<void>;
}

/**
 * The failure status a load error ends in (spec 3.1, 7): a chain stylesheet that could not be loaded
 * (CHAIN_LOAD_FAILED) ChainStylesheetLoadingFailed, a failing transformation (TRANSFORM_FAILED) TransformFailed,
 * any other error LoadFailed.
 */
export function failureStatusOf(error: unknown): new (reason: string, cause?: unknown) => Status {
  if (isWrsError(error, 'CHAIN_LOAD_FAILED')) return ChainStylesheetLoadingFailed;
  if (isWrsError(error, 'TRANSFORM_FAILED')) return TransformFailedStatus;
  return LoadFailedStatus;
}

/**
 * `fetchData`: loads (unless ready and not `forced`) and resolves with `value` once ready, or rejects with a
 * LOAD_FAILED WrsError on a failure status, on `signal`'s abort, or when the provider is disposed meanwhile.
 */
export function waitForLoad<T>(host: LoadHost, value: T, forced: boolean, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) return Promise.reject(stoppedWaiting(host));
  if (!forced && host.isReady()) return Promise.resolve(value);
  return new Promise<T>((resolve, reject) => {
    let sub: Subscription | undefined;
    let settled = false;
    const onAbort = () => settle(() => reject(stoppedWaiting(host)));
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
    const before = forced || !host.isLoading() ? host.getStatus() : null;
    const started = host.execute(forced);
    let replayed = true;
    const failed = (status: Status) => status.isFailure && !(status instanceof SaveFailedStatus);
    const rejectWith = (status: Status) =>
      settle(() => reject(new WrsError('LOAD_FAILED', `${host.id}: ${status.toString()}`, host.id, status.cause === undefined ? { status: status.name } : { status: status.name, cause: status.cause })));
    sub = host.status$.subscribe({
      next: (status) => {
        const stale = replayed && status === before;
        replayed = false;
        if (settled || stale) return;
        if (failed(status)) rejectWith(status);
        else if (status instanceof TransformedStatus && host.hasData()) settle(() => resolve(value));
      },
      // Disposed: no status comes any more (a load under way ended failed before this, settling it).
      complete: () => {
        if (!settled) settle(() => reject(new WrsError('LOAD_FAILED', `${host.id} was disposed`, host.id, { disposed: true })));
      },
    });
    void started.then(() => {
      // The load ended leaving the status as it was (a failure it did not retry): that settles it, unless a newer
      // load runs, whose statuses do.
      if (settled || host.isLoading()) return;
      if (host.isReady()) settle(() => resolve(value));
      else if (failed(host.getStatus())) rejectWith(host.getStatus());
    });
  });
}

function stoppedWaiting(host: LoadHost): WrsError {
  return new WrsError('LOAD_FAILED', `${host.id}: stopped waiting (aborted)`, host.id, { aborted: true });
}
