import { D, I, M, TestServer, loadRequest, rowsOf, saveXml, startTestServer } from '../testing/test-server';
import { describeOnDatabases } from '../testing/test-databases';
import { bindingSetsFrom } from './binding-sets';

const IDS = ['id', 'txt', 'ch', 'num', 'dbl', 'd', 'ts', 'n', 'r'];
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
      { id: 'r', column: 'r', type: 'REAL' },
    ],
  },
});
const table = 'CREATE TABLE kept (id INTEGER PRIMARY KEY, txt TEXT, ch CHAR(5), num NUMERIC, dbl DOUBLE PRECISION, d DATE, ts TIMESTAMP, n INTEGER, r REAL)';

/** A row of `kept` holding `values` (by column id), the others NULL. */
const row = (id: number, values: Record<string, string>): Cells => IDS.map((c) => (c === 'id' ? String(id) : (values[c] ?? null)));
/** The row with column n set to `n`: an edit of another column than the one under test. */
const withN = (cells: Cells, n: string): Cells => cells.map((v, i) => (IDS[i] === 'n' ? n : v));

describeOnDatabases('values kept exact through load and save', (kind) => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer(kind, { table, bindingSets })));
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

  it('stores U+2028, U+2029 and U+0085 as sent (not as line feeds) and changes such a row without a false conflict', async () => {
    const text = 'a\u2028b\u2029c\u0085d\r\ne';
    expect((await save(I('I1', row(1, { txt: text })))).status).toBe(200);
    expect((await stored(1))['txt']).toBe(text);
    const [loaded] = await answered(1);
    expect(loaded.cells[1]).toBe(text);
    const res = await save(M(loaded.id, withN(loaded.cells, '1'), loaded.cells));
    expect(res.status).withContext(res.text).toBe(200);
  });

  it('answers a leading U+FEFF another application stored, and changes and deletes such a row without a false conflict', async () => {
    await server.db.query('INSERT INTO kept (id, txt) VALUES (2, $1), (3, $1), (4, $1)', ['\ufeffx']);
    const [two, three, four] = await answered(2, 3, 4);
    expect(two.cells[1]).toBe('\ufeffx');
    const res = await save(M(two.id, withN(two.cells, '2'), two.cells) + D(three.id, three.cells));
    expect(res.status).withContext(res.text).toBe(200);
    expect(res.text).toContain('updated="1" deleted="1"');
    // The check still tells the texts apart: "x" is not what the row holds.
    const stale = four.cells.map((v, i) => (i === 1 ? 'x' : v));
    expect((await save(M(four.id, withN(stale, '4'), stale))).status).toBe(409);
  });

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

  it('answers infinity, eras BC, years past 9999 and NaN as PostgreSQL words them, and changes and deletes such rows', async () => {
    await server.db.query(
      `INSERT INTO kept (id, num, dbl, d, ts) VALUES
         (11, 'NaN', 'Infinity', 'infinity', '-infinity'),
         (12, '-Infinity', 'NaN', '-infinity', 'infinity'),
         (13, 'Infinity', '-Infinity', '0044-03-15 BC', '0044-03-15 10:00:00 BC'),
         (14, NULL, NULL, '10000-01-01', '10000-01-01 01:02:03'),
         (15, NULL, NULL, '0001-02-29 BC', NULL)`,
    );
    const rows = await answered(11, 12, 13, 14, 15);
    expect(rows.map((r) => r.cells.slice(3, 7))).toEqual([
      ['NaN', 'Infinity', 'infinity', '-infinity'],
      ['-Infinity', 'NaN', '-infinity', 'infinity'],
      ['Infinity', '-Infinity', '0044-03-15 BC', '0044-03-15T10:00:00 BC'],
      [null, null, '10000-01-01', '10000-01-01T01:02:03'],
      [null, null, '0001-02-29 BC', null],
    ]);
    const before = await Promise.all([11, 12, 13, 14].map(stored));
    const res = await save(rows.slice(0, 4).map((r, k) => M(r.id, withN(r.cells, String(k)), r.cells)).join('') + D(rows[4].id, rows[4].cells));
    expect(res.status).withContext(res.text).toBe(200);
    expect(res.text).toContain('updated="4" deleted="1"');
    expect(await Promise.all([11, 12, 13, 14].map(stored))).toEqual(before);
  });

  it('still finds a row changed meanwhile whose original is infinity, an era BC or NaN', async () => {
    await server.db.query(`INSERT INTO kept (id, num, d, ts) VALUES (21, 'NaN', 'infinity', '0044-03-15 10:00 BC')`);
    const [loaded] = await answered(21);
    for (const change of [`num = 1`, `d = '-infinity'`, `ts = '0044-03-15 10:00'`]) {
      await server.db.query(`UPDATE kept SET ${change} WHERE id = 21`);
      expect((await save(M(loaded.id, withN(loaded.cells, '1'), loaded.cells))).status).withContext(change).toBe(409);
      await server.db.query(`UPDATE kept SET num = 'NaN', d = 'infinity', ts = '0044-03-15 10:00 BC' WHERE id = 21`);
    }
  });

  it('takes infinity, eras BC and NaN as new values, in the forms PostgreSQL reads', async () => {
    const sent = [
      row(31, { num: 'NaN', dbl: '-Infinity', d: 'infinity', ts: '-infinity' }),
      row(32, { num: '-inf', dbl: 'nan', d: '-Infinity', ts: 'Infinity' }),
      row(33, { d: '0044-03-15 BC', ts: '0044-03-15T10:00:00.5 BC' }),
    ];
    const res = await save(sent.map((r, k) => I(`I${k}`, r)).join(''));
    expect(res.status).withContext(res.text).toBe(200);
    expect(await Promise.all([31, 32, 33].map(stored))).toEqual([
      { txt: null, ch: null, chars: null, num: 'NaN', dbl: '-Infinity', d: 'infinity', ts: '-infinity' },
      { txt: null, ch: null, chars: null, num: '-Infinity', dbl: 'NaN', d: '-infinity', ts: 'infinity' },
      { txt: null, ch: null, chars: null, num: null, dbl: null, d: '0044-03-15 BC', ts: '0044-03-15 10:00:00.5 BC' },
    ]);
    for (const [column, value] of [['d', '0000-01-01'], ['d', '0001-02-29'], ['ts', '0000-01-01T00:00:00 BC'], ['num', 'infinite']]) {
      const bad = await save(I('I9', row(39, { [column]: value })));
      expect(bad.status).withContext(value).toBe(400);
      expect(bad.text).withContext(value).toContain(`value "${value}" does not fit column ${column}`);
    }
  });

  it('refuses dates, timestamps and REAL or DOUBLE numbers past what the database holds with 400 naming the value, in filters and saves', async () => {
    const cases: [string, string][] = [
      ['d', '9999999-01-01'],
      ['d', '5874898-01-01'],
      ['d', '4714-11-23 BC'],
      ['ts', '999999-01-01T00:00:00'],
      ['ts', '294277-01-01'],
      ['ts', '4714-11-23T23:59:59 BC'],
      ['r', '1e39'],
      ['r', '-3.5e38'],
      ['r', '1e-46'],
      ['dbl', '1.8e308'],
      ['dbl', '1e-400'],
    ];
    for (const [column, value] of cases) {
      const filtered = await server.post('/WrsServlet', loadRequest('kept', { filter: `<f:Expression bRef="${column}" op="=" value="${value}"/>` }));
      expect(filtered.status).withContext(`filter ${value}`).toBe(400);
      expect(filtered.text).withContext(`filter ${value}`).toContain(`value "${value}" does not fit column ${column}`);
      const saved = await save(I('I40', row(40, { [column]: value })));
      expect(saved.status).withContext(`save ${value}`).toBe(400);
      expect(saved.text).withContext(`save ${value}`).toContain(`Row I40: value "${value}" does not fit column ${column}`);
    }
  });

  it('takes, answers and changes the first and last dates and timestamps the database holds, the largest REAL and the smallest DOUBLE', async () => {
    const first = row(41, { d: '4714-11-24 BC', ts: '4714-11-24T00:00:00 BC', r: '3.4028235e38', dbl: '5e-324' });
    const last = row(42, { d: '5874897-12-31', ts: '294276-12-31T23:59:59', r: '-1e-45', dbl: '-1.79e308' });
    const res = await save(I('I41', first) + I('I42', last));
    expect(res.status).withContext(res.text).toBe(200);
    const rows = await answered(41, 42);
    expect(rows.map((r) => [r.cells[5], r.cells[6]])).toEqual([
      ['4714-11-24 BC', '4714-11-24T00:00:00 BC'],
      ['5874897-12-31', '294276-12-31T23:59:59'],
    ]);
    const changed = await save(rows.map((r) => M(r.id, withN(r.cells, '1'), r.cells)).join(''));
    expect(changed.status).withContext(changed.text).toBe(200);
    const filtered = await server.post('/WrsServlet', loadRequest('kept', { filter: '<f:Expression bRef="d" op="=" value="5874897-12-31"/>' }));
    expect(rowsOf(filtered.text).map((r) => r.cells[0])).toEqual(['42']);
  });

  it('answers a filter value the database refuses (a NUMERIC of more digits than it holds) with 400 and its reason, not 500', async () => {
    const res = await server.post('/WrsServlet', loadRequest('kept', { filter: `<f:Expression bRef="num" op="&gt;" value="1${'0'.repeat(140_000)}"/>` }));
    expect(res.status).toBe(400);
    expect(res.text).toContain('The database refused a value of the request: value overflows numeric format');
    const counted = await server.post('/WrsServlet', loadRequest('kept', { columnsXml: '<wrq:C bRef="id" aggr="count"/>', filter: `<f:Expression bRef="num" op="in" value="1,2${'0'.repeat(140_000)}"/>` }));
    expect(counted.status).toBe(400);
  });
});
