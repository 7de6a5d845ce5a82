import { WrsError, errorMessage } from '../errors';
import { XmlLoader } from '../data-provider/xml-loader';
import { childElements, ELEMENT_NODE, parseXml, serializeXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import type { ChainDefinition, ChainStepDefinition, JsChainStep } from './chain-definition';
import { chainFunction, resolveJsProcFct } from './chain-functions';
import { contentKey } from './content-key';
import type { SefResolver } from './sef-resolver';
import { resolveUrl } from './stylesheet-modules';
import type { CompiledStylesheet, XsltEngine } from './xslt-engine';

interface StepBase {
  /** Names the step in failure reasons: its position, and its URL or function. */
  readonly label: string;
  /** `chain:Param` values of the step (and of its chain). */
  readonly params: Readonly<Record<string, string>>;
}
export interface JsStep extends StepBase {
  readonly kind: 'js';
  readonly fn: JsChainStep;
}
export interface XsltStep extends StepBase {
  readonly kind: 'xslt';
  readonly key: string;
  readonly url?: string;
  text?: string;
  compiled?: CompiledStylesheet;
}
export type ChainStep = JsStep | XsltStep;

const XSL_ROOTS = new Set(['stylesheet', 'transform']);

/** CHAIN_LOAD_FAILED: a stylesheet could not be fetched, parsed or compiled (status ChainStylesheetLoadingFailed). */
function stylesheetFailure(label: string, message: string, input?: unknown): WrsError {
  return new WrsError('CHAIN_LOAD_FAILED', `${label}: ${message}`, input);
}

async function fetchText(loader: XmlLoader, url: string, label: string): Promise<string> {
  try {
    return await loader(url);
  } catch (e) {
    throw stylesheetFailure(label, `cannot fetch ${url}: ${errorMessage(e)}`, url);
  }
}

function isNotFound(e: unknown): boolean {
  return (e as { details?: { status?: unknown } })?.details?.status === 404;
}

/**
 * What a stylesheet URL's step runs: the compiled form (SEF) the resolver names, when it is served (no compilation
 * here), else the URL's own answer. Only a 404 for the SEF falls back; any other failure names the SEF URL.
 */
async function fetchStylesheet(loader: XmlLoader, url: string, label: string, resolver: SefResolver | null): Promise<string> {
  const sefUrl = resolver?.sefUrl(url) ?? null;
  if (sefUrl) {
    let sef: string | null = null;
    try {
      sef = await loader(sefUrl);
    } catch (e) {
      if (!isNotFound(e)) throw stylesheetFailure(label, `cannot fetch its compiled form ${sefUrl}: ${errorMessage(e)}`, sefUrl);
    }
    if (sef !== null && !isCompiledStylesheet(sef)) throw stylesheetFailure(label, `${sefUrl} answered no compiled stylesheet (SEF JSON)`, sefUrl);
    if (sef !== null) return sef;
  }
  return fetchText(loader, url, label);
}

function parseStylesheetText(text: string, label: string, input: unknown): Document {
  try {
    return parseXml(text);
  } catch (e) {
    throw stylesheetFailure(label, `the stylesheet is not XML: ${errorMessage(e)}`, input);
  }
}

/** A compiled stylesheet (SaxonJS SEF, JSON) rather than XML: the engine checks and runs it as it is. */
function isCompiledStylesheet(text: string): boolean {
  return text.trimStart().startsWith('{');
}

function isChainDocument(doc: Document): boolean {
  return doc.documentElement?.namespaceURI === NS.chain && doc.documentElement.localName === 'Chain';
}

function isStylesheet(doc: Document): boolean {
  const root = doc.documentElement;
  return !!root && ((root.namespaceURI === NS.xsl && XSL_ROOTS.has(root.localName)) || root.hasAttributeNS(NS.xsl, 'version'));
}

function paramsOf(element: Element): Record<string, string> {
  const params: Record<string, string> = {};
  for (const p of childElements(element)) {
    if (p.namespaceURI === NS.chain && p.localName === 'Param') params[p.getAttribute('name') ?? ''] = p.textContent ?? '';
  }
  return params;
}

/** The steps of a `chain:Chain` document: its phases' stylesheets in order, chain-level `chain:Param` under each step's own. */
function stepsOfChainDocument(doc: Document, baseUrl: string | undefined, where: string): ChainStep[] {
  const root = doc.documentElement;
  const chainParams = paramsOf(root);
  const steps: ChainStep[] = [];
  for (const phase of childElements(root)) {
    if (phase.namespaceURI !== NS.chain || phase.localName !== 'Phase') continue;
    const phaseName = phase.getAttribute('name') ?? '';
    let n = 0;
    for (const sheet of childElements(phase)) {
      if (sheet.namespaceURI !== NS.chain || sheet.localName !== 'Stylesheet') continue;
      n++;
      const params = { ...chainParams, ...paramsOf(sheet) };
      const url = sheet.getAttribute('url');
      const jsProcFct = sheet.getAttribute('jsProcFct') ?? firstChild(sheet, NS.chain, 'JsProcFct')?.textContent?.trim() ?? null;
      const inline = firstChild(sheet, NS.xsl, 'stylesheet') ?? firstChild(sheet, NS.xsl, 'transform');
      const label = `${where}phase "${phaseName}" stylesheet ${n}`;
      if (jsProcFct) {
        const fn = resolveJsProcFct(jsProcFct);
        if (!fn) throw stylesheetFailure(`${label} (jsProcFct ${jsProcFct})`, `no function "${jsProcFct}" is registered or reachable`, jsProcFct);
        steps.push({ kind: 'js', label: `${label} (jsProcFct ${jsProcFct})`, fn, params });
      } else if (url) {
        const builtin = chainFunction(url);
        const resolved = resolveUrl(url, baseUrl);
        if (builtin) steps.push({ kind: 'js', label: `${label} (built-in ${url})`, fn: builtin, params });
        else steps.push({ kind: 'xslt', label: `${label} (${resolved})`, key: resolved, url: resolved, params });
      } else if (inline) {
        const text = serializeXml(withInScopeNamespaces(inline));
        steps.push({ kind: 'xslt', label: `${label} (inline stylesheet)`, key: contentKey(text), text, params });
      } else if (sheet.hasAttribute('jsFactoryExpression')) {
        throw stylesheetFailure(label, 'jsFactoryExpression is not supported (it would evaluate code from a document); use jsProcFct', sheet.getAttribute('jsFactoryExpression'));
      } else {
        throw new WrsError('LOAD_FAILED', `${label}: chain:Stylesheet needs @url, @jsProcFct or an inline xsl:stylesheet`, serializeXml(sheet));
      }
    }
  }
  if (steps.length === 0) throw new WrsError('LOAD_FAILED', `${where}the chain:Chain has no chain:Phase/chain:Stylesheet`, serializeXml(doc));
  return steps;
}

function firstChild(parent: Element, ns: string, localName: string): Element | null {
  return childElements(parent).find((c) => c.namespaceURI === ns && c.localName === localName) ?? null;
}

function stepsOfDocument(doc: Document, label: string, baseUrl?: string): ChainStep[] {
  if (isChainDocument(doc)) return stepsOfChainDocument(doc, baseUrl, baseUrl ? `${baseUrl}: ` : '');
  if (!isStylesheet(doc)) {
    throw stylesheetFailure(label, `the document is neither an XSLT stylesheet nor a chain:Chain (root ${doc.documentElement?.nodeName})`);
  }
  const text = serializeXml(doc);
  return [{ kind: 'xslt', label, key: baseUrl ?? contentKey(text), url: baseUrl, text, params: {} }];
}

/**
 * Turns a chain definition into steps (the Loading phase): JS functions as they are, built-in names to their
 * functions, chain documents expanded. A URL is fetched here only when it may be a chain document, that is when
 * the engine has not compiled it already.
 */
export async function resolveChainDefinition(
  definition: ChainDefinition,
  loader: XmlLoader,
  engine: XsltEngine | null,
  resolver: SefResolver | null = null,
): Promise<ChainStep[]> {
  const list: readonly ChainStepDefinition[] = Array.isArray(definition) ? definition : [definition as ChainStepDefinition];
  if (list.length === 0) throw new WrsError('LOAD_FAILED', 'The chain definition is empty', definition);
  const steps: ChainStep[] = [];
  for (let i = 0; i < list.length; i++) {
    const def = list[i];
    const at = `step ${i + 1}`;
    if (typeof def === 'function') {
      steps.push({ kind: 'js', label: `${at} (JS function ${def.name || 'anonymous'})`, fn: def, params: {} });
    } else if (typeof def === 'string') {
      const text = def.trim();
      if (text.startsWith('<')) {
        steps.push(...stepsOfDocument(parseStylesheetText(text, `${at} (inline stylesheet)`, def), `${at} (inline stylesheet)`));
      } else if (isCompiledStylesheet(text)) {
        steps.push({ kind: 'xslt', label: `${at} (compiled stylesheet)`, key: contentKey(text), text, params: {} });
      } else if (text === '') {
        throw new WrsError('LOAD_FAILED', `${at}: an empty string is no chain definition`, def);
      } else if (chainFunction(text)) {
        steps.push({ kind: 'js', label: `${at} (built-in ${text})`, fn: chainFunction(text)!, params: {} });
      } else if (engine?.cached(text)) {
        steps.push({ kind: 'xslt', label: `${at} (${text})`, key: text, url: text, params: {} });
      } else {
        const label = `${at} (${text})`;
        const fetched = await fetchStylesheet(loader, text, label, resolver);
        if (isCompiledStylesheet(fetched)) steps.push({ kind: 'xslt', label, key: text, url: text, text: fetched, params: {} });
        else steps.push(...stepsOfDocument(parseStylesheetText(fetched, label, text), label, text));
      }
    } else if (def && typeof def === 'object' && (def as Document).nodeType === 9) {
      steps.push(...stepsOfDocument(def as Document, `${at} (stylesheet document)`));
    } else if (def && typeof def === 'object' && (def as Node).nodeType === ELEMENT_NODE) {
      throw new WrsError('LOAD_FAILED', `${at}: give a Document, not an element`, def);
    } else {
      throw new WrsError('LOAD_FAILED', `${at}: ${typeof def} is no chain definition (a function, a URL, XSLT text or a Document)`, def);
    }
  }
  return steps;
}

/** Fetches and compiles the XSLT steps not compiled yet (the ChainLoaded phase); failures are CHAIN_LOAD_FAILED. */
export async function compileChainSteps(
  steps: readonly ChainStep[],
  loader: XmlLoader,
  engine: () => XsltEngine,
  resolver: SefResolver | null = null,
): Promise<void> {
  for (const step of steps) {
    if (step.kind !== 'xslt' || step.compiled) continue;
    const xslt = engine();
    if (step.text === undefined) step.compiled = xslt.cached(step.key) ?? undefined;
    if (step.compiled) continue;
    if (step.text === undefined) {
      const text = await fetchStylesheet(loader, step.url!, step.label, resolver);
      if (!isCompiledStylesheet(text)) {
        const doc = parseStylesheetText(text, step.label, step.url);
        if (!isStylesheet(doc)) throw stylesheetFailure(step.label, `the document is no XSLT stylesheet (root ${doc.documentElement?.nodeName})`, step.url);
      }
      step.text = text;
    }
    try {
      // A stylesheet from a URL brings its URL and the loader: its xsl:include and xsl:import resolve against it.
      const source = step.url ? { url: step.url, fetchText: (url: string) => loader(url) } : undefined;
      step.compiled = await xslt.compile(step.text, step.key, source);
    } catch (e) {
      throw stylesheetFailure(step.label, errorMessage(e), step.key);
    }
  }
}

/**
 * A copy of a stylesheet written inside a chain document that declares on its root every namespace in scope there:
 * prefixes declared higher up in the chain document and used only inside XPath expressions (`count(//wrs:R)`) are
 * otherwise not written out by a serializer, and the stylesheet would not compile on its own.
 */
function withInScopeNamespaces(stylesheet: Element): Element {
  const copy = stylesheet.cloneNode(true) as Element;
  const XMLNS = 'http://www.w3.org/2000/xmlns/';
  const added: string[] = [];
  for (let at = stylesheet.parentNode; at && at.nodeType === ELEMENT_NODE; at = at.parentNode) {
    for (const attr of Array.from((at as Element).attributes)) {
      // Prefixed declarations only: a default namespace means nothing to XPath name tests in XSLT.
      if (!attr.name.startsWith('xmlns:')) continue;
      const prefix = attr.name.slice(6);
      // The nearest declaration wins; the stylesheet's own stay as they are.
      if (copy.hasAttributeNS(XMLNS, prefix) || copy.lookupNamespaceURI(prefix) !== null) continue;
      copy.setAttributeNS(XMLNS, attr.name, attr.value);
      added.push(prefix);
    }
  }
  // They are there for XPath: the output keeps only the namespaces its names use, as before.
  const excluded = copy.getAttribute('exclude-result-prefixes') ?? '';
  if (added.length > 0 && excluded.trim() !== '#all') copy.setAttribute('exclude-result-prefixes', [excluded.trim(), ...added].filter(Boolean).join(' '));
  return copy;
}
