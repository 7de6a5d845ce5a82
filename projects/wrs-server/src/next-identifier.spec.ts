import { TestServer, startTestServer } from '../testing/test-server';
import { describeOnDatabases, releasedTogether } from '../testing/test-databases';
import { nextIdentifier } from './next-identifier';

describeOnDatabases('next identifier', (kind) => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer(kind)));
  afterAll(async () => server.close());

  const last = async (path: string) => {
    const r = await server.post(path, '');
    expect(r.status).withContext(r.text).toBe(200);
    return r.text;
  };

  it('starts a new scope at 1 and counts up by one', async () => {
    expect(await last('/WrsNextIdentifierServlet/fresh')).toMatch(/scope="fresh" blockSize="1">1<\/wrs:NextIdentifier>$/);
    expect(await last('/WrsNextIdentifierServlet/fresh')).toMatch(/>2<\/wrs:NextIdentifier>$/);
  });

  it('reserves blocks and answers the LAST id of the block', async () => {
    expect(await last('/WrsNextIdentifierServlet/blocks/10')).toMatch(/blockSize="10">10</);
    expect(await last('/WrsNextIdentifierServlet/blocks/5')).toMatch(/blockSize="5">15</);
    expect(await last('/WrsNextIdentifierServlet/blocks')).toMatch(/>16</);
  });

  it('keeps scopes apart; the orders scope continues after the seeded ids', async () => {
    expect(await last('/WrsNextIdentifierServlet/orders')).toMatch(/>10001</);
    expect(await last('/WrsNextIdentifierServlet/other')).toMatch(/>1</);
  });

  it('never hands out an id twice under concurrent calls', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => nextIdentifier(server.db, 'parallel', 3)));
    const firsts = results.map((n) => n - 2).sort((a, b) => a - b);
    expect(firsts).toEqual(Array.from({ length: 20 }, (_, i) => 1 + 3 * i));
  });

  if (kind === 'postgres') {
    it('hands out adjoining, never overlapping blocks to calls for a new scope running at once', async () => {
      const sizes = [1, 5, 2, 10, 3, 7];
      // The held, then rolled back insert of the scope makes every call wait for it: all find the scope new, then one inserts.
      const answers = await releasedTogether(
        server.db,
        { sql: 'INSERT INTO wrs_identifiers (scope, last_id) VALUES ($1, 0)', params: ['race'], rollback: true },
        sizes.map((n) => () => server.post(`/WrsNextIdentifierServlet/race/${n}`, '')),
      );
      const blocks = answers.map((a, i) => {
        expect(a.status).withContext(a.text).toBe(200);
        const last = Number(/>(\d+)<\/wrs:NextIdentifier>$/.exec(a.text)?.[1]);
        return [last - sizes[i] + 1, last];
      });
      blocks.sort((x, y) => x[0] - y[0]);
      expect(blocks[0][0]).toBe(1);
      for (let k = 1; k < blocks.length; k++) expect(blocks[k][0]).withContext(JSON.stringify(blocks)).toBe(blocks[k - 1][1] + 1);
      expect(blocks[blocks.length - 1][1]).toBe(sizes.reduce((x, y) => x + y));
    });
  }

  it('refuses a bad scope or block size with 400', async () => {
    const paths = [
      '/WrsNextIdentifierServlet/',
      '/WrsNextIdentifierServlet/a/0',
      '/WrsNextIdentifierServlet/a/x',
      '/WrsNextIdentifierServlet/a%27%3B--',
      '/WrsNextIdentifierServlet/a/1/2',
      '/WrsNextIdentifierServlet/%',
      '/WrsNextIdentifierServlet/orders/%',
      '/WrsNextIdentifierServlet/%E0%A4%A',
    ];
    for (const path of paths) {
      const r = await server.post(path, '');
      expect(r.status).withContext(path).toBe(400);
      expect(r.text).withContext(path).toMatch(/<Message>.+<\/Message>/);
    }
    expect((await server.post('/WrsNextIdentifierServlet/%', '')).text).toContain('Malformed percent-escape');
    expect((await server.post('/WrsNextIdentifierServlet/a/-1', '')).text).toContain('got "-1"');
  });
});
