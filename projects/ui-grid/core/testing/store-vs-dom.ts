// The seeded store-first against DOM-first runs of the WrsUtil specs on a provider's row store: the same calls on a
// provider holding a store (its rows built at a random step, or only at the end) and on one holding parseXml's
// document agree in results, errors, change sets, save payloads and, at the end, the documents.
import { isWrsError } from '../src/errors';
import { DataProvider, DataProviderRegistry } from '../src/data-provider/data-provider';
import { StaticModel } from '../src/data-provider/static-model';
import { parseXml } from '../src/xml/dom';
import { WrsIndex } from '../src/rows/wrs-index';
import { buildSavePayload } from '../src/wrs/save-payload';
import { buildStoreSavePayload } from '../src/wrs/store-save-payload';
import { WrsUtil } from '../src/wrs/wrs-util';
import { domDump } from './dom-dump';
import { domProblems } from './dom-consistency';
import { randomWrsText, seededRandom } from './random-wrs';
import { MemoryClipboard } from './wrs-util-harness';

/** One side of a run: a provider, a WrsUtil with its own clipboard, and the change sets it fired (row ids). */
export interface Side {
  readonly provider: StaticModel;
  readonly util: WrsUtil;
  readonly clipboard: MemoryClipboard;
  readonly fired: string[];
}

export function side(data: string | Document, registry: DataProviderRegistry): Side {
  const provider = new StaticModel({ data, registry });
  void provider.execute();
  const fired: string[] = [];
  provider.onChange((set) => fired.push(set.rowIds.join(',')));
  const clipboard = new MemoryClipboard();
  return { provider, util: new WrsUtil({ registry, clipboard }), clipboard, fired };
}

/** What a call gave: its result (awaited), or the code of the WrsError it raised. */
export async function outcome(call: () => unknown): Promise<unknown> {
  try {
    return { result: (await call()) ?? null };
  } catch (e) {
    if (!isWrsError(e)) throw e;
    return { error: e.code };
  }
}

/** The row count a side has, read without building a store's rows. */
export function rowCount(provider: DataProvider): number {
  const store = provider.getRowStore();
  return store && !store.materialized ? store.rowCount : WrsIndex.of(provider.getData()!).rowCount;
}

/** A seeded call: its name for the failure message and what it does on one side. */
export interface SeededCall {
  readonly name: string;
  run(side: Side): unknown;
}

/** Makes the next call from the random source, the row count and the column count of the documents. */
export type SeededCalls = (random: (n: number) => number, count: number, columns: number) => SeededCall;

const dump = (doc: Document) => domDump(doc).join('\n');

/**
 * Runs three random texts of a seed (their header columns changed by `header`) through `calls` on both sides: each call's outcome, the change sets, the row
 * count and the save payload agree after every call, the documents at the end; the store's rows stay unbuilt until
 * the build step.
 */
export async function agreeOnStoreAndDom(seed: number, calls: SeededCalls, header: (text: string) => string = (text) => text): Promise<void> {
  const random = seededRandom(seed);
  for (let n = 0; n < 3; n++) {
    const columns = 1 + random(4);
    const text = header(randomWrsText(random, 2 + random(25), columns));
    const registry = new DataProviderRegistry();
    const onStore = side(text, registry);
    const onDom = side(parseXml(text), registry);
    const store = onStore.provider.getRowStore();
    expect(store).withContext(text).not.toBeNull();
    if (!store) continue;
    const steps = 5 + random(30);
    const buildAt = random(2) === 0 ? steps : random(steps);
    const done: string[] = [];
    for (let s = 0; s < steps; s++) {
      if (s === buildAt) {
        if (random(2) === 0) onStore.provider.getData();
        else store.materializeSlice({ rows: random(store.rowCount + 1) });
        done.push('build');
      }
      const call = calls(random, rowCount(onDom.provider), columns);
      const storeOutcome = await outcome(() => call.run(onStore));
      expect(storeOutcome).withContext(`${text}\nafter ${done.join(', ')}, at ${call.name}`).toEqual(await outcome(() => call.run(onDom)));
      done.push(call.name);
      const context = `${text}\nafter ${done.join(', ')}`;
      if (!done.includes('build')) expect(store.materialized).withContext(context).toBeFalse();
      // Writes of setCellValue wait for fire(): one change set per step on both sides.
      if (onStore.provider.hasUncommittedWrites()) onStore.provider.fire();
      if (onDom.provider.hasUncommittedWrites()) onDom.provider.fire();
      expect(onStore.fired).withContext(context).toEqual(onDom.fired);
      expect(rowCount(onStore.provider)).withContext(context).toBe(rowCount(onDom.provider));
      expect(buildStoreSavePayload(store).text).withContext(context).toBe(buildSavePayload(WrsIndex.of(onDom.provider.getData()!)).text);
    }
    const context = `${text}\nafter ${done.join(', ')}`;
    const doc = onStore.provider.getData()!;
    expect(dump(doc)).withContext(context).toBe(dump(onDom.provider.getData()!));
    expect(domProblems(doc)).withContext(context).toEqual(domProblems(onDom.provider.getData()!));
  }
}
