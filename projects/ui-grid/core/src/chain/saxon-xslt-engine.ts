import { WrsError } from '../errors';
import { trustedEngineScriptUrl } from '../trusted-types';
import { serializeXml } from '../xml/dom';
import { CompiledStylesheet, XsltEngine, XsltParamValue } from './xslt-engine';
import { StylesheetSource, hasStylesheetModules } from './stylesheet-modules';
import { canCompileToSef, compileXsltTextToSef } from './xslt3-compiler';

/** The part of the saxon-js API the engine uses (public API only: getResource, transform and XPath's fn:transform). */
interface SaxonApi {
  getResource(options: { text: string; type: 'xml' }): Promise<unknown>;
  transform(options: SaxonTransformOptions): { principalResult?: unknown };
  XPath: { evaluate(xpath: string, context: unknown, options: { params: Record<string, unknown> }): unknown };
}

interface SaxonTransformOptions {
  stylesheetText: string;
  sourceNode: unknown;
  destination: 'serialized';
  stylesheetParams: Record<string, unknown>;
  outputProperties: Record<string, unknown>;
  deliverMessage: () => void;
}

/** `sef`: the compiled stylesheet (SEF JSON text), run as it is; without it saxon-js compiles `text` in each fn:transform. */
interface SaxonStylesheet extends CompiledStylesheet {
  readonly text: string;
  readonly sef?: string;
}

interface NodeBuiltins {
  getBuiltinModule?: (id: string) => unknown;
}

/**
 * Where the browser loads saxon-js from: the script an app's build makes from its own saxon-js (the `saxon-js`
 * bundle of angular.json's `scripts`, which `ng add ngx-wrs-grid` sets up), relative to the page's base URL.
 */
export const DEFAULT_SAXON_SCRIPT_URL = 'saxon-js.js';

// The one saxon-js instance of this page or process, loaded on the first XSLT step.
let saxonLoad: Promise<SaxonApi> | null = null;

function loadSaxon(scriptUrl: string): Promise<SaxonApi> {
  const g = globalThis as { SaxonJS?: SaxonApi; document?: Document; process?: NodeBuiltins };
  if (g.SaxonJS) return Promise.resolve(g.SaxonJS);
  saxonLoad ??= (g.document?.createElement ? loadScript(g.document, scriptUrl) : requireInNode(g.process)).catch((e) => {
    saxonLoad = null;
    throw e;
  });
  return saxonLoad;
}

// A classic script: the bundle is a non-strict IIFE that defines the global SaxonJS.
function loadScript(doc: Document, url: string): Promise<SaxonApi> {
  return new Promise<SaxonApi>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = trustedEngineScriptUrl(url);
    script.async = true;
    script.onload = () => {
      const api = (globalThis as { SaxonJS?: SaxonApi }).SaxonJS;
      if (api) resolve(api);
      else reject(new WrsError('CHAIN_LOAD_FAILED', `The script ${url} did not define SaxonJS`, url));
    };
    script.onerror = () => {
      script.remove();
      reject(new WrsError('CHAIN_LOAD_FAILED', `Cannot load the XSLT engine script ${url} (an Angular app builds it from saxon-js with the scripts entry that ng add ngx-wrs-grid writes to angular.json)`, url));
    };
    doc.head.appendChild(script);
  });
}

// process.getBuiltinModule keeps node:module out of browser bundles, which never take this path.
async function requireInNode(proc?: NodeBuiltins): Promise<SaxonApi> {
  const nodeRequire = requireOf(proc);
  if (!nodeRequire) throw new WrsError('CHAIN_LOAD_FAILED', 'No browser document and no Node.js module loader: cannot load saxon-js');
  return nodeRequire('saxon-js') as SaxonApi;
}

type NodeRequire = ((id: string) => unknown) & { resolve(id: string): string };

function requireOf(proc?: NodeBuiltins): NodeRequire | null {
  const nodeModule = proc?.getBuiltinModule?.('node:module') as { createRequire(from: string): NodeRequire } | undefined;
  return nodeModule ? nodeModule.createRequire(import.meta.url) : null;
}

/** `Q{uri}XTSE0010` -> `XTSE0010`. */
function shortCode(code: unknown): string {
  return typeof code === 'string' ? code.replace(/^Q\{[^}]*\}/, '') : '';
}

function saxonMessage(e: unknown): string {
  const code = shortCode((e as { code?: unknown })?.code);
  const message = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').trim();
  return code ? `${code}: ${message}` : message;
}

