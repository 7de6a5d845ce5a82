import { CellWrites } from 'ngx-wrs-grid/core';
import { GridCells } from '../grid-cells';
import { GridChanges } from '../grid-changes';
import { GridRows } from '../grid-rows';
import { CellRange } from '../grid-selection';
import { GridState } from '../grid-state';
import { GridStatusLine } from '../grid-status-line';
import { ElementRow, ShownRow, StoreRow } from '../shown-row';
import { formatMessage, messageOf } from '../features/grid-messages';
import { FillKind, continueSeries, fillKindOf } from './fill-series';

/** Where a fill goes from the cells it starts from. */
export type FillDirection = 'down' | 'up' | 'right' | 'left';

/** The cells a fill writes: a range of the row view, and how many of its rows are new ones past the last row. */
export interface FillTarget {
  readonly range: CellRange;
  readonly newRows: number;
}

/** Which way "Fill series" fills a range: down over three rows or more, right along one row of three cells or more. */
export function seriesSpan(range: CellRange): 'down' | 'right' | null {
  if (range.bottom - range.top >= 2) return 'down';
  return range.top === range.bottom && range.right - range.left >= 2 ? 'right' : null;
}

/** Rows one fill adds at most past the last row (a drag far below the window). */
const MAX_NEW_ROWS = 1000;

/**
 * Fills cells from the selected range, as one change set and one undo step: the fill handle's drag continues a
 * series where the cells make one (`continueSeries`) and repeats them otherwise; Ctrl+D and Ctrl+R copy. Read-only
 * cells and deleted rows keep their value.
 */
export class GridFill {
  constructor(
    private readonly state: GridState,
    private readonly cells: GridCells,
    private readonly changes: GridChanges,
    private readonly rows: GridRows,
    private readonly statusLine: GridStatusLine,
  ) {}

  /** Ctrl+D: the top row of the selected range copied into the rows below it; a range of one row copies the row above. */
  fillDown(): boolean {
    if (!this.editable()) return false;
    const r = this.state.selection.range;
    if (r.bottom > r.top) this.write({ ...r, bottom: r.top }, 'down', r.bottom - r.top, false, false);
    else if (r.top > 0) this.write({ ...r, top: r.top - 1, bottom: r.top - 1 }, 'down', 1, false, false);
    return true;
  }

  /** Ctrl+R: the left column of the selected range copied into the columns right of it; one column copies the one left of it. */
  fillRight(): boolean {
    if (!this.editable()) return false;
    const r = this.state.selection.range;
    if (r.right > r.left) this.write({ ...r, right: r.left }, 'right', r.right - r.left, false, false);
    else if (r.left > 0) this.write({ ...r, left: r.left - 1, right: r.left - 1 }, 'right', 1, false, false);
    return true;
  }

  /**
   * "Fill series" of the context menu: the selected range filled from its first two rows on down, each column's series
   * continued as the handle's drag of those rows would; a range one row high from its first two columns on, right.
   * The selection stays.
   */
  fillSeries(): boolean {
    const r = this.state.selection.range;
    const span = seriesSpan(r);
    if (!this.editable() || !span) return false;
    if (span === 'down') this.write({ ...r, bottom: r.top + 1 }, 'down', r.bottom - r.top - 1, true, false);
    else this.write({ ...r, right: r.left + 1 }, 'right', r.right - r.left - 1, true, false);
    this.state.body?.repaintMarks();
    return true;
  }

  /**
   * Fills `count` rows or columns next to the selected range (the handle's drag): a series where its cells make one,
   * else their values in turn. Down past the last row, `newRows` adds rows (with `allowNewRows`). The selection then
   * spans the range and the filled cells, the focus staying where it was.
   */
  fill(direction: FillDirection, count: number, newRows = false): void {
    const { selection, body } = this.state;
    const source = selection.range;
    const target = this.write(source, direction, count, true, newRows);
    if (!target) return;
    const r = target.range;
    selection.spanAround({ top: Math.min(source.top, r.top), left: Math.min(source.left, r.left), bottom: Math.max(source.bottom, r.bottom), right: Math.max(source.right, r.right) });
    body?.repaintMarks();
    this.cells.markActive();
  }

