// Real market data: public tickers of one exchange through ccxt. Prices are quoted against USDT, which is
// taken as 1 USD; fiat comes from a `EUR/USDT`-style ticker (or the inverse `USDT/EUR`) when the exchange lists one.
import Decimal from 'decimal.js';
import type { MarketDataAdapter, PriceSnapshot } from './types';

/** The part of a ccxt unified ticker this adapter reads. */
export interface TickerLike {
  symbol?: string;
  last?: number | null;
  close?: number | null;
  bid?: number | null;
  ask?: number | null;
}

/** The part of a ccxt Exchange this adapter uses; tests pass a fake that replays recorded responses. */
export interface TickerSource {
  loadMarkets(): Promise<Record<string, unknown>>;
  fetchTickers(symbols?: string[]): Promise<Record<string, TickerLike>>;
}

export interface CcxtMarketOptions {
  /** ccxt exchange id, e.g. 'binance'. Ignored when `exchange` is given. */
  exchangeId?: string;
  exchange?: TickerSource;
}

const QUOTE = 'USDT';
const USD_PEGGED = new Set(['USDT', 'USD']);
/** Tickers renamed on exchanges: a title is priced from the first alias the exchange lists. */
const ALIASES: Record<string, readonly string[]> = { MATIC: ['MATIC', 'POL'], POL: ['POL', 'MATIC'] };

function tickerPrice(t: TickerLike | undefined): Decimal | undefined {
  if (!t) return undefined;
  const value = t.last ?? t.close ?? (t.bid != null && t.ask != null ? (t.bid + t.ask) / 2 : undefined);
  if (value == null || !Number.isFinite(value) || value <= 0) return undefined;
  return new Decimal(String(value));
}

async function loadExchange(exchangeId: string): Promise<TickerSource> {
  const ccxt = (await import('ccxt')) as unknown as Record<string, new (config: object) => TickerSource> & {
    default?: Record<string, new (config: object) => TickerSource>;
  };
  const ctor = ccxt[exchangeId] ?? ccxt.default?.[exchangeId];
  if (typeof ctor !== 'function') throw new Error(`ccxt has no exchange "${exchangeId}"`);
  return new ctor({ enableRateLimit: true, timeout: 10_000 });
}

export function createCcxtMarketAdapter(options: CcxtMarketOptions): MarketDataAdapter {
  const exchangeId = options.exchangeId ?? 'binance';
  let exchange: Promise<TickerSource> | undefined = options.exchange ? Promise.resolve(options.exchange) : undefined;
  let markets: Promise<Set<string>> | undefined;

  const getExchange = () => (exchange ??= loadExchange(exchangeId));
  const getMarkets = () =>
    (markets ??= getExchange()
      .then((ex) => ex.loadMarkets())
      .then((m) => new Set(Object.keys(m)))
      .catch((err: unknown) => {
        markets = undefined; // retry on the next tick
        throw err;
      }));

  return {
    name: `ccxt:${options.exchange ? 'injected' : exchangeId}`,
    isSandbox: false,
    async fetchPrices(currencyTitles): Promise<PriceSnapshot> {
      const [ex, listed] = await Promise.all([getExchange(), getMarkets()]);
      // For each title: the symbol to read and whether the price is its inverse.
      const plan = new Map<string, { symbol: string; inverse: boolean }>();
      for (const raw of currencyTitles) {
        const title = raw.toUpperCase();
        if (USD_PEGGED.has(title)) continue;
        for (const base of ALIASES[title] ?? [title]) {
          if (listed.has(`${base}/${QUOTE}`)) {
            plan.set(raw, { symbol: `${base}/${QUOTE}`, inverse: false });
            break;
          }
          if (listed.has(`${QUOTE}/${base}`)) {
            plan.set(raw, { symbol: `${QUOTE}/${base}`, inverse: true });
            break;
          }
        }
      }
      const symbols = [...new Set([...plan.values()].map((p) => p.symbol))];
      const tickers = symbols.length > 0 ? await ex.fetchTickers(symbols) : {};

      const out = new Map<string, Decimal>();
      for (const raw of currencyTitles) {
        if (USD_PEGGED.has(raw.toUpperCase())) {
          out.set(raw, new Decimal(1));
          continue;
        }
        const p = plan.get(raw);
        const price = p && tickerPrice(tickers[p.symbol]);
        if (!p || !price) continue;
        out.set(raw, p.inverse ? new Decimal(1).div(price).toSignificantDigits(10) : price);
      }
      return out;
    },
  };
}
