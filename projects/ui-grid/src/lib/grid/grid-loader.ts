import {
  ChainLoadedStatus,
  ChangeSet,
  DataProvider,
  LoadProgress,
  RowStore,
  SimpleModel,
  Status,
  WaitingForParametersStatus,
  WrsError,
  WrsIndex,
  buildWrsRequest,
  guiStatusEstablished,
} from 'ngx-wrs-grid/core';
import { Subscription } from 'rxjs';
import { GridChainPhase, runGridChain } from './grid-chain';
import { GridHistory } from './grid-history';
import { GridState } from './grid-state';
import { GridStatusLine } from './grid-status-line';
import { loadFailureMessage } from './features/failure-message';
import { followLoadProgress, throttledProgress } from './features/grid-load-preview';

/** What a load asks of the grid around it. */
export interface GridLoadHooks {
  /** Writes an open editor into its row: after the load its row id may name another record. */
  closeEditor(): void;
  /** The save of this grid still running to wait for, or null (also while the save's own app code runs). */
  pendingSave(): Promise<void> | null;
  /** Shows the document just set: columns, header, rows, validation. */
  show(): void;
  /** Shows the rows read so far of an input document still loading (from `store` where given), read-only; null takes them away. */
  preview(doc: Document | null, config: Document | null, store?: RowStore): void;
  /** A change set of the followed input model. */
  received(changeSet: ChangeSet): void;
  /** A request from `config` is about to be built (the kept sort and filters of server-side pages go in first). */
  beforeRequest(config: Document | null): void;
  /** A document was loaded and shown; `carried` (old id -> id in it) when it carries the pending rows of the page left. */
  loaded(carried: ReadonlyMap<string, string> | null): void;
}

/** Loads the grid's document: from `inputModel` or the backend, through `loadChain`, keeping server pages' history. */
export class GridLoader {
  private defaultConfig: DataProvider | null = null;
  private inputSubscription: Subscription | null = null;

  constructor(
    private readonly state: GridState,
    private readonly statusLine: GridStatusLine,
    private readonly history: GridHistory,
    private readonly hooks: GridLoadHooks,
  ) {}

  /** The configuration model: `config`, else (without `inputModel`) a SimpleModel of `./gridConfiguration.xml`. */
  configModel(): DataProvider | null {
    const { grid } = this.state;
    const config = grid.config();
    if (config) return config;
    if (grid.inputModel()) return null;
    this.defaultConfig ??= new SimpleModel({ url: './gridConfiguration.xml', registry: this.state.provider.registry });
    return this.defaultConfig;
  }

  /** The provider's execute: loads, then shows the document; a failure keeps the rows shown and says why. */
  async load(isCurrent: () => boolean): Promise<void> {
    const { state } = this;
    const { grid, provider } = state;
    // A load ending after destroy takes nothing: following the input or listening to the status model would keep
    // the destroyed grid alive.
    const current = () => isCurrent() && !state.destroyed;
    this.hooks.closeEditor();
    // A save of this grid still running finishes first: it commits the rows it sent into the document they came from,
    // and a page turn carries the rows still pending after it, not the ones it sent.
    for (let save = this.hooks.pendingSave(); save; save = this.hooks.pendingSave()) await save.catch(() => undefined);
    if (!current()) return;
    provider.setStatus(grid.loadingStatus);
    state.busy.set('loading');
    try {
      const configModel = this.configModel();
      const config = configModel ? (await configModel.fetchData()).getData() : null;
      const input = grid.inputModel();
      let doc: Document | null;
      // The input's row store while its rows are not built: the grid shows them from it (see GridRowView).
      let store: RowStore | null = null;
      if (input) ({ doc, store } = await this.fetchInput(input, config, current));
      else ({ doc, store } = await this.loadFromBackend(config, current));
      if (!current()) return;
      if (grid.loadChain()) {
        const source = store ? store.materialize() : doc!;
        store = null;
        // The grid is where its load chain is: stylesheets loaded, waiting for load parameters, transforming.
        doc = await runGridChain(state.services.chains, 'loadChain', grid.loadChain()!, source, grid.loadParameters(), (phase) => {
          if (current()) provider.setStatus(this.statusOfPhase(phase));
        });
        if (!current()) return;
      }
      if (!doc || !WrsIndex.tryOf(doc)) throw new WrsError('NOT_WRS', `The grid data is not a wrs:Wrs: <${doc?.documentElement?.nodeName ?? 'nothing'}>`, doc?.documentElement?.nodeName);
      state.configDoc = config;
      state.fromBackend = !input;
      const carried = grid.loadChain() ? null : state.features.carriedIds(doc);
      this.history.moveTo(doc, carried);
      if (store) provider.setRows(store);
      else provider.setData(doc);
      this.followInput(input && !grid.loadChain() ? input : null, doc);
      this.hooks.show();
      provider.setStatus(grid.transformedStatus);
      this.history.afterTurn(carried);
      this.hooks.loaded(carried);
    } catch (e) {
      // Destroy ended the load (its backend calls aborted): nothing failed for anyone still watching.
      if (state.destroyed) return;
      // The rows shown (a page left, with its pending changes) stay; the status line says why nothing new came.
      if (current()) {
        this.history.loadFailed();
        state.features.loadFailed();
        this.statusLine.set(loadFailureMessage(e, state.messages));
      }
      throw e;
    } finally {
      if (current()) state.busy.set('');
    }
  }

