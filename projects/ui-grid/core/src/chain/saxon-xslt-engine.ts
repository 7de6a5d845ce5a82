import { WrsError } from '../errors';
import { serializeXml } from '../xml/dom';
import { CompiledStylesheet, XsltEngine, XsltParamValue } from './xslt-engine';

/** The part of the saxon-js API the engine uses (public API only: getResource and XPath's fn:transform). */
interface SaxonApi {
  getResource(options: { text: string; type: 'xml' }): Promise<unknown>;
  XPath: { evaluate(xpath: string, context: unknown, options: { params: Record<string, unknown> }): unknown };
}

interface SaxonStylesheet extends CompiledStylesheet {
  readonly text: string;
}

/** Where the browser loads the saxon-js bundle from (scripts/build-saxon-bundle.mjs writes it; apps serve it as an asset). */
export const DEFAULT_SAXON_SCRIPT_URL = 'saxon-js/saxon-js.js';

// The one saxon-js instance of this page or process, loaded on the first XSLT step.
let saxonLoad: Promise<SaxonApi> | null = null;

function loadSaxon(scriptUrl: string): Promise<SaxonApi> {
  const g = globalThis as { SaxonJS?: SaxonApi; document?: Document; process?: { getBuiltinModule?: (id: string) => unknown } };
  if (g.SaxonJS) return Promise.resolve(g.SaxonJS);
  saxonLoad ??= (g.document?.createElement ? loadScript(g.document, scriptUrl) : requireInNode(g.process)).catch((e) => {
    saxonLoad = null;
    throw e;
  });
  return saxonLoad;
}

// A classic script: the bundle is a non-strict IIFE that defines the global SaxonJS (design.md section 7).
function loadScript(doc: Document, url: string): Promise<SaxonApi> {
  return new Promise<SaxonApi>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const api = (globalThis as { SaxonJS?: SaxonApi }).SaxonJS;
      if (api) resolve(api);
      else reject(new WrsError('CHAIN_LOAD_FAILED', `The script ${url} did not define SaxonJS`, url));
    };
    script.onerror = () => {
      script.remove();
      reject(new WrsError('CHAIN_LOAD_FAILED', `Cannot load the XSLT engine script ${url} (is the saxon-js bundle served as an asset?)`, url));
    };
    doc.head.appendChild(script);
  });
}

// process.getBuiltinModule keeps node:module out of browser bundles, which never take this path.
async function requireInNode(proc?: { getBuiltinModule?: (id: string) => unknown }): Promise<SaxonApi> {
  const nodeModule = proc?.getBuiltinModule?.('node:module') as { createRequire(from: string): (id: string) => unknown } | undefined;
  if (!nodeModule) throw new WrsError('CHAIN_LOAD_FAILED', 'No browser document and no Node.js module loader: cannot load saxon-js');
  return nodeModule.createRequire(import.meta.url)('saxon-js') as SaxonApi;
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

// Asking for a template no stylesheet has makes saxon compile the stylesheet and stop before running user code.
const COMPILE_CHECK = "transform(map{'stylesheet-text': $xsl, 'initial-template': QName('urn:ngx-wrs-grid:compile-check', 'none'), 'delivery-format': 'serialized'})";
const NO_SUCH_TEMPLATE = 'XTDE0040';
// Parameter names and values travel as variables ($n0, $v0, ...), never as expression text.
function transformExpression(count: number): string {
  const entries = Array.from({ length: count }, (_, i) => `QName('', $n${i}): $v${i}`).join(', ');
  return `transform(map{'stylesheet-text': $xsl, 'source-node': $src, 'delivery-format': 'serialized', 'serialization-params': map{'omit-xml-declaration': true()}, 'stylesheet-params': map{${entries}}})`;
}

function stylesheetVersion(text: string): string {
  const root = /<([A-Za-z_][\w.-]*:)?(stylesheet|transform)\b[^>]*>/.exec(text);
  const version = root && /\sversion\s*=\s*["']([^"']+)["']/.exec(root[0]);
  return version ? version[1] : '';
}

/**
 * The saxon-js XSLT engine, in Node (`require('saxon-js')`) and in browsers (the bundle, loaded lazily by a script
 * tag on the first XSLT step). XSLT 1.0 stylesheets run in backwards-compatible mode, 2.0 and 3.0 as such.
 * saxon-js 2 compiles stylesheet text inside fn:transform; the engine checks each stylesheet once (static errors
 * surface at load time) and keeps its text by key, so a URL is fetched once.
 */
export class SaxonXsltEngine implements XsltEngine {
  readonly name = 'saxon-js';
  private readonly compiled = new Map<string, SaxonStylesheet>();

  constructor(private readonly scriptUrl: string = DEFAULT_SAXON_SCRIPT_URL) {}

  /** Loads saxon-js now (it is otherwise loaded on the first compile). */
  load(): Promise<unknown> {
    return loadSaxon(this.scriptUrl);
  }

  cached(key: string): CompiledStylesheet | null {
    return this.compiled.get(key) ?? null;
  }

  async compile(stylesheetText: string, key: string): Promise<CompiledStylesheet> {
    const cached = this.compiled.get(key);
    if (cached && cached.text === stylesheetText) return cached;
    const saxon = await loadSaxon(this.scriptUrl);
    try {
      saxon.XPath.evaluate(COMPILE_CHECK, null, { params: { xsl: stylesheetText } });
    } catch (e) {
      if (shortCode((e as { code?: unknown })?.code) !== NO_SUCH_TEMPLATE) {
        throw new WrsError('CHAIN_LOAD_FAILED', `XSLT compile error in ${describeKey(key)}: ${saxonMessage(e)}`, key);
      }
    }
    const stylesheet: SaxonStylesheet = { key, version: stylesheetVersion(stylesheetText), text: stylesheetText };
    this.compiled.set(key, stylesheet);
    return stylesheet;
  }

  async transform(stylesheet: CompiledStylesheet, input: Document, params: Readonly<Record<string, XsltParamValue>>): Promise<string> {
    const own = this.compiled.get(stylesheet.key);
    if (!own) throw new WrsError('TRANSFORM_FAILED', `Stylesheet ${describeKey(stylesheet.key)} was not compiled by this engine`, stylesheet.key);
    const saxon = await loadSaxon(this.scriptUrl);
    const src = await saxon.getResource({ text: serializeXml(input), type: 'xml' });
    const variables: Record<string, unknown> = { xsl: own.text, src };
    let count = 0;
    for (const [name, value] of Object.entries(params)) {
      if (value === null || value === undefined) continue;
      variables[`n${count}`] = name;
      variables[`v${count}`] = typeof value === 'object' ? await saxon.getResource({ text: serializeXml(value), type: 'xml' }) : value;
      count++;
    }
    let result: { output?: unknown };
    try {
      result = saxon.XPath.evaluate(transformExpression(count), null, { params: variables }) as { output?: unknown };
    } catch (e) {
      throw new WrsError('TRANSFORM_FAILED', `XSLT error in ${describeKey(stylesheet.key)}: ${saxonMessage(e)}`, stylesheet.key);
    }
    return typeof result?.output === 'string' ? result.output : '';
  }

  clearCache(): void {
    this.compiled.clear();
  }
}

function describeKey(key: string): string {
  return key.startsWith('text:') ? 'an inline stylesheet' : key;
}
