import { CellWrites, WrsIndex, parseTabText, toTabText } from 'ngx-wrs-grid/core';
import { GridCells } from './grid-cells';
import { GridChanges } from './grid-changes';
import { cellCopyText, cellValueFor } from './cell-text';
import { GridRows } from './grid-rows';
import { GridState } from './grid-state';
import { ElementRow, ShownRow, StoreRow } from './shown-row';

/** Copy, cut and paste of the selected range as tab-separated text, and emptying it. */
export class GridClipboard {
  constructor(
    private readonly state: GridState,
    private readonly cells: GridCells,
    private readonly changes: GridChanges,
    private readonly rows: GridRows,
    /** True while an editor is open: copy, cut and paste are its own. */
    private readonly editing: () => boolean,
  ) {}

  /**
   * The selected range as tab-separated text (`toTabText`), copied through the CDK clipboard: stored values, except
   * reference captions and numbers and dates in the grid's locale (`cellCopyText`), which a paste reads back.
   */
  copySelection(): string {
    const text = this.selectedText();
    this.state.services.clipboard.copy(text);
    return text;
  }

  /** Copies the selected range (`copySelection`), then empties its cells as Delete does, in one undo step. */
  cutSelection(): string {
    const text = this.copySelection();
    this.clearSelection();
    return text;
  }

  /** Empties the cells of the selected range as one change set. */
  clearSelection(): void {
    const { top, bottom, left, right } = this.state.selection.range;
    const shown = this.state.shown;
    const cells: [number, number, string | null][] = [];
    for (let p = top; p <= bottom; p++) for (let c = left; c <= right; c++) cells.push([p, c, shown[c].nullable ? null : '']);
    this.changes.writeCells(cells);
  }

  /**
   * Pastes TSV at the top left cell of the selection as one change set, appending rows when `allowNewRows`;
   * read-only cells keep their value. A block the selection holds a whole number of times fills it (`tiledOverSelection`).
   * A reference column takes a caption or an id and stores the id; numbers and dates are read in the grid's locale (`cellValueFor`).
   */
  pasteTsv(text: string): void {
    const { grid, selection, shown } = this.state;
    if (grid.isReadOnly() || !this.state.document) return;
    const lines = this.tiledOverSelection(parseTabText(text));
    if (lines.length === 0) return;
    // A range made with shift+arrows has its focus at the far corner; a paste starts where the range starts.
    const { top, left } = selection.range;
    const view = this.state.features.view!;
    // New rows only when a pasted column may be written in a new row: into read-only columns they would stay empty.
    const width = lines.reduce((w, line) => Math.max(w, line.length), 0);
    const writable = shown.slice(left, left + width).some((c) => !c.readOnly);
    // Lines go into the rows from the focused one on in view order, past the end of the page into the pages after
    // it; only lines past the last row make new rows (at the end of the page shown).
    const available = Math.min(lines.length, view.rowsFrom(top));
    const missing = grid.allowNewRows() && writable ? lines.length - available : 0;
    // Over the rows of a row store whose document is not built: written on their entries.
    const onStore = this.changes.changeStore((snapshot, rows) => {
      const targets: number[] = [];
      for (let r = 0; r < available; r++) targets.push(view.storedInOrder(top + r));
      const added = missing > 0 ? this.rows.appendStoreRows(snapshot, rows, missing, targets) : [];
      const ids = added.map((r) => rows.store.id(r) ?? '');
      const writes: [number, CellWrites][] = [];
      const lineWrites = this.lineWriter(left);
      [...targets, ...added].forEach((at, r) => {
        if (at >= 0) writes.push([at, lineWrites(new StoreRow(rows.store, at), lines[r])]);
      });
      return [...new Set([...ids, ...this.changes.writeStoreBatch(snapshot, rows, writes, true)])];
    });
    if (!onStore) this.pasteIntoDocument(lines, top, left, available, missing);
    selection.selectRange({ top, left, bottom: Math.min(top + lines.length, view.rowCount) - 1, right: Math.min(left + width, shown.length) - 1 });
    this.state.body?.repaintMarks();
  }

  /**
   * The writes of pasted lines into rows, from column `left` on: read-only cells left out, values read as the column
   * reads them. The grid's settings are read once for all the lines of a paste.
   */
  private lineWriter(left: number): (row: ShownRow, cells: readonly string[]) => [number, string | null][] {
    const shown = this.state.shown;
    const canEdit = this.cells.editCheck();
    return (row, cells) => {
      const writes: [number, string | null][] = [];
      const end = Math.min(cells.length, shown.length - left);
      for (let c = 0; c < end; c++) {
        const col = left + c;
        if (!canEdit(row, col)) continue;
        const column = shown[col];
        const value = cellValueFor(column, cells[c]);
        writes.push([column.pos, value === '' && column.nullable ? null : value]);
      }
      return writes;
    };
  }

