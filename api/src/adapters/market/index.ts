import { createCcxtMarketAdapter, type TickerSource } from './ccxt';
import { createSandboxMarketAdapter } from './sandbox';
import type { MarketDataAdapter } from './types';

export type { MarketDataAdapter } from './types';

export interface MarketAdapterOptions {
  marketAdapter: 'sandbox' | 'ccxt';
  sandboxSeed?: number;
  ccxtExchange?: string;
  /** For tests: a ccxt-like exchange instance instead of one built from `ccxtExchange`. */
  ccxtInstance?: TickerSource;
}

export function createMarketAdapter(options: MarketAdapterOptions): MarketDataAdapter {
  switch (options.marketAdapter) {
    case 'ccxt':
      return createCcxtMarketAdapter({ exchangeId: options.ccxtExchange, exchange: options.ccxtInstance });
    case 'sandbox':
    case undefined:
      return createSandboxMarketAdapter({ seed: options.sandboxSeed ?? 1 });
    default:
      throw new Error(`unknown market adapter "${String(options.marketAdapter)}"`);
  }
}
