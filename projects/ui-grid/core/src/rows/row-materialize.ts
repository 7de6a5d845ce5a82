import { expectedFragmentElements } from '../xml/root-content-split';
import { xmlDom } from '../xml/dom';
import { DataSpan } from './row-scan';

const XMLNS = 'http://www.w3.org/2000/xmlns/';

/**
 * Parses pieces of `wrs:Data`'s content (rows and what stands between them) into nodes of the document `data` belongs
 * to, in the namespace scope of `data`: the nodes a parse of the whole text would have built there. In browsers the
 * fragment parser builds them where it gives the document parser's result (the guards of `parseXml`'s fragment path);
 * otherwise, and under @xmldom/xmldom, the piece is parsed inside copies of the root and `wrs:Data` start tags and its
 * nodes moved over.
 */
export class RowParser {
  /** Prefixes declared in the scope of `wrs:Data`, or null where the fragment parser is not to be used. */
  private readonly fragmentPrefixes: string[] | null;
  /**
   * One range, collapsed at the start of `wrs:Data`, gives the fragment parser its context: the document updates every
   * live range on each insert, so a range per parse would make building the rows quadratic.
   */
  private range: Range | null = null;

  constructor(private readonly data: Element, private readonly span: DataSpan) {
    this.fragmentPrefixes = fragmentScope(data);
  }

  /** Parses a piece of text and appends its nodes to `parent`. Malformed text raises `parseXml`'s XML_PARSE error. */
  parseInto(parent: Node, piece: string): void {
    if (piece === '') return;
    const fragment = this.parseAsFragment(piece);
    // One append moves all nodes of the fragment: cheaper than moving them one by one.
    if (fragment) parent.appendChild(fragment);
    else for (const node of this.parseWrapped(piece)) parent.appendChild(node);
  }

  private parseAsFragment(piece: string): DocumentFragment | null {
    const doc = this.data.ownerDocument!;
    if (this.fragmentPrefixes === null || typeof doc.createRange !== 'function') return null;
    const elements = expectedFragmentElements({ head: this.span.rootTag + this.span.dataTag, content: piece, tail: '' }, this.fragmentPrefixes);
    if (elements < 0) return null;
    let fragment: DocumentFragment;
    try {
      fragment = this.context().createContextualFragment(piece);
    } catch {
      return null;
    }
    return fragment.querySelectorAll('*').length === elements ? fragment : null;
  }

  private context(): Range {
    if (!this.range) {
      this.range = this.data.ownerDocument!.createRange();
      this.range.setStart(this.data, 0);
    }
    return this.range;
  }

  private parseWrapped(piece: string): Node[] {
    const { rootTag, dataTag, rootName, dataName } = this.span;
    const wrapped = xmlDom().parse(`${rootTag}${dataTag}${piece}</${dataName}></${rootName}>`);
    const data = wrapped.documentElement.firstChild!;
    const doc = this.data.ownerDocument!;
    // Browsers move the nodes; @xmldom/xmldom has no adoptNode: its implementation hands them over, else copies.
    const take = xmlDom().takeChildren;
    if (take && !(typeof (doc as Partial<Document>).adoptNode === 'function' && typeof doc.createRange === 'function')) return take(data, doc);
    const nodes: Node[] = [];
    for (let c = data.firstChild; c; c = c.nextSibling) nodes.push(c);
    if (typeof (doc as Partial<Document>).adoptNode === 'function' && typeof doc.createRange === 'function') {
      return nodes.map((n) => doc.adoptNode(n));
    }
    return nodes.map((n) => doc.importNode(n, true));
  }
}

/**
 * The prefixes in scope at `data` when Blink's fragment parser may parse rows there, as `parseXml` allows it for the
 * root's content: no `xml:xmlns` declaration, no namespace bound to two prefixes. Null otherwise.
 */
function fragmentScope(data: Element): string[] | null {
  const prefixes: string[] = [];
  const uris = new Set<string>();
  for (let el: Element | null = data; el; el = el.parentNode as Element | null) {
    if (!el.attributes) break;
    for (const attribute of Array.from(el.attributes)) {
      if (attribute.localName === 'xmlns' && attribute.namespaceURI !== XMLNS) return null;
      if (attribute.namespaceURI !== XMLNS) continue;
      if (uris.has(attribute.value)) return null;
      uris.add(attribute.value);
      if (attribute.prefix === 'xmlns') prefixes.push(attribute.localName);
    }
  }
  return prefixes;
}
