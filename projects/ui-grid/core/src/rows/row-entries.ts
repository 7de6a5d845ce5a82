import { createRow } from './new-rows';
import { CellLayout } from './row-cells';
import { RowState } from './row-states';
import { DeleteOutcome, commitRow, copyRowAs, deleteRowElement, restoreRowElement, writeCell } from './row-transitions';
import { WrsIndex } from './wrs-index';
import { restoreCells } from './column-restore';

/** One change of an entry, replayed on its element by the same function when the element is built. */
export type EntryOp =
  | { readonly op: 'set'; readonly pos: number; readonly value: string | null }
  | { readonly op: 'delete' | 'restore' | 'commit' }
  | { readonly op: 'restoreCells'; readonly from: number; readonly to: number }
  | { readonly op: 'copy'; readonly id: string }
  | { readonly op: 'create'; readonly id: string; readonly values: readonly (string | null)[] };

const DELETE: EntryOp = { op: 'delete' };
const RESTORE: EntryOp = { op: 'restore' };
const COMMIT: EntryOp = { op: 'commit' };
/** The ops of the most common entry, an R row deleted: shared until the entry changes again. */
const DELETED_ONLY: readonly EntryOp[] = Object.freeze([DELETE]);

/**
 * A row's changes kept without its element: its state, its cell values and originals as the element would hold them,
 * and the ops that make the element from the row's text (or from nothing, for a new row).
 */
export class Entry {
  private log: readonly EntryOp[];
  /** False once its values may differ from the text's in state R (a commit, a write into a D row). */
  pure = true;
  /** For a new row: the text offset it stands before (the start of the row after it when inserted). */
  anchor = -1;
  /**
   * True once an M row went back to its originals: browsers then keep the text between its cells only where the
   * index kept a copy of the row (`revertModified`), so such a row with text between its cells is written from its
   * element.
   */
  reverted = false;
  /**
   * The writes of an R row of the text made M by `setCell` whose other cells were not read (a fill of 10,000 rows
   * reads one cell of each): position -> value. Its values are the text's with these; its originals are the text's.
   * Null once `takeText` read the row's cells (and for every other entry).
   */
  writes: Map<number, string | null> | null = null;

  constructor(
    public state: RowState,
    /** Values of its `wrs:C` in order; for a row of the text, null until the first write needs them. */
    public values: (string | null)[] | null,
    /** Values of its `wrs:O` while M. */
    public originals: (string | null)[] | null,
    /** True while the `wrs:O` of an M row stand where its text has them (not yet dropped and made anew). */
    public textOriginals: boolean,
    ops: readonly EntryOp[],
    /** The text span the element is parsed from ([-1, -1] for a new row), and the id of a new row. */
    readonly start: number,
    readonly end: number,
    readonly newId: string | null,
  ) {
    this.log = ops;
  }

  /** An entry for a row of the text, in the state its text gives, with its cells as read from the text. */
  static ofText(state: RowState, start: number, end: number, layout: CellLayout | null): Entry {
    const values = layout ? layout.values.filter((_, i) => layout.kinds[i] === 'C') : null;
    const originals = layout && state === 'M' ? layout.values.filter((_, i) => layout.kinds[i] === 'O') : null;
    return new Entry(state, values, originals, state === 'M', [], start, end, null);
  }

  /** An R row of the text with one cell written (`writeLazily`): nothing else read from its text. */
  static writtenText(start: number, end: number): Entry {
    const entry = new Entry('M', null, null, false, [], start, end, null);
    entry.writes = new Map();
    return entry;
  }

  /** The cell at `pos` written into a `writtenText` entry, as `setCell` writes it (the caller read it was not `value`). */
  writeLazily(pos: number, value: string | null): void {
    this.writes!.set(pos, value);
    this.add({ op: 'set', pos, value });
  }

  /**
   * Takes the values of the row's cells read from its text: an entry that had only its state changed gets them; a
   * `writtenText` entry gets them as its originals, and its writes over them as its values.
   */
  takeText(values: (string | null)[]): void {
    const writes = this.writes;
    if (!writes) {
      this.values = values;
      return;
    }
    this.originals = values.slice();
    for (const [pos, value] of writes) values[pos - 1] = value;
    this.values = values;
    this.writes = null;
  }

  /** An R row of the text deleted: nothing read from its text. */
  static deletedText(start: number, end: number): Entry {
    return new Entry('D', null, null, false, DELETED_ONLY, start, end, null);
  }

  get ops(): readonly EntryOp[] {
    return this.log;
  }

  /** True when no op changed the row: its element is its text. */
  get unchanged(): boolean {
    return this.log.length === 0;
  }

  /** True for an R row of the text deleted and nothing else: restoring it gives back its text. */
  get deletedOnly(): boolean {
    return this.log === DELETED_ONLY;
  }

