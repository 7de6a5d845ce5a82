import { GridColumn, GridLayout, collapsedAway, inGroup } from '../grid-column';
import { withHotWidths } from '../hot-args';
import { hotHiddenIds, hotOrder, hotWidths, withHotCaptions } from './hot-column-args';
import type { GridHotArgs } from '../grid-args';

/** The narrowest a column gets by dragging, keys or a column state. */
export const MIN_COLUMN_WIDTH = 30;
/** The widest a column gets by sizing it to its content. */
export const MAX_AUTO_WIDTH = 600;

/** One column's part of the layout: its width and whether it is hidden. */
export interface ColumnLayoutEntry {
  readonly id: string;
  readonly width: number;
  readonly hidden: boolean;
}

/**
 * The user's column layout over the configured one: the order of the columns, their widths and which are hidden.
 * What the user did is kept as changes to the defaults (configuration, then `hotArgs`), so a new document with the
 * same columns keeps it and `reset` goes back to the defaults. The header, the body, frozen columns, exports and the
 * column state all read the shown columns from here.
 */
export class ColumnLayout {
  private order: string[] | null = null;
  private readonly widths = new Map<string, number>();
  private readonly hidden = new Map<string, boolean>();
  private layout: GridLayout = { columns: [], groups: [] };
  private hot: GridHotArgs | null = null;
  private frozen = 0;

  /** The configured columns and `hotArgs` the layout applies to; `frozen` leading shown columns stay where they are. */
  use(layout: GridLayout, hot: GridHotArgs | null, frozen: number): void {
    this.layout = layout;
    this.hot = hot;
    this.frozen = frozen;
  }

  /** Every configured column in the layout's order. */
  ordered(): GridColumn[] {
    const byId = new Map(this.layout.columns.map((c) => [c.id, c]));
    const order = this.order ?? hotOrder(this.layout, this.hot);
    const out: GridColumn[] = [];
    for (const id of order) {
      const column = byId.get(id);
      if (column) {
        out.push(column);
        byId.delete(id);
      }
    }
    // Columns the kept order does not know (a changed configuration) come at their configured place: appended.
    return [...out, ...byId.values()];
  }

  /** The columns shown, in order, with their widths and captions (hidden ones and those of collapsed groups left out). */
  shown(): GridColumn[] {
    const defaults = this.defaultWidths();
    const visible = this.ordered().filter((c) => !this.isHidden(c) && !collapsedAway(this.layout, c));
    return withHotCaptions(
      visible.map((c) => {
        const width = this.widths.get(c.id) ?? defaults.get(c.id) ?? c.width;
        return width === c.width ? c : { ...c, width };
      }),
      this.layout,
      this.hot,
    );
  }

  /** Every configured column in order, hidden ones included, with the captions shown (an export asking for all). */
  withHidden(): GridColumn[] {
    return withHotCaptions(this.ordered(), this.layout, this.hot);
  }

  /** Every configured column, in order, with its width and hidden flag: the layout part of the column state. */
  entries(): ColumnLayoutEntry[] {
    const defaults = this.defaultWidths();
    return this.ordered().map((c) => ({ id: c.id, width: this.widths.get(c.id) ?? defaults.get(c.id) ?? c.width, hidden: this.isHidden(c) }));
  }

  isHidden(column: GridColumn): boolean {
    return this.hidden.get(column.id) ?? (column.hidden || hotHiddenIds(this.layout, this.hot).has(column.id));
  }

  /** Hides or shows a column; false when it is unknown, or hiding it would leave no column shown. */
  setHidden(colId: string, hidden: boolean): boolean {
    const column = this.layout.columns.find((c) => c.id === colId);
    if (!column) return false;
    if (hidden && this.shown().every((c) => c.id === colId)) return false;
    this.hidden.set(colId, hidden);
    return true;
  }

  /** Sets a column's width (at least MIN_COLUMN_WIDTH); false when it is unknown. */
  setWidth(colId: string, width: number): boolean {
    if (!this.layout.columns.some((c) => c.id === colId) || !Number.isFinite(width)) return false;
    this.widths.set(colId, Math.max(MIN_COLUMN_WIDTH, Math.round(width)));
    return true;
  }

  /**
   * Moves the columns `ids` (one column, or a group's) before the column `beforeId` (null: to the end); false, and
   * nothing moved, when that would split a group or change which columns are frozen.
   */
  move(ids: readonly string[], beforeId: string | null): boolean {
    const next = movedOrder(this.ordered().map((c) => c.id), ids, beforeId);
    if (!next || !this.validOrder(next)) return false;
    this.order = next;
    return true;
  }

  /** Sets the whole order (unknown ids dropped, missing ones appended); false when it is not a valid order. */
  setOrder(ids: readonly string[]): boolean {
    const known = new Set(this.layout.columns.map((c) => c.id));
    const next = ids.filter((id, i) => known.has(id) && ids.indexOf(id) === i);
    for (const c of this.layout.columns) if (!next.includes(c.id)) next.push(c.id);
    if (!this.validOrder(next)) return false;
    this.order = next;
    return true;
  }

  /** True when an order keeps every group's columns together and the frozen columns frozen. */
  validOrder(order: readonly string[]): boolean {
    const byId = new Map(this.layout.columns.map((c) => [c.id, c]));
    for (let g = 0; g < this.layout.groups.length; g++) {
      const at = order.map((id, i) => (inGroup(this.layout, byId.get(id)!, g) ? i : -1)).filter((i) => i >= 0);
      if (at.length > 0 && at[at.length - 1] - at[0] !== at.length - 1) return false;
    }
    if (this.frozen === 0) return true;
    const frozenOf = (ids: readonly string[]) => {
      const shown = ids.map((id) => byId.get(id)!).filter((c) => !this.isHidden(c) && !collapsedAway(this.layout, c));
      return shown.slice(0, this.frozen).map((c) => c.id).sort().join('\n');
    };
    return frozenOf(order) === frozenOf(this.ordered().map((c) => c.id));
  }

  /** Back to the defaults: the configured order, widths and hidden columns with `hotArgs` applied. */
  reset(): void {
    this.order = null;
    this.widths.clear();
    this.hidden.clear();
  }

  /** The widths before the user's: `manualColumnResize`, else `colWidths` (per shown column), else the configured. */
  private defaultWidths(): Map<string, number> {
    const out = new Map<string, number>();
    const configured = this.layout.columns.filter((c) => !c.hidden && !collapsedAway(this.layout, c));
    for (const c of withHotWidths(configured, this.hot)) out.set(c.id, c.width);
    for (const [id, width] of hotWidths(this.layout, this.hot)) out.set(id, width);
    return out;
  }
}

/** An order with the block `ids` taken out and put back before `beforeId` (null: at the end); null when nothing moves. */
export function movedOrder(order: readonly string[], ids: readonly string[], beforeId: string | null): string[] | null {
  const block = order.filter((id) => ids.includes(id));
  if (block.length === 0 || (beforeId !== null && block.includes(beforeId))) return null;
  const rest = order.filter((id) => !ids.includes(id));
  const at = beforeId === null ? rest.length : rest.indexOf(beforeId);
  if (at < 0) return null;
  const next = [...rest.slice(0, at), ...block, ...rest.slice(at)];
  return next.every((id, i) => id === order[i]) ? null : next;
}
