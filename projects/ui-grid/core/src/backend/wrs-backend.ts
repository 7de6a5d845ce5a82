import type { LoadProgress } from '../data-provider/wrs-text-load';
import type { RowStore } from '../rows/row-store';

/** Options of one backend call. */
export interface WrsBackendCallOptions {
  /** Target url; the backend's own default (`WrsServlet`) when absent. */
  url?: string;
  signal?: AbortSignal;
  /**
   * `load` only: a large answer is built in slices (see `readWrsAnswer`) and this is called with its header and the
   * rows built so far, first at once, then after each slice. A backend that builds answers at once never calls it.
   */
  progress?: (progress: LoadProgress) => void;
}

/**
 * The server round trip (load, save, next identifier), an interface so apps can bring their own transport.
 * Failures reject with a WrsError (`BACKEND`, `SAVE_FAILED`, `SAVE_CONFLICT`, `NOT_WRS`) whose message carries the
 * server's reason; `details` say what kind of failure it was for a UI to tell in its language: `status` and `reason` of
 * an HTTP error answer, `noAnswer` (with `timeoutMs` for a timeout), NOT_WRS `answer` (`webPage`, `notXml`, `notWrs`).
 */
export interface WrsBackend {
  /** POSTs a `wrq:WrsRequest` and resolves with the `wrs:Wrs` answer. */
  load(request: Document | string, options?: WrsBackendCallOptions): Promise<Document>;
  /**
   * Optional: `load`, resolving with the rows of an answer of `WrsTextLoad.storeMinLength` or more in a row store,
   * scanned and verified, its document not built (a provider's `getRowStore`); a shorter answer as its document.
   * Providers and the grid load through it where a backend has it, else through `load`.
   */
  loadRows?(request: Document | string, options?: WrsBackendCallOptions): Promise<RowStore | Document>;
  /** POSTs a `wrs:Wrs` holding only I, M and D rows; resolves when the server committed all of it. */
  save(wrs: Document | string, options?: WrsBackendCallOptions): Promise<void>;
  /** Reserves `blockSize` identifiers of a scope and resolves with the LAST one of the block. */
  nextIdentifier(scope: string, blockSize?: number, options?: WrsBackendCallOptions): Promise<number>;
}
