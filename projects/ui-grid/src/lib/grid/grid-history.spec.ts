import { signal } from '@angular/core';
import { StaticModel, WrsIndex, cellAt, cellValue, writeRowCells } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../core/testing/fixtures';
import { GridCells } from './grid-cells';
import { GridChanges } from './grid-changes';
import { GridHistory } from './grid-history';
import { GridSelection } from './grid-selection';
import { GridState } from './grid-state';
import { GridStatusLine } from './grid-status-line';
import { HistoryReveal } from './history-reveal';
import { GRID_MESSAGES_EN } from './features/grid-messages';

/** The write path and the history over a loaded model, as the grid wires them (no view: nothing to reveal). */
async function wired() {
  const model = new StaticModel({ data: wrsText([{ id: 'id', isKey: true }, { id: 'name' }], [['1', 'Anna'], ['2', 'Bert']]) });
  await model.fetchData();
  const state = {
    grid: model,
    get data() {
      return model.getData();
    },
    get document() {
      return model.getData();
    },
    store: null,
    messages: GRID_MESSAGES_EN,
    features: { serverPage: () => null, canTurnTo: () => false, view: null },
    selection: new GridSelection(),
    canUndo: signal(false),
    canRedo: signal(false),
  } as unknown as GridState;
  const cells = new GridCells(state, 'active');
  const writes = new GridChanges(state, cells);
  const history = new GridHistory(state, writes, new HistoryReveal(state, cells), new GridStatusLine(GRID_MESSAGES_EN), () => undefined);
  model.changes$.subscribe((changeSet) => writes.received(changeSet));
  const doc = model.getData()!;
  const index = WrsIndex.of(doc);
  const name = (id: string) => cellValue(cellAt(index.rowById(id)!, 2)!);
  /** Writes a name through the write path, as an edit does. */
  const edit = (id: string, value: string) =>
    writes.change((snapshot, idx) => (writeRowCells(idx.rowById(id)!, [[2, value]], idx, (before) => snapshot.touchForWrite(before)).changed.length > 0 ? [id] : []));
  return { model, state, writes, history, index, name, edit };
}

describe('GridHistory listening to the write path', () => {
  it('a change the write path records is a step: undo puts the row back, redo writes it again', async () => {
    const { state, history, name, edit, index } = await wired();
    edit('R1', 'Ann');
    expect(name('R1')).toBe('Ann');
    expect(index.rowById('R1')!.localName).toBe('M');
    expect(state.canUndo()).toBeTrue();
    expect(history.undo()).toBeTrue();
    expect(name('R1')).toBe('Anna');
    expect(index.rowById('R1')!.localName).toBe('R');
    expect([state.canUndo(), state.canRedo()]).toEqual([false, true]);
    expect(history.redo()).toBeTrue();
    expect(name('R1')).toBe('Ann');
  });

  it('an operation that changes nothing is no step', async () => {
    const { state, history, edit } = await wired();
    edit('R1', 'Anna');
    expect(state.canUndo()).toBeFalse();
    expect(history.undo()).toBeFalse();
  });

  it("another component's change to a row a step holds ends the history there; a change to another row keeps it", async () => {
    const { model, state, history, name, edit, index } = await wired();
    /** Writes a name as another component does: straight into the document, then its change set. */
    const foreign = (id: string, value: string) => {
      writeRowCells(index.rowById(id)!, [[2, value]], index);
      model.noteChange([model.getData()!.documentElement!], [id]);
      model.fire();
    };
    edit('R1', 'Ann');
    edit('R2', 'Berta');
    model.noteChange([model.getData()!.documentElement!], ['R9']);
    model.fire();
    expect(state.canUndo()).toBeTrue();
    foreign('R1', 'Anne');
    // The step of row 1 goes, and the older ones: undoing it would drop the other component's change.
    expect(history.undo()).toBeTrue();
    expect(name('R2')).toBe('Bert');
    expect(history.undo()).toBeFalse();
    expect(name('R1')).toBe('Anne');
    expect(state.canUndo()).toBeFalse();
  });
});
