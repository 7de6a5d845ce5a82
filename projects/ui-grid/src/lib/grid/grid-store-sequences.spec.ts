import { TestBed } from '@angular/core/testing';
import { NS, serializeXml } from 'ngx-wrs-grid/core';
import { wrsText } from '../../../core/testing/fixtures';
import { seededRandom } from '../../../core/testing/random-wrs';
import { MountedGrid, mountGrid } from './testing/mount-grid';
import { builtBy, watchBuilds } from './testing/store-grid';
import { cell, click, frame, key, paste, type } from './testing/user-steps';

// Seeded random user steps on a grid whose rows are in a row store, its document built at a random step, against the
// same steps on a grid whose document was built before the first: what is shown after each step, the change sets, the
// error count, and the document at the end agree.

const ROWS = 1500;
const text = () =>
  wrsText(
    [{ id: 'id', isKey: true }, { id: 'name' }, { id: 'n', type: 'INTEGER' }],
    Array.from({ length: ROWS }, (_, r) => [`k${r + 1}`, r % 97 === 5 ? null : `name ${r + 1}`, String((r * 37) % ROWS)]),
  )
    .replace(/<wrs:R id="R3">(.*?)<\/wrs:R>/, (_, cells: string) => `<wrs:M id="R3">${cells.replace(/<wrs:C>([^<]*)<\/wrs:C>/g, '<wrs:C>$1</wrs:C><wrs:O>was $1</wrs:O>')}</wrs:M>`)
    .replace(/<wrs:R id="R4">(.*?)<\/wrs:R>/, '<wrs:D id="R4">$1</wrs:D>')
    .replace(/<wrs:R id="R6">(.*?)<\/wrs:R>/, '<wrs:I id="R6">$1</wrs:I>');

const dataOf = (doc: Document) => serializeXml([...doc.documentElement.children].find((e) => e.localName === 'Data' && e.namespaceURI === NS.wrs)!);

type Step = { name: string; run: (s: MountedGrid) => Promise<unknown> };

/** `count` steps drawn from what a user does most, on the rows in view (0-11) and the three columns. */
function steps(seed: number, count: number): Step[] {
  // Seeded, so both grids get the same steps.
  const int = seededRandom(seed);
  const range = (s: MountedGrid, from: number, to: number, col = 0) => {
    click(s, from, col);
    click(s, to, col, { shiftKey: true });
  };
  const kinds: ((k: number) => Step)[] = [
    (k) => {
      const [row, col] = [int(12), int(3)];
      const value = col === 2 ? String(int(50)) : `t${k}`;
      return { name: `type ${value} at ${row},${col}`, run: (s) => type(s, row, col, value) };
    },
    (k) => {
      const [row, col] = [int(10), int(2)];
      return { name: `paste at ${row},${col}`, run: async (s) => paste(s, row, col, `p${k}\t${k}\nq${k}\t${k + 1}`) };
    },
    () => {
      const [row, rows, col] = [int(8), 1 + int(4), int(3)];
      return { name: `fill down ${row}+${rows},${col}`, run: async (s) => (range(s, row, row + rows, col), key(s, 'd', { ctrlKey: true })) };
    },
    () => {
      const [row, col] = [int(12), 1 + int(2)];
      return { name: `clear ${row},${col}`, run: async (s) => (click(s, row, col), key(s, 'Delete')) };
    },
    () => {
      const [row, rows] = [int(9), int(3)];
      return { name: `delete rows ${row}+${rows}`, run: async (s) => (range(s, row, row + rows), s.grid.deleteSelectedRows()) };
    },
    () => {
      const [row, rows] = [int(9), int(3)];
      return { name: `restore rows ${row}+${rows}`, run: async (s) => (range(s, row, row + rows), s.grid.restoreSelectedRows()) };
    },
    () => {
      const row = int(10);
      return { name: `insert at ${row}`, run: async (s) => s.grid.insertRowAt(row) };
    },
    () => ({ name: 'add row', run: async (s) => s.grid.addRow() }),
    () => {
      const [row, rows] = [int(9), int(2)];
      return { name: `duplicate ${row}+${rows}`, run: async (s) => (range(s, row, row + rows), s.grid.duplicateSelectedRows()) };
    },
    () => ({ name: 'undo', run: async (s) => s.grid.undo() }),
    () => ({ name: 'undo', run: async (s) => s.grid.undo() }),
    () => ({ name: 'redo', run: async (s) => s.grid.redo() }),
    () => {
      const column = ['id', 'name', 'n', 'n'][int(4)];
      return { name: `sort by ${column}`, run: async (s) => s.grid.sortBy(column) };
    },
  ];
  return Array.from({ length: count }, (_, k) => kinds[int(kinds.length)](k));
}

