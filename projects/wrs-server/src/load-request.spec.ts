import { parseXml } from 'ngx-wrs-grid/core';
import { TestServer, WRS, loadRequest, orderRows, ordersRequest, rowsOf, startTestServer } from '../testing/test-server';
import { describeOnDatabases } from '../testing/test-databases';
import { bindingSetsFrom } from './binding-sets';
import { SqlExecutor } from './database';
import { planLoad, runLoad } from './load-request';

describeOnDatabases('load (wrq:WrsRequest -> wrs:Wrs)', (kind) => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer(kind)));
  afterAll(async () => server.close());

  const load = async (request: string) => {
    const r = await server.post('/WrsServlet', request);
    expect(r.status).withContext(r.text).toBe(200);
    return r.text;
  };

  it('answers a full header: type-name, scale, nullable, display-size, isKey, references', async () => {
    const doc = parseXml(await load(ordersRequest({ select: 'rowEnd="1"' })));
    const cols = [...(doc.getElementsByTagNameNS(WRS, 'Columns')[0].childNodes as unknown as Element[])].filter((n) => n.nodeType === 1);
    expect(cols.map((c) => c.getAttribute('id'))).toEqual(['id', 'customer', 'country', 'status', 'quantity', 'price', 'orderDate', 'createdAt']);
    expect(cols.map((c) => c.getAttribute('pos'))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    const price = cols[5];
    expect(['type-name', 'scale', 'display-size', 'nullable'].map((a) => price.getAttribute(a))).toEqual(['NUMERIC', '2', '10', '0']);
    expect(cols[0].getAttribute('isKey')).toBe('true');
    expect(cols[6].getAttribute('nullable')).toBe('1');
    expect(cols[7].getAttribute('isReadOnly')).toBe('true');
    const refs = cols[2].getElementsByTagNameNS(WRS, 'R');
    expect(refs.length).toBe(10);
    expect(refs[0].textContent).toBe('DEGermany');
    expect(doc.getElementsByTagNameNS(WRS, 'BindingSet')[0].textContent).toBe('orders');
  });

  it('selects the requested columns in order, as wrs:R rows R1..Rn', async () => {
    const rows = rowsOf(await load(ordersRequest({ columns: ['price', 'id'], select: 'rowEnd="3"' })));
    expect(rows.map((r) => [r.name, r.id, r.cells[1]])).toEqual([['R', 'R1', '1'], ['R', 'R2', '2'], ['R', 'R3', '3']]);
    const db = await orderRows(server.db, [1, 2, 3]);
    expect(rows.map((r) => r.cells[0])).toEqual(db.map((r) => r['price']));
  });

  it('orders by wrq:Ordering, then by key, and serves rowStart/rowEnd pages with page-unique row ids', async () => {
    const ordering = '<wrq:C bRef="country"/><wrq:C bRef="quantity" order="desc"/>';
    const all = rowsOf(await load(ordersRequest({ columns: ['id', 'country', 'quantity'], ordering, select: 'rowEnd="30"' })));
    const page = rowsOf(await load(ordersRequest({ columns: ['id', 'country', 'quantity'], ordering, select: 'rowStart="11" rowEnd="20"' })));
    expect(page.map((r) => r.cells)).toEqual(all.slice(10, 20).map((r) => r.cells));
    expect(page.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => `R${i + 11}`));
    expect(all.every((r) => r.cells[1] === 'DE')).toBeTrue();
    for (let i = 1; i < all.length; i++) expect(Number(all[i - 1].cells[2])).toBeGreaterThanOrEqual(Number(all[i].cells[2]));
    // rowEnd is an xs:int: its largest value is taken.
    const last = rowsOf(await load(ordersRequest({ columns: ['id'], select: 'rowStart="9999" rowEnd="2147483647"' })));
    expect(last.length).toBe(2);
  });

  it('orders empty cells (NULL) last in both directions, as the grid sorts', async () => {
    await server.db.query(`UPDATE orders SET order_date = NULL WHERE id = 102`);
    await server.db.query(`UPDATE orders SET order_date = '2020-01-01' WHERE id = 101`);
    await server.db.query(`UPDATE orders SET order_date = '2020-01-03' WHERE id = 103`);
    const sorted = async (order: string) =>
      rowsOf(await load(ordersRequest({ columns: ['id'], filter: '<f:Expression bRef="id" op="in" value="101,102,103"/>', ordering: `<wrq:C bRef="orderDate" order="${order}"/>` }))).map(
        (r) => r.cells[0],
      );
    expect(await sorted('asc')).toEqual(['101', '103', '102']);
    expect(await sorted('desc')).toEqual(['103', '101', '102']);
  });

  it('orders timestamps to the second, as answers show them, then by key: what looks equal keeps key order', async () => {
    await server.db.query(`UPDATE orders SET created_at = '2020-01-01 10:00:00.9' WHERE id = 111`);
    await server.db.query(`UPDATE orders SET created_at = '2020-01-01 10:00:00.1' WHERE id = 112`);
    await server.db.query(`UPDATE orders SET created_at = '2020-01-01 09:00:00' WHERE id = 113`);
    const sorted = async (order: string) =>
      rowsOf(await load(ordersRequest({ columns: ['id'], filter: '<f:Expression bRef="id" op="in" value="111,112,113"/>', ordering: `<wrq:C bRef="createdAt" order="${order}"/>` }))).map(
        (r) => r.cells[0],
      );
    expect(await sorted('asc')).toEqual(['113', '111', '112']);
    expect(await sorted('desc')).toEqual(['111', '112', '113']);
  });

  it('answers a total row count request with one row, independent of pages', async () => {
    const rows = rowsOf(await load(ordersRequest({ columnsXml: '<wrq:C bRef="id" aggr="count"/>', select: 'rowStart="5" rowEnd="9"' })));
    expect(rows).toEqual([{ id: 'R1', name: 'R', cells: ['10000'] }]);
    const de = (await server.db.query(`SELECT COUNT(*)::text AS n FROM orders WHERE country = 'DE'`)).rows[0]['n'];
    const calc = `<wrq:C id="total"><wrq:Calc><wrq:Count><wrq:ValueRef idRef="id"/></wrq:Count></wrq:Calc></wrq:C>`;
    const text = await load(ordersRequest({ columnsXml: calc, filter: '<f:Expression bRef="country" op="=" value="DE"/>' }));
    expect(rowsOf(text)[0].cells).toEqual([de as string]);
    expect(parseXml(text).getElementsByTagNameNS(WRS, 'C')[0].getAttribute('id')).toBe('total');
  });

  it('adds wrs:Footer/wrs:MaxRowsExceeded when @rowEnd cuts a request without @rowStart, not on explicit pages', async () => {
    const cut = parseXml(await load(ordersRequest({ columns: ['id'], select: 'rowEnd="5"' })));
    const flag = cut.getElementsByTagNameNS(WRS, 'MaxRowsExceeded')[0];
    expect(flag?.getAttribute('maxRows')).toBe('5');
    const page = parseXml(await load(ordersRequest({ columns: ['id'], select: 'rowStart="1" rowEnd="5"' })));
    expect(page.getElementsByTagNameNS(WRS, 'MaxRowsExceeded').length).toBe(0);
    const exact = parseXml(await load(ordersRequest({ columns: ['id'], filter: '<f:Expression bRef="id" op="&lt;=" value="5"/>', select: 'rowEnd="5"' })));
    expect(exact.getElementsByTagNameNS(WRS, 'MaxRowsExceeded').length).toBe(0);
  });

  it('adds wrs:MaxRowsExceeded when the binding set row limit cuts an unbounded request', async () => {
    const set = server.bindingSets.get('orders')!;
    (set as { maxRows: number }).maxRows = 100;
    try {
      const doc = parseXml(await load(ordersRequest({ columns: ['id'] })));
      expect(doc.getElementsByTagNameNS(WRS, 'R').length).toBe(100);
      expect(doc.getElementsByTagNameNS(WRS, 'MaxRowsExceeded')[0].getAttribute('maxRows')).toBe('100');
    } finally {
      (set as { maxRows: number }).maxRows = 50_000;
    }
  });

  it('answers an empty Wrs with a full header when rowEnd is below rowStart', async () => {
    const doc = parseXml(await load(ordersRequest({ columns: ['id', 'price'], select: 'rowStart="10" rowEnd="0"' })));
    expect(doc.getElementsByTagNameNS(WRS, 'R').length).toBe(0);
    expect(doc.getElementsByTagNameNS(WRS, 'Columns')[0].getElementsByTagNameNS(WRS, 'C').length).toBe(2);
  });

  it('carries extra wrq:C attributes into the header but never type-name, nullable or isReadOnly', async () => {
    const doc = parseXml(await load(ordersRequest({ columnsXml: '<wrq:C bRef="price" caption="Net" width="80" type-name="VARCHAR" isReadOnly="false"/>', select: 'rowEnd="1"' })));
    const c = doc.getElementsByTagNameNS(WRS, 'Columns')[0].getElementsByTagNameNS(WRS, 'C')[0];
    expect([c.getAttribute('caption'), c.getAttribute('width'), c.getAttribute('type-name')]).toEqual(['Net', '80', 'NUMERIC']);
  });

  it('refuses a request naming a column twice with 400 naming the column', async () => {
    const r = await server.post('/WrsServlet', ordersRequest({ columns: ['id', 'country', 'price', 'country'] }));
    expect(r.status).toBe(400);
    expect(r.text).toContain('Column "country" is named twice in wrq:Columns');
  });

  it('refuses more wrq:C than the binding set has columns with 400, whatever they name', async () => {
    const r = await server.post('/WrsServlet', ordersRequest({ columnsXml: '<wrq:C bRef="country"/>'.repeat(400) }));
    expect(r.status).toBe(400);
    expect(r.text).toContain('wrq:Columns names 400 columns; binding set orders has 8');
    expect(r.text.length).toBeLessThan(500);
  });

  it('escapes database text as text: markup in a value comes back as the same characters', async () => {
    await server.db.query(`UPDATE orders SET customer = $1 WHERE id = 7`, ['<b>&"x"</b>']);
    const rows = rowsOf(await load(ordersRequest({ columns: ['customer'], filter: '<f:Expression bRef="id" op="=" value="7"/>' })));
    expect(rows[0].cells).toEqual(['<b>&"x"</b>']);
  });
});