/**
 * A stylesheet given already compiled: the SEF (JSON) that Saxonica's xslt3 exports
 * (`xslt3 -xsl:x.xslt -export:x.sef.json -nogo`). Null when the text is XSLT, not JSON.
 */
function parseSef(text: string, key: string): object | null {
  if (!text.trimStart().startsWith('{')) return null;
  let sef: { N?: unknown; target?: unknown; version?: unknown };
  try {
    sef = JSON.parse(text) as typeof sef;
  } catch (e) {
    throw new WrsError('CHAIN_LOAD_FAILED', `${describeKey(key)} is neither XSLT nor a compiled stylesheet (SEF): ${saxonMessage(e)}`, key);
  }
  if (sef?.N !== 'package' || sef.target !== 'JS') {
    throw new WrsError('CHAIN_LOAD_FAILED', `${describeKey(key)} is JSON but no SaxonJS SEF (compile it with xslt3 -export)`, key);
  }
  return sef;
}

/** The XSLT version an SEF was compiled from: its `version` is the stylesheet's times ten ("30" -> "3.0"). */
function sefVersion(sef: { version?: unknown }): string {
  const v = String(sef.version ?? '');
  return /^\d\d$/.test(v) ? `${v[0]}.${v[1]}` : '';
}

const COMPILE_CHECK = "transform(map{'stylesheet-text': $xsl, 'initial-template': QName('urn:ngx-wrs-grid:compile-check', 'none'), 'delivery-format': 'serialized'})";
const NO_SUCH_TEMPLATE = 'XTDE0040';
// Parameter names and values travel as variables ($n0, $v0, ...), never as expression text. The source goes in as
// initial match selection and global context item, which is what 'source-node' means, without the deep copy of the
// source that fn:transform makes for 'source-node' (~90 ms at 1,000 x 20 in Chromium; the document is ours anyway).
function transformExpression(count: number): string {
  const entries = Array.from({ length: count }, (_, i) => `QName('', $n${i}): $v${i}`).join(', ');
  return `transform(map{'stylesheet-text': $xsl, 'initial-match-selection': $src, 'global-context-item': $src, 'delivery-format': 'serialized', 'serialization-params': map{'omit-xml-declaration': true()}, 'stylesheet-params': map{${entries}}})`;
}

function stylesheetVersion(text: string): string {
  const root = /<([A-Za-z_][\w.-]*:)?(stylesheet|transform)\b[^>]*>/.exec(text);
  const version = root && /\sversion\s*=\s*["']([^"']+)["']/.exec(root[0]);
  return version ? version[1] : '';
}

/**
 * The saxon-js XSLT engine, in Node (`require('saxon-js')`) and in browsers (the bundle, loaded lazily by a script
 * tag on the first XSLT step). XSLT 1.0 stylesheets run in backwards-compatible mode, 2.0 and 3.0 as such.
 * A stylesheet given compiled (an SEF from xslt3) is never compiled here and runs by SaxonJS.transform. XSLT text is
 * compiled once to SEF in Node (xslt3). In browsers saxon-js 2 offers no public way to obtain an SEF from XSLT text,
 * so the engine checks each stylesheet once and fn:transform compiles its text on every run. Either way stylesheets
 * are kept by URL or content hash.
 */
export class SaxonXsltEngine implements XsltEngine {
  readonly name = 'saxon-js';
  private readonly compiled = new Map<string, SaxonStylesheet>();
  /** Every stylesheet this engine compiled, also those a later compile under the same key replaced in the cache. */
  private readonly own = new WeakSet<CompiledStylesheet>();
  private compileCount = 0;

  constructor(private readonly scriptUrl: string = DEFAULT_SAXON_SCRIPT_URL) {}

  /** Loads saxon-js now (it is otherwise loaded on the first compile). */
  load(): Promise<unknown> {
    return loadSaxon(this.scriptUrl);
  }

  /**
   * How many times saxon-js compiled XSLT for this engine: once per stylesheet in Node (xslt3); in browsers once to
   * check it and again in every run. A compiled stylesheet (SEF) given to `compile` adds nothing.
   */
  get compilations(): number {
    return this.compileCount;
  }

  cached(key: string): CompiledStylesheet | null {
    return this.compiled.get(key) ?? null;
  }

