import { parseXml } from 'ngx-wrs-grid/core';
import { D, I, M, TestServer, cellXml, orderRows, ordersRequest, rowsOf, saveXml, startTestServer } from '../testing/test-server';
import { describeOnDatabases, releasedTogether } from '../testing/test-databases';
import { bindingSetsFrom } from './binding-sets';
import { Database } from './database';
import { saveWrs } from './save-wrs';

const HEADER_IDS = ['id', 'customer', 'country', 'status', 'quantity', 'price', 'orderDate'];
type Cells = (string | null)[];

const saveDoc = (rows: string, bindingSet = 'orders', ids = HEADER_IDS) => saveXml(bindingSet, ids, rows);

const cellsOf = (r: Record<string, string | null>): Cells => [r['id'], r['customer'], r['country'], r['status'], r['quantity'], r['price'], r['order_date']];

/** The database row as the client loaded it (header order). */
async function loaded(server: TestServer, id: number): Promise<Cells> {
  const [r] = await orderRows(server.db, [id]);
  return cellsOf(r);
}

/** The database rows `from`..`to` as the client loaded them, by id. */
async function loadedRange(server: TestServer, from: number, to: number): Promise<Map<number, Cells>> {
  const ids = Array.from({ length: to - from + 1 }, (_, k) => from + k);
  return new Map((await orderRows(server.db, ids)).map((r) => [Number(r['id']), cellsOf(r)]));
}

