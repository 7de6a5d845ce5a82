// The DOM invariants every mutating operation keeps, on the browser DOM and on @xmldom/xmldom alike.
import { DataProvider } from '../src/data-provider/data-provider';
import { parseXml, serializeXml } from '../src/xml/dom';

const ELEMENT = 1;
const TEXT = 3;
const FRAGMENT = 11;
const XMLNS = 'http://www.w3.org/2000/xmlns/';
/** Findings listed at most: one broken parent of 100,000 rows would otherwise list every row. */
const MAX_FINDINGS = 20;

function label(node: Node): string {
  const id = node.nodeType === ELEMENT ? (node as Element).getAttribute('id') : null;
  return id === null ? node.nodeName : `${node.nodeName}[@id='${id}']`;
}

function siblingChain(parent: Node, out: string[]): Node[] {
  const chain: Node[] = [];
  let previous: Node | null = null;
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c.parentNode !== parent) out.push(`${label(c)} under ${label(parent)} names ${c.parentNode ? label(c.parentNode) : 'no parent'} as parent`);
    if (c.previousSibling !== previous) out.push(`${label(c)} under ${label(parent)} has a wrong previousSibling`);
    chain.push(c);
    previous = c;
    // A cycle in the chain would never end the walk.
    if (chain.length > parent.childNodes.length + 1_000_000) break;
  }
  if (parent.lastChild !== previous) out.push(`lastChild of ${label(parent)} is not the end of its sibling chain`);
  return chain;
}

function checkChildren(parent: Node, chain: Node[], out: string[]): void {
  const list = parent.childNodes;
  if (list.length !== chain.length) out.push(`${label(parent)}: childNodes holds ${list.length} nodes, its sibling chain ${chain.length}`);
  for (let i = 0; i < list.length; i++) {
    if (list[i]?.nodeType === FRAGMENT) out.push(`${label(parent)}: childNodes[${i}] is a document fragment`);
    else if (list[i] !== chain[i]) out.push(`${label(parent)}: childNodes[${i}] is ${list[i] ? label(list[i]) : 'missing'}, its sibling chain has ${chain[i] ? label(chain[i]) : 'no node'} there`);
  }
}

function checkNames(element: Element, out: string[]): void {
  const qname = element.prefix ? `${element.prefix}:${element.localName}` : element.localName;
  if (element.nodeName !== qname || element.tagName !== qname) {
    out.push(`element names disagree: nodeName ${element.nodeName}, tagName ${element.tagName}, prefix ${element.prefix}, localName ${element.localName}`);
  }
}

/** The structure of a node as a reader of `childNodes` sees it; adjacent texts merged, empty ones left out (as a parse gives them). */
function shape(node: Node): string {
  if (node.nodeType !== ELEMENT) return `${node.nodeType}:${node.nodeName}:${node.nodeValue ?? ''}`;
  const e = node as Element;
  const attributes: string[] = [];
  for (let i = 0; i < e.attributes.length; i++) {
    const a = e.attributes[i];
    if (a.namespaceURI !== XMLNS) attributes.push(`{${a.namespaceURI ?? ''}}${a.localName}=${a.value}`);
  }
  return `{${e.namespaceURI ?? ''}}${e.localName} ${attributes.sort().join(' ')}`;
}

function childShapes(parent: Node): { node: Node; shape: string }[] {
  const out: { node: Node; shape: string }[] = [];
  const list = parent.childNodes;
  for (let i = 0; i < list.length; i++) {
    const child = list[i];
    const last = out[out.length - 1];
    if (child.nodeType === TEXT && last?.node.nodeType === TEXT) last.shape += child.nodeValue ?? '';
    else out.push({ node: child, shape: shape(child) });
  }
  return out.filter((c) => c.shape !== '3:#text:');
}

function compareTrees(actual: Node, reparsed: Node, out: string[]): void {
  const pending: [Node, Node][] = [[actual, reparsed]];
  while (pending.length > 0 && out.length < MAX_FINDINGS) {
    const [a, b] = pending.pop()!;
    const as = childShapes(a);
    const bs = childShapes(b);
    const n = Math.max(as.length, bs.length);
    for (let i = 0; i < n; i++) {
      if (as[i]?.shape !== bs[i]?.shape) {
        out.push(`${label(a)}: child ${i + 1} is ${as[i]?.shape ?? 'missing'} in the document but ${bs[i]?.shape ?? 'missing'} after serialize -> parse`);
        break;
      }
      pending.push([as[i].node, bs[i].node]);
    }
  }
}

/**
 * What is inconsistent in a document, one line per finding (empty when nothing is): every node's `childNodes` is its
 * sibling chain (with parents and previous siblings agreeing), no document fragment sits in the tree, each element's
 * `nodeName`, `tagName` and `localName` agree, and serializing then parsing gives the same tree as `childNodes` shows.
 */
export function domProblems(doc: Document): string[] {
  const out: string[] = [];
  const pending: Node[] = [doc];
  while (pending.length > 0 && out.length < MAX_FINDINGS) {
    const node = pending.pop()!;
    if (node.nodeType === FRAGMENT) out.push(`a document fragment sits in the tree under ${node.parentNode ? label(node.parentNode) : 'nothing'}`);
    if (node.nodeType === ELEMENT) checkNames(node as Element, out);
    const chain = siblingChain(node, out);
    checkChildren(node, chain, out);
    for (const child of chain) pending.push(child);
  }
  if (out.length > 0) return out.slice(0, MAX_FINDINGS);
  let reparsed: Document;
  try {
    reparsed = parseXml(serializeXml(doc));
  } catch (e) {
    return [`serialize -> parse fails: ${(e as Error).message}`];
  }
  compareTrees(doc, reparsed, out);
  return out.slice(0, MAX_FINDINGS);
}

/** Expects `domProblems` of each document to be empty, in the running spec. */
export function expectConsistentDom(docs: Iterable<Document | null | undefined>, context: string): void {
  for (const doc of docs) if (doc) expect(domProblems(doc)).withContext(context).toEqual([]);
}

/**
 * Spies on the named methods of `target` (a prototype or an instance) so that each call, when it returns or its
 * promise settles (or it throws), expects the documents `docsOf` names to be consistent. Call it inside a spec or a `beforeEach`.
 */
export function checkDomAfterCalls<T extends object>(target: T, methods: readonly string[], docsOf: (self: T, args: unknown[], result: unknown) => Iterable<Document | null | undefined>): void {
  const methodsOf = target as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of methods) {
    const original = methodsOf[name];
    spyOn(methodsOf, name).and.callFake(function (this: T, ...args: unknown[]) {
      const check = (result: unknown) => expectConsistentDom(docsOf(this, args, result), `after ${name}`);
      let result: unknown;
      try {
        result = original.apply(this, args);
      } catch (error) {
        check(undefined);
        throw error;
      }
      if (!(result instanceof Promise)) {
        check(result);
        return result;
      }
      return result.then(
        (value) => (check(value), value),
        (error) => {
          check(undefined);
          throw error;
        },
      );
    });
  }
}

/** The DataProvider calls that may change its document. */
const PROVIDER_CHANGING_CALLS = ['execute', 'write', 'remove', 'tblInsert', 'tblUpdate', 'tblDelete', 'fire'];

/** In a `beforeEach`: every changing call of any DataProvider in the spec is followed by a check of its document. */
export function checkDomAfterProviderCalls(): void {
  checkDomAfterCalls(DataProvider.prototype, PROVIDER_CHANGING_CALLS, (provider) => [provider.getData()]);
}
