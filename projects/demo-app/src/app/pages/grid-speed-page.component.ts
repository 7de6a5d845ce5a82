import { ChangeDetectionStrategy, Component, DestroyRef, inject, signal, viewChild } from '@angular/core';
import { GridComponent } from 'ngx-wrs-grid';
import { StaticModel, parseXml } from 'ngx-wrs-grid/core';
import { generatedWrs } from './grid-pages-data';

/** Figures of one load, as the page shows them and bench/grid reads them. */
export interface SpeedFigures {
  readonly rows: number;
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

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/**
 * A grid over a static Wrs generated in the page (default 100,000 x 20) showing how long the grid takes from data
 * ready to first rows painted. `globalThis.gridSpeed.load(rows)` lets bench/grid drive the same page.
 */
@Component({
  selector: 'app-grid-speed-page',
  imports: [GridComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Speed: a static Wrs of many rows</h1>
    <p class="controls">
      <label>Rows <input type="number" min="1" data-test="rows" [value]="rows()" (change)="rows.set(+$any($event.target).value)" /></label>
      <button type="button" data-test="load" (click)="load(rows())">Generate and load</button>
    </p>
    @if (figures(); as f) {
      <p data-test="figures">{{ f.rows }} rows x 20 columns: XML parsed in {{ f.parseMs.toFixed(0) }} ms; data ready -> first rows painted in {{ f.firstPaintMs.toFixed(1) }} ms</p>
    }
    @if (model(); as m) {
      <ui-grid [inputModel]="m" [maxHeight]="480" />
    }
  `,
  styles: `.controls { display: flex; gap: 1rem; align-items: center; }`,
})
export class GridSpeedPageComponent {
  protected readonly rows = signal(100_000);
  protected readonly model = signal<StaticModel | null>(null);
  protected readonly figures = signal<SpeedFigures | null>(null);
  private readonly grid = viewChild(GridComponent);

  constructor() {
    const hook = globalThis as { gridSpeed?: { load(rows: number): Promise<SpeedFigures> } };
    hook.gridSpeed = { load: (rows) => this.load(rows) };
    inject(DestroyRef).onDestroy(() => delete hook.gridSpeed);
  }

  /** Generates and parses a Wrs, then measures data ready -> first rows painted. */
  async load(rows: number): Promise<SpeedFigures> {
    this.model.set(null);
    await nextFrame();
    const base = heapMB();
    let text = generatedWrs(rows, 20);
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
    const figures = { rows, parseMs, firstPaintMs, heapDocumentMB, heapAfterLoadMB: heapMB() - base };
    this.figures.set(figures);
    return figures;
  }
}
