// The peer grids of bench/peers in the page: AG Grid Community and Handsontable, each given the rows as the JSON
// text an app would fetch, on the same rows and columns as the demo's speed page gives ngx-wrs-grid as Wrs XML.
import { AllCommunityModule, ModuleRegistry, createGrid, type GridApi } from 'ag-grid-community';
import Handsontable from 'handsontable';
import handsontableCss from 'handsontable/styles/handsontable.min.css';
import { generateRowsJson } from '../data/generate-wrs';

ModuleRegistry.registerModules([AllCommunityModule]);
const style = document.head.appendChild(document.createElement('style'));
style.textContent = handsontableCss;

export type PeerName = 'ag-grid' | 'handsontable';
const COLUMNS = 20;
const ids = Array.from({ length: COLUMNS }, (_, i) => `c${i + 1}`);
let destroy: (() => void) | null = null;

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

function mount(name: PeerName, rows: Record<string, string>[]): void {
  const host = document.body.appendChild(document.createElement('div'));
  host.style.cssText = 'width: 100%; height: 480px;';
  if (name === 'ag-grid') {
    const api: GridApi = createGrid(host, {
      columnDefs: ids.map((field, i) => ({ field, headerName: `Column ${i + 1}`, editable: true })),
      rowData: rows,
      getRowId: (p) => p.data.id,
    });
    destroy = () => (api.destroy(), host.remove());
  } else {
    const hot = new Handsontable(host, {
      data: rows,
      columns: ids.map((data) => ({ data })),
      colHeaders: ids.map((_, i) => `Column ${i + 1}`),
      height: 480,
      width: '100%',
      licenseKey: 'non-commercial-and-evaluation',
    });
    destroy = () => (hot.destroy(), host.remove());
  }
}

/** A cell of the first data row, once painted. */
function firstCell(name: PeerName): Element | null {
  return document.querySelector(name === 'ag-grid' ? '.ag-row[row-index="0"] .ag-cell' : '.ht_master tbody tr td');
}

/** JSON text of `rows` rows -> parsed -> grid created -> first row painted, as ngx-wrs-grid's speed page measures it. */
async function load(name: PeerName, rows: number): Promise<{ parseMs: number; firstPaintMs: number }> {
  destroy?.();
  destroy = null;
  await nextFrame();
  let text = generateRowsJson(rows, COLUMNS);
  gc();
  const t0 = performance.now();
  const data = JSON.parse(text) as Record<string, string>[];
  const parseMs = performance.now() - t0;
  text = '';
  const start = performance.now();
  mount(name, data);
  while (!firstCell(name)?.textContent) await new Promise(requestAnimationFrame);
  await nextFrame();
  return { parseMs, firstPaintMs: performance.now() - start };
}

/** Memory of the page (MB, DOM included: the page is cross-origin isolated) with nothing, then with the grid loaded. */
async function memory(name: PeerName, rows: number): Promise<{ emptyMB: number; loadedMB: number }> {
  const measure = async () => {
    gc();
    const m = (performance as unknown as { measureUserAgentSpecificMemory(): Promise<{ bytes: number }> }).measureUserAgentSpecificMemory;
    return (await m.call(performance)).bytes / 2 ** 20;
  };
  destroy?.();
  destroy = null;
  await nextFrame();
  const emptyMB = await measure();
  mount(name, JSON.parse(generateRowsJson(rows, COLUMNS)));
  while (!firstCell(name)?.textContent) await new Promise(requestAnimationFrame);
  await nextFrame();
  return { emptyMB, loadedMB: await measure() };
}

(globalThis as unknown as { peers: unknown }).peers = { load, memory };
