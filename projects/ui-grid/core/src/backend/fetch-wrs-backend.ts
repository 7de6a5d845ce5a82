import { DEFAULT_MODEL_URL, DEFAULT_NEXT_IDENTIFIER_URL, httpFailure, networkFailure, nextIdentifierAnswer, nextIdentifierUrl, wrsAnswer, xmlBody } from './backend-answers';
import { WrsBackend, WrsBackendCallOptions } from './wrs-backend';

export interface FetchWrsBackendOptions {
  /** Load and save url; `WrsServlet` when absent. */
  modelUrl?: string;
  /** Base of next-identifier calls; `WrsNextIdentifierServlet` when absent. */
  nextIdentifierUrl?: string;
  /** Extra headers of every call (an auth token, say); a function is asked on each call. */
  headers?: Record<string, string> | (() => Record<string, string>);
  credentials?: RequestCredentials;
  /** The fetch to use; the global one when absent (a seam for Node and for tests). */
  fetch?: typeof fetch;
}

/** The default WrsBackend: the protocol of design.md 5 over `fetch`. */
export class FetchWrsBackend implements WrsBackend {
  constructor(private readonly options: FetchWrsBackendOptions = {}) {}

  async load(request: Document | string, options?: WrsBackendCallOptions): Promise<Document> {
    const url = options?.url ?? this.options.modelUrl ?? DEFAULT_MODEL_URL;
    return wrsAnswer(url, await this.post('load', url, xmlBody(request), options?.signal));
  }

  async save(wrs: Document | string, options?: WrsBackendCallOptions): Promise<void> {
    const url = options?.url ?? this.options.modelUrl ?? DEFAULT_MODEL_URL;
    await this.post('save', url, xmlBody(wrs), options?.signal);
  }

  async nextIdentifier(scope: string, blockSize = 1, options?: WrsBackendCallOptions): Promise<number> {
    const url = nextIdentifierUrl(options?.url ?? this.options.nextIdentifierUrl ?? DEFAULT_NEXT_IDENTIFIER_URL, scope, blockSize);
    return nextIdentifierAnswer(url, await this.post('nextIdentifier', url, '', options?.signal));
  }

  private async post(call: 'load' | 'save' | 'nextIdentifier', url: string, body: string, signal?: AbortSignal): Promise<string> {
    const extra = typeof this.options.headers === 'function' ? this.options.headers() : this.options.headers;
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/xml', Accept: 'application/xml', ...extra },
        credentials: this.options.credentials,
        signal,
      });
    } catch (e) {
      if (signal?.aborted) throw e;
      throw networkFailure(url, e);
    }
    const text = await response.text();
    if (!response.ok) throw httpFailure(call, url, response.status, response.statusText, text);
    return text;
  }
}
