import { errorMessage } from 'ngx-wrs-grid/core';
import { runGridChain } from './grid-chain';
import { GridState } from './grid-state';
import { GridStatusLine } from './grid-status-line';
import { GridExportFormat, GridExportOptions, downloadBlob, exportBytes, exportFileNameFor, localeCsv } from './features/grid-export';
import { formatMessage } from './features/grid-messages';

/** Export of the shown columns as CSV or XLSX, offered for download. */
export class GridExporter {
  constructor(
    private readonly state: GridState,
    private readonly statusLine: GridStatusLine,
  ) {}

  /**
   * Exports the shown columns with their shown captions, reference values as the captions the cells show, of the
   * rows passing the filter (all pages) or of all rows, and offers the file for download (`exportFileName`). With
   * `serverSidedPagination` the rows come from the server (every page, through the backend) with the pending changes
   * applied; a server row limit that cut them is told in the status line. Returns the file, or null when export is
   * disabled, the rows could not be loaded or the file could not be written (the reason in the status line).
   * `csvInLocale` writes a CSV's numbers and dates in the grid's locale.
   */
  async exportData(format: GridExportFormat, allRows = false, options: GridExportOptions = {}): Promise<Blob | null> {
    const { state, statusLine } = this;
    const { grid, messages } = state;
    const view = state.features.view;
    // The document as it is: rows shown from a row store are written from it, without building them.
    if (!state.document || !view || grid.disableExport()) return null;
    const captions: Record<string, string> = {};
    const valueCaptions: Record<string, ReadonlyMap<string, string>> = {};
    // Hidden columns stay in the data; an export holds them only when the app asks (`exportHiddenColumns`).
    const exported = grid.exportHiddenColumns() ? state.columnLayout.withHidden() : state.shown;
    for (const c of exported) {
      captions[c.id] = c.caption;
      if (c.references && c.references.captions.size > 0) valueCaptions[c.id] = c.references.captions;
    }
    const columns = exported.map((c) => c.id);
    let store = state.store;
    // Over a store the view's rows are store positions (null: every row in store order), written from their entries.
    let storeRows = store && !allRows ? view.storedRows() : null;
    let rows: readonly Element[] | null = allRows || view.isWhole || store ? null : view.matchedRows();
    let doc = store ? state.document! : state.data!;
    if (grid.serverSidedPagination() && state.fromBackend && state.loadedRequest) {
      try {
        const chain = grid.loadChain();
        const transform = chain ? (loaded: Document) => runGridChain(state.services.chains, 'loadChain', chain, loaded, grid.loadParameters()) : undefined;
        const all = await state.features.loadAllRows(state.backend(), state.loadedRequest, { url: await state.requestUrl(), signal: state.lifetime.signal }, allRows, transform);
        doc = all.doc;
        rows = null;
        store = null;
        storeRows = null;
        if (all.maxRows !== null) statusLine.set(formatMessage(messages.exportMaxRows, { n: all.maxRows }));
      } catch (e) {
        statusLine.set(formatMessage(messages.exportFailed, { reason: errorMessage(e) }));
        return null;
      }
    }
    let blob: Blob;
    try {
      const csv = (options.csvInLocale ?? grid.csvInLocale()) ? localeCsv(state.shown) : null;
      blob = await exportBytes(doc, format, { rows, store, storeRows, columns, captions, valueCaptions, ...(csv ? { csv } : {}) });
    } catch (e) {
      // Data beyond Excel's limits, or the XLSX writer failing to load: told, not an unhandled rejection.
      statusLine.set(formatMessage(messages.exportFailed, { reason: errorMessage(e) }));
      return null;
    }
    downloadBlob(state.services.host.ownerDocument, blob, exportFileNameFor(grid.exportFileName(), format));
    return blob;
  }
}