  /** `pasteTsv` into the document: rows past the last one (`missing`) are added first. */
  private pasteIntoDocument(lines: string[][], top: number, left: number, available: number, missing: number): void {
    const index = WrsIndex.of(this.state.data!);
    const view = this.state.features.view!;
    this.changes.change((snapshot) => {
      const ids: string[] = [];
      // Targets by id, taken before new rows go in (they shift the view positions of the pages after this one).
      const targets: (string | null)[] = [];
      for (let r = 0; r < available; r++) targets.push(view.rowInOrder(top + r)?.getAttribute('id') ?? null);
      if (missing > 0) {
        // The rows pasted over are recorded before the new rows go in: an undo puts them back at the positions they
        // had then (recorded after, in a sorted view they came back among the removed rows' places).
        for (const id of targets) {
          const row = index.rowById(id ?? '');
          if (row && row.localName !== 'D') snapshot.touchForWrite(row);
        }
        for (const added of this.rows.insertRows(snapshot, view.rowCount, missing)) {
          ids.push(added.getAttribute('id') ?? '');
          targets.push(added.getAttribute('id'));
        }
      }
      // A pasted line is one row write: its cells read once, the row recorded for undo and turned into M once.
      const rows: [Element, CellWrites][] = [];
      const lineWrites = this.lineWriter(left);
      lines.forEach((cells, r) => {
        const id = targets[r];
        // By id: the view may still hold an R element an earlier change replaced by its M row.
        const row = id ? index.rowById(id) : null;
        if (row) rows.push([row, lineWrites(new ElementRow(row), cells)]);
      });
      return [...new Set([...ids, ...this.changes.writeBatch(snapshot, index, rows, true)])];
    });
  }

  /** Pastes tab-separated text as new I rows below the selection, its columns from the focused column on. */
  pasteAsNewRows(text: string): void {
    const { grid, shown, services } = this.state;
    const view = this.state.features.view;
    if (grid.isReadOnly() || !grid.allowNewRows() || !this.state.document || !view) return;
    const lines = parseTabText(text);
    if (lines.length === 0) return;
    const { bottom, left } = this.state.selection.range;
    const at = view.rowCount === 0 ? 0 : Math.min(bottom + 1, view.rowCount);
    // Into a row store whose document is not built: new entries, their cells written as a paste writes them.
    const onStore = this.changes.changeStore((snapshot, rows) => {
      const storeAt = view.storedPositionFor(at);
      const ids = this.rows.insertStoreRows(snapshot, rows, at, lines.length);
      const lineWrites = this.lineWriter(left);
      const writes = ids.map((_, r): [number, CellWrites] => [storeAt + r, lineWrites(new StoreRow(rows.store, storeAt + r), lines[r])]);
      this.changes.writeStoreBatch(snapshot, rows, writes);
      return ids;
    });
    if (onStore) return;
    this.changes.change((snapshot) => {
      const rows = this.rows.insertRows(snapshot, at, lines.length);
      rows.forEach((row, r) => {
        const id = row.getAttribute('id') ?? '';
        lines[r].forEach((cell, c) => {
          const column = shown[left + c];
          if (!column || !this.cells.canEditRow(row, left + c)) return;
          const value = cellValueFor(column, cell);
          services.wrsUtil.setCellValue(grid, id, column.pos, value === '' && column.nullable ? null : value);
        });
      });
      return rows.map((r) => r.getAttribute('id') ?? '');
    });
  }

  /** A paste into the body: into an editor or a filter field (the header is inside the body host) it is theirs. */
  readonly onPaste = (event: ClipboardEvent): void => {
    if (this.editing() || event.target !== this.state.services.bodyHost()) return;
    const text = event.clipboardData?.getData('text/plain');
    if (text === undefined) return;
    event.preventDefault();
    this.pasteTsv(text);
  };

  /**
   * The browser's own copy and cut (its Edit menu): the selection as TSV in the event's clipboard data. Only when the
   * body itself has the focus: an open editor or a filter field copies and cuts its own text.
   */
  readonly onCopyOrCut = (event: ClipboardEvent): void => {
    if (this.editing() || !this.state.document || !event.clipboardData || event.target !== this.state.services.bodyHost()) return;
    event.clipboardData.setData('text/plain', this.selectedText());
    event.preventDefault();
    if (event.type === 'cut') this.clearSelection();
  };

  /** The selected cells as TSV, read as the body paints them: from a row store's entries while its document is not built. */
  private selectedText(): string {
    const { top, bottom, left, right } = this.state.selection.range;
    const view = this.state.features.view;
    const lines: (string | null)[][] = [];
    for (let p = top; p <= bottom; p++) {
      const row = view?.shownAt(p);
      if (!row) continue;
      lines.push(this.state.shown.slice(left, right + 1).map((c) => cellCopyText(c, row.value(c.pos))));
    }
    return toTabText(lines);
  }

  /**
   * The pasted block repeated over the selected range when the range is a whole number of blocks high and wide (a
   * single value fills it all), as spreadsheets paste; else the block as it is. Lines of unequal length are not tiled.
   */
  private tiledOverSelection(lines: string[][]): string[][] {
    if (lines.length === 0) return lines;
    const { top, bottom, left, right } = this.state.selection.range;
    const rows = bottom - top + 1;
    const cols = right - left + 1;
    const width = lines[0].length;
    if (lines.some((line) => line.length !== width) || rows % lines.length !== 0 || cols % width !== 0) return lines;
    if (rows === lines.length && cols === width) return lines;
    const across = cols / width;
    const wide = across === 1 ? lines : lines.map((line) => Array.from({ length: cols }, (_, c) => line[c % width]));
    return Array.from({ length: rows }, (_, r) => wide[r % lines.length]);
  }
}
