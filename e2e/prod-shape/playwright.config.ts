import { defineConfig, devices, type ReporterDescription } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../harness/chromium';

// The production shape (issue 14): two api replicas behind web on PostgreSQL and Redis, started by the spec itself
// (harness/ownStack.ts), not by the main suite's globalSetup. `pnpm test:prod-shape` builds what is missing first.
const reporter: ReporterDescription[] = [['list']];
if (process.env.PLAYWRIGHT_JSON_OUTPUT_FILE) reporter.push(['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }]);

export default defineConfig({
  testDir: '.',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // start-up included: a bound for a hung run
  globalTimeout: 5 * 60_000,
  reporter,
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS } },
    },
  ],
});
