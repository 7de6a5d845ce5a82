// What the journal of unsaved changes costs on the main thread on a 100,000 x 20 document, per write and per Restore:
// reading the pending rows into an entry (`journalRowsOf`), its JSON (what IndexedDB clones), and the restore onto
// freshly parsed data. None of it runs inside an edit: a write runs in a timer after it.
import { WrsIndex, cellValue, cellsOf, parseXml, writeRowCells } from 'ngx-wrs-grid/core';
import { RowSnapshot } from '../../projects/ui-grid/src/lib/grid/row-snapshot';
import { JournalEntry, JournalRow, JournalRowCache, documentJournalRows, journalColumnsOf, journalEntrySize, journalRowsOf } from '../../projects/ui-grid/src/lib/grid/journal/journal-entry';
import { restoreJournal } from '../../projects/ui-grid/src/lib/grid/journal/journal-restore';
import { generateWrs } from '../data/generate-wrs';
import type { Figure } from '../harness';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

function time(run: () => void, times = 7): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

const noHooks = { beforeWrite: () => undefined, beforeDelete: () => undefined, added: () => undefined };

async function runJournalCases(env: string, onlyRestore = false): Promise<Figure[]> {
  const text = generateWrs(100_000, 20);
  const figures: Figure[] = [];
  if (onlyRestore) return restoreAsTheGrid(text, env);
  for (const changed of [40, 1_000, 10_000]) {
    const index = WrsIndex.of(parseXml(text));
    // Every 10th row, two cells each: edits spread over the table.
    for (let r = 0; r < changed; r++) writeRowCells(index.rowAt(r * 10 + 1)!, [[2, `edited ${r}`], [5, '1']], index);
    const order = new Map<string, number>();
    let entry: JournalEntry | null = null;
    const read = time(() => {
      entry = { key: 'bench', savedAt: Date.now(), writer: 'bench', columns: journalColumnsOf(index), rows: journalRowsOf(index, order) };
    });
    const json = time(() => void journalEntrySize(entry!));
    figures.push({ suite: 'journal', name: `entry.read.${changed}rows.100k`, value: read, unit: 'ms', env });
    figures.push({ suite: 'journal', name: `entry.json.${changed}rows.100k`, value: json, unit: 'ms', env });
    figures.push({ suite: 'journal', name: `entry.size.${changed}rows`, value: journalEntrySize(entry!) / 1e6, unit: 'MB', env });
    // A write after one more edit: the grid's cache reads the one row the change set named.
    const cache = new JournalRowCache();
    cache.read(documentJournalRows(index), order);
    const edited = index.rowAt(1)!.getAttribute('id')!;
    const write = time(() => {
      cache.changed([edited]);
      cache.read(documentJournalRows(index), order);
    });
    figures.push({ suite: 'journal', name: `write.oneEdit.${changed}rows.100k`, value: write, unit: 'ms', env });
    figures.push({ suite: 'journal', name: `write.oneEdit.vs.fullRead.${changed}rows`, value: write / read, unit: 'ratio', env });
    // One restore per size: each needs a freshly parsed document (some 300 MB held while it runs).
    const fresh = WrsIndex.of(parseXml(text));
    // The grid has built the index of its data before anyone can answer Restore.
    fresh.rowById(fresh.rowAt(1)!.getAttribute('id')!);
    fresh.positionOf(fresh.rowAt(1)!);
    const start = performance.now();
    restoreJournal(fresh, entry!, noHooks);
    figures.push({ suite: 'journal', name: `restore.${changed}rows.100k`, value: performance.now() - start, unit: 'ms', env });
  }
  figures.push(...restoreAsTheGrid(text, env));
  return figures;
}

/**
 * Restore as the grid runs it (its undo step recording each row, `seal` after), of 100 and 1,000 rows of each kind:
 * M rows spread over the table, D rows, and I rows added one after another at the end. Each size runs 3 times on
 * other rows of one parsed document (median). Per kind the ratio of 1,000 to 100 rows says whether the cost grows
 * with the rows restored (about 10) or faster.
 */
function restoreAsTheGrid(text: string, env: string): Figure[] {
  const figures: Figure[] = [];
  const columns = journalColumnsOf(WrsIndex.of(parseXml(text)));
  const kinds: Record<string, (n: number, index: WrsIndex, run: number) => JournalRow[]> = {
    M: (n, index, run) => Array.from({ length: n }, (_, r) => {
      const row = index.rowAt(r * 25 + run * 4 + 1)!;
      const originals = cellsOf(row).map(cellValue);
      return { state: 'M' as const, id: row.getAttribute('id')!, cells: originals.map((v, c) => (c === 1 ? `restored ${r}` : v)), originals };
    }),
    D: (n, index, run) => Array.from({ length: n }, (_, r) => {
      const row = index.rowAt(r * 25 + run * 4 + 2)!;
      return { state: 'D' as const, id: row.getAttribute('id')!, cells: cellsOf(row).map(cellValue) };
    }),
    I: (n, index, run) => Array.from({ length: n }, (_, r) => {
      const cells = columns.map((_c, c) => (c === 1 ? `restored ${r}` : String(r)));
      const after = r === 0 ? index.rowAt(index.rowCount)!.getAttribute('id') : `new${run}.${r - 1}`;
      return { state: 'I' as const, id: `new${run}.${r}`, cells, after, position: index.rowCount + r + 1 };
    }),
  };
  for (const [kind, rowsOf] of Object.entries(kinds)) {
    const doc = parseXml(text);
    const index = WrsIndex.of(doc);
    index.rowById(index.rowAt(1)!.getAttribute('id')!);
    index.positionOf(index.rowAt(1)!);
    const ms: Record<number, number> = {};
    let run = 0;
    for (const n of [100, 1_000]) {
      const samples: number[] = [];
      for (let k = 0; k < 3; k++, run++) {
        const entry: JournalEntry = { key: 'bench', savedAt: 0, writer: 'bench', columns, rows: rowsOf(n, index, run) };
        const snapshot = new RowSnapshot(doc);
        const hooks = { beforeWrite: (row: Element) => snapshot.touchForWrite(row), beforeDelete: (row: Element) => snapshot.touchForDelete(row), added: (id: string) => snapshot.added(id) };
        const start = performance.now();
        restoreJournal(index, entry, hooks);
        snapshot.seal();
        samples.push(performance.now() - start);
      }
      ms[n] = median(samples);
      figures.push({ suite: 'journal', name: `restore.grid.${kind}.${n}rows.100k`, value: ms[n], unit: 'ms', env });
    }
    figures.push({ suite: 'journal', name: `restore.grid.${kind}.1000vs100`, value: ms[1_000] / ms[100], unit: 'ratio', env });
  }
  return figures;
}

(globalThis as unknown as { runJournalCases: typeof runJournalCases }).runJournalCases = runJournalCases;
