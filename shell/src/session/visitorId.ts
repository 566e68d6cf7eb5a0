// §1 visitor id: the open-source FingerprintJS agent, loaded in its own chunk on first use (never on the
// first paint), with its monitoring ping turned off (§7 names the ping; we do not send it).
export type VisitorIdSource = () => Promise<string>;

type FingerprintModule = { load(options: { monitoring?: boolean }): Promise<{ get(): Promise<{ visitorId: string }> }> };

export function lazyVisitorId(
  importAgent: () => Promise<FingerprintModule> = () => import(/* webpackChunkName: "fingerprint" */ '@fingerprintjs/fingerprintjs'),
): VisitorIdSource {
  let pending: Promise<string> | null = null;
  return () => {
    pending ??= importAgent()
      .then((fp) => fp.load({ monitoring: false }))
      .then((agent) => agent.get())
      .then((result) => result.visitorId)
      .catch((error: unknown) => {
        pending = null;
        throw error;
      });
    return pending;
  };
}

/** Warms the visitor id when the browser is idle, so the first sign-in does not wait for it. */
export function warmWhenIdle(source: VisitorIdSource): void {
  if (typeof window === 'undefined') return;
  const run = () => void source().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 2_000);
}
