// SANDBOX market data: NOT real prices. A seeded, mean-reverting random walk around reference USD prices,
// labelled as sandbox in /api/v1/health and the UI footer (DESIGN.md "sandbox adapters").
//
// The price at tick n is a pure function of (seed, currency, n), so every api process with the same seed
// computes the same snapshot for a tick without sharing state, and a new tick leader after fail-over
// continues the same walk.
//
// log(price / reference) = volatility * (fast(n) + slow(n)) where
//   fast(n) = Σ_{k<WINDOW} PHI^k · ε(n−k)   a truncated AR(1): ε uniform in ±FAST_AMPLITUDE, hashed from (seed, currency, step)
//   slow(n) = smooth interpolation between hashed knots every SLOW_PERIOD ticks (drift over minutes)
// Both are bounded, so the walk never leaves a band around the reference, and one step moves log-price by at most
// volatility · (3·FAST_AMPLITUDE + 1.5·2·SLOW_AMPLITUDE/SLOW_PERIOD) ≈ 0.29 % for volatility 1.
import Decimal from 'decimal.js';
import type { MarketDataAdapter, PriceSnapshot } from './types';

const PHI = 0.98;
const WINDOW = 200;
const FAST_AMPLITUDE = 0.0009;
const SLOW_AMPLITUDE = 0.03;
const SLOW_PERIOD = 500;
/** Upper bound of |Δ log price| per tick for volatility 1 (tested). */
export const SANDBOX_MAX_LOG_STEP = 3 * FAST_AMPLITUDE + (1.5 * 2 * SLOW_AMPLITUDE) / SLOW_PERIOD;

interface Reference {
  usd: string;
  /** 0 = pegged exactly; 1 = full crypto volatility. */
  volatility: number;
}

const crypto = (usd: string): Reference => ({ usd, volatility: 1 });
const stable = (usd: string): Reference => ({ usd, volatility: 0.02 });
const fiat = (usd: string): Reference => ({ usd, volatility: 0.1 });

/** Reference USD prices of the sandbox walk. Unknown currencies get no price. */
const SANDBOX_REFERENCE_PRICES: Readonly<Record<string, Reference>> = {
  BTC: crypto('65000'),
  ETH: crypto('3200'),
  LTC: crypto('82'),
  XRP: crypto('0.55'),
  XLM: crypto('0.11'),
  TON: crypto('6.5'),
  SOL: crypto('150'),
  DOGE: crypto('0.15'),
  TRX: crypto('0.12'),
  BNB: crypto('580'),
  ADA: crypto('0.45'),
  DOT: crypto('6.5'),
  POL: crypto('0.5'),
  MATIC: crypto('0.5'),
  AVAX: crypto('30'),
  BCH: crypto('400'),
  DASH: crypto('28'),
  XMR: crypto('160'),
  ZEC: crypto('30'),
  ETC: crypto('25'),
  LINK: crypto('14'),
  ATOM: crypto('7'),
  NEAR: crypto('5'),
  ALGO: crypto('0.15'),
  XTZ: crypto('0.8'),
  SHIB: crypto('0.00002'),
  UNI: crypto('8'),
  USDT: { usd: '1', volatility: 0 },
  USD: { usd: '1', volatility: 0 },
  USDC: stable('1'),
  DAI: stable('1'),
  EUR: fiat('1.08'),
  GBP: fiat('1.27'),
  RUB: fiat('0.011'),
  UAH: fiat('0.024'),
  KZT: fiat('0.0021'),
  TRY: fiat('0.031'),
};

// 32-bit integer hash (murmur3 finaliser style); all arithmetic is exact integer math, so it agrees everywhere.
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return mix(h);
}

/** Uniform in [-1, 1), a pure function of its inputs. `n` may exceed 2^32 (epoch-based tick indices). */
function noise(seed: number, currencyHash: number, stream: number, n: number): number {
  const lo = n >>> 0;
  const hi = Math.floor(n / 4294967296) >>> 0;
  let h = mix((seed >>> 0) ^ 0x9e3779b9);
  h = mix(h ^ currencyHash);
  h = mix(h ^ stream);
  h = mix(h ^ lo);
  h = mix(h ^ hi);
  return h / 2147483648 - 1;
}

function logOffset(seed: number, currency: string, n: number): number {
  const c = hashString(currency);
  let fast = 0;
  let weight = 1;
  for (let k = 0; k < WINDOW; k++) {
    fast += weight * noise(seed, c, 1, n - k);
    weight *= PHI;
  }
  fast *= FAST_AMPLITUDE;

  const knot = Math.floor(n / SLOW_PERIOD);
  const t = (n - knot * SLOW_PERIOD) / SLOW_PERIOD;
  const smooth = t * t * (3 - 2 * t);
  const a = noise(seed, c, 2, knot);
  const b = noise(seed, c, 2, knot + 1);
  const slow = SLOW_AMPLITUDE * (a + (b - a) * smooth);
  return fast + slow;
}

/** The sandbox USD price of `currency` at tick `n`, or undefined for a currency without a reference price. */
export function sandboxPriceAt(seed: number, currency: string, n: number): Decimal | undefined {
  const ref = SANDBOX_REFERENCE_PRICES[currency.toUpperCase()];
  if (!ref) return undefined;
  if (ref.volatility === 0) return new Decimal(ref.usd);
  const factor = Math.exp(ref.volatility * logOffset(seed, currency.toUpperCase(), n));
  return new Decimal(ref.usd).times(factor).toSignificantDigits(10);
}

export interface SandboxMarketOptions {
  seed: number;
  /** Tick index used when fetchPrices is called without one. Defaults to an internal counter. */
  tickOf?: () => number;
}

export function createSandboxMarketAdapter(options: SandboxMarketOptions): MarketDataAdapter {
  let counter = 0;
  const tickOf = options.tickOf ?? (() => counter++);
  return {
    name: 'sandbox',
    isSandbox: true,
    async fetchPrices(currencyTitles, context): Promise<PriceSnapshot> {
      const n = context?.tick ?? tickOf();
      const out = new Map<string, Decimal>();
      for (const title of currencyTitles) {
        const price = sandboxPriceAt(options.seed, title, n);
        if (price) out.set(title, price);
      }
      return out;
    },
  };
}
