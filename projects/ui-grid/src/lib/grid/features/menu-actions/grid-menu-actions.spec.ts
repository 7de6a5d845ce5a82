import { GRID_MENU_ACTIONS } from '../grid-context-menu';
import { ShownRow } from '../../shown-row';
import { MenuContext } from './menu-action';
import { GRID_MENU_ACTION_LIST, gridMenuAction } from './grid-menu-actions';

function row(state: 'R' | 'M' | 'I' | 'D'): ShownRow {
  return { state, id: state, value: () => null, modified: () => false, element: () => document.createElement('x') };
}

/** A context over rows at positions 0.., all cells editable unless `locked` says (row position -> locked). */
function context(rows: ShownRow[], over: Partial<MenuContext> = {}, locked: (row: ShownRow, col: number) => boolean = () => false): MenuContext & { ran: string[] } {
  const ran: string[] = [];
  const log = (what: string) => () => void ran.push(what);
  return {
    ran,
    editable: true,
    allowNewRows: true,
    exportDisabled: false,
    range: { top: 0, left: 0, bottom: rows.length - 1, right: 1 },
    focus: { row: 0, col: 0 },
    columnCount: 2,
    rowAt: (p) => rows[p] ?? null,
    canEditRow: (r, c) => r.state !== 'D' && !locked(r, c),
    readClipboard: async () => 'a\tb',
    cut: log('cut'),
    copy: log('copy'),
    paste: (text) => void ran.push(`paste ${text}`),
    pasteAsNewRows: (text) => void ran.push(`pasteAsNewRows ${text}`),
    insertRowAt: (p) => void ran.push(`insertRowAt ${p}`),
    duplicateRows: log('duplicateRows'),
    deleteRows: log('deleteRows'),
    restoreRows: log('restoreRows'),
    clearCells: log('clearCells'),
    fillSeries: log('fillSeries'),
    exportCsv: async () => void ran.push('exportCsv'),
    canHideColumn: true,
    hideColumn: log('hideColumn'),
    resetColumns: log('resetColumns'),
    ...over,
  };
}

const enabled = (id: string, ctx: MenuContext) => gridMenuAction(id)!.enabled(ctx);

describe('grid context menu actions', () => {
  it('are one list holding every action of the built-in menu, in its order', () => {
    expect(GRID_MENU_ACTION_LIST.map((a) => a.id)).toEqual([...GRID_MENU_ACTIONS]);
    expect(gridMenuAction('sendMail')).toBeUndefined();
  });

  it('on a read-only grid only copy, the column entries and export apply', () => {
    const ctx = context([row('M')], { editable: false });
    expect(GRID_MENU_ACTION_LIST.filter((a) => a.enabled(ctx)).map((a) => a.id)).toEqual(['copy', 'hideColumn', 'resetColumns', 'export']);
    expect(enabled('hideColumn', context([row('R')], { canHideColumn: false }))).toBeFalse();
    expect(enabled('export', context([row('R')], { editable: false, exportDisabled: true }))).toBeFalse();
  });

  it('delete and duplicate apply while a selected row is not deleted, restore while one is changed', () => {
    expect(enabled('deleteRow', context([row('D'), row('D')]))).toBeFalse();
    expect(enabled('deleteRow', context([row('D'), row('R')]))).toBeTrue();
    expect(enabled('duplicateRow', context([row('D'), row('R')], { allowNewRows: false }))).toBeFalse();
    expect(enabled('restore', context([row('R'), row('R')]))).toBeFalse();
    expect(enabled('restore', context([row('R'), row('I')]))).toBeTrue();
  });

  it('cut and clear apply where a selected cell may be edited; paste where one from the focused cell on may be', () => {
    const lockedFirst = (_: ShownRow, col: number) => col === 0;
    expect(enabled('clearCells', context([row('R')], { range: { top: 0, left: 0, bottom: 0, right: 0 } }, lockedFirst))).toBeFalse();
    expect(enabled('cut', context([row('R')], {}, lockedFirst))).toBeTrue();
    expect(enabled('paste', context([row('R')], { focus: { row: 0, col: 1 } }, () => true))).toBeFalse();
    expect(enabled('paste', context([row('R')], { focus: { row: 0, col: 0 } }, lockedFirst))).toBeTrue();
    // Below the last row a paste makes new rows: only with allowNewRows.
    expect(enabled('paste', context([], { focus: { row: 0, col: 0 }, allowNewRows: false }))).toBeFalse();
  });

  it('fill series applies to three rows or more, or one row of three cells or more, with a cell that may be edited', () => {
    const rows = [row('R'), row('R'), row('R')];
    const range = (top: number, left: number, bottom: number, right: number) => ({ range: { top, left, bottom, right } });
    expect(enabled('fillSeries', context(rows, range(0, 0, 2, 0)))).toBeTrue();
    expect(enabled('fillSeries', context(rows, range(0, 0, 1, 1)))).toBeFalse();
    expect(enabled('fillSeries', context(rows, { ...range(0, 0, 0, 2), columnCount: 3 }))).toBeTrue();
    expect(enabled('fillSeries', context(rows, range(0, 0, 2, 0), () => true))).toBeFalse();
    expect(enabled('fillSeries', context(rows, { ...range(0, 0, 2, 0), editable: false }))).toBeFalse();
  });

  it('run on the selection: insert above its top and below its bottom, paste what the clipboard holds', async () => {
    const ctx = context([row('R'), row('R'), row('R')], { range: { top: 1, left: 0, bottom: 2, right: 1 } });
    await gridMenuAction('insertRowAbove')!.run(ctx);
    await gridMenuAction('insertRowBelow')!.run(ctx);
    await gridMenuAction('paste')!.run(ctx);
    await gridMenuAction('export')!.run(ctx);
    expect(ctx.ran).toEqual(['insertRowAt 1', 'insertRowAt 3', 'paste a\tb', 'exportCsv']);
  });
});
