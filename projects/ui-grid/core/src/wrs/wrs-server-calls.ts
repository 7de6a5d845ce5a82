import { WrsError, errorMessage, isWrsError } from '../errors';
import type { WrsBackend } from '../backend/wrs-backend';
import { DataProvider } from '../data-provider/data-provider';
import { WrsIndex } from '../rows/wrs-index';
import { buildSavePayload, commitSavedRows, oneSaveAtATime } from './save-payload';
import { StoreSavePayload, buildStoreSavePayload, commitStoreSavedRows } from './store-save-payload';
import type { RowStore } from '../rows/row-store';
import { isNode } from './wrs-util-args';
import type { GetNextIdentifierArgs, ModelRef, PostWrsParam, SaveModelArgs } from './wrs-util-args';

/** How the server calls find their provider and backend: WrsUtil's resolution. */
export interface ServerCallsHost {
  /** The provider and its Wrs index; NOT_READY when it has no data yet. */
  ready(model: ModelRef): { provider: DataProvider; index: WrsIndex };
  /** The provider and its row store while the store's document is not built, else null. */
  unbuilt(model: ModelRef): { provider: DataProvider; store: RowStore } | null;
  server(): WrsBackend;
}

/** The WrsUtil functions that talk to the server (spec 4.3 saveModel, postWrs, getNextIdentifier; design.md 5). */
export class WrsServerCalls {
  constructor(private readonly host: ServerCallsHost) {}

  /**
   * Saves the model: sends only its I, M and D rows. On success the document becomes what the server holds
   * (one change set) and the model moves to SavedStatus, then reloads when `reload`, unless changes were made while the
   * save ran (the reload would drop them; the model stays in SavedStatus with them pending). On failure the document and
   * its history stay untouched, the model moves to SaveFailedStatus with the server's reason, and the promise
   * rejects with that WrsError.
   */
  async saveModel(args: SaveModelArgs): Promise<void> {
    await oneSaveAtATime(this.documentOf(args.model), async () => {
      // Resolved again: a save that waited for another may find the document reloaded by it.
      const now = this.resolve(args.model);
      await this.send(now.provider, now.rows, args.url);
      // A reload replaces the document: changes made while the save ran (rows still changed after the commit,
      // writes waiting for fire()) would be lost without a word. They stay, against what the server now holds.
      if (args.reload && !pendingAfterSave(now.provider, now.rows)) await now.provider.execute(true);
    });
    args.onSuccess?.();
  }

  /** The document a provider's saves run one at a time on: a row store's, whether or not its rows are built. */
  private documentOf(model: ModelRef): Document {
    return this.host.unbuilt(model)?.store.document ?? this.host.ready(model).index.doc;
  }

  /** A provider's rows to save: its row store while the store's document is not built (nothing is built), else its index. */
  private resolve(model: ModelRef): { provider: DataProvider; rows: WrsIndex | RowStore } {
    const on = this.host.unbuilt(model);
    if (on) return { provider: on.provider, rows: on.store };
    const { provider, index } = this.host.ready(model);
    return { provider, rows: index };
  }

  private async send(provider: DataProvider | null, rows: WrsIndex | RowStore, url: string | undefined): Promise<void> {
    const backend = this.host.server();
    const onIndex = rows instanceof WrsIndex ? { rows, payload: buildSavePayload(rows) } : null;
    const payload = onIndex?.payload ?? buildStoreSavePayload(rows as RowStore);
    if (payload.rowCount > 0) {
      try {
        await backend.save(payload.text, url === undefined ? undefined : { url });
      } catch (e) {
        const error = isWrsError(e) ? e : new WrsError('SAVE_FAILED', errorMessage(e), url);
        provider?.markSaveFailed(error.message);
        throw error;
      }
      const committed = onIndex ? commitSavedRows(onIndex.rows, onIndex.payload) : commitStoreSavedRows(rows as RowStore, payload as StoreSavePayload);
      // The provider still holds these rows (no load replaced them). Its store's document, not getData(): that would
      // build the store's rows.
      if (provider && (provider.getRowStore()?.document ?? provider.getData()) === documentOfRows(rows)) {
        provider.noteChange(committed.nodes, committed.rowIds);
        provider.fire();
      }
    }
    provider?.markSaved();
  }

