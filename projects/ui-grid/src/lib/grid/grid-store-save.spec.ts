import { SavedStatus, StaticModel, WrsBackend, WrsError, WrsIndex, WrsUtil, buildSavePayload, buildStoreSavePayload, parseXml } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../core/testing/fixtures';
import { WRS_BACKEND } from '../services/wrs-backend.token';
import { MountedGrid, mountGrid } from './testing/mount-grid';
import { builtBy, watchBuilds } from './testing/store-grid';
import { cell, frame } from './testing/user-steps';

const ROWS = 2000;
/** Valid rows of a key, a name and a number: a save is not refused for invalid cells. */
const text = () =>
  wrsText(
    [{ id: 'id', isKey: true }, { id: 'name' }, { id: 'n', type: 'INTEGER' }],
    Array.from({ length: ROWS }, (_, r) => [`k${r + 1}`, `name ${r + 1}`, String(r)]),
  );

/** A backend that keeps what it was asked to save and answers with `failure` while one is set. */
class RecordingBackend implements WrsBackend {
  readonly bodies: string[] = [];
  failure: Error | null = null;
  async load(): Promise<Document> {
    throw new Error('not used');
  }
  async save(wrs: Document | string): Promise<void> {
    this.bodies.push(typeof wrs === 'string' ? wrs : '');
    if (this.failure) throw this.failure;
  }
  async nextIdentifier(): Promise<number> {
    return 1;
  }
}

/** The same changes on a provider: deletes, an edit, an inserted row. */
function change(util: WrsUtil, model: StaticModel | MountedGrid['grid']): void {
  util.setCellValue(model, 'R3', 'name', 'edited');
  util.deleteRows({ model, rowStartPos: 10, rowEndPos: 12 });
  util.insertRow({ model, rowStartPos: 1, rowEndPos: 1 });
  util.setCellValue(model, 1, 'id', 'k-new');
  util.setCellValue(model, 1, 'n', '7');
  model.fire();
}

afterEach(() => document.querySelectorAll('ui-grid').forEach((e) => e.remove()));

describe('GridComponent saving a row store', () => {
  let built: string[];
  beforeEach(() => {
    built = watchBuilds(text());
  });


  it('posts the payload of the store without building it, then commits its rows on the entries', async () => {
    const backend = new RecordingBackend();
    const s = await mountGrid(text(), {}, [{ provide: WRS_BACKEND, useValue: backend }]);
    const store = s.grid.getRowStore()!;
    change(new WrsUtil(), s.grid);
    // The same changes on the parsed document: the payload the document path posts.
    const twin = new StaticModel({ data: parseXml(text()) });
    await twin.execute();
    change(new WrsUtil(), twin);
    const expected = buildSavePayload(WrsIndex.of(twin.getData()!)).text;
    const fired: string[][] = [];
    s.grid.onChange((set) => fired.push([...set.rowIds]));
    await s.grid.save();
    expect(backend.bodies).toEqual([expected]);
    expect(s.grid.getStatus()).toBeInstanceOf(SavedStatus);
    expect(store.materialized).withContext(builtBy(built)).toBeFalse();
    expect(store.builtRowCount).toBe(0);
    // The rows are what the server holds: the deleted rows gone, the others R, the new row with its id and values.
    const newId = store.id(0)!;
    expect(fired).toEqual([[newId, 'R3', 'R10', 'R11', 'R12']]);
    expect(store.changedRows()).toEqual([]);
    expect(store.rowCount).toBe(ROWS - 2);
    expect([store.state(0), store.cellValue(0, 1), store.cellValue(0, 3)]).toEqual(['R', 'k-new', '7']);
    expect([store.state(3), store.cellValue(3, 2)]).toEqual(['R', 'edited']);
    expect(store.id(10)).toBe('R13');
    await frame();
    expect(cell(s, 0, 0)!.textContent).toBe('k-new');
    expect(cell(s, 3, 1)!.classList).not.toContain('ui-grid-cell-modified');
    expect(s.el.querySelector('[data-test="message"]')!.textContent).toBe('Saved 5 changed rows');
    // Nothing more to send; the document built later is the committed one.
    const doc = s.grid.getData()!;
    expect(WrsIndex.of(doc).changedRows()).toEqual([]);
    expect(WrsIndex.of(doc).rowCount).toBe(ROWS - 2);
  });

  it('keeps every pending change of the store when the save fails, and marks the rows the server names', async () => {
    const backend = new RecordingBackend();
    const s = await mountGrid(text(), {}, [{ provide: WRS_BACKEND, useValue: backend }]);
    const store = s.grid.getRowStore()!;
    change(new WrsUtil(), s.grid);
    const pending = buildStoreSavePayload(store).text;
    backend.failure = new WrsError('SAVE_CONFLICT', '409 Conflict: R3', undefined, { rowIds: ['R3'] });
    await s.grid.save();
    expect(backend.bodies).toEqual([pending]);
    expect(s.grid.getStatus().isFailure).toBeTrue();
    expect(buildStoreSavePayload(store).text).toBe(pending);
    expect(store.materialized).withContext(builtBy(built)).toBeFalse();
    await frame();
    expect(s.el.querySelectorAll('.ui-grid-canvas .ui-grid-row')[3].classList).toContain('ui-grid-row-failed');
    backend.failure = null;
    await s.grid.save();
    expect(backend.bodies[1]).toBe(pending);
    expect(store.changedRows()).toEqual([]);
    expect(store.materialized).withContext(builtBy(built)).toBeFalse();
  });
});
