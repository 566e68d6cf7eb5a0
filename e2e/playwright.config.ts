import { defineConfig, devices, type ReporterDescription } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './harness/chromium';

// Chromium: CHROMIUM_PATH, else /usr/bin/chromium when present, else Playwright's own (harness/chromium.ts, shared
// with the bench). `pnpm test` (scripts/test.mjs) asks for a json report at PLAYWRIGHT_JSON_OUTPUT_FILE.
const reporter: ReporterDescription[] = [['list']];
if (process.env.PLAYWRIGHT_JSON_OUTPUT_FILE) reporter.push(['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }]);

export default defineConfig({
  testDir: './tests',
  // visual baselines live in the repo, one per name, without a platform suffix (they are made on CI's machine kind)
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  globalSetup: './harness/global-setup.ts',
  globalTeardown: './harness/global-teardown.ts',
  // One shared stack, two spec files at a time (E2E_WORKERS overrides it). No spec changes what the others share: a
  // spec that stops a remote, posts an incident or needs other api settings runs processes of its own
  // (helpers/processes.ts, harness/ownStack.ts); the accounts and orders a spec needs are its own or its worker's
  // (helpers/seed.ts). A file's tests run in order in one worker unless the file says otherwise.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  // One retry on CI: a retried pass is reported as flaky in the summary, not hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The stack takes a while to start (tsx + PGlite initdb); globalSetup has its own 120 s per process.
  // A bound for a hung run, well above the suite's time on a 2-core machine (CI has 90 min).
  globalTimeout: 45 * 60_000,
  reporter,
  use: {
    // baseURL comes from the harness (fixtures.ts): the ports are only known after globalSetup.
    // Recording a trace costs every test its DOM snapshots (a11y.spec: 5.1 → 4.4 min on two workers without it): on CI
    // only the retry of a failed test records one (a flaky test's retry shows the same steps); locally every failure
    // keeps its trace. E2E_TRACE overrides both.
    trace:
      (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | 'on-first-retry' | undefined) ?? (process.env.CI ? 'on-first-retry' : 'retain-on-failure'),
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumExecutable(),
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
});
