import { WrsError } from '../errors';
import { ATTRIBUTE_NODE_TYPE, CellContext, findCellContext } from './cell-context';
import { ELEMENT_NODE, TEXT_NODE, serializeXml } from '../xml/dom';
import { assertUnambiguous, parseLocationPath } from '../xml/location-path';
import { ChildLookup, ensurePath, evaluatePath, setNodeValue, stringValue } from '../xml/path-walker';
import { FillParams, fillPlaceholders } from '../xml/placeholders';
import { xpathEngineFor } from '../xml/xpath-engine';
import { NS } from '../xml/namespaces';
import { WrsIndex } from '../rows/wrs-index';
import { cellValue, setCellContent } from '../rows/row-states';
import { markModified } from '../rows/row-transitions';
import type { RowStore } from '../rows/row-store';
import { NO_NODE, readStorePath, writeStorePath } from './store-paths';

/** A value `write` takes: written as its text, null as an empty value. */
export type WriteValue = string | number | boolean | null | undefined;

/** What XPath access asks of its provider. */
export interface XPathHost {
  /** The data document, or null. */
  data(): Document | null;
  /**
   * The data document without building the rows of a row store (its header is there): paths that cannot reach a
   * row are read and written there.
   */
  dataAsIs(): Document | null;
  /** The row store whose document is not built yet, or null: reads and writes by row id or position go to it. */
  unbuiltStore(): RowStore | null;
  /** True while the data may be read and written (not while a load replaces it). */
  isReady(): boolean;
  /** Records changed nodes and row ids in the open change set. */
  noteChange(nodes: Iterable<Node>, rowIds: Iterable<string>): void;
  fire(): void;
}

/**
 * A provider's XPath access (spec 4.2 query, queryNodes, read, write, remove; 4.5 path creation): plain location
 * paths walk the document (rows through the Wrs index), other expressions go to the XPath engine; writes into Wrs rows
 * follow the row states.
 */
export class XPathAccess {
  constructor(private readonly host: XPathHost) {}

  private readonly rowLookup: ChildLookup = {
    byId: (parent, id) => {
      const index = this.wrsIndexFor(parent);
      return index ? index.rowById(id) : undefined;
    },
    byPosition: (parent, position) => {
      const index = this.wrsIndexFor(parent);
      return index ? index.rowAt(position) : undefined;
    },
  };

  private wrsIndexFor(parent: Element): WrsIndex | null {
    // As is: a path that reaches wrs:Data was evaluated on the complete document.
    const doc = this.host.dataAsIs();
    if (parent.localName !== 'Data' || !doc || parent.parentNode !== doc.documentElement) return null;
    const index = WrsIndex.tryOf(doc);
    return index && index.data === parent ? index : null;
  }

  /** Nodes at an XPath: the library's linear walker for plain paths (rows through the Wrs index), the engine otherwise. */
  private evaluateNodes(expr: string, context: Node): Node[] {
    const path = parseLocationPath(expr);
    if (path) return evaluatePath(path, context, this.rowLookup);
    const value = xpathEngineFor(context).evaluate(expr, context);
    return Array.isArray(value) ? value : [];
  }

  /** The first node at an XPath, or null. */
  query(xPath: string, fillParams?: FillParams): Node | null {
    return this.queryNodes(xPath, fillParams)[0] ?? null;
  }

  /** The nodes at an XPath (empty when nothing matches or there is no data). A malformed XPath throws XPATH_SYNTAX. */
  queryNodes(xPath: string, fillParams?: FillParams): Node[] {
    const expr = fillPlaceholders(xPath, fillParams);
    const doc = this.documentFor(expr);
    if (!doc) return [];
    return this.evaluateNodes(expr, doc);
  }

  /**
   * The document to evaluate `expr` on: as it is for a plain path that stays out of `wrs:Data` (the header and the
   * filter of a row store are there before its rows are built), else the complete document.
   */
  private documentFor(expr: string): Document | null {
    return staysOutOfRows(expr) ? this.host.dataAsIs() : this.host.data();
  }

