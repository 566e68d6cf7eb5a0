// What a test worker knows about the stack globalSetup started (passed through the environment).
import type { RemoteName } from './apps';
import type { StackInfo } from './stack';

export const STACK_ENV = 'E2E_STACK';
export const CONTROL_ENV = 'E2E_CONTROL_URL';
export const HARNESS_ERROR_ENV = 'E2E_HARNESS_ERROR';

export function stackInfo(): StackInfo {
  const failure = process.env[HARNESS_ERROR_ENV];
  if (failure) throw new Error(`The e2e harness could not start the production shape:\n${failure}`);
  const raw = process.env[STACK_ENV];
  if (!raw) throw new Error(`${STACK_ENV} is not set: the e2e harness did not start (see globalSetup in playwright.config.ts).`);
  return JSON.parse(raw) as StackInfo;
}

async function control(path: string): Promise<void> {
  stackInfo(); // throws the harness's own start-up error if there is one
  const base = process.env[CONTROL_ENV];
  if (!base) throw new Error(`${CONTROL_ENV} is not set: the e2e harness did not start.`);
  const res = await fetch(`${base}${path}`, { method: 'POST', signal: AbortSignal.timeout(130_000) });
  if (!res.ok) throw new Error(`harness control ${path} failed: HTTP ${res.status} ${await res.text()}`);
}

/** Stops the static server of one remote; resolves once its port is closed. */
export const stopRemote = (name: RemoteName) => control(`/remotes/${name}/stop`);
/** Restarts it on the same port; resolves once its mf-manifest.json answers. */
export const startRemote = (name: RemoteName) => control(`/remotes/${name}/start`);
