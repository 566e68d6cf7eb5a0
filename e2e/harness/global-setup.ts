// Starts the production shape once for the whole run and tells the workers where it is (env vars).
import type { FullConfig } from '@playwright/test';
import { HARNESS_ERROR_ENV, STACK_ENV } from './client';
import { startStack, type Stack } from './stack';

declare global {
  var __E2E_HARNESS__: { stack: Stack } | undefined;
}

export default async function globalSetup(_config: FullConfig): Promise<void> {
  const started = Date.now();
  let stack: Stack;
  try {
    stack = await startStack();
  } catch (err) {
    // Not thrown: a failing globalSetup makes Playwright report 0 tests run (and `pnpm test` count 0 failed).
    // Instead every test fails with this message (fixtures.ts), so the totals show the breakage.
    const message = (err as Error).message;
    console.error(`[harness] the stack did not start:\n${message}`);
    process.env[HARNESS_ERROR_ENV] = message;
    return;
  }
  globalThis.__E2E_HARNESS__ = { stack };
  process.env[STACK_ENV] = JSON.stringify({ webUrl: stack.webUrl, apiUrl: stack.apiUrl, remotes: stack.remotes, logDir: stack.logDir });
  console.log(
    `[harness] web ${stack.webUrl}, api ${stack.apiUrl}, remotes ${Object.values(stack.remotes).join(' ')} — up in ${((Date.now() - started) / 1000).toFixed(1)} s; logs in ${stack.logDir}`,
  );
}
