import { domName, wrsText } from '../../testing/fixtures';
import { domDump } from '../../testing/dom-dump';
import { DataProviderRegistry } from '../data-provider/data-provider';
import { LoadProgress, WrsTextLoad, loadsInSlices } from '../data-provider/wrs-text-load';
import { WrsError, isWrsError } from '../errors';
import { WrsIndex } from '../rows/wrs-index';
import { RowStore } from '../rows/row-store';
import { parseXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { readWrsAnswer } from './backend-answers';
import { FetchWrsBackend } from './fetch-wrs-backend';
import { WrsRequestModel } from './wrs-request-model';

const REQUEST = `<wrq:WrsRequest xmlns:wrq="${NS.wrq}"><wrq:Select><wrq:From><wrq:BindingSet>orders</wrq:BindingSet></wrq:From></wrq:Select></wrq:WrsRequest>`;
// Enough rows for several slices: @xmldom/xmldom builds some 1,000 rows a second, a browser fifty times as many.
const ROWS = domName() === '@xmldom/xmldom' ? 600 : 5000;
const answer = () => wrsText([{ id: 'id' }, { id: 'name' }, { id: 'note' }], Array.from({ length: ROWS }, (_, r) => [String(r + 1), `name ${r + 1}`, r % 7 ? 'a &amp; b' : null]));

/** A fetch that answers every call with the same text. */
function answering(text: () => string): typeof fetch {
  return (async () => new Response(text(), { status: 200 })) as unknown as typeof fetch;
}

async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a failure');
}

describe(`A large backend answer loaded in slices (${domName()})`, () => {
  // The specs lower the length from which answers load in slices rather than parse megabytes (see wrs-text-load.spec).
  let slicedMinLength = 0;
  let text = '';
  beforeAll(() => {
    text = answer();
    slicedMinLength = WrsTextLoad.slicedMinLength;
    WrsTextLoad.slicedMinLength = 20_000;
  });
  afterAll(() => {
    WrsTextLoad.slicedMinLength = slicedMinLength;
  });

  it('FetchWrsBackend.load reports the first rows at once, then each slice, and resolves with the document parseXml builds', async () => {
    expect(WrsTextLoad.slices(text)).toBeTrue();
    const seen: LoadProgress[] = [];
    let settled = false;
    const loading = new FetchWrsBackend({ fetch: answering(() => text) }).load(REQUEST, { progress: (p) => seen.push(p) });
    void loading.then(() => (settled = true));
    const doc = await loading;
    expect(settled).toBeTrue();
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[0].rows).toBeGreaterThanOrEqual(100);
    expect(seen[0].rows).toBeLessThan(ROWS);
    expect(seen.every((p) => p.document === doc)).toBeTrue();
    expect(seen.every((p, i) => i === 0 || p.rows >= seen[i - 1].rows)).toBeTrue();
    expect(domDump(doc).join('\n')).toBe(domDump(parseXml(text)).join('\n'));
  });

  it('a short answer is parsed at once: no progress', async () => {
    const small = wrsText([{ id: 'id' }], [['1'], ['2']]);
    const seen: LoadProgress[] = [];
    const doc = await readWrsAnswer('WrsServlet', small, { progress: (p) => seen.push(p) });
    expect(seen).toEqual([]);
    expect(WrsIndex.of(doc).rowCount).toBe(2);
  });

  it('a malformed row after the first slices is NOT_WRS notXml; a large XML of another root is NOT_WRS notWrs', async () => {
    const late = `<wrs:R id="R${ROWS - 10}">`;
    const broken = text.replace(late, `${late}<wrs:C>`);
    expect(broken).not.toBe(text);
    let progressed = false;
    const e = await failure(readWrsAnswer('WrsServlet', broken, { progress: () => (progressed = true) }));
    expect(progressed).toBeTrue();
    expect(isWrsError(e, 'NOT_WRS') && e.details?.['answer']).toBe('notXml');
    const other = text.replace(/wrs:Wrs/g, 'wrs:Other');
    const o = await failure(readWrsAnswer('WrsServlet', other));
    expect(isWrsError(o, 'NOT_WRS') && o.details?.['answer']).toBe('notWrs');
  });

  it('an abort between slices stops the build and rejects with the reason', async () => {
    const stop = new AbortController();
    const reason = new WrsError('BACKEND', 'stopped by the spec', 'spec');
    let slices = 0;
    const e = await failure(readWrsAnswer('WrsServlet', text, { signal: stop.signal, progress: () => ++slices === 2 && stop.abort(reason) }));
    expect(e).toBe(reason);
    expect(slices).toBe(2);
  });

  it('a WrsRequestModel reports the rows built so far while loading, and is ready with the whole answer', async () => {
    const registry = new DataProviderRegistry();
    const model = new WrsRequestModel({ requestDocument: REQUEST, backend: new FetchWrsBackend({ fetch: answering(() => text) }), registry });
    expect(loadsInSlices(model)).toBeTrue();
    const seen: { rows: number; ready: boolean; data: Document | null }[] = [];
    model.loadProgress$.subscribe((p) => p && seen.push({ rows: p.rows, ready: model.isReady(), data: model.getData() }));
    await model.fetchData();
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((s) => !s.ready && s.data === null)).toBeTrue();
    expect(seen[0].rows).toBeLessThan(ROWS);
    // Ready with the rows in a store (the backend's loadRows), none built until the document is asked for.
    const store = model.getRowStore()!;
    expect(store.rowCount).toBe(ROWS);
    expect(store.builtRowCount).toBe(0);
    expect(WrsIndex.of(model.getData()!).rowCount).toBe(ROWS);
    expect(domDump(model.getData()!).join('\n')).toBe(domDump(parseXml(text)).join('\n'));
  });

  it('a forced reload of a WrsRequestModel stops the slices of the load it supersedes', async () => {
    const registry = new DataProviderRegistry();
    let calls = 0;
    const texts = [text, text.replace('name 1<', 'second 1<')];
    const model = new WrsRequestModel({ requestDocument: REQUEST, backend: new FetchWrsBackend({ fetch: answering(() => texts[calls++]) }), registry });
    const progressOf: RowStore[] = [];
    let second: Promise<unknown> | null = null;
    // The newer load starts at the first report of the older one, while its slices are under way.
    model.loadProgress$.subscribe((p) => {
      if (p?.store && !progressOf.includes(p.store)) progressOf.push(p.store);
      second ??= p && model.execute(true);
    });
    const first = model.execute();
    await first;
    await second;
    expect(model.isReady()).toBeTrue();
    expect(model.read('/*/wrs:Data/wrs:R[1]/wrs:C[2]')).toBe('second 1');
    // The first load's reading stopped where the newer load began: its rows were never all checked.
    expect(progressOf.length).toBe(2);
    expect(progressOf[0].verified).toBeFalse();
    expect(model.getRowStore()).toBe(progressOf[1]);
  });
});
