import { WrsError } from '../errors';
import { firstChildElement, parseXml } from '../xml/dom';
import { insertNodesBefore } from '../xml/insert-nodes';
import { startTagEnd } from '../xml/markup-scan';
import { NS } from '../xml/namespaces';
import { newRowIds, nextTransactionsNumber } from './new-rows';
import { Entry, RowLayout } from './row-entries';
import { rowState } from './row-states';
import { copyRowAs } from './row-transitions';
import { OTHER, STATE_CODES, STATE_NAMES, attributeValue, attributesOf, findData } from './row-scan';
import { RowStoreWrites, usualLayout } from './row-store-writes';
import { WrsIndex } from './wrs-index';

export type { SliceBudget } from './row-store-base';

/**
 * The rows of a Wrs kept as entries over its text (see docs/concepts/row-store.md): a scan finds where each row is,
 * its state and its id; cells are cut from the text when read; a row becomes an element when something needs the
 * element (a write, or the document being built). `document` holds the header from the start and the rows built so
 * far; once `materialized` it is the document `parseXml(text)` builds, node for node, with the writes made since.
 */
export class RowStore extends RowStoreWrites {
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
    // The id map of `positionOf` (kept as rows come and go) says whether an id is taken: no second map of all ids.
    return newRowIds(live ?? { rowCount: this.count(), hasRowId: (id: string) => this.positionOf(id) >= 0 }, transaction, anchorId, n);
  }

  /** Puts new rows at `at`: into the document where the rows from there on are built, else as entries. */
  private addRows(at: number, made: Entry[], elements: (Element | undefined)[]): void {
    this.changed = true;
    this.movePositions(at, made.length);
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
    if (this.positions) for (let r = at; r < at + n; r++) if (!this.positions.has(this.id(r)!)) this.positions.set(this.id(r)!, r);
  }

  /**
   * Row `r` as an element for a reader that keeps nothing of it (a check handed each cell): its element where it has
   * one, else one built alone for the call and not kept, so reading every row holds one row at a time. What is
   * written into such an element is lost: writes go through the store.
   */
  readElement(r: number): Element {
    this.check(r);
    const element = this.elementOf(r);
    if (element) return element;
    const entry = this.entries[r];
    if (!entry) return this.parseAlone(this.scanner.starts[r], this.scanner.ends[r]);
    const row = this.buildEntry(entry);
    // A copy of its R row the index kept while the entry's writes were made again: nobody restores this element.
    this.index().forgetOriginal(row);
    return row;
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
      this.entries[r] = undefined;
      this.elements[r] = row;
      this.positions = null;
      return;
    }
    old!.parentNode!.replaceChild(row, old!);
    this.index().replaced(old!, row);
    if (!live) this.elements[r] = row;
  }

  /**
   * Puts rows (elements of `document` in no parent, as `copyOf` gives) in before row `at` (the row count appends
   * them): an undo's rows back. Their ids and the transaction number are theirs; nothing else changes.
   */
  insertRowElements(at: number, rows: readonly Element[]): void {
    this.scan();
    this.checkInsert(at);
    if (rows.length === 0) return;
    this.addRows(at, rows.map((row) => Entry.created(row.getAttribute('id') ?? '', [])), [...rows]);
  }

  /** Takes the rows at positions `rs` out (an undo of their insert): their elements leave the document, their entries go. */
  removeRows(rs: readonly number[]): void {
    const sorted = [...new Set(rs)].sort((a, b) => a - b);
    for (const r of sorted) this.check(r);
    const elements: Element[] = [];
    for (const r of sorted) {
      const element = this.elementOf(r);
      if (element?.parentNode) {
        element.parentNode.removeChild(element);
        elements.push(element);
      }
    }
    if (elements.length > 0) this.index().removed(elements);
    this.changed = true;
    if (!this.complete) this.removeEntries(sorted);
  }

  /** The position (0-based) of the first row of id `id`, or -1; `hint` is a position it had (tried first). */
  positionOf(id: string, hint = -1): number {
    // As `WrsIndex.rowById`: an empty id names no row.
    if (id === '') return -1;
    const count = this.count();
    if (hint >= 0 && hint < count && this.id(hint) === id) return hint;
    const live = this.live();
    if (live) {
      const row = live.rowById(id);
      return row ? live.positionOf(row) - 1 : -1;
    }
    this.scan();
    const at = this.positions?.get(id);
    if (at !== undefined) {
      // Rows that came or went since the map was read moved it by at most `drift`: the nearest row of the id.
      for (let d = 0; d <= this.drift; d++) {
        for (const p of d === 0 ? [at] : [at - d, at + d]) {
          if (p < 0 || p >= count || this.id(p) !== id) continue;
          this.positions!.set(id, p);
          return p;
        }
      }
    }
    // The map follows the rows that come and go: an id it lacks is no row's.
    if (this.positions && at === undefined) return -1;
    // Read once for every later lookup: the rows an undo step or a change set names, thousands at a time.
    const positions = (this.positions = new Map());
    this.drift = 0;
    for (let r = this.count() - 1; r >= 0; r--) {
      const rowId = this.id(r);
      if (rowId !== null) positions.set(rowId, r);
    }
    return positions.get(id) ?? -1;
  }

  /** Positions (0-based) of the I, M and D rows (and rows of other names), in order: what a save sends. Reads every row first. */
  changedRows(): number[] {
    this.scan();
    const live = this.live();
    if (live) return live.changedRows().map((row) => live.positionOf(row) - 1);
    const out: number[] = [];
    const [{ elements, entries }, { states, count }] = [this, this.scanner];
    for (let r = 0; r < count; r++) {
      // Reads past an array's length cost more than a comparison: most rows have neither an entry nor an element.
      const element = r < elements.length ? elements[r] : undefined;
      const entry = element || r >= entries.length ? undefined : entries[r];
      if (!element && !entry && states[r] === STATE_CODES.R) continue;
      const state = element ? rowState(element) : entry ? entry.state : states[r] === OTHER ? this.state(r) : STATE_NAMES[states[r]];
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
    if (this.entries[r]?.writes) this.known(r);
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
