// The default import: Node's ESM loader sees no named exports in fontoxpath's CommonJS build.
import fontoxpath from 'fontoxpath';
import { XPathEngine, namespaceUri, xpathSyntaxError } from 'ngx-wrs-grid/core';

/**
 * fontoxpath (XPath 3.1) for DOMs without `evaluate` (@xmldom/xmldom in Node). Chosen over the `xpath`
 * package, which is quadratic on Wrs documents (README, design.md section 7).
 */
export const fontoXPathEngine: XPathEngine = {
  name: 'fontoxpath',
  evaluate(expression, context) {
    const { evaluateXPath } = fontoxpath;
    let value: unknown;
    try {
      value = evaluateXPath(expression, context, null, null, evaluateXPath.ANY_TYPE, {
        namespaceResolver: namespaceUri,
        language: evaluateXPath.XPATH_3_1_LANGUAGE,
      });
    } catch (e) {
      throw xpathSyntaxError(expression, e);
    }
    if (value === null || value === undefined) return [];
    if (Array.isArray(value)) {
      if (value.every(isNode)) return value as Node[];
      return value.map(String).join(' ');
    }
    if (isNode(value)) return [value as Node];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    return String(value);
  },
};

function isNode(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as Node).nodeType === 'number';
}
