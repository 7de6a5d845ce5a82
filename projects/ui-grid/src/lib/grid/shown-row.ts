import { RowStore, cellAt, originalOf } from 'ngx-wrs-grid/core';
import { valueOf } from './grid-body-slots';

/**
 * A row as the body paints it: its state, id and cells read by position. The rows of a row store whose document is
 * not built are read from the store; `element()` builds the one row alone where a painter needs an element.
 */
export interface ShownRow {
  /** R, I, M, D, or the name of a row of another kind. */
  readonly state: string;
  readonly id: string;
  /** The value of the cell at a 1-based position: text, null for `wrs:null` or no such cell. */
  value(pos: number): string | null;
  /** True when the cell of an M row holds another value than its `wrs:O`. */
  modified(pos: number): boolean;
  element(): Element;
}

/** A row of the document. */
export class ElementRow implements ShownRow {
  readonly state: string;
  readonly id: string;

  constructor(private readonly row: Element) {
    this.state = row.localName;
    this.id = row.getAttribute('id') ?? '';
  }

  value(pos: number): string | null {
    const cell = cellAt(this.row, pos);
    return cell ? valueOf(cell) : null;
  }

  modified(pos: number): boolean {
    if (this.state !== 'M') return false;
    const cell = cellAt(this.row, pos);
    const original = cell && originalOf(cell);
    return !!original && valueOf(original) !== valueOf(cell!);
  }

  element(): Element {
    return this.row;
  }
}

/** A row of a store, read from its entry (the text and the changes kept on it). */
export class StoreRow implements ShownRow {
  readonly state: string;
  readonly id: string;

  constructor(
    private readonly store: RowStore,
    /** The row's position in the store (0-based). */
    readonly position: number,
  ) {
    this.state = store.state(position);
    this.id = store.id(position) ?? '';
  }

  value(pos: number): string | null {
    return this.store.cellValue(this.position, pos);
  }

  modified(pos: number): boolean {
    return this.state === 'M' && this.store.originalValue(this.position, pos) !== this.store.cellValue(this.position, pos);
  }

  element(): Element {
    return this.store.element(this.position);
  }
}
