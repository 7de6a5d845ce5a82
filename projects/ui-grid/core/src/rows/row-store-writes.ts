import { WrsError } from '../errors';
import { Entry } from './row-entries';
import { RowState, cellAt, cellsOf, rowState } from './row-states';
import { DeleteOutcome, commitRow, deleteRowElement, restoreRowElement, writeCell } from './row-transitions';
import { OTHER, STATE_CODES, STATE_NAMES } from './row-scan';
import { RowStoreBase } from './row-store-base';
import { WrsIndex } from './wrs-index';
import { restoreRowColumns } from './column-restore';

/**
 * The writes of `RowStore` on rows in place (see there): cells, deletes, restores and commits, kept on entries where
 * the row has no element, made on the element where it has one.
 */
export abstract class RowStoreWrites extends RowStoreBase {
  /**
   * The entry of row `r` with its cell values known (read from its text now where needed), or null when the row is
   * to be changed as an element: it has one, or its text is of another shape than `RowCells` reads.
   */
  /** @internal */
  protected known(r: number): Entry | null {
    if (this.elementOf(r)) return null;
    const entry = this.entries[r];
    if (entry?.values) return entry;
    const code = this.scanner.states[r];
    if (code === OTHER || this.scanner.starts[r] < 0) return null;
    const start = this.scanner.starts[r];
    const end = this.scanner.ends[r];
    const layout = this.cells.layout(start, end);
    const state = STATE_NAMES[code] as RowState;
    if (!layout || !usualLayout(state, layout.kinds)) {
      // Cells written into a row of another shape than read here: made by its element from now on.
      if (entry) this.took(r, this.buildEntry(entry));
      if (entry) this.entries[r] = undefined;
      return null;
    }
    if (!entry) return (this.entries[r] = Entry.ofText(state, start, end, layout));
    // An entry without values had only its state changed or one cell written: its cells are still the text's.
    entry.takeText(layout.kinds.includes('O') ? layout.values.filter((_, i) => layout.kinds[i] === 'C') : layout.values);
    return entry;
  }

  /**
   * The entry of row `r` for a state change (`needValues` for an M row, whose values change), or null when the row
   * is changed as an element.
   */
  private entryFor(r: number, needValues: boolean): Entry | null {
    if (this.elementOf(r)) return null;
    const entry = this.entries[r];
    if (entry && (entry.values || !needValues)) return entry;
    const code = this.scanner.states[r];
    if (code === OTHER) return null;
    if (needValues) return this.known(r);
    return (this.entries[r] = Entry.ofText(STATE_NAMES[code] as RowState, this.scanner.starts[r], this.scanner.ends[r], null));
  }

  /** @internal */
  protected textState(r: number): RowState | null {
    const code = this.scanner.states[r];
    return code === OTHER ? null : (STATE_NAMES[code] as RowState);
  }

  /** Writes a cell as `writeCell` does (an R row becomes M with its originals); true when the value changed. */
  setCell(r: number, pos: number, value: string | null): boolean {
    this.check(r);
    const lazily = this.writeLazily(r, pos, value);
    if (lazily !== undefined) return lazily;
    const entry = this.known(r);
    if (entry) {
      const changed = entry.setCell(pos, value);
      this.changed ||= changed;
      return changed;
    }
    const write = writeCell(this.element(r), pos, value, this.index());
    if (!write) return false;
    this.took(r, write.row);
    return write.changed;
  }

  /**
   * `setCell` into an R row of the text (or one written so already) without reading its other cells: the usual
   * write of a fill or paste. Undefined where the row is to be read first (another state, an element, a cell that is
   * not there or not of the usual shape).
   */
  private writeLazily(r: number, pos: number, value: string | null): boolean | undefined {
    if (this.elementOf(r)) return undefined;
    let entry = this.entries[r];
    if (entry ? !entry.writes : this.scanner.states[r] !== STATE_CODES.R) return undefined;
    const start = this.scanner.starts[r];
    const writes = entry?.writes;
    const now = writes?.has(pos) ? writes.get(pos)! : this.cells.cell(start, this.scanner.ends[r], pos);
    if (now === undefined) return undefined;
    if (now === value) return false;
    entry ??= this.entries[r] = Entry.writtenText(start, this.scanner.ends[r]);
    entry.writeLazily(pos, value);
    this.changed = true;
    return true;
  }

