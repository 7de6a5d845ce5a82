import { ModelWrapper, errorMessage } from 'ngx-wrs-grid/core';
import { GridState } from './grid-state';
import { GridValidationDisplay } from './grid-validation-display';
import { GridTooltip, TooltipCell, builtInTooltip } from './features/grid-tooltip';

/** The cells' tooltips: the built-in one (value, caption, validation message) or the output of `tooltipChain`. */
export class GridTooltips {
  private tooltip: GridTooltip | null = null;
  /** The tooltipChain run of the latest hover; an earlier one is disposed, its result not shown. */
  private run: ModelWrapper | null = null;

  constructor(
    private readonly state: GridState,
    private readonly validation: GridValidationDisplay,
    /** A restored cell's conflict with the server (both values), shown where no validation message is. */
    private readonly conflictOf: (rowId: string, colId: string) => string | null,
  ) {}

  /** Shows tooltips over the painted cells, unless `tooltipChain` is the empty string. */
  start(canvas: HTMLElement): void {
    if (this.state.grid.tooltipChain() === '') return;
    // A tooltip hidden while its chain still runs: the run is disposed and writes nothing into it.
    const stopRun = () => {
      this.run?.dispose();
      this.run = null;
    };
    this.tooltip = new GridTooltip(canvas, (el) => this.cellOf(el), (cell, target) => this.fill(cell, target), stopRun);
  }

  stop(): void {
    this.tooltip?.destroy();
    this.run?.dispose();
  }

  private cellOf(target: HTMLElement): TooltipCell | null {
    const rowId = target.closest<HTMLElement>('.ui-grid-row')?.dataset['rowId'];
    const column = this.state.shown[Number(target.getAttribute('aria-colindex')) - 1];
    return rowId && column ? { rowId, colId: column.id } : null;
  }

  /** Fills a tooltip: the built-in one, or the output of `tooltipChain` (sanitized by the chain service). */
  private async fill(cell: TooltipCell, target: HTMLElement): Promise<void> {
    const { state } = this;
    if (!state.document) return;
    const chain = state.grid.tooltipChain();
    if (chain === null) {
      const column = state.shown.find((c) => c.id === cell.colId);
      const caption = column?.caption ?? cell.colId;
      // A reference value as the user reads it in the cell, its id after it.
      const captions = column?.references?.captions;
      const shown = (value: string) => {
        const text = captions?.get(value);
        return text !== undefined && text !== value ? `${text} (${value})` : value;
      };
      const error = this.validation.cellError(cell.rowId, cell.colId) ?? this.conflictOf(cell.rowId, cell.colId);
      target.appendChild(builtInTooltip(target.ownerDocument, state.document, state.store, cell, caption, error, state.messages, shown));
      return;
    }
    const wrapper = state.services.chains.create({ inputModel: state.grid, chain, parameters: { rowId: cell.rowId, colId: cell.colId, bcdRowIdent: cell.rowId, bcdColIdent: cell.colId } });
    this.run?.dispose();
    this.run = wrapper;
    try {
      await wrapper.fetchData();
      // A later hover disposed this run: its result belongs to a tooltip no longer shown (and renders nothing).
      wrapper.setTargetHtml(target);
    } catch (e) {
      // A run disposed by a later hover ends failed: nothing to say. A failing chain shows no tooltip; the app's
      // developer reads why in the console (a hover has no status line to tell).
      if (this.run === wrapper) console.error('ui-grid: the tooltipChain failed:', errorMessage(e));
    } finally {
      // Run once per hover: grid changes must not render into the shared tooltip element again.
      wrapper.dispose();
      if (this.run === wrapper) this.run = null;
    }
  }
}
