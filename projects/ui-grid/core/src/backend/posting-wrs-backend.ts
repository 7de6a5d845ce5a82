import { DEFAULT_MODEL_URL, DEFAULT_NEXT_IDENTIFIER_URL, nextIdentifierAnswer, nextIdentifierUrl, readWrsAnswer, readWrsRows, saveAnswer, xmlBody } from './backend-answers';
import type { RowStore } from '../rows/row-store';
import { WrsError, isWrsError } from '../errors';
import { WrsBackend, WrsBackendCallOptions } from './wrs-backend';

/** How long a call waits for its answer unless `timeoutMs` says otherwise: two minutes. */
export const DEFAULT_TIMEOUT_MS = 120_000;

/** Which protocol call a POST is, for error messages. */
export type WrsBackendCall = 'load' | 'save' | 'nextIdentifier';

/** The urls a backend posts to when a call names none. */
export interface WrsBackendEndpoints {
  /** Load and save url; `WrsServlet` when absent. */
  modelUrl?: string;
  /** Base of next-identifier calls; `WrsNextIdentifierServlet` when absent. */
  nextIdentifierUrl?: string;
  /**
   * A call without an answer after this many milliseconds is abandoned with a BACKEND error (a save then ends in
   * SaveFailedStatus, every pending change kept); `DEFAULT_TIMEOUT_MS` when absent, 0 for no limit.
   */
  timeoutMs?: number;
}

/**
 * The Wrs server protocol over any transport: a subclass only says how to POST XML text and how a failing
 * answer becomes a WrsError (`httpFailure`, `networkFailure`).
 */
export abstract class PostingWrsBackend implements WrsBackend {
  protected abstract readonly endpoints: WrsBackendEndpoints;

  /** POSTs XML text and resolves with the answer's text; rejects with a WrsError. */
  protected abstract post(call: WrsBackendCall, url: string, body: string, signal?: AbortSignal): Promise<string>;

  /** `post` abandoned after `timeoutMs`: the request is aborted and the call fails with a BACKEND error naming the url. */
  private async timed(call: WrsBackendCall, url: string, body: string, signal?: AbortSignal): Promise<string> {
    const limit = this.endpoints.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(limit > 0)) return this.post(call, url, body, signal);
    const controller = new AbortController();
    const follow = () => controller.abort(signal!.reason);
    if (signal?.aborted) follow();
    signal?.addEventListener('abort', follow);
    const timer = setTimeout(() => controller.abort(new WrsError('BACKEND', `No answer from ${url} in ${limit} ms (${call})`, url, { noAnswer: true, timeoutMs: limit })), limit);
    try {
      return await this.post(call, url, body, controller.signal);
    } catch (e) {
      // The transport reports the abort its own way; the caller learns why.
      throw controller.signal.aborted && !signal?.aborted ? controller.signal.reason : e;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    }
  }

  /** POSTs a `wrq:WrsRequest`; resolves with the `wrs:Wrs` answer, a large one built in slices (`options.progress`). */
  async load(request: Document | string, options?: WrsBackendCallOptions): Promise<Document> {
    const url = options?.url ?? this.endpoints.modelUrl ?? DEFAULT_MODEL_URL;
    const body = await this.timed('load', url, xmlBody(request), options?.signal);
    return readWrsAnswer(url, body, { progress: options?.progress, signal: options?.signal });
  }

  /** `load`, with the rows of a long answer kept in a row store (see `WrsBackend.loadRows` and `readWrsRows`). */
  async loadRows(request: Document | string, options?: WrsBackendCallOptions): Promise<RowStore | Document> {
    const url = options?.url ?? this.endpoints.modelUrl ?? DEFAULT_MODEL_URL;
    const body = await this.timed('load', url, xmlBody(request), options?.signal);
    return readWrsRows(url, body, { progress: options?.progress, signal: options?.signal });
  }

  /**
   * POSTs a `wrs:Wrs` of I, M and D rows; resolves once the server committed it. A save that got no answer (no
   * connection, a timeout, a proxy's 502 or 504) may have been committed all the same: its BACKEND error says so
   * (`details.outcomeUnknown`).
   */
  async save(wrs: Document | string, options?: WrsBackendCallOptions): Promise<void> {
    const url = options?.url ?? this.endpoints.modelUrl ?? DEFAULT_MODEL_URL;
    let answer: string;
    try {
      answer = await this.timed('save', url, xmlBody(wrs), options?.signal);
    } catch (e) {
      if (!isWrsError(e, 'BACKEND') || options?.signal?.aborted) throw e;
      // The request may have reached the server: sending the same changes again could insert rows twice, or fail
      // as a conflict with what this save wrote.
      const message = `${e.message}. The server may have saved the changes all the same: load the data again before saving them once more`;
      throw new WrsError('BACKEND', message, e.input, { ...e.details, outcomeUnknown: true });
    }
    saveAnswer(url, answer);
  }

  /** Reserves `blockSize` identifiers of a scope; resolves with the last one. */
  async nextIdentifier(scope: string, blockSize = 1, options?: WrsBackendCallOptions): Promise<number> {
    const url = nextIdentifierUrl(options?.url ?? this.endpoints.nextIdentifierUrl ?? DEFAULT_NEXT_IDENTIFIER_URL, scope, blockSize);
    return nextIdentifierAnswer(url, await this.timed('nextIdentifier', url, '', options?.signal));
  }
}
