// `npm run bench -- grid`: issue 6's figures for the GridComponent, measured on the demo app's speed page (a
// production build) in headless Chromium: first paint at 1k and 100k rows, scrolling, edit, paste, heap.
import { chromium } from '@playwright/test';
import { buildDemo, serveStatic } from '../demo-server';
import { median, percentile, report } from '../harness';
import { CHROMIUM_BIN, CHROMIUM_FLAGS } from '../../scripts/chromium.cjs';

const OUT = 'dist/bench-grid-demo';
const ROWS = Number(process.env.GRID_BENCH_ROWS ?? 100_000);

interface SpeedFigures {
  rows: number;
  parseMs: number;
  firstPaintMs: number;
  heapDocumentMB: number;
  heapAfterLoadMB: number;
}

/** In the page: 400 scroll steps, half small wheel-like steps, half page jumps; frame intervals and step work. */
async function measureScroll(): Promise<{ deltas: number[]; work: number[] }> {
  const vp = document.querySelector('.ui-grid-viewport') as HTMLElement;
  const frame = () => new Promise<number>(requestAnimationFrame);
  const deltas: number[] = [];
  const work: number[] = [];
  let last = await frame();
  for (let i = 0; i < 400; i++) {
    const step = i % 2 === 0 ? 84 : vp.scrollHeight / 200;
    const t = performance.now();
    vp.scrollTop = (vp.scrollTop + step) % (vp.scrollHeight - vp.clientHeight);
    vp.dispatchEvent(new Event('scroll'));
    void vp.querySelector('.ui-grid-row')!.getBoundingClientRect();
    work.push(performance.now() - t);
    const now = await frame();
    deltas.push(now - last);
    last = now;
  }
  return { deltas, work };
}

/** In the page: 30 cell edits (type, Enter), each timed from the commit to the edited cell painted. */
async function measureEdits(): Promise<number[]> {
  const body = document.querySelector('.ui-grid-body') as HTMLElement;
  const key = (target: Element, k: string, init: KeyboardEventInit = {}) => target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
  body.focus();
  key(body, 'Home', { ctrlKey: true });
  key(body, 'ArrowRight');
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    key(body, 'x');
    const editor = document.querySelector('.ui-grid-editor') as HTMLInputElement;
    editor.value = `edited ${i}`;
    const t = performance.now();
    key(editor, 'Enter');
    void body.querySelector('.ui-grid-cell-modified')!.getBoundingClientRect();
    times.push(performance.now() - t);
    await new Promise(requestAnimationFrame);
  }
  return times;
}

