import type { Observable } from 'rxjs';
import { errorMessage } from '../errors';
import type { Status } from './status';
import { FetchDataParam, LoadHost, failureStatusOf, waitForLoad } from './load-wait';

/** The public face of a provider the loads use: `fetchData` waits on its statuses and calls its `execute`. */
export type LoadingProvider = Pick<LoadHost, 'id' | 'status$' | 'getStatus' | 'isReady' | 'execute'>;

/** What the loads ask of their provider beyond its public face. */
export interface LoadSteps {
  /** True while the provider holds a data document. */
  hasData(): boolean;
  /** Does the loading (`DataProvider.doExecute`); `current()` turns false when a newer load superseded this one. */
  load(current: () => boolean): Promise<void> | void;
  /** Moves to a failure status with a reason (`DataProvider.fail`). */
  fail(kind: new (reason: string, cause?: unknown) => Status, reason: string, cause?: unknown): void;
}

/**
 * The loads of a provider (`execute`, `fetchData`): one runs at a time and a call joins it, unless forced, which starts
 * a newer one that supersedes it; once ended (the provider disposed) none starts. It is the host `fetchData` waits on.
 */
export class LoadRuns implements LoadHost {
  private running: Promise<void> | null = null;
  private generation = 0;
  /** status$ and changes$ completed (the provider was disposed): it loads no more. */
  private ended = false;

  constructor(
    private readonly provider: LoadingProvider,
    private readonly steps: LoadSteps,
  ) {}

  /** Read at each call: a grid sets its id after construction. */
  get id(): string {
    return this.provider.id;
  }

  get status$(): Observable<Status> {
    return this.provider.status$;
  }

  getStatus(): Status {
    return this.provider.getStatus();
  }

  isReady(): boolean {
    return this.provider.isReady();
  }

  hasData(): boolean {
    return this.steps.hasData();
  }

  /** True while a load runs (a load just ended may still be settling its promise). */
  isLoading(): boolean {
    return this.running !== null;
  }

  execute(forced: boolean): Promise<void> {
    return this.provider.execute(forced);
  }

  /**
   * (Re)loads the data (`DataProvider.execute`). A call while loading joins the running load unless `forced`. Resolves
   * when the load ended, in the ready or a failure status (the one its error's code names, see `failureStatusOf`);
   * never rejects.
   */
  start(forced: boolean): Promise<void> {
    if (this.ended) return Promise.resolve();
    if (this.running && !forced) return this.running;
    if (!forced && this.isReady()) return Promise.resolve();
    const generation = ++this.generation;
    const run = (async () => {
      try {
        await this.steps.load(() => generation === this.generation);
      } catch (e) {
        if (generation === this.generation) this.steps.fail(failureStatusOf(e), errorMessage(e), e);
      }
    })();
    const tracked = run.finally(() => {
      if (this.running === tracked) this.running = null;
    });
    this.running = tracked;
    return tracked;
  }

  /** `fetchData`: loads as `execute` does and resolves with `value` once ready (see `waitForLoad`). */
  fetch<T>(value: T, args?: boolean | FetchDataParam): Promise<T> {
    const forced = typeof args === 'boolean' ? args : !!args?.forced;
    return waitForLoad(this, value, forced, typeof args === 'object' ? args?.signal : undefined);
  }

  /** Ends loading for good: false when it had ended already. */
  end(): boolean {
    if (this.ended) return false;
    this.ended = true;
    return true;
  }
}
