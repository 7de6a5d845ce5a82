import { mkdirSync, writeFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Writes pass/fail counts for scripts/test.mjs, which prints the summary line CI reads. */
export default class SummaryReporter implements Reporter {
  private readonly counts = { passed: 0, failed: 0, skipped: 0 };

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.retry < test.retries && result.status !== 'passed') return;
    if (result.status === 'passed') this.counts.passed++;
    else if (result.status === 'skipped') this.counts.skipped++;
    else this.counts.failed++;
  }

  onEnd(result: FullResult): void {
    if (result.status !== 'passed' && this.counts.failed === 0) this.counts.failed = 1;
    mkdirSync('.test-results', { recursive: true });
    writeFileSync('.test-results/e2e.json', JSON.stringify(this.counts));
  }
}
