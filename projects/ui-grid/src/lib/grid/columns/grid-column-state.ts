import { NS } from 'ngx-wrs-grid/core';
import { Observable, ReplaySubject, distinctUntilChanged, map } from 'rxjs';
import { GridState } from '../grid-state';
import { configOrderings } from '../features/grid-sort';
import { ColumnLayout } from './column-layout';
import { ColumnState, checkColumnState, columnStateKey, pageStorage, readStoredState, writeStoredState } from './column-state';
import { GridColumns } from './grid-columns';

/**
 * The column state of a grid (spec of issue 25: widths, order, hidden, sort, filters) as one object: read, set,
 * observed, kept in localStorage under the grid's key (`keepColumnState`) and restored with the first data of that
 * key. Only a state other than the defaults is kept; `reset` goes back to them and forgets the kept one.
 */
export class GridColumnState {
  private readonly states = new ReplaySubject<string>(1);
  /** Every change of the column state (as JSON-equal states are not told twice), the current one to a new subscriber. */
  readonly changes$: Observable<ColumnState> = this.states.pipe(distinctUntilChanged(), map((text) => JSON.parse(text) as ColumnState));
  /** The key whose kept state was restored (or found none): later loads of the same key keep what the user has. */
  private restoredKey: string | null = null;
  /** Server-side pages: the key whose kept sort and filters went into the request of its first load. */
  private queriedKey: string | null = null;

  constructor(
    private readonly state: GridState,
    private readonly columns: GridColumns,
  ) {}

  /** The column state now. */
  get(): ColumnState {
    const { columnLayout, features } = this.state;
    return {
      columns: columnLayout.entries(),
      sort: features.orderings().map((o) => (o.descending ? { colId: o.colId, descending: true } : { colId: o.colId })),
      filters: Object.fromEntries(features.filters()),
    };
  }

  /**
   * Applies a column state or a part of it: columns (order, widths, hidden), sort, filters. Columns the grid does not
   * have are skipped; an order that would split a group or move frozen columns is left as it is. Bad input throws a
   * `WrsError` (INVALID_ARGUMENT) before anything changes.
   */
  set(value: unknown): void {
    const part = checkColumnState(value);
    this.columns.update(() => {
      this.applyLayout(part);
      this.applyQuery(part, true);
    });
  }

  /** Back to the configured widths, order, hidden columns and sort (filters stay); the kept state is forgotten. */
  reset(): void {
    const { state } = this;
    const key = this.key();
    if (key !== null) writeStoredState(pageStorage(state.services.host.ownerDocument), key, null);
    state.features.setOrderings(configOrderings(state.configDoc), true, !!state.features.view);
    this.columns.resetLayout();
  }

  /**
   * Server-side pages, before the request of a load is built: with the first load of a key, its kept sort and filters
   * go into it, so the first page comes sorted and filtered (`config`: its binding sets and columns, as the request's).
   */
  beforeRequest(config: Document | null): void {
    const { state } = this;
    if (!config || !state.grid.serverSidedPagination() || !state.grid.keepColumnState()) return;
    const key = columnStateKey(state.grid.gridId(), config);
    if (key === null || key === this.restoredKey || key === this.queriedKey) return;
    this.queriedKey = key;
    const kept = readStoredState(pageStorage(state.services.host.ownerDocument), key);
    if (kept) this.applyQuery(kept, false, configColumnIds(config));
  }

  /**
   * A document is about to show (before its row view is made): with the first data of a key, the kept state of that
   * key is applied. Client data takes sort and filters into the view being made; server-side pages took them into the
   * request (`beforeRequest`), or load again with them.
   */
  restore(): void {
    const { state } = this;
    const key = this.key();
    if (key === null || key === this.restoredKey || !state.grid.keepColumnState()) return;
    this.restoredKey = key;
    const kept = readStoredState(pageStorage(state.services.host.ownerDocument), key);
    if (!kept) return;
    this.columns.shownColumns();
    this.applyLayout(kept);
    if (!state.grid.serverSidedPagination()) this.applyQuery(kept, false);
    // Server-side pages load again with sort and filters, unless the request already took them (`beforeRequest`).
    else if (key !== this.queriedKey) queueMicrotask(() => !state.destroyed && this.applyQuery(kept, true));
  }

  /** The column state may have changed (a layout change, sort, filters, new data): told, and kept when not the default. */
  changed(): void {
    const { state } = this;
    const current = this.get();
    this.states.next(JSON.stringify(current));
    const key = this.key();
    if (key === null || !state.grid.keepColumnState() || key !== this.restoredKey) return;
    const isDefault = JSON.stringify(current) === JSON.stringify(this.defaults());
    writeStoredState(pageStorage(state.services.host.ownerDocument), key, isDefault ? null : current);
  }

  /** The grid goes: no more states. */
  stop(): void {
    this.states.complete();
  }

  private key(): string | null {
    const { state } = this;
    return columnStateKey(state.grid.gridId(), state.fromBackend ? state.loadedRequest : null);
  }

  /** The state with nothing changed: the layout's defaults, the configuration's sort, no filters. */
  private defaults(): ColumnState {
    const fresh = new ColumnLayout();
    const { state } = this;
    fresh.use(state.layout, state.grid.hotArgs(), 0);
    return { columns: fresh.entries(), sort: configOrderings(state.configDoc), filters: {} };
  }

  private applyLayout(part: Partial<ColumnState>): void {
    const layout = this.state.columnLayout;
    if (!part.columns) return;
    layout.setOrder(part.columns.map((c) => c.id));
    // Shown first: hiding before showing could refuse to hide what looks like the last shown column.
    const columns = [...part.columns].sort((a, b) => Number(a.hidden) - Number(b.hidden));
    for (const c of columns) {
      layout.setHidden(c.id, c.hidden);
      if (Number.isFinite(c.width)) layout.setWidth(c.id, c.width);
    }
  }

  /**
   * Sort and filters of a state part into the grid's feature controller (`refresh`: the view follows at once), for the
   * columns `known` (by default the grid's).
   */
  private applyQuery(part: Partial<ColumnState>, refresh: boolean, known = new Set(this.state.layout.columns.map((c) => c.id))): void {
    const { features } = this.state;
    if (part.sort) features.setOrderings(part.sort.filter((o) => known.has(o.colId)), false, refresh);
    if (part.filters) {
      const current = features.filters();
      for (const colId of known) {
        const wanted = part.filters[colId] ?? null;
        if (JSON.stringify(wanted) !== JSON.stringify(current.get(colId) ?? null)) features.setFilter(colId, wanted);
      }
    }
  }
}

/** The columns a grid configuration names (`grid:C bRef`; a request needs them); before its data a grid knows no others. */
function configColumnIds(config: Document): Set<string> {
  return new Set([...config.getElementsByTagNameNS(NS.grid, 'C')].map((c) => c.getAttribute('bRef') ?? '').filter((id) => id !== ''));
}
