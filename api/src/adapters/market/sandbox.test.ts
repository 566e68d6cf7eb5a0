import Decimal from 'decimal.js';
import { createSandboxMarketAdapter, SANDBOX_MAX_LOG_STEP, sandboxPriceAt } from './sandbox';
import { createMarketAdapter } from './index';

const TITLES = ['BTC', 'ETH', 'USDT', 'USDC', 'EUR', 'DOGE', 'SHIB', 'XMR', 'USD'];

describe('sandbox market adapter', () => {
  it('is labelled as the sandbox', () => {
    const a = createMarketAdapter({ marketAdapter: 'sandbox', sandboxSeed: 7 });
    expect(a.isSandbox).toBe(true);
    expect(a.name).toBe('sandbox');
  });

  it('gives the same prices for the same seed and tick, in separate adapters', async () => {
    const a = createSandboxMarketAdapter({ seed: 42 });
    const b = createSandboxMarketAdapter({ seed: 42 });
    for (const tick of [0, 1, 977, 29_000_000_123]) {
      const pa = await a.fetchPrices(TITLES, { tick });
      const pb = await b.fetchPrices(TITLES, { tick });
      expect([...pa].map(([k, v]) => [k, v.toFixed()])).toEqual([...pb].map(([k, v]) => [k, v.toFixed()]));
    }
  });

  it('differs between ticks and between seeds', () => {
    expect(sandboxPriceAt(1, 'BTC', 100)!.eq(sandboxPriceAt(1, 'BTC', 101)!)).toBe(false);
    expect(sandboxPriceAt(1, 'BTC', 100)!.eq(sandboxPriceAt(2, 'BTC', 100)!)).toBe(false);
    expect(
      sandboxPriceAt(1, 'ETH', 100)!
        .div(3200)
        .eq(sandboxPriceAt(1, 'BTC', 100)!.div(65000)),
    ).toBe(false);
  });

  it('moves at most ~0.3% per step and stays near the reference', () => {
    for (const cur of ['BTC', 'ETH', 'DOGE', 'EUR', 'USDC']) {
      let prev = sandboxPriceAt(3, cur, 1_000_000)!;
      for (let n = 1_000_001; n < 1_001_200; n++) {
        const p = sandboxPriceAt(3, cur, n)!;
        const step = Math.abs(Math.log(p.div(prev).toNumber()));
        expect(step).toBeLessThanOrEqual(SANDBOX_MAX_LOG_STEP + 1e-9);
        prev = p;
      }
    }
    expect(SANDBOX_MAX_LOG_STEP).toBeLessThanOrEqual(0.003);
    const btc = sandboxPriceAt(3, 'BTC', 5_000_000)!.toNumber();
    expect(btc).toBeGreaterThan(65000 * 0.9);
    expect(btc).toBeLessThan(65000 * 1.1);
  });

  it('pegs USD and USDT, prices well-known currencies, and skips unknown ones', async () => {
    const a = createSandboxMarketAdapter({ seed: 1 });
    const p = await a.fetchPrices(['USD', 'USDT', 'BTC', 'NOPE', 'eth'], { tick: 5 });
    expect(p.get('USD')!.toFixed()).toBe('1');
    expect(p.get('USDT')!.toFixed()).toBe('1');
    expect(p.get('BTC')).toBeInstanceOf(Decimal);
    expect(p.get('eth')!.gt(1000)).toBe(true);
    expect(p.has('NOPE')).toBe(false);
  });

  it('advances its own counter when no tick is given', async () => {
    const a = createSandboxMarketAdapter({ seed: 9 });
    const first = (await a.fetchPrices(['BTC'])).get('BTC')!;
    const second = (await a.fetchPrices(['BTC'])).get('BTC')!;
    expect(first.eq(sandboxPriceAt(9, 'BTC', 0)!)).toBe(true);
    expect(second.eq(sandboxPriceAt(9, 'BTC', 1)!)).toBe(true);
  });
});
