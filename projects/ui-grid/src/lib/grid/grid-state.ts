import { Clipboard } from '@angular/cdk/clipboard';
import { Overlay } from '@angular/cdk/overlay';
import { Injector, LOCALE_ID, inject, signal } from '@angular/core';
import { DataProviderRegistry, RowStore, Status, WrsBackend, WrsHeaderMeta, getDefaultWrsBackend, resolveModelUrl } from 'ngx-wrs-grid/core';
import { ChainService } from '../services/chain.service';
import { WRS_BACKEND } from '../services/wrs-backend.token';
import { WrsUtilService } from '../services/wrs-util.service';
import type { GridComponent } from './grid.component';
import { GridBody } from './grid-body';
import { GridColumn, GridLayout } from './grid-column';
import { GridSelection } from './grid-selection';
import { ColumnLayout } from './columns/column-layout';
import { GridEditorRegistry } from './features/editor-registry';
import { GridFeatures } from './features/grid-features';
import { GridMessageTable } from './features/grid-messages';
import { GridRendererRegistry } from './features/renderer-registry';

/** The provider operations the base class keeps protected, opened by the component to its units. */
export interface GridProviderPort {
  readonly registry: DataProviderRegistry;
  data(): Document | null;
  /** The data document without building the rows of a store (see `DataProvider.getRowStore`). */
  dataAsIs(): Document | null;
  rowStore(): RowStore | null;
  setData(doc: Document | null): void;
  setRows(store: RowStore): void;
  setStatus(status: Status): void;
  fail(kind: new (reason: string, cause?: unknown) => Status, reason: string, cause?: unknown): void;
  lastChangeSequence(): number;
}

/** What the units use from Angular and the library's services. */
export interface GridServices {
  readonly host: HTMLElement;
  readonly bodyHost: () => HTMLElement;
  readonly injector: Injector;
  readonly overlay: Overlay;
  readonly clipboard: Clipboard;
  readonly chains: ChainService;
  readonly wrsUtil: WrsUtilService;
  readonly renderers: GridRendererRegistry;
  readonly editors: GridEditorRegistry;
  readonly messages: GridMessageTable;
  /** WRS_BACKEND when provided. */
  readonly backend: WrsBackend | null;
  /** The app's LOCALE_ID, read when the grid's `locale` input is not set. */
  readonly localeId: string;
}

/** The services of `GridServices` from the component's injector (call in its injection context). */
export function injectGridServices(host: HTMLElement, bodyHost: () => HTMLElement, messages: GridMessageTable): GridServices {
  return {
    host,
    bodyHost,
    messages,
    injector: inject(Injector),
    overlay: inject(Overlay),
    clipboard: inject(Clipboard),
    chains: inject(ChainService),
    wrsUtil: inject(WrsUtilService),
    renderers: inject(GridRendererRegistry),
    editors: inject(GridEditorRegistry),
    backend: inject(WRS_BACKEND, { optional: true }),
    localeId: inject(LOCALE_ID),
  };
}

/**
 * What the grid's feature units share: the component (its inputs and the provider it is), the painted body, the
 * columns shown, the selection and the toolbar's signals. Units read and write it; none reaches into another unit.
 */
export class GridState {
  readonly busy = signal<'' | 'loading' | 'saving'>('');
  /** Rows of a large input read so far, shown while it loads; 0 otherwise. */
  readonly loadedRows = signal(0);
  /** The document of an input still loading whose first rows the grid shows (read-only), or null. */
  previewDoc: Document | null = null;
  readonly errorCount = signal(0);
  readonly canUndo = signal(false);
  readonly canRedo = signal(false);
  /** Undo and redo may run: not while rows load, nor after a failed load until one succeeds. */
  readonly historyOpen = signal(false);
  readonly selection = new GridSelection();
  body: GridBody | null = null;
  layout: GridLayout = { columns: [], groups: [] };
  /** The user's order, widths and hidden columns over `layout` (columns/column-layout.ts). */
  readonly columnLayout = new ColumnLayout();
  shown: GridColumn[] = [];
  headerMeta: WrsHeaderMeta = {};
  configDoc: Document | null = null;
  /** The rows came from the backend (not an inputModel): a reset or a save loads them again. */
  fromBackend = false;
  /** The request the rows were loaded with (after `requestPostChain`), for the deep key check and the export. */
  loadedRequest: Document | null = null;
  /** Rows the server refused in the last save (a conflict, a duplicate key), by id: marked until the next save or load. */
  failedRows = new Set<string>();
  destroyed = false;
  /** Aborted at destroy: backend loads still running are cancelled, not waited for. */
  readonly lifetime = new AbortController();

  constructor(
    readonly grid: GridComponent,
    readonly provider: GridProviderPort,
    readonly services: GridServices,
    readonly features: GridFeatures,
  ) {}

  /** The grid's data document, complete: the rows of a store (see `store`) are built on this call. */
  get data(): Document | null {
    return this.provider.data();
  }

  /** The data document without building its rows: its header is there; read the rows of `store` while it is not null. */
  get document(): Document | null {
    return this.provider.dataAsIs();
  }

  /** The row store of the data while its rows are not built (the grid shows them from it), else null. */
  get store(): RowStore | null {
    const store = this.provider.rowStore();
    return store && !store.materialized ? store : null;
  }

  get messages(): GridMessageTable {
    return this.services.messages;
  }

  /** The server round trip for loading from `config` and saving: WRS_BACKEND, else the core default backend. */
  backend(): WrsBackend {
    return this.services.backend ?? getDefaultWrsBackend();
  }

  /** Where requests go now (`modelUrl`, read each time). */
  requestUrl(): Promise<string | undefined> {
    return resolveModelUrl(this.grid.modelUrl());
  }
}
