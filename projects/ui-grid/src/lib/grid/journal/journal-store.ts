import { InjectionToken } from '@angular/core';
import { WrsError } from 'ngx-wrs-grid/core';
import { JournalEntry } from './journal-entry';

/** Where grid journals are kept: IndexedDB in the browser (`IndexedDbJournalStore`); an app may provide its own. */
export interface GridJournalStore {
  /** The entry under a key, or null. */
  read(key: string): Promise<JournalEntry | null>;
  /** Stores an entry under its key, replacing what was there (last writer wins). */
  write(entry: JournalEntry): Promise<void>;
  /** Deletes the entry under a key; with `writer`, only when that writer wrote it last. */
  remove(key: string, writer?: string): Promise<void>;
  /** Deletes the entries written before a time (ms since the epoch). */
  prune(before: number): Promise<void>;
  /** Deletes every entry (an app's logout, a privacy setting). */
  clear(): Promise<void>;
}

/** The IndexedDB database and object store of the journal: one record per grid data, keyed by `key`. */
export const JOURNAL_DB_NAME = 'ngx-wrs-grid-journal';
const STORE = 'entries';

/**
 * Grid journals in this browser's IndexedDB (stored on this device only, per origin). Opens the database on first
 * use; every call is one transaction, so a crash mid-write leaves the previous entry whole.
 */
export class IndexedDbJournalStore implements GridJournalStore {
  private db: Promise<IDBDatabase> | null = null;

  constructor(private readonly name = JOURNAL_DB_NAME) {}

  read(key: string): Promise<JournalEntry | null> {
    return this.run('readonly', (store) => store.get(key)).then((found) => (found as JournalEntry | undefined) ?? null);
  }

  async write(entry: JournalEntry): Promise<void> {
    await this.run('readwrite', (store) => store.put(entry));
  }

  async remove(key: string, writer?: string): Promise<void> {
    await this.run('readwrite', (store) => {
      if (writer === undefined) return store.delete(key);
      // Read and delete in one transaction: another tab's newer entry under the key stays.
      const request = store.get(key);
      request.onsuccess = () => {
        if ((request.result as JournalEntry | undefined)?.writer === writer) store.delete(key);
      };
      return request;
    });
  }

  async prune(before: number): Promise<void> {
    await this.run('readwrite', (store) => {
      const request = store.openCursor();
      request.onsuccess = () => {
        const cursor = request.result;
        if (!cursor) return;
        if (!((cursor.value as JournalEntry).savedAt >= before)) cursor.delete();
        cursor.continue();
      };
      return request;
    });
  }

  async clear(): Promise<void> {
    await this.run('readwrite', (store) => store.clear());
  }

  /** Closes the connection (a test deleting the database waits for no open connection). */
  async close(): Promise<void> {
    const db = this.db;
    this.db = null;
    if (db) (await db.catch(() => null))?.close();
  }

  /** Runs one request in a transaction; settles when the transaction completes (an error or abort rejects). */
  private async run(mode: IDBTransactionMode, request: (store: IDBObjectStore) => IDBRequest): Promise<unknown> {
    const db = await this.open();
    return new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const r = request(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(r.result);
      tx.onerror = () => reject(tx.error ?? r.error);
      tx.onabort = () => reject(tx.error ?? new DOMException('The journal transaction was aborted', 'AbortError'));
    });
  }

  private open(): Promise<IDBDatabase> {
    this.db ??= new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') {
        reject(new WrsError('JOURNAL_UNAVAILABLE', 'IndexedDB is not available here', null));
        return;
      }
      const request = indexedDB.open(this.name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
      request.onsuccess = () => {
        const db = request.result;
        // Another tab upgrading the database: this connection steps aside and opens again on the next call.
        db.onversionchange = () => {
          db.close();
          this.db = null;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new WrsError('JOURNAL_UNAVAILABLE', 'The journal database is blocked by another tab', this.name));
    });
    this.db.catch(() => (this.db = null));
    return this.db;
  }
}

/** The journal store of every grid in an injector: the IndexedDB store, one per app. */
export const GRID_JOURNAL_STORE = new InjectionToken<GridJournalStore>('GRID_JOURNAL_STORE', { providedIn: 'root', factory: () => new IndexedDbJournalStore() });
