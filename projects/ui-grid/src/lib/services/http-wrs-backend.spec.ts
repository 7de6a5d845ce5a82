import { provideHttpClient, withInterceptors } from '@angular/common/http';
import { EMPTY } from 'rxjs';
import { HttpTestingController, provideHttpClientTesting } from '@angular/common/http/testing';
import { TestBed } from '@angular/core/testing';
import { NS, WrsError } from 'ngx-wrs-grid/core';
import { HttpWrsBackend, provideHttpWrsBackend } from './http-wrs-backend';
import { WRS_BACKEND } from './wrs-backend.token';

const REQUEST = `<wrq:WrsRequest xmlns:wrq="${NS.wrq}"><wrq:Select><wrq:From><wrq:BindingSet>orders</wrq:BindingSet></wrq:From></wrq:Select></wrq:WrsRequest>`;
const ANSWER = `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C id="a" pos="1"/></wrs:Columns></wrs:Header><wrs:Data><wrs:R id="R1"><wrs:C>x</wrs:C></wrs:R></wrs:Data></wrs:Wrs>`;

async function failure(p: Promise<unknown>): Promise<WrsError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof WrsError) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

describe('HttpWrsBackend', () => {
  let http: HttpTestingController;
  let backend: HttpWrsBackend;

  beforeEach(() => {
    TestBed.configureTestingModule({
      providers: [provideHttpClient(), provideHttpClientTesting(), provideHttpWrsBackend({ modelUrl: '/api/WrsServlet' })],
    });
    http = TestBed.inject(HttpTestingController);
    backend = TestBed.inject(HttpWrsBackend);
  });
  afterEach(() => http.verify());

  it('is what WRS_BACKEND provides', () => {
    expect(TestBed.inject(WRS_BACKEND)).toBe(backend);
  });

  it('load POSTs the request as application/xml through HttpClient and resolves with the wrs:Wrs', async () => {
    const loading = backend.load(REQUEST);
    const req = http.expectOne('/api/WrsServlet');
    expect(req.request.method).toBe('POST');
    expect(req.request.headers.get('Content-Type')).toBe('application/xml');
    expect(req.request.body).toBe(REQUEST);
    req.flush(ANSWER);
    const doc = await loading;
    expect(doc.getElementsByTagNameNS(NS.wrs, 'R')[0].getAttribute('id')).toBe('R1');
  });

  it('load rejects with BACKEND and the server reason on a non-2xx answer, NOT_WRS on a body that is no Wrs', async () => {
    const failing = failure(backend.load(REQUEST));
    http.expectOne('/api/WrsServlet').flush('<Error status="400"><Message>Unknown column "x"</Message></Error>', { status: 400, statusText: 'Bad Request' });
    const e = await failing;
    expect([e.code, e.message]).toEqual(['BACKEND', 'Load failed: HTTP 400 Bad Request from /api/WrsServlet: Unknown column "x"']);
    const notWrs = failure(backend.load(REQUEST));
    http.expectOne('/api/WrsServlet').flush('<html/>');
    expect((await notWrs).code).toBe('NOT_WRS');
  });

  it('load rejects with BACKEND on a network failure', async () => {
    const failing = failure(backend.load(REQUEST));
    http.expectOne('/api/WrsServlet').error(new ProgressEvent('error'));
    const e = await failing;
    expect(e.code).toBe('BACKEND');
    expect(e.message).toBe('Cannot reach /api/WrsServlet: no answer (the server is down or unreachable)');
  });

  it('save without an answer rejects with BACKEND saying the server may have saved it', async () => {
    const failing = failure(backend.save(ANSWER));
    http.expectOne('/api/WrsServlet').error(new ProgressEvent('error'));
    const e = await failing;
    expect([e.code, e.details?.['outcomeUnknown']]).toEqual(['BACKEND', true]);
    expect(e.message).toContain('The server may have saved the changes all the same');
  });

  it("save answered 504 by a proxy rejects as one without an answer (outcomeUnknown): the server behind may have saved it", async () => {
    const failing = failure(backend.save(ANSWER));
    http.expectOne('/api/WrsServlet').flush('<html><head><title>504 Gateway Time-out</title></head></html>', { status: 504, statusText: 'Gateway Timeout' });
    const e = await failing;
    expect([e.code, e.details?.['status'], e.details?.['outcomeUnknown']]).toEqual(['BACKEND', 504, true]);
    expect(e.message).toContain('The server may have saved the changes all the same');
  });

  it('save rejects with SAVE_CONFLICT and the row ids on 409', async () => {
    const failing = failure(backend.save(ANSWER));
    http.expectOne('/api/WrsServlet').flush('<Error status="409"><Message>changed</Message><Row id="R1"/></Error>', { status: 409, statusText: 'Conflict' });
    const e = await failing;
    expect(e.code).toBe('SAVE_CONFLICT');
    expect(e.details?.['rowIds']).toEqual(['R1']);
  });

  it('save rejects with SAVE_FAILED when the 2xx answer is an HTML page, as a login page a redirect led to is', async () => {
    const saving = failure(backend.save(ANSWER));
    http.expectOne('/api/WrsServlet').flush('<!DOCTYPE html><html><head><title>Sign in</title></head><body></body></html>');
    const f = await saving;
    expect(f.code).toBe('SAVE_FAILED');
    expect(f.message).toContain('Sign in');
  });

  it('nextIdentifier POSTs to WrsNextIdentifierServlet/{scope}/{blockSize} and resolves with the last id', async () => {
    const next = backend.nextIdentifier('orders', 10);
    http.expectOne('WrsNextIdentifierServlet/orders/10').flush(`<wrs:NextIdentifier xmlns:wrs="${NS.wrs}">10010</wrs:NextIdentifier>`);
    expect(await next).toBe(10010);
  });
});

