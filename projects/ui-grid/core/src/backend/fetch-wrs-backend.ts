import { isWrsError } from '../errors';
import { httpFailure, networkFailure } from './backend-answers';
import { PostingWrsBackend, WrsBackendCall, WrsBackendEndpoints } from './posting-wrs-backend';

export interface FetchWrsBackendOptions extends WrsBackendEndpoints {
  /** Extra headers of every call (an auth token, say); a function is asked on each call. */
  headers?: Record<string, string> | (() => Record<string, string>);
  credentials?: RequestCredentials;
  /** The fetch to use; the global one when absent (a seam for Node and for tests). */
  fetch?: typeof fetch;
}

/** The default WrsBackend: the Wrs server protocol (load, save, next identifier) over `fetch`. */
export class FetchWrsBackend extends PostingWrsBackend {
  constructor(private readonly options: FetchWrsBackendOptions = {}) {
    super();
  }

  protected get endpoints(): WrsBackendEndpoints {
    return this.options;
  }

  protected async post(call: WrsBackendCall, url: string, body: string, signal?: AbortSignal): Promise<string> {
    const extra = typeof this.options.headers === 'function' ? this.options.headers() : this.options.headers;
    try {
      const response = await (this.options.fetch ?? fetch)(url, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/xml', Accept: 'application/xml', ...extra },
        credentials: this.options.credentials,
        signal,
      });
      // The body can fail too (a connection reset after the status line): that is a network failure as well.
      const text = await response.text();
      if (!response.ok) throw httpFailure(call, url, response.status, response.statusText, text);
      return text;
    } catch (e) {
      if (signal?.aborted || isWrsError(e)) throw e;
      throw networkFailure(url, e);
    }
  }
}
