import { HttpClient, HttpErrorResponse, HttpHeaders } from '@angular/common/http';
import { Injectable, InjectionToken, Provider, inject } from '@angular/core';
import { PostingWrsBackend, WrsBackendCall, WrsBackendEndpoints, httpFailure, networkFailure } from 'ngx-wrs-grid/core';
import { Observable, Subscription } from 'rxjs';
import { WRS_BACKEND } from './wrs-backend.token';

export type HttpWrsBackendOptions = WrsBackendEndpoints;

export const HTTP_WRS_BACKEND_OPTIONS = new InjectionToken<HttpWrsBackendOptions>('HTTP_WRS_BACKEND_OPTIONS');

/**
 * The WrsBackend over Angular's HttpClient, so interceptors, auth headers and XSRF apply as for any app request.
 * Errors are the same WrsErrors as the core FetchWrsBackend raises.
 */
@Injectable({ providedIn: 'root' })
export class HttpWrsBackend extends PostingWrsBackend {
  private readonly http = inject(HttpClient);
  protected readonly endpoints: WrsBackendEndpoints = inject(HTTP_WRS_BACKEND_OPTIONS, { optional: true }) ?? {};

  protected post(call: WrsBackendCall, url: string, body: string, signal?: AbortSignal): Promise<string> {
    const headers = new HttpHeaders({ 'Content-Type': 'application/xml', Accept: 'application/xml' });
    const answer: Observable<string> = this.http.post(url, body, { headers, responseType: 'text' });
    return new Promise<string>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      let sub: Subscription | undefined;
      const abort = () => {
        sub?.unsubscribe();
        reject(signal!.reason);
      };
      // The caller's signal may outlive many calls (timeoutMs 0 hands it over as it is): each call takes its
      // listener off when it settles.
      const settle = () => signal?.removeEventListener('abort', abort);
      signal?.addEventListener('abort', abort);
      sub = answer.subscribe({
        next: (text) => {
          settle();
          resolve(text);
        },
        error: (e: unknown) => {
          settle();
          if (e instanceof HttpErrorResponse && e.status !== 0) {
            reject(httpFailure(call, url, e.status, e.statusText, typeof e.error === 'string' ? e.error : ''));
          } else {
            // Status 0: no answer at all (server down, connection refused, CORS); Angular's own text for it reads
            // "Http failure response for ...: 0 undefined", so the reason is said plainly.
            const reason = e instanceof HttpErrorResponse ? 'no answer (the server is down or unreachable)' : e;
            reject(networkFailure(url, reason));
          }
        },
        // An interceptor may complete the call without an answer (EMPTY): a failure, not a call that never ends.
        complete: () => {
          settle();
          reject(networkFailure(url, 'the HTTP call completed without an answer'));
        },
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
