import { BehaviorSubject, Observable } from 'rxjs';
import { RowStore } from '../rows/row-store';
import { ScanError } from '../rows/row-scan';
import { parseXml } from '../xml/dom';

/**
 * A load under way: the document with its header and the rows built so far (in order), and how many those are. A
 * load that keeps its rows in a store (`WrsTextLoad.read`) builds none: `store` then holds the rows read so far.
 */
export interface LoadProgress {
  readonly document: Document;
  readonly rows: number;
  readonly store?: RowStore;
}

/** A provider that builds a large Wrs in slices and tells how far it got (`StaticModel` text, `SimpleModel`). */
export interface LoadsInSlices {
  /** The load's progress while its rows are being built; null before the first slice and once the load ended. */
  readonly loadProgress$: Observable<LoadProgress | null>;
}

/** True for a provider that reports the progress of its loads. */
export function loadsInSlices(provider: unknown): provider is LoadsInSlices {
  return typeof provider === 'object' && provider !== null && (provider as Partial<LoadsInSlices>).loadProgress$ instanceof Observable;
}

/** Rows built before the first progress: more than any grid shows at once. */
const FIRST_ROWS = 100;
/** Work per slice: the page answers input and paints between slices. */
const SLICE_MS = 8;

/**
 * The next task, after pending input and rendering: `scheduler.yield` where the browser has it, else a message to
 * the page (Node: `setImmediate`). Nested `setTimeout`s wait at least 4 ms in browsers (1 ms in Node): half a slice.
 */
function nextTask(): Promise<void> {
  const g = globalThis as { scheduler?: { yield?: () => Promise<void> }; setImmediate?: (run: () => void) => unknown };
  if (typeof g.scheduler?.yield === 'function') return g.scheduler.yield();
  if (typeof g.setImmediate === 'function') return new Promise((resolve) => g.setImmediate!(resolve));
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve));
}

/**
 * A task after everything else the page has to do: `scheduler.postTask` at background priority where the browser has
 * it, else a message to the page (Node: `setImmediate`). Work nobody waits for must not hold up timers and the app's
 * rendering, which a `scheduler.yield` continuation is run before.
 */
function backgroundTask(): Promise<void> {
  const g = globalThis as { scheduler?: { postTask?: (run: () => void, options: { priority: string }) => Promise<void> } };
  if (typeof g.scheduler?.postTask === 'function') return g.scheduler.postTask(() => undefined, { priority: 'background' });
  return nextTask();
}

/**
 * Parses the XML text a provider loads. A large Wrs goes through the row store: its header and first rows are built
 * at once and reported on `loadProgress$`, the other rows in slices of a few milliseconds, and the document is
 * the one `parseXml` builds. Any other text is parsed whole.
 */
export class WrsTextLoad implements LoadsInSlices {
  /** Wrs text at least this long is built in slices (about 3,000 rows of 20 columns); shorter text is parsed at once. */
  static slicedMinLength = 1_000_000;
  /** Wrs text at least this long is kept in a row store by `read` (about 200 rows of 20 columns); shorter text is parsed. */
  static storeMinLength = 64_000;

  /** True when a text is long enough to be built in slices. */
  static slices(text: string): boolean {
    return text.length >= WrsTextLoad.slicedMinLength;
  }

  /** True when `read` keeps the rows of a text in a row store: `storeMinLength` or more, or read in slices. */
  static keeps(text: string): boolean {
    return text.length >= WrsTextLoad.storeMinLength || WrsTextLoad.slices(text);
  }

  private readonly progress = new BehaviorSubject<LoadProgress | null>(null);
  readonly loadProgress$ = this.progress.asObservable();

  /**
   * The rows of the text as a row store, scanned and verified but not built (a provider's `setRows`), or the parsed
   * document for text shorter than `storeMinLength` or that is no Wrs with rows; null when `current()` turned false
   * between slices. Text of `slicedMinLength` or more is read in slices, each reported on `loadProgress$` with the
   * store. Malformed text raises XML_PARSE.
   */
  async read(text: string, current: () => boolean): Promise<RowStore | Document | null> {
    if (!WrsTextLoad.slices(text)) return WrsTextLoad.readNow(text);
    const store = RowStore.open(text);
    if (!store) return parseXml(text);
    try {
      let done = store.scan({ rows: FIRST_ROWS });
      for (;;) {
        this.progress.next({ document: store.document, rows: store.rowCount, store });
        await nextTask();
        if (!current()) return null;
        if (done) break;
        done = store.scan({ budgetMs: SLICE_MS });
      }
      while (!store.verify({ budgetMs: SLICE_MS })) {
        await nextTask();
        if (!current()) return null;
      }
      return store;
    } catch (e) {
      if (e instanceof ScanError) return parseXml(text);
      throw e;
    } finally {
      this.progress.next(null);
    }
  }

  /**
   * Builds the document of a store in the background: slices of a few milliseconds, each when the page has nothing
   * else to do, so input, timers and painting go first; true once it is complete, false when `current()` turned false
   * between slices. A synchronous `materialize()` meanwhile builds the rest at once.
   */
  static async build(store: RowStore, current: () => boolean = () => true): Promise<boolean> {
    while (!store.materializeSlice({ budgetMs: SLICE_MS })) {
      await backgroundTask();
      if (!current()) return store.materialized;
    }
    return true;
  }

  /** `read` at once (text shorter than `slicedMinLength`): a store scanned and verified, or the parsed document. */
  static readNow(text: string): RowStore | Document {
    const store = WrsTextLoad.keeps(text) ? RowStore.open(text) : null;
    if (!store) return parseXml(text);
    try {
      store.scan();
      store.verify();
      return store;
    } catch (e) {
      if (e instanceof ScanError) return parseXml(text);
      throw e;
    }
  }

  /** The document of the text, or null when `current()` turned false between slices. Malformed text raises XML_PARSE. */
  async parse(text: string, current: () => boolean): Promise<Document | null> {
    const store = WrsTextLoad.slices(text) ? RowStore.open(text) : null;
    if (!store) return parseXml(text);
    try {
      let done = store.materializeSlice({ rows: FIRST_ROWS });
      while (!done) {
        this.progress.next({ document: store.document, rows: store.builtRowCount });
        await nextTask();
        if (!current()) return null;
        done = store.materializeSlice({ budgetMs: SLICE_MS });
      }
      return store.document;
    } catch (e) {
      // Well-formed text the scan could not read as rows: parsed whole.
      if (e instanceof ScanError) return parseXml(text);
      throw e;
    } finally {
      this.progress.next(null);
    }
  }
}
