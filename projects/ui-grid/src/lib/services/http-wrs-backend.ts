import { HttpClient, HttpErrorResponse, HttpHeaders } from '@angular/common/http';
import { Injectable, InjectionToken, Provider, inject } from '@angular/core';
import {
  DEFAULT_MODEL_URL,
  DEFAULT_NEXT_IDENTIFIER_URL,
  WrsBackend,
  WrsBackendCallOptions,
  httpFailure,
  networkFailure,
  nextIdentifierAnswer,
  nextIdentifierUrl,
  wrsAnswer,
  xmlBody,
} from 'ngx-wrs-grid/core';
import { Observable } from 'rxjs';
import { WRS_BACKEND } from './wrs-backend.token';

export interface HttpWrsBackendOptions {
  /** Load and save url; `WrsServlet` when absent. */
  modelUrl?: string;
  /** Base of next-identifier calls; `WrsNextIdentifierServlet` when absent. */
  nextIdentifierUrl?: string;
}

export const HTTP_WRS_BACKEND_OPTIONS = new InjectionToken<HttpWrsBackendOptions>('HTTP_WRS_BACKEND_OPTIONS');

type Call = 'load' | 'save' | 'nextIdentifier';

/**
 * The WrsBackend over Angular's HttpClient, so interceptors, auth headers and XSRF apply as for any app request.
 * Errors are the same WrsErrors as the core FetchWrsBackend raises.
 */
@Injectable({ providedIn: 'root' })
export class HttpWrsBackend implements WrsBackend {
  private readonly http = inject(HttpClient);
  private readonly options = inject(HTTP_WRS_BACKEND_OPTIONS, { optional: true }) ?? {};

  /** POSTs a `wrq:WrsRequest`; resolves with the `wrs:Wrs` answer. */
  async load(request: Document | string, options?: WrsBackendCallOptions): Promise<Document> {
    const url = options?.url ?? this.options.modelUrl ?? DEFAULT_MODEL_URL;
    return wrsAnswer(url, await this.post('load', url, xmlBody(request), options?.signal));
  }

  /** POSTs a `wrs:Wrs` of I, M and D rows; resolves once the server committed it. */
  async save(wrs: Document | string, options?: WrsBackendCallOptions): Promise<void> {
    const url = options?.url ?? this.options.modelUrl ?? DEFAULT_MODEL_URL;
    await this.post('save', url, xmlBody(wrs), options?.signal);
  }

  /** Reserves `blockSize` identifiers of a scope; resolves with the last one. */
  async nextIdentifier(scope: string, blockSize = 1, options?: WrsBackendCallOptions): Promise<number> {
    const url = nextIdentifierUrl(options?.url ?? this.options.nextIdentifierUrl ?? DEFAULT_NEXT_IDENTIFIER_URL, scope, blockSize);
    return nextIdentifierAnswer(url, await this.post('nextIdentifier', url, '', options?.signal));
  }

  private post(call: Call, url: string, body: string, signal?: AbortSignal): Promise<string> {
    const headers = new HttpHeaders({ 'Content-Type': 'application/xml', Accept: 'application/xml' });
    const answer: Observable<string> = this.http.post(url, body, { headers, responseType: 'text' });
    return new Promise<string>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const sub = answer.subscribe({
        next: resolve,
        error: (e: unknown) => {
          if (e instanceof HttpErrorResponse && e.status !== 0) {
            reject(httpFailure(call, url, e.status, e.statusText, typeof e.error === 'string' ? e.error : ''));
          } else reject(networkFailure(url, e instanceof HttpErrorResponse ? e.message : e));
        },
      });
      signal?.addEventListener('abort', () => {
        sub.unsubscribe();
        reject(signal.reason);
      });
    });
  }
}

/** Provides WRS_BACKEND as the HttpClient backend (needs `provideHttpClient()`), optionally with other urls. */
export function provideHttpWrsBackend(options: HttpWrsBackendOptions = {}): Provider[] {
  return [
    { provide: HTTP_WRS_BACKEND_OPTIONS, useValue: options },
    { provide: WRS_BACKEND, useExisting: HttpWrsBackend },
  ];
}
