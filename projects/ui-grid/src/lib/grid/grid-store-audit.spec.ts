import { TestBed } from '@angular/core/testing';
import { WrsBackend, serializeXml } from 'ngx-wrs-grid/core';
import { FixtureColumn, wrsText } from '../../../core/testing/fixtures';
import { WRS_BACKEND } from '../services/wrs-backend.token';
import { GRID_MENU_ACTION_LIST } from './features/menu-actions/grid-menu-actions';
import { JournalEntry } from './journal/journal-entry';
import { GRID_JOURNAL_STORE } from './journal/journal-store';
import { MemoryJournalStore } from './testing/memory-journal-store';
import { MountedGrid, configureGrids } from './testing/mount-grid';
import { sheetRows } from './testing/sheet-rows';
import { builtBy, mountStoreGrid, watchBuilds } from './testing/store-grid';
import { frame, until } from './testing/user-steps';

const ROWS = 2400;
const COUNTRIES = ['DE', 'FR', 'IT'];
const COLUMNS: FixtureColumn[] = [
  { id: 'id', isKey: true, nullable: '0', type: 'INTEGER' },
  { id: 'name', nullable: '1' },
  { id: 'n', type: 'INTEGER' },
  { id: 'amount', type: 'NUMERIC', scale: 2, nullable: '1' },
  { id: 'country', references: COUNTRIES },
];
const text = () =>
  wrsText(
    COLUMNS,
    Array.from({ length: ROWS }, (_, r) => [String(r + 1), r % 13 === 0 ? null : `name ${r + 1}`, String((r * 7) % 500), r % 7 === 0 ? '' : String(((r * 13) % 1000) / 4), COUNTRIES[r % 3]]),
  );
const KEY = JSON.stringify({ id: 'audit', bindingSets: [], filters: [] });

/** The journal a session before left: an edit, a delete and an inserted row. */
const journal = (): JournalEntry => ({
  key: KEY,
  savedAt: Date.now(),
  writer: 'before',
  columns: COLUMNS.map((c) => ({ id: c.id, type: c.type ?? 'VARCHAR' })),
  rows: [
    { state: 'M', id: 'R5', cells: ['5', 'journaled', '28', '16.25', 'FR'], originals: ['5', 'name 5', '28', '16.25', 'FR'] },
    { state: 'D', id: 'R12', cells: ['12', 'name 12', '77', '', 'FR'] },
    { state: 'I', id: 'I_1_R3', cells: ['9001', 'new', '1', '2.5', 'DE'], after: 'R3', position: 4 },
  ],
});

/** Saves succeed and are kept: the payloads of both grids are compared. */
class RecordingBackend implements WrsBackend {
  readonly bodies: string[] = [];
  async load(): Promise<Document> {
    throw new Error('not used');
  }
  async save(wrs: Document | string): Promise<void> {
    this.bodies.push(typeof wrs === 'string' ? wrs : serializeXml(wrs));
  }
  async nextIdentifier(): Promise<number> {
    return 1;
  }
}

afterEach(() => document.querySelectorAll('ui-grid').forEach((e) => e.remove()));

/** What a run of the script saw and left: compared between the grid over a store and the grid over the parsed document. */
interface Outcome {
  readonly seen: string[];
  readonly document: string;
}

