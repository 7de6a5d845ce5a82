import { WrsError } from '../errors';
import { LocationPath, NameTest, Step, matchesName, parseLocationPath } from '../xml/location-path';
import { NS } from '../xml/namespaces';
import type { RowStore } from '../rows/row-store';
import { cellAt } from '../rows/row-states';

// XPath `read` and `write` by row id or position on a row store whose document is not built: a path such as
// `/*/wrs:Data/*[@id='R7']/wrs:C[3]` or `/wrs:Wrs/wrs:Data/*[12]/@id` is answered from the row's entry. Any other
// path, and any case the entry cannot answer exactly as the document would, is left to the document (undefined).

/** A path resolved on the store: a row (0-based) and the 1-based position of its cell, or 0 for its `@id`. */
interface StoreTarget {
  readonly r: number;
  readonly cell: number;
}

/** No node matches (the row is not there): a read gives its default, as on the document. */
export const NO_NODE = Symbol('no node');

const ROW_NAMES = new Set(['R', 'I', 'M', 'D']);

/**
 * The value `read` gives for a plain path into a row of the store: the cell's text (`''` for `wrs:null`), the row's
 * id, `NO_NODE` where the document has no such node, undefined where the document is to answer.
 */
export function readStorePath(store: RowStore, expr: string): string | typeof NO_NODE | undefined {
  const target = resolve(store, expr);
  if (target === undefined || target === NO_NODE) return target;
  const { r, cell } = target;
  if (cell === 0) return store.id(r) ?? NO_NODE;
  const value = store.cellValue(r, cell);
  if (value !== null) return value;
  // A `wrs:null` cell, or no cell there: the row alone (built for this, not the document) says which.
  const node = cellAt(store.element(r), cell);
  return node ? (node.textContent ?? '') : NO_NODE;
}

/**
 * `write` of a value into a cell of the store's rows by a plain path, as `write` does on the document: an R row
 * becomes M with its originals, a deleted row's cell is refused unless it holds the value. Returns the cell (its
 * row built alone, which joins the document where it stands when that is built) and whether it changed, or
 * undefined where the document is to take the write (another path, a cell to be created).
 */
export function writeStorePath(store: RowStore, expr: string, value: string | null): { node: Element; rowId: string | null; changed: boolean } | undefined {
  const target = resolve(store, expr);
  if (target === undefined || target === NO_NODE || target.cell === 0) return undefined;
  const { r, cell } = target;
  const now = store.cellValue(r, cell);
  if (now === null && !store.hasCell(r, cell)) return undefined;
  const rowId = store.id(r);
  let changed = false;
  if (now !== value) {
    if (store.state(r) === 'D') {
      throw new WrsError('INVALID_ARGUMENT', `Row ${rowId ?? ''} is deleted: restore it before changing its cells`, rowId ?? '');
    }
    changed = store.setCell(r, cell, value);
  }
  return { node: cellAt(store.element(r), cell)!, rowId, changed };
}

/** Root, `wrs:Data`, a row by `[@id='...']` or `[n]`, then `@id` or `wrs:C[n]`; else undefined. */
function resolve(store: RowStore, expr: string): StoreTarget | typeof NO_NODE | undefined {
  let path: LocationPath | null;
  try {
    path = parseLocationPath(expr);
  } catch {
    return undefined;
  }
  if (!path || !path.absolute || (path.steps.length !== 3 && path.steps.length !== 4)) return undefined;
  const [root, data, row, last] = path.steps;
  const doc = store.document;
  if (!onlyChild(root) || !doc.documentElement || !matchesName(doc.documentElement, root.name)) return undefined;
  if (!onlyChild(data) || data.name.local !== 'Data' || data.name.ns !== NS.wrs) return undefined;
  if (row.axis !== 'child' || !rowName(row.name) || row.predicates.length !== 1) return undefined;
  const r = rowOf(store, row.name, row.predicates[0]);
  if (r === undefined || r === NO_NODE) return r;
  if (!last) return undefined;
  if (last.axis === 'attribute') return last.name.local === 'id' && last.name.ns === null ? { r, cell: 0 } : undefined;
  if (last.axis !== 'child' || last.name.local !== 'C' || last.name.ns !== NS.wrs || last.predicates.length !== 1) return undefined;
  const at = last.predicates[0];
  return at.kind === 'position' ? { r, cell: at.position } : undefined;
}

/** A child step without predicates, or with `[1]`. */
function onlyChild(step: Step): step is Extract<Step, { axis: 'child' }> {
  if (step.axis !== 'child') return false;
  return step.predicates.every((p) => p.kind === 'position' && p.position === 1);
}

/** `*`, or a row state's name in the Wrs namespace. */
function rowName(name: NameTest): boolean {
  return (name.local === '*' && name.ns === undefined) || (name.ns === NS.wrs && ROW_NAMES.has(name.local));
}

/**
 * The row a predicate picks: `[n]` of `*` is the n-th row; `[@id='x']` the first row of that id, whose state must
 * be the name asked for (a later row of the same id and that state is the document's to find).
 */
function rowOf(store: RowStore, name: NameTest, predicate: Extract<Step, { axis: 'child' }>['predicates'][number]): number | typeof NO_NODE | undefined {
  if (predicate.kind === 'position') {
    if (name.local !== '*') return undefined;
    store.scan();
    return predicate.position <= store.rowCount ? predicate.position - 1 : NO_NODE;
  }
  if (predicate.conditions.length !== 1) return undefined;
  const { left, right } = predicate.conditions[0];
  const [attr] = left.steps;
  if (left.steps.length !== 1 || attr.axis !== 'attribute' || attr.name.local !== 'id' || attr.name.ns !== null) return undefined;
  if (right.kind !== 'literal' || right.value === '') return undefined;
  const r = store.positionOf(right.value);
  if (r < 0) return NO_NODE;
  return name.local === '*' || store.state(r) === name.local ? r : undefined;
}
