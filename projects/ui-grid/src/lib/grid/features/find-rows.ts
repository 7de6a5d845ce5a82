import { RowStore, WrsIndex, cellAt, cellValue } from 'ngx-wrs-grid/core';
import { GridRowView } from './grid-row-view';

/** The rows a search goes through, in view order (every page). */
export interface FindRows {
  readonly length: number;
  /** True when the rows are all rows in document (or store) order: view order is the kept texts' order. */
  readonly whole: boolean;
  /** The place of the row at a view order among the kept texts (`index.rows()`, or the store's positions), or -1. */
  placeOf(order: number): number;
  /** A cell's value (1-based position) of the row at a view order. */
  value(order: number, pos: number): string | null;
  id(order: number): string;
}

/** Rows of the document. */
export class ElementFindRows implements FindRows {
  readonly whole: boolean;

  constructor(
    private readonly index: WrsIndex,
    readonly rows: readonly Element[],
  ) {
    this.whole = rows === index.rows();
  }

  get length(): number {
    return this.rows.length;
  }

  placeOf(order: number): number {
    return this.whole ? order : this.index.positionOf(this.rows[order]) - 1;
  }

  value(order: number, pos: number): string | null {
    const cell = cellAt(this.rows[order], pos);
    return cell ? cellValue(cell) : null;
  }

  id(order: number): string {
    return this.rows[order].getAttribute('id') ?? '';
  }
}

/** Rows of a row store whose document is not built, by position: read from its entries. */
export class StoreFindRows implements FindRows {
  readonly whole: boolean;

  constructor(
    readonly store: RowStore,
    /** Store positions in view order; null for all rows in store order. */
    readonly positions: readonly number[] | null,
  ) {
    this.whole = positions === null;
  }

  get length(): number {
    return this.positions ? this.positions.length : this.store.rowCount;
  }

  placeOf(order: number): number {
    return this.positions ? this.positions[order] : order;
  }

  value(order: number, pos: number): string | null {
    return this.store.cellValue(this.placeOf(order), pos);
  }

  id(order: number): string {
    return this.store.id(this.placeOf(order)) ?? '';
  }
}

/** The rows of a row view in view order: a row store's positions while its document is not built, else elements. */
export function findRowsOf(view: GridRowView): FindRows {
  const store = view.unbuiltStore;
  if (store) return new StoreFindRows(store, view.storedRows());
  return new ElementFindRows(view.index, view.isWhole ? view.index.rows() : view.matchedRows());
}