/** Every user action the grid offers, run on one grid; each step notes what the user sees after it. */
async function script(s: MountedGrid, backend: RecordingBackend): Promise<string[]> {
  const { grid, el, fixture } = s;
  const seen: string[] = [];
  const body = el.querySelector('.ui-grid-body') as HTMLElement;
  const cell = (row: number, col: number) => el.querySelectorAll('.ui-grid-canvas .ui-grid-row')[row]?.querySelectorAll('.ui-grid-cell')[col] as HTMLElement | undefined;
  const key = (k: string, init: KeyboardEventInit = {}) => body.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
  const focus = async (row: number, col: number) => {
    (el.querySelector('.ui-grid-viewport') as HTMLElement).scrollTop = 0;
    await frame();
    const target = cell(row, col)!;
    const r = target.getBoundingClientRect();
    target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0, clientX: r.left + 3, clientY: r.top + 3 }));
    document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
  };
  const note = async (what: string) => {
    fixture.detectChanges();
    await frame();
    const rows = [...el.querySelectorAll('.ui-grid-canvas .ui-grid-row')].slice(0, 12).map((r) => `${r.getAttribute('data-row-id')}:${[...r.querySelectorAll('.ui-grid-cell')].map((c) => c.textContent).join('|')}`);
    seen.push(`${what}\n${rows.join('\n')}\nstatus ${el.querySelector('[data-test="message"]')?.textContent ?? ''} errors ${grid.getErrorCount()}`);
  };
  const button = async (action: string) => {
    fixture.detectChanges();
    const b = el.querySelector<HTMLButtonElement>(`.ui-grid-toolbar [data-action="${action}"]`);
    seen.push(`button ${action} ${b ? (b.disabled ? 'disabled' : 'clicked') : 'absent'}`);
    if (b && !b.disabled) b.click();
    await note(`after ${action}`);
  };

  // Restore the journal found at load.
  let asked: HTMLElement | null = null;
  await until(() => {
    fixture.detectChanges();
    return (asked = el.querySelector<HTMLElement>('ui-grid-journal-question'));
  });
  asked!.querySelector<HTMLButtonElement>('[data-action="journal-restore"]')!.click();
  await note('journal restored');
  // Filter, sort, pages.
  grid.setColumnFilter('n', { kind: 'range', from: '10', to: '300' });
  grid.setColumnFilter('name', { kind: 'text', op: 'contains', text: 'e' });
  grid.sortBy('amount');
  grid.goToPage(1);
  await note('filtered, sorted, page 2');
  // Keys: edit, fill down, clear, undo and redo.
  await focus(0, 1);
  key('ArrowDown');
  key('F2');
  const editor = el.querySelector('.ui-grid-editor') as HTMLInputElement;
  editor.value = 'typed';
  editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  await note('typed');
  await focus(2, 2);
  for (let i = 0; i < 3; i++) key('ArrowDown', { shiftKey: true });
  key('d', { ctrlKey: true });
  await note('fill down');
  key('ArrowRight');
  key('Delete');
  await note('cleared');
  key('z', { ctrlKey: true });
  key('z', { ctrlKey: true });
  key('y', { ctrlKey: true });
  await note('undo undo redo');
  for (const k of ['Tab', 'Home', 'End', 'PageDown', 'PageUp', 'Enter']) key(k);
  key('a', { ctrlKey: true });
  key('c', { ctrlKey: true });
  await note('moved, all copied');
  // Save (the rows are valid now): the payload is recorded, the rows committed.
  await button('save');
  await until(() => grid.getStatus().name !== 'SavingStatus');
  seen.push(...backend.bodies);
  // Every action of the context menu, over two selected rows.
  grid.clipboardReader = async () => '7\t8.5\n9\t1.25';
  for (const action of GRID_MENU_ACTION_LIST) {
    await focus(3, 2);
    key('ArrowDown', { shiftKey: true });
    const enabled = grid.menuActionEnabled(action.id);
    seen.push(`menu ${action.id} ${enabled}`);
    if (enabled) await grid.runMenuAction(action.id);
    await note(`menu ${action.id}`);
  }
  // The toolbar.
  await focus(1, 1);
  for (const action of ['add', 'duplicate', 'delete', 'restore', 'undo', 'redo', 'jump-to-error']) await button(action);
  // Find.
  seen.push(`find ${await grid.openFind('name 1')}`);
  key('F3');
  await note('find next');
  grid.closeFind();
  // Export of a filtered, sorted view.
  grid.setColumnFilter('country', { kind: 'values', values: ['FR'] });
  grid.sortBy('n');
  await note('filtered again');
  seen.push(await (await grid.exportData('csv'))!.text());
  seen.push((await sheetRows((await grid.exportData('xlsx'))!)).join('\n'));
  grid.goToPage(3);
  await note('page 4');
  // Save refused (the added rows' keys are not unique), then edits dropped by Reset (its question answered).
  await button('save');
  await until(() => grid.getStatus().name !== 'SavingStatus');
  seen.push(`saves ${backend.bodies.length}`);
  await focus(0, 3);
  key('F2');
  (el.querySelector('.ui-grid-editor') as HTMLInputElement).value = '42';
  el.querySelector('.ui-grid-editor')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  await button('reset');
  el.querySelector<HTMLButtonElement>('[data-action="reset-discard"]')?.click();
  await note('reset');
  await button('undo');
  await button('clear-filters');
  return seen;
}

describe('GridComponent audit: every user action on a row store builds nothing', () => {
  let built: string[];
  beforeEach(() => {
    built = watchBuilds(text());
  });

  async function run(parsed: boolean): Promise<Outcome> {
    // Each run starts from no kept column state (the grid keeps its sort and filters in localStorage by its id).
    for (const k of Object.keys(localStorage)) if (k.includes('audit')) localStorage.removeItem(k);
    const journalStore = new MemoryJournalStore();
    await journalStore.write(journal());
    const backend = new RecordingBackend();
    configureGrids([
      { provide: GRID_JOURNAL_STORE, useValue: journalStore },
      { provide: WRS_BACKEND, useValue: backend },
    ]);
    const s = await mountStoreGrid(text(), { id: 'audit', columnFilters: true, paginationSize: 25, rowHeaders: true }, parsed);
    const seen = await script(s, backend);
    if (!parsed) expect(s.grid.getRowStore()!.materialized).withContext(builtBy(built)).toBeFalse();
    const document = serializeXml(s.grid.getData()!);
    s.fixture.destroy();
    TestBed.resetTestingModule();
    return { seen, document };
  }

  it('runs keys, menu actions, toolbar, filters, sort, pages, find, export, save, reset, undo and journal restore on the entries, as on the parsed document', async () => {
    const store = await run(false);
    const parsed = await run(true);
    expect(store.seen.length).toBe(parsed.seen.length);
    store.seen.forEach((step, i) => expect(step).withContext(`step ${i}`).toBe(parsed.seen[i]));
    expect(store.document).toBe(parsed.document);
    // The script did things: the journal and the edits showed, a save posted rows.
    expect(store.seen.some((s) => s.includes('journaled'))).toBeTrue();
    expect(store.seen.filter((s) => s.includes('<wrs:M')).length).toBe(1);
    expect(store.seen).toContain('saves 1');
    expect(store.seen.filter((s) => s.startsWith('ID,NAME')).length).toBe(1);
  });
});
