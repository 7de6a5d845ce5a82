import { NS } from 'ngx-wrs-grid/core';
import { I, TestServer, WRQ, loadRequest, ordersRequest, saveXml, startTestServer } from '../testing/test-server';
import { describeOnDatabases } from '../testing/test-databases';
import { bindingSetsFrom } from './binding-sets';
import { Database } from './database';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, createWrsServer } from './wrs-server';

describeOnDatabases('wrs-server HTTP answers', (kind) => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer(kind)));
  afterAll(async () => server.close());

  it('refuses malformed XML, a DOCTYPE, and an unknown root with 400 and a readable reason', async () => {
    const cases: [string, RegExp][] = [
      ['<wrq:WrsRequest', /not acceptable XML: Malformed XML/],
      [`<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>`, /DOCTYPE is refused/],
      [`\u2028<!DOCTYPE wrq:WrsRequest [<!ENTITY e SYSTEM "file:///etc/passwd">]>${ordersRequest()}`, /DOCTYPE is refused/],
      [`\u0085<!DOCTYPE wrs:Wrs SYSTEM "http://example.org/x.dtd"><wrs:Wrs xmlns:wrs="${NS.wrs}"/>`, /DOCTYPE is refused/],
      ['<html/>', /Expected wrq:WrsRequest \(load\) or wrs:Wrs \(save\)/],
      ['', /the text is empty/],
    ];
    for (const [body, reason] of cases) {
      const r = await server.post('/WrsServlet', body);
      expect(r.status).withContext(body).toBe(400);
      expect(r.text).withContext(body).toMatch(reason);
    }
  });

  it('refuses a body that is not UTF-8 with 400 and writes nothing (no U+FFFD stored in place of the bytes)', async () => {
    const before = (await server.db.query('SELECT customer FROM orders WHERE id = 7')).rows[0]['customer'] as string;
    const save = saveXml('orders', ['id', 'customer'], `<wrs:M id="m1"><wrs:C>7</wrs:C><wrs:O>7</wrs:O><wrs:C>bad@@</wrs:C><wrs:O>${before}</wrs:O></wrs:M>`);
    const [head, tail] = save.split('@@');
    const bodies = [
      Buffer.concat([Buffer.from(head), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from(tail)]),
      // Latin-1 bytes under an encoding declaration the server does not read: é is no UTF-8.
      Buffer.concat([Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>' + head), Buffer.from([0xe9]), Buffer.from(tail)]),
    ];
    for (const body of bodies) {
      const r = await fetch(`${server.url}/WrsServlet`, { method: 'POST', body, headers: { 'Content-Type': 'application/xml' } });
      expect(r.status).toBe(400);
      expect(await r.text()).toMatch(/not valid UTF-8/);
    }
    expect((await server.db.query('SELECT customer FROM orders WHERE id = 7')).rows[0]['customer']).toBe(before);
  });

  it('refuses unknown binding sets, columns and unsupported request parts with 400', async () => {
    const unknownSet = ordersRequest().replace('>orders<', '>pg_catalog.pg_user<');
    const cases: [string, RegExp][] = [
      [unknownSet, /Unknown binding set "pg_catalog.pg_user"/],
      [ordersRequest({ columns: ['id', 'password'] }), /Unknown column "password" in wrq:Columns/],
      [ordersRequest({ columnsXml: '<wrq:C bRef="id); DROP TABLE orders; --"/>' }), /Unknown column "id\); DROP TABLE orders; --"/],
      [ordersRequest({ ordering: '<wrq:C bRef="id" order="desc; DROP TABLE orders"/>' }), /@order must be asc or desc/],
      [ordersRequest({ select: 'rowStart="1; DROP"' }), /@rowStart must be an integer/],
      [ordersRequest({ select: 'rowEnd="2147483648"' }), /@rowEnd must be an integer \(xs:int\)/],
      [ordersRequest({ columnsXml: '<wrq:C bRef="quantity" aggr="sum"/>' }), /@aggr="sum": only count is supported/],
      [`<wrq:WrsRequest xmlns:wrq="${WRQ}"><wrq:Select><wrq:From><wrq:BindingSet>orders</wrq:BindingSet></wrq:From><wrq:Grouping/></wrq:Select></wrq:WrsRequest>`, /wrq:Grouping is not supported/],
    ];
    for (const [body, reason] of cases) {
      const r = await server.post('/WrsServlet', body);
      expect(r.status).withContext(body).toBe(400);
      expect(r.text).withContext(body).toMatch(reason);
    }
    expect((await server.db.query('SELECT COUNT(*)::text AS n FROM orders')).rows[0]['n']).toBe('10000');
  });

  it('answers 404 off the Wrs endpoints and 405 for GET', async () => {
    expect((await server.post('/elsewhere', '')).status).toBe(404);
    const r = await fetch(`${server.url}/WrsServlet`);
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST');
  });

  it('serves the endpoints below a context path too', async () => {
    expect((await server.post('/app/WrsServlet', ordersRequest({ columns: ['id'], select: 'rowEnd="1"' }))).status).toBe(200);
  });
});

describeOnDatabases('wrs-server 500 answers', (kind) => {
  // A binding set naming a column its table lacks: the server's mistake, which no request can fix.
  const bindingSets = bindingSetsFrom({
    broken: {
      table: 'broken',
      columns: [
        { id: 'id', column: 'id', type: 'INTEGER', key: true },
        { id: 'gone', column: 'gone', type: 'VARCHAR' },
      ],
    },
  });
  const logged: string[] = [];
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer(kind, { table: 'CREATE TABLE broken (id INTEGER PRIMARY KEY)', bindingSets }, (m) => logged.push(m))));
  afterAll(async () => server.close());

  it('say "internal error" without the database message, which goes to the log', async () => {
    const load = await server.post('/WrsServlet', loadRequest('broken'));
    expect(load.status).toBe(500);
    expect(load.text).toBe('<Error status="500"><Message>Internal error</Message></Error>');
    const save = await server.post('/WrsServlet', saveXml('broken', ['id', 'gone'], I('I1', ['1', 'x'])));
    expect(save.status).toBe(500);
    expect(save.text).toBe('<Error status="500"><Message>Row I1: internal error</Message><Row id="I1"/></Error>');
    expect(logged.length).toBe(2);
    for (const line of logged) expect(line).toMatch(/^POST \/WrsServlet: .*: 42703: column "gone"( of relation "broken")? does not exist/);
  });
});

describe('wrs-server slow clients', () => {
  it('gives a client a minute for a whole request and 20 s for its headers, not Node\'s 5 minutes', () => {
    const server = createWrsServer({ db: new Promise<Database>(() => undefined), bindingSets: new Map() });
    expect(server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBe(20_000);
  });
});
