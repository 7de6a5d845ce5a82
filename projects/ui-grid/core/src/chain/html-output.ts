import { trustedParserInput } from '../trusted-types';
import { parseXml, serializeXml } from '../xml/dom';

/** Puts a chain's HTML result into its target element; it must sanitize (no script, handlers or `javascript:` URLs). */
export type HtmlOutputPolicy = (html: string, target: Element) => void;

/** Namespace of the element that carries HTML output which is not well-formed XML (`ui:HtmlOutput`). */
export const HTML_OUTPUT_NS = 'urn:ngx-wrs-grid:html-output';

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

// Elements kept with their attributes filtered; any other element is unwrapped (its content kept).
const ALLOWED = new Set(
  ('a abbr b bdi bdo blockquote br caption cite code col colgroup dd del dfn div dl dt em figcaption figure footer h1 h2 h3 ' +
    'h4 h5 h6 header hr i img ins kbd label li mark nav ol p pre q s samp section small span strong sub sup table tbody td ' +
    'tfoot th thead time tr u ul var article aside details summary button')
    .split(' '),
);
// Elements dropped with everything inside them.
const DROPPED = new Set(
  'script style iframe frame frameset object embed applet base link meta template noscript noembed form input textarea select option svg math title head'.split(' '),
);
const ALLOWED_ATTRIBUTES = new Set('class title alt colspan rowspan width height align valign lang dir role scope headers abbr span start reversed'.split(' '));
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
// The data attributes the grid's menus act on. Other `data-*` go: scripts of a page (htmx's `data-hx-get`, Bootstrap's
// `data-bs-toggle`) act on theirs, so a chain's output must not carry them; an app wanting more sets its own policy.
const ACTION_ATTRIBUTES = new Set(['data-action', 'data-bcd-action']);
const SAFE_SCHEMES = /^(?:https?|mailto|ftp|tel):/i;

// A relative URL or a harmless scheme; control characters are dropped first, as browsers ignore them in schemes.
function isSafeUrl(value: string): boolean {
  const url = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return !/^[a-z0-9+.-]+:/i.test(url) || SAFE_SCHEMES.test(url);
}

function cleanAttributes(element: Element): void {
  for (const attr of Array.from(element.attributes)) {
    const name = attr.name.toLowerCase();
    const keep =
      ALLOWED_ATTRIBUTES.has(name) || ACTION_ATTRIBUTES.has(name) || /^aria-[a-z-]+$/.test(name) ||
      (URL_ATTRIBUTES.has(name) && isSafeUrl(attr.value));
    if (!keep) element.removeAttribute(attr.name);
  }
}

/**
 * An element parsed with an `is` attribute keeps its "is value" when the attribute goes, and a copy of it upgrades to
 * the page's customized built-in element of that name (its code runs with the chain's attributes): it is replaced by
 * a fresh element of the same name, holding its attributes (but `is`) and its children.
 */
function withoutIsValue(element: Element): Element {
  const fresh = element.ownerDocument!.createElementNS(element.namespaceURI, element.localName);
  for (const attr of Array.from(element.attributes)) {
    if (attr.name.toLowerCase() !== 'is') fresh.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
  }
  while (element.firstChild) fresh.appendChild(element.firstChild);
  element.parentNode!.replaceChild(fresh, element);
  return fresh;
}

/** Sanitizes a node tree in place: the allow-lists above decide what stays. */
export function sanitizeTree(root: Node): void {
  // Parents still to look at: a loop, not recursion, so output nested 20,000 deep cannot overflow the stack.
  const parents: Node[] = [root];
  for (let parent = parents.pop(); parent; parent = parents.pop()) {
    for (let child = parent.firstChild; child; ) {
      let next = child.nextSibling;
      if (child.nodeType === ELEMENT) {
        const element = child as Element;
        const name = (element.localName ?? element.nodeName).toLowerCase();
        if (DROPPED.has(name)) {
          parent.removeChild(element);
        } else if (ALLOWED.has(name)) {
          const kept = element.hasAttribute('is') ? withoutIsValue(element) : element;
          cleanAttributes(kept);
          // A button of a menu runs its action on click; as a default submit button it would also submit a form
          // the page holds the output in.
          if (name === 'button') kept.setAttribute('type', 'button');
          parents.push(kept);
        } else {
          // Unwrapped: its children take its place and are looked at next.
          next = element.firstChild ?? element.nextSibling;
          while (element.firstChild) parent.insertBefore(element.firstChild, element);
          parent.removeChild(element);
        }
      } else if (child.nodeType === CDATA) {
        // Kept as text: serialized as a CDATA section, its content would be markup again to an HTML parser.
        parent.replaceChild(child.ownerDocument!.createTextNode((child as CharacterData).data), child);
      } else if (child.nodeType !== TEXT) {
        parent.removeChild(child);
      }
      child = next;
    }
  }
}

// Elements HTML writes without an end tag; any other element written `<x/>` would swallow what follows it.
const VOID_ELEMENTS = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));

function emptyNonVoidElements(doc: Document): Element[] {
  return Array.from(doc.getElementsByTagName('*')).filter((e) => !e.firstChild && !VOID_ELEMENTS.has(e.localName.toLowerCase()));
}

/**
 * XML chain output as HTML text: serialized, but an empty element that is not an HTML void element is written with
 * its end tag (`<span></span>`), as an HTML parser reads `<span/>` as a start tag only.
 */
export function serializeXmlAsHtml(doc: Document): string {
  if (emptyNonVoidElements(doc).length === 0) return serializeXml(doc);
  // An empty text child makes the serializer write the end tag; on a copy, the chain's output stays as it is.
  const copy = doc.cloneNode(true) as Document;
  for (const element of emptyNonVoidElements(copy)) element.appendChild(copy.createTextNode(''));
  return serializeXml(copy);
}

// The HTML parsed inertly: DOMParser's text/html documents run no script and load nothing.
function parseInert(html: string): Node | null {
  const Parser = (globalThis as { DOMParser?: typeof DOMParser }).DOMParser;
  if (Parser) {
    const doc = new Parser().parseFromString(trustedParserInput(html), 'text/html');
    return doc.body;
  }
  try {
    return parseXml(`<div>${html.replace(/^\s*<\?xml[^>]*\?>/, '')}</div>`).documentElement;
  } catch {
    return null;
  }
}

/**
 * The core policy: parses the HTML inertly, keeps only allow-listed elements and attributes (no script, no event
 * handlers, no `javascript:` URLs) and moves the result into the target. Unparsable HTML is shown as text.
 */
export const sanitizeHtmlInto: HtmlOutputPolicy = (html, target) => {
  const doc = target.ownerDocument!;
  while (target.firstChild) target.removeChild(target.firstChild);
  const root = parseInert(html);
  if (!root) {
    target.appendChild(doc.createTextNode(html));
    return;
  }
  sanitizeTree(root);
  for (let c = root.firstChild; c; c = c.nextSibling) target.appendChild(doc.importNode(c, true));
};

let policy: HtmlOutputPolicy = sanitizeHtmlInto;

/** Replaces the policy chains use for HTML output (also those of `ChainService`); null restores the core one. */
export function setHtmlOutputPolicy(next: HtmlOutputPolicy | null): void {
  policy = next ?? sanitizeHtmlInto;
}

export function htmlOutputPolicy(): HtmlOutputPolicy {
  return policy;
}