  /** The cells a fill from `source` would write (the handle's preview shows them), or null when none. */
  targetOf(source: CellRange, direction: FillDirection, count: number, newRows: boolean): FillTarget | null {
    const { grid, shown, features } = this.state;
    const view = features.view;
    if (!view || count <= 0) return null;
    const lastRow = view.rowCount - 1;
    const lastCol = shown.length - 1;
    const rows = { top: source.top, bottom: source.bottom };
    const cols = { left: source.left, right: source.right };
    let range: CellRange;
    let added = 0;
    if (direction === 'down') {
      // As paste: new rows only when a filled column may be written in a new row (read-only ones would stay empty).
      const writable = shown.slice(source.left, source.right + 1).some((c) => !c.readOnly);
      const past = source.bottom + count - lastRow;
      added = newRows && past > 0 && grid.allowNewRows() && writable ? Math.min(past, MAX_NEW_ROWS) : 0;
      range = { ...cols, top: source.bottom + 1, bottom: Math.min(source.bottom + count, lastRow + added) };
    } else if (direction === 'up') range = { ...cols, top: Math.max(0, source.top - count), bottom: source.top - 1 };
    else if (direction === 'right') range = { ...rows, left: source.right + 1, right: Math.min(lastCol, source.right + count) };
    else range = { ...rows, left: Math.max(0, source.left - count), right: source.left - 1 };
    return range.top > range.bottom || range.left > range.right ? null : { range, newRows: added };
  }

  /** Rows below the range as far as the column left of it (else right of it) holds values without a gap. */
  rowsBeside(range: CellRange): number {
    const rows = this.state.features.view?.rowCount ?? 0;
    const below = (col: number) => {
      if (col < 0 || col >= this.state.shown.length) return 0;
      let p = range.bottom + 1;
      while (p < rows && (this.valueAt(p, col) ?? '') !== '') p++;
      return p - range.bottom - 1;
    };
    return below(range.left - 1) || below(range.right + 1);
  }

  private editable(): boolean {
    return !this.state.grid.isReadOnly() && !!this.state.document && !!this.state.features.view && this.state.shown.length > 0;
  }

