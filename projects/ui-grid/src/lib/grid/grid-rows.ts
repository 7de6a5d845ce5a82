import { RowOperationInfo, WrsIndex, defaultCellValue } from 'ngx-wrs-grid/core';
import { GridCells } from './grid-cells';
import { GridChanges } from './grid-changes';
import { GridState } from './grid-state';
import { RowSnapshot } from './row-snapshot';
import { ShownRow, StoreRow } from './shown-row';
import { StoreSnapshotRows } from './store-snapshot';

/** Row operations of the toolbar and the context menu: add, insert, delete, restore, duplicate, each one change set. */
export class GridRows {
  constructor(
    private readonly state: GridState,
    private readonly cells: GridCells,
    private readonly changes: GridChanges,
    /** Turns to a client page as the pager does. */
    private readonly goToPage: (page: number) => void,
  ) {}

  /**
   * Adds a row on the page shown, at its top in `topMode`, else at its end; with `forceAddAtBottom` after the last
   * row of all, on the last client page (server pages show new rows at the end of every page). `afterAddRow` fills it.
   */
  addRow(): void {
    const { grid, features } = this.state;
    if (grid.isReadOnly() || !grid.allowNewRows()) return;
    const top = grid.topMode() && !grid.forceAddAtBottom();
    if (grid.forceAddAtBottom() && !grid.serverSidedPagination()) this.goToPage(features.pageCount() - 1);
    const at = top ? 0 : features.view!.rowCount;
    if (this.insertOnStore(at, (position, row) => this.cells.focusCell(position, this.cells.firstEditableShown(row)))) return;
    let added: Element | null = null;
    this.changes.change((snapshot) => {
      const [row] = this.insertRows(snapshot, at, 1);
      added = row;
      return [row.getAttribute('id') ?? ''];
    });
    if (added) this.cells.focusCell(features.view!.positionOf(added), this.cells.firstEditableColumn(added));
  }

  /**
   * Inserts one new row at a view position into the grid's row store while its document is not built, as one change
   * set; `focus` gets the row's view position. False, and nothing done, without such a store.
   */
  private insertOnStore(at: number, focus: (position: number, row: ShownRow) => void): boolean {
    let id = '';
    let storeAt = -1;
    const onStore = this.changes.changeStore((snapshot, rows) => {
      storeAt = this.state.features.view!.storedPositionFor(at);
      [id] = this.insertStoreRows(snapshot, rows, at, 1);
      return [id];
    });
    if (!onStore) return false;
    const { store, features } = this.state;
    let position: number;
    // Where the row went is known: the hint spares the store reading every row's id.
    if (store) position = features.revealStored(store.positionOf(id, storeAt));
    else {
      // Built meanwhile (`afterAddRow` read the document): the row is an element now.
      const row = WrsIndex.of(this.state.data!).rowById(id);
      position = row ? features.reveal(row) : -1;
    }
    const row = features.view?.shownAt(position);
    if (row) focus(position, row);
    return true;
  }

  /**
   * New rows at the end of the page shown, in a row store whose document is not built (lines pasted or filled past
   * the last row): `positions` (store positions held before) are moved past the new rows where they follow them;
   * returns the new rows' store positions.
   */
  appendStoreRows(snapshot: RowSnapshot, rows: StoreSnapshotRows, count: number, positions: number[]): number[] {
    const view = this.state.features.view!;
    const at = view.storedPositionFor(view.rowCount);
    const ids = this.insertStoreRows(snapshot, rows, view.rowCount, count);
    positions.forEach((p, i) => (positions[i] = p >= at ? p + ids.length : p));
    return ids.map((_, k) => at + k);
  }

