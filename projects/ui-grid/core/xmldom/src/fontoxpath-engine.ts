// The default import: Node's ESM loader sees no named exports in fontoxpath's CommonJS build.
import fontoxpath from 'fontoxpath';
import { XPathEngine, namespaceUri, xpathSyntaxError } from 'ngx-wrs-grid/core';

/**
 * fontoxpath (XPath 3.1) for DOMs without `evaluate` (@xmldom/xmldom in Node). Chosen over the `xpath`
 * package, which is quadratic on Wrs documents (docs/performance.md).
 */
export const fontoXPathEngine: XPathEngine = {
  name: 'fontoxpath',
  evaluate(expression, context) {
    const { evaluateXPath } = fontoxpath;
    let value: unknown;
    try {
      // ALL_RESULTS: ANY_TYPE turned selected attributes into their string values (no nodes to write or remove).
      value = evaluateXPath(expression, context, null, null, evaluateXPath.ALL_RESULTS_TYPE, {
        namespaceResolver: namespaceUri,
        language: evaluateXPath.XPATH_3_1_LANGUAGE,
      });
    } catch (e) {
      throw xpathSyntaxError(expression, e);
    }
    const items = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
    if (items.every(isNode)) return items as Node[];
    if (items.length === 1 && (typeof items[0] === 'string' || typeof items[0] === 'number' || typeof items[0] === 'boolean')) return items[0];
    return items.map(String).join(' ');
  },
};

function isNode(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as Node).nodeType === 'number';
}