describeOnDatabases('load references (wrs:References)', (kind) => {
  const bindingSets = bindingSetsFrom({
    pair: {
      table: 'pair',
      columns: [
        { id: 'id', column: 'id', type: 'INTEGER', key: true },
        { id: 'from', column: 'from_code', type: 'CHAR', size: 2, references: `SELECT code, name FROM codes ORDER BY code` },
        { id: 'to', column: 'to_code', type: 'CHAR', size: 2, references: `SELECT code, name FROM codes ORDER BY code` },
      ],
    },
  });
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { table: 'CREATE TABLE pair (id INTEGER PRIMARY KEY, from_code CHAR(2), to_code CHAR(2))', bindingSets });
    await server.db.query('CREATE TABLE codes (code CHAR(2), name TEXT)');
    await server.db.query(`INSERT INTO codes VALUES ('DE', 'Germany'), ('FR', 'France')`);
  });
  afterAll(async () => server.close());

  it('runs a references query once per answer, even when two columns share it, and gives both columns its values', async () => {
    const statements: string[] = [];
    const counting: SqlExecutor = { query: (sql, params) => (statements.push(sql), server.db.query(sql, params)) };
    const plan = planLoad(parseXml(loadRequest('pair', { columns: ['id', 'from', 'to'] })).documentElement, bindingSets);
    const doc = parseXml(await runLoad(counting, plan));
    expect(statements.filter((sql) => sql.includes('FROM codes')).length).toBe(1);
    const header = [...(doc.getElementsByTagNameNS(WRS, 'Columns')[0].childNodes as unknown as Element[])].filter((n) => n.nodeType === 1);
    expect(header.map((c) => [...(c.getElementsByTagNameNS(WRS, 'R') as unknown as Element[])].map((r) => r.textContent))).toEqual([
      [],
      ['DEGermany', 'FRFrance'],
      ['DEGermany', 'FRFrance'],
    ]);
  });
});
