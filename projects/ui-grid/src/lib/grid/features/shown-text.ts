import { RowStore, WrsIndex, cellAt, cellValue } from 'ngx-wrs-grid/core';
import { cellText, showsStoredValue } from '../cell-text';
import { GridColumn } from '../grid-column';
import { GridRowView } from './grid-row-view';

/** The shown texts of one column that formats its values: rows `[0, filled)` of `index.rows()` are made. */
interface KeptTexts {
  readonly column: GridColumn;
  readonly texts: string[];
  filled: number;
}

/** A change set naming more rows than this share of all rows (and more than a few hundred) drops the kept texts. */
const ROW_REFRESH_SHARE = 1 / 8;
const ROW_REFRESH_MIN = 256;

/**
 * The text each cell of a column shows (`cellText`), for whole columns, aligned with `index.rows()` (with the store
 * positions while the view reads a row store whose document is not built): what find matches. A column showing its values as stored reads the row view's kept values (`ColumnValues`), with no copy;
 * a formatting one (references, locale, scale, dates, checkboxes) keeps its texts, made once and patched by change
 * sets. Filled in chunks (`fill`), so a search reads a cold column without blocking input.
 */
export class ShownTexts {
  private readonly kept = new Map<number, KeptTexts>();
  private rowsSeen: readonly Element[] | RowStore | null = null;
  private lengthSeen = 0;

  constructor(readonly view: GridRowView) {}

  get index(): WrsIndex {
    return this.view.index;
  }

  /** Makes the next `count` rows of a column's texts; true when the column is complete. */
  fill(column: GridColumn, count: number): boolean {
    const values = this.view.values;
    // The values first, in chunks: `values()` of a column not read yet reads it whole at once.
    if (!values.readAhead(column.pos, count)) return false;
    if (showsStoredValue(column)) return true;
    const length = this.currentLength();
    const kept = this.keptOf(column, length);
    const source = values.values(column.pos);
    const end = Math.min(length, kept.filled + count);
    for (let i = kept.filled; i < end; i++) kept.texts[i] = cellText(column, source[i]);
    kept.filled = end;
    return end >= length;
  }

  /** True when a column's texts are all made: matching them then reads and formats nothing. */
  complete(column: GridColumn): boolean {
    if (!this.view.values.readAhead(column.pos, 0)) return false;
    if (showsStoredValue(column)) return true;
    const kept = this.kept.get(column.pos);
    return !!kept && kept.column === column && kept.texts.length === this.currentLength() && kept.filled >= kept.texts.length;
  }

  /** A complete column's texts (after `fill` returned true): null or '' for an empty cell. */
  texts(column: GridColumn): readonly (string | null)[] {
    if (showsStoredValue(column)) return this.view.values.values(column.pos);
    while (!this.fill(column, Number.MAX_SAFE_INTEGER));
    return this.kept.get(column.pos)!.texts;
  }

  /** After a change set: makes the texts of the rows it names again, or drops them all when rows came or went or many changed. */
  changed(rowIds: Iterable<string>): void {
    const store = this.view.unbuiltStore;
    const length = this.length(store);
    if ((store ?? this.index.rows()) !== this.rowsSeen || length !== this.lengthSeen) {
      this.clear();
      return;
    }
    const ids = [...rowIds];
    if (ids.length === 0 || ids.length > Math.max(ROW_REFRESH_MIN, length * ROW_REFRESH_SHARE)) {
      this.clear();
      return;
    }
    for (const id of ids) {
      const row = store ? null : this.index.rowById(id);
      const at = store ? store.positionOf(id) : row ? this.index.positionOf(row) - 1 : -1;
      if (at < 0) {
        this.clear();
        return;
      }
      for (const kept of this.kept.values()) {
        if (at >= kept.filled) continue;
        const cell = row && cellAt(row, kept.column.pos);
        kept.texts[at] = cellText(kept.column, store ? store.cellValue(at, kept.column.pos) : cell ? cellValue(cell) : null);
      }
    }
  }

  private clear(): void {
    this.kept.clear();
    const store = this.view.unbuiltStore;
    this.rowsSeen = store ?? this.index.rows();
    this.lengthSeen = this.length(store);
  }

  private length(store: RowStore | null): number {
    return store ? store.rowCount : this.index.rows().length;
  }

  /** Rows of the texts now: the document's, or the store's while the view reads it. */
  private currentLength(): number {
    const store = this.view.unbuiltStore;
    if ((store ?? this.index.rows()) !== this.rowsSeen || this.length(store) !== this.lengthSeen) this.clear();
    return this.lengthSeen;
  }

  /** The kept texts of a column; new ones when the column changed (another layout, another locale). */
  private keptOf(column: GridColumn, length: number): KeptTexts {
    let kept = this.kept.get(column.pos);
    if (!kept || kept.column !== column || kept.texts.length !== length) {
      kept = { column, texts: new Array<string>(length), filled: 0 };
      this.kept.set(column.pos, kept);
    }
    return kept;
  }
}
