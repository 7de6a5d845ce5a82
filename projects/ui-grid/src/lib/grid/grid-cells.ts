import { cellAt, cellValue } from 'ngx-wrs-grid/core';
import type { IsReadOnlyCell } from './grid-args';
import { GridColumn } from './grid-column';
import { GridState } from './grid-state';
import { ElementRow, ShownRow } from './shown-row';

/** The cells of the row view: what they hold, whether the user may change them, and the focus among them. */
export class GridCells {
  /** The cell element that carries the active id (`aria-activedescendant`). */
  private activeCell: HTMLElement | null = null;

  constructor(
    private readonly state: GridState,
    private readonly activeId: string,
  ) {}

  /** The row at a 0-based position of the row view (filtered, sorted, paged). */
  rowAt(position: number): Element | null {
    return this.state.features.view?.rowAt(position) ?? null;
  }

  valueAt(row: Element, column: GridColumn): string | null {
    const cell = cellAt(row, column.pos);
    return cell ? cellValue(cell) : null;
  }

  /** True when the user may change a cell: grid, column and row not read-only, and `isReadOnlyCell` agrees. */
  canEdit(position: number, col: number): boolean {
    const row = this.state.features.view?.shownAt(position);
    return !!row && this.canEditShown(row, col);
  }

  canEditRow(row: Element, col: number): boolean {
    return this.canEditShown(new ElementRow(row), col);
  }

  /** `canEditRow` for a row as the body reads it (from a store, no element built). */
  canEditShown(row: ShownRow, col: number): boolean {
    return !this.state.grid.isReadOnly() && this.editableIn(row, this.state.shown[col], this.state.grid.isReadOnlyCell());
  }

  /**
   * `canEditShown` with the grid's settings read once, for an operation over many cells (a paste of 1,000 x 20
   * asked them 20,000 times).
   */
  editCheck(): (row: ShownRow, col: number) => boolean {
    const { grid, shown } = this.state;
    if (grid.isReadOnly()) return () => false;
    const check = grid.isReadOnlyCell();
    return (row, col) => this.editableIn(row, shown[col], check);
  }

  /** A column and row not read-only, and `isReadOnlyCell` (when set) agrees. */
  private editableIn(row: ShownRow, column: GridColumn | undefined, check: IsReadOnlyCell | null): boolean {
    if (!column || column.readOnly || row.state === 'D') return false;
    return !check || !check(this.state.grid, this.state.headerMeta, row.id, column.id, row.value(column.pos));
  }

  /** The first shown column the user may type into in a row, 0 when none (a key column `afterAddRow` fills may be read-only). */
  firstEditableColumn(row: Element): number {
    return this.firstEditableShown(new ElementRow(row));
  }

  /** `firstEditableColumn` for a row as the body reads it. */
  firstEditableShown(row: ShownRow): number {
    return Math.max(0, this.state.shown.findIndex((_, col) => this.canEditShown(row, col)));
  }

  captionOf(colId: string): string {
    return this.state.layout.columns.find((c) => c.id === colId)?.caption ?? colId;
  }

  focusCell(row: number, col: number, extend = false): void {
    const { selection, shown, body } = this.state;
    const rows = this.state.features.view?.rowCount ?? 0;
    if (rows === 0 || shown.length === 0) return;
    selection.moveTo({ row: clamp(row, rows - 1), col: clamp(col, shown.length - 1) }, extend);
    body?.scrollIntoView(selection.focus.row, selection.focus.col);
    body?.repaintMarks();
    this.markActive();
  }

  /**
   * Tab and shift+Tab: the next or previous cell, wrapping to the next or previous row; false at the grid's first or
   * last cell, where the focus may leave the grid.
   */
  tabFrom(row: number, col: number, back: boolean): boolean {
    const last = this.state.shown.length - 1;
    const rows = this.state.features.view?.rowCount ?? 0;
    if (back ? col === 0 && row === 0 : col === last && row === rows - 1) return false;
    if (back) this.focusCell(col === 0 ? row - 1 : row, col === 0 ? last : col - 1);
    else this.focusCell(col === last ? row + 1 : row, col === last ? 0 : col + 1);
    return true;
  }

  /** Points `aria-activedescendant` at the focused cell so screen readers follow the focus. */
  markActive(): void {
    const host = this.state.services.bodyHost();
    const { focus } = this.state.selection;
    const cell = this.state.body?.cellElement(focus.row, focus.col) ?? null;
    // Runs on every paint (a scroll step recycles cells): nothing to do when the same element is still the one.
    if (cell && cell === this.activeCell && cell.id === this.activeId) return;
    if (this.activeCell?.id === this.activeId) this.activeCell.removeAttribute('id');
    this.activeCell = cell;
    if (cell) {
      cell.id = this.activeId;
      host.setAttribute('aria-activedescendant', this.activeId);
    } else host.removeAttribute('aria-activedescendant');
  }

  /** Gives the keyboard focus to the grid body without scrolling the page. */
  focusBody(): void {
    this.state.services.bodyHost().focus({ preventScroll: true });
  }

  /** Where a menu opened from the keyboard goes: below the focused cell. */
  focusedCellPoint(): { x: number; y: number } {
    const { focus } = this.state.selection;
    const cell = this.state.body?.cellElement(focus.row, focus.col);
    const rect = (cell ?? this.state.services.bodyHost()).getBoundingClientRect();
    return { x: rect.left, y: rect.bottom };
  }
}

function clamp(value: number, max: number): number {
  return Math.max(0, Math.min(value, max));
}
