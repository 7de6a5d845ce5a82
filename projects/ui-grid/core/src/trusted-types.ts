/** The name of the library's one Trusted Types policy: list it in the CSP's `trusted-types` directive. */
export const TRUSTED_TYPES_POLICY = 'ngx-wrs-grid';

interface TrustedTypesPolicy {
  createHTML(input: string): unknown;
  createScriptURL(input: string): unknown;
}

interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createHTML(s: string): string; createScriptURL(s: string): string }): TrustedTypesPolicy;
}

// Made on first use and kept private to this module, so no other code can pass strings through it. Null where the
// browser has no Trusted Types, or where the page's CSP does not allow the name: strings go to the sinks as they are.
let policy: TrustedTypesPolicy | null | undefined;

function ownPolicy(): TrustedTypesPolicy | null {
  if (policy !== undefined) return policy;
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  try {
    policy = factory ? factory.createPolicy(TRUSTED_TYPES_POLICY, { createHTML: (s) => s, createScriptURL: (s) => s }) : null;
  } catch {
    policy = null;
  }
  return policy;
}

/**
 * Text for a parser that builds an inert document or fragment, which runs no script: XML for DOMParser, or HTML that
 * is sanitized after parsing (chain output). Never for a sink that puts markup into the live page.
 */
export function trustedParserInput(text: string): string {
  return (ownPolicy()?.createHTML(text) as string | undefined) ?? text;
}

/** The URL of the XSLT engine's script (an app setting, never data) for a script element's `src`. */
export function trustedEngineScriptUrl(url: string): string {
  return (ownPolicy()?.createScriptURL(url) as string | undefined) ?? url;
}
