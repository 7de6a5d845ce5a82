// Counts a Jasmine run's specs into .test-results/<name>.json for scripts/test.mjs, which prints the summary line CI reads.
import { mkdirSync, writeFileSync } from 'node:fs';

export function writeJasmineSummary(name: string): void {
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
      writeFileSync(`.test-results/${name}.json`, JSON.stringify(counts));
    },
  });
}