async function main(): Promise<void> {
  const server = await serveStatic(buildDemo(OUT));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_BIN,
    args: [...CHROMIUM_FLAGS, '--js-flags=--expose-gc', '--enable-precise-memory-info', '--enable-blink-features=ForceEagerMeasureMemory'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // tsx keeps function names with a `__name` helper that the page does not have.
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await page.goto(`${server.url}/#/grid-speed`);
    await page.waitForFunction(() => 'gridSpeed' in globalThis);
    const load = (rows: number) => page.evaluate((n) => (globalThis as unknown as { gridSpeed: { load(n: number): Promise<SpeedFigures> } }).gridSpeed.load(n), rows);
    const small: number[] = [];
    for (let i = 0; i < 5; i++) small.push((await load(1000)).firstPaintMs);
    const big = await load(ROWS);
    const env = `chromium headless, ${ROWS} x 20`;
    report({ suite: 'grid', name: 'firstPaint.1k', value: median(small), unit: 'ms', env: 'chromium headless, 1000 x 20, median of 5' });
    report({ suite: 'grid', name: `firstPaint.${ROWS / 1000}k`, value: big.firstPaintMs, unit: 'ms', target: 150, env });
    report({ suite: 'grid', name: `firstPaint.ratio.${ROWS / 1000}k/1k`, value: big.firstPaintMs / median(small), unit: 'ratio', target: 1.5, env });
    report({ suite: 'grid', name: 'xmlParse', value: big.parseMs, unit: 'ms', env: `${env}, parseXml, for reference` });

    const scroll = await page.evaluate(measureScroll);
    report({ suite: 'grid', name: 'scroll.p95Frame', value: percentile(scroll.deltas, 95), unit: 'ms', target: 16.7, env: `${env}, 400 frames, rAF interval` });
    report({ suite: 'grid', name: 'scroll.p95Work', value: percentile(scroll.work, 95), unit: 'ms', env: `${env}, scroll step JS + layout` });

    // Row headers off and on in turns over the same rows: what they add to a scroll step.
    const rowHeaders = (on: boolean) => page.evaluate((v) => (globalThis as unknown as { gridSpeed: { rowHeaders(on: boolean): Promise<void> } }).gridSpeed.rowHeaders(v), on);
    const turns: Record<'off' | 'on', { frames: number[]; work: number[] }> = { off: { frames: [], work: [] }, on: { frames: [], work: [] } };
    for (let round = 0; round < 3; round++) {
      for (const on of [false, true]) {
        await rowHeaders(on);
        const run = await page.evaluate(measureScroll);
        turns[on ? 'on' : 'off'].frames.push(percentile(run.deltas, 95));
        turns[on ? 'on' : 'off'].work.push(percentile(run.work, 95));
      }
    }
    await rowHeaders(false);
    const turnsEnv = `${env}, median of 3 runs of 400 steps, off and on in turns`;
    report({ suite: 'grid', name: 'scroll.p95Frame.rowHeadersOff', value: median(turns.off.frames), unit: 'ms', env: turnsEnv });
    report({ suite: 'grid', name: 'scroll.p95Frame.rowHeadersOn', value: median(turns.on.frames), unit: 'ms', env: turnsEnv });
    report({ suite: 'grid', name: 'scroll.p95Work.rowHeadersOff', value: median(turns.off.work), unit: 'ms', env: turnsEnv });
    report({ suite: 'grid', name: 'scroll.p95Work.rowHeadersOn', value: median(turns.on.work), unit: 'ms', env: turnsEnv });
    report({ suite: 'grid', name: 'scroll.p95Work.ratio.rowHeaders/off', value: median(turns.on.work) / median(turns.off.work), unit: 'ratio', env: turnsEnv });

    const edit = await page.evaluate(measureEdits);
    report({ suite: 'grid', name: 'edit.commitToRepaint', value: median(edit), unit: 'ms', target: 16, env: `${env}, median of 30` });

    const paste = await page.evaluate(async () => {
      const body = document.querySelector('.ui-grid-body') as HTMLElement;
      const key = (k: string, init: KeyboardEventInit = {}) => body.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
      const lines: string[] = [];
      for (let r = 0; r < 1000; r++) lines.push(Array.from({ length: 20 }, (_, c) => (c === 2 ? 'FR' : c % 4 === 1 ? String(r + c) : `p${r}-${c}`)).join('\t'));
      const text = lines.join('\n');
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        key('Home', { ctrlKey: true });
        const data = new DataTransfer();
        data.setData('text/plain', text);
        // As in bench/wrs-util: a run does not pay for the garbage the runs before it left.
        (globalThis as { gc?: () => void }).gc?.();
        const t = performance.now();
        body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        void body.querySelector('.ui-grid-row')!.getBoundingClientRect();
        times.push(performance.now() - t);
        await new Promise(requestAnimationFrame);
        key('z', { ctrlKey: true });
        await new Promise(requestAnimationFrame);
      }
      return times;
    });
    report({ suite: 'grid', name: 'paste.1000x20ToPainted', value: median(paste), unit: 'ms', target: 150, env: `${env}, median of 5` });

    // Deleting 10,000 selected rows through the context menu (R rows become D rows, one change set), then undoing it:
    // from the click on the menu entry to the rows painted again.
    const deletion = await page.evaluate(async () => {
      const body = document.querySelector('.ui-grid-body') as HTMLElement;
      const key = (k: string, init: KeyboardEventInit = {}) => body.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
      const frame = () => new Promise(requestAnimationFrame);
      const focusedRow = () => Number(body.querySelector('.ui-grid-cell-focus')?.closest('[aria-rowindex]')?.getAttribute('aria-rowindex') ?? 0) - 2;
      const removed: number[] = [];
      const undone: number[] = [];
      for (let i = 0; i < 3; i++) {
        key('Home', { ctrlKey: true });
        await frame();
        while (focusedRow() < 9_999) {
          key(focusedRow() < 9_950 ? 'PageDown' : 'ArrowDown', { shiftKey: true });
          await frame();
        }
        if (focusedRow() !== 9_999) throw new Error(`selection ends at row ${focusedRow()}`);
        key('F10', { shiftKey: true });
        let entry: HTMLElement | null = null;
        for (let f = 0; f < 120 && !entry; f++) {
          await frame();
          entry = document.querySelector('.ui-grid-context-menu [data-action="deleteRow"]');
        }
        if (!entry) throw new Error('the context menu did not open');
        (globalThis as { gc?: () => void }).gc?.();
        const t = performance.now();
        entry.click();
        void body.querySelector('.ui-grid-row')!.getBoundingClientRect();
        removed.push(performance.now() - t);
        if (!body.querySelector('.ui-grid-row-D')) throw new Error('no deleted row painted');
        await frame();
        (globalThis as { gc?: () => void }).gc?.();
        const u = performance.now();
        key('z', { ctrlKey: true });
        void body.querySelector('.ui-grid-row')!.getBoundingClientRect();
        undone.push(performance.now() - u);
        if (body.querySelector('.ui-grid-row-D')) throw new Error('deleted rows still painted after undo');
        await frame();
      }
      return { removed, undone };
    });
    report({ suite: 'grid', name: 'deleteRows.10kSelectedToPainted', value: median(deletion.removed), unit: 'ms', env: `${env}, context menu, median of 3` });
    report({ suite: 'grid', name: 'deleteRows.10kUndoToPainted', value: median(deletion.undone), unit: 'ms', env: `${env}, Ctrl+Z, median of 3` });

    // The same edits with every 11th row invalid (9,091 errors at 100k rows): the validation result the grid stores
    // per change set must cost what the edited row changes, not what the result holds.
    await page.evaluate((rows) => (globalThis as unknown as { gridSpeed: { load(n: number, c: number, e: number): Promise<SpeedFigures> } }).gridSpeed.load(rows, 20, 11), ROWS);
    await page.waitForSelector('.ui-grid-errors', { timeout: 120_000 });
    const errors = await page.textContent('.ui-grid-errors');
    const editWithErrors = await page.evaluate(measureEdits);
    report({ suite: 'grid', name: 'edit.commitToRepaint.withErrors', value: median(editWithErrors), unit: 'ms', target: 16, env: `${env}, ${errors?.trim()}, median of 30` });

    // A wide table: a scroll step's cost should follow the columns in view, not the 200 columns of a row.
    const wide = { rows: 10_000, columns: 200 };
    await page.evaluate(
      ({ rows, columns }) => (globalThis as unknown as { gridSpeed: { load(n: number, c: number): Promise<SpeedFigures> } }).gridSpeed.load(rows, columns),
      wide,
    );
    const wideScroll = await page.evaluate(async () => {
      const vp = document.querySelector('.ui-grid-viewport') as HTMLElement;
      const canvas = vp.querySelector('.ui-grid-canvas') as HTMLElement;
      const frame = () => new Promise<number>(requestAnimationFrame);
      // Cells whose content a step wrote, counted apart from the timed steps (an observer costs time of its own).
      const written = new Set<Node>();
      const observer = new MutationObserver((records) => {
        for (const r of records) written.add(r.target.nodeType === 1 ? r.target : r.target.parentNode!);
      });
      const run = async (axis: 'scrollTop' | 'scrollLeft', steps: number, count: boolean) => {
        const deltas: number[] = [];
        const work: number[] = [];
        const cells: number[] = [];
        const range = axis === 'scrollTop' ? vp.scrollHeight - vp.clientHeight : vp.scrollWidth - vp.clientWidth;
        const page = axis === 'scrollTop' ? vp.scrollHeight / 200 : vp.clientWidth;
        if (count) observer.observe(canvas, { childList: true, characterData: true, subtree: true });
        let last = await frame();
        for (let i = 0; i < steps; i++) {
          // As scroll.p95Frame: half small wheel-like steps, half page jumps.
          const step = i % 2 === 0 ? 84 : page;
          const t = performance.now();
          vp[axis] = (vp[axis] + step) % range;
          vp.dispatchEvent(new Event('scroll'));
          void vp.querySelector('.ui-grid-row')!.getBoundingClientRect();
          work.push(performance.now() - t);
          if (count) {
            observer.takeRecords().forEach((r) => written.add(r.target.nodeType === 1 ? r.target : r.target.parentNode!));
            cells.push(written.size);
            written.clear();
          }
          const now = await frame();
          deltas.push(now - last);
          last = now;
        }
        observer.disconnect();
        return { deltas, work, cells };
      };
      vp.scrollTop = 0;
      vp.scrollLeft = 0;
      const vertical = await run('scrollTop', 400, false);
      const verticalCells = await run('scrollTop', 100, true);
      vp.scrollTop = 0;
      const horizontal = await run('scrollLeft', 200, false);
      const horizontalCells = await run('scrollLeft', 100, true);
      return { vertical, horizontal, verticalCells: verticalCells.cells, horizontalCells: horizontalCells.cells };
    });
    const wideEnv = `chromium headless, ${wide.rows} x ${wide.columns}`;
    report({ suite: 'grid', name: 'scroll.wide.p95Frame', value: percentile(wideScroll.vertical.deltas, 95), unit: 'ms', target: 16.7, env: `${wideEnv}, 400 vertical frames, rAF interval` });
    report({ suite: 'grid', name: 'scroll.wide.p95Work', value: percentile(wideScroll.vertical.work, 95), unit: 'ms', env: `${wideEnv}, vertical step JS + layout` });
    report({ suite: 'grid', name: 'scroll.wide.cellsWrittenPerStep', value: median(wideScroll.verticalCells), unit: 'count', env: `${wideEnv}, vertical, median of 100 steps` });
    report({ suite: 'grid', name: 'scroll.wide.horizontal.p95Frame', value: percentile(wideScroll.horizontal.deltas, 95), unit: 'ms', target: 16.7, env: `${wideEnv}, 200 horizontal frames, rAF interval` });
    report({ suite: 'grid', name: 'scroll.wide.horizontal.p95Work', value: percentile(wideScroll.horizontal.work, 95), unit: 'ms', env: `${wideEnv}, horizontal step JS + layout` });
    report({ suite: 'grid', name: 'scroll.wide.horizontal.cellsWrittenPerStep', value: median(wideScroll.horizontalCells), unit: 'count', env: `${wideEnv}, horizontal, median of 100 steps` });

    // A fresh page, so no document of the runs above is still waiting to be collected.
    const memoryPage = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await memoryPage.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await memoryPage.goto(`${server.url}/#/grid-speed`);
    await memoryPage.waitForFunction(() => 'gridSpeed' in globalThis);
    const memory = await memoryPage.evaluate(
      (n) => (globalThis as unknown as { gridSpeed: { memory(n: number): Promise<{ providerReadyMB: number; afterLoadMB: number; documentBuiltMB: number; source: string }> } }).gridSpeed.memory(n),
      ROWS,
    );
    const memoryEnv = `${env}, ${memory.source}, MB above the empty page`;
    // From the Wrs text: the provider keeps its rows in a row store; the grid shows them without building the document.
    report({ suite: 'grid', name: 'memory.providerReady', value: memory.providerReadyMB, unit: 'MB', env: memoryEnv });
    report({ suite: 'grid', name: 'memory.afterGridLoad', value: memory.afterLoadMB, unit: 'MB', env: memoryEnv });
    report({ suite: 'grid', name: 'memory.ratio.afterLoad/providerReady', value: memory.afterLoadMB / memory.providerReadyMB, unit: 'ratio', target: 2, env: memoryEnv });
    report({ suite: 'grid', name: 'memory.documentBuilt', value: memory.documentBuiltMB, unit: 'MB', env: `${memoryEnv}, after getData() built the rows` });
  } finally {
    await browser.close();
    server.close();
  }
}

void main();
