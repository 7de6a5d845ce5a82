import { NS, WrsError, WrsIndex, cellAt, cellValue, cellsOf, createRow, deleteRowElement, insertRowElements, originalOf, writeRowCells } from 'ngx-wrs-grid/core';
import { JournalEntry, JournalRow, journalColumnsOf } from './journal-entry';

/**
 * A cell the user changed and the server changed too, differently, since the user's original was read: saving as
 * restored would overwrite the server's value. `mine` is null with `deleted` for a deleted row.
 */
export interface JournalConflict {
  readonly rowId: string;
  readonly colId: string;
  /** The server's value when the user changed the row. */
  readonly original: string | null;
  /** The server's value now. */
  readonly server: string | null;
  /** The user's value (for a deleted row the row's value, `deleted` true). */
  readonly mine: string | null;
  readonly deleted: boolean;
}

/** What restoring a journal did. */
export interface JournalRestore {
  /** Ids (in the document) of the rows it changed or inserted. */
  readonly rowIds: string[];
  readonly conflicts: JournalConflict[];
  /** Changed rows whose record the loaded data no longer holds (deleted on the server, or out of the filter): not applied. */
  readonly gone: number;
  /** M and D rows that may be on another server page (`JournalRowPlace`): not applied, kept to be looked for there. */
  readonly waiting: JournalRow[];
}

/**
 * Where a journaled row is as far as the grid knows: on the data loaded (`here`: missing there means gone), on another
 * server page (`elsewhere`), or `unknown` (server pages cut another way since). Rows not `here` wait when not found.
 */
export type JournalRowPlace = 'here' | 'elsewhere' | 'unknown';

/** What the grid records before the restore changes a row (its undo step). */
export interface JournalRestoreHooks {
  beforeWrite(row: Element): void;
  beforeDelete(row: Element): void;
  added(id: string): void;
}

/** Whether a journal fits a document: the same columns (ids and types) in the same order, every row as wide. */
export function journalFits(entry: JournalEntry, index: WrsIndex): boolean {
  const columns = journalColumnsOf(index);
  if (columns.length !== entry.columns.length) return false;
  if (columns.some((c, i) => c.id !== entry.columns[i].id || c.type !== entry.columns[i].type)) return false;
  return entry.rows.every((r) => r.cells.length === columns.length && (r.state !== 'M' || r.originals?.length === columns.length));
}

/**
 * Makes the journal's changes again on freshly loaded data, as pending changes: M rows write the user's values over
 * the loaded row (whose `wrs:O` are then the server's values now), D rows delete the loaded row, I rows are inserted
 * where they were. Rows are found as the server finds them: by their key columns (an M row by its original key),
 * else by id. A cell the server changed since, to another value than the user's, is a conflict (both values kept in
 * the result). `placeOf` says where each M or D row may be (server pages); without it every row is `here`. Without key
 * columns a row not `here` is not looked for: an id alone cannot tell it from another page's row under the same id.
 * I rows are inserted in runs (one insert per run of rows that followed each other): the cost grows with the rows
 * restored, not with the rows times the document. Throws JOURNAL_MISMATCH, changing nothing, when the journal does
 * not fit the data.
 */
export function restoreJournal(index: WrsIndex, entry: JournalEntry, hooks: JournalRestoreHooks, placeOf: (row: JournalRow) => JournalRowPlace = () => 'here'): JournalRestore {
  const rows: JournalRows<Element> = {
    finder: () => rowFinder(index),
    id: (row) => row.getAttribute('id') ?? '',
    serverValues,
    write: (row, writes) => writeRowCells(row, writes, index, (r) => hooks.beforeWrite(r)).changed.length > 0,
    isDeleted: (row) => row.localName === 'D',
    delete: (row) => {
      hooks.beforeDelete(row);
      deleteRowElement(row, index);
    },
    insertRun: (anchorId, cells) => {
      const anchor = anchorId ? index.rowById(anchorId) : null;
      const at = anchor ? index.positionOf(anchor) : index.rowCount;
      const ids = insertRowElements(index, at, anchor ? anchorId : null, cells).rowIds;
      for (const id of ids) hooks.added(id);
      return ids;
    },
  };
  return restoreRows(index, entry, rows, placeOf);
}

