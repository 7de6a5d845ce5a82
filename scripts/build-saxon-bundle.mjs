// Bundles the saxon-js Node build into a classic browser script (design.md section 7): a non-strict IIFE with the
// Node built-ins it names shimmed, loaded lazily by a <script> tag on the first XSLT step. Output: build/saxon-js/.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outFile = join(root, 'build/saxon-js/saxon-js.js');
const entry = createRequire(join(root, 'package.json')).resolve('saxon-js');

// Rebuild only when saxon-js or this script changed, so every `npm test` / `npm start` stays fast.
function upToDate() {
  try {
    const out = statSync(outFile).mtimeMs;
    return out > statSync(entry).mtimeMs && out > statSync(fileURLToPath(import.meta.url)).mtimeMs;
  } catch {
    return false;
  }
}

const shims = {
  fs: 'module.exports = {};',
  // SaxonJS.transform (compiled stylesheets) takes its default base URI from path.resolve(''), the working directory.
  path: 'module.exports = { resolve: () => "/" };',
  stream: 'class Stream {} class Readable extends Stream {} class Writable extends Stream {} class Transform extends Stream {}\n' +
    'module.exports = { Stream, Readable, Writable, Transform };',
  url: 'module.exports = { URL: globalThis.URL, fileURLToPath: (u) => String(u).replace(/^file:\\/\\//, ""), pathToFileURL: (p) => new URL("file://" + p) };',
  util: 'module.exports = { inherits(c, p) { Object.setPrototypeOf(c.prototype, p.prototype); Object.setPrototypeOf(c, p); },\n' +
    '  TextEncoder: globalThis.TextEncoder, TextDecoder: globalThis.TextDecoder,\n' +
    '  promisify: (f) => (...a) => new Promise((ok, ko) => f(...a, (e, v) => (e ? ko(e) : ok(v)))) };',
  // Stylesheets and documents reach saxon as text, never through its HTTP client.
  axios: 'module.exports = { get() { return Promise.reject(new Error("saxon-js HTTP is disabled in the browser bundle")); } };',
};

const shimPlugin = {
  name: 'saxon-node-shims',
  setup(b) {
    const filter = new RegExp(`^(node:)?(${Object.keys(shims).join('|')})$`);
    b.onResolve({ filter }, (args) => ({ path: args.path.replace(/^node:/, ''), namespace: 'saxon-shim' }));
    b.onLoad({ filter: /.*/, namespace: 'saxon-shim' }, (args) => ({ contents: shims[args.path], loader: 'js' }));
  },
};

if (upToDate() && !process.argv.includes('--force')) {
  console.log(`saxon-js bundle up to date: ${outFile}`);
} else {
  mkdirSync(dirname(outFile), { recursive: true });
  await build({
    entryPoints: [entry],
    outfile: outFile,
    bundle: true,
    format: 'iife',
    globalName: 'SaxonJS',
    platform: 'browser',
    target: 'es2020',
    minify: false,
    legalComments: 'inline',
    define: { global: 'globalThis' },
    banner: { js: 'var process = globalThis.process || { env: {}, argv: [], version: "", versions: {}, platform: "browser", cwd: function () { return "/"; }, nextTick: function (f) { Promise.resolve().then(f); } };' },
    plugins: [shimPlugin],
    logLevel: 'warning',
  });
  const size = readFileSync(outFile).length;
  console.log(`saxon-js bundle written: ${outFile} (${(size / 1024 / 1024).toFixed(1)} MB)`);
}
