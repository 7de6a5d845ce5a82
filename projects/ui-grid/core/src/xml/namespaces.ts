/** The public namespaces of the Wrs family; XPath in the API may use these prefixes undeclared. */
export const NS = {
  wrs: 'http://www.businesscode.de/schema/bcdui/wrs-1.0.0',
  wrq: 'http://www.businesscode.de/schema/bcdui/wrs-request-1.0.0',
  f: 'http://www.businesscode.de/schema/bcdui/filter-1.0.0',
  grid: 'http://www.businesscode.de/schema/bcdui/grid-1.0.0',
  chain: 'http://www.businesscode.de/schema/bcdui/chain-1.0.0',
  guiStatus: 'http://www.businesscode.de/schema/bcdui/guiStatus-1.0.0',
  cm: 'http://www.businesscode.de/schema/bcdui/contextMenu-1.0.0',
  xsl: 'http://www.w3.org/1999/XSL/Transform',
  xs: 'http://www.w3.org/2001/XMLSchema',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

export type NsPrefix = keyof typeof NS;

const byPrefix: Record<string, string> = NS;

/** Namespace URI of a pre-bound prefix, or null. */
export function namespaceUri(prefix: string | null | undefined): string | null {
  if (!prefix) return null;
  return byPrefix[prefix] ?? null;
}