  /** The string value at an XPath; `defaultValue`, else null, when no node matches. */
  read(xPath: string, fillParams?: FillParams | string, defaultValue?: string): string | null {
    if (typeof fillParams === 'string' && defaultValue === undefined) {
      defaultValue = fillParams;
      fillParams = undefined;
    }
    const expr = fillPlaceholders(xPath, fillParams as FillParams | undefined);
    const store = this.host.unbuiltStore();
    const stored = store ? readStorePath(store, expr) : undefined;
    if (stored !== undefined) return stored === NO_NODE ? (defaultValue ?? null) : stored;
    const doc = this.documentFor(expr);
    if (!doc) return defaultValue ?? null;
    const path = parseLocationPath(expr);
    if (path) {
      const node = evaluatePath(path, doc, this.rowLookup)[0];
      return node ? stringValue(node) : defaultValue ?? null;
    }
    const value = xpathEngineFor(doc).evaluate(expr, doc);
    if (Array.isArray(value)) return value.length > 0 ? stringValue(value[0]) : defaultValue ?? null;
    return String(value);
  }

  /** The nodes at an XPath as one text (elements serialized), to compare before and after a change; null on failure. */
  snapshotOf(xPath: string): string | null {
    if (!this.host.dataAsIs()) return null;
    try {
      return this.queryNodes(xPath).map((n) => (n.nodeType === ELEMENT_NODE ? serializeXml(n) : stringValue(n))).join('\u0000');
    } catch {
      return null;
    }
  }

  /**
   * Sets a value at an XPath, creating the path where needed (spec 4.5), and returns the node. Returns null when
   * the provider is not ready. Writing into a cell of an R row turns it into M with `wrs:O` originals.
   * Also callable as `write(xPath, value, fire?)`.
   */
  write(xPath: string, fillParams?: FillParams | WriteValue, value?: WriteValue, fire?: boolean): Node | null {
    if (fillParams === null || typeof fillParams !== 'object') {
      if ((value === undefined || typeof value === 'boolean') && fire === undefined) {
        // write(xPath, value, fire?)
        fire = value as boolean | undefined;
        value = fillParams as WriteValue;
      } else if (fillParams !== undefined && fillParams !== null) {
        throw new WrsError('INVALID_ARGUMENT', 'write: fillParams must be an object or an array when a value follows it', fillParams);
      }
      fillParams = undefined;
    }
    const expr = fillPlaceholders(xPath, fillParams);
    if (!this.host.isReady()) return null;
    const stored = value !== undefined ? this.writeStore(expr, value === null ? null : String(value)) : null;
    if (stored) {
      if (fire) this.host.fire();
      return stored;
    }
    const doc = this.documentFor(expr);
    if (!doc) return null;
    assertUnambiguous(expr);
    let node = this.locateForWrite(expr, doc);
    if (value !== undefined) node = this.assignValue(node, value === null ? null : String(value), doc);
    else this.host.noteChange([node], rowIdsAt(node, doc));
    if (fire) this.host.fire();
    return node;
  }

  /**
   * A write into a cell by row id or position while the rows are in a store whose document is not built: made on the
   * row's entry, noted by the row's id and the store document's `wrs:Data` (as WrsUtil notes a store's changes).
   * Null where the document is to take it.
   */
  private writeStore(expr: string, value: string | null): Node | null {
    const store = this.host.unbuiltStore();
    if (!store) return null;
    assertUnambiguous(expr);
    const written = writeStorePath(store, expr, value);
    if (!written) return null;
    if (written.changed) this.host.noteChange([WrsIndex.of(store.document).data!], [written.rowId ?? '']);
    return written.node;
  }

  private locateForWrite(expr: string, doc: Document): Node {
    const path = parseLocationPath(expr);
    if (!path) {
      const found = xpathEngineFor(doc).evaluate(expr, doc);
      if (Array.isArray(found) && found.length > 0) return found[0];
      throw new WrsError('XPATH_UNSUPPORTED', `write cannot create the path "${expr}": only steps with equality predicates joined by "and" can be created`, expr);
    }
    const existing = evaluatePath(path, doc, this.rowLookup)[0];
    if (existing) return existing;
    let createdUnder: Node = doc;
    const created = ensurePath(path, doc, expr, this.rowLookup, (parent) => (createdUnder = parent));
    const index = WrsIndex.tryOf(doc);
    const context = index && findCellContext(created, doc);
    // A path created from wrs:Data or above it adds rows (or a wrs:Data, or header nodes): the row index is rebuilt,
    // else a later write by the same id would not find the new row and create a second one.
    const under = index && findCellContext(createdUnder, doc);
    const rowsChanged = !under || under.row.localName === 'Data';
    if (index && (rowsChanged || !context || context.structural)) index.invalidate();
    else if (index && context && !context.cell) index.forgetOriginal(context.row);
    if (context && under && under.row.localName === 'Data' && context.row !== under.row) refuseSecondRow(context.row, expr);
    return created;
  }