  /** Writes the fill as one change set; returns what it covered, or null when there was nothing to fill. */
  private write(source: CellRange, direction: FillDirection, count: number, series: boolean, newRows: boolean): FillTarget | null {
    const target = this.editable() ? this.targetOf(source, direction, count, newRows) : null;
    if (!target) return null;
    const values = this.valuesFor(source, target.range, direction, series);
    const view = this.state.features.view!;
    const { top, bottom, left } = target.range;
    const existing = Math.min(bottom, view.rowCount - 1) - top + 1;
    let skipped = 0;
    const writesOf = (row: ShownRow, r: number): [number, string | null][] => {
      const writes: [number, string | null][] = [];
      values[r].forEach((value, c) => {
        const col = left + c;
        if (!this.cells.canEditShown(row, col)) return void skipped++;
        const column = this.state.shown[col];
        writes.push([column.pos, value === null && !column.nullable ? '' : value]);
      });
      return writes;
    };
    // Over the rows of a row store whose document is not built: written on their entries.
    const onStore = this.changes.changeStore((snapshot, rows) => {
      const targets: number[] = [];
      for (let p = top; p < top + existing; p++) {
        const shown = view.shownAt(p);
        targets.push(shown instanceof StoreRow ? shown.position : -1);
      }
      const added = target.newRows > 0 ? this.rows.appendStoreRows(snapshot, rows, target.newRows, targets) : [];
      const ids = added.map((r) => rows.store.id(r) ?? '');
      const writes: [number, CellWrites][] = [];
      [...targets, ...added].forEach((at, r) => {
        if (at >= 0) writes.push([at, writesOf(new StoreRow(rows.store, at), r)]);
      });
      return [...new Set([...ids, ...this.changes.writeStoreBatch(snapshot, rows, writes)])];
    });
    if (!onStore) this.changes.change((snapshot, index) => {
      const ids: string[] = [];
      // Targets by id, taken before new rows go in; the rows filled are recorded first, so an undo puts them back
      // at the positions they had then (as paste does).
      const targets: string[] = [];
      for (let p = top; p < top + existing; p++) targets.push(view.rowAt(p)?.getAttribute('id') ?? '');
      if (target.newRows > 0) {
        for (const id of targets) {
          const row = index.rowById(id);
          if (row && row.localName !== 'D') snapshot.touchForWrite(row);
        }
        for (const added of this.rows.insertRows(snapshot, view.rowCount, target.newRows)) {
          ids.push(added.getAttribute('id') ?? '');
          targets.push(added.getAttribute('id') ?? '');
        }
      }
      const rows: [Element, CellWrites][] = [];
      targets.forEach((id, r) => {
        const row = index.rowById(id);
        if (row) rows.push([row, writesOf(new ElementRow(row), r)]);
      });
      return [...new Set([...ids, ...this.changes.writeBatch(snapshot, index, rows)])];
    });
    if (skipped > 0) {
      const messages = this.state.messages;
      this.statusLine.showActionNote(skipped === 1 ? messageOf(messages, 'fillSkippedCell') : formatMessage(messageOf(messages, 'fillSkipped'), { n: skipped }));
    }
    return target;
  }

  /**
   * The values of the target range, by its rows and columns: each column (a vertical fill) or row (a horizontal one)
   * of the source continued on its own. Across columns, a series needs columns of one kind and goes only into
   * columns of that kind; other columns get the repeated values.
   */
  private valuesFor(source: CellRange, target: CellRange, direction: FillDirection, series: boolean): (string | null)[][] {
    const { shown } = this.state;
    const height = target.bottom - target.top + 1;
    const width = target.right - target.left + 1;
    const out: (string | null)[][] = Array.from({ length: height }, () => new Array<string | null>(width));
    const backwards = direction === 'up' || direction === 'left';
    const kindOf = (col: number): FillKind => (series ? fillKindOf(shown[col]) : 'copy');
    if (direction === 'down' || direction === 'up') {
      for (let col = target.left; col <= target.right; col++) {
        const sources: (string | null)[] = [];
        for (let p = source.top; p <= source.bottom; p++) sources.push(this.valueAt(p, col));
        if (backwards) sources.reverse();
        const line = continueSeries(sources, kindOf(col), height);
        for (let k = 0; k < height; k++) out[backwards ? height - 1 - k : k][col - target.left] = line[k];
      }
      return out;
    }
    const kinds = new Set<FillKind>();
    for (let col = source.left; col <= source.right; col++) kinds.add(kindOf(col));
    const kind: FillKind = kinds.size === 1 ? [...kinds][0] : 'copy';
    for (let p = source.top; p <= source.bottom; p++) {
      const sources: (string | null)[] = [];
      for (let col = source.left; col <= source.right; col++) sources.push(this.valueAt(p, col));
      if (backwards) sources.reverse();
      const line = continueSeries(sources, kind, width);
      const copies = kind === 'copy' ? line : continueSeries(sources, 'copy', width);
      for (let k = 0; k < width; k++) {
        const c = backwards ? width - 1 - k : k;
        out[p - source.top][c] = kindOf(target.left + c) === kind ? line[k] : copies[k];
      }
    }
    return out;
  }

  private valueAt(position: number, col: number): string | null {
    // As the body shows it: from the row store while its document is not built.
    const row = this.state.features.view?.shownAt(position);
    return row ? row.value(this.state.shown[col].pos) : null;
  }
}
