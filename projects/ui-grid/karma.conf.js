// Karma for the library specs in headless Chromium (Debian's /usr/bin/chromium, never a downloaded browser).
const { CHROMIUM_BIN, CHROMIUM_FLAGS } = require('../../scripts/chromium.cjs');
process.env.CHROME_BIN = CHROMIUM_BIN;

const fs = require('node:fs');
const path = require('node:path');

// Writes pass/fail counts for scripts/test.mjs, which prints the one summary line CI reads.
function SummaryFileReporter(baseReporterDecorator) {
  baseReporterDecorator(this);
  const counts = { passed: 0, failed: 0, skipped: 0 };
  this.onSpecComplete = (_browser, result) => {
    if (result.skipped || result.pending) counts.skipped++;
    else if (result.success) counts.passed++;
    else counts.failed++;
  };
  this.onRunComplete = (_browsers, results) => {
    if ((results.error || results.disconnected) && counts.failed === 0) counts.failed = 1;
    const dir = path.resolve(__dirname, '../../.test-results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'karma.json'), JSON.stringify(counts));
  };
}
SummaryFileReporter.$inject = ['baseReporterDecorator'];

module.exports = function (config) {
  config.set({
    basePath: '',
    frameworks: ['jasmine'],
    plugins: [
      require('karma-jasmine'),
      require('karma-chrome-launcher'),
      require('karma-coverage'),
      { 'reporter:summary-file': ['type', SummaryFileReporter] },
    ],
    client: { jasmine: { random: false, timeoutInterval: 20000 }, clearContext: true },
    reporters: ['dots', 'summary-file'],
    customLaunchers: {
      ChromiumHeadlessCI: {
        base: 'ChromeHeadless',
        flags: CHROMIUM_FLAGS,
      },
    },
    browsers: ['ChromiumHeadlessCI'],
    browserNoActivityTimeout: 120000,
    // A spec that keeps the page busy for seconds on a loaded machine cannot answer the socket's pings meanwhile.
    pingTimeout: 60000,
    browserDisconnectTimeout: 60000,
    captureTimeout: 120000,
    singleRun: true,
    restartOnFileChange: false,
  });
};