  /** Writes a value at a located node; returns the node that holds it (the cell's text for a cell's text node). */
  private assignValue(node: Node, value: string | null, doc: Document): Node {
    const context = findCellContext(node, doc);
    // A cell's text node is written as the cell: its wrs:null goes, and an R row becomes M.
    const cellText = context?.cell && node.nodeType === TEXT_NODE && node.parentNode === context.cell;
    if (context && context.cell && (node === context.cell || cellText)) {
      if (cellValue(context.cell) === value) return node;
      refuseDeletedRow(context.row);
      const row = context.row.localName === 'R' ? markModified(context.row, WrsIndex.tryOf(doc)) : context.row;
      setCellContent(context.cell, value);
      this.host.noteChange([context.cell], [row.getAttribute('id') ?? '']);
      return cellText ? (context.cell.firstChild ?? context.cell) : node;
    }
    // A write into a row's `wrs:O` or attributes: a restore must read them, not a copy kept from before.
    if (context && !context.cell) WrsIndex.tryOf(doc)?.forgetOriginal(context.row);
    if (context?.cell && (context.row.localName === 'R' || context.row.localName === 'D')) {
      const before = node.nodeType === ATTRIBUTE_NODE_TYPE ? (node as Attr).value : node.textContent;
      if (before === value) return node;
      refuseDeletedRow(context.row);
      markModified(context.row, WrsIndex.tryOf(doc));
    }
    // A value written over wrs:Data replaces its rows: the change set names the rows that go.
    let rowIds = context && node === context.row && context.row.localName === 'Data' ? childIds(context.row) : rowIdsAt(node, doc);
    const renamedRow = context && !context.cell && !context.structural && isIdAttribute(node, context.row) ? context.row : null;
    const oldId = renamedRow ? renamedRow.getAttribute('id') : null;
    setNodeValue(node, value ?? '');
    // A row's new id goes into the id map; anything else that changes the index rebuilds it.
    if (renamedRow) {
      WrsIndex.tryOf(doc)?.renamed(renamedRow, oldId);
      // Named by its old and its new id: a listener keeping state by row id (the grid's validation) drops the old
      // and checks the new.
      const newId = renamedRow.getAttribute('id');
      if (newId !== null && !rowIds.includes(newId)) rowIds = [...rowIds, newId];
    } else if (changesIndex(node, context)) WrsIndex.invalidate(doc);
    this.host.noteChange([node], rowIds);
    return node;
  }

  /** Removes the nodes at an XPath. */
  remove(xPath: string, fillParams?: FillParams | boolean, fire?: boolean): void {
    if (typeof fillParams === 'boolean') {
      fire = fillParams;
      fillParams = undefined;
    }
    // As write: nothing while there is no data or it is being loaded (the edit would go with the old document).
    const doc = this.host.isReady() ? this.documentFor(fillPlaceholders(xPath, fillParams as FillParams | undefined)) : null;
    if (!doc) return;
    const nodes = this.queryNodes(xPath, fillParams);
    // Refused before anything goes: a removal stopped half way would leave changes no change set names.
    for (const n of nodes) {
      const context = findCellContext(n, doc);
      if (context?.cell) refuseDeletedRow(context.row);
    }
    let structural = false;
    const rowIds: string[] = [];
    const parents: Node[] = [];
    // Whole rows removed are taken out of the row index where they stand; anything else structural rebuilds it.
    const wholeRows: Element[] = [];
    for (const n of nodes) {
      const context = findCellContext(n, doc);
      if (context) {
        if (context.structural && n === context.row && context.row.localName !== 'Data') wholeRows.push(context.row);
        else if (context.structural) structural = true;
        if (!context.cell) WrsIndex.tryOf(doc)?.forgetOriginal(context.row);
        // Content taken out of a cell of an R row changes its value: the row becomes M first, keeping the original.
        if (context.cell && n !== context.cell && context.row.localName === 'R') markModified(context.row, WrsIndex.tryOf(doc));
        rowIds.push(context.row.getAttribute('id') ?? '');
      }
      if (n.nodeType === ATTRIBUTE_NODE_TYPE) {
        const owner = (n as Attr).ownerElement;
        owner?.removeAttributeNode(n as Attr);
        if (owner) parents.push(owner);
      } else if (n.parentNode) {
        parents.push(n.parentNode);
        n.parentNode.removeChild(n);
      }
    }
    const rowsGone = new Set<Node>(wholeRows);
    if (structural || nodes.some((n) => !rowsGone.has(n) && changesIndex(n, findCellContext(n, doc)))) WrsIndex.invalidate(doc);
    else if (wholeRows.length > 0) WrsIndex.tryOf(doc)?.removed(wholeRows);
    if (nodes.length > 0) this.host.noteChange(parents, rowIds);
    if (fire) this.host.fire();
  }
}