  /** Deletes row `r` as `deleteRowElement` does: R and M become D, an I row is removed (its entry goes). */
  deleteRow(r: number): DeleteOutcome {
    this.check(r);
    const outcome = this.deleteOne(r);
    if (outcome === 'removed' && !this.complete) this.removeEntries([r]);
    return outcome;
  }

  /** Deletes row `r` but for taking out the entry of a removed I row, which the caller does. */
  private deleteOne(r: number): DeleteOutcome {
    const element = this.elementOf(r);
    if (!element && !this.entries[r]) {
      const state = this.textState(r);
      if (state === 'R') {
        this.changed = true;
        this.entries[r] = Entry.deletedText(this.scanner.starts[r], this.scanner.ends[r]);
        return 'deleted';
      }
      if (state === 'D') return 'unchanged';
      if (state === 'I') return 'removed';
    }
    const entry = element ? null : this.entryFor(r, this.state(r) === 'M');
    if (entry) {
      const outcome = entry.delete();
      if (outcome === 'deleted') this.changed = true;
      return outcome;
    }
    const { outcome, row } = deleteRowElement(element ?? this.element(r), this.index());
    if (outcome === 'deleted' && row) this.took(r, row);
    return outcome;
  }

  /** Restores row `r` as `restoreRowElement` does (M and D become R); false for rows in other states. */
  restoreRow(r: number): boolean {
    this.check(r);
    const state = this.state(r);
    if (state !== 'M' && state !== 'D') return false;
    const entry = this.entryFor(r, state === 'M');
    if (entry) {
      entry.restore();
      this.changed = true;
      this.tidy(r);
      return true;
    }
    const row = restoreRowElement(this.element(r), this.index());
    if (row) this.took(r, row);
    return row !== null;
  }

  /** Commits row `r` as `commitRow` does (I and M become R). */
  commitRow(r: number): void {
    this.check(r);
    const state = this.state(r);
    if (state === 'R') return;
    const entry = this.entryFor(r, state === 'M');
    if (entry) {
      entry.commit();
      this.changed = true;
    } else this.took(r, commitRow(this.element(r), this.index()));
  }

  /** True when row `r` has a cell at the 1-based `pos` (a row may hold fewer cells than the header has columns). */
  hasCell(r: number, pos: number): boolean {
    this.check(r);
    const entry = this.known(r);
    if (entry) return pos >= 1 && pos <= entry.values!.length;
    return cellAt(this.element(r), pos) !== null;
  }

  /** How many `wrs:C` row `r` holds, as `cellsOf` counts them (a row may hold fewer or more than there are columns). */
  cellCount(r: number): number {
    this.check(r);
    const element = this.elementOf(r);
    if (!element) {
      const entry = this.entries[r];
      if (entry?.values) return entry.values.length;
      const start = this.scanner.starts[r];
      const layout = start >= 0 ? this.cells.layout(start, this.scanner.ends[r]) : undefined;
      if (layout) return layout.kinds.split('C').length - 1;
    }
    return cellsOf(element ?? this.element(r)).length;
  }

  /**
   * The values of the cells at positions 1..`count` of row `r` as `cellValues` reads them, where they are read without
   * an element (from the entry or the text); null where the row is read from its element (it has one, or its text is
   * of another shape): a reader that reads elements otherwise than `cellValue` reads that with `element(r)`.
   */
  entryValues(r: number, count: number): (string | null)[] | null {
    this.check(r);
    if (this.elementOf(r)) return null;
    const entry = this.entries[r];
    if (entry?.values) return this.cellValues(r, count);
    const start = this.scanner.starts[r];
    // The row's text read once: whether it is of the usual shape and, where it is, its values.
    const layout = start >= 0 ? this.cells.layout(start, this.scanner.ends[r]) : undefined;
    if (!layout) return null;
    const values = layout.kinds.includes('O') ? layout.values.filter((_, i) => layout.kinds[i] === 'C') : layout.values;
    const out = Array.from({ length: count }, (_, k) => values[k] ?? null);
    if (entry?.writes) for (const [pos, value] of entry.writes) if (pos <= count) out[pos - 1] = value;
    return out;
  }

