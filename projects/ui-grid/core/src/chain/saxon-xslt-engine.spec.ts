import { WrsError } from '../errors';
import { DataProviderRegistry } from '../data-provider/data-provider';
import { StaticModel } from '../data-provider/static-model';
import { XmlLoader } from '../data-provider/xml-loader';
import { parseXml, serializeXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { domName, wrsText } from '../../testing/fixtures';
import { ModelWrapper } from './model-wrapper';
import { SaxonXsltEngine } from './saxon-xslt-engine';
import { ROW_COUNT_SEF, ROW_COUNT_XSLT } from './testing/compiled-stylesheets';

const XSL = 'http://www.w3.org/1999/XSL/Transform';
const inBrowser = typeof (globalThis as { document?: unknown }).document === 'object';

/** A Wrs with `rows` rows whose ids start with `prefix`: new data for each run. */
function rowsDoc(prefix: string, rows: number): Document {
  return parseXml(wrsText([{ id: 'name' }], Array.from({ length: rows }, (_, i) => [`${prefix}${i}`])).replace(/id="R(\d+)"/g, `id="${prefix}$1"`));
}

function rowsOf(xml: string): { label: string | null; count: string | null; first: string | null } {
  const root = parseXml(xml).documentElement;
  return { label: root.getAttribute('label'), count: root.getAttribute('count'), first: root.getAttribute('first') };
}

describe(`SaxonXsltEngine (${domName()})`, () => {
  let engine: SaxonXsltEngine;

  beforeEach(() => {
    engine = new SaxonXsltEngine();
  });

  it('runs a compiled stylesheet (SEF) on new data with no compilation: one compiled stylesheet serves every run', async () => {
    const compiled = await engine.compile(ROW_COUNT_SEF, 'rows.sef.json');
    expect(compiled.version).toBe('3.0');
    const results = [];
    for (const [prefix, rows] of [['a', 2], ['b', 5], ['c', 9]] as const) {
      results.push(rowsOf(await engine.transform(compiled, rowsDoc(prefix, rows), { label: prefix })));
    }
    expect(results).toEqual([
      { label: 'a', count: '2', first: 'a1' },
      { label: 'b', count: '5', first: 'b1' },
      { label: 'c', count: '9', first: 'c1' },
    ]);
    expect(await engine.compile(ROW_COUNT_SEF, 'rows.sef.json')).toBe(compiled);
    expect(engine.compilations).toBe(0);
  });

  it('transform runs the stylesheet it is handed, also when another one was compiled under the same key since', async () => {
    const wrapIn = (name: string) =>
      `<xsl:stylesheet version="1.0" xmlns:xsl="${XSL}"><xsl:template match="/"><${name}><xsl:copy-of select="/*"/></${name}></xsl:template></xsl:stylesheet>`;
    const a = await engine.compile(wrapIn('a'), 'text:same');
    const b = await engine.compile(wrapIn('b'), 'text:same');
    expect(await engine.transform(a, parseXml('<in/>'), {})).toBe('<a><in/></a>');
    expect(await engine.transform(b, parseXml('<in/>'), {})).toBe('<b><in/></b>');
    await expectAsync(engine.transform({ key: 'text:same', version: '1.0' }, parseXml('<in/>'), {})).toBeRejectedWith(
      jasmine.objectContaining({ code: 'TRANSFORM_FAILED', message: jasmine.stringContaining('not compiled by this engine') }),
    );
  });

  it('gives the same result for a stylesheet and its compiled form', async () => {
    const doc = rowsDoc('x', 4);
    const fromText = await engine.transform(await engine.compile(ROW_COUNT_XSLT, 'rows.xslt'), doc, { label: 'same' });
    const fromSef = await engine.transform(await engine.compile(ROW_COUNT_SEF, 'rows.sef.json'), doc, { label: 'same' });
    expect(rowsOf(fromSef)).toEqual({ label: 'same', count: '4', first: 'x1' });
    expect(rowsOf(fromText)).toEqual(rowsOf(fromSef));
  });

  it(inBrowser ? 'compiles XSLT text to check it, and fn:transform compiles it again in every run' : 'compiles XSLT text once (xslt3) for every run', async () => {
    const compiled = await engine.compile(ROW_COUNT_XSLT, 'rows.xslt');
    expect(engine.compilations).toBe(1);
    const counts = [];
    for (const [prefix, rows] of [['a', 1], ['b', 3], ['c', 6]] as const) {
      counts.push(rowsOf(await engine.transform(compiled, rowsDoc(prefix, rows), {})).count);
    }
    expect(counts).toEqual(['1', '3', '6']);
    expect(await engine.compile(ROW_COUNT_XSLT, 'rows.xslt')).toBe(compiled);
    expect(engine.compilations).toBe(inBrowser ? 1 + 3 : 1);
  });

  it('applies xsl:strip-space, global variables and keys over the source as a source document', async () => {
    const xslt = `<xsl:stylesheet version="3.0" xmlns:xsl="${XSL}">
      <xsl:strip-space elements="*"/>
      <xsl:variable name="all" select="count(/a/b)"/>
      <xsl:key name="byId" match="b" use="@id"/>
      <xsl:template match="/"><r texts="{count(//text())}" all="{$all}" two="{key('byId', '2')}" root="{name(/*)}"/></xsl:template>
    </xsl:stylesheet>`;
    const out = await engine.transform(await engine.compile(xslt, 'strip.xslt'), parseXml('<a>\n  <b id="1">x</b>\n  <b id="2">y</b>\n</a>'), {});
    const r = parseXml(out).documentElement;
    expect([r.getAttribute('texts'), r.getAttribute('all'), r.getAttribute('two'), r.getAttribute('root')]).toEqual(['2', '2', 'y', 'a']);
  });

  it('refuses JSON that is no compiled stylesheet with CHAIN_LOAD_FAILED naming it', async () => {
    await expectAsync(engine.compile('{"N":"nothing"}', 'x.sef.json')).toBeRejectedWith(jasmine.objectContaining({ code: 'CHAIN_LOAD_FAILED' }));
    await expectAsync(engine.compile('{not json', 'y.sef.json')).toBeRejectedWithError(WrsError, /y\.sef\.json is neither XSLT nor a compiled stylesheet/);
  });

  describe('in a chain', () => {
    const registry = new DataProviderRegistry();

    function loader(files: Record<string, string>): XmlLoader & { calls: string[] } {
      const calls: string[] = [];
      return Object.assign(async (url: string) => {
        calls.push(url);
        if (!(url in files)) throw new WrsError('LOAD_FAILED', `HTTP 404 Not Found from ${url}`, url);
        return files[url];
      }, { calls });
    }

    it('runs a .sef.json url: fetched once, never compiled, run on new data by each chain', async () => {
      const files = loader({ 'xslt/rows.sef.json': ROW_COUNT_SEF });
      const counts = [];
      for (const [prefix, rows] of [['a', 2], ['b', 7]] as const) {
        const chain = new ModelWrapper({ inputModel: new StaticModel({ data: rowsDoc(prefix, rows), registry }), chain: 'xslt/rows.sef.json', loader: files, registry, xsltEngine: engine });
        await chain.execute();
        expect(chain.getStatus().name).toBe('TransformedStatus');
        counts.push(chain.getData()!.documentElement.getAttribute('count'));
      }
      expect(counts).toEqual(['2', '7']);
      expect(files.calls).toEqual(['xslt/rows.sef.json']);
      expect(engine.compilations).toBe(0);
    });

    const stylesheet = (body: string) => `<xsl:stylesheet version="3.0" xmlns:xsl="${XSL}">${body}</xsl:stylesheet>`;
    const modular = () => ({
      'http://host/xsl/main.xsl': stylesheet(
        `<xsl:import href="../common/base.xsl"/><xsl:include href="lib/names.xsl"/>
         <xsl:template match="/"><out who="{$who}"><xsl:call-template name="greet"/><xsl:call-template name="kind"/></out></xsl:template>
         <xsl:template name="kind"><main/></xsl:template>`,
      ),
      'http://host/xsl/lib/names.xsl': stylesheet(`<xsl:include href="deeper/who.xsl"/><xsl:template name="greet"><hello/></xsl:template>`),
      'http://host/xsl/lib/deeper/who.xsl': stylesheet(`<xsl:variable name="who" select="'nested'"/>`),
      'http://host/common/base.xsl': stylesheet(`<xsl:template name="kind"><base/></xsl:template>`),
    });

    it(
      inBrowser
        ? 'refuses a stylesheet url with xsl:include or xsl:import in a browser, naming the compiled form it needs'
        : 'resolves xsl:include and xsl:import of a stylesheet url against it, nested modules and import precedence too',
      async () => {
        const files = loader(modular());
        const chain = new ModelWrapper({ inputModel: new StaticModel({ data: rowsDoc('m', 1), registry }), chain: 'http://host/xsl/main.xsl', loader: files, registry, xsltEngine: engine });
        await chain.execute();
        if (inBrowser) {
          expect(chain.getStatus().name).toBe('ChainStylesheetLoadingFailed');
          expect(chain.getFailureReason()).toContain('http://host/xsl/main.xsl includes or imports other stylesheets');
          expect(chain.getFailureReason()).toContain('sefResolver');
          return;
        }
        expect(chain.getStatus().name).toBe('TransformedStatus');
        expect(serializeXml(chain.getData()!)).toBe('<out who="nested"><hello/><main/></out>');
        expect(files.calls.slice(1).sort()).toEqual(['http://host/common/base.xsl', 'http://host/xsl/lib/deeper/who.xsl', 'http://host/xsl/lib/names.xsl']);
      },
    );

    it('ends in ChainStylesheetLoadingFailed naming a module a stylesheet url includes that cannot be fetched', async () => {
      const files = modular();
      delete (files as Record<string, string>)['http://host/xsl/lib/deeper/who.xsl'];
      const chain = new ModelWrapper({ inputModel: new StaticModel({ data: rowsDoc('m', 1), registry }), chain: 'http://host/xsl/main.xsl', loader: loader(files), registry, xsltEngine: engine });
      await chain.execute();
      expect(chain.getStatus().name).toBe('ChainStylesheetLoadingFailed');
      expect(chain.getFailureReason()).toContain(inBrowser ? 'includes or imports other stylesheets' : 'cannot fetch the module http://host/xsl/lib/deeper/who.xsl');
      const broken = { ...modular(), 'http://host/xsl/lib/deeper/who.xsl': stylesheet('<xsl:variable name="who" select="(("/>') };
      const failing = new ModelWrapper({ inputModel: new StaticModel({ data: rowsDoc('m', 1), registry }), chain: 'http://host/xsl/main.xsl', loader: loader(broken), registry, xsltEngine: engine });
      await failing.execute();
      expect(failing.getStatus().name).toBe('ChainStylesheetLoadingFailed');
      if (!inBrowser) {
        expect(failing.getFailureReason()).toContain('http://host/xsl/lib/deeper/who.xsl');
        expect(failing.getFailureReason()).not.toContain('module-');
      }
    });

    it('a chain:Stylesheet url to an SEF runs it; an SEF that is not one ends in ChainStylesheetLoadingFailed', async () => {
      const chainDoc = `<chain:Chain xmlns:chain="${NS.chain}"><chain:Phase name="p">
        <chain:Stylesheet url="rows.sef.json"><chain:Param name="label">from-chain</chain:Param></chain:Stylesheet></chain:Phase></chain:Chain>`;
      const files = loader({ 'c/chain.xml': chainDoc, 'c/rows.sef.json': ROW_COUNT_SEF, 'bad.sef.json': '{"N":"package","target":"Java"}' });
      const good = new ModelWrapper({ inputModel: new StaticModel({ data: rowsDoc('q', 3), registry }), chain: 'c/chain.xml', loader: files, registry, xsltEngine: engine });
      await good.execute();
      expect(rowsOf(serializeXml(good.getData()!))).toEqual({ label: 'from-chain', count: '3', first: 'q1' });
      const bad = new ModelWrapper({ inputModel: new StaticModel({ data: rowsDoc('q', 3), registry }), chain: 'bad.sef.json', loader: files, registry, xsltEngine: engine });
      await bad.execute();
      expect(bad.getStatus().name).toBe('ChainStylesheetLoadingFailed');
      expect(bad.getFailureReason()).toContain('bad.sef.json');
    });
  });
});
