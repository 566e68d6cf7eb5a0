import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMarketAdapter } from './index';
import type { TickerLike, TickerSource } from './ccxt';

const fixture = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'ccxt-binance-tickers.json'), 'utf8')) as {
  markets: string[];
  tickers: Record<string, TickerLike>;
};

/** Replays the recorded responses; never touches the network. */
function recordedExchange() {
  const calls: string[][] = [];
  const exchange: TickerSource = {
    loadMarkets: async () => Object.fromEntries(fixture.markets.map((s) => [s, { symbol: s }])),
    fetchTickers: async (symbols = []) => {
      calls.push(symbols);
      return Object.fromEntries(symbols.filter((s) => fixture.tickers[s]).map((s) => [s, fixture.tickers[s]]));
    },
  };
  return { exchange, calls };
}

describe('ccxt market adapter (recorded fixture)', () => {
  it('prices currencies from USDT tickers, pegs USDT/USD, inverts USDT/fiat and skips unknowns', async () => {
    const { exchange, calls } = recordedExchange();
    const adapter = createMarketAdapter({ marketAdapter: 'ccxt', ccxtInstance: exchange });
    expect(adapter.isSandbox).toBe(false);
    const titles = ['BTC', 'ETH', 'USDT', 'USD', 'USDC', 'EUR', 'TRY', 'MATIC', 'DOGE', 'XMR'];
    const p = await adapter.fetchPrices(titles, { tick: 1 });
    expect(p.get('BTC')!.toFixed()).toBe('64987.12');
    expect(p.get('ETH')!.toFixed()).toBe('3187.45');
    expect(p.get('USDT')!.toFixed()).toBe('1');
    expect(p.get('USD')!.toFixed()).toBe('1');
    expect(p.get('USDC')!.toFixed()).toBe('1.0001');
    expect(p.get('EUR')!.toFixed()).toBe('1.0812');
    expect(p.get('TRY')!.toFixed()).toBe('0.03100775194');
    expect(p.get('MATIC')!.toFixed()).toBe('0.4987'); // listed as POL only
    expect(p.get('DOGE')!.toFixed()).toBe('0.1502'); // bid/ask midpoint when last is missing
    expect(p.has('XMR')).toBe(false); // not listed on the exchange
    // Only listed symbols are requested, in one call.
    expect(calls).toHaveLength(1);
    expect(calls[0].every((s) => fixture.markets.includes(s))).toBe(true);
  });

  it('loads markets once and propagates fetch errors', async () => {
    const { exchange } = recordedExchange();
    let loads = 0;
    let fail = false;
    const adapter = createMarketAdapter({
      marketAdapter: 'ccxt',
      ccxtInstance: {
        loadMarkets: () => (loads++, exchange.loadMarkets()),
        fetchTickers: (s) => (fail ? Promise.reject(new Error('NetworkError')) : exchange.fetchTickers(s)),
      },
    });
    await adapter.fetchPrices(['BTC']);
    await adapter.fetchPrices(['ETH']);
    expect(loads).toBe(1);
    fail = true;
    await expect(adapter.fetchPrices(['BTC'])).rejects.toThrow('NetworkError');
  });
});
