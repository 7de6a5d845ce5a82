import { WrsError } from '../errors';
import { firstChildElement, parseXml } from '../xml/dom';
import { insertNodesBefore } from '../xml/insert-nodes';
import { startTagEnd } from '../xml/markup-scan';
import { NS } from '../xml/namespaces';
import { newRowIds, nextTransactionsNumber } from './new-rows';
import { Entry, RowLayout } from './row-entries';
import { DeleteOutcome, RowState, cellAt, commitRow, copyRowAs, deleteRowElement, restoreRowElement, rowState, writeCell } from './row-states';
import { OTHER, STATE_CODES, STATE_NAMES, attributeValue, attributesOf, findData } from './row-scan';
import { RowStoreBase, forgetId } from './row-store-base';
import { WrsIndex } from './wrs-index';

export type { SliceBudget } from './row-store-base';

/**
 * The rows of a Wrs kept as entries over its text (see docs/concepts/row-store.md): a scan finds where each row is,
 * its state and its id; cells are cut from the text when read; a row becomes an element when something needs the
 * element (a write, or the document being built). `document` holds the header from the start and the rows built so
 * far; once `materialized` it is the document `parseXml(text)` builds, node for node, with the writes made since.
 */
export class RowStore extends RowStoreBase {
  /**
   * A store over the text of a `wrs:Wrs` with rows in its `wrs:Data`, its header parsed; null for any other text
   * (the caller parses it whole). Malformed header text raises `parseXml`'s error; malformed rows raise it when read
   * or built.
   */
  static open(text: string): RowStore | null {
    if (typeof text !== 'string') return null;
    const span = findData(text);
    if (!span) return null;
    let head: Document;
    try {
      head = parseXml(text.slice(0, span.contentStart) + text.slice(span.contentEnd));
    } catch {
      // Malformed, or cut where the scan misread it: a whole parse tells which.
      return null;
    }
    const data = firstChildElement(head.documentElement, NS.wrs, 'Data');
    // The header parse must find the element the text scan took for wrs:Data, empty.
    if (!data || data.firstChild || data.nodeName !== span.dataName) return null;
    return new RowStore(text, span, head, data);
  }