  /**
   * `insertRows` into a row store whose document is not built: the same batches, ids and transaction numbers as
   * `WrsUtil.insertRow` gives on the document, the rows' entries made by the store, the view told where they are.
   * `afterAddRow` gets each new row's element (built alone; what it writes stays the row's). Returns the new ids.
   */
  insertStoreRows(snapshot: RowSnapshot, rows: StoreSnapshotRows, at: number, count: number): string[] {
    const { grid, features, headerMeta } = this.state;
    const { store } = rows;
    const view = features.view!;
    const defaults = WrsIndex.of(store.document).columns().map((c) => defaultCellValue(c));
    const storeAt = view.storedPositionFor(at);
    const ids: string[] = [];
    while (ids.length < count) {
      const total = store.rowCount;
      const n = count - ids.length;
      const next = storeAt + ids.length;
      let made: string[];
      let into: number;
      if (total === 0 || next < total) {
        // Before the rows from `next` on, as many as there are (`WrsUtil.insertRow`'s selection must exist).
        const k = total === 0 ? n : Math.min(total, next + n) - next;
        into = total === 0 ? 0 : next;
        made = store.insertRows(into, total === 0 ? null : store.id(next), Array.from({ length: k }, () => defaults));
      } else {
        const k = Math.min(n, total);
        into = total;
        made = store.insertRows(total, store.id(total - 1), Array.from({ length: k }, () => defaults));
      }
      view.storedInserted(into, made.length, at + ids.length);
      ids.push(...made);
    }
    for (const id of ids) snapshot.added(id);
    const afterAddRow = grid.afterAddRow();
    if (afterAddRow) for (let k = 0; k < ids.length; k++) afterAddRow({ rowNode: store.element(storeAt + k), headerMeta });
    return ids;
  }

  /** Inserts one new row at a position of the row view (the context menu's insert above and below). */
  insertRowAt(position: number): void {
    const { grid, features } = this.state;
    if (grid.isReadOnly() || !grid.allowNewRows() || !features.view) return;
    const at = Math.max(0, Math.min(position, features.view.rowCount));
    if (this.insertOnStore(at, (shownAt) => this.cells.focusCell(shownAt, this.state.selection.focus.col))) return;
    let added: Element | null = null;
    this.changes.change((snapshot) => {
      const [row] = this.insertRows(snapshot, at, 1);
      added = row;
      return [row.getAttribute('id') ?? ''];
    });
    if (added) this.cells.focusCell(features.view.positionOf(added), this.state.selection.focus.col);
  }

  /**
   * Inserts `count` new I rows with default values through `WrsUtil.insertRow` at a 0-based position of the row
   * view. The insert selection must exist, so larger inserts go in batches, each right after the rows before it.
   */
  insertRows(snapshot: RowSnapshot, at: number, count: number): Element[] {
    const { grid, features, services } = this.state;
    const view = features.view!;
    const index = WrsIndex.of(this.state.data!);
    const docAt = view.documentPositionFor(at);
    const created: Element[] = [];
    const fn = (info: RowOperationInfo) => {
      for (const row of info.rowNodes) created.push(row);
    };
    while (created.length < count) {
      const rows = index.rowCount;
      const n = count - created.length;
      const next = docAt + created.length;
      if (rows === 0) services.wrsUtil.insertRow({ model: grid, rowStartPos: 1, rowEndPos: n, propagateUpdate: false, fn });
      else if (next < rows) services.wrsUtil.insertRow({ model: grid, rowStartPos: next + 1, rowEndPos: Math.min(rows, next + n), propagateUpdate: false, fn });
      else {
        const k = Math.min(n, rows);
        services.wrsUtil.insertRow({ model: grid, rowStartPos: rows - k + 1, rowEndPos: rows, insertBeforeSelection: false, propagateUpdate: false, fn });
      }
    }
    for (const row of created) snapshot.added(row.getAttribute('id') ?? '');
    view.inserted(at, created);
    // Every row the grid adds (Add row, insert above/below, lines pasted past the last row, paste as new rows) goes
    // through afterAddRow, before pasted values are written into it: what was pasted wins over its defaults.
    const afterAddRow = grid.afterAddRow();
    if (afterAddRow) for (const row of created) afterAddRow({ rowNode: row, headerMeta: this.state.headerMeta });
    return created;
  }

