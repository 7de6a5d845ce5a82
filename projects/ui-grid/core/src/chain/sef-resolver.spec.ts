import { WrsError } from '../errors';
import { DataProviderRegistry } from '../data-provider/data-provider';
import { StaticModel } from '../data-provider/static-model';
import { XmlLoader } from '../data-provider/xml-loader';
import { parseXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { domName, wrsText } from '../../testing/fixtures';
import { ModelWrapper } from './model-wrapper';
import { SaxonXsltEngine } from './saxon-xslt-engine';
import { SefResolver, serverCompiledStylesheets, setDefaultSefResolver } from './sef-resolver';
import { ROW_COUNT_SEF, ROW_COUNT_XSLT } from './testing/compiled-stylesheets';
import { canCompileToSef, compileXsltTextToSef } from './xslt3-compiler';

const inBrowser = typeof (globalThis as { document?: unknown }).document === 'object';

/** A Wrs with `rows` rows whose ids start with `prefix`: new data for each run. */
function rowsDoc(prefix: string, rows: number): Document {
  return parseXml(wrsText([{ id: 'name' }], Array.from({ length: rows }, (_, i) => [`${prefix}${i}`])).replace(/id="R(\d+)"/g, `id="${prefix}$1"`));
}

/** A server as the loader sees it: files by URL, a 404 (with its status, as the fetch and HttpClient loaders give it) for the rest. */
function server(files: Record<string, string | WrsError>): XmlLoader & { calls: string[] } {
  const calls: string[] = [];
  return Object.assign(
    async (url: string) => {
      calls.push(url);
      const answer = files[url];
      if (answer instanceof WrsError) throw answer;
      if (answer === undefined) throw new WrsError('LOAD_FAILED', `HTTP 404 Not Found from ${url}`, url, { status: 404 });
      return answer;
    },
    { calls },
  );
}

describe(`serverCompiledStylesheets (${domName()})`, () => {
  const registry = new DataProviderRegistry();
  let engine: SaxonXsltEngine;
  // The SEF a server compiles with xslt3: compiled here in Node, the committed xslt3 output of the same stylesheet in browsers.
  let sef: string;

  beforeAll(async () => {
    sef = canCompileToSef() ? await compileXsltTextToSef(ROW_COUNT_XSLT, 'row-count.xslt') : ROW_COUNT_SEF;
  });

  beforeEach(() => (engine = new SaxonXsltEngine()));

  async function runChain(chain: string | Document, loader: XmlLoader, prefix: string, rows: number, sefResolver: SefResolver | null = serverCompiledStylesheets()): Promise<ModelWrapper> {
    const wrapper = new ModelWrapper({
      inputModel: new StaticModel({ data: rowsDoc(prefix, rows), registry }),
      chain,
      parameters: { label: prefix },
      loader,
      registry,
      xsltEngine: engine,
      sefResolver,
    });
    await wrapper.execute();
    return wrapper;
  }

  it('names `<url>.sef.json` for .xsl and .xslt urls below `under`, nothing for other urls', () => {
    const all = serverCompiledStylesheets();
    expect(all.sefUrl('xslt/report.xslt')).toBe('xslt/report.xslt.sef.json');
    expect(all.sefUrl('/xslt/a/b.XSL')).toBe('/xslt/a/b.XSL.sef.json');
    expect(all.sefUrl('xslt/report.xslt?v=2')).toBeNull();
    expect(all.sefUrl('xslt/chain.xml')).toBeNull();
    expect(all.sefUrl('xslt/report.sef.json')).toBeNull();
    const under = serverCompiledStylesheets({ under: '/xslt/' });
    expect(under.sefUrl('/xslt/report.xslt')).toBe('/xslt/report.xslt.sef.json');
    expect(under.sefUrl('/other/report.xslt')).toBeNull();
  });

  it('runs a stylesheet url through its server-compiled SEF: one fetch and no compilation over three runs on new data', async () => {
    const files = server({ 'xslt/rows.xslt': ROW_COUNT_XSLT, 'xslt/rows.xslt.sef.json': sef });
    const results = [];
    for (const [prefix, rows] of [['a', 2], ['b', 5], ['c', 9]] as const) {
      const chain = await runChain('xslt/rows.xslt', files, prefix, rows);
      expect(chain.getStatus().name).withContext(prefix).toBe('TransformedStatus');
      const root = chain.getData()!.documentElement;
      results.push([root.getAttribute('label'), root.getAttribute('count'), root.getAttribute('first')]);
    }
    expect(results).toEqual([['a', '2', 'a1'], ['b', '5', 'b1'], ['c', '9', 'c1']]);
    expect(files.calls).toEqual(['xslt/rows.xslt.sef.json']);
    expect(engine.compilations).toBe(0);
  });

  it('a chain:Stylesheet url goes through the resolver too', async () => {
    const chainDoc = parseXml(`<chain:Chain xmlns:chain="${NS.chain}"><chain:Phase name="p"><chain:Stylesheet url="xslt/rows.xslt"/></chain:Phase></chain:Chain>`);
    const files = server({ 'xslt/rows.xslt.sef.json': sef });
    for (const prefix of ['d', 'e']) {
      const chain = await runChain(chainDoc, files, prefix, 3);
      expect(chain.getData()!.documentElement.getAttribute('count')).toBe('3');
    }
    expect(files.calls).toEqual(['xslt/rows.xslt.sef.json']);
    expect(engine.compilations).toBe(0);
  });

  it('falls back to the stylesheet when the SEF url answers 404, or when no resolver is given', async () => {
    const files = server({ 'xslt/rows.xslt': ROW_COUNT_XSLT });
    for (const prefix of ['f', 'g']) expect((await runChain('xslt/rows.xslt', files, prefix, 4)).getData()!.documentElement.getAttribute('count')).toBe('4');
    expect(files.calls).toEqual(['xslt/rows.xslt.sef.json', 'xslt/rows.xslt']);
    // Node compiles the text once (xslt3); browsers check it once and fn:transform compiles it in each of the 2 runs.
    expect(engine.compilations).toBe(inBrowser ? 3 : 1);

    engine = new SaxonXsltEngine();
    const plain = server({ 'xslt/rows.xslt': ROW_COUNT_XSLT, 'xslt/rows.xslt.sef.json': sef });
    expect((await runChain('xslt/rows.xslt', plain, 'h', 2, null)).getStatus().name).toBe('TransformedStatus');
    expect(plain.calls).toEqual(['xslt/rows.xslt']);
  });

  it('uses the default resolver when a chain names none', async () => {
    const files = server({ 'xslt/rows.xslt.sef.json': sef });
    setDefaultSefResolver(serverCompiledStylesheets());
    try {
      const chain = new ModelWrapper({ inputModel: new StaticModel({ data: rowsDoc('i', 6), registry }), chain: 'xslt/rows.xslt', loader: files, registry, xsltEngine: engine });
      await chain.execute();
      expect(chain.getData()!.documentElement.getAttribute('count')).toBe('6');
    } finally {
      setDefaultSefResolver(null);
    }
    expect(files.calls).toEqual(['xslt/rows.xslt.sef.json']);
    expect(engine.compilations).toBe(0);
  });

  it('a failing SEF url other than 404 ends in ChainStylesheetLoadingFailed with the server reason; so does an answer that is no SEF', async () => {
    const compileError = new WrsError('LOAD_FAILED', 'HTTP 500 from xslt/bad.xslt.sef.json: XSLT compile error in bad.xslt: XPST0003', 'xslt/bad.xslt.sef.json', { status: 500 });
    const files = server({ 'xslt/bad.xslt.sef.json': compileError, 'xslt/page.xslt.sef.json': '<!doctype html><html></html>' });
    const bad = await runChain('xslt/bad.xslt', files, 'j', 1);
    expect(bad.getStatus().name).toBe('ChainStylesheetLoadingFailed');
    expect(bad.getFailureReason()).toContain('xslt/bad.xslt.sef.json');
    expect(bad.getFailureReason()).toContain('XPST0003');
    const page = await runChain('xslt/page.xslt', files, 'k', 1);
    expect(page.getStatus().name).toBe('ChainStylesheetLoadingFailed');
    expect(page.getFailureReason()).toContain('xslt/page.xslt.sef.json answered no compiled stylesheet');
    expect(files.calls).toEqual(['xslt/bad.xslt.sef.json', 'xslt/page.xslt.sef.json']);
  });
});