  /**
   * The entry of row `r` with its cell values known (read from its text now where needed), or null when the row is
   * to be changed as an element: it has one, or its text is of another shape than `RowCells` reads.
   */
  private known(r: number): Entry | null {
    if (this.elementOf(r)) return null;
    const entry = this.entries[r];
    if (entry?.values) return entry;
    const code = this.scanner.states[r];
    if (code === OTHER || this.scanner.starts[r] < 0) return null;
    const start = this.scanner.starts[r];
    const end = this.scanner.ends[r];
    const layout = this.cells.layout(start, end);
    const state = STATE_NAMES[code] as RowState;
    if (!layout || !usualLayout(state, layout.kinds)) return null;
    if (!entry) return (this.entries[r] = Entry.ofText(state, start, end, layout));
    // An entry without values had only its state changed: its cells are still the text's.
    entry.values = layout.values.filter((_, i) => layout.kinds[i] === 'C');
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

  private textState(r: number): RowState | null {
    const code = this.scanner.states[r];
    return code === OTHER ? null : (STATE_NAMES[code] as RowState);
  }

  /** Writes a cell as `writeCell` does (an R row becomes M with its originals); true when the value changed. */
  setCell(r: number, pos: number, value: string | null): boolean {
    this.check(r);
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

  /** Takes out the rows at ascending 0-based positions `rs`, whatever their state: a save's commit of its D rows. */
  removeRows(rs: readonly number[]): void {
    if (rs.length === 0) return;
    for (const r of rs) this.check(r);
    const live = this.live();
    // Rows in the document leave it; rows not built yet are left out of it when it is built.
    const gone = rs.filter((r) => live || r < this.built).map((r) => this.elementOf(r)!);
    for (const row of gone) row.parentNode!.removeChild(row);
    if (gone.length > 0) this.index().removed(gone);
    if (live) {
      this.changed = true;
      return;
    }
    this.removeEntries([...rs]);
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
    for (let r = first; r <= last; r++) {
      const element = this.elements[r];
      // The usual bulk case, a deleted R row of the text: dropping its entry is its restore (see `tidy`).
      if (!element && this.clearable && this.entries[r]?.deletedOnly) {
        this.entries[r] = undefined;
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

  private checkRange(first: number, last: number): void {
    this.check(first);
    this.check(last);
    if (last < first) throw new WrsError('INVALID_ARGUMENT', `Row range ${first}..${last} is empty`, last);
  }

  /** An R row of the text back in its text's state and values: its entry goes, the text tells it again. */
  private tidy(r: number): void {
    const entry = this.entries[r]!;
    if (this.clearable && entry.pure && entry.state === 'R' && entry.newId === null && this.scanner.states[r] === STATE_CODES.R) this.entries[r] = undefined;
  }

  /**
   * Inserts I rows of `rowsValues` before row `at` (0-based; the row count appends them) in one transaction, as the
   * library inserts rows into a document: `wrs:TransactionsNumber` advances once and the ids follow `newRowIds`,
   * anchored on `anchorId`. Reads every row first. Returns the new ids.
   */
  insertRows(at: number, anchorId: string | null, rowsValues: readonly (readonly (string | null)[])[]): string[] {
    this.scan();
    this.checkInsert(at);
    if (rowsValues.length === 0) return [];
    const ids = this.newIds(anchorId, rowsValues.length);
    this.addRows(at, ids.map((id, i) => Entry.created(id, rowsValues[i])), []);
    return ids;
  }

  /**
   * Duplicates rows `first..last` (D rows left out) as I rows holding their current values, before the first row or
   * after the last, as `WrsUtil.duplicateRows` does; returns the new ids.
   */
  duplicateRows(first: number, last: number, before = true): string[] {
    this.scan();
    this.checkRange(first, last);
    const sources: number[] = [];
    for (let r = first; r <= last; r++) if (this.state(r) !== 'D') sources.push(r);
    if (sources.length === 0) return [];
    const at = before ? first : last + 1;
    const ids = this.newIds(this.id(before ? first : last), sources.length);
    const made: Entry[] = [];
    const elements: (Element | undefined)[] = [];
    sources.forEach((r, i) => {
      const entry = this.known(r);
      if (entry) made.push(entry.copyAs(ids[i]));
      else {
        elements[i] = copyRowAs(this.element(r), 'I', ids[i]);
        made.push(Entry.created(ids[i], []));
      }
    });
    this.addRows(at, made, elements);
    return ids;
  }

  private checkInsert(at: number): void {
    if (!Number.isInteger(at) || at < 0 || at > this.count()) throw new WrsError('INVALID_ARGUMENT', `No row position ${at} to insert at`, at);
  }

  private newIds(anchorId: string | null, n: number): string[] {
    const transaction = nextTransactionsNumber(this.document);
    const live = this.live();
    return newRowIds(live ?? { rowCount: this.count(), hasRowId: (id: string) => this.idCounts().has(id) }, transaction, anchorId, n);
  }

  private idCounts(): Map<string, number> {
    if (!this.ids) {
      const ids = new Map<string, number>();
      for (let r = 0; r < this.scanner.count; r++) {
        const id = this.id(r);
        if (id !== null) ids.set(id, (ids.get(id) ?? 0) + 1);
      }
      this.ids = ids;
    }
    return this.ids;
  }

  /** Puts new rows at `at`: into the document where the rows from there on are built, else as entries. */
  private addRows(at: number, made: Entry[], elements: (Element | undefined)[]): void {
    this.changed = true;
    this.positions = null;
    const n = made.length;
    const live = this.live();
    if (live || at < this.built) {
      const rows = made.map((entry, i) => elements[i] ?? this.buildEntry(entry));
      insertNodesBefore(this.data, rows, live ? live.rowAt(at + 1) : this.elements[at]!);
      this.index().inserted(at, rows);
      if (live) return;
      made.forEach((_, i) => (elements[i] = rows[i]));
      this.built += n;
    } else {
      const next = at < this.scanner.count ? (this.scanner.starts[at] >= 0 ? this.scanner.starts[at] : this.entries[at]!.anchor) : this.scanner.span.contentEnd;
      for (const entry of made) entry.anchor = next;
    }
    this.scanner.insertAt(at, n);
    if (this.entries.length < at) this.entries.length = at;
    if (this.elements.length < at) this.elements.length = at;
    this.entries.splice(at, 0, ...made);
    this.elements.splice(at, 0, ...Array.from({ length: n }, (_, i) => elements[i]));
    if (this.ids) for (let r = at; r < at + n; r++) this.ids.set(this.id(r)!, (this.ids.get(this.id(r)!) ?? 0) + 1);
  }

  /**
   * Row `r` as an element as it is now, for a copy (an undo step keeping the row): the store keeps nothing of it,
   * the row stays an entry.
   */
  copyOf(r: number): Element {
    this.check(r);
    const element = this.elementOf(r);
    if (element) return element.cloneNode(true) as Element;
    const entry = this.entries[r];
    return entry ? this.buildEntry(entry) : this.element(r).cloneNode(true) as Element;
  }

  /** Puts `row` (an element of `document` in no parent, as `copyOf` gives) in place of row `r`: an undo's copy back. */
  replaceRow(r: number, row: Element): void {
    this.check(r);
    this.changed = true;
    const live = this.live();
    const old = this.elementOf(r);
    if (!live && r >= this.built) {
      if (this.ids) {
        forgetId(this.ids, this.id(r));
        const id = row.getAttribute('id');
        if (id !== null) this.ids.set(id, (this.ids.get(id) ?? 0) + 1);
      }
      this.entries[r] = undefined;
      this.elements[r] = row;
      this.positions = null;
      return;
    }
    old!.parentNode!.replaceChild(row, old!);
    this.index().replaced(old!, row);
    if (!live) this.elements[r] = row;
  }

  /** The position (0-based) of the first row of id `id`, or -1; `hint` is a position it had (tried first). */
  positionOf(id: string, hint = -1): number {
    const count = this.count();
    if (hint >= 0 && hint < count && this.id(hint) === id) return hint;
    const live = this.live();
    if (live) {
      const row = live.rowById(id);
      return row ? live.positionOf(row) - 1 : -1;
    }
    this.scan();
    let at = this.positions?.get(id);
    if (at === undefined || this.id(at) !== id) {
      // Read once for every later lookup: the rows an undo step or a change set names, thousands at a time.
      const positions = (this.positions = new Map());
      for (let r = this.count() - 1; r >= 0; r--) {
        const rowId = this.id(r);
        if (rowId !== null) positions.set(rowId, r);
      }
      at = positions.get(id);
    }
    return at ?? -1;
  }

  /** Positions (0-based) of the I, M and D rows (and rows of other names), in order: what a save sends. Reads every row first. */
  changedRows(): number[] {
    this.scan();
    const live = this.live();
    if (live) return live.changedRows().map((row) => live.positionOf(row) - 1);
    const out: number[] = [];
    const states = this.scanner.states;
    for (let r = 0; r < this.scanner.count; r++) {
      const element = this.elements[r];
      const state = element ? rowState(element) : this.entries[r] ? this.entries[r]!.state : states[r] === OTHER ? this.state(r) : STATE_NAMES[states[r]];
      // As WrsIndex.changedRows: every row but R, a foreign one included.
      if (state !== 'R') out.push(r);
    }
    return out;
  }

  /**
   * Row `r` as a save writes it, taken from its entry and its text without an element; null where the row is to be
   * written from its element (it has one, it is a copy, or its text is of another shape).
   */
  rowLayout(r: number): RowLayout | null {
    this.check(r);
    if (this.elementOf(r)) return null;
    const entry = this.entries[r];
    if (entry && entry.newId !== null) {
      if (entry.start >= 0) return null;
      const n = entry.values!.length;
      const gaps = Array.from({ length: n + 1 }, () => '');
      return { state: entry.state, attributes: [['id', entry.newId]], gaps, kinds: 'C'.repeat(n), values: entry.values!, originals: entry.originals, textOriginals: false };
    }
    const textState = this.textState(r);
    const start = this.scanner.starts[r];
    const layout = textState && this.cells.layout(start, this.scanner.ends[r]);
    if (!layout || !usualLayout(textState!, layout.kinds)) return null;
    if (entry?.reverted && layout.gaps.some((gap) => gap !== '')) return null;
    const attributes: [string, string][] = [];
    for (const [name, raw] of attributesOf(this.text.slice(start, startTagEnd(this.text, start)))) {
      // A prefixed attribute has a namespace: its element writes it with its declaration.
      if (name.includes(':')) return null;
      attributes.push([name, attributeValue(raw)]);
    }
    const pick = (kind: string) => layout.values.filter((_, i) => layout.kinds[i] === kind);
    if (entry?.values) {
      return { state: entry.state, attributes, gaps: layout.gaps, kinds: layout.kinds, values: entry.values, originals: entry.originals, textOriginals: entry.textOriginals };
    }
    const state = entry?.state ?? textState!;
    const originals = state === 'M' ? pick('O') : null;
    return { state, attributes, gaps: layout.gaps, kinds: layout.kinds, values: pick('C'), originals, textOriginals: state === 'M' };
  }
}

/** True when a row's cells read from its text are what the entry model holds: a C/O pair per cell in an M row, no O elsewhere. */
function usualLayout(state: RowState, kinds: string): boolean {
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
