// ngx-wrs-grid: the start of the saxon-js browser script an Angular app builds from its own saxon-js (see
// docs/install.md). An app's angular.json names three global scripts in one bundle, `saxon-js`, not injected:
// this file, `saxon-js/SaxonJS2N.js` unchanged, then `ngx-wrs-grid/saxon-js/browser-end.js`. The build concatenates
// them into one classic script, which the library loads on the first XSLT step. This part opens a function scope
// holding what the Node build of saxon-js asks of Node, so nothing of it leaks into the page's globals.
(function () {
  var module = { exports: {} };
  var exports = module.exports;
  var global = globalThis;
  var process = { env: {}, argv: [], version: '', versions: {}, platform: 'browser', cwd: function () { return '/'; },
    nextTick: function (f) { Promise.resolve().then(f); } };
  // saxon-js probes for a DOMParser with a malformed string (a Trusted Types violation under a strict CSP); in Node
  // the probe fails, as it does with this undefined one, and saxon-js uses its own XML parser, as it does here.
  var DOMParser = undefined;
  var Stream = function () {};
  var builtins = {
    fs: {},
    // SaxonJS.transform takes its default base URI from path.resolve(''), the working directory.
    path: { resolve: function () { return '/'; } },
    stream: { Stream: Stream, Readable: Stream, Writable: Stream, Transform: Stream },
    url: {
      URL: globalThis.URL,
      fileURLToPath: function (u) { return String(u).replace(/^file:\/\//, ''); },
      pathToFileURL: function (p) { return new URL('file://' + p); },
    },
    util: {
      inherits: function (c, p) { Object.setPrototypeOf(c.prototype, p.prototype); Object.setPrototypeOf(c, p); },
      TextEncoder: globalThis.TextEncoder,
      TextDecoder: globalThis.TextDecoder,
    },
    // Stylesheets and documents reach saxon-js as text, never through its HTTP client.
    axios: { get: function () { return Promise.reject(new Error('saxon-js HTTP is disabled in the browser')); } },
  };
  var require = function (id) {
    var name = String(id).replace(/^node:/, '');
    if (Object.prototype.hasOwnProperty.call(builtins, name)) return builtins[name];
    throw new Error('saxon-js in the browser asked for ' + id);
  };
