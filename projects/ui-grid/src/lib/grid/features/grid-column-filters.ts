import { signal } from '@angular/core';
import { ColumnFilterFunction, DataProvider, WrsIndex, compileFilter, ownValue, setOwn } from 'ngx-wrs-grid/core';
import { GridColumn } from '../grid-column';
import { ColumnFilterValue, columnFilterElement, readColumnFilters, removeColumnFilters, statusFilter, writeColumnFilter } from './column-filter';

/** `columnFiltersCustomFilter`: per column id, decides with the column filter's value whether a row is kept. */
export type ColumnFiltersCustomFilter = Readonly<Record<string, (value: string | null, filter: ColumnFilterValue, row: Element) => boolean>>;

/** `columnFiltersGetCaptionForColumnValue`: the text a column filter matches for a stored value. */
export type CaptionForColumnValue = (colId: string, value: string | null) => string;

/** What the column filters ask of their grid. */
export interface ColumnFiltersHost {
  /** Prefix of the filter ids in the status model (the grid's `id`, else "grid"). */
  gridKey(): string;
  statusProvider(): DataProvider;
  customFilter(): ColumnFiltersCustomFilter | null;
  captionFor(): CaptionForColumnValue | null;
}

/**
 * The column filters of one grid. They live in the status model's `f:Filter` (an `f:And` per column): the filter
 * fields write there, and a change there (a field, the app, a bookmark) is read back and told to `changed`. An app's
 * own filter function or captions become the core filter's per-column functions (`functions`).
 */
export class GridColumnFilters {
  /** The filter of each filtered column, as the status model holds it. */
  readonly values = signal<ReadonlyMap<string, ColumnFilterValue>>(new Map());
  private statusListener: { provider: DataProvider; id: string } | null = null;
  private columns: readonly GridColumn[] = [];

  constructor(
    private readonly host: ColumnFiltersHost,
    private readonly changed: () => void,
  ) {}

  /** Listens to the status model's `f:Filter` (call once the grid is set up; again after the status model changed). */
  listen(): void {
    const provider = this.host.statusProvider();
    if (this.statusListener?.provider === provider) return;
    this.stop();
    const id = provider.onChange(() => this.changed(), '/*/f:Filter');
    this.statusListener = { provider, id };
  }

  stop(): void {
    this.statusListener?.provider.removeDataListener(this.statusListener.id);
    this.statusListener = null;
  }

  /**
   * The status model filters are read from and written to. The registry may name another one by now (a
   * `guiStatusEstablished` replaced by id): listening moves to it, so a filter written there is applied.
   */
  private status(): DataProvider {
    const provider = this.host.statusProvider();
    if (this.statusListener && this.statusListener.provider !== provider) this.listen();
    return provider;
  }

  /** The status model's `f:Filter` (the column filters and the app's own expressions), or null. */
  filter(): Element | null {
    return statusFilter(this.status());
  }

  /** Reads the filters of these columns from the status model. */
  read(columns: readonly GridColumn[]): void {
    this.columns = columns;
    this.values.set(readColumnFilters(this.status(), this.host.gridKey(), columns.map((c) => c.id)));
  }

  /** Sets one column's filter (null clears it) in the status model; the change listener then filters. */
  set(colId: string, value: ColumnFilterValue | null): void {
    writeColumnFilter(this.status(), this.host.gridKey(), colId, value);
  }

  /** Removes every column filter of this grid. */
  clear(): void {
    for (const colId of [...this.values().keys()]) this.set(colId, null);
  }

  /**
   * Removes the column filters that reject a row of `index` (one change set in the status model) when that shows it;
   * the ids of their columns, or null when the row stays hidden (by the app's own filter expressions) or no filter
   * rejects it.
   */
  unhide(row: Element, index: WrsIndex): string[] | null {
    const filter = this.filter();
    if (!filter) return null;
    const custom = this.functions();
    const rejecting = [...this.values().keys()].filter((colId) => {
      const and = columnFilterElement(filter, this.host.gridKey(), colId);
      return !!and && !compileFilter(and, index, { custom })(row);
    });
    const rest = filter.cloneNode(true) as Element;
    for (const colId of rejecting) {
      const and = columnFilterElement(rest, this.host.gridKey(), colId);
      if (and) rest.removeChild(and);
    }
    if (rejecting.length === 0 || !compileFilter(rest, index, { custom })(row)) return null;
    removeColumnFilters(this.status(), this.host.gridKey(), rejecting);
    return rejecting;
  }

  /** Custom and caption-based column filters as the core filter's per-column functions. */
  functions(): Record<string, ColumnFilterFunction> | undefined {
    const custom = this.host.customFilter();
    const caption = this.host.captionFor();
    if (!custom && !caption) return undefined;
    const out: Record<string, ColumnFilterFunction> = {};
    for (const [colId, filter] of this.values()) {
      const own = ownValue(custom, colId);
      const column = this.columns.find((c) => c.id === colId);
      // A function that does not take the row gets none: it then filters a row store's rows without building them.
      if (own) setOwn(out, colId, own.length > 2 ? (value, row) => own(value, filter, row) : (value) => own(value, filter, null!));
      else if (caption) setOwn(out, colId, (value) => matchesFilter(caption(colId, value), filter, column?.numeric ?? false));
    }
    return out;
  }
}

/** Whether a text (a caption) passes a column filter, the way the filter's expressions would judge the value. */
export function matchesFilter(text: string | null, filter: ColumnFilterValue, numeric: boolean): boolean {
  const value = text ?? '';
  if (filter.kind === 'text') return filter.op === 'equals' ? value === filter.text : value.toLowerCase().includes(filter.text.toLowerCase());
  if (filter.kind === 'values') return filter.values.includes(value);
  if (value === '') return false;
  const cmp = (a: string, b: string) => (numeric ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0);
  return (filter.from === '' || cmp(value, filter.from) >= 0) && (filter.to === '' || cmp(value, filter.to) <= 0);
}
