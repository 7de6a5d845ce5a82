import { evaluateXPath } from 'fontoxpath';
import { WrsError } from '../errors';
import { ownerDocumentOf } from './dom';
import { namespaceUri } from './namespaces';

/** What an XPath evaluates to: a node list in document order, or an atomic value. */
export type XPathValue = Node[] | string | number | boolean;

/** One small seam for general XPath: native `document.evaluate` in browsers, fontoxpath on @xmldom/xmldom in Node. */
export interface XPathEngine {
  readonly name: string;
  evaluate(expression: string, context: Node): XPathValue;
}

const nsResolver = (prefix: string | null): string | null => namespaceUri(prefix);

/** The browser's own XPath 1.0 evaluator: exact 1.0 semantics and linear on large documents. */
export const nativeXPathEngine: XPathEngine = {
  name: 'native',
  evaluate(expression, context) {
    const doc = ownerDocumentOf(context);
    let result: XPathResult;
    try {
      result = doc.evaluate(expression, context, nsResolver as XPathNSResolver, 0, null);
    } catch (e) {
      throw syntaxError(expression, e);
    }
    switch (result.resultType) {
      case 1:
        return result.numberValue;
      case 2:
        return result.stringValue;
      case 3:
        return result.booleanValue;
      default: {
        const nodes: Node[] = [];
        for (let n = result.iterateNext(); n; n = result.iterateNext()) nodes.push(n);
        return nodes;
      }
    }
  },
};

/**
 * fontoxpath (XPath 3.1) for DOMs without `evaluate` (@xmldom/xmldom in Node). Chosen over the `xpath`
 * package, which is quadratic on Wrs documents (README, design.md section 7).
 */
export const fontoXPathEngine: XPathEngine = {
  name: 'fontoxpath',
  evaluate(expression, context) {
    let value: unknown;
    try {
      value = evaluateXPath(expression, context, null, null, evaluateXPath.ANY_TYPE, {
        namespaceResolver: nsResolver,
        language: evaluateXPath.XPATH_3_1_LANGUAGE,
      });
    } catch (e) {
      throw syntaxError(expression, e);
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

function syntaxError(expression: string, cause: unknown): WrsError {
  const message = cause instanceof Error ? cause.message : String(cause);
  return new WrsError('XPATH_SYNTAX', `Cannot evaluate XPath "${expression}": ${message.split('\n')[0]}`, expression);
}

let override: XPathEngine | null = null;

/** Replaces the automatic engine choice; null restores it. */
export function setXPathEngine(engine: XPathEngine | null): void {
  override = engine;
}

/** The engine for a node: native where its document can evaluate XPath, fontoxpath otherwise. */
export function xpathEngineFor(context: Node): XPathEngine {
  if (override) return override;
  const doc = ownerDocumentOf(context);
  return typeof (doc as Partial<Document>).evaluate === 'function' ? nativeXPathEngine : fontoXPathEngine;
}
