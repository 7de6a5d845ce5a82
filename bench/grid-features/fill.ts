// Fills of 10,000 cells on the demo's speed page (a production build, 100,000 x 20), from the release of the fill
// handle or Ctrl+D to the rows painted (target: 100 ms); each run undone before the next. The rows are loaded as the
// page's button loads them, from Wrs text into the row store (the fills write its entries); `fill.dom.*` repeats
// them on a document the page built (the DOM path, for reference).
import { chromium } from '@playwright/test';
import { buildDemo, serveStatic } from '../demo-server';
import { median, type Figure } from '../harness';
import { CHROMIUM_BIN, CHROMIUM_FLAGS } from '../../scripts/chromium.cjs';

const OUT = 'dist/bench-fill-demo';
const RUNS = 5;

interface FillTimes {
  handleSeries: number[];
  handleBlock: number[];
  ctrlD: number[];
  paste: number[];
}

/** In the page: each fill timed from the event that starts it to the rows laid out again, then undone. */
async function measureFills(runs: number): Promise<FillTimes> {
  const body = document.querySelector('.ui-grid-body') as HTMLElement;
  const viewport = body.querySelector('.ui-grid-viewport') as HTMLElement;
  const frame = () => new Promise(requestAnimationFrame);
  const mouse = (target: EventTarget, type: string, x: number, y: number, shiftKey = false) =>
    target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, buttons: type === 'mouseup' ? 0 : 1, clientX: x, clientY: y, shiftKey }));
  const cellAt = (row: number, col: number) => body.querySelector(`.ui-grid-row[aria-rowindex="${row + 2}"] [aria-colindex="${col + 1}"]`) as HTMLElement;
  const rowHeight = cellAt(0, 0).getBoundingClientRect().height;
  const scrollTo = async (row: number) => {
    viewport.scrollTop = Math.max(0, row * rowHeight - 100);
    viewport.dispatchEvent(new Event('scroll'));
    await frame();
  };
  const click = async (row: number, col: number, shift = false) => {
    await scrollTo(row);
    const box = cellAt(row, col).getBoundingClientRect();
    mouse(cellAt(row, col), 'mousedown', box.left + 5, box.top + 5, shift);
    mouse(document, 'mouseup', box.left + 5, box.top + 5);
    await frame();
  };
  const timed = async (act: () => void) => {
    (globalThis as { gc?: () => void }).gc?.();
    const t = performance.now();
    act();
    void body.querySelector('.ui-grid-row')!.getBoundingClientRect();
    const ms = performance.now() - t;
    await frame();
    return ms;
  };
  const undo = async () => {
    body.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true }));
    await frame();
  };
  /** Selects rows 0 and 1 of columns [left, right] and drags the handle to row `to` of column `right`. */
  const dragFill = async (left: number, right: number, to: number) => {
    await click(0, left);
    await click(1, right, true);
    const handle = body.querySelector('.ui-grid-fill-handle') as HTMLElement;
    const start = handle.getBoundingClientRect();
    mouse(handle, 'mousedown', start.left + 3, start.top + 3);
    await scrollTo(to);
    const end = cellAt(to, right).getBoundingClientRect();
    mouse(document, 'mousemove', end.left + 5, end.top + 5);
    return timed(() => mouse(document, 'mouseup', end.left + 5, end.top + 5));
  };
  const times: FillTimes = { handleSeries: [], handleBlock: [], ctrlD: [], paste: [] };
  // The same 10,000 cells as Ctrl+D writes, pasted: what the grid's write path costs whatever fills it.
  const lines = Array.from({ length: 10_000 }, () => '9').join('\n');
  for (let i = 0; i < runs; i++) {
    // Column 2 is INTEGER: 9, 16 continue by 7 over rows 2 to 10,001.
    times.handleSeries.push(await dragFill(1, 1, 10_001));
    if (cellAt(10_001, 1).textContent !== '70016') throw new Error(`series fill wrote ${cellAt(10_001, 1).textContent}`);
    await undo();
    // Ten columns of every kind (text, integer, reference, numeric, date) over rows 2 to 1,001.
    times.handleBlock.push(await dragFill(0, 9, 1_001));
    await undo();
    await click(0, 1);
    await click(10_000, 1, true);
    times.ctrlD.push(await timed(() => body.dispatchEvent(new KeyboardEvent('keydown', { key: 'd', ctrlKey: true, bubbles: true, cancelable: true }))));
    if (cellAt(10_000, 1).textContent !== '9') throw new Error(`Ctrl+D wrote ${cellAt(10_000, 1).textContent}`);
    await undo();
    await click(1, 1);
    const data = new DataTransfer();
    data.setData('text/plain', lines);
    times.paste.push(await timed(() => body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))));
    await undo();
  }
  return times;
}

/** The fill figures of `npm run bench -- grid-features`. */
export async function fillFigures(): Promise<Figure[]> {
  const server = await serveStatic(buildDemo(OUT));
  const browser = await chromium.launch({ executablePath: CHROMIUM_BIN, args: [...CHROMIUM_FLAGS, '--js-flags=--expose-gc'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // tsx keeps function names with a `__name` helper that the page does not have.
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await page.goto(`${server.url}/#/grid-speed`);
    await page.waitForFunction(() => 'gridSpeed' in globalThis);
    type Speed = { gridSpeed: { load(n: number): Promise<unknown>; loadText(n: number): Promise<unknown> } };
    await page.evaluate(() => (globalThis as unknown as Speed).gridSpeed.loadText(100_000));
    const times = await page.evaluate(measureFills, RUNS);
    await page.evaluate(() => (globalThis as unknown as Speed).gridSpeed.load(100_000));
    const dom = await page.evaluate(measureFills, RUNS);
    const env = `chromium headless, 100000 x 20 from text (row store), median of ${RUNS}`;
    const domEnv = `chromium headless, 100000 x 20 as a document (DOM), median of ${RUNS}, for reference`;
    return [
      { suite: 'grid-features', name: 'fill.handle.series.10000x1ToPainted', value: median(times.handleSeries), unit: 'ms', target: 100, env },
      { suite: 'grid-features', name: 'fill.handle.series.1000x10ToPainted', value: median(times.handleBlock), unit: 'ms', target: 100, env },
      { suite: 'grid-features', name: 'fill.ctrlD.10000x1ToPainted', value: median(times.ctrlD), unit: 'ms', target: 100, env },
      { suite: 'grid-features', name: 'fill.pasteSameCells.10000x1ToPainted', value: median(times.paste), unit: 'ms', env: `${env}, for reference` },
      { suite: 'grid-features', name: 'fill.ratio.ctrlD/paste', value: median(times.ctrlD) / median(times.paste), unit: 'ratio', env },
      { suite: 'grid-features', name: 'fill.dom.handle.series.10000x1ToPainted', value: median(dom.handleSeries), unit: 'ms', env: domEnv },
      { suite: 'grid-features', name: 'fill.dom.ctrlD.10000x1ToPainted', value: median(dom.ctrlD), unit: 'ms', env: domEnv },
      { suite: 'grid-features', name: 'fill.dom.pasteSameCells.10000x1ToPainted', value: median(dom.paste), unit: 'ms', env: domEnv },
    ];
  } finally {
    await browser.close();
    server.close();
  }
}