  /** Deletes the rows of the selected range through `WrsUtil.deleteRows` (R and M become D and stay visible; I rows go). */
  deleteSelectedRows(): void {
    const { grid, services } = this.state;
    if (grid.isReadOnly()) return;
    if (this.onStoreEntries((snapshot, rows, r) => (rows.touchForDelete(snapshot, r), rows.store.deleteRow(r) !== 'unchanged'))) return;
    this.changes.change((snapshot) =>
      this.forSelectedRuns(
        snapshot,
        (start, end, fn) => services.wrsUtil.deleteRows({ model: grid, rowStartPos: start, rowEndPos: end, propagateUpdate: false, fn }),
        (row) => snapshot.touchForDelete(row),
      ),
    );
  }

  /** Restores the rows of the selected range to the server state through `WrsUtil.restore`: I rows go, M and D rows become R. */
  restoreSelectedRows(): void {
    const { grid, services } = this.state;
    if (grid.isReadOnly()) return;
    const restore = (snapshot: RowSnapshot, rows: StoreSnapshotRows, r: number) => {
      const state = rows.store.state(r);
      // An I row goes, as `WrsUtil.restore` takes it out of a document.
      if (state === 'I') return this.removeOnStore(snapshot, rows, r);
      if (state !== 'M' && state !== 'D') return false;
      rows.touchForRestore(snapshot, r);
      return rows.store.restoreRow(r);
    };
    if (this.onStoreEntries(restore)) return;
    const columns = WrsIndex.of(this.state.data!).columns().length;
    this.changes.change((snapshot) =>
      this.forSelectedRuns(snapshot, (start, end, fn) =>
        services.wrsUtil.restore({ model: grid, rowStartPos: start, rowEndPos: end, colStartPos: 1, colEndPos: columns, propagateUpdate: false, fn }),
      ),
    );
  }

  /**
   * Duplicates the rows of the selected range through `WrsUtil.duplicateRows` as new I rows right below them. A copy
   * is an added row: `afterAddRow` gets each, top to bottom, in the same undo step, to give it its own key.
   */
  duplicateSelectedRows(): void {
    const { grid, services } = this.state;
    if (grid.isReadOnly() || !grid.allowNewRows()) return;
    if (this.duplicateOnStore()) return;
    this.changes.change((snapshot, index) => {
      // The rows copied stay as they are: the step records only the copies, so an id arriving later for a new row
      // copied here (another component's change to it) leaves the step undoable.
      const ids = this.forSelectedRuns(
        snapshot,
        (start, end, fn) => services.wrsUtil.duplicateRows({ model: grid, rowStartPos: start, rowEndPos: end, insertBeforeSelection: false, propagateUpdate: false, fn }),
        () => undefined,
      );
      const afterAddRow = grid.afterAddRow();
      if (afterAddRow) {
        // The ids are those of the copies, the last run's first.
        const copies = ids.map((id) => index.rowById(id)!).sort((a, b) => index.positionOf(a) - index.positionOf(b));
        for (const row of copies) afterAddRow({ rowNode: row, headerMeta: this.state.headerMeta });
      }
      return ids;
    });
  }

  /**
   * Runs a row operation on each selected row of a row store whose document is not built (`operation` true for a
   * row it changed), as one change set: the last row first, so that a row taken out (an I row) leaves the positions
   * of the others alone. False, and nothing done, without such a store.
   */
  private onStoreEntries(operation: (snapshot: RowSnapshot, rows: StoreSnapshotRows, r: number) => boolean): boolean {
    const { store, features } = this.state;
    const view = features.view;
    if (!store || !view) return false;
    const { top, bottom } = this.state.selection.range;
    const selected: number[] = [];
    for (let p = top; p <= bottom; p++) {
      const row = view.shownAt(p);
      if (row instanceof StoreRow) selected.push(row.position);
    }
    selected.sort((a, b) => b - a);
    return this.changes.changeStore((snapshot, rows) => {
      const ids: string[] = [];
      const removed: number[] = [];
      for (const r of selected) {
        const id = rows.store.id(r) ?? '';
        const count = rows.store.rowCount;
        if (!operation(snapshot, rows, r)) continue;
        ids.push(id);
        if (rows.store.rowCount < count) removed.push(r);
      }
      view.storedRemoved(removed);
      return ids;
    });
  }

