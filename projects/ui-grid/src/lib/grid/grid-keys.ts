import { GridCells } from './grid-cells';
import { GridClipboard } from './grid-clipboard';
import { GridEditing } from './grid-editing';
import { GridHistory } from './grid-history';
import { GridFill } from './fill/grid-fill';
import { GridState } from './grid-state';
import { GridFind } from './features/grid-find';
import { Keymap } from './keymap';

/** The grid body's keyboard: the keys of a spreadsheet, declared in one keymap over the feature units. */
export class GridKeys {
  private readonly keymap: Keymap;

  constructor(
    private readonly state: GridState,
    cells: GridCells,
    private readonly editing: GridEditing,
    clipboard: GridClipboard,
    history: GridHistory,
    fill: GridFill,
    private readonly find: GridFind,
  ) {
    const focus = () => state.selection.focus;
    const rows = () => state.features.view!.rowCount;
    const lastCol = () => state.shown.length - 1;
    const page = () => state.body?.pageRows() ?? 10;
    const checkboxFocused = () => !!state.shown[focus().col]?.checkbox;
    this.keymap = new Keymap()
      .on('ArrowUp', ({ ctrl, shift }) => cells.focusCell(ctrl ? 0 : focus().row - 1, focus().col, shift))
      .on('ArrowDown', ({ ctrl, shift }) => cells.focusCell(ctrl ? rows() - 1 : focus().row + 1, focus().col, shift))
      .on('ArrowLeft', ({ ctrl, shift }) => cells.focusCell(focus().row, ctrl ? 0 : focus().col - 1, shift))
      .on('ArrowRight', ({ ctrl, shift }) => cells.focusCell(focus().row, ctrl ? lastCol() : focus().col + 1, shift))
      .on('Home', ({ ctrl, shift }) => cells.focusCell(ctrl ? 0 : focus().row, 0, shift))
      .on('End', ({ ctrl, shift }) => cells.focusCell(ctrl ? rows() - 1 : focus().row, lastCol(), shift))
      .on('PageUp', ({ shift }) => cells.focusCell(focus().row - page(), focus().col, shift))
      .on('PageDown', ({ shift }) => cells.focusCell(focus().row + page(), focus().col, shift))
      .on('Tab', ({ shift }) => cells.tabFrom(focus().row, focus().col, shift))
      .on('Enter', ({ ctrl, shift }) => {
        const { row, col } = focus();
        // A cell showing a link (the `link` renderer, or an app's) opens it with Ctrl+Enter, or Enter when the cell
        // cannot be edited.
        if (!shift && (ctrl || !cells.canEdit(row, col)) && editing.openLinkAt(row, col)) return;
        editing.startEdit();
      })
      .on('F2', () => editing.startEdit())
      .on(' ', ({ shift }) => {
        // Shift+Space selects the rows of the selection, every column, as in a spreadsheet.
        if (shift) {
          const { top, bottom } = state.selection.range;
          state.selection.spanAround({ top, left: 0, bottom, right: Math.max(0, lastCol()) });
          state.body?.repaintMarks();
          return true;
        }
        if (!checkboxFocused()) return false;
        editing.toggleCheckbox();
        return true;
      })
      .on(['Delete', 'Backspace'], () => clipboard.clearSelection())
      .onCtrl('a', () => {
        // As in a spreadsheet: everything selected, the active cell (where typing edits) stays where it was.
        state.selection.spanAround({ top: 0, left: 0, bottom: Math.max(0, rows() - 1), right: Math.max(0, lastCol()) });
        state.body?.repaintMarks();
      })
      // Handled keys are default-prevented: the browser then fires no copy or cut event of its own.
      .onCtrl('c', () => void clipboard.copySelection())
      .onCtrl('x', () => void clipboard.cutSelection())
      .onCtrl('y', () => void history.redo())
      // Fill down and right as spreadsheets do; Ctrl+Shift+R stays the browser's reload.
      .onCtrl('d', () => fill.fillDown())
      .onCtrl('r', ({ shift }) => !shift && fill.fillRight())
      .onCtrl('z', ({ shift }) => void (shift ? history.redo() : history.undo()))
      // Find in the grid; with `hotArgs.search: false` the key is the browser's.
      .onCtrl('f', () => find.open())
      .on('F3', ({ shift }) => {
        if (!find.isOpen()) return false;
        find.next(shift);
        return true;
      })
      .otherwise(({ key }) => {
        // A checkbox cell is toggled by Space (or a double click), not by any letter typed on it.
        if (checkboxFocused()) return;
        editing.startEdit(key);
      });
  }

  /** The body's keydown: not while an editor is open (its keys are its own) or before data. */
  readonly onKeydown = (event: KeyboardEvent): void => {
    if (this.editing.isOpen || !this.state.document) return;
    // Keys typed straight on after Ctrl+F are the find field's, though it has not taken the focus yet.
    if (this.find.takeKey(event) || this.keymap.handle(event)) event.preventDefault();
  };
}
