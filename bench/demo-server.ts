// The demo app built for production and served cross-origin isolated, for benches that drive its pages.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.xml': 'application/xml' };

/** Builds the demo app into `out` (production configuration); returns the folder of its browser files. */
export function buildDemo(out: string): string {
  const run = spawnSync('npx', ['ng', 'build', 'demo-app', '--configuration', 'production', `--output-path=${out}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error('ng build demo-app failed');
  return join(out, 'browser');
}

/**
 * Serves `root` (unknown paths get its index.html, as the demo's router wants) and the `extra` files given in memory.
 * Cross-origin isolation lets pages use measureUserAgentSpecificMemory, which counts the DOM too.
 */
export function serveStatic(root: string, extra: Record<string, string> = {}): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '');
    const headers = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
    if (path in extra) {
      res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' });
      res.end(extra[path]);
      return;
    }
    let file = join(root, path);
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() })));
}
