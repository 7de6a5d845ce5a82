import { ConstantDataProvider } from '../data-provider/constant-data-provider';
import { DataProviderRegistry } from '../data-provider/data-provider';
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
import { modelWrapperSpecSetup } from './testing/model-wrapper-setup';
import { XSL, OK, mapLoader, statuses, rowCountXslt3, firstNameXslt1, allNamesXslt3 } from './testing/chain-fixtures';

describe(`ModelWrapper (${domName()})`, () => {
  const w = modelWrapperSpecSetup(ordersWrs);

  it('runs a JS chain through every status of the 3.1 table, in order', async () => {
    const chain = w.wrapper({ chain: (doc: Document) => `<Rows n="${WrsIndex.of(doc).rowCount}"/>` });
    const seen = statuses(chain);
    await chain.execute();
    expect(seen).toEqual(OK);
    expect(chain.isReady()).toBeTrue();
    expect(serializeXml(chain.getData()!)).toBe('<Rows n="3"/>');
  });

  it('is the TransformationChain of the spec, registered under its id', () => {
    const chain = new TransformationChain({ id: 'tc', inputModel: w.input, chain: (d: Document) => d, registry: w.registry });
    expect(chain).toEqual(jasmine.any(ModelWrapper));
    expect(w.registry.get('tc')).toBe(chain);
  });

  it('runs an array of steps in order, each on the output of the one before', async () => {
    const chain = w.wrapper({
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
    const extra = new StaticModel({ data: '<X v="from-provider"/>', registry: w.registry });
    const chain = w.wrapper({ chain: 'xslt/summary.xslt', loader, parameters: { label: 'orders', extra } });
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
    const chain = w.wrapper({ inputModel: new StaticModel({ data: '<in/>', registry: w.registry }), chain: [wrapIn('a', 'xr28a'), wrapIn('b', '0od2b')] });
    await chain.execute();
    expect(serializeXml(chain.getData()!)).toBe('<b><a><in/></a></b>');
  });

  it('runs XSLT 1.0 in backwards-compatible mode and XSLT 3.0 as such', async () => {
    const one = w.wrapper({ chain: firstNameXslt1 });
    const three = w.wrapper({ chain: parseXml(allNamesXslt3) });
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
    const chain = w.wrapper({ chain: 'chains/orders.xml', loader });
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
    const chain = w.wrapper({ chain: 'chains/count.xml', loader: mapLoader({ 'chains/count.xml': chainDoc }) });
    await chain.execute();
    expect(chain.getStatus().name).withContext(chain.getFailureReason() ?? '').toBe('TransformedStatus');
    expect(serializeXml(chain.getData()!)).toBe('<n>3</n>');
  });

  it('compiles a stylesheet url once: a second chain does not fetch it again', async () => {
    const loader = mapLoader({ 's.xslt': rowCountXslt3 });
    await w.wrapper({ chain: 's.xslt', loader }).execute();
    const second = w.wrapper({ chain: 's.xslt', loader });
    await second.execute();
    expect(second.isReady()).toBeTrue();
    expect(loader.calls).toEqual(['s.xslt']);
  });

  it('waits for parameter providers and passes a constant as its value', async () => {
    const mode = new ConstantDataProvider({ name: 'mode', value: 'strict', registry: w.registry });
    const chain = w.wrapper({ chain: (_d: Document, p) => `<m>${p['mode']}</m>` });
    chain.addDataProvider(mode);
    await chain.execute();
    expect(mode.isReady()).toBeTrue();
    expect(serializeXml(chain.getData()!)).toBe('<m>strict</m>');
    expect(chain.debugIsWaitingFor()).toBe('');
  });

  it('setParameter with a value replaces a provider given under that name', async () => {
    const mode = new ConstantDataProvider({ name: 'mode', value: 'fromProvider', registry: w.registry });
    const chain = w.wrapper({ chain: (_d: Document, p) => `<m>${p['mode']}</m>` });
    chain.addDataProvider(mode);
    await chain.execute();
    expect(serializeXml(chain.getData()!)).toBe('<m>fromProvider</m>');
    chain.setParameter('mode', 'static');
    await chain.execute(true);
    expect(serializeXml(chain.getData()!)).toBe('<m>static</m>');
    expect(chain.getDataProviderByName('mode')).toBeNull();
  });

  it('fails chains that wait for each other, naming the cycle, instead of waiting forever', async () => {
    const a = w.wrapper({ chain: (_d: Document, p) => `<a>${p['b'] ? 'b' : ''}</a>` });
    const b = w.wrapper({ chain: (_d: Document, p) => `<b>${p['a'] ? 'a' : ''}</b>` });
    a.setParameter('b', b);
    b.setParameter('a', a);
    await a.execute();
    expect(a.getStatus().name).toBe('LoadFailedStatus');
    expect(b.getStatus().name).toBe('LoadFailedStatus');
    expect(b.getFailureReason()).toContain(`${b.id} -> ${a.id} -> ${b.id}`);
    expect(a.getFailureReason()).toContain(b.id);
  });

  it('runs again when an input fires a change set', async () => {
    const chain = w.wrapper({ chain: (doc: Document) => `<n>${doc.getElementsByTagNameNS(NS.wrs, 'O').length}</n>` });
    await chain.execute();
    const before = chain.getData()!.documentElement.textContent;
    const again = new Promise<void>((resolve) => chain.onReady({ onSuccess: () => resolve(), onlyFuture: true }));
    w.input.write('/*/wrs:Data/wrs:R[@id="R1"]/wrs:C[1]', 'Anne', true);
    await again;
    expect(before).toBe('0');
    // The R row became M: each of its three cells got a wrs:O original.
    expect(chain.getData()!.documentElement.textContent).toBe('3');
  });

  it('an input getting ready while the chain still loads its stylesheets does not start the chain over', async () => {
    let inputArrives!: (text: string) => void;
    const slowInput = new SimpleModel({ url: 'in.xml', registry: w.registry, loader: () => new Promise<string>((resolve) => (inputArrives = resolve)) });
    const chainDoc = `<chain:Chain xmlns:chain="${NS.chain}"><chain:Phase name="p"><chain:Stylesheet url="s.xslt"/></chain:Phase></chain:Chain>`;
    const sheetArrives: ((text: string) => void)[] = [];
    const fetched: string[] = [];
    const loader: XmlLoader = (url) => {
      fetched.push(url);
      return url === 'c.xml' ? Promise.resolve(chainDoc) : new Promise<string>((resolve) => sheetArrives.push(resolve));
    };
    const chain = w.wrapper({ inputModel: slowInput, chain: 'c.xml', loader, sefResolver: null });
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
    const chain = w.wrapper({ chain: 'names.xslt', loader, sefResolver: null });
    const seen = statuses(chain);
    const done = chain.fetchData();
    await w.input.fetchData();
    w.input.write('/*/wrs:Data/wrs:R[@id="R1"]/wrs:C[1]', 'Anne', true);
    w.input.write('/*/wrs:Data/*[@id="R1"]/wrs:C[1]', 'Ada', true);
    await answerUntilSettled(done, sheetArrives, firstNameXslt1);
    expect(seen).toEqual(OK);
    expect(fetched).toEqual(['names.xslt']);
    expect(chain.getData()!.documentElement.textContent).toBe('Ada');
  });

  it('maps the default name gridTooltip.xslt to the built-in tooltip', async () => {
    const chain = w.wrapper({ chain: 'gridTooltip.xslt', parameters: { rowId: 'R2', colId: 'qty' }, loader: mapLoader({}) });
    await chain.execute();
    expect(chain.isReady()).toBeTrue();
    expect(chain.getData()!.documentElement.textContent).toContain('5');
  });

  it('renders an empty non-void element of XML output with its end tag, so what follows it stays its sibling', async () => {
    const out = '<div><span class="icon"/>after<br/><p/>para</div>';
    const page = parseXml('<html xmlns="http://www.w3.org/1999/xhtml"><body><div id="out"/></body></html>');
    const target = (globalThis as { document?: Document }).document?.createElement('div') ?? page.getElementsByTagName('div')[0];
    const chain = w.wrapper({ chain: () => parseXml(out) });
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
    const chain = w.wrapper({ chain: () => hostile });
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
