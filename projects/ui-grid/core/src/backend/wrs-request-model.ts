import { BehaviorSubject } from 'rxjs';
import { WrsError } from '../errors';
import { cloneDocument, parseXml } from '../xml/dom';
import { DataProvider, DataProviderArgs } from '../data-provider/data-provider';
import { ChainStylesheetLoadingFailed, LoadFailedStatus, Status, TransformFailedStatus } from '../data-provider/status';
import { StaticModel } from '../data-provider/static-model';
import type { RowStore } from '../rows/row-store';
import type { LoadProgress, LoadsInSlices } from '../data-provider/wrs-text-load';
import type { ChainDefinition } from '../chain/chain-definition';
import { ModelWrapper } from '../chain/model-wrapper';
import { getDefaultWrsBackend } from './default-wrs-backend';
import { resolveModelUrl } from './model-url';
import { WrsBackend } from './wrs-backend';

/** One JS step of a request post chain: gets the request document and returns the one to send. */
export type RequestPostStep = (request: Document) => Document | Promise<Document>;

export interface WrsRequestModelArgs extends DataProviderArgs {
  /** The `wrq:WrsRequest`: a document, XML text, or a provider holding it (for example the grid's request chain). */
  requestDocument: Document | string | DataProvider;
  /** Spec 2.1 `modelUrl`: where the request goes; a string or a provider holding one. The backend's default when absent. */
  modelUrl?: string | DataProvider;
  /**
   * Spec 2.1 `requestPostChain`: a chain definition (JS steps, XSLT stylesheets by url or text, `chain:Chain`
   * documents, or an array of them) run on a copy of the request before it is sent.
   */
  requestPostChain?: ChainDefinition;
  /** The transport; `getDefaultWrsBackend()` when absent. */
  backend?: WrsBackend;
}

/**
 * A SimpleModel whose data is the server's answer to a request document: each execute() runs the request post chain,
 * sends the request through the WrsBackend and holds the `wrs:Wrs` answer. Statuses: Loading, then Transformed;
 * a failing post chain ends in its own failure status (a step TransformFailed, a stylesheet
 * ChainStylesheetLoadingFailed, a chain definition that cannot be read LoadFailed), a failing call or an answer that
 * is no Wrs in LoadFailed. A large answer is built in slices (`loadProgress$`) and the model is ready when all its rows are.
 */
export class WrsRequestModel extends DataProvider implements LoadsInSlices {
  private readonly request: Document | string | DataProvider;
  private readonly modelUrl?: string | DataProvider;
  private readonly postChain?: ChainDefinition;
  private readonly backend?: WrsBackend;
  private sent: Document | null = null;
  private readonly progress = new BehaviorSubject<LoadProgress | null>(null);
  readonly loadProgress$ = this.progress.asObservable();

  constructor(args: WrsRequestModelArgs) {
    super(args);
    const r = args?.requestDocument;
    if (typeof r !== 'string' && !(r instanceof DataProvider) && !(r && typeof (r as Document).nodeType === 'number')) {
      throw new WrsError('INVALID_ARGUMENT', 'WrsRequestModel needs requestDocument: a document, XML text or a DataProvider', r);
    }
    this.request = r;
    this.modelUrl = args.modelUrl;
    this.postChain = args.requestPostChain;
    this.backend = args.backend;
  }

  /** The request last sent (after the post chain), or null before the first load. */
  getRequestDocument(): Document | null {
    return this.sent;
  }

  /** The backend this model loads through. */
  getBackend(): WrsBackend {
    return this.backend ?? getDefaultWrsBackend();
  }

  protected async doExecute(current: () => boolean): Promise<void> {
    this.setStatus(this.loadingStatus);
    let request = await this.requestCopy();
    const url = await this.url();
    if (!current()) return;
    if (this.postChain !== undefined) {
      const chain = new ModelWrapper({ inputModel: new StaticModel({ data: request, registry: this.registry }), chain: this.postChain, registry: this.registry });
      await chain.execute();
      if (!current()) return;
      const transformed = chain.getData();
      if (!transformed || chain.hasFailed()) {
        this.fail(failureOfPostChain(chain.getStatus()), `requestPostChain failed: ${chain.getFailureReason() ?? chain.getStatus().toString()}`);
        return;
      }
      request = transformed;
    }
    this.sent = request;
    // A newer load stops this one's slices: the backend sees the abort at the next progress.
    const stop = new AbortController();
    const progress = (p: LoadProgress) => (current() ? this.progress.next(p) : stop.abort());
    let answer: RowStore | Document;
    try {
      const backend = this.getBackend();
      const options = { ...(url === undefined ? {} : { url }), signal: stop.signal, progress };
      // The rows of a long answer stay in a row store where the backend keeps them so: built when asked for.
      answer = await (backend.loadRows ? backend.loadRows(request, options) : backend.load(request, options));
    } catch (e) {
      if (!current()) return;
      throw e;
    } finally {
      // A superseded load leaves the progress to the newer one.
      if (current() && this.progress.value) this.progress.next(null);
    }
    if (!current()) return;
    this.setRows(answer);
    this.setStatus(this.transformedStatus);
  }

  /** A private copy, so post-chain steps never change the caller's document. */
  private async requestCopy(): Promise<Document> {
    if (typeof this.request === 'string') return parseXml(this.request);
    if (!(this.request instanceof DataProvider)) return cloneDocument(this.request);
    await this.request.fetchData();
    const doc = this.request.getData();
    if (!doc) throw new WrsError('LOAD_FAILED', `Request provider ${this.request.id} holds no document`, this.request.id);
    return cloneDocument(doc);
  }

  private url(): Promise<string | undefined> {
    return resolveModelUrl(this.modelUrl);
  }
}

/** The status a failed post chain ended in, as this model's: the caller learns what failed (spec 3.1, 7). */
function failureOfPostChain(status: Status): new (reason: string) => Status {
  if (status instanceof ChainStylesheetLoadingFailed) return ChainStylesheetLoadingFailed;
  return status instanceof TransformFailedStatus ? TransformFailedStatus : LoadFailedStatus;
}