/**
 * How a restore reads and changes the loaded rows, each named by a handle `R`: an element of the document
 * (`restoreJournal`) or a position in a row store whose document is not built (`restoreStoreJournal`).
 */
export interface JournalRows<R> {
  /** Finds the loaded row of a journaled M or D row (null when none); `keyed` when by key columns, not by id alone. */
  finder(): { find: (journaled: JournalRow) => R | null; keyed: boolean };
  id(row: R): string;
  /** The server's values of a loaded row: its originals where the user already changed it in this session. */
  serverValues(row: R): (string | null)[];
  /** Writes the cells the user changed over a loaded row (its undo record taken first); true when one changed. */
  write(row: R, writes: readonly (readonly [number, string | null])[]): boolean;
  isDeleted(row: R): boolean;
  /** Deletes a loaded row (its undo record taken first). */
  delete(row: R): void;
  /** Inserts I rows of these cells after the row with the id (null, or an id no row has: at the end); their new ids. */
  insertRun(anchorId: string | null, cells: readonly (readonly (string | null)[])[]): string[];
}

/** `restoreJournal` over any rows: finds, writes, deletes and inserts through `rows`. */
export function restoreRows<R>(index: WrsIndex, entry: JournalEntry, rows: JournalRows<R>, placeOf: (row: JournalRow) => JournalRowPlace): JournalRestore {
  if (!journalFits(entry, index)) {
    throw new WrsError('JOURNAL_MISMATCH', `The journal of ${entry.key} does not fit the columns of the loaded data`, entry.columns.map((c) => c.id).join(','));
  }
  const result = { rowIds: [] as string[], conflicts: [] as JournalConflict[], gone: 0, waiting: [] as JournalRow[] };
  const { find, keyed } = rows.finder();
  for (const journaled of entry.rows) {
    if (journaled.state === 'I') continue;
    const place = placeOf(journaled);
    const loaded = keyed || place === 'here' ? find(journaled) : null;
    if (loaded === null) {
      // A deleted row the server no longer holds is deleted already.
      if (place !== 'here') result.waiting.push(journaled);
      else if (journaled.state === 'M') result.gone++;
      continue;
    }
    const id = rows.id(loaded);
    if (journaled.state === 'M') {
      const originals = journaled.originals!;
      result.conflicts.push(...conflictsOf(index, id, originals, rows.serverValues(loaded), journaled.cells));
      const writes = journaled.cells.flatMap((mine, i) => (mine !== originals[i] ? [[i + 1, mine] as const] : []));
      if (rows.write(loaded, writes)) result.rowIds.push(id);
    } else if (!rows.isDeleted(loaded)) {
      result.conflicts.push(...conflictsOf(index, id, journaled.cells, rows.serverValues(loaded), null));
      rows.delete(loaded);
      result.rowIds.push(id);
    }
  }
  for (const id of insertNewRows(entry.rows.filter((r) => r.state === 'I'), rows)) result.rowIds.push(id);
  return result;
}

/**
 * Inserts the journal's I rows after the rows they followed (at the end when that row is gone), in document order so
 * that the row each one follows is in place before it; a run of rows each following the one before is one insert.
 * Returns the new rows' ids.
 */
function insertNewRows<R>(rows: JournalRow[], target: JournalRows<R>): string[] {
  const news = rows.sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const inserted = new Map<string, string>();
  const ids: string[] = [];
  for (let start = 0, end = 1; start < news.length; start = end++) {
    while (end < news.length && news[end].after === news[end - 1].id) end++;
    const run = news.slice(start, end);
    const after = run[0].after;
    const runIds = target.insertRun(after ? inserted.get(after) ?? after : null, run.map((r) => r.cells));
    run.forEach((journaled, i) => {
      inserted.set(journaled.id, runIds[i]);
      ids.push(runIds[i]);
    });
  }
  return ids;
}

