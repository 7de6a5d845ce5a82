import { WrsTextLoad } from 'ngx-wrs-grid/core';
import { GridState } from '../grid-state';

/**
 * Builds the document of the row store an editable grid shows once the user turns to the grid (the focus enters it):
 * in slices between which the page answers input, so the first edit, sort or filter finds it built instead of
 * building it at once. A grid nobody turns to, or a read-only one, keeps its rows in the store.
 */
export class GridStoreBuild {
  private running = false;

  constructor(private readonly state: GridState) {}

  readonly onFocusIn = (): void => {
    const store = this.state.store;
    if (!store || this.running || this.state.grid.isReadOnly() || this.state.previewDoc) return;
    this.running = true;
    const current = () => !this.state.destroyed && this.state.store === store;
    void WrsTextLoad.build(store, current).finally(() => (this.running = false));
  };
}
