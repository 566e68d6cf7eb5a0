// Stops everything globalSetup started.
export default async function globalTeardown(): Promise<void> {
  const h = globalThis.__E2E_HARNESS__;
  if (!h) return;
  globalThis.__E2E_HARNESS__ = undefined;
  await h.stack.stop();
}
