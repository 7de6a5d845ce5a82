import { domName } from '../../testing/fixtures';
import { domDump } from '../../testing/dom-dump';
import { WrsError } from '../errors';
import { parseXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { WrsIndex } from '../rows/wrs-index';
import { SimpleModel } from './simple-model';
import { StaticModel } from './static-model';
import { LoadProgress, WrsTextLoad, loadsInSlices } from './wrs-text-load';

/** A Wrs of `rows` rows of 20 columns (about 330 characters a row). */
function largeWrs(rows: number): string {
  const header = Array.from({ length: 20 }, (_, i) => `<wrs:C pos="${i + 1}" id="c${i + 1}"/>`).join('');
  const cells = (r: number) => Array.from({ length: 20 }, (_, c) => `<wrs:C>${c === 3 ? 'a &amp; b' : `r${r}c${c}`}</wrs:C>`).join('');
  let data = '';
  for (let r = 1; r <= rows; r++) data += `\n<wrs:R id="R${r}">${cells(r)}</wrs:R>`;
  return `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns>${header}</wrs:Columns></wrs:Header><wrs:Data>${data}\n</wrs:Data></wrs:Wrs>`;
}

describe(`A large Wrs loaded in slices (${domName()})`, () => {
  // @xmldom/xmldom parses some 1,000 rows a second on a loaded machine: the specs lower the length from which
  // text loads in slices rather than parse megabytes.
  const ROWS = 600;
  let text = '';
  let slicedMinLength = 0;
  let storeMinLength = 0;
  beforeAll(() => {
    text = largeWrs(ROWS);
    slicedMinLength = WrsTextLoad.slicedMinLength;
    storeMinLength = WrsTextLoad.storeMinLength;
    WrsTextLoad.slicedMinLength = 50_000;
    WrsTextLoad.storeMinLength = 20_000;
  });
  afterAll(() => {
    WrsTextLoad.slicedMinLength = slicedMinLength;
    WrsTextLoad.storeMinLength = storeMinLength;
  });

  it('reports its first rows while loading, is ready with its rows in a store, and builds the document parseXml builds when asked', async () => {
    expect(WrsTextLoad.slices(text)).toBeTrue();
    const model = new StaticModel({ data: text });
    expect(loadsInSlices(model)).toBeTrue();
    const seen: LoadProgress[] = [];
    const sub = model.loadProgress$.subscribe((p) => {
      if (p) seen.push({ document: p.document, rows: p.rows, store: p.store });
    });
    const loaded = model.fetchData();
    // The first rows are read at once: the store answers for them while the provider is still loading.
    expect(seen.length).toBe(1);
    expect(seen[0].rows).toBeGreaterThanOrEqual(100);
    expect(seen[0].store!.id(0)).toBe('R1');
    expect(seen[0].store!.cellValue(0, 1)).toBe(text.match(/<wrs:R id="R1"><wrs:C>([^<]*)/)![1]);
    expect(model.isReady()).toBeFalse();
    expect(model.getData()).toBeNull();
    await loaded;
    sub.unsubscribe();
    expect(model.isReady()).toBeTrue();
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((p, i) => i === 0 || p.rows >= seen[i - 1].rows)).toBeTrue();
    // Ready with no row built: the rows are read from the store until the document is asked for.
    const store = model.getRowStore()!;
    expect(store).toBe(seen[0].store!);
    expect(store.rowCount).toBe(ROWS);
    expect(store.builtRowCount).toBe(0);
    expect(store.verified).toBeTrue();
    expect(model.getData()).toBe(seen[0].document);
    expect(store.materialized).toBeTrue();
    expect(domDump(model.getData()!).join('\n')).toBe(domDump(parseXml(text)).join('\n'));
  });

  it('keeps shorter text of storeMinLength or more in a store at once, and parses text below it', () => {
    const shorter = largeWrs(100);
    expect(WrsTextLoad.slices(shorter)).toBeFalse();
    expect(shorter.length).toBeGreaterThanOrEqual(WrsTextLoad.storeMinLength);
    const model = new StaticModel({ data: shorter });
    void model.execute();
    expect(model.isReady()).toBeTrue();
    const store = model.getRowStore()!;
    expect(store.rowCount).toBe(100);
    expect(store.materialized).toBeFalse();
    // A row by position is read from the store; a general path builds the document.
    expect(model.read('/*/wrs:Data/*[2]/@id')).toBe('R2');
    expect(store.materialized).toBeFalse();
    expect(model.read('/*/wrs:Data/wrs:R[2]/@id')).toBe('R2');
    expect(store.materialized).toBeTrue();
    expect(domDump(model.getData()!).join('\n')).toBe(domDump(parseXml(shorter)).join('\n'));
    const small = new StaticModel({ data: largeWrs(5) });
    void small.execute();
    expect(small.isReady()).toBeTrue();
    expect(small.getRowStore()).toBeNull();
  });

  it('ends in LoadFailedStatus with XML_PARSE for a malformed row of a text kept in a store at once', async () => {
    const model = new StaticModel({ data: largeWrs(100).replace('<wrs:R id="R90">', '<wrs:R id="R90"><wrs:C>') });
    await expectAsync(model.fetchData()).toBeRejectedWith(jasmine.objectContaining({ code: 'LOAD_FAILED' }));
    expect(model.getData()).toBeNull();
    expect(model.getRowStore()).toBeNull();
  });

  it('ends in LoadFailedStatus with XML_PARSE for a malformed row after the first slices', async () => {
    const broken = text.replace('<wrs:R id="R590">', '<wrs:R id="R590"><wrs:C>');
    const model = new StaticModel({ data: broken });
    let progressed = false;
    model.loadProgress$.subscribe((p) => (progressed ||= p !== null));
    await expectAsync(model.fetchData()).toBeRejectedWith(jasmine.objectContaining({ code: 'LOAD_FAILED' }));
    expect(progressed).toBeTrue();
    expect(model.hasFailed()).toBeTrue();
    expect(model.getData()).toBeNull();
    expect((model.getStatus() as { cause?: unknown }).cause).toEqual(jasmine.any(WrsError));
  });

  it('a SimpleModel builds a large answer in slices too, and a forced reload supersedes a load under way', async () => {
    const model = new SimpleModel({ url: 'big.xml', loader: async () => text });
    const firsts: number[] = [];
    model.loadProgress$.subscribe((p) => p && firsts.push(p.rows));
    const first = model.execute();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const second = model.execute(true);
    await Promise.all([first, second]);
    expect(model.isReady()).toBeTrue();
    expect(firsts.length).toBeGreaterThan(1);
    expect(WrsIndex.of(model.getData()!).rowCount).toBe(ROWS);
  });
});
