import { CellWrites, ChangeSet, WrsIndex, writeCellBatch } from 'ngx-wrs-grid/core';
import { GridCells } from './grid-cells';
import { GridState } from './grid-state';
import { RowSnapshot } from './row-snapshot';
import { StoreRow } from './shown-row';
import { StoreSnapshotRows } from './store-snapshot';

/** Who hears about the grid's writes: a change of its own kept as an undo step, and every change set it shows. */
export interface GridChangeListener {
  /** A change of the grid's own became a step (before its change set fires). */
  recorded?(step: RowSnapshot): void;
  /** A change set the grid shows; `own` when the grid fired it (an edit, an undo), else another component's. */
  changed?(changeSet: ChangeSet, own: boolean): void;
}

/** The cells a batch write of the grid changed: rows (by id) whose cells changed only in the columns at `positions`. */
export interface WrittenCells {
  readonly rowIds: ReadonlySet<string>;
  readonly positions: ReadonlySet<number>;
  /** Rows written on a row store's entries: their store positions, by id. */
  readonly storePositions?: ReadonlyMap<string, number>;
}

/** The single write path of the grid: every edit is one change set on its document, and one step for undo. */
export class GridChanges {
  /** True while the grid fires a change set of its own. */
  private firingOwn = false;
  /** The cells the running operation wrote by `writeBatch`; while its change set fires, `written()` tells them. */
  private writtenNow: { rowIds: Set<string>; positions: Set<number>; storePositions: Map<string, number> } | null = null;
  private writtenFiring: WrittenCells | null = null;
  private readonly listeners: GridChangeListener[] = [];

  constructor(
    private readonly state: GridState,
    private readonly cells: GridCells,
  ) {}

  listen(listener: GridChangeListener): void {
    this.listeners.push(listener);
  }

  /** A change set of the grid or of the input it follows arrived: every listener hears it. */
  received(changeSet: ChangeSet): void {
    for (const l of this.listeners) l.changed?.(changeSet, this.firingOwn);
  }

  /**
   * Runs one grid operation as one change set: `touch` rows before changing them (for undo), return the changed
   * rows' ids; nothing changed means no change set and no undo step.
   */
  change(operation: (snapshot: RowSnapshot, index: WrsIndex) => string[]): void {
    const data = this.state.data;
    if (!data || !this.state.grid.isReady()) return;
    this.run(new RowSnapshot(data), (snapshot) => operation(snapshot, WrsIndex.of(data)));
  }

  /**
   * As `change`, on the entries of the grid's row store while its document is not built (`state.store`): the
   * operation writes through `rows` and the store, and builds nothing. False, and nothing run, without such a store.
   */
  changeStore(operation: (snapshot: RowSnapshot, rows: StoreSnapshotRows) => string[]): boolean {
    const { store, document } = this.state;
    if (!store || !document || !this.state.grid.isReady()) return false;
    const rows = new StoreSnapshotRows(store, WrsIndex.of(document).columns().length, () => this.state.features.view);
    this.run(new RowSnapshot(document, rows), (snapshot) => operation(snapshot, rows));
    return true;
  }

  private run(snapshot: RowSnapshot, operation: (snapshot: RowSnapshot) => string[]): void {
    let rowIds: string[];
    this.writtenNow = null;
    try {
      rowIds = operation(snapshot);
    } catch (e) {
      this.writtenNow = null;
      // An app callback (afterAddRow) threw after rows were changed: what was changed is still one undo step and
      // one change set, so the grid shows it and the user can take it back.
      snapshot.seal();
      if (snapshot.size > 0) this.record(snapshot, snapshot.rowIds());
      throw e;
    }
    snapshot.seal();
    if (rowIds.length === 0) return;
    this.record(snapshot, rowIds);
  }

