import { TestServer, WRS, orderRows, startTestServer } from '../testing/test-server';

const HEADER_IDS = ['id', 'customer', 'country', 'status', 'quantity', 'price', 'orderDate'];
type Cells = (string | null)[];

function cell(tag: 'C' | 'O', v: string | null): string {
  return v === null ? `<wrs:${tag}><wrs:null/></wrs:${tag}>` : `<wrs:${tag}>${v}</wrs:${tag}>`;
}
const I = (id: string, values: Cells) => `<wrs:I id="${id}">${values.map((v) => cell('C', v)).join('')}</wrs:I>`;
const D = (id: string, values: Cells) => `<wrs:D id="${id}">${values.map((v) => cell('C', v)).join('')}</wrs:D>`;
const M = (id: string, values: Cells, originals: Cells) =>
  `<wrs:M id="${id}">${values.map((v, i) => cell('C', v) + cell('O', originals[i])).join('')}</wrs:M>`;

function saveDoc(rows: string, bindingSet = 'orders', ids = HEADER_IDS): string {
  const cols = ids.map((id, i) => `<wrs:C id="${id}" pos="${i + 1}"/>`).join('');
  return `<wrs:Wrs xmlns:wrs="${WRS}"><wrs:Header><wrs:BindingSet>${bindingSet}</wrs:BindingSet><wrs:Columns>${cols}</wrs:Columns></wrs:Header><wrs:Data>${rows}</wrs:Data></wrs:Wrs>`;
}

/** The database row as the client loaded it (header order). */
async function loaded(server: TestServer, id: number): Promise<Cells> {
  const [r] = await orderRows(server.db, [id]);
  return [r['id'], r['customer'], r['country'], r['status'], r['quantity'], r['price'], r['order_date']];
}

