// Serves a built Angular app under a Content-Security-Policy header and keeps the violation reports browsers post
// (report-uri): the e2e test consumer-csp.spec.ts and scripts/consumer-check.mjs check an app under docs/security-csp.md's policy.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

/** The CSP of docs/security-csp.md: no inline or evaluated script, Trusted Types for every script sink. */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
  "require-trusted-types-for 'script'; trusted-types ngx-wrs-grid angular angular#bundler";

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.ico': 'image/x-icon', '.svg': 'image/svg+xml' };

/**
 * Starts a server for the folder `root` on a free port, every answer carrying `csp` (with a report-uri of its own);
 * unknown paths get index.html. Resolves with its URL, the reports it received so far, and close().
 */
export function serveWithCsp(root, csp = STRICT_CSP) {
  const reports = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (req.method === 'POST' && path === '/csp-report') {
      let body = '';
      for await (const chunk of req) body += chunk;
      reports.push(body);
      return res.writeHead(204).end();
    }
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    const inside = file.startsWith(normalize(root) + sep);
    let content;
    try {
      content = inside ? await readFile(file) : null;
    } catch {
      content = null;
    }
    const found = content !== null;
    if (!found) content = await readFile(join(root, 'index.html'));
    res.writeHead(200, {
      'Content-Type': TYPES[found ? extname(file) : '.html'] ?? 'application/octet-stream',
      'Content-Security-Policy': `${csp}; report-uri /csp-report`,
    });
    res.end(content);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, reports, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
