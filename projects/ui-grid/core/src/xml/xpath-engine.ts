import { WrsError } from '../errors';
import { XMLDOM_ENTRY_POINT, ownerDocumentOf } from './dom';
import { namespaceUri } from './namespaces';

/** What an XPath evaluates to: a node list in document order, or an atomic value. */
export type XPathValue = Node[] | string | number | boolean;

/** One small seam for general XPath: native `document.evaluate` in browsers, a registered engine (fontoxpath) in Node. */
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
      throw xpathSyntaxError(expression, e);
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
        return inDocumentOrder(nodes);
      }
    }
  },
};

/**
 * The ANY result type gives node sets as an unordered iterator: a reverse axis (`preceding-sibling::*`) came back
 * nearest first. Nodes already in document order (the usual case) are checked once and kept as they are.
 */
function inDocumentOrder(nodes: Node[]): Node[] {
  const before = (a: Node, b: Node) => (a.compareDocumentPosition(b) & 4) !== 0;
  for (let i = 1; i < nodes.length; i++) {
    if (!before(nodes[i - 1], nodes[i])) return nodes.sort((a, b) => (a === b ? 0 : before(a, b) ? -1 : 1));
  }
  return nodes;
}

/** The XPATH_SYNTAX error an engine raises for an expression it cannot evaluate. */
export function xpathSyntaxError(expression: string, cause: unknown): WrsError {
  const message = cause instanceof Error ? cause.message : String(cause);
  return new WrsError('XPATH_SYNTAX', `Cannot evaluate XPath "${expression}": ${message.split('\n')[0]}`, expression);
}

let override: XPathEngine | null = null;
let registered: XPathEngine | null = null;

/** Replaces the automatic engine choice; null restores it. */
export function setXPathEngine(engine: XPathEngine | null): void {
  override = engine;
}

/**
 * Registers the engine for documents that cannot evaluate XPath themselves; `import 'ngx-wrs-grid/core/xmldom'`
 * registers fontoxpath. Returns the one registered before; null unregisters.
 */
export function registerXPathEngine(engine: XPathEngine | null): XPathEngine | null {
  const previous = registered;
  registered = engine;
  return previous;
}

/** The engine for a node: native where its document can evaluate XPath, the registered one otherwise. */
export function xpathEngineFor(context: Node): XPathEngine {
  if (override) return override;
  const doc = ownerDocumentOf(context);
  if (typeof (doc as Partial<Document>).evaluate === 'function') return nativeXPathEngine;
  if (!registered) {
    throw new WrsError(
      'NO_XPATH_ENGINE',
      `No XPath engine for a document without evaluate(): add \`import '${XMLDOM_ENTRY_POINT}';\` once before using ngx-wrs-grid/core`,
    );
  }
  return registered;
}
