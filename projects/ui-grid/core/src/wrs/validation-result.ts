import { WrsError } from '../errors';
import { createWrsElement, DOCUMENT_NODE, ELEMENT_NODE, firstChildElement } from '../xml/dom';
import { NS } from '../xml/namespaces';

/** One validation error: which row and column, and a message key. */
export interface ValidationError {
  readonly rowId: string;
  readonly colId: string;
  readonly message: string;
}

/** The attribute that tags each result Wrs with its validation id (spec 2.3). */
export const VALIDATION_ID_ATTRIBUTE = 'uiValidationId';

const RESULT_COLUMNS = ['RowId', 'ColId', 'Error'];

function isWrs(node: Node | null, localName: string): boolean {
  return !!node && node.nodeType === ELEMENT_NODE && (node as Element).namespaceURI === NS.wrs && (node as Element).localName === localName;
}

/** The `wrs:Wrs` a node stands for: a document's root, the element itself, or the first `wrs:Wrs` child of a container. */
export function wrsRootOf(node: Node): Element {
  const element = node.nodeType === DOCUMENT_NODE ? (node as Document).documentElement : (node as Element);
  if (isWrs(element, 'Wrs')) return element;
  const inner = element && firstChildElement(element, NS.wrs, 'Wrs');
  if (!inner) throw new WrsError('NOT_WRS', `Expected a wrs:Wrs or an element holding one, got <${element?.nodeName ?? 'nothing'}>`, element?.nodeName);
  return inner;
}

function headerOf(wrs: Element, create: boolean): Element | null {
  const header = firstChildElement(wrs, NS.wrs, 'Header');
  if (header || !create) return header;
  return wrs.insertBefore(createWrsElement(wrs.ownerDocument!, 'Header'), wrs.firstChild);
}

/** `wrs:Header/wrs:ValidationResult` of a Wrs, created in its schema place (after `wrs:Columns`) when asked. */
export function validationResultContainer(wrs: Element, create: boolean): Element | null {
  const header = headerOf(wrs, create);
  if (!header) return null;
  const existing = firstChildElement(header, NS.wrs, 'ValidationResult');
  if (existing || !create) return existing;
  const container = createWrsElement(wrs.ownerDocument!, 'ValidationResult');
  header.insertBefore(container, firstChildElement(header, NS.wrs, 'TransactionsNumber'));
  return container;
}

/** An empty result Wrs (columns RowId, ColId, Error) tagged with a validation id. */
export function createValidationWrs(doc: Document, validationId: string): Element {
  const wrs = createWrsElement(doc, 'Wrs');
  wrs.setAttribute(VALIDATION_ID_ATTRIBUTE, validationId);
  const columns = wrs.appendChild(createWrsElement(doc, 'Header')).appendChild(createWrsElement(doc, 'Columns'));
  RESULT_COLUMNS.forEach((id, i) => {
    const c = columns.appendChild(createWrsElement(doc, 'C'));
    c.setAttribute('pos', String(i + 1));
    c.setAttribute('id', id);
  });
  wrs.appendChild(createWrsElement(doc, 'Data'));
  return wrs;
}

/** A result Wrs holding one row per error. */
export function validationWrsOf(doc: Document, validationId: string, errors: readonly ValidationError[]): Element {
  const wrs = createValidationWrs(doc, validationId);
  const data = firstChildElement(wrs, NS.wrs, 'Data')!;
  // Each row a copy of one empty row: one native call instead of four elements made and joined (9,000 errors are
  // 63,000 nodes, made again on every change set of a grid).
  const empty = createWrsElement(doc, 'R');
  for (let k = 0; k < RESULT_COLUMNS.length; k++) empty.appendChild(createWrsElement(doc, 'C'));
  errors.forEach((e, i) => {
    const row = data.appendChild(empty.cloneNode(true)) as Element;
    row.setAttribute('id', String(i + 1));
    const rowId = row.firstChild!;
    const colId = rowId.nextSibling!;
    rowId.appendChild(doc.createTextNode(e.rowId));
    colId.appendChild(doc.createTextNode(e.colId));
    colId.nextSibling!.appendChild(doc.createTextNode(e.message));
  });
  return wrs;
}