describeOnDatabases('save (wrs:Wrs with I, M, D rows)', (kind) => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer(kind)));
  afterAll(async () => server.close());

  it('writes I, M and D rows in one transaction; unchanged R rows are ignored', async () => {
    const m = await loaded(server, 11);
    const d = await loaded(server, 12);
    const r = await loaded(server, 13);
    const changed = [...m];
    changed[4] = '77';
    changed[5] = '12.50';
    const rows = I('I_1_R1', ['20001', 'New Customer', 'FR', 'NEW', '3', '9.99', '2024-05-06']) + M('R11', changed, m) + D('R12', d) +
      `<wrs:R id="R13">${r.map((v) => cellXml('C', v)).join('')}</wrs:R>`;
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

  it('changes rows holding a carriage return, a character XML cannot carry, or a date of the year 50: no false conflict', async () => {
    await server.db.query(`UPDATE orders SET customer = $1 WHERE id = 31`, ['a\r\nb\rc']);
    await server.db.query(`UPDATE orders SET customer = $1 WHERE id = 32`, ['x\u0001y']);
    await server.db.query(`UPDATE orders SET order_date = '0050-06-01' WHERE id = 33`);
    const answer = await server.post('/WrsServlet', ordersRequest({ columns: HEADER_IDS, filter: '<f:Expression bRef="id" op="in" value="31,32,33"/>' }));
    const rows = rowsOf(answer.text);
    expect(rows.map((r) => r.cells[1])).toEqual(['a\r\nb\rc', 'xy', rows[2].cells[1]]);
    expect(rows[2].cells[6]).toBe('0050-06-01');
    const edits = rows.map((r) => {
      const changed = [...r.cells];
      changed[4] = '99';
      return M(r.id, changed, r.cells);
    });
    const res = await server.post('/WrsServlet', saveDoc(edits.join('')));
    expect(res.status).withContext(res.text).toBe(200);
    const now = await orderRows(server.db, [31, 32, 33]);
    expect(now.map((r) => [r['customer'], r['quantity']])).toEqual([['a\r\nb\rc', '99'], ['x\u0001y', '99'], [rows[2].cells[1], '99']]);
    expect(now[2]['order_date']).toBe('0050-06-01');
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
    const noO = `<wrs:M id="R41">${m.map((v) => cellXml('C', v)).join('')}</wrs:M>`;
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

  it('saves 1,000 rows mixing D, M and I rows and leaves the table holding exactly what they say', async () => {
    const before = await loadedRange(server, 1001, 2000);
    const expected = new Map(before);
    let rows = '';
    for (const [id, values] of before) {
      if (id % 3 === 0) {
        rows += D(`R${id}`, values);
        expected.delete(id);
      } else if (id % 3 === 1) {
        const edit = [...values];
        edit[1] = `Edited ${id}`;
        if (id % 2) edit[4] = String(Number(values[4]) + 1);
        if (id % 5 === 0) edit[6] = null;
        rows += M(`R${id}`, edit, values);
        expected.set(id, edit);
      } else {
        const added: Cells = [String(30_000 + id), `New ${id}`, 'DE', 'NEW', String(id % 7), '1.50', id % 4 ? '2024-02-29' : null];
        rows += I(`I_9_R${id}`, added);
        expected.set(30_000 + id, added);
      }
    }
    // Straight to saveWrs on a database counting statements: the rows go as a few batches, not one statement each.
    const statements: string[] = [];
    const counting: Database = {
      ...server.db,
      transaction: (work) => server.db.transaction((tx) => work({ query: (sql, params) => (statements.push(sql), tx.query(sql, params)) })),
    };
    const outcome = await saveWrs(counting, parseXml(saveDoc(rows)).documentElement, server.bindingSets);
    expect(outcome).toEqual({ inserted: 334, updated: 333, deleted: 333 });
    expect(statements.length).toBeLessThan(10);
    const ids = [...before.keys()].flatMap((id) => [id, 30_000 + id]);
    const now = new Map((await orderRows(server.db, ids)).map((r) => [Number(r['id']), cellsOf(r)]));
    expect(now.size).toBe(expected.size);
    for (const [id, values] of expected) expect(now.get(id)).withContext(`id ${id}`).toEqual(values);
  });

  it('fails a 1,000-row save on one row changed meanwhile in its middle, naming only that row and writing nothing', async () => {
    const before = await loadedRange(server, 2001, 3000);
    await server.db.query(`UPDATE orders SET customer = 'Changed meanwhile' WHERE id = 2500`);
    let rows = '';
    for (const [id, values] of before) {
      const edit = [...values];
      edit[4] = '1';
      rows += id % 10 === 0 ? D(`R${id}`, values) : M(`R${id}`, edit, values);
      if (id % 10 === 1) rows += I(`I_8_R${id}`, [String(40_000 + id), 'Never', 'DE', 'NEW', '1', '1.00', null]);
    }
    const res = await server.post('/WrsServlet', saveDoc(rows));
    expect(res.status).toBe(409);
    expect(res.text).toContain('1 row(s) changed or deleted on the server since they were loaded: R2500; nothing was saved');
    expect(res.text.match(/<Row /g)?.length).toBe(1);
    const now = await loadedRange(server, 2001, 3000);
    before.get(2500)![1] = 'Changed meanwhile';
    expect(now).toEqual(before);
    expect((await server.db.query('SELECT COUNT(*)::text AS n FROM orders WHERE id > 40000')).rows[0]['n']).toBe('0');
  });

  it('checks NULL originals in batched M and D rows as NULL: a NULL still NULL matches, a value there now is a conflict', async () => {
    await server.db.query('UPDATE orders SET order_date = NULL WHERE id BETWEEN 3001 AND 3020');
    const before = await loadedRange(server, 3001, 3020);
    const dated = (values: Cells) => values.map((v, i) => (i === 6 ? '2025-01-02' : v));
    let rows = '';
    for (const [id, values] of before) rows += id % 2 ? M(`R${id}`, dated(values), values) : D(`R${id}`, values);
    const res = await server.post('/WrsServlet', saveDoc(rows));
    expect(res.status).withContext(res.text).toBe(200);
    expect(res.text).toContain('inserted="0" updated="10" deleted="10"');
    const now = await loadedRange(server, 3001, 3020);
    expect([...now.keys()]).toEqual([3001, 3003, 3005, 3007, 3009, 3011, 3013, 3015, 3017, 3019]);
    for (const [id, values] of now) expect(values).toEqual(dated(before.get(id)!));

    const nullNow = await loaded(server, 3021);
    const dateNow = await loaded(server, 3022);
    await server.db.query(`UPDATE orders SET order_date = CASE id WHEN 3021 THEN DATE '2025-03-04' ELSE NULL END WHERE id IN (3021, 3022)`);
    const edit = (values: Cells) => values.map((v, i) => (i === 1 ? 'Late edit' : v));
    const late = await server.post('/WrsServlet', saveDoc(M('R3021', edit(nullNow), nullNow.map((v, i) => (i === 6 ? null : v))) + D('R3022', dateNow)));
    expect(late.status).toBe(409);
    expect(late.text).toContain('<Row id="R3021"/><Row id="R3022"/>');
    expect((await loaded(server, 3021))[1]).toBe(nullNow[1]);
  });

  it('writes and compares values that look like SQL as plain values', async () => {
    const tricky = [
      `'); DROP TABLE orders; --`,
      `Robert'); DELETE FROM orders WHERE ('1' = '1`,
      `x' OR '1'='1`,
      '$1',
      'NULL',
      '{a,"b"}',
      'back\\slash \\\\ "quoted"',
      '1; UPDATE orders SET quantity = 0',
      '<wrs:C>&amp;</wrs:C>',
    ];
    const count = async () => (await server.db.query('SELECT COUNT(*)::text AS n FROM orders')).rows[0]['n'];
    const total = await count();
    const before = await loadedRange(server, 3101, 3100 + tricky.length);
    let rows = '';
    tricky.forEach((text, k) => {
      rows += I(`I_7_${k}`, [String(50_000 + k), text, 'DE', 'NEW', '1', '1.00', null]);
      const values = before.get(3101 + k)!;
      rows += M(`R${3101 + k}`, values.map((v, i) => (i === 1 ? text : v)), values);
    });
    expect((await server.post('/WrsServlet', saveDoc(rows))).status).toBe(200);
    expect(await count()).toBe(String(Number(total) + tricky.length));
    const inserted = await orderRows(server.db, tricky.map((_, k) => 50_000 + k));
    expect(inserted.map((r) => r['customer'])).toEqual(tricky);
    const modified = await loadedRange(server, 3101, 3100 + tricky.length);
    expect([...modified.values()].map((v) => v[1])).toEqual(tricky);

    // The SQL-like values are now originals the optimistic check compares.
    let again = '';
    for (const [id, values] of modified) again += id % 2 ? D(`R${id}`, values) : M(`R${id}`, values.map((v, i) => (i === 4 ? '2' : v)), values);
    const res = await server.post('/WrsServlet', saveDoc(again));
    expect(res.status).withContext(res.text).toBe(200);
    expect((await orderRows(server.db, [...modified.keys()])).map((r) => [r['id'], r['customer'], r['quantity']])).toEqual(
      [...modified].filter(([id]) => id % 2 === 0).map(([id, v]) => [String(id), v[1], '2']),
    );
  });

  if (kind === 'postgres') {
    /** The saves posted at once, each waiting for row locks of `ids` until all wait (`releasedTogether`). */
    const racing = (ids: number[], docs: string[]) =>
      releasedTogether(server.db, { sql: 'SELECT id FROM orders WHERE id = ANY($1::int[]) FOR UPDATE', params: [ids] }, docs.map((doc) => () => server.post('/WrsServlet', saveDoc(doc))));
    const customer = (values: Cells, name: string): Cells => values.map((v, i) => (i === 1 ? name : v));

    it('commits exactly one of two saves changing the same row at once; the other gets 409 naming the row', async () => {
      const before = await loaded(server, 71);
      const answers = await racing([71], [M('R71', customer(before, 'First client'), before), M('R71', customer(before, 'Second client'), before)]);
      expect(answers.map((a) => a.status).sort()).withContext(answers.map((a) => a.text).join('\n')).toEqual([200, 409]);
      const winner = answers.findIndex((a) => a.status === 200);
      expect(answers[1 - winner].text).toContain('1 row(s) changed or deleted on the server since they were loaded: R71; nothing was saved');
      expect(await loaded(server, 71)).toEqual(customer(before, winner === 0 ? 'First client' : 'Second client'));
    });

    it('commits exactly one of a delete and a change of the same row at once; the other gets 409 naming the row', async () => {
      const before = await loaded(server, 72);
      const answers = await racing([72], [D('R72', before), M('R72', customer(before, 'Changed'), before)]);
      expect(answers.map((a) => a.status).sort()).withContext(answers.map((a) => a.text).join('\n')).toEqual([200, 409]);
      const deleted = answers[0].status === 200;
      expect(answers[deleted ? 1 : 0].text).toContain('<Row id="R72"/>');
      if (deleted) expect(await orderRows(server.db, [72])).toEqual([]);
      else expect(await loaded(server, 72)).toEqual(customer(before, 'Changed'));
    });

    it('commits exactly one of two saves inserting the same key at once; the other gets 409 naming its row', async () => {
      const row = (name: string): Cells => ['60001', name, 'DE', 'NEW', '1', '1.00', null];
      // A held, then rolled back insert of the key makes both wait for it; then one inserts and the other finds the key taken.
      const answers = await releasedTogether(
        server.db,
        { sql: `INSERT INTO orders (id, customer, country, status, quantity, price) VALUES (60001, 'Held', 'DE', 'NEW', 1, 1)`, rollback: true },
        [I('I_1_A', row('Client A')), I('I_1_B', row('Client B'))].map((doc) => () => server.post('/WrsServlet', saveDoc(doc))),
      );
      expect(answers.map((a) => a.status).sort()).withContext(answers.map((a) => a.text).join('\n')).toEqual([200, 409]);
      const winner = answers.findIndex((a) => a.status === 200);
      const loser = winner === 0 ? 'I_1_B' : 'I_1_A';
      expect(answers[1 - winner].text).toMatch(new RegExp(`Row ${loser}: a row with this key already exists.*<Row id="${loser}"/>`));
      expect(cellsOf((await orderRows(server.db, [60001]))[0])).toEqual(row(winner === 0 ? 'Client A' : 'Client B'));
    });

    // Each save locks its first row, then waits for its second: the database may break that deadlock by failing one
    // batch, which then runs row by row and finds both rows changed.
    it('commits exactly one of two saves changing the same two rows in opposite order at once, the other gets 409 naming both', async () => {
      const [a, b] = [await loaded(server, 73), await loaded(server, 74)];
      const answers = await racing([73, 74], [
        M('R73', customer(a, 'Client 1'), a) + M('R74', customer(b, 'Client 1'), b),
        M('R74', customer(b, 'Client 2'), b) + M('R73', customer(a, 'Client 2'), a),
      ]);
      expect(answers.map((a) => a.status).sort()).withContext(answers.map((a) => a.text).join('\n')).toEqual([200, 409]);
      const winner = answers.findIndex((x) => x.status === 200);
      expect(answers[1 - winner].text).toContain(winner === 0 ? '<Row id="R74"/><Row id="R73"/>' : '<Row id="R73"/><Row id="R74"/>');
      const name = `Client ${winner + 1}`;
      expect([await loaded(server, 73), await loaded(server, 74)]).toEqual([customer(a, name), customer(b, name)]);
    });
  }

  it('names the stale D row, not the I row after it holding its key: the conflict is the deleted row changed meanwhile', async () => {
    const a = await loaded(server, 53);
    await server.db.query(`UPDATE orders SET quantity = quantity + 1 WHERE id = 53`);
    const res = await server.post('/WrsServlet', saveDoc(D('R53', a) + I('I_8_R1', ['53', 'Again', 'FR', 'NEW', '5', '5.00', null])));
    expect(res.status).toBe(409);
    expect(res.text).toContain('<Row id="R53"/>');
    expect(res.text).not.toContain('I_8_R1');
    expect((await orderRows(server.db, [53]))[0]['customer']).toBe(a[1]);
  });

  it('keeps document order for rows naming one key: deleted then inserted again works, inserted before its delete is a duplicate', async () => {
    const a = await loaded(server, 51);
    const again: Cells = ['51', 'Inserted again', 'FR', 'NEW', '5', '5.00', null];
    const ok = await server.post('/WrsServlet', saveDoc(D('R51', a) + I('I_6_R1', again)));
    expect(ok.status).withContext(ok.text).toBe(200);
    expect(cellsOf((await orderRows(server.db, [51]))[0])).toEqual(again);

    const b = await loaded(server, 52);
    const early = await server.post('/WrsServlet', saveDoc(I('I_6_R2', ['52', 'Too early', 'FR', 'NEW', '5', '5.00', null]) + D('R52', b)));
    expect(early.status).toBe(409);
    expect(early.text).toMatch(/Row I_6_R2: a row with this key already exists/);
    expect(cellsOf((await orderRows(server.db, [52]))[0])).toEqual(b);
  });
});

describeOnDatabases('save into a table whose key the database gives (SERIAL, read-only)', (kind) => {
  const bindingSets = bindingSetsFrom({
    tags: {
      table: 'tags',
      columns: [
        { id: 'id', column: 'id', type: 'INTEGER', key: true, readOnly: true },
        { id: 'name', column: 'name', type: 'VARCHAR', size: 20 },
      ],
    },
  });
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer(kind, { table: 'CREATE TABLE tags (id SERIAL PRIMARY KEY, name VARCHAR(20))', bindingSets })));
  afterAll(async () => server.close());

  it('inserts rows whose key the database gives, in document order', async () => {
    const res = await server.post('/WrsServlet', saveXml('tags', ['id', 'name'], I('I1', [null, 'first']) + I('I2', [null, 'second'])));
    expect(res.status).withContext(res.text).toBe(200);
    expect((await server.db.query('SELECT id::text, name FROM tags ORDER BY id')).rows).toEqual([{ id: '1', name: 'first' }, { id: '2', name: 'second' }]);
  });

  it('refuses a wrs:I row with no column to write (the header lists only read-only columns) with 400 naming the row', async () => {
    const res = await server.post('/WrsServlet', saveXml('tags', ['id'], I('I3', [null])));
    expect(res.status).toBe(400);
    expect(res.text).toContain('Row I3: wrs:I writes no column; every column of wrs:Header is read-only');
    expect(res.text).toContain('<Row id="I3"/>');
    expect((await server.db.query('SELECT COUNT(*)::text AS n FROM tags')).rows[0]['n']).toBe('2');
  });
});
