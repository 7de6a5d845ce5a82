// Columns on 100,000 x 20 rows (issue 25): a resize drag's frames against plain scrolling's in the same page, and
// what restoring a kept column state adds to the first paint. The grid's stylesheet is in the page (run.ts).
import { parseXml } from '../../projects/ui-grid/core/src/xml/dom';
import { WrsIndex } from '../../projects/ui-grid/core/src/rows/wrs-index';
import { GridBody } from '../../projects/ui-grid/src/lib/grid/grid-body';
import { ElementRow } from '../../projects/ui-grid/src/lib/grid/shown-row';
import { gridLayout } from '../../projects/ui-grid/src/lib/grid/grid-column';
import { paintHeader } from '../../projects/ui-grid/src/lib/grid/grid-header';
import { ColumnLayout } from '../../projects/ui-grid/src/lib/grid/columns/column-layout';
import { placeHeader } from '../../projects/ui-grid/src/lib/grid/columns/column-resize';
import { checkColumnState } from '../../projects/ui-grid/src/lib/grid/columns/column-state';
import { generateWrs } from '../data/generate-wrs';
import type { Figure } from '../harness';

const ROWS = 100_000;
const FRAMES = 240;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
}

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/** Runs `step` once per animation frame; the intervals between frames and the time each step took. */
async function frames(count: number, step: (i: number) => void): Promise<{ deltas: number[]; work: number[] }> {
  const deltas: number[] = [];
  const work: number[] = [];
  let last = await frame();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    step(i);
    // Layout inside the measured step, as the browser would do it before the frame.
    void document.body.offsetHeight;
    work.push(performance.now() - t0);
    const now = await frame();
    deltas.push(now - last);
    last = now;
  }
  return { deltas, work };
}

async function runColumnCases(env: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  const doc = parseXml(generateWrs(ROWS, 20));
  const index = WrsIndex.of(doc);
  const rows = index.rows();
  const layout = gridLayout(index, null);
  const host = document.body.appendChild(document.createElement('div'));
  host.className = 'ui-grid-body';
  host.style.width = '1000px';
  const source = { rowCount: () => rows.length, rowAt: (p: number) => (rows[p] ? new ElementRow(rows[p]) : null), isSelected: () => false, isFocused: () => false, errorOf: () => null };
  const columns = new ColumnLayout();
  columns.use(layout, null, 0);
  let body = new GridBody(host, source, 28);
  let shown = columns.shown();
  paintHeader(body.header, layout, shown, 28, () => undefined);
  body.setColumns(shown);
  body.setHeight(600);

  // Plain scrolling: half small wheel-like steps, half page jumps, a scroll event per frame (as bench/grid does).
  const vp = body.viewport;
  const scroll = await frames(FRAMES, (i) => {
    vp.scrollTop = (vp.scrollTop + (i % 2 === 0 ? 84 : vp.scrollHeight / 200)) % (vp.scrollHeight - vp.clientHeight);
    vp.dispatchEvent(new Event('scroll'));
  });
  vp.scrollTop = 0;
  body.paint();
  // A resize drag: the second column 3 px wider or narrower each frame, live in the body and the header.
  const resize = await frames(FRAMES, (i) => {
    const width = 120 + 3 * (i % 60 < 30 ? i % 30 : 30 - (i % 30));
    columns.setWidth(shown[1].id, width);
    shown = columns.shown();
    body.resizeColumns(shown.map((c) => c.width));
    placeHeader(body.header, shown);
  });
  figures.push({ suite: 'grid-features', name: 'scroll.p95Frame.100k', value: p95(scroll.deltas), unit: 'ms', env: `${env}, ${FRAMES} frames, rAF interval` });
  figures.push({ suite: 'grid-features', name: 'columnResize.drag.p95Frame.100k', value: p95(resize.deltas), unit: 'ms', env: `${env}, ${FRAMES} frames, rAF interval` });
  figures.push({ suite: 'grid-features', name: 'columnResize.drag.p95Frame.ratioToScroll', value: p95(resize.deltas) / p95(scroll.deltas), unit: 'ratio', target: 1 });
  figures.push({ suite: 'grid-features', name: 'scroll.p95Work.100k', value: p95(scroll.work), unit: 'ms', env: `${env}, scroll step JS + layout` });
  figures.push({ suite: 'grid-features', name: 'columnResize.drag.p95Work.100k', value: p95(resize.work), unit: 'ms', env: `${env}, resize step JS + layout` });

  // First paint of the grid body and header, without and with a kept column state read from its JSON text as
  // localStorage holds it: every column moved and given a width of its own, none hidden, so as many columns paint.
  const kept = JSON.stringify({
    columns: [...layout.columns].reverse().map((c, i) => ({ id: c.id, width: 118 + (i % 5), hidden: false })),
    sort: [],
    filters: {},
  });
  const applying: number[] = [];
  const firstPaint = (restore: boolean) => {
    body.destroy();
    const t0 = performance.now();
    const fresh = new ColumnLayout();
    fresh.use(layout, null, 0);
    if (restore) {
      const a0 = performance.now();
      const state = checkColumnState(JSON.parse(kept));
      fresh.setOrder(state.columns!.map((c) => c.id));
      for (const c of state.columns!) {
        fresh.setHidden(c.id, c.hidden);
        fresh.setWidth(c.id, c.width);
      }
      applying.push(performance.now() - a0);
    }
    body = new GridBody(host, source, 28);
    const painted = fresh.shown();
    paintHeader(body.header, layout, painted, 28, () => undefined);
    body.setColumns(painted);
    body.setHeight(600);
    void document.body.offsetHeight;
    return performance.now() - t0;
  };
  const plain: number[] = [];
  const restored: number[] = [];
  for (let i = 0; i < 15; i++) {
    plain.push(firstPaint(false));
    restored.push(firstPaint(true));
  }
  figures.push({ suite: 'grid-features', name: 'firstPaint.plain.100k', value: median(plain), unit: 'ms', env });
  figures.push({ suite: 'grid-features', name: 'firstPaint.columnStateRestored.100k', value: median(restored), unit: 'ms', env });
  figures.push({ suite: 'grid-features', name: 'columnState.restore.addedToFirstPaint', value: median(restored) - median(plain), unit: 'ms', target: 10, env });
  figures.push({ suite: 'grid-features', name: 'columnState.restore.readAndApply', value: median(applying), unit: 'ms', env: `${env}, JSON text to layout, 20 columns` });
  body.destroy();
  host.remove();
  return figures;
}

(globalThis as unknown as { runColumnCases: typeof runColumnCases }).runColumnCases = runColumnCases;