  /**
   * `duplicateSelectedRows` on a row store whose document is not built: each run of consecutive selected rows
   * copied right below it (`RowStore.duplicateRows`, the ids `WrsUtil.duplicateRows` gives), the last run first.
   */
  private duplicateOnStore(): boolean {
    const { store, features, selection, grid, headerMeta } = this.state;
    const view = features.view;
    if (!store || !view) return false;
    const positions: number[] = [];
    for (let p = selection.range.top; p <= selection.range.bottom; p++) {
      const row = view.shownAt(p);
      if (row instanceof StoreRow) positions.push(row.position);
    }
    const runs = runsOf(positions);
    let copies: number[] = [];
    const onStore = this.changes.changeStore((snapshot, rows) => {
      const ids: string[] = [];
      for (const [first, last] of runs.reverse()) {
        const made = rows.store.duplicateRows(first, last, false);
        view.storedInserted(last + 1, made.length, null);
        // The copies of the runs below move down by these.
        copies = [...Array.from({ length: made.length }, (_, k) => last + 1 + k), ...copies.map((r) => r + made.length)];
        for (const id of made) snapshot.added(id);
        ids.push(...made);
      }
      const afterAddRow = grid.afterAddRow();
      if (afterAddRow) for (const r of copies) afterAddRow({ rowNode: rows.store.element(r), headerMeta });
      return ids;
    });
    return onStore;
  }

  /** Takes an I row out of a row store (a copy kept for undo). */
  private removeOnStore(snapshot: RowSnapshot, rows: StoreSnapshotRows, r: number): boolean {
    rows.touch(snapshot, r);
    rows.store.deleteRow(r);
    return true;
  }

  /** Whether a row shown at a position in `[top, bottom]` passes `test` (stops at the first that does). */
  someRowIn(top: number, bottom: number, test: (row: Element) => boolean): boolean {
    for (let p = top; p <= bottom; p++) {
      const row = this.cells.rowAt(p);
      if (row && test(row)) return true;
    }
    return false;
  }

  /**
   * Runs a WrsUtil range operation over the selected rows: the view's rows grouped into runs of consecutive
   * document positions, the last run first so each run's edit leaves the positions of the earlier runs alone.
   */
  private forSelectedRuns(
    snapshot: RowSnapshot,
    operation: (start: number, end: number, fn: (info: RowOperationInfo) => void) => void,
    record: (row: Element) => void = (row) => snapshot.touch(row),
  ): string[] {
    const { top, bottom } = this.state.selection.range;
    const index = WrsIndex.of(this.state.data!);
    const view = this.state.features.view!;
    const positions: number[] = [];
    for (let p = top; p <= bottom; p++) {
      const row = view.rowAt(p);
      if (!row) continue;
      record(row);
      positions.push(index.positionOf(row));
    }
    const runs = runsOf(positions);
    const ids: string[] = [];
    const fn = (info: RowOperationInfo) => {
      for (const id of info.rowIds) ids.push(id);
      for (const row of info.rowNodes) snapshot.added(row.getAttribute('id') ?? '');
    };
    for (const [start, end] of runs.reverse()) operation(start, end, fn);
    return ids;
  }
}

/** Ascending positions grouped into runs of consecutive ones, as [first, last] pairs. */
function runsOf(positions: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const p of [...positions].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && p === last[1] + 1) last[1] = p;
    else runs.push([p, p]);
  }
  return runs;
}