afterEach(() => document.querySelectorAll('ui-grid').forEach((e) => e.remove()));

describe('GridComponent on a row store: seeded user steps agree with the same steps on the parsed document', () => {
  let built: string[];
  beforeEach(() => {
    built = watchBuilds(text());
  });

  const shownRows = (s: MountedGrid) =>
    Array.from({ length: 14 }, (_, r) =>
      [0, 1, 2].map((c) => cell(s, r, c)).map((at) => (at ? `${at.textContent}${at.classList.contains('ui-grid-cell-modified') ? '*' : ''}` : '-')).join('|'),
    );

  it('keeps a sorted view in order when an undo takes out a row inserted before the sort', async () => {
    const run = async (documentFirst: boolean) => {
      const s = await mountGrid(text(), { paginationSize: 40 });
      await frame();
      if (documentFirst) s.grid.getData();
      s.grid.insertRowAt(8);
      await frame();
      s.grid.sortBy('name');
      await frame();
      const sorted = shownRows(s);
      s.grid.undo();
      await frame();
      const undone = shownRows(s);
      document.querySelectorAll('ui-grid').forEach((e) => e.remove());
      TestBed.resetTestingModule();
      return { sorted, undone };
    };
    const dom = await run(true);
    const store = await run(false);
    expect(store.sorted).toEqual(dom.sorted);
    expect(store.undone).toEqual(dom.undone);
  });

  for (const seed of [11, 29, 47, 83, 101, 131, 167, 199]) {
    it(`seed ${seed}: 30 steps, the document built at a random step`, async () => {
      const script = steps(seed, 30);
      const buildAt = 1 + seededRandom(seed * 7)(script.length - 1);
      const run = async (documentFirst: boolean) => {
        const s = await mountGrid(text(), { paginationSize: 40 });
        await frame();
        if (documentFirst) s.grid.getData();
        const store = s.grid.getRowStore()!;
        const fired: string[][] = [];
        // The rows each change set names; the store and the document may touch them in another order.
        s.grid.onChange((cs) => fired.push([...cs.rowIds].sort()));
        const after: { shown: string[]; result: unknown }[] = [];
        for (const [k, step] of script.entries()) {
          if (!documentFirst && k === buildAt) {
            expect(store.materialized).withContext(`before step ${k}`).toBeFalse();
            expect(built.length).withContext(`before step ${k}: ${builtBy(built)}`).toBe(0);
            s.grid.getData();
          }
          const result = await step.run(s);
          await frame();
          after.push({ shown: shownRows(s), result: typeof result === 'boolean' ? result : null });
        }
        const doc = dataOf(s.grid.getData()!);
        const errors = s.grid.getErrorCount();
        document.querySelectorAll('ui-grid').forEach((e) => e.remove());
        TestBed.resetTestingModule();
        return { after, doc, errors, fired };
      };
      const dom = await run(true);
      built.length = 0;
      const store = await run(false);
      for (const [k, step] of script.entries()) {
        expect(store.after[k]).withContext(`step ${k}: ${step.name}`).toEqual(dom.after[k]);
      }
      expect(store.fired).toEqual(dom.fired);
      expect(store.errors).toBe(dom.errors);
      expect(store.doc).toBe(dom.doc);
    });
  }
});
