import { D, I, M, TestServer, loadRequest, rowsOf, saveXml, startTestServer } from '../testing/test-server';
import { bindingSetsFrom } from './binding-sets';

const IDS = ['id', 'txt', 'ch', 'num', 'dbl', 'd', 'ts', 'n'];
type Cells = (string | null)[];

const bindingSets = bindingSetsFrom({
  kept: {
    table: 'kept',
    columns: [
      { id: 'id', column: 'id', type: 'INTEGER', key: true },
      { id: 'txt', column: 'txt', type: 'VARCHAR' },
      { id: 'ch', column: 'ch', type: 'CHAR', size: 5 },
      { id: 'num', column: 'num', type: 'NUMERIC' },
      { id: 'dbl', column: 'dbl', type: 'DOUBLE' },
      { id: 'd', column: 'd', type: 'DATE' },
      { id: 'ts', column: 'ts', type: 'TIMESTAMP' },
      { id: 'n', column: 'n', type: 'INTEGER' },
    ],
  },
});
const table = 'CREATE TABLE kept (id INTEGER PRIMARY KEY, txt TEXT, ch CHAR(5), num NUMERIC, dbl DOUBLE PRECISION, d DATE, ts TIMESTAMP, n INTEGER)';

/** A row of `kept` holding `values` (by column id), the others NULL. */
const row = (id: number, values: Record<string, string>): Cells => IDS.map((c) => (c === 'id' ? String(id) : (values[c] ?? null)));
/** The row with column n set to `n`: an edit of another column than the one under test. */
const withN = (cells: Cells, n: string): Cells => cells.map((v, i) => (IDS[i] === 'n' ? n : v));

describe('values kept exact through load and save', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer({ table, bindingSets })));
  afterAll(async () => server.close());

  const save = (rows: string) => server.post('/WrsServlet', saveXml('kept', IDS, rows));
  /** The rows of `kept` as a client loads them, by id. */
  async function answered(...ids: number[]): Promise<{ id: string; cells: Cells }[]> {
    const res = await server.post('/WrsServlet', loadRequest('kept', { filter: `<f:Expression bRef="id" op="in" value="${ids.join(',')}"/>`, ordering: '<wrq:C bRef="id"/>' }));
    expect(res.status).withContext(res.text).toBe(200);
    return rowsOf(res.text);
  }
  /** The columns of row `id` as PostgreSQL writes them. */
  async function stored(id: number): Promise<Record<string, string | null>> {
    const r = await server.db.query('SELECT txt, ch::text AS ch, length(ch) AS chars, num::text AS num, dbl::text AS dbl, d::text AS d, ts::text AS ts FROM kept WHERE id = $1', [id]);
    return r.rows[0] as Record<string, string | null>;
  }

  it('checks a TIMESTAMP original with fractional seconds (kept from the client own save) to the second, as answers carry it', async () => {
    const sent = row(5, { ts: '2024-01-02T03:04:05.678' });
    expect((await save(I('I5', sent))).status).toBe(200);
    const res = await save(M('I5', withN(sent, '5'), sent));
    expect(res.status).withContext(res.text).toBe(200);
    expect((await stored(5))['ts']).toBe('2024-01-02 03:04:05.678');
    await server.db.query(`UPDATE kept SET ts = '2024-01-02 03:04:06' WHERE id = 5`);
    expect((await save(M('I5', withN(sent, '6'), withN(sent, '5')))).status).toBe(409);
  });

  it('checks a CHAR original with trailing blanks (kept from the client own save) as CHAR: the blanks do not count', async () => {
    const sent = row(6, { ch: 'ab ' });
    expect((await save(I('I6', sent))).status).toBe(200);
    const res = await save(M('I6', withN(sent, '6'), sent));
    expect(res.status).withContext(res.text).toBe(200);
    const [loaded] = await answered(6);
    expect(loaded.cells[2]).toBe('ab');
    expect((await save(D(loaded.id, loaded.cells.map((v, i) => (i === 2 ? 'abc' : v))))).status).toBe(409);
    expect((await save(D(loaded.id, loaded.cells))).status).toBe(200);
  });
});
