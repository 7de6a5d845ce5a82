import { WrsError } from '../errors';
import { SimpleModel } from '../data-provider/simple-model';
import { parseXml, serializeXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { domName, ordersWrs } from '../../testing/fixtures';
import { statusReached, waitFor } from '../../testing/wait';
import { ModelWrapper } from './model-wrapper';
import { modelWrapperSpecSetup } from './testing/model-wrapper-setup';
import { XSL, OK, mapLoader, statuses, rowCountXslt3 } from './testing/chain-fixtures';

describe(`ModelWrapper failures (${domName()})`, () => {
  const w = modelWrapperSpecSetup(ordersWrs);

  it('a stylesheet 404 ends in ChainStylesheetLoadingFailed naming step and url; execute() recovers once it exists', async () => {
    const files: Record<string, string> = {};
    const chain = w.wrapper({ chain: [(d: Document) => d, 'xslt/missing.xslt'], loader: mapLoader(files) });
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
    const chain = w.wrapper({ chain: parseXml(chainDoc), loader: mapLoader({}) });
    const seen = statuses(chain);
    await chain.execute();
    expect(seen).toEqual(['InitializedStatus', 'LoadingStatus', 'ChainLoadedStatus', 'ChainStylesheetLoadingFailed']);
    expect(chain.getFailureReason()).toContain('phase "p" stylesheet 1 (gone.xslt)');
  });

  it('a stylesheet that is not XML ends in ChainStylesheetLoadingFailed', async () => {
    const chain = w.wrapper({ chain: 'bad.xslt', loader: mapLoader({ 'bad.xslt': '<xsl:stylesheet version="3.0"' }) });
    await chain.execute();
    expect(chain.getStatus().name).toBe('ChainStylesheetLoadingFailed');
    expect(chain.getFailureReason()).toMatch(/step 1 \(bad\.xslt\): .*not XML/);
  });

  it('an XSLT compile error ends in ChainStylesheetLoadingFailed with the engine message; fixing the text recovers', async () => {
    const files = { 'c.xslt': `<xsl:stylesheet version="3.0" xmlns:xsl="${XSL}"><xsl:template match="/"><xsl:value-of select="count((("/></xsl:template></xsl:stylesheet>` };
    const chain = w.wrapper({ chain: 'c.xslt', loader: mapLoader(files) });
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
    const chain = w.wrapper({ chain: stop });
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
    const chain = w.wrapper({ chain: [(d: Document) => d, enrich] });
    await chain.execute();
    expect(chain.getStatus().name).toBe('TransformFailedStatus');
    expect(chain.getFailureReason()).toContain('step 2 (JS function enrich) failed: enrich is broken');
    broken = false;
    await chain.execute();
    expect(chain.isReady()).toBeTrue();
  });

  it('a JS step returning something that is not XML ends in TransformFailedStatus', async () => {
    for (const [result, says] of [[42, 'a number'], ['just words', 'not XML'], [null, 'null']] as const) {
      const chain = w.wrapper({ chain: function odd() { return result as unknown as string; } });
      await chain.execute();
      expect(chain.getStatus().name).toBe('TransformFailedStatus');
      expect(chain.getFailureReason()).toContain('step 1 (JS function odd)');
      expect(chain.getFailureReason()).toContain(says);
    }
  });

  it('a failing parameter provider ends in LoadFailedStatus naming the parameter; execute() recovers', async () => {
    const files: Record<string, string> = {};
    const lookup = new SimpleModel({ url: 'lookup.xml', loader: mapLoader(files), registry: w.registry });
    const chain = w.wrapper({ chain: (d: Document, p) => `<r>${(p['lookup'] as Document).documentElement.localName}</r>`, parameters: { lookup } });
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
      registry: w.registry,
      loader: (url) => (failing ? Promise.reject(new WrsError('LOAD_FAILED', `HTTP 503 Service Unavailable from ${url}`, url)) : new Promise<string>((resolve) => pending.push(resolve))),
    });
    const chain = w.wrapper({ chain: (_d: Document, p) => `<r v="${(p['lookup'] as Document).documentElement.getAttribute('v')}"/>`, parameters: { lookup } });
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
      registry: w.registry,
      loader: (url) => (failing ? Promise.reject(new WrsError('LOAD_FAILED', `HTTP 503 from ${url}`, url)) : Promise.resolve('<p/>')),
    });
    const qArrives: ((text: string) => void)[] = [];
    const q = new SimpleModel({ url: 'q.xml', registry: w.registry, loader: () => new Promise<string>((resolve) => qArrives.push(resolve)) });
    await p.fetchData();
    let runs = 0;
    const chain = w.wrapper({ chain: (d: Document) => (runs++, d), parameters: { p, q } });
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
    const broken = new SimpleModel({ url: 'nope.xml', loader: mapLoader({}), registry: w.registry });
    const chain = new ModelWrapper({ inputModel: broken, chain: (d: Document) => d, registry: w.registry });
    await chain.execute();
    expect(chain.getStatus().name).toBe('LoadFailedStatus');
    expect(chain.getFailureReason()).toContain('input model');
  });
});
