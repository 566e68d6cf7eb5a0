// What a test worker knows about the stack globalSetup started (passed through the environment).
import type { StackInfo } from './stack';

export const STACK_ENV = 'E2E_STACK';
export const HARNESS_ERROR_ENV = 'E2E_HARNESS_ERROR';

export function stackInfo(): StackInfo {
  const failure = process.env[HARNESS_ERROR_ENV];
  if (failure) throw new Error(`The e2e harness could not start the production shape:\n${failure}`);
  const raw = process.env[STACK_ENV];
  if (!raw) throw new Error(`${STACK_ENV} is not set: the e2e harness did not start (see globalSetup in playwright.config.ts).`);
  return JSON.parse(raw) as StackInfo;
}
