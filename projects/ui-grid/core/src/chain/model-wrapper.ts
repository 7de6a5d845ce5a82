import { Subscription } from 'rxjs';
import { WrsError, errorMessage, isWrsError } from '../errors';
import { ConstantDataProvider } from '../data-provider/constant-data-provider';
import { DataProvider, DataProviderArgs } from '../data-provider/data-provider';
import { ChainStylesheetLoadingFailed, LoadFailedStatus, LoadingStatus, TransformFailedStatus } from '../data-provider/status';
import { XmlLoader, getDefaultXmlLoader } from '../data-provider/xml-loader';
import { createDocument, parseXml } from '../xml/dom';
import type { ChainDefinition, ChainParameterValue, ChainParams } from './chain-definition';
import { ChainStep, compileChainSteps, resolveChainDefinition } from './chain-loader';
import { HTML_OUTPUT_NS, HtmlOutputPolicy, htmlOutputPolicy, serializeXmlAsHtml } from './html-output';
import { defaultXsltEngine } from './default-xslt-engine';
import { SefResolver, getDefaultSefResolver } from './sef-resolver';
import type { XsltEngine, XsltParamValue } from './xslt-engine';

export interface ModelWrapperArgs extends DataProviderArgs {
  /** The primary model: its data is the chain's input. */
  inputModel: DataProvider;
  /** The chain (spec `chainDef`): JS functions, stylesheet URLs, XSLT text or documents, `chain:Chain` documents. */
  chain: ChainDefinition;
  /** Parameters by name; providers among them are parameter providers the chain waits for. */
  parameters?: Readonly<Record<string, ChainParameterValue>>;
  /** Fetches stylesheet and chain URLs; the default loader when absent. */
  loader?: XmlLoader;
  /** Runs the XSLT steps; saxon-js when absent. */
  xsltEngine?: XsltEngine;
  /**
   * Where stylesheet URLs have a compiled form (SEF) to run instead, such as `serverCompiledStylesheets()`; the
   * default resolver (`setDefaultSefResolver`) when absent, none when null.
   */
  sefResolver?: SefResolver | null;
  /** Puts HTML output into the target element; the core sanitizing policy when absent. */
  htmlPolicy?: HtmlOutputPolicy;
}

function isProvider(value: unknown): value is DataProvider {
  return value instanceof DataProvider;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? `an object (${(value as object).constructor?.name ?? 'Object'})` : `a ${typeof value}`;
}

/**
 * A provider whose data is a chain run over its primary model (spec 3.1, 4.2). It waits for the primary model and
 * every parameter provider (WaitingForParametersStatus), runs the steps (TransformingStatus) and is ready in
 * TransformedStatus; a change set or a reload of an input runs the chain again. Also exported as `TransformationChain`.
 */
export class ModelWrapper extends DataProvider {
  private chainDefinition: ChainDefinition;
  private readonly staticParameters = new Map<string, Exclude<ChainParameterValue, DataProvider>>();
  private readonly loader?: XmlLoader;
  private readonly engine?: XsltEngine;
  private readonly sefResolver?: SefResolver | null;
  private readonly htmlPolicy?: HtmlOutputPolicy;
  private readonly inputSubscriptions = new Map<DataProvider, Subscription>();
  private waiting = false;
  private disposed = false;
  private readonly stopWaiting = new AbortController();
  /** The provider this chain waits for now (its input or a parameter), to find chains waiting for each other. */
  private awaiting: DataProvider | null = null;
  private htmlText: string | null = null;

  constructor(args: ModelWrapperArgs) {
    super(args);
    if (!isProvider(args?.inputModel)) throw new WrsError('INVALID_ARGUMENT', 'ModelWrapper needs an inputModel (a DataProvider)', args?.inputModel);
    if (args.chain === undefined || args.chain === null) throw new WrsError('INVALID_ARGUMENT', 'ModelWrapper needs a chain', args.chain);
    this.chainDefinition = args.chain;
    this.loader = args.loader;
    this.engine = args.xsltEngine;
    this.sefResolver = args.sefResolver;
    this.htmlPolicy = args.htmlPolicy;
    this.setPrimaryModel(args.inputModel);
    for (const [name, value] of Object.entries(args.parameters ?? {})) {
      if (isProvider(value)) this.addDataProvider(value, name);
      else this.staticParameters.set(name, value);
    }
  }

  /** The chain definition this wrapper runs. */
  getChain(): ChainDefinition {
    return this.chainDefinition;
  }

  /** Sets a parameter (a provider becomes a parameter provider); takes effect on the next run. */
  setParameter(name: string, value: ChainParameterValue): void {
    if (isProvider(value)) {
      this.staticParameters.delete(name);
      this.addDataProvider(value, name);
    } else {
      // A value replaces a provider given under the same name (providers were looked at first, so it went unheard).
      this.unwatchUnlessUsed(this.removeDataProvider(name));
      this.staticParameters.set(name, value);
    }
  }