  async compile(stylesheetText: string, key: string, source?: StylesheetSource): Promise<CompiledStylesheet> {
    const cached = this.compiled.get(key);
    if (cached && cached.text === stylesheetText) return cached;
    const given = parseSef(stylesheetText, key);
    const saxon = await loadSaxon(this.scriptUrl);
    const sef = given ? stylesheetText : canCompileToSef() ? await compileXsltTextToSef(stylesheetText, describeKey(key), source) : null;
    if (!sef && hasStylesheetModules(stylesheetText)) {
      // saxon-js in a browser cannot fetch the modules while it compiles: a served SEF holds them compiled.
      throw new WrsError(
        'CHAIN_LOAD_FAILED',
        `${describeKey(key)} includes or imports other stylesheets, which a browser runs only in compiled form: serve its SEF (the reference server compiles /xslt/{path}.sef.json) and name it with provideUiGrid({ sefResolver: serverCompiledStylesheets() })`,
        key,
      );
    }
    if (!given) this.compileCount++;
    if (!sef) checkStylesheet(saxon, stylesheetText, key);
    const version = given ? sefVersion(given) : stylesheetVersion(stylesheetText);
    const stylesheet: SaxonStylesheet = { key, version, text: stylesheetText, ...(sef ? { sef } : {}) };
    this.compiled.set(key, stylesheet);
    this.own.add(stylesheet);
    return stylesheet;
  }

  async transform(stylesheet: CompiledStylesheet, input: Document, params: Readonly<Record<string, XsltParamValue>>): Promise<string> {
    // The stylesheet handed in runs, not whatever the cache holds under its key now.
    if (!this.own.has(stylesheet)) throw new WrsError('TRANSFORM_FAILED', `Stylesheet ${describeKey(stylesheet.key)} was not compiled by this engine`, stylesheet.key);
    const own = stylesheet as SaxonStylesheet;
    const saxon = await loadSaxon(this.scriptUrl);
    // saxon-js reads only its own DOM: the npm package (also inside the browser bundle) has its own, and an @xmldom or
    // a browser document comes out empty. So the input is handed over as text.
    const src = await saxon.getResource({ text: serializeXml(input), type: 'xml' });
    const values: [string, unknown][] = [];
    for (const [name, value] of Object.entries(params)) {
      if (value === null || value === undefined) continue;
      values.push([name, typeof value === 'object' ? await saxon.getResource({ text: serializeXml(value), type: 'xml' }) : value]);
    }
    try {
      if (own.sef) return runSef(saxon, own.sef, src, values);
      this.compileCount++;
      return runText(saxon, own.text, src, values);
    } catch (e) {
      throw new WrsError('TRANSFORM_FAILED', `XSLT error in ${describeKey(stylesheet.key)}: ${saxonMessage(e)}`, stylesheet.key);
    }
  }

  clearCache(): void {
    this.compiled.clear();
  }
}

// Asking for a template no stylesheet has makes saxon compile the stylesheet and stop before running user code.
function checkStylesheet(saxon: SaxonApi, text: string, key: string): void {
  try {
    saxon.XPath.evaluate(COMPILE_CHECK, null, { params: { xsl: text } });
  } catch (e) {
    if (shortCode((e as { code?: unknown })?.code) !== NO_SUCH_TEMPLATE) {
      throw new WrsError('CHAIN_LOAD_FAILED', `XSLT compile error in ${describeKey(key)}: ${saxonMessage(e)}`, key);
    }
  }
}

/** Runs a compiled SEF through SaxonJS.transform's documented `stylesheetText` option: no compilation. */
function runSef(saxon: SaxonApi, sef: string, src: unknown, values: readonly [string, unknown][]): string {
  const stylesheetParams: Record<string, unknown> = {};
  for (const [name, value] of values) stylesheetParams[`Q{}${name}`] = value;
  const result = saxon.transform({
    stylesheetText: sef,
    sourceNode: src,
    destination: 'serialized',
    stylesheetParams,
    outputProperties: { 'omit-xml-declaration': true },
    deliverMessage: () => undefined,
  });
  return typeof result?.principalResult === 'string' ? result.principalResult : '';
}

/** Runs stylesheet text through fn:transform, which compiles it again. */
function runText(saxon: SaxonApi, text: string, src: unknown, values: readonly [string, unknown][]): string {
  const variables: Record<string, unknown> = { xsl: text, src };
  values.forEach(([name, value], i) => {
    variables[`n${i}`] = name;
    variables[`v${i}`] = value;
  });
  const result = saxon.XPath.evaluate(transformExpression(values.length), null, { params: variables }) as { output?: unknown };
  return typeof result?.output === 'string' ? result.output : '';
}

function describeKey(key: string): string {
  return key.startsWith('text:') ? 'an inline stylesheet' : key;
}
