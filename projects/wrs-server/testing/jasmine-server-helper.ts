// Server specs in Node: each spec file opens its own PGlite (a few seconds), and a summary file for scripts/test.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';

jasmine.DEFAULT_TIMEOUT_INTERVAL = 60_000;
const counts = { passed: 0, failed: 0, skipped: 0 };
jasmine.getEnv().addReporter({
  specDone(result) {
    if (result.status === 'passed') counts.passed++;
    else if (result.status === 'failed') counts.failed++;
    else counts.skipped++;
  },
  jasmineDone(result) {
    if (result.overallStatus === 'failed' && counts.failed === 0) counts.failed++;
    mkdirSync('.test-results', { recursive: true });
    writeFileSync('.test-results/server-node.json', JSON.stringify(counts));
  },
});
