import { WrsError } from '../errors';
import { ConstantDataProvider } from '../data-provider/constant-data-provider';
import { DataProvider, DataProviderRegistry } from '../data-provider/data-provider';
import { SimpleModel } from '../data-provider/simple-model';
import { StaticModel } from '../data-provider/static-model';
import { XmlLoader } from '../data-provider/xml-loader';
import { createDocument, parseXml, serializeXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { WrsIndex } from '../rows/wrs-index';
import { domName, ordersWrs } from '../../testing/fixtures';
import { answerUntilSettled, statusReached, waitFor } from '../../testing/wait';
import { registerChainFunction, resolveJsProcFct } from './chain-functions';
import { ModelWrapper, TransformationChain } from './model-wrapper';
import { SaxonXsltEngine } from './saxon-xslt-engine';

const XSL = 'http://www.w3.org/1999/XSL/Transform';
const OK = ['InitializedStatus', 'LoadingStatus', 'ChainLoadedStatus', 'WaitingForParametersStatus', 'TransformingStatus', 'TransformedStatus'];

/** A loader over a map of url -> text; a missing url fails as fetch does on 404. */
function mapLoader(files: Record<string, string>): XmlLoader & { calls: string[] } {
  const calls: string[] = [];
  const loader = (async (url: string) => {
    calls.push(url);
    if (!(url in files)) throw new WrsError('LOAD_FAILED', `HTTP 404 Not Found from ${url}`, url, { status: 404 });
    return files[url];
  }) as XmlLoader & { calls: string[] };
  loader.calls = calls;
  return loader;
}

function statuses(provider: DataProvider): string[] {
  const seen: string[] = [];
  provider.status$.subscribe((s) => seen.push(s.name));
  return seen;
}

const rowCountXslt3 = `<xsl:stylesheet version="3.0" xmlns:xsl="${XSL}" xmlns:wrs="${NS.wrs}">
  <xsl:param name="label" select="'none'"/>
  <xsl:param name="extra" select="()"/>
  <xsl:template match="/">
    <Summary label="{$label}" rows="{count(/*/wrs:Data/*)}" extra="{$extra/*/@v}">
      <xsl:value-of select="string-join(/*/wrs:Data/*/wrs:C[1], '|')"/>
    </Summary>
  </xsl:template>
</xsl:stylesheet>`;

// In XSLT 1.0 (backwards-compatible mode) value-of takes the first node only; in 3.0 it joins all with spaces.
const firstNameXslt1 = `<xsl:stylesheet version="1.0" xmlns:xsl="${XSL}" xmlns:wrs="${NS.wrs}">
  <xsl:template match="/"><Names><xsl:value-of select="/*/wrs:Data/*/wrs:C[1]"/></Names></xsl:template>
</xsl:stylesheet>`;
const allNamesXslt3 = firstNameXslt1.replace('version="1.0"', 'version="3.0"');

describe(`ModelWrapper (${domName()})`, () => {
  let registry: DataProviderRegistry;
  let engine: SaxonXsltEngine;
  let input: StaticModel;

  beforeEach(() => {
    registry = new DataProviderRegistry();
    engine = new SaxonXsltEngine();
    input = new StaticModel({ data: ordersWrs(), registry });
  });

  function wrapper(args: Partial<ConstructorParameters<typeof ModelWrapper>[0]>): ModelWrapper {
    return new ModelWrapper({ inputModel: input, chain: [], registry, xsltEngine: engine, ...args });
  }

  it('runs a JS chain through every status of the 3.1 table, in order', async () => {
    const chain = wrapper({ chain: (doc: Document) => `<Rows n="${WrsIndex.of(doc).rowCount}"/>` });
    const seen = statuses(chain);
    await chain.execute();
    expect(seen).toEqual(OK);
    expect(chain.isReady()).toBeTrue();
    expect(serializeXml(chain.getData()!)).toBe('<Rows n="3"/>');
  });

  it('is the TransformationChain of the spec, registered under its id', () => {
    const chain = new TransformationChain({ id: 'tc', inputModel: input, chain: (d: Document) => d, registry });
    expect(chain).toEqual(jasmine.any(ModelWrapper));
    expect(registry.get('tc')).toBe(chain);
  });

  it('runs an array of steps in order, each on the output of the one before', async () => {
    const chain = wrapper({
      chain: [
        (_doc: Document) => '<a><b>1</b></a>',
        (doc: Document) => {
          const out = createDocument(doc);
          out.appendChild(out.createElement('c')).appendChild(out.createTextNode(`${doc.documentElement.localName}:${doc.documentElement.textContent}`));
          return out;
        },
        async (doc: Document) => `<d>${doc.documentElement.textContent}</d>`,
      ],
    });
    await chain.execute();
    expect(serializeXml(chain.getData()!)).toBe('<d>a:1</d>');
  });

  it('runs an XSLT 3.0 stylesheet from a url with string and document parameters', async () => {
    const loader = mapLoader({ 'xslt/summary.xslt': rowCountXslt3 });
    const extra = new StaticModel({ data: '<X v="from-provider"/>', registry });
    const chain = wrapper({ chain: 'xslt/summary.xslt', loader, parameters: { label: 'orders', extra } });
    const seen = statuses(chain);
    await chain.execute();
    expect(seen).toEqual(OK);
    const summary = chain.getData()!.documentElement;
    expect(summary.getAttribute('label')).toBe('orders');
    expect(summary.getAttribute('rows')).toBe('3');
    expect(summary.getAttribute('extra')).toBe('from-provider');
    expect(summary.textContent!.trim()).toBe('Anna|Bert|Cleo');
  });

  it('runs each of two inline stylesheets in a chain as written, also two an older 32-bit key gave the same key', async () => {
    const wrapIn = (name: string, comment: string) =>
      `<xsl:stylesheet version="1.0" xmlns:xsl="${XSL}"><xsl:template match="/"><${name}><xsl:copy-of select="/*"/></${name}></xsl:template><!--${comment}--></xsl:stylesheet>`;
    const chain = wrapper({ inputModel: new StaticModel({ data: '<in/>', registry }), chain: [wrapIn('a', 'xr28a'), wrapIn('b', '0od2b')] });
    await chain.execute();
    expect(serializeXml(chain.getData()!)).toBe('<b><a><in/></a></b>');
  });

  it('runs XSLT 1.0 in backwards-compatible mode and XSLT 3.0 as such', async () => {
    const one = wrapper({ chain: firstNameXslt1 });
    const three = wrapper({ chain: parseXml(allNamesXslt3) });
    await one.execute();
    await three.execute();
    expect(one.getData()!.documentElement.textContent).toBe('Anna');
    expect(three.getData()!.documentElement.textContent).toBe('Anna Bert Cleo');
  });

  it('resolves jsProcFct to registered names and application functions only: no Function, no runtime objects, no built-ins', () => {
    const app = { chains: { enrich: (doc: Document) => doc } };
    class Service {
      step(doc: Document): Document {
        return doc;
      }
    }
    const g = globalThis as Record<string, unknown>;
    g['specApp'] = app;
    g['specService'] = new Service();
    try {
      expect(resolveJsProcFct('specApp.chains.enrich')).toBe(app.chains.enrich as never);
      expect(resolveJsProcFct('specService.step')).toBe(Service.prototype.step as never);
      for (const name of ['constructor.constructor', 'specApp.constructor', 'specApp.__proto__.constructor', 'process.reallyExit', 'process.abort', 'globalThis.process.exit', 'global.process.exit', 'Math.max', 'eval', 'Function', 'specService.step.call', 'specApp.chains.enrich.bind']) {
        expect(resolveJsProcFct(name)).withContext(name).toBeNull();
      }
    } finally {
      delete g['specApp'];
      delete g['specService'];
    }
  });

  it('runs a chain:Chain document: phases in order, jsProcFct, url stylesheets, chain:Param', async () => {
    registerChainFunction('spec.markRows', (doc, params) => {
      const out = parseXml(serializeXml(doc));
      out.documentElement.setAttribute('marked', String(params['mark']));
      return out;
    });
    const chainDoc = `<chain:Chain xmlns:chain="${NS.chain}">
      <chain:Param name="label">from-chain</chain:Param>
      <chain:Phase name="prepare"><chain:Stylesheet jsProcFct="spec.markRows"><chain:Param name="mark">yes</chain:Param></chain:Stylesheet></chain:Phase>
      <chain:Phase name="render">
        <chain:Stylesheet url="summary.xslt"/>
        <chain:Stylesheet><xsl:stylesheet version="3.0" xmlns:xsl="${XSL}"><xsl:template match="/"><Done label="{/*/@label}">{/*/@rows}</Done></xsl:template></xsl:stylesheet></chain:Stylesheet>
      </chain:Phase>
    </chain:Chain>`.replace('{/*/@rows}', '<xsl:value-of select="/*/@rows"/>');
    const loader = mapLoader({ 'chains/orders.xml': chainDoc, 'chains/summary.xslt': rowCountXslt3 });
    const chain = wrapper({ chain: 'chains/orders.xml', loader });
    const seen = statuses(chain);
    await chain.execute();
    expect(seen).toEqual(OK);
    expect(serializeXml(chain.getData()!)).toBe('<Done label="from-chain">3</Done>');
    expect(loader.calls).toEqual(['chains/orders.xml', 'chains/summary.xslt']);
  });

  it('compiles a stylesheet written in a chain document with the prefixes declared above it, used only in XPath', async () => {
    const chainDoc = `<chain:Chain xmlns:chain="${NS.chain}" xmlns:wrs="${NS.wrs}" xmlns:xsl="${XSL}">
      <chain:Phase name="count"><chain:Stylesheet><xsl:stylesheet version="3.0"><xsl:template match="/"><n><xsl:value-of select="count(/*/wrs:Data/wrs:R)"/></n></xsl:template></xsl:stylesheet></chain:Stylesheet></chain:Phase>
    </chain:Chain>`;
    const chain = wrapper({ chain: 'chains/count.xml', loader: mapLoader({ 'chains/count.xml': chainDoc }) });
    await chain.execute();
    expect(chain.getStatus().name).withContext(chain.getFailureReason() ?? '').toBe('TransformedStatus');
    expect(serializeXml(chain.getData()!)).toBe('<n>3</n>');
  });

  it('compiles a stylesheet url once: a second chain does not fetch it again', async () => {
    const loader = mapLoader({ 's.xslt': rowCountXslt3 });
    await wrapper({ chain: 's.xslt', loader }).execute();
    const second = wrapper({ chain: 's.xslt', loader });
    await second.execute();
    expect(second.isReady()).toBeTrue();
    expect(loader.calls).toEqual(['s.xslt']);
  });

  describe('failures', () => {
    it('a stylesheet 404 ends in ChainStylesheetLoadingFailed naming step and url; execute() recovers once it exists', async () => {
      const files: Record<string, string> = {};
      const chain = wrapper({ chain: [(d: Document) => d, 'xslt/missing.xslt'], loader: mapLoader(files) });
      const seen = statuses(chain);
      await chain.execute();
      expect(seen).toEqual(['InitializedStatus', 'LoadingStatus', 'ChainStylesheetLoadingFailed']);
      expect(chain.hasFailed()).toBeTrue();
      expect(chain.getFailureReason()).toContain('step 2 (xslt/missing.xslt)');
      expect(chain.getFailureReason()).toContain('404');
      await expectAsync(chain.fetchData()).toBeRejectedWith(jasmine.any(WrsError));
      files['xslt/missing.xslt'] = rowCountXslt3;
      await chain.execute();
      expect(chain.isReady()).toBeTrue();
      expect(chain.getData()!.documentElement.getAttribute('rows')).toBe('3');
    });

    it('a chain:Stylesheet url that 404s fails after ChainLoaded, naming phase and url', async () => {
      const chainDoc = `<chain:Chain xmlns:chain="${NS.chain}"><chain:Phase name="p"><chain:Stylesheet url="gone.xslt"/></chain:Phase></chain:Chain>`;
      const chain = wrapper({ chain: parseXml(chainDoc), loader: mapLoader({}) });
      const seen = statuses(chain);
      await chain.execute();
      expect(seen).toEqual(['InitializedStatus', 'LoadingStatus', 'ChainLoadedStatus', 'ChainStylesheetLoadingFailed']);
      expect(chain.getFailureReason()).toContain('phase "p" stylesheet 1 (gone.xslt)');
    });

    it('a stylesheet that is not XML ends in ChainStylesheetLoadingFailed', async () => {
      const chain = wrapper({ chain: 'bad.xslt', loader: mapLoader({ 'bad.xslt': '<xsl:stylesheet version="3.0"' }) });
      await chain.execute();
      expect(chain.getStatus().name).toBe('ChainStylesheetLoadingFailed');
      expect(chain.getFailureReason()).toMatch(/step 1 \(bad\.xslt\): .*not XML/);
    });

    it('an XSLT compile error ends in ChainStylesheetLoadingFailed with the engine message; fixing the text recovers', async () => {
      const files = { 'c.xslt': `<xsl:stylesheet version="3.0" xmlns:xsl="${XSL}"><xsl:template match="/"><xsl:value-of select="count((("/></xsl:template></xsl:stylesheet>` };
      const chain = wrapper({ chain: 'c.xslt', loader: mapLoader(files) });
      const seen = statuses(chain);
      await chain.execute();
      expect(seen).toEqual(['InitializedStatus', 'LoadingStatus', 'ChainLoadedStatus', 'ChainStylesheetLoadingFailed']);
      expect(chain.getFailureReason()).toContain('c.xslt');
      expect(chain.getFailureReason()).toMatch(/XPST0003|XTSE/);
      files['c.xslt'] = rowCountXslt3;
      await chain.execute();
      expect(chain.isReady()).toBeTrue();
    });

    it('xsl:message terminate="yes" ends in TransformFailedStatus with the message', async () => {
      const stop = `<xsl:stylesheet version="3.0" xmlns:xsl="${XSL}"><xsl:template match="/"><xsl:message terminate="yes">no orders today</xsl:message></xsl:template></xsl:stylesheet>`;
      const chain = wrapper({ chain: stop });
      const seen = statuses(chain);
      await chain.execute();
      expect(seen).toEqual([...OK.slice(0, 5), 'TransformFailedStatus']);
      expect(chain.getFailureReason()).toContain('step 1 (inline stylesheet)');
      expect(chain.getFailureReason()).toContain('no orders today');
    });

    it('a JS step that throws ends in TransformFailedStatus naming the step; execute() recovers when it stops throwing', async () => {
      let broken = true;
      const enrich = (doc: Document) => {
        if (broken) throw new Error('enrich is broken');
        return doc;
      };
      const chain = wrapper({ chain: [(d: Document) => d, enrich] });
      await chain.execute();
      expect(chain.getStatus().name).toBe('TransformFailedStatus');
      expect(chain.getFailureReason()).toContain('step 2 (JS function enrich) failed: enrich is broken');
      broken = false;
      await chain.execute();
      expect(chain.isReady()).toBeTrue();
    });

    it('a JS step returning something that is not XML ends in TransformFailedStatus', async () => {
      for (const [result, says] of [[42, 'a number'], ['just words', 'not XML'], [null, 'null']] as const) {
        const chain = wrapper({ chain: function odd() { return result as unknown as string; } });
        await chain.execute();
        expect(chain.getStatus().name).toBe('TransformFailedStatus');
        expect(chain.getFailureReason()).toContain('step 1 (JS function odd)');
        expect(chain.getFailureReason()).toContain(says);
      }
    });

    it('a failing parameter provider ends in LoadFailedStatus naming the parameter; execute() recovers', async () => {
      const files: Record<string, string> = {};
      const lookup = new SimpleModel({ url: 'lookup.xml', loader: mapLoader(files), registry });
      const chain = wrapper({ chain: (d: Document, p) => `<r>${(p['lookup'] as Document).documentElement.localName}</r>`, parameters: { lookup } });
      const seen = statuses(chain);
      await chain.execute();
      expect(seen).toEqual([...OK.slice(0, 4), 'LoadFailedStatus']);
      expect(chain.getFailureReason()).toContain('parameter "lookup"');
      expect(chain.getFailureReason()).toContain('lookup.xml');
      files['lookup.xml'] = '<Lookup/>';
      await chain.execute();
      expect(serializeXml(chain.getData()!)).toBe('<r>Lookup</r>');
    });

    it('a parameter provider reloading takes the chain out of ready; its failure ends the chain in LoadFailedStatus, its next load makes it ready again', async () => {
      let failing = false;
      const pending: ((text: string) => void)[] = [];
      const lookup = new SimpleModel({
        url: 'lookup.xml',
        registry,
        loader: (url) => (failing ? Promise.reject(new WrsError('LOAD_FAILED', `HTTP 503 Service Unavailable from ${url}`, url)) : new Promise<string>((resolve) => pending.push(resolve))),
      });
      const chain = wrapper({ chain: (_d: Document, p) => `<r v="${(p['lookup'] as Document).documentElement.getAttribute('v')}"/>`, parameters: { lookup } });
      const first = chain.fetchData();
      await waitFor(() => pending.length === 1);
      pending[0]('<Lookup v="1"/>');
      await first;
      const seen = statuses(chain);
      failing = true;
      void lookup.execute(true);
      expect(chain.isReady()).withContext('as the parameter starts loading').toBeFalse();
      await statusReached(chain, 'LoadFailedStatus');
      expect(seen).toEqual(['TransformedStatus', 'LoadingStatus', 'ChainLoadedStatus', 'WaitingForParametersStatus', 'LoadFailedStatus']);
      expect(chain.getFailureReason()).toContain(`parameter "lookup" (${lookup.id}) failed`);
      expect(chain.getFailureReason()).toContain('503');
      await expectAsync(chain.fetchData()).toBeRejectedWith(jasmine.objectContaining({ code: 'LOAD_FAILED' }));
      expect(chain.getStatus().name).toBe('LoadFailedStatus');
      failing = false;
      void lookup.execute(true);
      await waitFor(() => pending.length === 2);
      pending[1]('<Lookup v="2"/>');
      await statusReached(chain, 'TransformedStatus');
      expect(serializeXml(chain.getData()!)).toBe('<r v="2"/>');
      expect(seen.slice(-5)).toEqual(OK.slice(1));
    });

    it('a parameter that fails a reload while the run waits for another is waited for again: the run ends in LoadFailedStatus', async () => {
      let failing = false;
      const p = new SimpleModel({
        url: 'p.xml',
        registry,
        loader: (url) => (failing ? Promise.reject(new WrsError('LOAD_FAILED', `HTTP 503 from ${url}`, url)) : Promise.resolve('<p/>')),
      });
      const qArrives: ((text: string) => void)[] = [];
      const q = new SimpleModel({ url: 'q.xml', registry, loader: () => new Promise<string>((resolve) => qArrives.push(resolve)) });
      await p.fetchData();
      let runs = 0;
      const chain = wrapper({ chain: (d: Document) => (runs++, d), parameters: { p, q } });
      const seen = statuses(chain);
      const done = chain.fetchData().then(() => 'resolved', (e: WrsError) => e.code);
      await waitFor(() => qArrives.length === 1);
      failing = true;
      await p.execute(true);
      expect(chain.getStatus().name).withContext('still waiting for q').toBe('WaitingForParametersStatus');
      qArrives[0]('<q/>');
      expect(await done).toBe('LOAD_FAILED');
      expect(seen).toEqual([...OK.slice(0, 4), 'LoadFailedStatus']);
      expect(chain.getFailureReason()).toContain('parameter "p"');
      expect(runs).toBe(0);
    });

    it('a failing input model ends in LoadFailedStatus', async () => {
      const broken = new SimpleModel({ url: 'nope.xml', loader: mapLoader({}), registry });
      const chain = new ModelWrapper({ inputModel: broken, chain: (d: Document) => d, registry });
      await chain.execute();
      expect(chain.getStatus().name).toBe('LoadFailedStatus');
      expect(chain.getFailureReason()).toContain('input model');
    });
  });

  it('waits for parameter providers and passes a constant as its value', async () => {
    const mode = new ConstantDataProvider({ name: 'mode', value: 'strict', registry });
    const chain = wrapper({ chain: (_d: Document, p) => `<m>${p['mode']}</m>` });
    chain.addDataProvider(mode);
    await chain.execute();
    expect(mode.isReady()).toBeTrue();
    expect(serializeXml(chain.getData()!)).toBe('<m>strict</m>');
    expect(chain.debugIsWaitingFor()).toBe('');
  });

  it('setParameter with a value replaces a provider given under that name', async () => {
    const mode = new ConstantDataProvider({ name: 'mode', value: 'fromProvider', registry });
    const chain = wrapper({ chain: (_d: Document, p) => `<m>${p['mode']}</m>` });
    chain.addDataProvider(mode);
    await chain.execute();
    expect(serializeXml(chain.getData()!)).toBe('<m>fromProvider</m>');
    chain.setParameter('mode', 'static');
    await chain.execute(true);
    expect(serializeXml(chain.getData()!)).toBe('<m>static</m>');
    expect(chain.getDataProviderByName('mode')).toBeNull();
  });

  it('fails chains that wait for each other, naming the cycle, instead of waiting forever', async () => {
    const a = wrapper({ chain: (_d: Document, p) => `<a>${p['b'] ? 'b' : ''}</a>` });
    const b = wrapper({ chain: (_d: Document, p) => `<b>${p['a'] ? 'a' : ''}</b>` });
    a.setParameter('b', b);
    b.setParameter('a', a);
    await a.execute();
    expect(a.getStatus().name).toBe('LoadFailedStatus');
    expect(b.getStatus().name).toBe('LoadFailedStatus');
    expect(b.getFailureReason()).toContain(`${b.id} -> ${a.id} -> ${b.id}`);
    expect(a.getFailureReason()).toContain(b.id);
  });

  it('runs again when an input fires a change set', async () => {
    const chain = wrapper({ chain: (doc: Document) => `<n>${doc.getElementsByTagNameNS(NS.wrs, 'O').length}</n>` });
    await chain.execute();
    const before = chain.getData()!.documentElement.textContent;
    const again = new Promise<void>((resolve) => chain.onReady({ onSuccess: () => resolve(), onlyFuture: true }));
    input.write('/*/wrs:Data/wrs:R[@id="R1"]/wrs:C[1]', 'Anne', true);
    await again;
    expect(before).toBe('0');
    // The R row became M: each of its three cells got a wrs:O original.
    expect(chain.getData()!.documentElement.textContent).toBe('3');
  });

  it('an input getting ready while the chain still loads its stylesheets does not start the chain over', async () => {
    let inputArrives!: (text: string) => void;
    const slowInput = new SimpleModel({ url: 'in.xml', registry, loader: () => new Promise<string>((resolve) => (inputArrives = resolve)) });
    const chainDoc = `<chain:Chain xmlns:chain="${NS.chain}"><chain:Phase name="p"><chain:Stylesheet url="s.xslt"/></chain:Phase></chain:Chain>`;
    const sheetArrives: ((text: string) => void)[] = [];
    const fetched: string[] = [];
    const loader: XmlLoader = (url) => {
      fetched.push(url);
      return url === 'c.xml' ? Promise.resolve(chainDoc) : new Promise<string>((resolve) => sheetArrives.push(resolve));
    };
    const chain = wrapper({ inputModel: slowInput, chain: 'c.xml', loader, sefResolver: null });
    const seen = statuses(chain);
    void slowInput.execute();
    const done = chain.fetchData();
    await waitFor(() => sheetArrives.length > 0);
    expect(chain.getStatus().name).toBe('ChainLoadedStatus');
    inputArrives(ordersWrs());
    await slowInput.fetchData();
    await answerUntilSettled(done, sheetArrives, firstNameXslt1);
    expect(seen).toEqual(OK);
    expect(fetched).toEqual(['c.xml', 's.xslt']);
    expect(chain.getData()!.documentElement.textContent).toBe('Anna');
  });

  it('input change sets fired while the chain loads its stylesheets run it once, on the data they left', async () => {
    const sheetArrives: ((text: string) => void)[] = [];
    const fetched: string[] = [];
    const loader: XmlLoader = (url) => (fetched.push(url), new Promise<string>((resolve) => sheetArrives.push(resolve)));
    const chain = wrapper({ chain: 'names.xslt', loader, sefResolver: null });
    const seen = statuses(chain);
    const done = chain.fetchData();
    await input.fetchData();
    input.write('/*/wrs:Data/wrs:R[@id="R1"]/wrs:C[1]', 'Anne', true);
    input.write('/*/wrs:Data/*[@id="R1"]/wrs:C[1]', 'Ada', true);
    await answerUntilSettled(done, sheetArrives, firstNameXslt1);
    expect(seen).toEqual(OK);
    expect(fetched).toEqual(['names.xslt']);
    expect(chain.getData()!.documentElement.textContent).toBe('Ada');
  });

  it('dispose stops a chain for good: changes and reloads of its input and parameter providers run nothing more', async () => {
    const param = new StaticModel({ data: '<p v="1"/>', registry });
    let runs = 0;
    const chain = wrapper({ chain: (_d: Document, p) => `<n run="${++runs}" v="${(p['param'] as Document).documentElement.getAttribute('v')}"/>`, parameters: { param } });
    await chain.execute();
    chain.dispose();
    input.write('/*/wrs:Data/wrs:R[@id="R1"]/wrs:C[1]', 'Anne', true);
    param.write('/p/@v', '2', true);
    await param.execute(true);
    await input.execute(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(1);
    expect(serializeXml(chain.getData()!)).toBe('<n run="1" v="1"/>');
  });

  it('dispose drops the target: a run still under way when disposed renders nothing', async () => {
    const target = parseXml('<html><body><div/></body></html>').getElementsByTagName('div')[0];
    let release!: () => void;
    const chain = wrapper({ chain: () => new Promise<string>((resolve) => (release = () => resolve('<b>late</b>'))) });
    chain.setTargetHtml(target);
    const run = chain.execute();
    await waitFor(() => release);
    chain.dispose();
    release();
    await run;
    expect(target.textContent).toBe('');
    expect(chain.getTargetHtml()).toBeNull();
  });

  it('dispose leaves the registry, and ends a run under way in LoadFailedStatus: no data, no onReady, no waiting caller left hanging', async () => {
    const reg = new DataProviderRegistry();
    let release!: () => void;
    const chain = new ModelWrapper({ id: 'tip', registry: reg, inputModel: input, chain: (d: Document) => new Promise<Document>((resolve) => (release = () => resolve(d))) });
    expect(reg.get('tip')).toBe(chain);
    const heard: string[] = [];
    chain.onReady(() => heard.push('ready'));
    const waiting = chain.fetchData().then(() => 'resolved', (e: WrsError) => `${e.code}: ${e.message}`);
    await waitFor(() => release);
    chain.dispose();
    expect(reg.get('tip')).toBeNull();
    release();
    expect(await waiting).toBe('LOAD_FAILED: tip: LoadFailedStatus: tip was disposed');
    expect(heard).toEqual([]);
    expect(chain.getData()).toBeNull();
    expect(chain.getStatus().name).toBe('LoadFailedStatus');
  });

  it('dispose stops waiting for a parameter provider: no listener left on it, and the chain does not run when it arrives', async () => {
    let arrive!: (text: string) => void;
    const param = new SimpleModel({ url: 'p.xml', loader: () => new Promise<string>((resolve) => (arrive = resolve)) });
    const listening = () => (param as unknown as { statuses: { subject: { observers: unknown[] } } }).statuses.subject.observers.length;
    let runs = 0;
    const chain = wrapper({ chain: (d: Document) => (runs++, d), parameters: { param } });
    void chain.execute();
    await waitFor(() => arrive);
    expect(chain.getStatus().name).toBe('WaitingForParametersStatus');
    expect(listening()).withContext('waiting for the parameter').toBeGreaterThan(0);
    chain.dispose();
    expect(listening()).toBe(0);
    arrive('<p/>');
    await param.fetchData();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toBe(0);
    expect(chain.getStatus().name).toBe('LoadFailedStatus');
  });

  it('dispose ends a run under way in LoadFailedStatus, then completes status$ and changes$; the run sets nothing after', async () => {
    let release!: () => void;
    const chain = wrapper({ chain: (d: Document) => new Promise<Document>((resolve) => (release = () => resolve(d))) });
    const seen: string[] = [];
    chain.status$.subscribe({ next: (s) => seen.push(s.name), complete: () => seen.push('status$ complete') });
    chain.changes$.subscribe({ complete: () => seen.push('changes$ complete') });
    const run = chain.execute();
    await waitFor(() => release);
    chain.dispose();
    expect(seen).toEqual([...OK.slice(0, 5), 'LoadFailedStatus', 'status$ complete', 'changes$ complete']);
    release();
    await run;
    expect(seen.length).toBe(8);
    expect(chain.getStatus().name).toBe('LoadFailedStatus');
    expect(chain.getData()).toBeNull();
  });

  it('a disposed chain keeps its data; later writes, fire, markSaved and execute throw nothing and reach no one', async () => {
    let runs = 0;
    const chain = wrapper({ chain: () => (runs++, '<r v="1"/>') });
    await chain.execute();
    const seen: string[] = [];
    chain.status$.subscribe({ next: (s) => seen.push(s.name), complete: () => seen.push('status$ complete') });
    chain.changes$.subscribe({ next: () => seen.push('change set'), complete: () => seen.push('changes$ complete') });
    chain.onChange(() => seen.push('onChange'));
    chain.addStatusListener(() => seen.push('status listener'));
    chain.dispose();
    expect(seen).toEqual(['TransformedStatus', 'status$ complete', 'changes$ complete']);
    expect(() => {
      chain.write('/r/@v', '2', true);
      chain.fire();
      chain.markSaved();
      chain.dispose();
    }).not.toThrow();
    await chain.execute(true);
    expect(seen).toEqual(['TransformedStatus', 'status$ complete', 'changes$ complete']);
    expect(runs).toBe(1);
    expect(chain.getStatus().name).toBe('TransformedStatus');
    expect(serializeXml(chain.getData()!)).toBe('<r v="2"/>');
    expect(await chain.fetchData()).toBe(chain);
    await expectAsync(chain.fetchData(true)).toBeRejectedWith(jasmine.objectContaining({ code: 'LOAD_FAILED', message: `${chain.id} was disposed` }));
  });

  it('dispose by a status listener: every subscriber still gets that status, then the streams complete', async () => {
    const chain = wrapper({ chain: (d: Document) => d });
    chain.status$.subscribe((s) => s.name === 'TransformedStatus' && chain.dispose());
    const seen: string[] = [];
    chain.status$.subscribe({ next: (s) => seen.push(s.name), complete: () => seen.push('complete') });
    expect(await chain.fetchData()).toBe(chain);
    expect(seen).toEqual([...OK, 'complete']);
  });

  it('dispose by a change listener: every listener and subscriber still gets that change set, then changes$ completes', async () => {
    const chain = wrapper({ chain: () => '<r v="1"/>' });
    await chain.execute();
    const seen: string[] = [];
    chain.onChange(() => chain.dispose());
    chain.onChange((c) => seen.push(`onChange ${c.sequence}`));
    chain.changes$.subscribe({ next: (c) => seen.push(`changes$ ${c.sequence}`), complete: () => seen.push('complete') });
    chain.write('/r/@v', '2', true);
    chain.fire();
    expect(seen).toEqual(['onChange 1', 'changes$ 1', 'complete']);
  });

  it('fetchData with an aborted signal stops waiting: it rejects, keeps no listener, and the load goes on', async () => {
    let arrive!: (text: string) => void;
    const model = new SimpleModel({ url: 'm.xml', loader: () => new Promise<string>((resolve) => (arrive = resolve)) });
    const listening = () => (model as unknown as { statuses: { subject: { observers: unknown[] } } }).statuses.subject.observers.length;
    const stop = new AbortController();
    const waiting = model.fetchData({ signal: stop.signal }).then(() => 'resolved', (e: WrsError) => `${e.code} ${JSON.stringify(e.details)}`);
    await waitFor(() => arrive);
    stop.abort();
    expect(await waiting).toBe('LOAD_FAILED {"aborted":true}');
    expect(listening()).toBe(0);
    await expectAsync(model.fetchData({ signal: stop.signal })).toBeRejectedWith(jasmine.objectContaining({ code: 'LOAD_FAILED' }));
    arrive('<a/>');
    expect((await model.fetchData()).getData()!.documentElement.localName).toBe('a');
  });

  it('maps the default name gridTooltip.xslt to the built-in tooltip', async () => {
    const chain = wrapper({ chain: 'gridTooltip.xslt', parameters: { rowId: 'R2', colId: 'qty' }, loader: mapLoader({}) });
    await chain.execute();
    expect(chain.isReady()).toBeTrue();
    expect(chain.getData()!.documentElement.textContent).toContain('5');
  });

  it('renders an empty non-void element of XML output with its end tag, so what follows it stays its sibling', async () => {
    const out = '<div><span class="icon"/>after<br/><p/>para</div>';
    const page = parseXml('<html xmlns="http://www.w3.org/1999/xhtml"><body><div id="out"/></body></html>');
    const target = (globalThis as { document?: Document }).document?.createElement('div') ?? page.getElementsByTagName('div')[0];
    const chain = wrapper({ chain: () => parseXml(out) });
    chain.setTargetHtml(target);
    await chain.execute();
    expect(chain.getHtmlOutput()).toContain('<span class="icon"></span>after<br/><p></p>para');
    const div = target.firstChild as Element;
    expect(Array.from(div.childNodes).map((n) => (n.nodeType === 1 ? (n as Element).localName : n.textContent))).toEqual(['span', 'after', 'br', 'p', 'para']);
    expect(div.getElementsByTagName('br').length).toBe(1);
    expect(serializeXml(chain.getData()!)).withContext('the chain output itself is untouched').toBe(out);
  });

  it('puts hostile HTML output into the target sanitized: no script, no handlers, no javascript: URLs', async () => {
    const hostile = `<div xmlns="http://www.w3.org/1999/xhtml"><p onclick="alert(1)">Total <b>3</b></p><script>alert(2)</script>` +
      `<a href="javascript:alert(3)">x</a><a href="https://example.org/ok">ok</a><img alt="pic" onerror="alert(4)"/><iframe src="https://evil.test"/></div>`;
    const page = parseXml('<html xmlns="http://www.w3.org/1999/xhtml"><body><div id="out"/></body></html>');
    const target = (globalThis as { document?: Document }).document?.createElement('div') ?? page.getElementsByTagName('div')[0];
    const chain = wrapper({ chain: () => hostile });
    chain.setTargetHtml(target);
    await chain.execute();
    const html = (target as HTMLElement).innerHTML ?? serializeXml(target);
    const text = serializeXml(target);
    expect(target.textContent).toContain('Total 3');
    for (const out of [html, text]) {
      expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe|alert/i);
      expect(out).toContain('https://example.org/ok');
    }
    expect(chain.getHtmlOutput()).toContain('<script>');
  });
});

describe(`ModelWrapper input replaced during a run (${domName()})`, () => {
  const firstName = `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:wrs="${NS.wrs}">
  <xsl:template match="/"><Names><xsl:value-of select="/*/wrs:Data/*/wrs:C[1]"/></Names></xsl:template>
</xsl:stylesheet>`;

  it('setPrimaryModel while the stylesheets load: the run transforms the new input, not the one it started with', async () => {
    const registry = new DataProviderRegistry();
    const oldInput = new StaticModel({ data: ordersWrs(), registry });
    const newInput = new StaticModel({ data: ordersWrs().replace('Anna', 'Zoe'), registry });
    await oldInput.fetchData();
    await newInput.fetchData();
    const sheetArrives: ((text: string) => void)[] = [];
    const loader: XmlLoader = () => new Promise<string>((resolve) => sheetArrives.push(resolve));
    const chain = new ModelWrapper({ inputModel: oldInput, chain: 'names.xslt', loader, sefResolver: null, registry, xsltEngine: new SaxonXsltEngine() });
    const done = chain.fetchData();
    await waitFor(() => sheetArrives.length > 0);
    chain.setPrimaryModel(newInput);
    await answerUntilSettled(done, sheetArrives, firstName);
    expect(chain.getData()!.documentElement.textContent).toBe('Zoe');
  });

  it('setPrimaryModel while the run waits for its input: it waits for and transforms the new one', async () => {
    const registry = new DataProviderRegistry();
    let answer = (_: string) => {};
    const slow = new SimpleModel({ url: 'slow.xml', registry, loader: () => new Promise<string>((resolve) => (answer = resolve)) });
    const newInput = new StaticModel({ data: ordersWrs().replace('Anna', 'Zoe'), registry });
    await newInput.fetchData();
    const chain = new ModelWrapper({ inputModel: slow, chain: 'names.xslt', loader: async () => firstName, sefResolver: null, registry, xsltEngine: new SaxonXsltEngine() });
    const done = chain.fetchData();
    await statusReached(chain, 'WaitingForParametersStatus');
    chain.setPrimaryModel(newInput);
    answer(ordersWrs());
    await done;
    expect(chain.getData()!.documentElement.textContent).toBe('Zoe');
  });
});