  /** Posts Wrs documents and providers (only their I, M and D rows), one after the other; rejects at the first failure. */
  async postWrs(args: PostWrsParam | Document | ModelRef | readonly (Document | ModelRef)[]): Promise<void> {
    const param: PostWrsParam = isPostWrsParam(args) ? args : { wrs: args };
    const targets = Array.isArray(param.wrs) ? param.wrs : [param.wrs as Document | ModelRef];
    // Every target is checked before the first is sent: an unknown or unready one must not leave the others half posted.
    const documents = targets.map((target) => (isNode(target) ? WrsIndex.of(target as Document).doc : this.documentOf(target)));
    for (const [k, target] of targets.entries()) {
      await oneSaveAtATime(documents[k], () => {
        if (isNode(target)) return this.send(null, WrsIndex.of(target as Document), param.url);
        const now = this.resolve(target);
        return this.send(now.provider, now.rows, param.url);
      });
    }
    param.onSuccess?.();
  }

  /**
   * Reserves `blockSize` identifiers of a scope on the server and calls `onSuccessCb` with them (spec 4.3); a
   * failure, bad arguments included, calls `onErrorCb`, or rejects when there is none.
   */
  async getNextIdentifier(args: GetNextIdentifierArgs): Promise<void> {
    const blockSize = args.blockSize ?? 1;
    let last: number;
    try {
      if (typeof args.scope !== 'string' || args.scope === '') throw new WrsError('INVALID_ARGUMENT', 'getNextIdentifier needs a scope', args.scope);
      if (!Number.isSafeInteger(blockSize) || blockSize < 1) {
        throw new WrsError('INVALID_ARGUMENT', `getNextIdentifier: blockSize must be a whole number from 1 to 2^53 - 1, got ${blockSize}`, blockSize);
      }
      last = await this.host.server().nextIdentifier(args.scope, blockSize);
      // Whole numbers a double holds exactly, the first of the block too: 5.5 made ids 4.5 and 5.5, and past 2^53
      // `id++` no longer changes the number, so forEach never ended. `last - (blockSize - 1)`: in
      // `last - blockSize + 1` the middle step could round back into the safe range.
      if (!Number.isSafeInteger(last) || !Number.isSafeInteger(last - (blockSize - 1))) {
        throw new WrsError('BACKEND', `getNextIdentifier: the server answered no whole number up to 2^53 for "${args.scope}": ${String(last)}`, last);
      }
    } catch (e) {
      const error = isWrsError(e) ? e : new WrsError('BACKEND', errorMessage(e), args.scope);
      if (!args.onErrorCb) throw error;
      args.onErrorCb(error);
      return;
    }
    const first = last - (blockSize - 1);
    const isRange = blockSize > 1;
    args.onSuccessCb({
      scope: args.scope,
      isRange,
      forEach: (fn) => {
        for (let id = first; id <= last; id++) fn(id);
      },
      ...(isRange ? { firstIdentifier: first, lastIdentifier: last } : { nextIdentifier: last }),
    });
  }
}

function isPostWrsParam(value: unknown): value is PostWrsParam {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isNode(value) && !(value instanceof DataProvider) && 'wrs' in value;
}

/** True when a saved document still holds changes: made while its save ran, so no reload may replace them. */
function pendingAfterSave(provider: DataProvider, rows: WrsIndex | RowStore): boolean {
  return provider.hasUncommittedWrites() || rows.changedRows().length > 0;
}

function documentOfRows(rows: WrsIndex | RowStore): Document {
  return rows instanceof WrsIndex ? rows.doc : rows.document;
}
