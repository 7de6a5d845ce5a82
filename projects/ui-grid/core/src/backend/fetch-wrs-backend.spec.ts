import { domName } from '../../testing/fixtures';
import { isWrsError, WrsError } from '../errors';
import { parseXml, serializeXml } from '../xml/dom';
import { NS } from '../xml/namespaces';
import { FetchWrsBackend } from './fetch-wrs-backend';

interface Sent {
  url: string;
  init: RequestInit;
}

/** A fetch answering from a list, recording what was sent (the transport seam; the server specs cover the real one). */
function fakeFetch(answers: (Response | Error)[]): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const f = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    const a = answers.shift()!;
    if (a instanceof Error) throw a;
    return a;
  }) as unknown as typeof fetch;
  return { fetch: f, sent };
}

const WRS_ANSWER = `<wrs:Wrs xmlns:wrs="${NS.wrs}"><wrs:Header><wrs:Columns><wrs:C id="a" pos="1"/></wrs:Columns></wrs:Header><wrs:Data><wrs:R id="R1"><wrs:C>x</wrs:C></wrs:R></wrs:Data></wrs:Wrs>`;
const REQUEST = `<wrq:WrsRequest xmlns:wrq="${NS.wrq}"><wrq:Select><wrq:From><wrq:BindingSet>orders</wrq:BindingSet></wrq:From></wrq:Select></wrq:WrsRequest>`;

