import { JournalEntry } from '../journal/journal-entry';
import { GridJournalStore } from '../journal/journal-store';

/** Journal entries in memory: what IndexedDB holds across a reload, without its cost. */
export class MemoryJournalStore implements GridJournalStore {
  readonly entries = new Map<string, JournalEntry>();

  async read(key: string) {
    return this.entries.get(key) ?? null;
  }

  async write(entry: JournalEntry) {
    this.entries.set(entry.key, structuredClone(entry));
  }

  async remove(key: string, writer?: string) {
    if (writer === undefined || this.entries.get(key)?.writer === writer) this.entries.delete(key);
  }

  async prune() {}

  async clear() {
    this.entries.clear();
  }

  /** The one entry held, or null. */
  only(): JournalEntry | null {
    return [...this.entries.values()][0] ?? null;
  }
}