/**
 * A deleted row's cells hold what the server is to delete, and the save checks them against the database: a change
 * there would make the whole save fail as a conflict. It is restored first (WrsUtil's cell functions refuse it too).
 */
function refuseDeletedRow(row: Element): void {
  if (row.localName !== 'D' || row.namespaceURI !== NS.wrs) return;
  const id = row.getAttribute('id') ?? '';
  throw new WrsError('INVALID_ARGUMENT', `Row ${id} is deleted: restore it before changing its cells`, id);
}

/** True for a row's `id` attribute, the one the index keys rows by. */
function isIdAttribute(node: Node, row: Element): boolean {
  return node.nodeType === ATTRIBUTE_NODE_TYPE && (node as Attr).ownerElement === row && (node as Attr).localName === 'id' && !(node as Attr).namespaceURI;
}

/**
 * Whether a raw change of a node (a value written, the node removed) can leave the Wrs index stale: anything outside
 * the rows (header columns, `wrs:Data` itself), a row or its content as a whole, a row's `id`. A cell's content or a
 * row's other attributes do not change what the index holds.
 */
function changesIndex(node: Node, context: CellContext | null): boolean {
  if (!context || context.structural) return true;
  if (context.cell) return false;
  return isIdAttribute(node, context.row);
}

/**
 * Takes back a row a write just created when another row of `wrs:Data` has its id, and says why: a write addressed
 * `wrs:R[@id='R1']` after R1 had become an M row (which the first write into it does), and created a second R1.
 */
function refuseSecondRow(created: Element, expr: string): void {
  const id = created.getAttribute('id');
  if (id === null) return;
  for (let row = created.parentNode?.firstChild ?? null; row; row = row.nextSibling) {
    if (row === created || row.nodeType !== ELEMENT_NODE || (row as Element).getAttribute('id') !== id) continue;
    created.parentNode!.removeChild(created);
    throw new WrsError(
      'INVALID_ARGUMENT',
      `write would create a second row with id "${id}": that row is a wrs:${(row as Element).localName} now; address rows in any state as wrs:Data/*[@id='${id}']`,
      expr,
    );
  }
}

/** The id of the Wrs row a node lies in (the row itself, a cell, an attribute), none for nodes outside rows. */
function rowIdsAt(node: Node, doc: Document): string[] {
  const context = findCellContext(node, doc);
  return context && context.row.localName !== 'Data' ? [context.row.getAttribute('id') ?? ''] : [];
}

/** The ids of the rows under `wrs:Data`. */
function childIds(data: Element): string[] {
  const ids: string[] = [];
  for (let c = data.firstChild; c; c = c.nextSibling) if (c.nodeType === ELEMENT_NODE) ids.push((c as Element).getAttribute('id') ?? '');
  return ids;
}

/**
 * True for a plain absolute path whose second step names one child of the root other than `wrs:Data` (the grid's
 * filter path: any root, then `f:Filter`): none of its nodes is a row or in one, whatever the rows hold.
 */
function staysOutOfRows(expr: string): boolean {
  let path;
  try {
    path = parseLocationPath(expr);
  } catch {
    return false;
  }
  if (!path || !path.absolute || path.steps.length < 2) return false;
  const [root, child] = path.steps;
  if (root.axis !== 'child' || root.predicates.some((p) => p.kind === 'conditions')) return false;
  if (child.axis !== 'child' || child.name.local === '*' || child.name.ns === undefined) return false;
  return !(child.name.local === 'Data' && child.name.ns === NS.wrs);
}
