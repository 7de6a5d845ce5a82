import { NS, RowOrdering, WrsError } from 'ngx-wrs-grid/core';
import { ColumnFilterValue } from '../features/column-filter';

/** One column in the column state: its id, width in pixels and whether it is hidden. */
export interface ColumnStateColumn {
  readonly id: string;
  readonly width: number;
  readonly hidden: boolean;
}

/**
 * The user's view of a grid's columns as one serializable object (`getColumnState`, `setColumnState`,
 * `columnState$`): every column in the order shown with its width and hidden flag, the sort keys and the column
 * filters by column id.
 */
export interface ColumnState {
  readonly columns: readonly ColumnStateColumn[];
  readonly sort: readonly RowOrdering[];
  readonly filters: Readonly<Record<string, ColumnFilterValue>>;
}

/** Where column states are kept in localStorage: this prefix and the grid's key. */
export const COLUMN_STATE_STORAGE_PREFIX = 'ngx-wrs-grid.columns:';

/**
 * What identifies a grid's columns across page loads: its `id`, and for data loaded from a request its binding sets
 * (not its filters: they are part of the state). Null when there is neither: such a grid keeps no column state.
 */
export function columnStateKey(gridId: string | undefined, request: Document | null): string | null {
  const bindingSets = request ? [...request.getElementsByTagNameNS(NS.wrq, 'BindingSet')].map((b) => (b.textContent ?? '').trim()) : [];
  if (!gridId && bindingSets.length === 0) return null;
  return COLUMN_STATE_STORAGE_PREFIX + JSON.stringify({ id: gridId ?? null, bindingSets });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function filterValue(v: unknown): ColumnFilterValue | null {
  if (!isObject(v)) return null;
  if (v['kind'] === 'text' && (v['op'] === 'contains' || v['op'] === 'equals') && typeof v['text'] === 'string') return { kind: 'text', op: v['op'], text: v['text'] };
  if (v['kind'] === 'range' && typeof v['from'] === 'string' && typeof v['to'] === 'string') return { kind: 'range', from: v['from'], to: v['to'] };
  if (v['kind'] === 'values' && Array.isArray(v['values']) && v['values'].every((x) => typeof x === 'string')) return { kind: 'values', values: [...(v['values'] as string[])] };
  return null;
}

/**
 * A column state (or part of one) checked field by field: absent parts stay absent; a part of the wrong form is a
 * `WrsError` INVALID_ARGUMENT naming it. Columns the grid no longer has are the caller's to skip.
 */
export function checkColumnState(value: unknown): Partial<ColumnState> {
  const bad = (what: string) => new WrsError('INVALID_ARGUMENT', `setColumnState: ${what}`, value);
  if (!isObject(value)) throw bad('the state is not an object');
  const out: { columns?: ColumnStateColumn[]; sort?: RowOrdering[]; filters?: Record<string, ColumnFilterValue> } = {};
  if (value['columns'] !== undefined) {
    if (!Array.isArray(value['columns'])) throw bad('columns is not an array');
    out.columns = value['columns'].map((c: unknown) => {
      if (!isObject(c) || typeof c['id'] !== 'string') throw bad('a column has no string id');
      const width = c['width'] === undefined ? NaN : c['width'];
      if (typeof width !== 'number' || (!Number.isNaN(width) && (!Number.isFinite(width) || width <= 0))) throw bad(`column ${c['id']} has no positive width`);
      if (c['hidden'] !== undefined && typeof c['hidden'] !== 'boolean') throw bad(`column ${c['id']}: hidden is not a boolean`);
      return { id: c['id'], width, hidden: c['hidden'] === true };
    });
  }
  if (value['sort'] !== undefined) {
    if (!Array.isArray(value['sort'])) throw bad('sort is not an array');
    out.sort = value['sort'].map((o: unknown) => {
      if (!isObject(o) || typeof o['colId'] !== 'string') throw bad('a sort key has no string colId');
      return o['descending'] === true ? { colId: o['colId'], descending: true } : { colId: o['colId'] };
    });
  }
  if (value['filters'] !== undefined) {
    if (!isObject(value['filters'])) throw bad('filters is not an object');
    out.filters = {};
    for (const [colId, f] of Object.entries(value['filters'])) {
      const filter = filterValue(f);
      if (!filter) throw bad(`the filter of column ${colId} is not a column filter value`);
      out.filters[colId] = filter;
    }
  }
  return out;
}

/** The state kept under a key, or null (none, unreadable storage, or text that is not a column state: it is dropped). */
export function readStoredState(storage: Storage | null, key: string): Partial<ColumnState> | null {
  if (!storage) return null;
  try {
    const text = storage.getItem(key);
    return text === null ? null : checkColumnState(JSON.parse(text));
  } catch {
    try {
      storage.removeItem(key);
    } catch {
      // Storage that cannot be read cannot be cleaned either: nothing is kept.
    }
    return null;
  }
}

/** Keeps a state under a key; false when the storage refused it (full, or blocked): the grid goes on without. */
export function writeStoredState(storage: Storage | null, key: string, state: ColumnState | null): boolean {
  if (!storage) return false;
  try {
    if (state === null) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(state));
    return true;
  } catch {
    return false;
  }
}

/** The page's localStorage, or null where there is none or reading it throws (a sandboxed frame, blocked cookies). */
export function pageStorage(doc: Document): Storage | null {
  try {
    return doc.defaultView?.localStorage ?? null;
  } catch {
    return null;
  }
}