describe('HttpWrsBackend behind an interceptor that answers nothing', () => {
  it('fails the call instead of waiting forever, also without a timeout', async () => {
    TestBed.configureTestingModule({
      providers: [provideHttpClient(withInterceptors([() => EMPTY])), provideHttpWrsBackend({ timeoutMs: 0 })],
    });
    const backend = TestBed.inject(HttpWrsBackend);
    const f = await failure(backend.load(REQUEST));
    expect(f.code).toBe('BACKEND');
    expect(f.message).toContain('without an answer');
  });
});

describe('HttpWrsBackend with a caller AbortSignal that outlives its calls', () => {
  for (const timeoutMs of [0, 120_000]) {
    it(`leaves no abort listener on the signal once the calls are answered (timeoutMs ${timeoutMs})`, async () => {
      TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting(), provideHttpWrsBackend({ modelUrl: '/api', timeoutMs })] });
      const http = TestBed.inject(HttpTestingController);
      const backend = TestBed.inject(HttpWrsBackend);
      const signal = new AbortController().signal;
      const live = new Set<EventListenerOrEventListenerObject | null>();
      spyOn(signal, 'addEventListener').and.callFake((type: string, listener: EventListenerOrEventListenerObject | null) => {
        live.add(listener);
        EventTarget.prototype.addEventListener.call(signal, type, listener);
      });
      spyOn(signal, 'removeEventListener').and.callFake((type: string, listener: EventListenerOrEventListenerObject | null) => {
        live.delete(listener);
        EventTarget.prototype.removeEventListener.call(signal, type, listener);
      });
      for (let i = 0; i < 3; i++) {
        const loading = backend.load(REQUEST, { signal });
        http.expectOne('/api').flush(ANSWER);
        await loading;
      }
      const failing = failure(backend.load(REQUEST, { signal }));
      http.expectOne('/api').flush('no', { status: 500, statusText: 'Server Error' });
      expect((await failing).code).toBe('BACKEND');
      expect(live.size).toBe(0);
    });
  }

  it('still rejects with the signal reason when the caller aborts', async () => {
    TestBed.configureTestingModule({ providers: [provideHttpClient(), provideHttpClientTesting(), provideHttpWrsBackend({ modelUrl: '/api', timeoutMs: 0 })] });
    const http = TestBed.inject(HttpTestingController);
    const backend = TestBed.inject(HttpWrsBackend);
    const controller = new AbortController();
    const loading = backend.load(REQUEST, { signal: controller.signal });
    const request = http.expectOne('/api');
    controller.abort('gone');
    await expectAsync(loading).toBeRejectedWith('gone');
    expect(request.cancelled).toBeTrue();
  });
});
