// Market data adapter (DESIGN.md "sandbox adapters"): the one seam between the product and a price source.
import type Decimal from 'decimal.js';

/** USD reference price per currencyTitle (e.g. BTC, ETH, USDT, EUR). */
export type PriceSnapshot = ReadonlyMap<string, Decimal>;

interface PriceContext {
  tick: number;
}

export interface MarketDataAdapter {
  readonly name: string;
  /** True for the labelled sandbox implementation (shown in /api/v1/health and the UI footer). */
  readonly isSandbox: boolean;
  /**
   * Fetch/compute the current prices of the given currencies. `context.tick` is the tick index being computed:
   * the sandbox is a pure function of it, a live source ignores it.
   */
  fetchPrices(currencyTitles: readonly string[], context?: PriceContext): Promise<PriceSnapshot>;
}
