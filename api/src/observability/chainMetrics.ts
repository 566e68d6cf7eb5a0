// Issue 28: a real chain's custody on /metrics (the private listener): how far the follower is, payouts waiting in the
// signer, and the hot wallet's balances — numbers an operator alerts on, kept off the public /health.
import { Gauge, type Registry } from 'prom-client';

export interface ChainSnapshot {
  chainId: number;
  latestBlockSeen: string | null;
  lagBlocks: number | null;
  pendingPayouts: number | null;
  heldPayouts: number | null;
  /** Asset (`native` or a token contract) → base units. */
  hotWalletBalances: Record<string, string> | null;
}

export function registerChainMetrics(registry: Registry, read: () => Promise<ChainSnapshot>): void {
  // one read per scrape, shared by the gauges
  let pending: { at: number; value: Promise<ChainSnapshot | null> } | null = null;
  const snapshot = () => {
    const now = Date.now();
    if (!pending || now - pending.at > 1000) pending = { at: now, value: read().catch(() => null) };
    return pending.value;
  };
  const gauge = (name: string, help: string, pick: (s: ChainSnapshot) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['chain_id'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const s = await snapshot();
        const v = s && pick(s);
        if (s && v !== null && v !== undefined) this.set({ chain_id: String(s.chainId) }, v);
      },
    });
  gauge('exchange_chain_latest_block', 'Latest block the custody follower has processed', (s) =>
    s.latestBlockSeen === null ? null : Number(s.latestBlockSeen),
  );
  gauge('exchange_chain_lag_blocks', 'Blocks the custody follower is behind the node', (s) => s.lagBlocks);
  gauge('exchange_chain_pending_payouts', 'Payouts broadcast by the signer and not yet mined', (s) => s.pendingPayouts);
  gauge('exchange_chain_held_payouts', 'Payouts the signer holds for review (over a limit)', (s) => s.heldPayouts);
  new Gauge({
    name: 'exchange_hot_wallet_balance',
    help: 'Hot wallet balance by asset, in base units (wei, token units)',
    labelNames: ['chain_id', 'asset'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const s = await snapshot();
      for (const [asset, units] of Object.entries(s?.hotWalletBalances ?? {})) this.set({ chain_id: String(s?.chainId), asset }, Number(units));
    },
  });
}
