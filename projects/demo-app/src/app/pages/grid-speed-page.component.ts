import { ChangeDetectionStrategy, Component, DestroyRef, inject, signal, viewChild } from '@angular/core';
import { GridComponent } from 'ngx-wrs-grid';
import { StaticModel, parseXml } from 'ngx-wrs-grid/core';
import { generatedWrs } from './grid-pages-data';

/** Figures of one load, as the page shows them and bench/grid reads them. */
export interface SpeedFigures {
  readonly rows: number;
  readonly columns: number;
  readonly parseMs: number;
  readonly firstPaintMs: number;
  /** JS heap held by the parsed document alone, and after the grid painted it (MB; 0 without `performance.memory`). */
  readonly heapDocumentMB: number;
  readonly heapAfterLoadMB: number;
}

const heapMB = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  return ((performance as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) / 2 ** 20;
};

interface MemoryMeasurement {
  bytes: number;
}

/**
 * Memory of the page in MB, DOM included: `measureUserAgentSpecificMemory` (needs a cross-origin isolated page, as
 * bench/grid serves it) counts Blink's DOM heap too, where a parsed XML document lives; `performance.memory` sees only V8.
 */
async function pageMemoryMB(): Promise<{ mb: number; source: string }> {
  const measure = (performance as { measureUserAgentSpecificMemory?: () => Promise<MemoryMeasurement> }).measureUserAgentSpecificMemory;
  if ((globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated && measure) {
    (globalThis as { gc?: () => void }).gc?.();
    return { mb: (await measure.call(performance)).bytes / 2 ** 20, source: 'measureUserAgentSpecificMemory' };
  }
  return { mb: heapMB(), source: 'performance.memory (V8 heap only)' };
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/**
 * A grid over a static Wrs generated in the page (default 100,000 x 20) showing how long the grid takes from data
 * ready to first rows painted. `globalThis.gridSpeed.load(rows, columns?, invalidEvery?)` lets bench/grid drive the same page.
 */
/** Figures of a load from text: text -> first rows built, -> first row painted, and text -> grid ready. */
export interface TextLoadFigures {
  readonly rows: number;
  readonly parseMs: number;
  readonly firstPaintMs: number;
  readonly readyMs: number;
}

/**
 * Page memory (MB above the empty page): the provider ready with the rows of the text, the grid showing them, and
 * after the document was asked for (`getData()`: its rows built).
 */
export interface MemoryFigures {
  rows: number;
  providerReadyMB: number;
  afterLoadMB: number;
  documentBuiltMB: number;
  source: string;
}

@Component({
  selector: 'app-grid-speed-page',
  imports: [GridComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Speed: a static Wrs of many rows</h1>
    <p class="controls">
      <label>Rows <input type="number" min="1" step="1" data-test="rows" [value]="rows()" (change)="setRows($any($event.target))" /></label>
      <button type="button" data-test="load" (click)="loadText(rows())">Generate and load</button>
    </p>
    @if (textFigures(); as f) {
      <p data-test="figures">{{ f.rows }} rows x 20 columns from Wrs XML text: first rows painted after {{ (f.parseMs + f.firstPaintMs).toFixed(0) }} ms, grid ready after {{ f.readyMs.toFixed(0) }} ms (rows kept in a row store, the XML DOM built when an edit or an XPath API needs it)</p>
    } @else if (figures(); as f) {
      <p data-test="figures">{{ f.rows }} rows x {{ f.columns }} columns: XML parsed in {{ f.parseMs.toFixed(0) }} ms; data ready -> first rows painted in {{ f.firstPaintMs.toFixed(1) }} ms</p>
    }
    @if (model(); as m) {
      <!-- Generated data has no server behind it: Save commits the changes in the page. -->
      <ui-grid aria-label="Generated rows" [inputModel]="m" [maxHeight]="480" [contextMenu]="true" [customSave]="saveInPage" [rowHeaders]="rowHeaders()" />
    }
  `,
  styles: `.controls { display: flex; gap: 1rem; align-items: center; }`,
})
export class GridSpeedPageComponent {
  protected readonly rows = signal(100_000);
  protected readonly model = signal<StaticModel | null>(null);
  protected readonly figures = signal<SpeedFigures | null>(null);
  protected readonly textFigures = signal<TextLoadFigures | null>(null);
  /** Row headers on or off (bench/grid measures scrolling with and without them). */
  protected readonly rowHeaders = signal(false);
  /** Save without a server: the grid commits its changes into the page's document. */
  protected readonly saveInPage = async (): Promise<void> => undefined;

  /** The row count typed: a whole number of at least 1 (the field shows what is taken). */
  protected setRows(field: HTMLInputElement): void {
    const rows = Math.max(1, Math.floor(Number(field.value)) || 1);
    this.rows.set(rows);
    field.value = String(rows);
  }
  private readonly grid = viewChild(GridComponent);

  constructor() {
    const hook = globalThis as {
      gridSpeed?: {
        load(rows: number, columns?: number, invalidEvery?: number): Promise<SpeedFigures>;
        loadText(rows: number, onFirstPaint?: (first: Pick<TextLoadFigures, 'parseMs' | 'firstPaintMs'>) => void): Promise<TextLoadFigures>;
        memory(rows: number): Promise<MemoryFigures>;
        rowHeaders(on: boolean): Promise<void>;
      };
    };
    hook.gridSpeed = {
      load: (rows, columns, invalidEvery) => this.load(rows, columns, invalidEvery),
      loadText: (rows, onFirstPaint) => this.loadText(rows, onFirstPaint),
      memory: (rows) => this.memory(rows),
      rowHeaders: async (on) => {
        this.rowHeaders.set(on);
        await nextFrame();
      },
    };
    inject(DestroyRef).onDestroy(() => delete hook.gridSpeed);
  }

  /**
   * Memory of a load as an app makes it, from the Wrs text: the provider ready (its rows in a row store, no document
   * built), then with the grid showing them.
   */
  async memory(rows: number): Promise<MemoryFigures> {
    this.model.set(null);
    await nextFrame();
    const base = await pageMemoryMB();
    const model = new StaticModel({ data: generatedWrs(rows, 20) });
    await model.fetchData();
    const parsed = await pageMemoryMB();
    this.model.set(model);
    for (;;) {
      await new Promise(requestAnimationFrame);
      if (this.grid()?.isReady()) break;
    }
    await nextFrame();
    const loaded = await pageMemoryMB();
    model.getData();
    await nextFrame();
    const built = await pageMemoryMB();
    return { rows, providerReadyMB: parsed.mb - base.mb, afterLoadMB: loaded.mb - base.mb, documentBuiltMB: built.mb - base.mb, source: loaded.source };
  }

  /**
   * Payload text -> first row painted, as an app loads a Wrs answer: the text handed to a provider (a large one is
   * built in slices, its first rows painted while the rest is read), then on to the grid ready with the whole document.
   * `parseMs` is text -> the provider's first rows (or its document), `firstPaintMs` from there to the first row painted;
   * `onFirstPaint` gets them at once (bench peers-1m scrolls a load of a million rows before it is ready).
   */
  async loadText(rows: number, onFirstPaint?: (first: Pick<TextLoadFigures, 'parseMs' | 'firstPaintMs'>) => void): Promise<TextLoadFigures> {
    this.model.set(null);
    await nextFrame();
    let text = generatedWrs(rows, 20);
    const t0 = performance.now();
    const model = new StaticModel({ data: text });
    let firstRows = 0;
    const sub = model.loadProgress$.subscribe((p) => (firstRows ||= p ? performance.now() : 0));
    const ready = model.fetchData();
    if (!firstRows) await ready;
    const parseMs = (firstRows || performance.now()) - t0;
    text = '';
    this.model.set(model);
    const painted = () => !!document.querySelector('app-grid-speed-page .ui-grid-canvas .ui-grid-row')?.textContent;
    while (!painted()) await new Promise(requestAnimationFrame);
    const firstPaintMs = performance.now() - t0 - parseMs;
    onFirstPaint?.({ parseMs, firstPaintMs });
    for (;;) {
      if (this.grid()?.isReady()) break;
      await new Promise(requestAnimationFrame);
    }
    sub.unsubscribe();
    const figures = { rows, parseMs, firstPaintMs, readyMs: performance.now() - t0 };
    this.figures.set(null);
    this.textFigures.set(figures);
    return figures;
  }

  /** Generates and parses a Wrs (every `invalidEvery`-th row with an invalid cell), then measures data ready -> first rows painted. */
  async load(rows: number, columns = 20, invalidEvery = 0): Promise<SpeedFigures> {
    this.model.set(null);
    await nextFrame();
    const base = heapMB();
    let text = generatedWrs(rows, columns, invalidEvery);
    const t0 = performance.now();
    const model = new StaticModel({ data: parseXml(text) });
    await model.fetchData();
    const parseMs = performance.now() - t0;
    text = '';
    const heapDocumentMB = heapMB() - base;
    const start = performance.now();
    this.model.set(model);
    for (;;) {
      await new Promise(requestAnimationFrame);
      if (this.grid()?.isReady()) break;
    }
    await nextFrame();
    const firstPaintMs = performance.now() - start;
    const figures = { rows, columns, parseMs, firstPaintMs, heapDocumentMB, heapAfterLoadMB: heapMB() - base };
    this.textFigures.set(null);
    this.figures.set(figures);
    return figures;
  }
}
