import { domName } from '../../testing/fixtures';
import { ConstantDataProvider } from '../data-provider/constant-data-provider';
import { DataProviderRegistry } from '../data-provider/data-provider';
import { StaticModel } from '../data-provider/static-model';
import { WrsError } from '../errors';
import { parseXml, serializeXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { setDefaultWrsBackend } from './default-wrs-backend';
import { WrsBackend, WrsBackendCallOptions } from './wrs-backend';
import { WrsRequestModel } from './wrs-request-model';

const REQUEST = `<wrq:WrsRequest xmlns:wrq="${NS.wrq}"><wrq:Select><wrq:From><wrq:BindingSet>orders</wrq:BindingSet></wrq:From></wrq:Select></wrq:WrsRequest>`;
const ANSWER = `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C id="a" pos="1"/></wrs:Columns></wrs:Header><wrs:Data><wrs:R id="R1"><wrs:C>x</wrs:C></wrs:R></wrs:Data></wrs:Wrs>`;

/** A backend that records each load and answers from a function. */
class RecordingBackend implements WrsBackend {
  readonly loads: { request: string; url?: string }[] = [];
  constructor(private readonly answer: () => Promise<Document> = async () => parseXml(ANSWER)) {}
  async load(request: Document | string, options?: WrsBackendCallOptions): Promise<Document> {
    this.loads.push({ request: typeof request === 'string' ? request : serializeXml(request), url: options?.url });
    return this.answer();
  }
  async save(): Promise<void> {}
  async nextIdentifier(): Promise<number> {
    return 1;
  }
}

function statusesOf(model: WrsRequestModel): string[] {
  const seen: string[] = [];
  model.status$.subscribe((s) => seen.push(s.name));
  return seen;
}

describe(`WrsRequestModel (${domName()})`, () => {
  let registry: DataProviderRegistry;
  beforeEach(() => (registry = new DataProviderRegistry()));
  afterEach(() => setDefaultWrsBackend(null));

  it('loads the answer to its request through the backend: Initialized, Loading, Transformed', async () => {
    const backend = new RecordingBackend();
    const model = new WrsRequestModel({ requestDocument: REQUEST, backend, registry });
    const statuses = statusesOf(model);
    await model.fetchData();
    expect(statuses).toEqual(['InitializedStatus', 'LoadingStatus', 'TransformedStatus']);
    expect(model.read('/*/wrs:Data/wrs:R[1]/wrs:C[1]')).toBe('x');
    expect(backend.loads.length).toBe(1);
    expect(backend.loads[0].url).toBeUndefined();
  });

  it('runs requestPostChain steps in order on a copy, then sends to modelUrl', async () => {
    const backend = new RecordingBackend();
    const original = parseXml(REQUEST);
    const addRowEnd = (doc: Document) => {
      doc.getElementsByTagNameNS(NS.wrq, 'Select')[0].setAttribute('rowEnd', '20');
      return doc;
    };
    const addRowStart = async (doc: Document) => {
      doc.getElementsByTagNameNS(NS.wrq, 'Select')[0].setAttribute('rowStart', '11');
      return doc;
    };
    const model = new WrsRequestModel({ requestDocument: original, requestPostChain: [addRowEnd, addRowStart], modelUrl: '/srv/WrsServlet', backend, registry });
    await model.fetchData();
    const sent = parseXml(backend.loads[0].request).getElementsByTagNameNS(NS.wrq, 'Select')[0];
    expect([sent.getAttribute('rowStart'), sent.getAttribute('rowEnd')]).toEqual(['11', '20']);
    expect(backend.loads[0].url).toBe('/srv/WrsServlet');
    expect(original.getElementsByTagNameNS(NS.wrq, 'Select')[0].hasAttribute('rowEnd')).toBeFalse();
    expect(model.getRequestDocument()?.getElementsByTagNameNS(NS.wrq, 'Select')[0].getAttribute('rowEnd')).toBe('20');
  });

  it('runs an XSLT requestPostChain (a stylesheet as text) through the chain engine', async () => {
    const backend = new RecordingBackend();
    const xslt = `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:wrq="${NS.wrq}">
      <xsl:template match="@*|node()"><xsl:copy><xsl:apply-templates select="@*|node()"/></xsl:copy></xsl:template>
      <xsl:template match="wrq:Select"><xsl:copy><xsl:attribute name="rowEnd">50</xsl:attribute><xsl:apply-templates select="@*|node()"/></xsl:copy></xsl:template>
    </xsl:stylesheet>`;
    const model = new WrsRequestModel({ requestDocument: REQUEST, requestPostChain: xslt, backend, registry });
    await model.fetchData();
    const sent = parseXml(backend.loads[0].request).getElementsByTagNameNS(NS.wrq, 'Select')[0];
    expect(sent.getAttribute('rowEnd')).toBe('50');
  });

  it('a requestPostChain stylesheet that does not compile ends in ChainStylesheetLoadingFailed', async () => {
    const backend = new RecordingBackend();
    const model = new WrsRequestModel({ requestDocument: REQUEST, requestPostChain: '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:bogus/></xsl:stylesheet>', backend, registry });
    await model.execute();
    expect(model.getStatus().name).toBe('ChainStylesheetLoadingFailed');
    expect(model.getFailureReason()).toContain('requestPostChain failed');
    expect(backend.loads.length).toBe(0);
  });

  it('takes the request from a provider and modelUrl from a constant provider', async () => {
    const backend = new RecordingBackend();
    const request = new StaticModel({ data: REQUEST, registry });
    const url = new ConstantDataProvider({ name: 'url', value: 'Custom', registry });
    await new WrsRequestModel({ requestDocument: request, modelUrl: url, backend, registry }).fetchData();
    expect(backend.loads[0].url).toBe('Custom');
    expect(parseXml(backend.loads[0].request).documentElement.localName).toBe('WrsRequest');
  });

  it('ends in LoadFailedStatus with the backend reason, and reloads on execute(true)', async () => {
    let fail = true;
    const backend = new RecordingBackend(async () => {
      if (fail) throw new WrsError('BACKEND', 'Load failed: HTTP 400 from WrsServlet: Unknown column "x"');
      return parseXml(ANSWER);
    });
    const model = new WrsRequestModel({ requestDocument: REQUEST, backend, registry });
    const statuses = statusesOf(model);
    await model.execute();
    expect(statuses).toEqual(['InitializedStatus', 'LoadingStatus', 'LoadFailedStatus']);
    expect(model.getFailureReason()).toContain('Unknown column "x"');
    fail = false;
    await model.execute(true);
    expect(statuses.slice(3)).toEqual(['LoadingStatus', 'TransformedStatus']);
    expect(model.isReady()).toBeTrue();
  });

  it('ends in TransformFailedStatus when a post-chain step throws, without calling the backend', async () => {
    const backend = new RecordingBackend();
    const model = new WrsRequestModel({
      requestDocument: REQUEST,
      requestPostChain: () => {
        throw new Error('no filter');
      },
      backend,
      registry,
    });
    const statuses = statusesOf(model);
    await model.execute();
    expect(statuses).toEqual(['InitializedStatus', 'LoadingStatus', 'TransformFailedStatus']);
    expect(model.getFailureReason()).toContain('requestPostChain failed: step 1');
    expect(model.getFailureReason()).toContain('no filter');
    expect(backend.loads.length).toBe(0);
  });

  it('ends in LoadFailedStatus when the requestPostChain itself cannot be read (its chain ended so), without calling the backend', async () => {
    const backend = new RecordingBackend();
    const chainDoc = `<chain:Chain xmlns:chain="${NS.chain}"><chain:Phase name="prepare"><chain:Stylesheet/></chain:Phase></chain:Chain>`;
    const model = new WrsRequestModel({ requestDocument: REQUEST, requestPostChain: chainDoc, backend, registry });
    const statuses = statusesOf(model);
    await expectAsync(model.fetchData()).toBeRejectedWith(jasmine.objectContaining({ code: 'LOAD_FAILED', details: { status: 'LoadFailedStatus' } }));
    expect(statuses).toEqual(['InitializedStatus', 'LoadingStatus', 'LoadFailedStatus']);
    expect(model.getFailureReason()).toContain('requestPostChain failed: phase "prepare" stylesheet 1: chain:Stylesheet needs @url, @jsProcFct or an inline xsl:stylesheet');
    expect(backend.loads.length).toBe(0);
  });

  it('uses the default backend when none is given', async () => {
    const backend = new RecordingBackend();
    setDefaultWrsBackend(backend);
    await new WrsRequestModel({ requestDocument: REQUEST, registry }).fetchData();
    expect(backend.loads.length).toBe(1);
  });

  it('refuses a missing request document with INVALID_ARGUMENT', () => {
    expect(() => new WrsRequestModel({ requestDocument: undefined as unknown as string, registry })).toThrowMatching(
      (e) => e instanceof WrsError && e.code === 'INVALID_ARGUMENT',
    );
  });
});