/** The result Wrs of a validation id, or null; with `doCreate` an empty one is created when there is none. */
export function findValidationResult(wrs: Element, validationId: string, doCreate = false): Element | null {
  const container = validationResultContainer(wrs, doCreate);
  if (container) {
    for (let c = container.firstChild; c; c = c.nextSibling) {
      if (isWrs(c, 'Wrs') && (c as Element).getAttribute(VALIDATION_ID_ATTRIBUTE) === validationId) return c as Element;
    }
  }
  if (!doCreate) return null;
  return container!.appendChild(createValidationWrs(wrs.ownerDocument!, validationId));
}

/**
 * Replaces the result of a validation id by the given result (a result Wrs, a `wrs:ValidationResult` or a node
 * holding one); null removes it. The stored copy carries `validationId`.
 */
export function replaceValidationResultOf(wrs: Element, result: Node | null, validationId: string): Element | null {
  if (typeof validationId !== 'string' || validationId === '') {
    throw new WrsError('INVALID_ARGUMENT', 'replaceValidationResult needs a validationId', validationId);
  }
  const old = findValidationResult(wrs, validationId);
  if (result === null) {
    old?.parentNode?.removeChild(old);
    return null;
  }
  const copy = wrs.ownerDocument!.importNode(resultWrsOf(result, validationId), true) as Element;
  return putValidationWrs(wrs, old, copy, validationId);
}

/**
 * Stores a result Wrs that `validationWrsOf` built for the document of `wrs` as it is, replacing the result of
 * `validationId`: nothing else holds it, so unlike `replaceValidationResultOf` it is not copied.
 */
export function storeValidationWrsOf(wrs: Element, resultWrs: Element, validationId: string): Element {
  if (typeof validationId !== 'string' || validationId === '') {
    throw new WrsError('INVALID_ARGUMENT', 'storeValidationWrsOf needs a validationId', validationId);
  }
  if (resultWrs.ownerDocument !== wrs.ownerDocument || resultWrs.parentNode !== null) {
    throw new WrsError('INVALID_ARGUMENT', 'storeValidationWrsOf takes a result Wrs built for this document and not placed yet', resultWrs.nodeName);
  }
  return putValidationWrs(wrs, findValidationResult(wrs, validationId), resultWrs, validationId);
}

function putValidationWrs(wrs: Element, old: Element | null, result: Element, validationId: string): Element {
  result.setAttribute(VALIDATION_ID_ATTRIBUTE, validationId);
  if (old) old.parentNode!.replaceChild(result, old);
  else validationResultContainer(wrs, true)!.appendChild(result);
  return result;
}

/** The result Wrs a node stands for: a result Wrs, a `wrs:ValidationResult` (its Wrs of that id, else its first), or a node holding one. */
function resultWrsOf(node: Node, validationId: string): Element {
  const element = node.nodeType === DOCUMENT_NODE ? (node as Document).documentElement : (node as Element);
  let container: Element | null = null;
  if (isWrs(element, 'ValidationResult')) container = element;
  else if (isWrs(element, 'Wrs')) {
    if (element.hasAttribute(VALIDATION_ID_ATTRIBUTE)) return element;
    container = validationResultContainer(element, false);
    if (!container) return element;
  } else if (element) {
    container = firstChildElement(element, NS.wrs, 'ValidationResult');
    const wrs = container ? null : firstChildElement(element, NS.wrs, 'Wrs');
    if (wrs) return wrs;
  }
  let first: Element | null = null;
  for (let c = container?.firstChild ?? null; c; c = c.nextSibling) {
    if (!isWrs(c, 'Wrs')) continue;
    if ((c as Element).getAttribute(VALIDATION_ID_ATTRIBUTE) === validationId) return c as Element;
    first ??= c as Element;
  }
  if (!first) {
    throw new WrsError('NOT_WRS', 'Expected a validation result: a wrs:Wrs, a wrs:ValidationResult or a node holding one', node.nodeName);
  }
  return first;
}

/** -2 when the Wrs holds no validation result, else the number of error rows over all its results. */
export function validationErrorCountOf(wrs: Element): number {
  const container = validationResultContainer(wrs, false);
  if (!container) return -2;
  let results = 0;
  let errors = 0;
  for (let c = container.firstChild; c; c = c.nextSibling) {
    if (!isWrs(c, 'Wrs')) continue;
    results++;
    const data = firstChildElement(c, NS.wrs, 'Data');
    if (data) for (let r = data.firstChild; r; r = r.nextSibling) if (r.nodeType === ELEMENT_NODE) errors++;
  }
  return results === 0 ? -2 : errors;
}
