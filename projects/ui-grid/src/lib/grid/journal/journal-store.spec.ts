import { JournalEntry } from './journal-entry';
import { IndexedDbJournalStore } from './journal-store';

const entry = (key: string, writer: string, savedAt = Date.now()): JournalEntry => ({
  key,
  savedAt,
  writer,
  columns: [{ id: 'id', type: 'INTEGER' }],
  rows: [{ state: 'M', id: 'R1', cells: ['2'], originals: ['1'] }],
});

describe('IndexedDbJournalStore (real IndexedDB)', () => {
  let name: string;
  let store: IndexedDbJournalStore;

  beforeEach(() => {
    name = `journal-store-spec-${Math.random().toString(36).slice(2)}`;
    store = new IndexedDbJournalStore(name);
  });

  afterEach(async () => {
    await store.close();
    await new Promise((resolve) => {
      const r = indexedDB.deleteDatabase(name);
      r.onsuccess = r.onerror = r.onblocked = resolve;
    });
  });

  it('keeps an entry per key, the last write winning, across connections', async () => {
    await store.write(entry('a', 'tab1'));
    await store.write(entry('a', 'tab2'));
    await store.write(entry('b', 'tab1'));
    await store.close();
    const again = new IndexedDbJournalStore(name);
    expect((await again.read('a'))?.writer).toBe('tab2');
    expect((await again.read('b'))?.rows).toEqual([{ state: 'M', id: 'R1', cells: ['2'], originals: ['1'] }]);
    expect(await again.read('c')).toBeNull();
    await again.close();
  });

  it('removes an entry with a writer only when that writer wrote it last; without one always', async () => {
    await store.write(entry('a', 'tab2'));
    await store.remove('a', 'tab1');
    expect(await store.read('a')).not.toBeNull();
    await store.remove('a', 'tab2');
    expect(await store.read('a')).toBeNull();
    await store.write(entry('a', 'tab2'));
    await store.remove('a');
    expect(await store.read('a')).toBeNull();
  });

  it('prunes entries written before a time, and clears all', async () => {
    await store.write(entry('old', 't', Date.now() - 10 * 86_400_000));
    await store.write(entry('new', 't'));
    await store.prune(Date.now() - 7 * 86_400_000);
    expect(await store.read('old')).toBeNull();
    expect(await store.read('new')).not.toBeNull();
    await store.clear();
    expect(await store.read('new')).toBeNull();
  });
});
