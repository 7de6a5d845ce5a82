import { WrsError, errorMessage } from '../errors';
import { childElements, parseXml, serializeXml } from '../xml/dom';
import { NS } from '../xml/namespaces';

/** Where a stylesheet came from, so the modules it includes or imports resolve against it. */
export interface StylesheetSource {
  /** The URL the stylesheet was fetched from (as the chain's loader takes it). */
  readonly url: string;
  /** Fetches a module by URL (the chain's loader). */
  fetchText(url: string): Promise<string>;
}

/** A stylesheet module fetched for a compiler that reads modules from local files. */
export interface StylesheetModule {
  /** The file name the including module's href now names (same folder as the main stylesheet). */
  readonly fileName: string;
  readonly url: string;
  readonly text: string;
}

/** The main stylesheet with its hrefs rewritten, and every module it includes or imports (recursively). */
export interface GatheredStylesheet {
  readonly text: string;
  readonly modules: readonly StylesheetModule[];
}

const MAX_MODULES = 100;

/** `url` resolved against `base`: URLs with a scheme by the URL rules, plain paths by their folder. */
export function resolveUrl(url: string, base: string | undefined): string {
  if (!base || /^[a-z][a-z0-9+.-]*:|^\//i.test(url)) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(base)) return new URL(url, base).toString();
  const slash = base.lastIndexOf('/');
  return slash < 0 ? url : base.slice(0, slash + 1) + url;
}

function moduleLinks(doc: Document): Element[] {
  const root = doc.documentElement;
  if (!root) return [];
  return childElements(root).filter((e) => e.namespaceURI === NS.xsl && (e.localName === 'include' || e.localName === 'import') && e.hasAttribute('href'));
}

/** True when the stylesheet text includes or imports other modules (false for text that is not XML). */
export function hasStylesheetModules(text: string): boolean {
  try {
    return moduleLinks(parseXml(text)).length > 0;
  } catch {
    return false;
  }
}

/**
 * Fetches the modules a stylesheet includes or imports, through the chain's loader, so that a compiler reading
 * modules from local files (xslt3 in Node, which cannot fetch http modules) finds them: each module gets a file
 * name, and the hrefs naming it are rewritten to that name. `file:` modules stay where they are (named by absolute
 * URL). Fetch and parse failures, and more than 100 modules, raise CHAIN_LOAD_FAILED naming the module.
 */
export async function gatherStylesheetModules(text: string, source: StylesheetSource, name: string): Promise<GatheredStylesheet> {
  const byUrl = new Map<string, StylesheetModule>();
  const modules: StylesheetModule[] = [];

  const rewrite = async (moduleText: string, moduleUrl: string, label: string): Promise<string> => {
    let doc: Document;
    try {
      doc = parseXml(moduleText);
    } catch (e) {
      throw new WrsError('CHAIN_LOAD_FAILED', `${label} is not well-formed XML: ${errorMessage(e)}`, moduleUrl);
    }
    const links = moduleLinks(doc);
    if (links.length === 0) return moduleText;
    for (const link of links) {
      const url = resolveUrl(link.getAttribute('href')!, moduleUrl);
      if (/^file:/i.test(url)) {
        link.setAttribute('href', url);
        continue;
      }
      let module = byUrl.get(url);
      if (!module) {
        if (byUrl.size >= MAX_MODULES) throw new WrsError('CHAIN_LOAD_FAILED', `${name} includes or imports more than ${MAX_MODULES} modules`, url);
        const fileName = `module-${byUrl.size + 1}.xsl`;
        // Registered before its own modules are read: a module that includes itself is the compiler's error, not a loop.
        byUrl.set(url, { fileName, url, text: '' });
        let fetched: string;
        try {
          fetched = await source.fetchText(url);
        } catch (e) {
          throw new WrsError('CHAIN_LOAD_FAILED', `${name}: cannot fetch the module ${url} it includes or imports: ${errorMessage(e)}`, url);
        }
        module = { fileName, url, text: await rewrite(fetched, url, `The module ${url} of ${name}`) };
        byUrl.set(url, module);
        modules.push(module);
      }
      link.setAttribute('href', module.fileName);
    }
    return serializeXml(doc);
  };

  return { text: await rewrite(text, source.url, name), modules };
}