async function failure(p: Promise<unknown>): Promise<WrsError> {
  try {
    await p;
  } catch (e) {
    if (isWrsError(e)) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

describe(`FetchWrsBackend (${domName()})`, () => {
  it('load POSTs the request as application/xml to WrsServlet and resolves with the wrs:Wrs answer', async () => {
    const { fetch, sent } = fakeFetch([new Response(WRS_ANSWER, { status: 200 })]);
    const doc = await new FetchWrsBackend({ fetch, headers: () => ({ Authorization: 'Bearer t' }) }).load(parseXml(REQUEST));
    expect(sent[0].url).toBe('WrsServlet');
    expect(sent[0].init.method).toBe('POST');
    expect((sent[0].init.headers as Record<string, string>)['Content-Type']).toBe('application/xml');
    expect((sent[0].init.headers as Record<string, string>)['Authorization']).toBe('Bearer t');
    expect(parseXml(sent[0].init.body as string).documentElement.localName).toBe('WrsRequest');
    expect(doc.getElementsByTagNameNS(NS.wrs, 'R')[0].getAttribute('id')).toBe('R1');
  });

  it('load honours the per-call url before the configured modelUrl', async () => {
    const { fetch, sent } = fakeFetch([new Response(WRS_ANSWER), new Response(WRS_ANSWER)]);
    const backend = new FetchWrsBackend({ fetch, modelUrl: '/api/WrsServlet' });
    await backend.load(REQUEST);
    await backend.load(REQUEST, { url: '/other' });
    expect(sent.map((s) => s.url)).toEqual(['/api/WrsServlet', '/other']);
  });

  it('load rejects with BACKEND on a network failure and on a non-2xx answer, with the server reason', async () => {
    const { fetch } = fakeFetch([new TypeError('connection refused'), new Response('<Error status="400"><Message>Unknown column "x"</Message></Error>', { status: 400, statusText: 'Bad Request' })]);
    const backend = new FetchWrsBackend({ fetch });
    const net = await failure(backend.load(REQUEST));
    expect([net.code, net.message]).toEqual(['BACKEND', 'Cannot reach WrsServlet: connection refused']);
    expect(net.details).withContext('no answer, the transport text kept for the UI').toEqual({ noAnswer: true, reason: 'connection refused' });
    const http = await failure(backend.load(REQUEST));
    expect(http.code).toBe('BACKEND');
    expect(http.message).toBe('Load failed: HTTP 400 Bad Request from WrsServlet: Unknown column "x"');
    expect(http.details?.['status']).toBe(400);
  });

  it('load rejects with NOT_WRS when a 2xx body is not a wrs:Wrs, saying in details what came instead', async () => {
    // A login page as servers send it is no well-formed XML (an unclosed meta): still a web page, not a parse error.
    const login = '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Sign in</title></head><body><form></body></html>';
    const { fetch } = fakeFetch([new Response('<html><body>login</body></html>'), new Response(login), new Response('not xml at all'), new Response('<x:Other xmlns:x="urn:x"/>')]);
    const backend = new FetchWrsBackend({ fetch });
    const page = await failure(backend.load(REQUEST));
    expect([page.code, page.message]).toEqual(['NOT_WRS', 'The answer of WrsServlet is an HTML page, not a wrs:Wrs (a login page or a proxy?): login']);
    expect(page.details).toEqual({ answer: 'webPage', reason: 'login' });
    expect((await failure(backend.load(REQUEST))).details).toEqual({ answer: 'webPage', reason: 'Sign in' });
    const notXml = await failure(backend.load(REQUEST));
    expect([notXml.code, notXml.details?.['answer']]).toEqual(['NOT_WRS', 'notXml']);
    expect(notXml.details?.['reason']).withContext("the parser's own text").toMatch(/^Malformed XML/);
    expect(notXml.message).toBe(`The answer of WrsServlet is not XML: ${notXml.details?.['reason']}`);
    const other = await failure(backend.load(REQUEST));
    expect([other.code, other.message, other.details]).toEqual(['NOT_WRS', 'The answer of WrsServlet is not a wrs:Wrs but {urn:x}Other', { answer: 'notWrs', reason: '{urn:x}Other' }]);
  });

  it('save POSTs the Wrs and resolves on 2xx', async () => {
    const { fetch, sent } = fakeFetch([new Response('<SaveResult/>')]);
    await new FetchWrsBackend({ fetch }).save(parseXml(WRS_ANSWER));
    expect(serializeXml(parseXml(sent[0].init.body as string))).toContain('wrs:Wrs');
  });

  it('save rejects with SAVE_CONFLICT and the conflicting row ids on 409, SAVE_FAILED otherwise', async () => {
    const conflict = '<Error status="409"><Message>2 row(s) changed</Message><Row id="R3"/><Row id="R7"/></Error>';
    const { fetch } = fakeFetch([new Response(conflict, { status: 409 }), new Response('disk full', { status: 500 })]);
    const backend = new FetchWrsBackend({ fetch });
    const c = await failure(backend.save(WRS_ANSWER));
    expect(c.code).toBe('SAVE_CONFLICT');
    expect(c.details?.['rowIds']).toEqual(['R3', 'R7']);
    expect(c.message).toContain('2 row(s) changed');
    const f = await failure(backend.save(WRS_ANSWER));
    expect([f.code, f.message]).toEqual(['SAVE_FAILED', 'Save failed: HTTP 500 from WrsServlet: disk full']);
  });

  it('save rejects with SAVE_FAILED when a 2xx answer is an HTML page (a login page a redirect led to): nothing is known saved', async () => {
    const login = '<!DOCTYPE html><html><head><title>Please log in</title></head><body><form>...</form></body></html>';
    const { fetch } = fakeFetch([new Response(login, { status: 200 }), new Response('')]);
    const backend = new FetchWrsBackend({ fetch });
    const f = await failure(backend.save(WRS_ANSWER));
    expect(f.code).toBe('SAVE_FAILED');
    expect(f.message).toContain('HTML page');
    expect(f.message).toContain('Please log in');
    await backend.save(WRS_ANSWER);
  });

  it('reads the reason of an HTML error page and of a namespaced Error answer', async () => {
    const nginx = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>';
    const namespaced = '<e:Error xmlns:e="urn:e"><e:Message>row R4 changed</e:Message><e:Row id="R4"/></e:Error>';
    const { fetch } = fakeFetch([new Response(nginx, { status: 502 }), new Response(namespaced, { status: 409 })]);
    const backend = new FetchWrsBackend({ fetch });
    expect((await failure(backend.load(REQUEST))).message).toBe('Load failed: HTTP 502 from WrsServlet: 502 Bad Gateway');
    const c = await failure(backend.save(WRS_ANSWER));
    expect([c.code, c.details?.['rowIds'], c.details?.['reason']]).toEqual(['SAVE_CONFLICT', ['R4'], 'row R4 changed']);
  });

  it('reads past comments before an HTML page, and takes a body of many comments and no page as an answer (no regex blow-up)', async () => {
    const comments = '<!-- generated -->\n'.repeat(60);
    const { fetch } = fakeFetch([new Response(`${comments}<ok/>`, { status: 200 }), new Response(`\uFEFF${comments}<!DOCTYPE html><html><title>Sign in</title></html>`, { status: 200 }), new Response(`${comments}<!-- open`, { status: 500 })]);
    const backend = new FetchWrsBackend({ fetch });
    await backend.save(WRS_ANSWER);
    const html = await failure(backend.save(WRS_ANSWER));
    expect([html.code, html.message.includes('Sign in')]).toEqual(['SAVE_FAILED', true]);
    expect((await failure(backend.save(WRS_ANSWER))).code).toBe('SAVE_FAILED');
  });

  it('rejects with BACKEND naming the url when the connection fails in the middle of the body', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('<wrs:Wrs xmlns:wrs="' + NS.wrs + '"><wrs:Header>'));
        controller.error(new TypeError('terminated: ECONNRESET'));
      },
    });
    const { fetch } = fakeFetch([new Response(body, { status: 200 })]);
    const f = await failure(new FetchWrsBackend({ fetch }).load(REQUEST));
    expect(f.code).toBe('BACKEND');
    expect(f.message).toContain('Cannot reach WrsServlet');
    expect(f.details?.['outcomeUnknown']).toBeUndefined();
  });

  it('a save without an answer says the server may have saved it; a refused save (an HTTP error) does not', async () => {
    const { fetch } = fakeFetch([new TypeError('Failed to fetch'), new Response('boom', { status: 500 })]);
    const backend = new FetchWrsBackend({ fetch });
    const lost = await failure(backend.save(WRS_ANSWER));
    expect([lost.code, lost.details?.['outcomeUnknown']]).toEqual(['BACKEND', true]);
    expect(lost.message).toBe('Cannot reach WrsServlet: Failed to fetch. The server may have saved the changes all the same: load the data again before saving them once more');
    const refused = await failure(backend.save(WRS_ANSWER));
    expect([refused.code, refused.details?.['outcomeUnknown']]).toEqual(['SAVE_FAILED', undefined]);
  });

  it("a save a proxy answered 502, 504, 520 or 524 may have been committed behind it: reported as without an answer; 503 and 500 are refusals", async () => {
    const gateway = (status: number, title: string) => new Response(`<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`, { status, statusText: title.slice(4) });
    const { fetch } = fakeFetch([
      gateway(504, '504 Gateway Time-out'),
      gateway(502, '502 Bad Gateway'),
      gateway(520, '520 Unknown Error'),
      gateway(524, '524 A Timeout Occurred'),
      gateway(503, '503 Service Unavailable'),
      new Response('<Error><Message>disk full</Message><Row id="R1"/></Error>', { status: 500 }),
    ]);
    const backend = new FetchWrsBackend({ fetch });
    const timedOut = await failure(backend.save(WRS_ANSWER));
    expect(timedOut.code).toBe('BACKEND');
    expect(timedOut.details).toEqual({ status: 504, rowIds: [], reason: '504 Gateway Time-out', noAnswer: true, outcomeUnknown: true });
    expect(timedOut.message).toBe(
      'Save not confirmed: HTTP 504 Gateway Time-out from WrsServlet: 504 Gateway Time-out. The server may have saved the changes all the same: load the data again before saving them once more',
    );
    for (const status of [502, 520, 524]) {
      const e = await failure(backend.save(WRS_ANSWER));
      expect([e.code, e.details?.['status'], e.details?.['outcomeUnknown']]).withContext(String(status)).toEqual(['BACKEND', status, true]);
    }
    const unavailable = await failure(backend.save(WRS_ANSWER));
    expect([unavailable.code, unavailable.details?.['status'], unavailable.details?.['outcomeUnknown']]).withContext('503: not taken on').toEqual(['SAVE_FAILED', 503, undefined]);
    const error = await failure(backend.save(WRS_ANSWER));
    expect([error.code, error.details?.['outcomeUnknown'], error.details?.['rowIds']]).toEqual(['SAVE_FAILED', undefined, ['R1']]);
  });

  it('a load a proxy answered 504 is a load without an answer (noAnswer), with the proxy page and the status', async () => {
    const { fetch } = fakeFetch([new Response('<html><head><title>504 Gateway Time-out</title></head></html>', { status: 504 }), new Response('busy', { status: 503 })]);
    const backend = new FetchWrsBackend({ fetch });
    const e = await failure(backend.load(REQUEST));
    expect([e.code, e.message, e.details]).toEqual(['BACKEND', 'Load failed: HTTP 504 from WrsServlet: 504 Gateway Time-out', { status: 504, rowIds: [], reason: '504 Gateway Time-out', noAnswer: true }]);
    expect((await failure(backend.load(REQUEST))).details).toEqual({ status: 503, rowIds: [], reason: 'busy' });
  });

  it('abandons a call without an answer after timeoutMs: the request is aborted, BACKEND names the url', async () => {
    let aborted = false;
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal!.addEventListener('abort', () => {
          aborted = true;
          // As fetch does: it rejects with the signal's reason.
          reject(init.signal!.reason);
        });
      })) as unknown as typeof fetch;
    const backend = new FetchWrsBackend({ fetch: hanging, timeoutMs: 30 });
    const e = await failure(backend.save(parseXml(WRS_ANSWER)));
    expect(e.code).toBe('BACKEND');
    expect(e.message).toContain('No answer from WrsServlet in 30 ms');
    expect(e.message).toContain('The server may have saved the changes all the same');
    expect(e.details?.['outcomeUnknown']).toBeTrue();
    expect(aborted).toBeTrue();
    const load = await failure(backend.load(REQUEST));
    expect([load.code, load.message, load.details]).toEqual(['BACKEND', 'No answer from WrsServlet in 30 ms (load)', { noAnswer: true, timeoutMs: 30 }]);
    const caller = new AbortController();
    const call = backend.load(REQUEST, { signal: caller.signal });
    caller.abort(new Error('left the page'));
    await expectAsync(call).toBeRejectedWithError('left the page');
  });

  it('nextIdentifier POSTs to {base}/{scope}/{blockSize} and resolves with the last id', async () => {
    const answer = `<wrs:NextIdentifier xmlns:wrs="${NS.wrs}" scope="my scope" blockSize="5">15</wrs:NextIdentifier>`;
    const { fetch, sent } = fakeFetch([new Response(answer), new Response('<x/>')]);
    const backend = new FetchWrsBackend({ fetch });
    expect(await backend.nextIdentifier('my scope', 5)).toBe(15);
    expect(sent[0].url).toBe('WrsNextIdentifierServlet/my%20scope/5');
    expect((await failure(backend.nextIdentifier('s'))).code).toBe('BACKEND');
    expect((await failure(backend.nextIdentifier('', 1))).code).toBe('INVALID_ARGUMENT');
    expect((await failure(backend.nextIdentifier('s', 0))).code).toBe('INVALID_ARGUMENT');
  });

  it('nextIdentifier takes digits only as an answer, and refuses the scopes . and .. that a URL would resolve away', async () => {
    const answers = ['', '0x1F', '1e3', '-5', ' ', '12a'].map((t) => new Response(`<wrs:NextIdentifier xmlns:wrs="${NS.wrs}">${t}</wrs:NextIdentifier>`));
    const { fetch, sent } = fakeFetch([...answers, new Response(`<wrs:NextIdentifier xmlns:wrs="${NS.wrs}"> 42 </wrs:NextIdentifier>`)]);
    const backend = new FetchWrsBackend({ fetch });
    for (let k = 0; k < answers.length; k++) expect((await failure(backend.nextIdentifier('s'))).code).withContext(String(k)).toBe('BACKEND');
    expect(await backend.nextIdentifier('s')).toBe(42);
    const before = sent.length;
    for (const scope of ['.', '..']) expect((await failure(backend.nextIdentifier(scope, 5))).code).withContext(scope).toBe('INVALID_ARGUMENT');
    expect(sent.length).toBe(before);
  });
});
