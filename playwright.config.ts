import { defineConfig } from '@playwright/test';
import { CHROMIUM_BIN, CHROMIUM_FLAGS } from './scripts/chromium.cjs';

const port = Number(process.env.E2E_PORT ?? 4300);
// The reference server's port; the demo's dev server proxies to it (proxy.conf.mjs reads WRS_SERVER_PORT).
const serverPort = process.env.WRS_SERVER_PORT ?? '3000';

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
  // The reference server first (its /health answers once it listens; requests then wait for the database), on a fresh
  // database under .test-results when npm test runs, then the demo app whose dev server proxies /WrsServlet to it.
  webServer: [
    {
      command: 'npx tsx projects/wrs-server/src/main.ts',
      env: { PORT: serverPort, DATA_DIR: process.env.E2E_DATA_DIR ?? '.test-results/e2e-db' },
      url: `http://127.0.0.1:${serverPort}/health`,
      timeout: 120_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `npx ng serve demo-app --port ${port}`,
      url: `http://localhost:${port}`,
      timeout: 180_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
