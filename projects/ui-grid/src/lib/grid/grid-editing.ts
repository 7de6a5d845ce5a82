import { WrsIndex, writeRowCells } from 'ngx-wrs-grid/core';
import { GridCells } from './grid-cells';
import { GridChanges } from './grid-changes';
import { GridEditor } from './grid-editor';
import { CellAddress } from './grid-selection';
import { GridState } from './grid-state';
import { StoreRow } from './shown-row';

/** The editor open on a cell: the cell, its row by id and its column, and the value it would have committed as it opened. */
interface OpenEditor {
  readonly editor: GridEditor;
  readonly cell: CellAddress;
  readonly rowId: string;
  /** The row's position in the grid's row store while its document is not built, else -1. */
  readonly storePosition: number;
  readonly colId: string;
  /** Undefined when typing opened it. */
  readonly initial: string | null | undefined;
}

/** Cell editing: opens an editor over the focused cell, keeps it over its row, and writes its value as one change set. */
export class GridEditing {
  private editor: OpenEditor | null = null;
  /** Ends the scroll listener of the open editor. */
  private scrolling: AbortController | null = null;

  constructor(
    private readonly state: GridState,
    private readonly cells: GridCells,
    private readonly changes: GridChanges,
  ) {}

  get isOpen(): boolean {
    return this.editor !== null;
  }

  /** Toggles the checkbox of the focused cell. */
  toggleCheckbox(): void {
    const { row, col } = this.state.selection.focus;
    const column = this.state.shown[col];
    const shownRow = this.state.features.view?.shownAt(row);
    if (!column?.checkbox || !shownRow) return;
    this.changes.writeCells([[row, col, shownRow.value(column.pos) === column.checkbox.on ? column.checkbox.off : column.checkbox.on]]);
  }

  /** Follows the first link painted in a cell; false when it shows none. */
  openLinkAt(row: number, col: number): boolean {
    const link = this.state.body?.cellElement(row, col)?.querySelector<HTMLAnchorElement>('a[href]');
    if (!link) return false;
    link.click();
    return true;
  }

  /** Opens the editor on the focused cell (with `typed` as its text when typing started the edit). */
  startEdit(typed?: string): void {
    const { selection, shown, body, services } = this.state;
    const cell = selection.focus;
    const column = shown[cell.col];
    // Read as the body shows it: from the row store while its document is not built.
    const row = this.state.features.view?.shownAt(cell.row);
    // No editor while data loads (a page turn, a reload): its value could only be dropped.
    if (!row || !column || !this.state.grid.isReady() || !this.cells.canEdit(cell.row, cell.col) || !body) return;
    if (column.checkbox) {
      this.toggleCheckbox();
      return;
    }
    selection.moveTo(cell);
    body.scrollIntoView(cell.row, cell.col);
    const editor = services.editors.get(column.editorType)(services.host.ownerDocument, column, row.value(column.pos), typed, () => this.commitAndMove(0));
    const el = editor.element;
    // Without typing, the value the editor would commit as it opened: leaving it unchanged writes nothing.
    const initial = typed === undefined ? editor.value() : undefined;
    const storePosition = row instanceof StoreRow ? row.position : -1;
    this.editor = { editor, cell, rowId: row.id, storePosition, colId: column.id, initial };
    el.classList.add('ui-grid-editor');
    el.addEventListener('keydown', (e) => this.onEditorKeydown(e as KeyboardEvent));
    if (editor.dropdown) {
      const anchor = body.cellElement(cell.row, cell.col);
      if (anchor) {
        // A click outside commits the option chosen, as leaving a text editor does (Escape cancels).
        editor.dropdown.open(services.overlay, anchor, () => this.close(true));
        return;
      }
    }
    this.place();
    // A cell in a fixed top row or a frozen column moves with the scroll (a sticky band): the editor follows it.
    this.scrolling = new AbortController();
    body.viewport.addEventListener('scroll', () => this.place(), { passive: true, signal: this.scrolling.signal });
    el.setAttribute('aria-label', column.caption);
    // Focus going to something else on the page stays there; the grid takes it back only from its own editor.
    el.addEventListener('blur', (e) => this.close(true, !this.focusLeavesGrid(e as FocusEvent)));
    body.canvas.appendChild(el);
    el.focus({ preventScroll: true });
    if ((el instanceof HTMLInputElement && el.type === 'text') || el instanceof HTMLTextAreaElement) el.setSelectionRange(el.value.length, el.value.length);
  }