  /** True when values may be read from the entry: a new row, or a row whose cells were read. */
  get known(): boolean {
    return this.values !== null;
  }

  private add(op: EntryOp): void {
    this.log = [...this.log, op];
  }

  /** As `writeCell`: an R row becomes M with its originals; false when the cell is missing or holds the value. */
  setCell(pos: number, value: string | null): boolean {
    const values = this.values!;
    if (pos < 1 || pos > values.length || values[pos - 1] === value) return false;
    if (this.state === 'D') this.pure = false;
    if (this.state === 'R') {
      this.originals = values.slice();
      this.state = 'M';
      this.textOriginals = false;
    }
    values[pos - 1] = value;
    this.add({ op: 'set', pos, value });
    return true;
  }

  /** As `deleteRowElement`: M and R become D (M with its originals); an I row is to be removed by the caller. */
  delete(): DeleteOutcome {
    if (this.state === 'D') return 'unchanged';
    if (this.state === 'I') return 'removed';
    if (this.state === 'M') this.revert();
    this.state = 'D';
    this.add(DELETE);
    return 'deleted';
  }

  /** As `restoreRowElement`: M and D become R (M with its originals); false for I and R. */
  restore(): boolean {
    if (this.state !== 'M' && this.state !== 'D') return false;
    if (this.state === 'M') this.revert();
    this.state = 'R';
    this.add(RESTORE);
    return true;
  }

  /**
   * As `restoreRowColumns` on a D or M row: a D row becomes R; an M row becomes R when no cell outside columns
   * `from..to` differs from its original (or `allColumns`), else gets its originals back in those columns. True when
   * the row is among the rows the restore changed.
   */
  restoreColumns(from: number, to: number, allColumns: boolean): boolean {
    if (this.state !== 'M') return this.restore();
    const values = this.values!;
    const originals = this.originals!;
    const differs = values.some((v, i) => (i + 1 < from || i + 1 > to) && v !== originals[i]);
    if (allColumns || !differs) return this.restore();
    let changed = false;
    for (let i = from - 1; i < to && i < values.length; i++) {
      if (values[i] === originals[i]) continue;
      values[i] = originals[i];
      changed = true;
    }
    if (changed) this.add({ op: 'restoreCells', from, to });
    return changed;
  }

  /** As `commitRow`: the row becomes R holding its values, its originals dropped. */
  commit(): void {
    this.pure = false;
    this.originals = null;
    this.textOriginals = false;
    this.state = 'R';
    this.add(COMMIT);
  }

  private revert(): void {
    this.reverted = true;
    this.values = this.originals;
    this.originals = null;
    this.textOriginals = false;
  }

  /** A new I entry copying this row as `copyRowAs` does (its current values, no originals). */
  copyAs(id: string): Entry {
    return new Entry('I', this.values!.slice(), null, false, [...this.log, { op: 'copy', id }], this.start, this.end, id);
  }

  /** A new I row with values, as `createRow` makes it. */
  static created(id: string, values: readonly (string | null)[]): Entry {
    return new Entry('I', values.slice(), null, false, [{ op: 'create', id, values: values.slice() }], -1, -1, id);
  }

  /**
   * Makes the element from `parsed` (the row's text parsed alone; null for a new row) by the ops, with the functions
   * and the index the document-first path uses.
   */
  build(doc: Document, parsed: Element | null, index: WrsIndex): Element {
    let row = parsed;
    for (const op of this.log) row = apply(doc, row, op, index);
    return row!;
  }
}

function apply(doc: Document, row: Element | null, op: EntryOp, index: WrsIndex): Element {
  switch (op.op) {
    case 'create':
      return createRow(doc, 'I', op.id, op.values);
    case 'set':
      return writeCell(row!, op.pos, op.value, index)?.row ?? row!;
    case 'delete':
      return deleteRowElement(row!, index).row ?? row!;
    case 'restore':
      return restoreRowElement(row!, index) ?? row!;
    case 'commit':
      return commitRow(row!, index);
    case 'restoreCells':
      restoreCells(row!, op.from, op.to);
      return row!;
    case 'copy':
      return copyRowAs(row!, 'I', op.id);
  }
}

/**
 * What a save writes for a row held as an entry, without its element: its state, attributes (values decoded, in
 * order), the text between its cells, its cells and originals.
 */
export interface RowLayout {
  readonly state: RowState;
  readonly attributes: readonly (readonly [string, string])[];
  /** Text before each cell or original of the text's layout, then after the last. */
  readonly gaps: readonly string[];
  /** 'C' or 'O' per cell or original of the text's layout. */
  readonly kinds: string;
  readonly values: readonly (string | null)[];
  /** Per cell, while M. */
  readonly originals: readonly (string | null)[] | null;
  /** True while the `wrs:O` stand where the text has them; else each follows its cell. */
  readonly textOriginals: boolean;
}