  /** Rows `first..last` (0-based, inclusive) as `deleteRow` deletes each; returns how many changed. */
  deleteRows(first: number, last: number): number {
    this.checkRange(first, last);
    const live = this.live();
    if (live) return deleteLive(live, first, last);
    const removed: number[] = [];
    let changed = 0;
    for (let r = first; r <= last; r++) {
      const outcome = this.deleteOne(r);
      if (outcome === 'unchanged') continue;
      changed++;
      if (outcome === 'removed') removed.push(r);
    }
    this.removeEntries(removed);
    return changed;
  }

  /** Restores rows `first..last` in all columns as `WrsUtil.restore` does (M, D become R; I rows go); how many changed. */
  restoreRows(first: number, last: number): number {
    this.checkRange(first, last);
    const live = this.live();
    if (live) return restoreLive(live, first, last);
    const removed: number[] = [];
    let changed = 0;
    const [{ elements, entries }, states] = [this, this.scanner.states];
    for (let r = first; r <= last; r++) {
      // Reads past an array's length cost more than a comparison: most rows have neither an entry nor an element.
      const element = r < elements.length ? elements[r] : undefined;
      const entry = r < entries.length ? entries[r] : undefined;
      // Most rows of a long range are R rows of the text: one byte tells.
      if (!element && !entry && states[r] === STATE_CODES.R) continue;
      // The usual bulk cases, an R row of the text deleted or with cells written: dropping its entry is its restore.
      if (!element && entry && this.textRestore(r, entry)) {
        this.entries[r] = undefined;
        this.changed ||= entry.writes !== null;
        changed++;
        continue;
      }
      const state = this.state(r);
      if (state === 'I') {
        if (element) deleteRowElement(element, this.index());
        removed.push(r);
        changed++;
      } else if ((state === 'M' || state === 'D') && this.restoreRow(r)) changed++;
    }
    this.removeEntries(removed);
    return changed;
  }

  /**
   * Restores rows `first..last` (0-based) in columns `from..to` (1-based) as `WrsUtil.restore` does: I rows go, D
   * rows become R, an M row gets its originals back in those columns and becomes R when no other column still differs
   * (`allColumns`: always). Returns the ids of the rows changed (a row of another name too), in order.
   */
  restoreColumns(first: number, last: number, from: number, to: number, allColumns = false): string[] {
    this.checkRange(first, last);
    const live = this.live();
    if (live) return restoreColumnsLive(live, first, last, from, to, allColumns);
    const ids: string[] = [];
    const removed: number[] = [];
    const [{ elements, entries }, states] = [this, this.scanner.states];
    for (let r = first; r <= last; r++) {
      const element = r < elements.length ? elements[r] : undefined;
      const entry = r < entries.length ? entries[r] : undefined;
      // Most rows of a long range are R rows of the text: one byte tells.
      if (!element && !entry && states[r] === STATE_CODES.R) continue;
      if (!element && entry && this.textRestore(r, entry, allColumns ? null : [from, to])) {
        ids.push(this.id(r) ?? '');
        this.entries[r] = undefined;
        this.changed ||= entry.writes !== null;
        continue;
      }
      const state = this.state(r);
      if (state === 'R') continue;
      const id = this.id(r) ?? '';
      if (state === 'I') {
        if (element) deleteRowElement(element, this.index());
        removed.push(r);
        ids.push(id);
      } else if (this.restoreColumnsOf(r, state, from, to, allColumns)) ids.push(id);
    }
    this.removeEntries(removed);
    return ids;
  }

