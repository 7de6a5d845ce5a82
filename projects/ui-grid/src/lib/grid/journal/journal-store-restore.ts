import { RowStore, WrsIndex, createRow } from 'ngx-wrs-grid/core';
import { JournalEntry, JournalRow } from './journal-entry';
import { JournalRestore, JournalRowPlace, JournalRows, keyPositions, restoreRows } from './journal-restore';

/** What the grid records and updates as a restore changes the rows of a store (store positions). */
export interface StoreJournalHooks {
  /** Writes cells of row `r` as the grid's store batch does (its undo record taken first); true when one changed. */
  write(r: number, writes: readonly (readonly [number, string | null])[]): boolean;
  /** Records row `r` before it is deleted. */
  beforeDelete(r: number): void;
  /** Row `r` left the store (an I row deleted). */
  removed(r: number): void;
  /** `n` rows were inserted at store position `at`, with these ids. */
  inserted(at: number, ids: readonly string[]): void;
}

/**
 * `restoreJournal` on the entries of a row store whose document is not built: the same rows found (by key, else by
 * id), the same writes, deletes and inserts (same ids and transaction numbers) and the same conflicts, through the
 * store's own writes. `index` is the store document's index: its header only is read. Throws JOURNAL_MISMATCH,
 * changing nothing, when the journal does not fit.
 */
export function restoreStoreJournal(store: RowStore, index: WrsIndex, entry: JournalEntry, hooks: StoreJournalHooks, placeOf: (row: JournalRow) => JournalRowPlace = () => 'here'): JournalRestore {
  const columns = index.columns().length;
  const rows: JournalRows<number> = {
    finder: () => storeRowFinder(store, keyPositions(index)),
    id: (r) => store.id(r) ?? '',
    serverValues: (r) => Array.from({ length: columns }, (_, i) => serverValue(store, r, i + 1)),
    write: (r, writes) => hooks.write(r, writes),
    isDeleted: (r) => store.state(r) === 'D',
    delete: (r) => {
      hooks.beforeDelete(r);
      const count = store.rowCount;
      store.deleteRow(r);
      if (store.rowCount < count) hooks.removed(r);
    },
    insertRun: (anchorId, cells) => {
      const anchor = anchorId ? store.positionOf(anchorId) : -1;
      const at = anchor >= 0 ? anchor + 1 : store.rowCount;
      const ids = store.insertRows(at, anchor >= 0 ? anchorId : null, cells);
      hooks.inserted(at, ids);
      return ids;
    },
  };
  return restoreRows(index, entry, rows, placeOf);
}

/**
 * `appendJournalRows` into a store: the journaled M and D rows put in at the end as pending rows (an M row over the
 * originals the user changed, a D row with its values), each under its id unless a row holds it. Returns the ids.
 */
export function appendStoreJournalRows(store: RowStore, rows: readonly JournalRow[]): string[] {
  const used = new Set<string>();
  const taken = (id: string) => used.has(id) || store.positionOf(id) >= 0;
  const built: [Element, JournalRow][] = [];
  for (const row of rows) {
    if (row.state === 'I') continue;
    let id = row.id;
    for (let n = 1; taken(id); n++) id = `${row.id}_${n}`;
    used.add(id);
    built.push([createRow(store.document, row.state === 'M' ? 'R' : 'D', id, row.state === 'M' ? row.originals! : row.cells), row]);
  }
  const first = store.rowCount;
  store.insertRowElements(first, built.map(([element]) => element));
  built.forEach(([, row], k) => {
    if (row.state === 'M') row.cells.forEach((value, i) => store.setCell(first + k, i + 1, value));
  });
  return built.map(([element]) => element.getAttribute('id') ?? '');
}

/** The store's row of a journaled M or D row (`rowFinder` of `restoreJournal`), null when none. */
function storeRowFinder(store: RowStore, keys: readonly number[]): { find: (journaled: JournalRow) => number | null; keyed: boolean } {
  const byId = (id: string) => {
    const r = store.positionOf(id);
    return r >= 0 ? r : null;
  };
  if (keys.length === 0) return { find: (journaled) => byId(journaled.id), keyed: false };
  const keyOf = (r: number) => JSON.stringify(keys.map((pos) => serverValue(store, r, pos)));
  let byKey: Map<string, number> | null = null;
  const find = (journaled: JournalRow) => {
    const values = journaled.state === 'M' ? journaled.originals! : journaled.cells;
    const key = JSON.stringify(keys.map((pos) => values[pos - 1]));
    const same = store.positionOf(journaled.id);
    if (same >= 0 && store.state(same) !== 'I' && keyOf(same) === key) return same;
    if (!byKey) {
      byKey = new Map();
      for (let r = 0; r < store.rowCount; r++) if (store.state(r) !== 'I') byKey.set(keyOf(r), r);
    }
    return byKey.get(key) ?? null;
  };
  return { find, keyed: true };
}

/** The server's value of a cell: an M row's original (`wrs:O`), else the value it holds. */
function serverValue(store: RowStore, r: number, pos: number): string | null {
  return store.state(r) === 'M' ? store.originalValue(r, pos) : store.cellValue(r, pos);
}