  /** The HTML last put into the target element (before sanitizing), or null. */
  getHtmlOutput(): string | null {
    return this.htmlText;
  }

  /**
   * Stops this chain for good: it no longer listens to its input and parameter providers (their changes and reloads
   * run nothing), and it renders nothing more, not even the result of a run still under way, which ends in
   * LoadFailedStatus. Then `status$` and `changes$` complete. Chains run once (a grid's load, save and validation
   * chains, tooltips, menus) call it when done, else their inputs keep them running.
   */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    // A run under way stops at its next step: it waits for no provider more and sets no status, data or HTML.
    this.stopWaiting.abort();
    for (const subscription of this.inputSubscriptions.values()) subscription.unsubscribe();
    this.inputSubscriptions.clear();
    super.setTargetHtml(null);
    if (this.registry.get(this.id) === this) this.registry.unregister(this);
    // Failed now, not at the run's next step: it is the last status subscribers see before the streams complete.
    const status = this.getStatus();
    if (status !== this.initializedStatus && !status.isFailure && !this.isReady()) this.fail(LoadFailedStatus, `${this.id} was disposed`);
    this.completeStreams();
  }

  override addDataProvider(newDataProvider: DataProvider, newName?: string): DataProvider | null {
    const old = super.addDataProvider(newDataProvider, newName);
    this.unwatchUnlessUsed(old);
    this.watch(newDataProvider);
    return old;
  }

  /** Stops listening to a provider this chain no longer uses, as its input or under any parameter name. */
  private unwatchUnlessUsed(provider: DataProvider | null): void {
    if (provider && provider !== this.getPrimaryModel() && ![...this.getDataProviders().values()].includes(provider)) this.unwatch(provider);
  }

  override setPrimaryModel(primaryModel: DataProvider): void {
    const old = this.getPrimaryModel();
    super.setPrimaryModel(primaryModel);
    this.unwatchUnlessUsed(old);
    this.watch(primaryModel);
  }

  override setTargetHtml(targetHtmlElement: Element | null): void {
    if (this.disposed) return;
    super.setTargetHtml(targetHtmlElement);
    if (targetHtmlElement && this.isReady() && this.data) this.render(this.data);
  }

  /**
   * An input's change set, or a load of it starting, runs a chain that has run again: the run waits for that load and
   * ends in LoadFailedStatus when it fails, where the chain stayed ready with a result of data that was gone. Loads
   * this chain itself awaits are not news.
   */
  private watch(provider: DataProvider): void {
    if (this.disposed || this.inputSubscriptions.has(provider) || provider === (this as DataProvider)) return;
    const rerun = () => {
      if (this.waiting || this.getStatus() === this.initializedStatus) return;
      void this.execute(true);
    };
    const subscription = provider.changes$.subscribe(rerun);
    // status$ replays the current status on subscribe; only later ones are news.
    let replay = true;
    subscription.add(provider.status$.subscribe((status) => {
      if (!replay && status instanceof LoadingStatus) rerun();
    }));
    replay = false;
    this.inputSubscriptions.set(provider, subscription);
  }

  private unwatch(provider: DataProvider): void {
    this.inputSubscriptions.get(provider)?.unsubscribe();
    this.inputSubscriptions.delete(provider);
  }

  private xslt(): XsltEngine {
    return this.engine ?? defaultXsltEngine();
  }

  protected async doExecute(current: () => boolean): Promise<void> {
    // Disposed meanwhile: dispose() ended the run in LoadFailedStatus; it sets or renders nothing more.
    const live = () => current() && !this.disposed;
    if (!live()) return;
    // Until the steps read the input and the parameters, their change sets and reloads are not news: this run takes
    // them as they are then. Re-run for them, it would start over (Loading again, stylesheets fetched again).
    this.waiting = true;
    let steps: ChainStep[];
    let input: DataProvider;
    try {
      const loader = this.loader ?? getDefaultXmlLoader();
      const resolver = this.sefResolver === undefined ? getDefaultSefResolver() : this.sefResolver;
      this.setStatus(this.loadingStatus);
      try {
        steps = await resolveChainDefinition(this.chainDefinition, loader, this.xslt(), resolver);
        if (!live()) return;
        this.setStatus(this.chainLoadedStatus);
        await compileChainSteps(steps, loader, () => this.xslt(), resolver);
      } catch (e) {
        if (live()) this.fail(isWrsError(e, 'CHAIN_LOAD_FAILED') ? ChainStylesheetLoadingFailed : LoadFailedStatus, errorMessage(e));
        return;
      }
      if (!live()) return;

      this.setStatus(this.waitingForParametersStatus);
      // The input read now, not when the run started: `setPrimaryModel` while the stylesheets load (or while this run
      // waits for the input) is taken by this run; its new input's ready status would not start another.
      input = this.getPrimaryModel()!;
      try {
        for (;;) {
          await this.awaitProvider(input, 'the input model');
          for (const [name, provider] of this.getDataProviders()) await this.awaitProvider(provider, `parameter "${name}"`);
          if (!current() || this.disposed) break;
          const now = this.getPrimaryModel()!;
          // One that started loading again while this run waited for another is waited for too: it may fail.
          if (now === input && input.isReady() && [...this.getDataProviders().values()].every((p) => p.isReady())) break;
          input = now;
        }
      } catch (e) {
        if (live()) this.fail(LoadFailedStatus, errorMessage(e));
        return;
      }
    } finally {
      // A run superseded meanwhile leaves the flag to the newer one.
      if (current()) this.waiting = false;
    }
    if (!live()) return;

    this.setStatus(this.transformingStatus);
    const inputDoc = this.inputDocument(input);
    if (!inputDoc) {
      this.fail(LoadFailedStatus, `the input model ${input.id} has no data`);
      return;
    }
    let doc: Document;
    try {
      doc = await this.runSteps(steps, inputDoc);
    } catch (e) {
      if (live()) this.fail(TransformFailedStatus, errorMessage(e));
      return;
    }
    if (!live()) return;
    this.setData(doc);
    this.render(doc);
    this.setStatus(this.transformedStatus);
  }

  /** The document the first step gets from the input model: its data, complete (a subclass may take it otherwise). */
  protected inputDocument(input: DataProvider): Document | null {
    return input.getData();
  }

  private async awaitProvider(provider: DataProvider, role: string): Promise<void> {
    if (provider.isReady()) return;
    // Chains that wait for each other (A takes B as a parameter, B takes A) would wait forever: named and failed.
    const cycle: string[] = [this.id];
    for (let at: DataProvider | null = provider; at instanceof ModelWrapper; at = at.awaiting) {
      cycle.push(at.id);
      if (at === this) throw new WrsError('LOAD_FAILED', `${role} (${provider.id}) waits for this chain in turn: ${cycle.join(' -> ')}`, cycle);
      if (cycle.length > 1000) break;
    }
    this.awaiting = provider;
    try {
      await provider.fetchData({ signal: this.stopWaiting.signal });
    } catch {
      throw new WrsError('LOAD_FAILED', `${role} (${provider.id}) failed: ${provider.getStatus().toString()}`, provider.id);
    } finally {
      this.awaiting = null;
    }
  }

  /** Parameter values as the steps see them: providers give their document (a constant its value). */
  private parameterValues(stepParams: Readonly<Record<string, string>>): Record<string, XsltParamValue> {
    const values: Record<string, XsltParamValue> = { ...stepParams };
    for (const [name, value] of this.staticParameters) values[name] = value;
    for (const [name, provider] of this.getDataProviders()) {
      values[name] = provider instanceof ConstantDataProvider ? provider.getValue() : provider.getData();
    }
    return values;
  }

  private async runSteps(steps: readonly ChainStep[], input: Document): Promise<Document> {
    let doc = input;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i];
      const last = i === steps.length - 1;
      const params = this.parameterValues(step.params);
      let result: unknown;
      try {
        result = step.kind === 'js'
          ? await step.fn(doc, params as ChainParams)
          : await this.xslt().transform(step.compiled!, doc, params);
      } catch (e) {
        throw new WrsError('TRANSFORM_FAILED', `${step.label} failed: ${errorMessage(e)}`, step.label);
      }
      doc = this.toDocument(result, step.label, last);
    }
    return doc;
  }

  private toDocument(result: unknown, label: string, last: boolean): Document {
    if (result && typeof result === 'object' && (result as Node).nodeType === 9) return result as Document;
    if (typeof result !== 'string') throw new WrsError('TRANSFORM_FAILED', `${label} returned ${describe(result)}, not a Document or XML text`, result);
    try {
      return parseXml(result);
    } catch (e) {
      // HTML that is not XML can still be the final output into a target element.
      if (last && this.getTargetHtml()) return htmlOutputDocument(result);
      throw new WrsError('TRANSFORM_FAILED', `${label} returned text that is not XML: ${errorMessage(e)}`, result.slice(0, 200));
    }
  }

  private render(doc: Document): void {
    const target = this.getTargetHtml();
    if (!target) return;
    const root = doc.documentElement;
    const html = root?.namespaceURI === HTML_OUTPUT_NS ? root.textContent ?? '' : serializeXmlAsHtml(doc);
    this.htmlText = html;
    (this.htmlPolicy ?? htmlOutputPolicy())(html, target);
  }
}

/** A document holding HTML text that is not well-formed XML: `ui:HtmlOutput` with the text. */
function htmlOutputDocument(html: string): Document {
  const doc = createDocument();
  const root = doc.createElementNS(HTML_OUTPUT_NS, 'ui:HtmlOutput');
  root.appendChild(doc.createTextNode(html));
  doc.appendChild(root);
  return doc;
}

/** The spec's other name of ModelWrapper. */
export const TransformationChain = ModelWrapper;
export type TransformationChain = ModelWrapper;
