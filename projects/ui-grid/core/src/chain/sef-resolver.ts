/**
 * Says where the compiled form (SaxonJS SEF) of a stylesheet URL is served. A chain asks for it before the
 * stylesheet itself and runs it without compiling; a 404 there, or null here, falls back to the stylesheet.
 */
export interface SefResolver {
  /** The URL of the SEF compiled from `stylesheetUrl`, or null when there is none to ask for. */
  sefUrl(stylesheetUrl: string): string | null;
}

/**
 * The reference server's protocol (`projects/wrs-server`, `GET /xslt/<path>.sef.json`): a stylesheet URL ending in
 * `.xsl` or `.xslt`, below `under` when given (a URL prefix such as `'/xslt/'`), has its SEF at the same URL plus
 * `.sef.json`, compiled by the server on first request.
 */
export function serverCompiledStylesheets(options: { under?: string } = {}): SefResolver {
  const under = options.under ?? '';
  return {
    sefUrl(stylesheetUrl) {
      const served = stylesheetUrl.startsWith(under) && /\.xslt?$/i.test(stylesheetUrl) && !/[?#]/.test(stylesheetUrl);
      return served ? `${stylesheetUrl}.sef.json` : null;
    },
  };
}

let defaultResolver: SefResolver | null = null;

/** Sets the resolver chains use when none is given (null: stylesheets are fetched as they are). */
export function setDefaultSefResolver(resolver: SefResolver | null): void {
  defaultResolver = resolver;
}

export function getDefaultSefResolver(): SefResolver | null {
  return defaultResolver;
}
