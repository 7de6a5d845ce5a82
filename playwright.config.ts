import { defineConfig } from '@playwright/test';
import { CHROMIUM_BIN, CHROMIUM_FLAGS } from './scripts/chromium.cjs';

const port = Number(process.env.E2E_PORT ?? 4300);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.test-results/e2e-report.json' }], ['./e2e/summary-reporter.ts']],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_BIN, args: CHROMIUM_FLAGS },
    acceptDownloads: true,
    testIdAttribute: 'data-test',
  },
  webServer: {
    command: `node scripts/start.mjs`,
    env: { DEMO_PORT: String(port) },
    url: `http://localhost:${port}`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
