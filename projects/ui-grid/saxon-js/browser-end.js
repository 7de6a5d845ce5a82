// ngx-wrs-grid: the end of the saxon-js browser script (see browser-start.js): closes its function scope and hands
// the saxon-js API to the library as the global SaxonJS.
  globalThis.SaxonJS = module.exports;
})();
