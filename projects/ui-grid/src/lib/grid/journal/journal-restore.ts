import { WrsError, WrsIndex, cellAt, cellValue, cellsOf, deleteRowElement, insertRowElements, originalOf, writeRowCells } from 'ngx-wrs-grid/core';
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
}

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
 * the result). Throws JOURNAL_MISMATCH, changing nothing, when the journal does not fit the data.
 */
export function restoreJournal(index: WrsIndex, entry: JournalEntry, hooks: JournalRestoreHooks): JournalRestore {
  if (!journalFits(entry, index)) {
    throw new WrsError('JOURNAL_MISMATCH', `The journal of ${entry.key} does not fit the columns of the loaded data`, entry.columns.map((c) => c.id).join(','));
  }
  const result = { rowIds: [] as string[], conflicts: [] as JournalConflict[], gone: 0 };
  const find = rowFinder(index);
  const inserted = new Map<string, string>();
  for (const journaled of entry.rows) {
    if (journaled.state === 'I') continue;
    const loaded = find(journaled);
    if (!loaded) {
      // A deleted row the server no longer holds is deleted already.
      if (journaled.state === 'M') result.gone++;
      continue;
    }
    const id = loaded.getAttribute('id') ?? '';
    if (journaled.state === 'M') applyModified(index, loaded, journaled, hooks, result);
    else if (loaded.localName !== 'D') {
      result.conflicts.push(...conflictsOf(index, id, journaled.cells, serverValues(loaded), null));
      hooks.beforeDelete(loaded);
      deleteRowElement(loaded, index);
      result.rowIds.push(id);
    }
  }
  // In document order, so that the row each one follows is in place before it.
  const news = entry.rows.filter((r) => r.state === 'I').sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  for (const journaled of news) {
    const anchorId = journaled.after ? inserted.get(journaled.after) ?? journaled.after : null;
    const anchor = anchorId ? index.rowById(anchorId) : null;
    const at = anchor ? index.positionOf(anchor) : index.rowCount;
    const edit = insertRowElements(index, at, anchor ? anchorId : null, [journaled.cells]);
    const id = edit.rowIds[0];
    inserted.set(journaled.id, id);
    hooks.added(id);
    result.rowIds.push(id);
  }
  return result;
}

/** Writes the cells the user changed (those differing from the journaled originals) over a loaded row. */
function applyModified(index: WrsIndex, loaded: Element, journaled: JournalRow, hooks: JournalRestoreHooks, result: { rowIds: string[]; conflicts: JournalConflict[] }): void {
  const id = loaded.getAttribute('id') ?? '';
  const originals = journaled.originals!;
  const server = serverValues(loaded);
  const writes: [number, string | null][] = [];
  journaled.cells.forEach((mine, i) => {
    if (mine !== originals[i]) writes.push([i + 1, mine]);
  });
  result.conflicts.push(...conflictsOf(index, id, originals, server, journaled.cells));
  const { changed } = writeRowCells(loaded, writes, index, (row) => hooks.beforeWrite(row));
  if (changed.length > 0) result.rowIds.push(id);
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
function rowFinder(index: WrsIndex): (journaled: JournalRow) => Element | null {
  const keys = index.columns().filter((c) => isKey(c.element)).map((c) => c.pos);
  if (keys.length === 0) return (journaled) => index.rowById(journaled.id);
  const keyOf = (row: Element) => JSON.stringify(keys.map((pos) => serverValue(row, pos)));
  let byKey: Map<string, Element> | null = null;
  return (journaled) => {
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
}

/** The server's value of one cell: its `wrs:O` where the user already changed it. */
function serverValue(row: Element, pos: number): string | null {
  const cell = cellAt(row, pos);
  return cell ? cellValue(originalOf(cell) ?? cell) : null;
}

function isKey(column: Element): boolean {
  const value = column.getAttribute('isKey');
  return value === 'true' || value === '1';
}