  /**
   * The input's document once it is ready. A first load of a large Wrs shows the rows built so far on the way; the
   * view is set up anew when the document is complete, and a failed or superseded load takes those rows away.
   */
  private async fetchInput(input: DataProvider, config: Document | null, current: () => boolean): Promise<{ doc: Document | null; store: RowStore | null }> {
    const show = this.previewOf(config, current);
    const preview = show ? followLoadProgress(input, show) : null;
    let doc: Document | null = null;
    try {
      await input.fetchData();
      const store = input.getRowStore();
      doc = documentOf(input);
      return { doc, store: store && !store.materialized ? store : null };
    } finally {
      preview?.unsubscribe();
      this.previewEnded(doc, config, current);
    }
  }

  /** What shows the rows of a first load under way (not with a load chain: its output is what the grid shows), else null. */
  private previewOf(config: Document | null, current: () => boolean): ((progress: LoadProgress) => void) | null {
    const { state } = this;
    if (state.document || state.grid.loadChain()) return null;
    return throttledProgress((progress) => {
      if (!current()) return;
      state.loadedRows.set(progress.rows);
      this.hooks.preview(progress.document, config, progress.store);
    });
  }

  /** A load that showed its rows on the way ended: a failed or superseded one takes them away. */
  private previewEnded(doc: Document | null, config: Document | null, current: () => boolean): void {
    const { state } = this;
    state.loadedRows.set(0);
    if (state.previewDoc && (doc === null || !current())) this.hooks.preview(null, config);
    state.previewDoc = null;
  }

  /** After a save: the rows again from the backend, without the loading status a user would see. */
  async reloadQuietly(): Promise<void> {
    const { grid, services } = this.state;
    const loaded = await this.loadFromBackend(this.state.configDoc);
    let doc = loaded.doc;
    const chain = grid.loadChain();
    if (chain && !this.state.destroyed) doc = await runGridChain(services.chains, 'loadChain', chain, loaded.store?.materialize() ?? doc, grid.loadParameters());
    // Destroyed meanwhile: setting up the view would listen to the status model again.
    if (this.state.destroyed) return;
    if (loaded.store && !chain) this.state.provider.setRows(loaded.store);
    else this.state.provider.setData(doc);
    this.hooks.show();
  }

  /** The grid goes: it no longer follows its input. */
  stop(): void {
    this.inputSubscription?.unsubscribe();
  }

  private statusOfPhase(phase: GridChainPhase): Status {
    const { grid } = this.state;
    if (phase instanceof ChainLoadedStatus) return grid.chainLoadedStatus;
    return phase instanceof WaitingForParametersStatus ? grid.waitingForParametersStatus : grid.transformingStatus;
  }

  /**
   * Shows what other components change in the `inputModel` document the grid edits (without a load chain it is the
   * same document): their change sets repaint, validate and filter the rows they name, as the grid's own do; a new
   * document of the input loads the grid again.
   */
  private followInput(input: DataProvider | null, doc: Document): void {
    this.inputSubscription?.unsubscribe();
    this.inputSubscription = null;
    if (!input || documentOf(input) !== doc) return;
    const subscription = new Subscription();
    subscription.add(input.changes$.subscribe((changeSet) => {
      if (this.state.document === doc) this.hooks.received(changeSet);
    }));
    subscription.add(input.ready$.subscribe(() => {
      if (this.state.document === doc && documentOf(input) !== doc) void this.state.grid.execute(true);
    }));
    this.inputSubscription = subscription;
  }

  /** The backend's answer; a large one shows its rows while it is built (`current` given: a load the user waits for). */
  private async loadFromBackend(config: Document | null, current?: () => boolean): Promise<{ doc: Document; store: RowStore | null }> {
    const { state } = this;
    const { grid, features } = state;
    const backend = state.backend();
    features.beforeLoad(() => this.history.rows());
    this.hooks.beforeRequest(config);
    // Not WrsRequestModel: the row count of the pager goes out in parallel with the very request the post chain made.
    let request = features.request(this.buildRequest(config), config);
    const postChain = grid.requestPostChain();
    if (postChain) request = await runGridChain(state.services.chains, 'requestPostChain', postChain, request, null);
    state.loadedRequest = request;
    const call = { url: await state.requestUrl(), signal: state.lifetime.signal };
    const show = current ? this.previewOf(config, current) : null;
    // The row count failing ends the load while the answer may still be built: its rows are not shown then.
    let open = true;
    const progress = show && ((p: LoadProgress) => open && show(p));
    let doc: Document | null = null;
    let store: RowStore | null = null;
    const options = progress ? { ...call, progress } : call;
    try {
      // The rows of a long answer stay in a row store where the backend keeps them so: the grid shows them from it.
      const [answer] = await Promise.all([backend.loadRows ? backend.loadRows(request, options) : backend.load(request, options), features.loadTotal(backend, request, call)]);
      store = answer instanceof RowStore ? answer : null;
      doc = store ? store.document : (answer as Document);
    } finally {
      open = false;
      if (progress) this.previewEnded(doc, config, current!);
    }
    // Rows carried from the page left go into the document: built for them.
    const carried = features.afterLoad(doc, () => store?.materialize());
    return { doc: carried, store: store && !store.materialized ? store : null };
  }

  /** The `wrq:WrsRequest` of the configuration, filtered by the status model's `f:Filter`. */
  private buildRequest(config: Document | null): Document {
    if (!config) throw new WrsError('INVALID_ARGUMENT', 'The grid needs a grid configuration or an inputModel', config);
    const { grid } = this.state;
    return buildWrsRequest(config, { statusModel: grid.statusModel() ?? guiStatusEstablished(this.state.provider.registry) });
  }
}

/** A provider's data document, without building the rows of its row store (the same document once they are built). */
function documentOf(provider: DataProvider): Document | null {
  return provider.getRowStore()?.document ?? provider.getData();
}