  /** After a change set: a text editor moves with its row (a dropdown stays where it opened). */
  follow(): void {
    if (this.editor && !this.editor.editor.dropdown) this.place();
  }

  /** Closes the open editor, committing its value as one change set when `commit`; `refocus` gives the grid the focus. */
  close(commit: boolean, refocus = true): void {
    const open = this.editor;
    if (!open) return;
    this.editor = null;
    this.scrolling?.abort();
    this.scrolling = null;
    const value = open.editor.value();
    open.editor.dropdown?.close();
    open.editor.element.remove();
    if (refocus) this.cells.focusBody();
    // Opened and left without a change: the cell keeps its value exactly (a date editor would write its own format).
    if (!commit || value === open.initial) return;
    // By the row and column it was opened on: a filter, sort or page change may have moved the view under it.
    const shown = this.state.shown;
    const col = shown.findIndex((c) => c.id === open.colId);
    if (col < 0) return;
    const onStore = this.changes.changeStore((snapshot, rows) => {
      const r = rows.store.positionOf(open.rowId, open.storePosition);
      if (r < 0 || !this.cells.canEditShown(new StoreRow(rows.store, r), col)) return [];
      return this.changes.writeStoreBatch(snapshot, rows, [[r, [[shown[col].pos, value]]]]);
    });
    if (onStore) return;
    this.changes.change((snapshot, index) => {
      const row = index.rowById(open.rowId);
      if (!row || !this.cells.canEditRow(row, col)) return [];
      return writeRowCells(row, [[shown[col].pos, value]], index, (before) => snapshot.touchForWrite(before)).changed.length > 0 ? [open.rowId] : [];
    });
  }

  /**
   * Puts the open editor over its cell, found by row id: rows another component inserts or removes above it move
   * the row, and the editor with it. A row gone from the view closes the editor without writing.
   */
  private place(): void {
    const open = this.editor;
    const body = this.state.body;
    if (!open || !body || !this.state.document) return;
    const position = this.positionOf(open);
    if (position < 0) {
      this.close(false);
      return;
    }
    if (position !== open.cell.row) this.editor = { ...open, cell: { row: position, col: open.cell.col } };
    const el = open.editor.element;
    const box = body.columnBox(open.cell.col);
    el.style.top = `${body.rowTop(position)}px`;
    el.style.left = `${body.cellLeft(open.cell.col)}px`;
    el.style.width = `${box.width}px`;
    el.style.height = `${body.rowHeight}px`;
  }

  /** Where the editor's row is in the view now, -1 when it is not there. */
  private positionOf(open: OpenEditor): number {
    // Writes on a store's entries move no row: the row is where the editor opened, or gone from the view.
    if (this.state.store) return this.state.features.view?.shownAt(open.cell.row)?.id === open.rowId ? open.cell.row : -1;
    const row = WrsIndex.of(this.state.data!).rowById(open.rowId);
    return row ? (this.state.features.view?.positionOf(row) ?? -1) : -1;
  }

  private onEditorKeydown(event: KeyboardEvent): void {
    event.stopPropagation();
    const open = this.editor;
    if (!open) return;
    const { row, col } = open.cell;
    if (event.key === 'Escape') {
      this.close(false);
    } else if (event.key === 'Enter' && !(event.target instanceof HTMLTextAreaElement && event.altKey)) {
      this.commitAndMove(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Tab') {
      this.close(true);
      this.cells.tabFrom(row, col, event.shiftKey);
    } else return;
    event.preventDefault();
  }

  /** Commits the open editor and moves the focus `rows` down (up when negative). */
  private commitAndMove(rows: number): void {
    const open = this.editor;
    if (!open) return;
    this.close(true);
    this.cells.focusCell(open.cell.row + rows, open.cell.col);
  }

  /** True when a blur hands the focus to an element outside the grid (another field of the page). */
  private focusLeavesGrid(event: FocusEvent): boolean {
    const next = event.relatedTarget;
    return next instanceof Element && !this.state.services.host.contains(next) && !next.closest('.ui-grid-overlay');
  }
}
