// What the journal of unsaved changes costs on the main thread on a 100,000 x 20 document, per write and per Restore:
// reading the pending rows into an entry (`journalRowsOf`), its JSON (what IndexedDB clones), and the restore onto
// freshly parsed data. None of it runs inside an edit: a write runs in a timer after it.
import { WrsIndex, parseXml, writeRowCells } from 'ngx-wrs-grid/core';
import { JournalEntry, JournalRowCache, journalColumnsOf, journalEntrySize, journalRowsOf } from '../../projects/ui-grid/src/lib/grid/journal/journal-entry';
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

async function runJournalCases(env: string): Promise<Figure[]> {
  const text = generateWrs(100_000, 20);
  const figures: Figure[] = [];
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
    cache.read(index, order);
    const edited = index.rowAt(1)!.getAttribute('id')!;
    const write = time(() => {
      cache.changed([edited]);
      cache.read(index, order);
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
  return figures;
}

(globalThis as unknown as { runJournalCases: typeof runJournalCases }).runJournalCases = runJournalCases;
