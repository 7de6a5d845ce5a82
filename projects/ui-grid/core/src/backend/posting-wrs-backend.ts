import { DEFAULT_MODEL_URL, DEFAULT_NEXT_IDENTIFIER_URL, nextIdentifierAnswer, nextIdentifierUrl, wrsAnswer, xmlBody } from './backend-answers';
import { WrsBackend, WrsBackendCallOptions } from './wrs-backend';

/** Which protocol call a POST is, for error messages. */
export type WrsBackendCall = 'load' | 'save' | 'nextIdentifier';

/** The urls a backend posts to when a call names none. */
export interface WrsBackendEndpoints {
  /** Load and save url; `WrsServlet` when absent. */
  modelUrl?: string;
  /** Base of next-identifier calls; `WrsNextIdentifierServlet` when absent. */
  nextIdentifierUrl?: string;
}

/**
 * The protocol of design.md 5 over any transport: a subclass only says how to POST XML text and how a failing
 * answer becomes a WrsError (`httpFailure`, `networkFailure`).
 */
export abstract class PostingWrsBackend implements WrsBackend {
  protected abstract readonly endpoints: WrsBackendEndpoints;

  /** POSTs XML text and resolves with the answer's text; rejects with a WrsError. */
  protected abstract post(call: WrsBackendCall, url: string, body: string, signal?: AbortSignal): Promise<string>;

  /** POSTs a `wrq:WrsRequest`; resolves with the `wrs:Wrs` answer. */
  async load(request: Document | string, options?: WrsBackendCallOptions): Promise<Document> {
    const url = options?.url ?? this.endpoints.modelUrl ?? DEFAULT_MODEL_URL;
    return wrsAnswer(url, await this.post('load', url, xmlBody(request), options?.signal));
  }

  /** POSTs a `wrs:Wrs` of I, M and D rows; resolves once the server committed it. */
  async save(wrs: Document | string, options?: WrsBackendCallOptions): Promise<void> {
    const url = options?.url ?? this.endpoints.modelUrl ?? DEFAULT_MODEL_URL;
    await this.post('save', url, xmlBody(wrs), options?.signal);
  }

  /** Reserves `blockSize` identifiers of a scope; resolves with the last one. */
  async nextIdentifier(scope: string, blockSize = 1, options?: WrsBackendCallOptions): Promise<number> {
    const url = nextIdentifierUrl(options?.url ?? this.endpoints.nextIdentifierUrl ?? DEFAULT_NEXT_IDENTIFIER_URL, scope, blockSize);
    return nextIdentifierAnswer(url, await this.post('nextIdentifier', url, '', options?.signal));
  }
}
