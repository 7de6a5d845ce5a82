import type { StylesheetSource } from './stylesheet-modules';

/** A value an `xsl:param` can take: text, a number, a boolean or a document (null leaves the param at its default). */
export type XsltParamValue = string | number | boolean | Document | null;

/** A stylesheet the engine has compiled and will reuse; `key` is its URL or a hash of its text. */
export interface CompiledStylesheet {
  readonly key: string;
  /** The `version` attribute of the stylesheet: `1.0` runs in backwards-compatible mode. */
  readonly version: string;
}

/**
 * Runs XSLT for chains. `compile` fails with CHAIN_LOAD_FAILED (stylesheet is not XML, static error),
 * `transform` with TRANSFORM_FAILED (dynamic error, `xsl:message terminate="yes"`); both name the stylesheet.
 */
export interface XsltEngine {
  readonly name: string;
  /**
   * Compiles a stylesheet (XSLT text, or an engine's compiled form) once per key; later calls answer from the cache.
   * `source`, for a stylesheet fetched by URL, is where its xsl:include and xsl:import hrefs resolve.
   */
  compile(stylesheetText: string, key: string, source?: StylesheetSource): Promise<CompiledStylesheet>;
  /** The stylesheet compiled under a key, or null (a URL compiled once is not fetched again). */
  cached(key: string): CompiledStylesheet | null;
  /** Runs a compiled stylesheet over a document and returns the serialized result. */
  transform(stylesheet: CompiledStylesheet, input: Document, params: Readonly<Record<string, XsltParamValue>>): Promise<string>;
  /** Forgets every compiled stylesheet. */
  clearCache(): void;
}

