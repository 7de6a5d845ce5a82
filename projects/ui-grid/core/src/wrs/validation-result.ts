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
  const rows = new ResultRows(doc);
  errors.forEach((e, i) => data.appendChild(rows.row(String(i + 1), e)));
  return wrs;
}

/**
 * Makes result rows (RowId, ColId, Error), each a copy of one empty row: one native call instead of four elements
 * made and joined (9,000 errors are 63,000 nodes).
 */
class ResultRows {
  private readonly empty: Element;

  constructor(private readonly doc: Document) {
    this.empty = createWrsElement(doc, 'R');
    for (let k = 0; k < RESULT_COLUMNS.length; k++) this.empty.appendChild(createWrsElement(doc, 'C'));
  }

  row(id: string, e: ValidationError): Element {
    const row = this.empty.cloneNode(true) as Element;
    row.setAttribute('id', id);
    const rowId = row.firstChild!;
    const colId = rowId.nextSibling!;
    rowId.appendChild(this.doc.createTextNode(e.rowId));
    colId.appendChild(this.doc.createTextNode(e.colId));
    colId.nextSibling!.appendChild(this.doc.createTextNode(e.message));
    return row;
  }
}

/** Orders errors by row id, then column id: the order of every result Wrs the library stores. */
export function compareValidationErrors(a: ValidationError, b: ValidationError): number {
  return compareIds(a.rowId, b.rowId) || compareIds(a.colId, b.colId);
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** More rows to update than this: the result is built anew, which then costs less than as many single updates. */
const UPDATE_ALL_ABOVE = 2000;

/**
 * A result Wrs kept in a document and updated per data row, for a validation that runs on every change set (the
 * grid's): a one-cell edit replaces the result rows of its data row instead of building the whole result again, so
 * it costs the same with 10 or 10,000 errors. Rows are ordered as `compareValidationErrors` orders them. Unlike
 * `validationWrsOf` (ids 1..n by position), a row's id is `<data row id>|<k>`, the k-th error of that data row:
 * unique, and the same for the same errors whatever the order of the edits, without renumbering the rows after an
 * inserted one. When the document's result of this validation id is no longer the one stored here (something
 * replaced or removed it), or its rows were changed from outside, it is built anew.
 */
export class StoredValidationResult {
  private wrs: Element | null = null;
  private data: Element | null = null;
  /** The result rows of each data row id, in order. */
  private readonly rowsOf = new Map<string, Element[]>();
  /** The data row ids that have result rows, in result order. */
  private order: string[] = [];

  constructor(readonly validationId: string) {
    if (typeof validationId !== 'string' || validationId === '') {
      throw new WrsError('INVALID_ARGUMENT', 'A validation result needs a validationId', validationId);
    }
  }

  /** Stores `errors` (in `compareValidationErrors` order) as the result of the Wrs root `wrs`, replacing any. */
  replaceAll(wrs: Element, errors: readonly ValidationError[]): Element {
    const doc = wrs.ownerDocument!;
    const built = createValidationWrs(doc, this.validationId);
    const data = firstChildElement(built, NS.wrs, 'Data')!;
    const rows = new ResultRows(doc);
    this.rowsOf.clear();
    this.order = [];
    for (const e of errors) {
      let list = this.rowsOf.get(e.rowId);
      if (!list) {
        this.rowsOf.set(e.rowId, (list = []));
        this.order.push(e.rowId);
      }
      list.push(data.appendChild(rows.row(`${e.rowId}|${list.length + 1}`, e)) as Element);
    }
    this.wrs = storeValidationWrsOf(wrs, built, this.validationId);
    this.data = data;
    return built;
  }

  /**
   * Replaces the result rows of the data rows `rowIds` by what `errorsOf` gives for each now (in column id order);
   * `allErrors` gives every error when the result has to be built anew.
   */
  update(wrs: Element, rowIds: ReadonlySet<string>, errorsOf: (rowId: string) => ValidationError[], allErrors: () => ValidationError[]): Element {
    if (!this.isCurrent(wrs) || rowIds.size > UPDATE_ALL_ABOVE) return this.replaceAll(wrs, allErrors());
    const rows = new ResultRows(wrs.ownerDocument!);
    for (const rowId of rowIds) {
      if (!this.updateRow(rowId, errorsOf(rowId), rows)) return this.replaceAll(wrs, allErrors());
    }
    return this.wrs!;
  }

  /** True when the document's result of this id is the one stored here, with the rows this object knows. */
  private isCurrent(wrs: Element): boolean {
    if (!this.wrs || !this.data || findValidationResult(wrs, this.validationId) !== this.wrs) return false;
    return this.data.parentNode === this.wrs;
  }

  /** Replaces one data row's result rows; false when they were moved or removed from outside. */
  private updateRow(rowId: string, errors: readonly ValidationError[], rows: ResultRows): boolean {
    const data = this.data!;
    const old = this.rowsOf.get(rowId) ?? [];
    const at = this.position(rowId);
    let anchor: Node | null;
    if (old.length > 0) {
      if (old.some((r) => r.parentNode !== data)) return false;
      anchor = old[old.length - 1].nextSibling;
    } else {
      anchor = at < this.order.length ? this.rowsOf.get(this.order[at])![0] : null;
      if (anchor && anchor.parentNode !== data) return false;
    }
    for (const r of old) data.removeChild(r);
    const made = errors.map((e, k) => data.insertBefore(rows.row(`${rowId}|${k + 1}`, e), anchor) as Element);
    if (made.length > 0) this.rowsOf.set(rowId, made);
    else this.rowsOf.delete(rowId);
    if (old.length === 0 && made.length > 0) this.order.splice(at, 0, rowId);
    if (old.length > 0 && made.length === 0) this.order.splice(at, 1);
    return true;
  }

  /** Where a data row id is, or would be, in `order` (binary search). */
  private position(rowId: string): number {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareIds(this.order[mid], rowId) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
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
