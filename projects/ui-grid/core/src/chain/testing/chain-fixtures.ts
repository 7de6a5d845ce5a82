import { WrsError } from '../../errors';
import type { DataProvider } from '../../data-provider/data-provider';
import type { XmlLoader } from '../../data-provider/xml-loader';
import { NS } from '../../xml/namespaces';

// Loaders, status recorders and stylesheets shared by the ModelWrapper specs.

export const XSL = 'http://www.w3.org/1999/XSL/Transform';
export const OK = ['InitializedStatus', 'LoadingStatus', 'ChainLoadedStatus', 'WaitingForParametersStatus', 'TransformingStatus', 'TransformedStatus'];

/** A loader over a map of url -> text; a missing url fails as fetch does on 404. */
export function mapLoader(files: Record<string, string>): XmlLoader & { calls: string[] } {
  const calls: string[] = [];
  const loader = (async (url: string) => {
    calls.push(url);
    if (!(url in files)) throw new WrsError('LOAD_FAILED', `HTTP 404 Not Found from ${url}`, url, { status: 404 });
    return files[url];
  }) as XmlLoader & { calls: string[] };
  loader.calls = calls;
  return loader;
}

export function statuses(provider: DataProvider): string[] {
  const seen: string[] = [];
  provider.status$.subscribe((s) => seen.push(s.name));
  return seen;
}

export const rowCountXslt3 = `<xsl:stylesheet version="3.0" xmlns:xsl="${XSL}" xmlns:wrs="${NS.wrs}">
  <xsl:param name="label" select="'none'"/>
  <xsl:param name="extra" select="()"/>
  <xsl:template match="/">
    <Summary label="{$label}" rows="{count(/*/wrs:Data/*)}" extra="{$extra/*/@v}">
      <xsl:value-of select="string-join(/*/wrs:Data/*/wrs:C[1], '|')"/>
    </Summary>
  </xsl:template>
</xsl:stylesheet>`;

// In XSLT 1.0 (backwards-compatible mode) value-of takes the first node only; in 3.0 it joins all with spaces.
export const firstNameXslt1 = `<xsl:stylesheet version="1.0" xmlns:xsl="${XSL}" xmlns:wrs="${NS.wrs}">
  <xsl:template match="/"><Names><xsl:value-of select="/*/wrs:Data/*/wrs:C[1]"/></Names></xsl:template>
</xsl:stylesheet>`;
export const allNamesXslt3 = firstNameXslt1.replace('version="1.0"', 'version="3.0"');
