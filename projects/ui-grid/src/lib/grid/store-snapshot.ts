import { CellWrites, RowStore, cellValue, pastedValue } from 'ngx-wrs-grid/core';
import { CellEntry, ForeignChange, RowEntry, RowSnapshot, SnapshotStoreRows } from './row-snapshot';
import type { GridRowView } from './features/grid-row-view';

/** What a batch of writes on a store's entries changed: the rows by id, and the column positions written. */
export interface StoreBatch {
  readonly rowIds: string[];
  readonly positions: Set<number>;
  /** The store position of each row changed, by id. */
  readonly storePositions: Map<string, number>;
}

/**
 * The rows of an undo step in a row store whose document is not built: recorded from the entries (state, values,
 * a copy of the row only where a whole row must come back) and put back by the store's own writes, so that an edit
 * and its undo build nothing. A step recorded here is still undone exactly once the document is built: it names
 * rows by id and holds values or row copies, which `RowSnapshot` puts back into the document.
 */
export class StoreSnapshotRows implements SnapshotStoreRows {
  constructor(
    readonly store: RowStore,
    /** The number of columns: the cells of a row a step keeps. */
    private readonly columns: number,
    /** The grid's row view, told of rows an undo takes out of the store or puts back. */
    private readonly view: () => GridRowView | null = () => null,
  ) {}

  /** Records row `r` as it is: a copy of it comes back on undo. */
  touch(snapshot: RowSnapshot, r: number): void {
    const id = this.store.id(r) ?? '';
    if (!snapshot.holds(id)) snapshot.record({ id, before: this.store.copyOf(r), position: r });
  }

  /** As `RowSnapshot.touchForDelete`: an R row becomes D in place, nothing is copied. */
  touchForDelete(snapshot: RowSnapshot, r: number): void {
    if (this.store.state(r) !== 'R') return this.touch(snapshot, r);
    const id = this.store.id(r) ?? '';
    if (!snapshot.holds(id)) snapshot.record({ id, before: null, position: r, inPlace: 'deleted' });
  }

  /**
   * Records row `r` before it is restored: a D row in place (undoing deletes it again, nothing is copied: restoring
   * 10,000 deleted rows copies none), an M row as a copy.
   */
  touchForRestore(snapshot: RowSnapshot, r: number): void {
    if (this.store.state(r) !== 'D') return this.touch(snapshot, r);
    const id = this.store.id(r) ?? '';
    if (!snapshot.holds(id)) snapshot.record({ id, before: null, position: r, inPlace: 'undeleted' });
  }

  /** As `RowSnapshot.touchForWrite`: an R row becomes M in place; I and M rows keep their values to compare at `seal`. */
  touchForWrite(snapshot: RowSnapshot, r: number): void {
    const state = this.store.state(r);
    const id = this.store.id(r) ?? '';
    if (snapshot.holds(id)) return;
    if (state === 'I' || state === 'M') snapshot.record({ id, before: null, position: r, rawValues: this.values(r) });
    else if (state === 'R') snapshot.record({ id, before: null, position: r, inPlace: 'modified' });
    else this.touch(snapshot, r);
  }

  /**
   * Writes cells of rows (store positions) as `writeCellBatch` writes them into elements: each row recorded once
   * before its first change, an R row made M once; `pasted` leaves an empty cell empty.
   */
  writeBatch(snapshot: RowSnapshot, rows: Iterable<readonly [number, CellWrites]>, pasted = false): StoreBatch {
    const batch: StoreBatch = { rowIds: [], positions: new Set(), storePositions: new Map() };
    const { store } = this;
    for (const [r, writes] of rows) {
      const id = store.id(r) ?? '';
      // An R row is recorded after its first write (it is undone in place, nothing read before); others before.
      const inPlace = store.state(r) === 'R' && !snapshot.holds(id);
      let touched = false;
      for (const [pos, value] of writes) {
        if (pos > this.columns) continue;
        // Only an empty pasted value depends on what the cell holds (`pastedValue`).
        const written = pasted && (value === '' || value === null) ? pastedValue(store.cellValue(r, pos), value) : value;
        if (!touched && !inPlace) {
          if (store.cellValue(r, pos) === written) continue;
          this.touchForWrite(snapshot, r);
        }
        if (!store.setCell(r, pos, written)) continue;
        if (!touched && inPlace) snapshot.record({ id, before: null, position: r, inPlace: 'modified' });
        touched = true;
        batch.positions.add(pos);
      }
      if (!touched) continue;
      batch.rowIds.push(id);
      batch.storePositions.set(id, r);
    }
    return batch;
  }

