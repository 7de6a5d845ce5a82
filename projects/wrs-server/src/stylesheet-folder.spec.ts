import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server } from 'node:http';
import { SaxonXsltEngine, parseXml } from 'ngx-wrs-grid/core';
import type { Database } from './database';
import { StylesheetFolder } from './stylesheet-folder';
import { createWrsServer } from './wrs-server';

const XSL = 'http://www.w3.org/1999/XSL/Transform';
const countRows = (label: string) =>
  `<xsl:stylesheet version="3.0" xmlns:xsl="${XSL}"><xsl:template match="/"><n label="${label}"><xsl:value-of select="count(/*/*)"/></n></xsl:template></xsl:stylesheet>`;

/** GET with the path sent exactly as written (fetch would normalize `..` away before the server sees it). */
function get(base: string, path: string): Promise<{ status: number; text: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = request(base + '/', { method: 'GET', path }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, type: String(res.headers['content-type'] ?? '') }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('wrs-server stylesheets (/xslt/)', () => {
  let root: string;
  let folder: StylesheetFolder;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'wrs-xslt-spec-'));
    const dir = join(root, 'xslt');
    mkdirSync(join(dir, 'reports'), { recursive: true });
    mkdirSync(join(dir, 'folder.xslt'));
    writeFileSync(join(dir, 'count.xslt'), countRows('v1'));
    writeFileSync(join(dir, 'reports', 'nested.xsl'), countRows('nested'));
    writeFileSync(join(dir, 'bad.xslt'), `<xsl:stylesheet version="3.0" xmlns:xsl="${XSL}"><xsl:template match="/"><xsl:value-of select="(("/></xsl:template></xsl:stylesheet>`);
    writeFileSync(join(dir, 'notes.txt'), 'not a stylesheet');
    writeFileSync(join(root, 'outside.xslt'), countRows('outside'));
    symlinkSync(join(root, 'outside.xslt'), join(dir, 'link-out.xslt'));
    symlinkSync(join(dir, 'count.xslt'), join(dir, 'link-in.xslt'));
    folder = new StylesheetFolder(dir);
    // These specs never reach the database: stylesheets are served without it.
    server = createWrsServer({ db: new Promise<Database>(() => undefined), bindingSets: new Map(), stylesheets: folder });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((ok) => server.close(ok));
    rmSync(root, { recursive: true, force: true });
  });

  it('serves a stylesheet of the folder as it is', async () => {
    const r = await get(base, '/xslt/count.xslt');
    expect(r.status).toBe(200);
    expect(r.text).toBe(countRows('v1'));
    expect((await get(base, '/xslt/reports/nested.xsl')).text).toBe(countRows('nested'));
  });

  it('compiles a stylesheet to a relocatable SEF that saxon-js runs without compiling, holding no server path', async () => {
    const r = await get(base, '/xslt/reports/nested.xsl.sef.json');
    expect(r.status).toBe(200);
    expect(r.type).toContain('application/json');
    const sef = JSON.parse(r.text) as { N: string; target: string; relocatable: string };
    expect([sef.N, sef.target, sef.relocatable]).toEqual(['package', 'JS', 'true']);
    expect(r.text).not.toContain(root);
    const engine = new SaxonXsltEngine();
    const out = await engine.transform(await engine.compile(r.text, '/xslt/reports/nested.xsl'), parseXml('<a><b/><b/><b/></a>'), {});
    expect(parseXml(out).documentElement.getAttribute('label')).toBe('nested');
    expect(parseXml(out).documentElement.textContent).toBe('3');
    expect(engine.compilations).toBe(0);
  });

  it('compiles once per file version: requests share a running compile, later ones the cached SEF, a changed file compiles again', async () => {
    const before = folder.compilations;
    const answers = await Promise.all([1, 2, 3].map(() => get(base, '/xslt/count.xslt.sef.json')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(folder.compilations).toBe(before + 1);
    expect((await get(base, '/xslt/count.xslt.sef.json')).text).toBe(answers[0].text);
    expect(folder.compilations).toBe(before + 1);

    writeFileSync(join(root, 'xslt', 'count.xslt'), countRows('v2'));
    utimesSync(join(root, 'xslt', 'count.xslt'), new Date(), new Date(Date.now() + 5_000));
    const changed = await get(base, '/xslt/count.xslt.sef.json');
    expect(folder.compilations).toBe(before + 2);
    expect(changed.text).toContain('v2');
    expect(changed.text).not.toContain('v1');
  });

  it('compiles again when a file the stylesheet includes or imports changes, however deep', async () => {
    const dir = join(root, 'xslt');
    mkdirSync(join(dir, 'lib'), { recursive: true });
    const stylesheet = (body: string) => `<xsl:stylesheet version="3.0" xmlns:xsl="${XSL}">${body}</xsl:stylesheet>`;
    writeFileSync(join(dir, 'lib', 'label.xsl'), stylesheet(`<xsl:variable name="label" select="'label-v1'"/>`));
    writeFileSync(join(dir, 'lib', 'templates.xsl'), stylesheet(`<xsl:include href="label.xsl"/><xsl:template match="/"><n><xsl:value-of select="$label"/></n></xsl:template>`));
    writeFileSync(join(dir, 'with-import.xslt'), stylesheet(`<xsl:import href="lib/templates.xsl"/>`));
    const first = await get(base, '/xslt/with-import.xslt.sef.json');
    expect(first.status).withContext(first.text).toBe(200);
    expect(first.text).toContain('label-v1');
    const compiled = folder.compilations;
    expect((await get(base, '/xslt/with-import.xslt.sef.json')).text).toBe(first.text);
    expect(folder.compilations).toBe(compiled);

    writeFileSync(join(dir, 'lib', 'label.xsl'), stylesheet(`<xsl:variable name="label" select="'label-v2'"/>`));
    utimesSync(join(dir, 'lib', 'label.xsl'), new Date(), new Date(Date.now() + 5_000));
    const changed = await get(base, '/xslt/with-import.xslt.sef.json');
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('label-v2');
    expect(changed.text).not.toContain('label-v1');
    expect(folder.compilations).toBe(compiled + 1);
    const engine = new SaxonXsltEngine();
    const out = await engine.transform(await engine.compile(changed.text, '/xslt/with-import.xslt'), parseXml('<a/>'), {});
    expect(parseXml(out).documentElement.textContent).toBe('label-v2');
  });

  it('refuses to compile a stylesheet whose include or import leaves the folder, by its href or a symbolic link', async () => {
    const dir = join(root, 'xslt');
    symlinkSync(join(root, 'outside.xslt'), join(dir, 'lib-out.xsl'));
    const including = (href: string) => `<xsl:stylesheet version="3.0" xmlns:xsl="${XSL}"><xsl:include href="${href}"/></xsl:stylesheet>`;
    writeFileSync(join(dir, 'up.xslt'), including('../outside.xslt'));
    writeFileSync(join(dir, 'absolute.xslt'), including(`file://${join(root, 'outside.xslt')}`));
    writeFileSync(join(dir, 'linked.xslt'), including('lib-out.xsl'));
    writeFileSync(join(dir, 'remote.xslt'), including('http://127.0.0.1:9/x.xsl'));
    for (const name of ['up.xslt', 'absolute.xslt', 'linked.xslt', 'remote.xslt']) {
      const r = await get(base, `/xslt/${name}.sef.json`);
      expect(r.status).withContext(name).toBe(500);
      expect(r.text).withContext(name).toContain(`XSLT compile error in ${name}: xsl:include or xsl:import`);
      expect(r.text).withContext(name).toContain('leaves the stylesheet folder');
    }
  });

  it('refuses paths that could leave the folder or name no stylesheet with 400', async () => {
    const refused = [
      '/xslt/../package.json',
      '/xslt/../../etc/passwd.xslt',
      '/xslt/%2e%2e/outside.xslt',
      '/xslt/reports/..%2f..%2foutside.xslt',
      '/xslt//etc/passwd.xslt',
      '/xslt/%2Fetc%2Fpasswd.xslt',
      '/xslt/..%5Coutside.xslt',
      '/xslt/.hidden.xslt',
      '/xslt/count.xslt%00.txt',
      '/xslt/notes.txt',
      '/xslt/notes.txt.sef.json',
      '/xslt/%E0%A4%A.xslt',
    ];
    for (const path of refused) {
      const r = await get(base, path);
      expect(r.status).withContext(path).toBe(400);
      expect(r.text).withContext(path).toMatch(/refused|Only \.xsl and \.xslt|percent-encoding/);
    }
  });

  it('answers 404 for missing stylesheets, folders and symbolic links leading out of the folder; links inside are served', async () => {
    for (const path of ['/xslt/missing.xslt', '/xslt/missing.xslt.sef.json', '/xslt/folder.xslt', '/xslt/link-out.xslt', '/xslt/link-out.xslt.sef.json']) {
      const r = await get(base, path);
      expect(r.status).withContext(path).toBe(404);
      expect(r.text).withContext(path).not.toContain('outside');
    }
    expect((await get(base, '/xslt/link-in.xslt')).status).toBe(200);
  });

  it('a stylesheet that does not compile is a 500 naming it and the compiler error; a fixed file compiles', async () => {
    const r = await get(base, '/xslt/bad.xslt.sef.json');
    expect(r.status).toBe(500);
    expect(r.text).toContain('XSLT compile error in bad.xslt');
    expect(r.text).toContain('XPST0003');
    expect(r.text).not.toContain(root);
    writeFileSync(join(root, 'xslt', 'bad.xslt'), countRows('fixed'));
    utimesSync(join(root, 'xslt', 'bad.xslt'), new Date(), new Date(Date.now() + 10_000));
    expect((await get(base, '/xslt/bad.xslt.sef.json')).status).toBe(200);
  });

  it('reads stylesheets with GET only', async () => {
    const r = await new Promise<number>((resolve, reject) => {
      const req = request(`${base}/xslt/count.xslt`, { method: 'POST' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('<x/>');
    });
    expect(r).toBe(405);
  });
});
