// §1 visitor id: the open-source FingerprintJS agent, loaded in its own chunk on first use (never on the
// first paint), with its monitoring ping turned off (§7 names the ping; we do not send it). Computed only when
// a call needs it (register, login, refresh, order creation): it costs ~1.3 s of main thread on a slow phone.
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
