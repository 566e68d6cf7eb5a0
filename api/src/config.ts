// Runtime configuration, read once from the environment and validated (fail fast on a bad value).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CKM_BY_CONFIG_NAME } from 'shared-contracts/server';

/** The monorepo root (this file is api/src/config.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : ['true', '1', 'yes'].includes(v)));
const decimalString = (def: string) => z.string().regex(/^\d+(\.\d+)?$/).default(def);

const EnvSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  /** Schema to use on PostgreSQL (tests use a throwaway one); default public. */
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).optional(),
  PGLITE_DIR: z.string().default(path.join(REPO_ROOT, '.data', 'pglite')),
  REDIS_URL: z.string().optional(),
  MARKET_ADAPTER: z.enum(['sandbox', 'ccxt']).default('sandbox'),
  CCXT_EXCHANGE: z.string().default('binance'),
  TICK_INTERVAL_MS: z.coerce.number().int().min(100).default(2000),
  SANDBOX_SEED: z.coerce.number().int().default(42),
  SANDBOX_MODE: bool(true),
  CKM_MODE: z.enum(['ALL', 'BEST', 'DISABLED']).default('ALL'),
  FIXED_RATE_HOLD_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Platform spread per rate mode, as a fraction (0.005 = 0.5 %). */
  SPREAD_FLOATING: decimalString('0.005'),
  SPREAD_FIXED: decimalString('0.01'),
  /** Flat platform fee in USD, charged in the receive currency (platformFee_Absolute). */
  PLATFORM_FEE_USD: decimalString('0'),
  NO_KYC_THRESHOLD_USD: decimalString('1000'),
  /** Default pair of the exchange form: from:to:amount (amount in the send currency). */
  DEFAULT_PAIR: z.string().regex(/^[a-z0-9]+:[a-z0-9]+:\d+(\.\d+)?$/).default('btc:eth:0.1'),
  /** Popular exchanges (§3): comma-separated FROM>TO pairs of bestChange names. */
  POPULAR_PAIRS: z
    .string()
    .default('BTC>ETH,BTC>USDTTRC20,ETH>BTC,USDTTRC20>BTC,ETH>USDTERC20,LTC>BTC,XRP>USDTTRC20,SOL>USDTTRC20,TRX>USDTTRC20,DOGE>BTC,CARDUSD>BTC,CARDEUR>ETH,XMR>BTC'),
  /** A board with no tick for this long makes /health report TECHNICAL_DIFFICULTIES. */
  PRICE_STALE_AFTER_MS: z.coerce.number().int().min(1000).optional(),
  BUILD_ID: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Check every response against its route's zod schema (tests and development). */
  VALIDATE_RESPONSES: bool(false),
});

export type Ckm = 'A' | 'B' | 'D';

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  databaseSchema?: string;
  pgliteDir: string;
  redisUrl?: string;
  marketAdapter: 'sandbox' | 'ccxt';
  ccxtExchange: string;
  tickIntervalMs: number;
  sandboxSeed: number;
  sandboxMode: boolean;
  ckm: Ckm;
  fixedRateHoldSeconds: number;
  spread: { FLOATING: string; FIXED: string };
  platformFeeUsd: string;
  noKycThresholdUsd: string;
  defaultPair: { from: string; to: string; amount: string };
  popularPairs: ReadonlyArray<{ from: string; to: string }>;
  priceStaleAfterMs: number;
  buildId?: string;
  logLevel: string;
  validateResponses: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${msg}`);
  }
  const e = parsed.data;
  const [from, to, amount] = e.DEFAULT_PAIR.split(':');
  return {
    port: e.API_PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    pgliteDir: e.PGLITE_DIR,
    redisUrl: e.REDIS_URL || undefined,
    marketAdapter: e.MARKET_ADAPTER,
    ccxtExchange: e.CCXT_EXCHANGE,
    tickIntervalMs: e.TICK_INTERVAL_MS,
    sandboxSeed: e.SANDBOX_SEED,
    sandboxMode: e.SANDBOX_MODE,
    ckm: CKM_BY_CONFIG_NAME[e.CKM_MODE],
    fixedRateHoldSeconds: e.FIXED_RATE_HOLD_SECONDS,
    spread: { FLOATING: e.SPREAD_FLOATING, FIXED: e.SPREAD_FIXED },
    platformFeeUsd: e.PLATFORM_FEE_USD,
    noKycThresholdUsd: e.NO_KYC_THRESHOLD_USD,
    defaultPair: { from, to, amount },
    popularPairs: e.POPULAR_PAIRS.split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => {
        const [f, t] = p.split('>');
        return { from: f.trim(), to: (t ?? '').trim() };
      }),
    // Default: five missed ticks, but never less than 10 s.
    priceStaleAfterMs: e.PRICE_STALE_AFTER_MS ?? Math.max(10_000, e.TICK_INTERVAL_MS * 5),
    buildId: e.BUILD_ID,
    logLevel: e.LOG_LEVEL,
    validateResponses: e.VALIDATE_RESPONSES,
  };
}