describe('save (wrs:Wrs with I, M, D rows) on PGlite', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer()));
  afterAll(async () => server.close());

  it('writes I, M and D rows in one transaction; unchanged R rows are ignored', async () => {
    const m = await loaded(server, 11);
    const d = await loaded(server, 12);
    const r = await loaded(server, 13);
    const changed = [...m];
    changed[4] = '77';
    changed[5] = '12.50';
    const rows = I('I_1_R1', ['20001', 'New Customer', 'FR', 'NEW', '3', '9.99', '2024-05-06']) + M('R11', changed, m) + D('R12', d) +
      `<wrs:R id="R13">${r.map((v) => cell('C', v)).join('')}</wrs:R>`;
    const res = await server.post('/WrsServlet', saveDoc(rows));
    expect(res.status).withContext(res.text).toBe(200);
    expect(res.text).toContain('inserted="1" updated="1" deleted="1"');
    const now = await orderRows(server.db, [11, 12, 13, 20001]);
    expect(now.map((x) => x['id'])).toEqual(['11', '13', '20001']);
    expect([now[0]['quantity'], now[0]['price']]).toEqual(['77', '12.50']);
    expect(now[2]).toEqual({ id: '20001', customer: 'New Customer', country: 'FR', status: 'NEW', quantity: '3', price: '9.99', order_date: '2024-05-06' });
  });

  it('writes wrs:null as NULL and checks originals holding NULL', async () => {
    const m = await loaded(server, 14);
    const cleared = [...m];
    cleared[6] = null;
    expect((await server.post('/WrsServlet', saveDoc(M('R14', cleared, m)))).status).toBe(200);
    expect((await orderRows(server.db, [14]))[0]['order_date']).toBeNull();
    const again = [...cleared];
    again[1] = 'After null';
    expect((await server.post('/WrsServlet', saveDoc(M('R14', again, cleared)))).status).toBe(200);
    expect((await orderRows(server.db, [14]))[0]['customer']).toBe('After null');
  });

  it('answers 409 naming every row whose original changed meanwhile, and writes nothing', async () => {
    const a = await loaded(server, 21);
    const b = await loaded(server, 22);
    const c = await loaded(server, 23);
    await server.db.query(`UPDATE orders SET quantity = quantity + 1 WHERE id IN (21, 23)`);
    const editA = [...a];
    editA[1] = 'Mine';
    const editB = [...b];
    editB[1] = 'Mine too';
    const res = await server.post('/WrsServlet', saveDoc(M('R21', editA, a) + M('R22', editB, b) + D('R23', c)));
    expect(res.status).toBe(409);
    expect(res.text).toContain('<Row id="R21"/><Row id="R23"/>');
    expect(res.text).toMatch(/changed or deleted on the server/);
    const now = await orderRows(server.db, [21, 22, 23]);
    expect(now.map((x) => x['customer'])).toEqual([a[1], b[1], c[1]]);
    expect(now[0]['quantity']).toBe(String(Number(a[4]) + 1));
  });

  it('answers 409 for an M row whose row was deleted meanwhile', async () => {
    const a = await loaded(server, 24);
    await server.db.query('DELETE FROM orders WHERE id = 24');
    const edit = [...a];
    edit[4] = '1';
    const res = await server.post('/WrsServlet', saveDoc(M('R24', edit, a)));
    expect(res.status).toBe(409);
    expect(res.text).toContain('<Row id="R24"/>');
  });

  it('rolls back every row when a later row fails in the database', async () => {
    const m = await loaded(server, 31);
    const edit = [...m];
    edit[1] = 'Should not stay';
    const duplicate = I('I_2_R1', ['32', 'Dup', 'DE', 'NEW', '1', '1.00', null]);
    const unknownCountry = I('I_2_R2', ['20002', 'Nowhere', 'XX', 'NEW', '1', '1.00', null]);
    const res = await server.post('/WrsServlet', saveDoc(M('R31', edit, m) + I('I_2_R3', ['20003', 'Fine', 'DE', 'NEW', '1', '1.00', null]) + duplicate));
    expect(res.status).toBe(409);
    expect(res.text).toMatch(/Row I_2_R1: a row with this key already exists/);
    expect((await orderRows(server.db, [31]))[0]['customer']).toBe(m[1]);
    expect(await orderRows(server.db, [20003])).toEqual([]);
    const fk = await server.post('/WrsServlet', saveDoc(M('R31', edit, m) + unknownCountry));
    expect(fk.status).toBe(400);
    expect(fk.text).toMatch(/Row I_2_R2: the database refused the row/);
    expect((await orderRows(server.db, [31]))[0]['customer']).toBe(m[1]);
  });

  it('refuses before any SQL: a value that does not fit, a key change, a missing wrs:O, an unknown column or binding set', async () => {
    const m = await loaded(server, 41);
    const badQty = [...m];
    badQty[4] = '12abc';
    const keyChange = [...m];
    keyChange[0] = '99999';
    const noO = `<wrs:M id="R41">${m.map((v) => cell('C', v)).join('')}</wrs:M>`;
    const cases: [string, RegExp][] = [
      [saveDoc(M('R41', badQty, m)), /Row R41: value "12abc" does not fit column quantity \(INTEGER\)/],
      [saveDoc(M('R41', keyChange, m)), /key column id cannot change/],
      [saveDoc(noO), /has no wrs:O/],
      [saveDoc(I('x', ['1', '2']), 'orders', ['id', 'customer&quot;; DROP TABLE orders; --']), /Unknown column "customer"; DROP TABLE orders; --"/],
      [saveDoc('', 'orders; DROP TABLE orders'), /Unknown binding set "orders; DROP TABLE orders"/],
      [saveDoc(I('x', ['20010', null, 'DE', 'NEW', '1', '1', null])), /Row x: column customer cannot be empty/],
      [saveDoc(I('x', ['20010', 'a'])), /Row x has 2 cells, the header 7 columns/],
      [saveDoc(I('x', ['20011', 'Name', 'DE', 'NEW', '1', '1.005', null])), /more than 2 decimal places/],
    ];
    for (const [doc, reason] of cases) {
      const res = await server.post('/WrsServlet', doc);
      expect(res.status).withContext(String(reason)).toBe(400);
      expect(res.text).withContext(String(reason)).toMatch(reason);
    }
    expect((await orderRows(server.db, [41]))[0]['quantity']).toBe(m[4]);
    expect((await server.db.query('SELECT COUNT(*)::text AS n FROM orders WHERE id >= 20010')).rows[0]['n']).toBe('0');
  });
});
