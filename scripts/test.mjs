#!/usr/bin/env node
// `pnpm test`: every test. Unit and integration tests (jest: shared-contracts, api on PGlite, shell
// stores, web, remotes), then the production build and the browser tests (Playwright in Chromium).
// Uses /usr/bin/chromium when present; elsewhere installs Playwright's own Chromium.
// Ends with one plain line "tests: N passed, N failed" adding both runners up.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './apps.mjs';

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'exchange-test-'));
const only = process.argv.slice(2);
const wants = (part) => only.length === 0 || only.includes(part);

let passed = 0;
let failed = 0;
let status = 0;

/** The api's test files whose behaviour depends on the database or Redis: those that read BACKENDS
 * (api/test/helpers/testDb.ts: PGlite, and PostgreSQL when DATABASE_URL is set), DATABASE_URL or REDIS_URL.
 * The others build their config from literal values (PGlite in memory, in-process bus) or test pure code,
 * so a PostgreSQL + Redis pass over them only repeats the default pass. */
function apiFilesOnDatabase() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'fault') walk(p);
      } else if (/\.test\.tsx?$/.test(entry.name) && /\b(BACKENDS|DATABASE_URL|REDIS_URL)\b/.test(readFileSync(p, 'utf8'))) files.push(p);
    }
  };
  walk(path.join(root, 'api/src'));
  walk(path.join(root, 'api/test'));
  return files.sort();
}

// `api` alone: the API's unit and integration tests, e.g. with DATABASE_URL and REDIS_URL set.
// `api-db`: only the api files that touch the database or Redis (apiFilesOnDatabase); .ci/run's PostgreSQL pass.
if ((wants('unit') || only.includes('api') || only.includes('api-db')) && !only.includes('fault') && !only.includes('prod-shape') && !only.includes('chain')) {
  const jestReport = path.join(tmp, 'jest.json');
  const files = only.includes('api-db') ? apiFilesOnDatabase() : [];
  if (files.length) console.log(`api test files on the database or Redis (${files.length}): ${files.map((f) => path.relative(root, f)).join(' ')}`);
  // the paths before --selectProjects: it takes every argument after it as a project name
  const projects = (only.includes('api') || only.includes('api-db')) && !wants('unit') ? ['--selectProjects', 'api'] : [];
  // One jest worker per core (jest's default leaves one core to its own idle main process, i.e. runs in band on two
  // cores): the jsdom projects took 8–10 s instead of 17–25 s on two workers here, the api files the same time either
  // way. JEST_WORKERS overrides it (1 = in band).
  const workers = process.env.JEST_WORKERS ?? String(os.availableParallelism());
  status ||= run('pnpm', ['exec', 'jest', ...files, ...projects, `--maxWorkers=${workers}`, '--json', `--outputFile=${jestReport}`]);
  if (existsSync(jestReport)) {
    const r = JSON.parse(readFileSync(jestReport, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  } else failed += 1;
}

// `fault`: the fault tests (api/test/fault, their own PostgreSQL cluster and Redis server; .ci/run).
if (only.includes('fault')) {
  const jestReport = path.join(tmp, 'jest-fault.json');
  // --passWithNoTests: the seam exists before its first test file; any file that is there still fails the run if it fails
  status ||= run('pnpm', ['exec', 'jest', '--selectProjects', 'fault', '--runInBand', '--passWithNoTests', '--json', `--outputFile=${jestReport}`], {
    JEST_FAULT: '1',
  });
  if (existsSync(jestReport)) {
    const r = JSON.parse(readFileSync(jestReport, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  } else failed += 1;
}

// `chain` (issue 28): the tests against a real local EVM chain (anvil): the signer, the EVM custody adapter and the
// end-to-end suite (chain-test/test: the api with the EVM adapter and the signer as processes). `pnpm test:chain`; .ci/run.
if (only.includes('chain')) {
  // the suite reads the order page from web: its build (shell, remotes, web) is made when missing
  status ||= run(process.execPath, ['scripts/build.mjs', '--missing']);
  const jestReport = path.join(tmp, 'jest-chain.json');
  status ||= run('pnpm', ['exec', 'jest', '--selectProjects', 'chain', '--runInBand', '--verbose', '--json', `--outputFile=${jestReport}`], {
    JEST_CHAIN: '1',
    CHAIN_TEST_REQUIRE_WEB: '1',
  });
  if (existsSync(jestReport)) {
    const r = JSON.parse(readFileSync(jestReport, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  } else failed += 1;
}

// `prod-shape`: the production-shape browser tests (two api replicas behind web, PostgreSQL and Redis; .ci/run).
if (only.includes('prod-shape') && !existsSync(path.join(root, 'e2e/prod-shape/playwright.config.ts'))) {
  console.log('prod-shape: e2e/prod-shape/playwright.config.ts is not there yet: nothing to run');
} else if (only.includes('prod-shape')) {
  const buildStatus = run(process.execPath, ['scripts/build.mjs', '--missing']);
  status ||= buildStatus;
  const env = { CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' };
  const pwReport = path.join(tmp, 'playwright-prod.json');
  const e2eStatus = run('pnpm', ['--filter', 'e2e', 'exec', 'playwright', 'test', '--config', 'prod-shape/playwright.config.ts'], {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_FILE: pwReport,
  });
  status ||= e2eStatus;
  if (existsSync(pwReport)) {
    const report = JSON.parse(readFileSync(pwReport, 'utf8'));
    const s = report.stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += (s.unexpected ?? 0) + (report.errors?.length ?? 0);
  } else if (e2eStatus !== 0) failed += 1;
}

if (wants('e2e') && !only.includes('api') && !only.includes('fault') && !only.includes('prod-shape') && !only.includes('chain')) {
  // run the build and the browser tests even when jest failed: CI must report both runners' results
  const buildStatus = run(process.execPath, ['scripts/build.mjs', '--missing']);
  status ||= buildStatus;
  const env = {};
  if (existsSync('/usr/bin/chromium') || process.env.CHROMIUM_PATH) env.CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  else {
    const installStatus = run('pnpm', ['--filter', 'e2e', 'exec', 'playwright', 'install', 'chromium']);
    status ||= installStatus;
  }
  const pwReport = path.join(tmp, 'playwright.json');
  const e2eStatus = run('pnpm', ['--filter', 'e2e', 'test'], { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: pwReport });
  status ||= e2eStatus;
  if (existsSync(pwReport)) {
    const report = JSON.parse(readFileSync(pwReport, 'utf8'));
    const s = report.stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    // errors outside any test (e.g. a failing globalSetup) count as failures too
    failed += (s.unexpected ?? 0) + (report.errors?.length ?? 0);
  } else if (e2eStatus !== 0) failed += 1;
}

console.log(`\ntests: ${passed} passed, ${failed} failed`);
if (process.env.TEST_TOTALS_FILE) appendFileSync(process.env.TEST_TOTALS_FILE, `${passed} ${failed}\n`);
process.exit(status || (failed > 0 ? 1 : 0));