  /**
   * True when restoring row `r` (no element; `entry` its entry) gives back its text: an R row of the text deleted and
   * nothing else, or one with cells written (`writeLazily`, in `columns` only where given) whose text holds cells of
   * the usual shape only. Either would go the long way (read, revert) to the same end: an R entry `tidy` drops.
   */
  private textRestore(r: number, entry: Entry, columns: readonly [number, number] | null = null): boolean {
    if (!this.clearable) return false;
    if (entry.deletedOnly) return true;
    const writes = entry.writes;
    if (writes === null) return false;
    if (columns) for (const pos of writes.keys()) if (pos < columns[0] || pos > columns[1]) return false;
    return this.cells.onlyCells(this.scanner.starts[r], this.scanner.ends[r]);
  }

  /** `restoreColumns` of one row that is neither R nor I: on its entry, else on its element. */
  private restoreColumnsOf(r: number, state: string, from: number, to: number, allColumns: boolean): boolean {
    const entry = state === 'M' || state === 'D' ? this.entryFor(r, state === 'M') : null;
    if (entry) {
      const named = entry.restoreColumns(from, to, allColumns);
      this.changed ||= named;
      if (entry.state === 'R') this.tidy(r);
      return named;
    }
    const done = restoreRowColumns(this.element(r), from, to, allColumns, this.index());
    if (done.named && done.row) this.took(r, done.row);
    return done.named;
  }

  /** @internal */
  protected checkRange(first: number, last: number): void {
    this.check(first);
    this.check(last);
    if (last < first) throw new WrsError('INVALID_ARGUMENT', `Row range ${first}..${last} is empty`, last);
  }

  /** An R row of the text back in its text's state and values: its entry goes, the text tells it again. */
  private tidy(r: number): void {
    const entry = this.entries[r]!;
    if (this.clearable && entry.pure && entry.state === 'R' && entry.newId === null && this.scanner.states[r] === STATE_CODES.R) this.entries[r] = undefined;
  }
}

/** True when a row's cells read from its text are what the entry model holds: a C/O pair per cell in an M row, no O elsewhere. */
/** @internal */
export function usualLayout(state: RowState, kinds: string): boolean {
  if (state !== 'M') return !kinds.includes('O');
  return kinds.length % 2 === 0 && /^(?:CO)*$/.test(kinds);
}

/** `deleteRows` on a complete document: `WrsUtil.deleteRows`' rules on its elements, I rows removed at once. */
function deleteLive(index: WrsIndex, first: number, last: number): number {
  const removed: Element[] = [];
  let changed = 0;
  for (const row of index.rows().slice(first, last + 1)) {
    const state = rowState(row);
    if (state === 'D') continue;
    changed++;
    if (state === 'I') removed.push(row);
    else deleteRowElement(row, index);
  }
  for (const row of removed) row.parentNode!.removeChild(row);
  index.removed(removed);
  return changed;
}

/** `restoreRows` on a complete document: `WrsUtil.restore`'s rules over all columns. */
function restoreLive(index: WrsIndex, first: number, last: number): number {
  const removed: Element[] = [];
  let changed = 0;
  for (const row of index.rows().slice(first, last + 1)) {
    const state = rowState(row);
    if (state === 'I') removed.push(row);
    else if (!restoreRowElement(row, index)) continue;
    changed++;
  }
  for (const row of removed) row.parentNode!.removeChild(row);
  index.removed(removed);
  return changed;
}

/** `restoreColumns` on a complete document: `WrsUtil.restore`'s rules on its elements, I rows removed at once. */
function restoreColumnsLive(index: WrsIndex, first: number, last: number, from: number, to: number, allColumns: boolean): string[] {
  const ids: string[] = [];
  const removed: Element[] = [];
  for (const row of index.rows().slice(first, last + 1)) {
    const state = rowState(row);
    if (state === 'R') continue;
    const id = row.getAttribute('id') ?? '';
    if (state === 'I') removed.push(row);
    else if (!restoreRowColumns(row, from, to, allColumns, index).named) continue;
    ids.push(id);
  }
  for (const row of removed) row.parentNode!.removeChild(row);
  index.removed(removed);
  return ids;
}
