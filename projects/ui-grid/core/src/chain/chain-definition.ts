import type { DataProvider } from '../data-provider/data-provider';

/** What a step receives besides its input: parameters by name (strings, numbers, booleans, documents). */
export type ChainParams = Readonly<Record<string, unknown>>;

/** A JS step: gets the document and the parameters, returns a document or XML text (or a Promise of either). */
export type JsChainStep = (doc: Document, params: ChainParams) => Document | string | Promise<Document | string>;

/**
 * One step of a chain: a JS function; the URL of an XSLT stylesheet or of a `chain:Chain` document (a name
 * registered with `registerChainFunction`, such as `gridTooltip.xslt`, runs that built-in); XSLT or a
 * `chain:Chain` as text (starting with `<`) or as a document; a stylesheet compiled by xslt3 (SEF JSON text, starting
 * with `{`, or a URL answering one), which runs without being compiled again.
 */
export type ChainStepDefinition = JsChainStep | string | Document;

/** A chain definition (`chainDef` in the spec): one step or several, run in order. */
export type ChainDefinition = ChainStepDefinition | readonly ChainStepDefinition[];

/** A value of `ModelWrapper` `parameters`: a provider becomes a parameter provider the chain waits for. */
export type ChainParameterValue = string | number | boolean | Document | DataProvider | null;
