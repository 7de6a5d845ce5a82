// Debian's Chromium (/usr/bin/chromium) and the flags it needs here: as root, without network, never a browser a test
// tool downloads. One list for Karma, Playwright and the benchmarks.
const CHROMIUM_BIN = process.env.CHROME_BIN || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

module.exports = { CHROMIUM_BIN, CHROMIUM_FLAGS };
