import { CLEAR_CELLS, COPY, CUT, PASTE, PASTE_AS_NEW_ROWS } from './clipboard-actions';
import { HIDE_COLUMN, RESET_COLUMNS } from './column-actions';
import { EXPORT } from './export-action';
import { FILL_SERIES } from './fill-action';
import { MenuAction } from './menu-action';
import { DELETE_ROW, DUPLICATE_ROW, INSERT_ROW_ABOVE, INSERT_ROW_BELOW, RESTORE } from './row-actions';

/** The context menu actions the grid runs itself, in the built-in menu's order; any other action goes to the app. */
export const GRID_MENU_ACTION_LIST: readonly MenuAction[] = [
  CUT,
  COPY,
  PASTE,
  PASTE_AS_NEW_ROWS,
  INSERT_ROW_ABOVE,
  INSERT_ROW_BELOW,
  DUPLICATE_ROW,
  DELETE_ROW,
  RESTORE,
  CLEAR_CELLS,
  FILL_SERIES,
  HIDE_COLUMN,
  RESET_COLUMNS,
  EXPORT,
];

/** The grid's own action of an id, or undefined for an app's. */
export function gridMenuAction(id: string): MenuAction | undefined {
  return GRID_MENU_ACTION_LIST.find((a) => a.id === id);
}
