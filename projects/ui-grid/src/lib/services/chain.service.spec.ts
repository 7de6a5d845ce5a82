import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { DataProviderRegistry, SaxonXsltEngine, StaticModel, serverCompiledStylesheets } from 'ngx-wrs-grid/core';
import { ROW_COUNT_SEF, ROW_COUNT_XSLT } from '../../../core/src/chain/testing/compiled-stylesheets';
import { provideUiGrid } from '../ui-grid.module';
import { ChainService } from './chain.service';

const XSL = 'http://www.w3.org/1999/XSL/Transform';
const WRS = 'http://www.businesscode.de/schema/bcdui/wrs-1.0.0';
const wrs = `<wrs:Wrs xmlns:wrs="${WRS}"><wrs:Header><wrs:Columns><wrs:C pos="1" id="name"/></wrs:Columns></wrs:Header>` +
  `<wrs:Data><wrs:R id="R1"><wrs:C>Anna</wrs:C></wrs:R><wrs:R id="R2"><wrs:C>Bert</wrs:C></wrs:R></wrs:Data></wrs:Wrs>`;

/** Answers the request for `url` once the chain has made it (it is made asynchronously), or fails the spec. */
async function answerRequest(http: HttpTestingController, url: string, body: string, status: number): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const pending = http.match(url);
    if (pending.length > 0) {
      pending[0].flush(body, status === 200 ? undefined : { status, statusText: status === 404 ? 'Not Found' : 'Internal Server Error' });
      return;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  fail(`no request for ${url}`);
}

describe('ChainService', () => {
  let service: ChainService;
  let http: HttpTestingController;
  let registry: DataProviderRegistry;

  beforeEach(() => {
    registry = new DataProviderRegistry();
    TestBed.configureTestingModule({ providers: [provideUiGrid({ registry }), provideHttpClient(), provideHttpClientTesting()] });
    service = TestBed.inject(ChainService);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  const answer = (url: string, body: string, status = 200) => answerRequest(http, url, body, status);

  it('loads an XSLT 3.0 stylesheet url with HttpClient and runs it; the chain registers in the app registry', async () => {
    const input = new StaticModel({ data: wrs, registry });
    const chain = service.create({ id: 'names', inputModel: input, chain: 'xslt/names.xslt' });
    const seen: string[] = [];
    chain.status$.subscribe((s) => seen.push(s.name));
    const done = chain.execute();
    await answer('xslt/names.xslt', `<xsl:stylesheet version="3.0" xmlns:xsl="${XSL}" xmlns:wrs="${WRS}"><xsl:template match="/"><Names><xsl:value-of select="string-join(//wrs:Data/*/wrs:C, ',')"/></Names></xsl:template></xsl:stylesheet>`);
    await done;
    expect(seen).toEqual(['InitializedStatus', 'LoadingStatus', 'ChainLoadedStatus', 'WaitingForParametersStatus', 'TransformingStatus', 'TransformedStatus']);
    expect(chain.getData()!.documentElement.textContent).toBe('Anna,Bert');
    expect(registry.get('names')).toBe(chain);
  });

  it('an HTTP 404 for the stylesheet ends in ChainStylesheetLoadingFailed naming the url', async () => {
    const chain = service.create({ inputModel: new StaticModel({ data: wrs, registry }), chain: 'xslt/gone.xslt' });
    const done = chain.execute();
    await answer('xslt/gone.xslt', 'no such file', 404);
    await done;
    expect(chain.getStatus().name).toBe('ChainStylesheetLoadingFailed');
    expect(chain.getFailureReason()).toContain('xslt/gone.xslt');
    expect(chain.getFailureReason()).toContain('404');
  });

  it('renders HTML output through the core sanitizer: data-* and buttons stay; script, handlers, javascript: URLs and style go', async () => {
    const target = document.createElement('div');
    const hostile = () =>
      `<div><p onclick="alert(1)" style="position:fixed">Rows: <b>2</b></p><script>alert(2)</script><a href="javascript:alert(3)">x</a>` +
      `<img alt="i" src="x" onerror="alert(4)"/><a href="https://example.org/ok">ok</a><button data-action="copy">Copy</button></div>`;
    const chain = service.create({ inputModel: new StaticModel({ data: wrs, registry }), chain: hostile, targetHtml: target });
    await chain.execute();
    expect(target.textContent).toContain('Rows: 2');
    expect(target.innerHTML).not.toMatch(/<script|onclick|onerror|javascript:|style=/i);
    expect(target.querySelector('a[href="https://example.org/ok"]')).not.toBeNull();
    expect(target.querySelector('button[data-action="copy"]')!.getAttribute('type')).toBe('button');
  });
});

describe('ChainService with provideUiGrid({ sefResolver })', () => {
  let service: ChainService;
  let http: HttpTestingController;
  let registry: DataProviderRegistry;

  beforeEach(() => {
    registry = new DataProviderRegistry();
    TestBed.configureTestingModule({
      providers: [provideUiGrid({ registry, sefResolver: serverCompiledStylesheets({ under: 'xslt/' }) }), provideHttpClient(), provideHttpClientTesting()],
    });
    service = TestBed.inject(ChainService);
    http = TestBed.inject(HttpTestingController);
  });

  afterEach(() => http.verify());

  const answer = (url: string, body: string, status = 200) => answerRequest(http, url, body, status);

  it('asks for the compiled form of a stylesheet url through HttpClient once and runs it on new data with no compilation', async () => {
    const engine = new SaxonXsltEngine();
    const counts: (string | null)[] = [];
    for (const rows of [1, 2, 2]) {
      const data = wrs.replace(/<wrs:R id="R2">.*<\/wrs:R>/, rows === 2 ? '$&' : '');
      const chain = service.create({ inputModel: new StaticModel({ data, registry }), chain: 'xslt/rows.xslt', parameters: { label: 'x' }, xsltEngine: engine });
      const done = chain.execute();
      if (counts.length === 0) await answer('xslt/rows.xslt.sef.json', ROW_COUNT_SEF);
      await done;
      counts.push(chain.getData()!.documentElement.getAttribute('count'));
    }
    expect(counts).toEqual(['1', '2', '2']);
    http.expectNone('xslt/rows.xslt');
    expect(engine.compilations).toBe(0);
  });

  it('falls back to the stylesheet on a 404; a compile error of the server ends in ChainStylesheetLoadingFailed with its message', async () => {
    const fallback = service.create({ inputModel: new StaticModel({ data: wrs, registry }), chain: 'xslt/rows.xslt', xsltEngine: new SaxonXsltEngine() });
    const running = fallback.execute();
    await answer('xslt/rows.xslt.sef.json', '<Error status="404"><Message>No stylesheet rows.xslt</Message></Error>', 404);
    await answer('xslt/rows.xslt', ROW_COUNT_XSLT);
    await running;
    expect(fallback.getData()!.documentElement.getAttribute('count')).toBe('2');

    const broken = service.create({ inputModel: new StaticModel({ data: wrs, registry }), chain: 'xslt/bad.xslt', xsltEngine: new SaxonXsltEngine() });
    const failing = broken.execute();
    await answer('xslt/bad.xslt.sef.json', '<Error status="500"><Message>XSLT compile error in bad.xslt: XPST0003: Expected an expression</Message></Error>', 500);
    await failing;
    expect(broken.getStatus().name).toBe('ChainStylesheetLoadingFailed');
    expect(broken.getFailureReason()).toContain('XSLT compile error in bad.xslt: XPST0003');
  });
});
