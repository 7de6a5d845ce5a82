import { NS, parseXml } from 'ngx-wrs-grid/core';
import { TestServer, orderRows, ordersRequest, rowsOf, startTestServer } from '../testing/test-server';
import { describeOnDatabases } from '../testing/test-databases';
import { filterSql } from './filter-sql';
import { SqlParams } from './sql-params';

describeOnDatabases('f:Filter', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
    // A few known rows to filter on, beside the seeded ones.
    await server.db.query(`UPDATE orders SET customer = 'Zeta 50% Off_Co', quantity = 6, order_date = NULL WHERE id = 9001`);
    await server.db.query(`UPDATE orders SET customer = 'zeta lower', quantity = 12 WHERE id = 9002`);
    await server.db.query(`UPDATE orders SET customer = 'ZETA UPPER', quantity = 5 WHERE id = 9003`);
  });
  afterAll(async () => server.close());

  const ids = async (filter: string): Promise<number[]> => {
    const r = await server.post('/WrsServlet', ordersRequest({ columns: ['id'], filter }));
    expect(r.status).withContext(r.text).toBe(200);
    return rowsOf(r.text).map((row) => Number(row.cells[0]));
  };
  const sqlIds = async (where: string, params: unknown[] = []): Promise<number[]> =>
    (await server.db.query(`SELECT id FROM orders WHERE ${where} ORDER BY id`, params)).rows.map((r) => Number(r['id']));

  it('= > >= < <= <> != compare typed values', async () => {
    expect(await ids('<f:Expression bRef="id" op="=" value="42"/>')).toEqual([42]);
    expect(await ids('<f:Expression bRef="id" op=">" value="9998"/>')).toEqual([9999, 10000]);
    expect(await ids('<f:Expression bRef="id" op=">=" value="9999"/>')).toEqual([9999, 10000]);
    expect(await ids('<f:Expression bRef="id" op="&lt;" value="3"/>')).toEqual([1, 2]);
    expect(await ids('<f:Expression bRef="id" op="&lt;=" value="2"/>')).toEqual([1, 2]);
    expect(await ids('<f:And><f:Expression bRef="id" op="&lt;" value="5"/><f:Expression bRef="id" op="&lt;>" value="2"/></f:And>')).toEqual([1, 3, 4]);
    expect(await ids('<f:Expression bRef="id" op="&lt;" value="4"/><f:Expression bRef="id" op="!=" value="1"/>')).toEqual([2, 3]);
    expect(await ids('<f:Expression bRef="price" op=">=" value="999.5"/>')).toEqual(await sqlIds('price >= 999.5'));
    expect(await ids('<f:Expression bRef="orderDate" op="&lt;" value="2023-01-03"/>')).toEqual(await sqlIds(`order_date < DATE '2023-01-03'`));
  });

  it('an empty value means IS NULL for = and IS NOT NULL for <>', async () => {
    expect(await ids('<f:Expression bRef="orderDate" op="=" value=""/>')).toEqual([9001]);
    expect((await ids('<f:Expression bRef="orderDate" op="&lt;>"/>')).length).toBe(9999);
  });

  it('takes an empty text as an empty cell, as the grid does: = "" finds it, comparisons and like pass it over, ordering puts it last', async () => {
    await server.db.query(`UPDATE orders SET customer = '' WHERE id = 9004`);
    try {
      expect(await ids('<f:Expression bRef="customer" op="=" value=""/>')).toEqual([9004]);
      expect(await ids('<f:Expression bRef="customer" op="in" value="Zeta 50% Off_Co,"/>')).toEqual([9001, 9004]);
      expect(await ids('<f:And><f:Expression bRef="id" op="&gt;=" value="9003"/><f:Expression bRef="id" op="&lt;=" value="9005"/><f:Expression bRef="customer" op="&lt;>" value="x"/></f:And>')).toEqual([9003, 9005]);
      expect(await ids('<f:And><f:Expression bRef="id" op="&gt;=" value="9003"/><f:Expression bRef="id" op="&lt;=" value="9005"/><f:Expression bRef="customer" op="like" value="*"/></f:And>')).toEqual([9003, 9005]);
      for (const order of ['asc', 'desc']) {
        const r = await server.post('/WrsServlet', ordersRequest({ columns: ['id'], filter: '<f:Expression bRef="id" op="in" value="9003,9004,9005"/>', ordering: `<wrq:C bRef="customer" order="${order}"/>` }));
        expect(r.status).withContext(r.text).toBe(200);
        expect(rowsOf(r.text).map((row) => Number(row.cells[0])).at(-1)).withContext(order).toBe(9004);
      }
    } finally {
      await server.db.query(`UPDATE orders SET customer = 'restored' WHERE id = 9004`);
    }
  });

  it('like and notLike take * as wildcard and % and _ literally, ic folds case', async () => {
    expect(await ids('<f:Expression bRef="customer" op="like" value="Zeta*"/>')).toEqual([9001]);
    expect(await ids('<f:Expression bRef="customer" op="like" value="zeta*" ic="true"/>')).toEqual([9001, 9002, 9003]);
    expect(await ids('<f:Expression bRef="customer" op="like" value="*50% Off_*"/>')).toEqual([9001]);
    expect(await ids('<f:Expression bRef="customer" op="like" value="*5_%*"/>')).toEqual([]);
    const notLike = await ids('<f:Expression bRef="customer" op="notLike" value="zeta*" ic="true"/>');
    expect(notLike.length).toBe(10000 - 3);
  });

  it('= with ic compares case-insensitively', async () => {
    expect(await ids('<f:Expression bRef="customer" op="=" value="zeta upper" ic="true"/>')).toEqual([9003]);
    expect(await ids('<f:Expression bRef="customer" op="=" value="zeta upper"/>')).toEqual([]);
  });

  it('in and notIn take comma-separated values', async () => {
    expect(await ids('<f:Expression bRef="id" op="in" value="5,7, 9"/>')).toEqual([5, 7, 9]);
    expect(await ids('<f:And><f:Expression bRef="id" op="&lt;" value="6"/><f:Expression bRef="id" op="notIn" value="2,4"/></f:And>')).toEqual([1, 3, 5]);
    const deFr = await ids('<f:Expression bRef="country" op="in" value="DE,FR"/>');
    expect(deFr).toEqual(await sqlIds(`country IN ('DE', 'FR')`));
  });

  it('reads an empty in or notIn list as IS NULL or IS NOT NULL, as an empty value of = and <>', async () => {
    expect(await ids('<f:Expression bRef="orderDate" op="in" value=""/>')).toEqual([9001]);
    expect((await ids('<f:Expression bRef="orderDate" op="notIn" value=""/>')).length).toBe(9999);
  });

  it('reads an empty item of an in list as NULL: in takes NULL rows too, notIn leaves them out', async () => {
    await server.db.query(`UPDATE orders SET order_date = '2024-01-01' WHERE id = 9004`);
    await server.db.query(`UPDATE orders SET order_date = '2024-02-02' WHERE id = 9005`);
    const some = (filter: string) => ids(`<f:And><f:Expression bRef="id" op="in" value="9001,9004,9005"/>${filter}</f:And>`);
    expect(await some('<f:Expression bRef="orderDate" op="in" value="2024-01-01,"/>')).toEqual([9001, 9004]);
    expect(await some('<f:Expression bRef="orderDate" op="notIn" value="2024-01-01,"/>')).toEqual([9005]);
    expect(await some('<f:Expression bRef="orderDate" op="notIn" value="2024-01-01"/>')).toEqual([9005]);
    expect(await some('<f:Expression bRef="orderDate" op="in" value=","/>')).toEqual([9001]);
    expect(await some('<f:Expression bRef="orderDate" op="notIn" value=","/>')).toEqual([9004, 9005]);
    expect(await ids('<f:And><f:Expression bRef="id" op="&lt;" value="4"/><f:Expression bRef="id" op="notIn" value="1,"/></f:And>')).toEqual([2, 3]);
  });

  it('compares a timestamp to the second, the precision answers show it with', async () => {
    await server.db.query(`UPDATE orders SET created_at = '2024-03-04 05:06:07.891' WHERE id = 9010`);
    const shown = rowsOf((await server.post('/WrsServlet', ordersRequest({ columns: ['id', 'createdAt'], filter: '<f:Expression bRef="id" op="=" value="9010"/>' }))).text);
    expect(shown[0].cells[1]).toBe('2024-03-04T05:06:07');
    expect(await ids('<f:Expression bRef="createdAt" op="=" value="2024-03-04T05:06:07"/>')).toEqual([9010]);
    expect(await ids('<f:And><f:Expression bRef="createdAt" op=">=" value="2024-03-04T05:06:07"/><f:Expression bRef="createdAt" op="&lt;=" value="2024-03-04T05:06:07"/></f:And>')).toEqual([9010]);
  });

  it('compares CHAR values with trailing blanks insignificant in =, <>, in and notIn, whatever the list length', async () => {
    await server.db.query(`INSERT INTO countries (code, name) VALUES ('Q', 'Q land')`);
    await server.db.query(`UPDATE orders SET country = 'Q' WHERE id = 9020`);
    const late = (filter: string) => ids(`<f:And><f:Expression bRef="id" op=">=" value="9020"/><f:Expression bRef="id" op="&lt;=" value="9021"/>${filter}</f:And>`);
    expect(await late('<f:Expression bRef="country" op="=" value="Q "/>')).toEqual([9020]);
    expect(await late('<f:Expression bRef="country" op="=" value="Q"/>')).toEqual([9020]);
    expect(await late('<f:Expression bRef="country" op="&lt;>" value="Q "/>')).toEqual([9021]);
    expect(await late('<f:Expression bRef="country" op="in" value="Q "/>')).toEqual([9020]);
    expect(await late('<f:Expression bRef="country" op="in" value="XX,Q "/>')).toEqual([9020]);
    expect(await late('<f:Expression bRef="country" op="in" value="XX,Q"/>')).toEqual([9020]);
    expect(await late('<f:Expression bRef="country" op="notIn" value="Q "/>')).toEqual([9021]);
    expect(await late('<f:Expression bRef="country" op="notIn" value="XX,Q "/>')).toEqual([9021]);
    expect(await late('<f:Expression bRef="country" op="in" value="q" ic="true"/>')).toEqual([9020]);
  });

  it('compares a CHAR column with a VARCHAR one (@bRef2) as text: trailing blanks of the VARCHAR count, as on the client', async () => {
    await server.db.query(`INSERT INTO countries (code, name) VALUES ('R', 'R land') ON CONFLICT DO NOTHING`);
    await server.db.query(`UPDATE orders SET country = 'R', customer = 'R ' WHERE id = 9026`);
    await server.db.query(`UPDATE orders SET country = 'R', customer = 'R' WHERE id = 9027`);
    const late = (filter: string) => ids(`<f:And><f:Expression bRef="id" op=">=" value="9026"/><f:Expression bRef="id" op="&lt;=" value="9027"/>${filter}</f:And>`);
    expect(await late('<f:Expression bRef="country" op="=" bRef2="customer"/>')).toEqual([9027]);
    expect(await late('<f:Expression bRef="customer" op="&lt;>" bRef2="country"/>')).toEqual([9026]);
    expect(await late('<f:Expression bRef="country" op="&lt;" bRef2="customer"/>')).toEqual([9026]);
  });

  it('matches like and notLike on CHAR without its padding, with and without ic', async () => {
    await server.db.query(`INSERT INTO countries (code, name) VALUES ('P', 'P land') ON CONFLICT DO NOTHING`);
    await server.db.query(`UPDATE orders SET country = 'P' WHERE id = 9022`);
    const late = (filter: string) => ids(`<f:And><f:Expression bRef="id" op=">=" value="9022"/><f:Expression bRef="id" op="&lt;=" value="9023"/>${filter}</f:And>`);
    expect(await late('<f:Expression bRef="country" op="like" value="P"/>')).toEqual([9022]);
    expect(await late('<f:Expression bRef="country" op="like" value="*P"/>')).toEqual([9022]);
    expect(await late('<f:Expression bRef="country" op="like" value="p" ic="true"/>')).toEqual([9022]);
    expect(await late('<f:Expression bRef="country" op="notLike" value="*P"/>')).toEqual([9023]);
  });

  it('matches like and notLike on timestamps and dates against the text answers show (T between date and time)', async () => {
    await server.db.query(`UPDATE orders SET created_at = '2021-02-03 10:00:05.5', order_date = '2021-02-03' WHERE id = 9024`);
    const shown = rowsOf((await server.post('/WrsServlet', ordersRequest({ columns: ['createdAt'], filter: '<f:Expression bRef="id" op="=" value="9024"/>' }))).text);
    expect(shown[0].cells).toEqual(['2021-02-03T10:00:05']);
    const late = (filter: string) => ids(`<f:And><f:Expression bRef="id" op=">=" value="9024"/><f:Expression bRef="id" op="&lt;=" value="9025"/>${filter}</f:And>`);
    expect(await late('<f:Expression bRef="createdAt" op="like" value="*T10:00:05"/>')).toEqual([9024]);
    expect(await late('<f:Expression bRef="createdAt" op="like" value="2021-02-03T10:00:05"/>')).toEqual([9024]);
    expect(await late('<f:Expression bRef="createdAt" op="notLike" value="*T10:00:05"/>')).toEqual([9025]);
    expect(await late('<f:Expression bRef="orderDate" op="like" value="2021-02-*"/>')).toEqual([9024]);
  });

  it('filters on dates of the years 1 to 99', async () => {
    await server.db.query(`UPDATE orders SET order_date = '0050-06-01' WHERE id = 9011`);
    expect(await ids('<f:Expression bRef="orderDate" op="=" value="0050-06-01"/>')).toEqual([9011]);
  });

  it('refuses a filter nested deeper than 64 levels, or binding more than 10,000 values, with 400', async () => {
    const nested = (levels: number) => '<f:Or>'.repeat(levels) + '<f:Expression bRef="id" op="=" value="1"/>' + '</f:Or>'.repeat(levels);
    expect(await ids(nested(60))).toEqual([1]);
    const deep = await server.post('/WrsServlet', ordersRequest({ columns: ['id'], filter: nested(20_000) }));
    expect(deep.status).toBe(400);
    expect(deep.text).toContain('deeper than 64 levels');
    const lists = Array.from({ length: 11 }, (_, k) => `<f:Expression bRef="id" op="in" value="${Array.from({ length: 1000 }, (_, i) => k * 1000 + i + 1).join(',')}"/>`);
    const many = await server.post('/WrsServlet', ordersRequest({ columns: ['id'], filter: `<f:Or>${lists.join('')}</f:Or>` }));
    expect(many.status).toBe(400);
    expect(many.text).toContain('binds 11000 values');
  });

  it('bitand keeps rows whose integer column shares a bit with the value', async () => {
    expect(await ids('<f:And><f:Expression bRef="id" op=">" value="9000"/><f:Expression bRef="quantity" op="bitand" value="8"/></f:And>')).toEqual(
      await sqlIds('id > 9000 AND (quantity & 8) <> 0'),
    );
  });

  it('nests f:And and f:Or', async () => {
    const filter = '<f:Or><f:Expression bRef="id" op="=" value="1"/><f:And><f:Expression bRef="id" op=">" value="9000"/><f:Expression bRef="customer" op="like" ic="true" value="zeta*"/></f:And></f:Or>';
    expect(await ids(filter)).toEqual([1, 9001, 9002, 9003]);
  });

  it('compares two columns with @bRef2', async () => {
    expect(await ids('<f:Expression bRef="quantity" op="=" bRef2="id"/>')).toEqual(await sqlIds('quantity = id'));
  });

  it('refuses @bRef2 comparing columns of types that do not compare with 400 naming both columns', async () => {
    const r = await server.post('/WrsServlet', ordersRequest({ columns: ['id'], filter: '<f:Expression bRef="id" op="&lt;" bRef2="createdAt"/>' }));
    expect(r.status).toBe(400);
    expect(r.text).toContain('Columns id (INTEGER) and createdAt (TIMESTAMP) cannot be compared');
    expect(r.text).not.toMatch(/operator does not exist/);
    expect(await ids('<f:And><f:Expression bRef="id" op="&lt;" value="50"/><f:Expression bRef="quantity" op="&lt;" bRef2="price"/></f:And>')).toEqual(
      await sqlIds('id < 50 AND quantity < price'),
    );
    expect(await ids('<f:And><f:Expression bRef="id" op="&lt;" value="50"/><f:Expression bRef="orderDate" op="&lt;" bRef2="createdAt"/></f:And>')).toEqual(
      await sqlIds('id < 50 AND order_date < created_at'),
    );
  });

  it('refuses an operator outside the schema, an unknown column, and a value that does not fit, with 400 and a reason', async () => {
    const cases: [string, RegExp][] = [
      ['<f:Expression bRef="id" op="; DROP TABLE orders; --" value="1"/>', /Unknown filter operator/],
      ['<f:Expression bRef="id) OR 1=1 --" op="=" value="1"/>', /Unknown column "id\) OR 1=1 --"/],
      ['<f:Expression bRef="quantity" op="=" value="1 OR 1=1"/>', /does not fit column quantity \(INTEGER\)/],
      ['<f:Expression bRef="orderDate" op="=" value="2023-02-30"/>', /not a date/],
      ['<f:Expression bRef="country" op="spatContains" value="POINT(1 1)"/>', /spatial/],
      ['<f:Expression bRef="price" op="bitand" value="1"/>', /integer column/],
      ['<f:Expression bRef="id" op=">" value=""/>', /needs a value/],
      ['<f:Nope/>', /Unknown filter element/],
    ];
    for (const [filter, reason] of cases) {
      const r = await server.post('/WrsServlet', ordersRequest({ columns: ['id'], filter }));
      expect(r.status).withContext(filter).toBe(400);
      expect(r.text).withContext(filter).toMatch(reason);
    }
    expect((await orderRows(server.db, [1])).length).toBe(1);
  });

  it('leaves text columns bare in filters (no NULLIF around them), so an index on the column or on lower() serves them', async () => {
    const set = server.bindingSets.get('orders')!;
    const plan = async (body: string): Promise<string> => {
      const params = new SqlParams();
      const where = filterSql(parseXml(`<f:Filter xmlns:f="${NS.f}">${body}</f:Filter>`).documentElement, set, params)!;
      const rows = (await server.db.query(`EXPLAIN SELECT id FROM orders WHERE ${where}`, params.values)).rows;
      return rows.map((r) => String(Object.values(r)[0])).join('\n');
    };
    await server.db.query('CREATE INDEX orders_customer_plain ON orders (customer)');
    await server.db.query('CREATE INDEX orders_customer_lower ON orders (lower(customer))');
    await server.db.query('SET enable_seqscan = off');
    try {
      for (const filter of [
        '<f:Expression bRef="customer" op="=" value="Acme BV 21"/>',
        '<f:Expression bRef="customer" op="in" value="Acme BV 21,Tyrell Ltd 46"/>',
        '<f:Expression bRef="customer" op="in" value="Acme BV 21,"/>',
        '<f:Expression bRef="customer" op="&gt;=" value="Zeta"/>',
        '<f:Expression bRef="customer" op="=" value="acme bv 21" ic="true"/>',
        '<f:Expression bRef="customer" op="=" value=""/>',
      ]) {
        const text = await plan(filter);
        expect(text).withContext(filter).toContain('Index');
        expect(text).withContext(filter).not.toContain('Seq Scan');
      }
    } finally {
      await server.db.query('RESET enable_seqscan');
      await server.db.query('DROP INDEX orders_customer_plain');
      await server.db.query('DROP INDEX orders_customer_lower');
    }
  });

  it('treats quotes and SQL in values as data: an injection attempt matches nothing and harms nothing', async () => {
    expect(await ids(`<f:Expression bRef="customer" op="=" value="x' OR '1'='1"/>`)).toEqual([]);
    expect(await ids(`<f:Expression bRef="customer" op="like" value="*'; DELETE FROM orders; --"/>`)).toEqual([]);
    expect(await ids(`<f:Expression bRef="customer" op="in" value="x') OR ('1'='1"/>`)).toEqual([]);
    expect((await server.db.query('SELECT COUNT(*)::text AS n FROM orders')).rows[0]['n']).toBe('10000');
  });
});