  /**
   * Fires a change of the grid's own to these rows that is no new step (an undo, a redo); `storePositions` where
   * they are in the grid's row store (`RowSnapshot.storePositions`).
   */
  replayed(rowIds: readonly string[], storePositions?: ReadonlyMap<string, number>): void {
    this.state.grid.noteChange([this.state.document!.documentElement!], rowIds);
    if (storePositions === undefined || storePositions.size === 0) return this.fireOwn();
    this.writtenFiring = { rowIds: new Set(), positions: new Set(), storePositions };
    try {
      this.fireOwn();
    } finally {
      this.writtenFiring = null;
    }
  }

  /**
   * Inside `change`: writes cells of many rows as one batch (`writeCellBatch`: each row read once, R -> M once, one
   * undo record per row); the change set's validation then checks only the columns written. Returns the ids of the
   * rows changed.
   */
  writeBatch(snapshot: RowSnapshot, index: WrsIndex, rows: Iterable<readonly [Element, CellWrites]>, pasted = false): string[] {
    return this.noteWritten(snapshot, writeCellBatch(index, rows, { pasted, beforeChange: (before) => snapshot.touchForWrite(before) }));
  }

  /** `writeBatch` on the entries of a row store (`changeStore`): rows by their store positions. */
  writeStoreBatch(snapshot: RowSnapshot, rows: StoreSnapshotRows, writes: Iterable<readonly [number, CellWrites]>, pasted = false): string[] {
    return this.noteWritten(snapshot, rows.writeBatch(snapshot, writes, pasted));
  }

  private noteWritten(snapshot: RowSnapshot, batch: { readonly rowIds: string[]; readonly positions: Set<number>; readonly storePositions?: Map<string, number> }): string[] {
    const written = (this.writtenNow ??= { rowIds: new Set(), positions: new Set(), storePositions: new Map() });
    if (batch.storePositions) for (const [id, r] of batch.storePositions) written.storePositions.set(id, r);
    // Rows the operation created are checked whole: their other cells hold defaults never checked.
    for (const id of batch.rowIds) if (!snapshot.created(id)) written.rowIds.add(id);
    for (const pos of batch.positions) written.positions.add(pos);
    return batch.rowIds;
  }

  /** While the grid fires a change set of its own: the cells its batch writes changed, else null. */
  written(): WrittenCells | null {
    return this.firingOwn ? this.writtenFiring : null;
  }

  /**
   * Writes cells as one change set (`writeBatch`); `cells` yields [row position, shown column, value].
   */
  writeCells(cells: Iterable<readonly [number, number, string | null]>): void {
    const byPosition = new Map<number, [number, string | null][]>();
    for (const [position, col, value] of cells) {
      if (!this.cells.canEdit(position, col)) continue;
      let writes = byPosition.get(position);
      if (!writes) byPosition.set(position, (writes = []));
      writes.push([this.state.shown[col].pos, value]);
    }
    const view = this.state.features.view;
    const onStore = this.changeStore((snapshot, rows) => {
      const writes: [number, [number, string | null][]][] = [];
      for (const [position, cells] of byPosition) {
        const row = view?.shownAt(position);
        if (row instanceof StoreRow) writes.push([row.position, cells]);
      }
      return this.writeStoreBatch(snapshot, rows, writes);
    });
    if (onStore) return;
    this.change((snapshot, index) => {
      const rows: [Element, [number, string | null][]][] = [];
      for (const [position, writes] of byPosition) {
        // By id: the view may still hold the R element a previous write replaced by its M row.
        const row = index.rowById(this.cells.rowAt(position)!.getAttribute('id') ?? '');
        if (row) rows.push([row, writes]);
      }
      return this.writeBatch(snapshot, index, rows);
    });
  }

  /** Keeps a change as the newest step and fires it as the grid's own change set. */
  private record(snapshot: RowSnapshot, rowIds: string[]): void {
    snapshot.page = this.state.features.serverPage();
    for (const l of this.listeners) l.recorded?.(snapshot);
    this.writtenFiring = this.writtenNow;
    this.writtenNow = null;
    try {
      this.replayed(rowIds);
    } finally {
      this.writtenFiring = null;
    }
  }

  private fireOwn(): void {
    this.firingOwn = true;
    try {
      this.state.grid.fire();
    } finally {
      this.firingOwn = false;
    }
  }
}
