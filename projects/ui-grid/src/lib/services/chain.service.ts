import { HttpClient, HttpErrorResponse } from '@angular/common/http';
import { Injectable, InjectionToken, inject } from '@angular/core';
import {
  ChainDefinition,
  ChainParameterValue,
  DataProvider,
  ModelWrapper,
  SefResolver,
  WrsError,
  XmlLoader,
  XsltEngine,
  getDefaultXmlLoader,
} from 'ngx-wrs-grid/core';
import { firstValueFrom } from 'rxjs';
import { injectDataProviderRegistry } from './data-provider-registry';

/**
 * Where stylesheet URLs have a compiled form (SEF) that chains run instead of compiling the stylesheet, such as
 * `serverCompiledStylesheets()` for the reference server; set by `provideUiGrid({ sefResolver })`.
 */
export const SEF_RESOLVER = new InjectionToken<SefResolver>('SEF_RESOLVER');

/** Arguments of `ChainService.create`: the ModelWrapper arguments the service does not fill in itself. */
export interface CreateChainArgs {
  id?: string;
  inputModel: DataProvider;
  chain: ChainDefinition;
  parameters?: Readonly<Record<string, ChainParameterValue>>;
  /** An element to render the result into, sanitized by the core policy (`sanitizeHtmlInto`, `setHtmlOutputPolicy`). */
  targetHtml?: Element | null;
  xsltEngine?: XsltEngine;
}

/**
 * Creates transformation chains that load stylesheet URLs with HttpClient. HTML output goes through the core policy,
 * not DomSanitizer: Angular's drops every `data-*` attribute and `<button>`, which menus from a chain act on.
 */
@Injectable({ providedIn: 'root' })
export class ChainService {
  private readonly http = inject(HttpClient, { optional: true });
  private readonly registry = injectDataProviderRegistry();
  private readonly sefResolver = inject(SEF_RESOLVER, { optional: true });

  /** Loads a URL as text through HttpClient (fetch when the app provides no HttpClient); an HTTP error is LOAD_FAILED. */
  readonly loader: XmlLoader = async (url) => {
    if (!this.http) return getDefaultXmlLoader()(url);
    try {
      return await firstValueFrom(this.http.get(url, { responseType: 'text' }));
    } catch (e) {
      const status = e instanceof HttpErrorResponse ? e.status : undefined;
      const body = e instanceof HttpErrorResponse && typeof e.error === 'string' && e.error.trim() ? `: ${e.error.trim().slice(0, 300)}` : '';
      const detail = e instanceof HttpErrorResponse ? `HTTP ${e.status} ${e.statusText}` : String(e);
      throw new WrsError('LOAD_FAILED', `${detail} from ${url}${body}`, url, { status });
    }
  };

  /** A new chain (not yet run: call `execute()` or `fetchData()`). */
  create(args: CreateChainArgs): ModelWrapper {
    const chain = new ModelWrapper({
      id: args.id,
      inputModel: args.inputModel,
      chain: args.chain,
      parameters: args.parameters,
      registry: this.registry,
      loader: this.loader,
      xsltEngine: args.xsltEngine,
      sefResolver: this.sefResolver ?? undefined,
    });
    if (args.targetHtml) chain.setTargetHtml(args.targetHtml);
    return chain;
  }
}