/**
 * Puts journaled M and D rows into the data as pending rows of other server pages (the view hides them; a save sends
 * them as it sends those): an M row holds the user's values over the originals the user changed them from (its
 * `wrs:O`, which the server checks), a D row the values it held. A row keeps its id unless the data uses it. Returns
 * the ids.
 */
export function appendJournalRows(index: WrsIndex, rows: readonly JournalRow[]): string[] {
  const doc = index.doc;
  const data = index.data ?? index.root.appendChild(doc.createElementNS(NS.wrs, 'wrs:Data'));
  const used = new Set(index.rows().map((r) => r.getAttribute('id') ?? ''));
  const built: [Element, JournalRow][] = [];
  for (const row of rows) {
    if (row.state === 'I') continue;
    let id = row.id;
    for (let n = 1; used.has(id); n++) id = `${row.id}_${n}`;
    used.add(id);
    built.push([data.appendChild(createRow(doc, row.state === 'M' ? 'R' : 'D', id, row.state === 'M' ? row.originals! : row.cells)), row]);
  }
  index.invalidate();
  for (const [element, row] of built) if (row.state === 'M') writeRowCells(element, row.cells.map((value, i) => [i + 1, value] as const), index);
  return built.map(([element]) => element.getAttribute('id') ?? '');
}

/**
 * The cells where the server's value now differs from the original the user saw, and (for an M row) the user changed
 * that cell to a third value; for a deleted row (`mine` null) every cell the server changed.
 */
function conflictsOf(index: WrsIndex, rowId: string, originals: readonly (string | null)[], server: readonly (string | null)[], mine: readonly (string | null)[] | null): JournalConflict[] {
  const columns = index.columns();
  const out: JournalConflict[] = [];
  originals.forEach((original, i) => {
    if (server[i] === original) return;
    if (mine && (mine[i] === original || mine[i] === server[i])) return;
    out.push({ rowId, colId: columns[i].id, original, server: server[i], mine: mine ? mine[i] : original, deleted: !mine });
  });
  return out;
}

/** The server's values of a loaded row: its `wrs:O` where the user already changed it in this session. */
function serverValues(row: Element): (string | null)[] {
  return cellsOf(row).map((c) => cellValue(originalOf(c) ?? c));
}

/**
 * Finds the loaded row of a journaled M or D row: by its key columns' original values, else by id. The row under
 * the journaled id is tried first (the same data loaded again keeps its ids); only when it holds another key are the
 * key cells of every row read, once.
 */
function rowFinder(index: WrsIndex): { find: (journaled: JournalRow) => Element | null; keyed: boolean } {
  const keys = keyPositions(index);
  if (keys.length === 0) return { find: (journaled) => index.rowById(journaled.id), keyed: false };
  const keyOf = (row: Element) => JSON.stringify(keys.map((pos) => serverValue(row, pos)));
  let byKey: Map<string, Element> | null = null;
  const find = (journaled: JournalRow) => {
    const values = journaled.state === 'M' ? journaled.originals! : journaled.cells;
    const key = JSON.stringify(keys.map((pos) => values[pos - 1]));
    const same = index.rowById(journaled.id);
    if (same && same.localName !== 'I' && keyOf(same) === key) return same;
    if (!byKey) {
      byKey = new Map();
      for (const row of index.rows()) if (row.localName !== 'I') byKey.set(keyOf(row), row);
    }
    return byKey.get(key) ?? null;
  };
  return { find, keyed: true };
}

/** The server's value of one cell: its `wrs:O` where the user already changed it. */
function serverValue(row: Element, pos: number): string | null {
  const cell = cellAt(row, pos);
  return cell ? cellValue(originalOf(cell) ?? cell) : null;
}

/** The 1-based positions of the key columns (`isKey`): what finds a journaled row again. */
export function keyPositions(index: WrsIndex): number[] {
  return index.columns().filter((c) => isKey(c.element)).map((c) => c.pos);
}

function isKey(column: Element): boolean {
  const value = column.getAttribute('isKey');
  return value === 'true' || value === '1';
}