  seal(entries: Iterable<RowEntry>): void {
    for (const entry of entries) {
      if (!entry.rawValues) continue;
      const r = this.store.positionOf(entry.id, entry.position);
      const cells = new Map<number, CellEntry>();
      if (r >= 0) {
        entry.rawValues.forEach((before, i) => {
          const after = this.store.cellValue(r, i + 1);
          if (before !== after) cells.set(i + 1, { before: null, beforeValue: before, after });
        });
      }
      entry.cells = cells;
      entry.state = r >= 0 ? this.store.state(r) : undefined;
      delete entry.rawValues;
    }
  }

  afterForeignChange(entry: RowEntry, claimed: Set<number>): ForeignChange {
    const r = this.store.positionOf(entry.id, entry.position);
    if (r < 0 || this.store.state(r) !== entry.state) return 'conflict';
    for (const [pos, cell] of entry.cells!) {
      if (claimed.has(pos)) continue;
      if (this.store.cellValue(r, pos) !== cell.after) return 'conflict';
      claimed.add(pos);
    }
    return 'cells';
  }

  canRestore(entries: Iterable<RowEntry>): boolean {
    for (const entry of entries) {
      // A row not there is put back from its copy; without one (a created row gone since) the document does it.
      if (!entry.before && this.store.positionOf(entry.id, entry.position) < 0) return false;
    }
    return true;
  }

  restore(entries: Iterable<RowEntry>, inverse: RowSnapshot): void {
    const { store } = this;
    const created: number[] = [];
    const back: RowEntry[] = [];
    for (const entry of entries) {
      const r = store.positionOf(entry.id, entry.position);
      if (r < 0) {
        back.push(entry);
        inverse.added(entry.id);
        continue;
      }
      const state = store.state(r);
      if (isCreated(entry)) {
        // The redo puts the row back as it is now, where it is now.
        inverse.record({ id: entry.id, before: store.copyOf(r), position: r });
        created.push(r);
      } else if (entry.cells) {
        // Undone cell by cell: the redo writes the same cells again.
        const cells = new Map<number, CellEntry>();
        for (const [pos, cell] of entry.cells) {
          const now = store.cellValue(r, pos);
          store.setCell(r, pos, cell.before ? cellValue(cell.before) : cell.beforeValue);
          cells.set(pos, { before: null, beforeValue: now, after: store.cellValue(r, pos) });
        }
        inverse.record({ id: entry.id, before: null, position: r, cells, state: store.state(r) });
      } else if (entry.inPlace === 'deleted' && state === 'D') {
        store.restoreRow(r);
        inverse.record({ id: entry.id, before: null, position: r, inPlace: 'undeleted' });
      } else if (entry.inPlace === 'modified' && state === 'M') {
        // The redo puts back a copy of the M row, written values and all.
        this.touch(inverse, r);
        store.restoreRow(r);
      } else if (entry.inPlace === 'undeleted' && state === 'R') {
        this.touchForDelete(inverse, r);
        store.deleteRow(r);
      } else {
        this.touch(inverse, r);
        if (entry.before) store.replaceRow(r, entry.before.cloneNode(true) as Element);
      }
    }
    if (created.length > 0) {
      store.removeRows(created);
      this.view()?.storedRemoved(created);
    }
    // Back where they were, in order: each position counts the rows before it as they were then.
    for (const entry of back.sort((a, b) => a.position - b.position)) {
      const at = Math.min(entry.position, store.rowCount);
      store.insertRowElements(at, [entry.before!.cloneNode(true) as Element]);
      this.view()?.storedInserted(at, 1, null);
    }
  }

  private values(r: number): (string | null)[] {
    return Array.from({ length: this.columns }, (_, i) => this.store.cellValue(r, i + 1));
  }
}

/** True for a row the step created: undoing it takes the row out. */
function isCreated(entry: RowEntry): boolean {
  return entry.before === null && !entry.inPlace && !entry.cells && !entry.rawValues;
}
