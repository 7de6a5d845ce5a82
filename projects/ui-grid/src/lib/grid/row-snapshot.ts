import { NS, WrsIndex, deleteRowElement, restoreRowElement } from 'ngx-wrs-grid/core';

interface RowEntry {
  readonly id: string;
  /** A deep copy of the row as it was, or null when the row did not exist. */
  readonly before: Element | null;
  /** 0-based index of the row in `wrs:Data` before the change. */
  readonly position: number;
  /**
   * Rows changed in place, nothing copied: `deleted`, an R row the change deletes (restoring its D row puts it back);
   * `undeleted`, such a row put back by an undo (deleting it again is the redo); `modified`, an R row whose cells the
   * change writes (restoring its M row, which keeps the original values, puts it back).
   */
  readonly inPlace?: 'deleted' | 'undeleted' | 'modified';
}

/**
 * The state of the rows one change set touches, taken before it touches them, so that `restore()` puts the
 * document back exactly (row states, C/O pairs, inserted rows gone, deleted rows back) at a cost that grows with
 * the rows touched, not with the document.
 */
export class RowSnapshot {
  private readonly entries = new Map<string, RowEntry>();
  /** `wrs:TransactionsNumber` before the change, null when the header had none. */
  private readonly transactions: string | null;

  constructor(private readonly doc: Document) {
    this.transactions = transactionsElement(doc)?.textContent ?? null;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Ids of the rows in the snapshot. */
  rowIds(): string[] {
    return [...this.entries.keys()];
  }

  /** Records a row before the change set modifies or removes it; later calls for the same row keep the first state. */
  touch(row: Element): void {
    const id = row.getAttribute('id') ?? '';
    if (this.entries.has(id)) return;
    const index = WrsIndex.of(this.doc);
    this.entries.set(id, { id, before: row.cloneNode(true) as Element, position: index.positionOf(row) - 1 });
  }

  /**
   * Records a row before a delete. An R row becomes a D row holding the same cells, so undoing restores that D row
   * and nothing is copied (deleting 10,000 rows copies no row); other rows are recorded as `touch` does.
   */
  touchForDelete(row: Element): void {
    if (row.localName !== 'R') return this.touch(row);
    const id = row.getAttribute('id') ?? '';
    if (this.entries.has(id)) return;
    this.entries.set(id, { id, before: null, position: WrsIndex.of(this.doc).positionOf(row) - 1, inPlace: 'deleted' });
  }

  /**
   * Records a row before cells of it are written (`writeRowCells`). An R row becomes an M row whose `wrs:O` hold the
   * values it had, so undoing restores that M row and nothing is copied (a paste over 1,000 rows copies no row);
   * other rows are recorded as `touch` does.
   */
  touchForWrite(row: Element): void {
    if (row.localName !== 'R') return this.touch(row);
    const id = row.getAttribute('id') ?? '';
    if (!this.entries.has(id)) this.entries.set(id, { id, before: null, position: -1, inPlace: 'modified' });
  }

  /** Records a row an undo puts back in place (an R row from a D row): the redo deletes it again. */
  private touchUndeleted(row: Element): void {
    const id = row.getAttribute('id') ?? '';
    if (!this.entries.has(id)) this.entries.set(id, { id, before: null, position: -1, inPlace: 'undeleted' });
  }

  /** Records a row the change set creates. */
  added(id: string): void {
    if (!this.entries.has(id)) this.entries.set(id, { id, before: null, position: -1 });
  }

  /** True when the snapshot records this row. */
  holds(id: string): boolean {
    return this.entries.has(id);
  }

  /** True when the change set created this row: `restore()` removes it, whatever was written into it since. */
  created(id: string): boolean {
    const entry = this.entries.get(id);
    return !!entry && entry.before === null && !entry.inPlace;
  }

  /** Puts every recorded row back as it was and returns the snapshot that undoes this restore. */
  restore(): RowSnapshot {
    const index = WrsIndex.of(this.doc);
    const inverse = new RowSnapshot(this.doc);
    const current: Element[] = [];
    for (const entry of this.entries.values()) {
      const row = index.rowById(entry.id);
      if (!row) inverse.added(entry.id);
      else if (entry.inPlace === 'deleted' && row.localName === 'D') {
        // Undone in place: later change sets are undone first, so the row is the D row the delete left.
        inverse.touchUndeleted(restoreRowElement(row, index)!);
      } else if (entry.inPlace === 'modified' && row.localName === 'M') {
        // Undone in place: the redo puts back a copy of the M row, written values and all.
        inverse.touch(row);
        restoreRowElement(row, index);
      } else if (entry.inPlace === 'undeleted' && row.localName === 'R') {
        // The redo of such an undo: the R row is deleted again, into the D row it was.
        inverse.touchForDelete(row);
        deleteRowElement(row, index);
      } else if (entry.inPlace) {
        inverse.touch(row);
      } else {
        inverse.touch(row);
        current.push(row);
      }
    }
    const data = index.data ?? this.doc.documentElement!.appendChild(this.doc.createElementNS(NS.wrs, 'wrs:Data'));
    for (const row of current) data.removeChild(row);
    index.removed(current);
    const back = [...this.entries.values()].filter((e) => e.before !== null).sort((a, b) => a.position - b.position);
    for (const entry of back) {
      const row = entry.before!.cloneNode(true) as Element;
      const at = index.rows()[entry.position] ?? null;
      data.insertBefore(row, at);
      index.inserted(Math.min(entry.position, index.rowCount), [row]);
    }
    setTransactionsNumber(this.doc, this.transactions);
    return inverse;
  }
}

function setTransactionsNumber(doc: Document, value: string | null): void {
  const tn = transactionsElement(doc);
  if (tn && value === null) tn.parentNode!.removeChild(tn);
  else if (tn && value !== null) tn.textContent = value;
  else if (value !== null) {
    const root = doc.documentElement!;
    const header = firstWrsChild(root, 'Header');
    const created = doc.createElementNS(NS.wrs, root.prefix ? `${root.prefix}:TransactionsNumber` : 'TransactionsNumber');
    created.textContent = value;
    header?.appendChild(created);
  }
}

function transactionsElement(doc: Document): Element | null {
  const header = firstWrsChild(doc.documentElement!, 'Header');
  return header && firstWrsChild(header, 'TransactionsNumber');
}

function firstWrsChild(parent: Element, localName: string): Element | null {
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as Element).namespaceURI === NS.wrs && (c as Element).localName === localName) return c as Element;
  }
  return null;
}
