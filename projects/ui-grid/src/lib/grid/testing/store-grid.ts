import { RowStore, WrsTextLoad } from 'ngx-wrs-grid/core';
import { MountedGrid, mountConfiguredGrid } from './mount-grid';

// Set-up of the specs of grids over row stores: who builds a store's document, and a grid over the same text with its
// rows in a store or parsed whole.

/**
 * For a `beforeEach`: checks that `text` is long enough to be read into a row store, then records who builds a
 * store's document (`RowStore.materialize`) from here on. Returns the stacks of the builds, for the failure message
 * of a spec that expects none (`builtBy`).
 */
export function watchBuilds(text?: string): string[] {
  if (text !== undefined) expect(text.length).toBeGreaterThanOrEqual(WrsTextLoad.storeMinLength);
  const built: string[] = [];
  const materialize = RowStore.prototype.materialize;
  spyOn(RowStore.prototype, 'materialize').and.callFake(function (this: RowStore) {
    built.push(new Error('built by').stack ?? '');
    return materialize.call(this);
  });
  return built;
}

/** The stacks `watchBuilds` recorded, as one text. */
export function builtBy(built: readonly string[]): string {
  return built.join('\n----\n');
}

/**
 * Mounts a grid over `text` in the TestBed `configureGrids` set up: its rows in a row store, or with `parsed` the
 * document parsed whole (what the grid read before row stores, to compare with); expects the grid got what was asked.
 */
export async function mountStoreGrid(text: string, inputs: Record<string, unknown> = {}, parsed = false): Promise<MountedGrid> {
  const min = WrsTextLoad.storeMinLength;
  if (parsed) WrsTextLoad.storeMinLength = Number.MAX_SAFE_INTEGER;
  try {
    const mounted = await mountConfiguredGrid(text, inputs);
    expect(mounted.grid.getRowStore() === null).withContext(parsed ? 'parsed whole' : 'rows in a store').toBe(parsed);
    return mounted;
  } finally {
    WrsTextLoad.storeMinLength = min;
  }
}
