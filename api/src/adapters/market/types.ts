// Market data adapter (DESIGN.md "sandbox adapters"): the one seam between the product and a price source.
import type Decimal from 'decimal.js';

/** USD reference price per currencyTitle (e.g. BTC, ETH, USDT, EUR). */
export type PriceSnapshot = ReadonlyMap<string, Decimal>;

export interface MarketDataAdapter {
  readonly name: string;
  /** True for the labelled sandbox implementation (shown in /api/v1/health and the UI footer). */
  readonly isSandbox: boolean;
  /** Fetch/compute the current prices of the given currencies. */
  fetchPrices(currencyTitles: readonly string[]): Promise<PriceSnapshot>;
}
