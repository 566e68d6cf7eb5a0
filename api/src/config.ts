// Runtime configuration, read once from the environment and validated (fail fast on a bad value).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CKM_BY_CONFIG_NAME } from 'shared-contracts/server';
import { type AttemptLimitsConfig, parseRateLimitOverrides, ROUTE_RATE_LIMITS, type RateLimitedRoute } from './limits';
import { parseTrustProxy } from './http/proxyTrust';

/** The monorepo root (this file is api/src/config.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const bool = (def: boolean) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .optional()
      .transform((v) => (v === undefined ? def : ['true', '1', 'yes'].includes(v))),
  );
const decimalString = (def: string) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .default(def);

/** OWASP Password Storage Cheat Sheet minimum for argon2id: m=19 MiB, t=2, p=1. */
export const OWASP_ARGON2 = { memoryKib: 19456, timeCost: 2, parallelism: 1 } as const;

const EnvSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  /** Schema to use on PostgreSQL (tests use a throwaway one); default public. */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  PGLITE_DIR: z.string().default(path.join(REPO_ROOT, '.data', 'pglite')),
  REDIS_URL: z.string().optional(),
  MARKET_ADAPTER: z.enum(['sandbox', 'ccxt']).default('sandbox'),
  CCXT_EXCHANGE: z.string().default('binance'),
  TICK_INTERVAL_MS: z.coerce.number().int().min(100).default(2000),
  SANDBOX_SEED: z.coerce.number().int().default(42),
  SANDBOX_MODE: bool(true),
  CKM_MODE: z.enum(['ALL', 'BEST', 'DISABLED']).default('ALL'),
  FIXED_RATE_HOLD_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Orders (§4): one sandbox confirmation per interval; the order job also polls at this pace (≤ 1 s). */
  CONFIRMATION_INTERVAL_MS: z.coerce.number().int().min(10).default(3000),
  /** Market move (fraction) between a FIXED quote and confirmation that raises FIXED_RATE_HIGH_VOLATILITY_DETECTED. */
  FIXED_RATE_VOLATILITY_THRESHOLD: decimalString('0.02'),
  /** §4 RATE_MODE_CHANGED: how long a new-rate offer's amount holds; past it the offer is renewed before it can be accepted (issue 23). */
  NEW_RATE_OFFER_TTL_SECONDS: z.coerce.number().int().min(1).default(120),
  /** Card orders (§4 card flow): a card payment still PENDING this long after the order was created is cancelled (issue 23). */
  CARD_PAYMENT_EXPIRY_SECONDS: z.coerce.number().int().min(60).default(1800),
  /** §5 referral links: `false` ignores a guest's referral id (the query's or the referralID cookie's) on new orders. */
  REFERRALS_ENABLED: bool(true),
  /** Comma-separated addresses refused by order creation with ERR_FORBIDDEN "Client data is blacklisted" (§8). */
  BLACKLISTED_ADDRESSES: z.string().default(''),
  /** Platform spread per rate mode, as a fraction (0.005 = 0.5 %). */
  SPREAD_FLOATING: decimalString('0.005'),
  SPREAD_FIXED: decimalString('0.01'),
  /** Flat platform fee in USD, charged in the receive currency (platformFee_Absolute). */
  PLATFORM_FEE_USD: decimalString('0'),
  NO_KYC_THRESHOLD_USD: decimalString('1000'),
  /** Issue 29: a refund requested on a held order is sent within this many hours (published in the quote's holdRules and on /status). */
  HOLD_REFUND_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** Default pair of the exchange form: from:to:amount (amount in the send currency). */
  DEFAULT_PAIR: z
    .string()
    .regex(/^[a-z0-9]+:[a-z0-9]+:\d+(\.\d+)?$/)
    .default('btc:eth:0.1'),
  /** Popular exchanges (§3): comma-separated FROM>TO pairs of bestChange names. */
  POPULAR_PAIRS: z
    .string()
    .default(
      'BTC>ETH,BTC>USDTTRC20,ETH>BTC,USDTTRC20>BTC,ETH>USDTERC20,LTC>BTC,XRP>USDTTRC20,SOL>USDTTRC20,TRX>USDTTRC20,DOGE>BTC,CARDUSD>BTC,CARDEUR>ETH,XMR>BTC',
    ),
  /** A board with no tick for this long makes /health report TECHNICAL_DIFFICULTIES. */
  PRICE_STALE_AFTER_MS: z.coerce.number().int().min(1000).optional(),
  BUILD_ID: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // ── Logs and metrics (issue 14) ──
  /** pretty: human-readable lines (pino-pretty); json: one JSON object a line; auto: pretty when stdout is a terminal. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /** A request answered slower than this is logged at warn (the others at debug; see observability/requests.ts). */
  LOG_SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1000),
  /** GET /metrics (Prometheus) listens here, never on API_PORT: a port, 0 (any free one) or off. Default 9464 (0 when API_PORT=0). */
  METRICS_PORT: z
    .string()
    .regex(/^(off|\d{1,5})$/)
    .refine((v) => v === 'off' || Number(v) <= 65535, 'a port (0–65535) or off')
    .optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Check every response against its route's zod schema (tests and development). */
  VALIDATE_RESPONSES: bool(false),
  // ── Platform safety (issue 7) ──
  /** Operator token that opens the sandbox endpoints to callers not on the machine itself (X-Sandbox-Token). */
  SANDBOX_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(24).optional()),
  /** Proxy hops trusted for X-Forwarded-*: addresses/CIDRs (or loopback, linklocal, uniquelocal) comma-separated, a hop count, or none. */
  TRUST_PROXY: z.string().default('loopback'),
  /** Whole request (headers and body) must arrive within this time, else 408 and the connection is closed. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(72_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(25_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(1_000),
  /** A socket idle this long is closed (0: never). */
  HTTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(120_000),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(20_000),
  /** Per-address limits of the public POST calls: `routeName=max` comma-separated, overriding each route's declared rateLimit. */
  HTTP_RATE_LIMITS: z.string().default(''),
  HTTP_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  WS_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(10_000),
  WS_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  WS_MAX_ORDER_SUBSCRIPTIONS: z.coerce.number().int().min(1).default(10),
  WS_MAX_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).default(20),
  // ── Accounts (issue 4) ──
  NODE_ENV: z.string().optional(),
  /** Seals what the api reads back (webhook signing secrets, KYC documents and personal data), ≥ 32 chars. Required with NODE_ENV=production (sandbox mode too). */
  DATA_ENCRYPTION_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  /** HS256 key of the access tokens (≥ 32 chars). Required with NODE_ENV=production (sandbox mode too). */
  JWT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(3600)
    .default(30 * 24 * 3600),
  PASSWORD_RESET_CODE_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
  /** The site's own origin(s), comma-separated, for the CSRF Origin check; unset → the request's own host. */
  PUBLIC_ORIGIN: z.string().optional(),
  /** argon2id cost; values below the OWASP minimum are accepted only when NODE_ENV=test. */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8).default(OWASP_ARGON2.memoryKib),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(OWASP_ARGON2.timeCost),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).default(OWASP_ARGON2.parallelism),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Coinferry <no-reply@localhost>'),
  /**
   * Sign-in and password-reset attempts per RATE_LIMIT_WINDOW_SECONDS, counted before any password hashing
   * (see limits/attempts.ts). PER_ACCOUNT_IP and PER_IP answer 429; past PER_ACCOUNT_BEFORE_DELAY the
   * account's attempts from every address are only delayed, so a stranger cannot lock the owner out.
   */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  RATE_LIMIT_LOGIN_PER_ACCOUNT_IP: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_LOGIN_PER_ACCOUNT_BEFORE_DELAY: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_RESET_PER_ACCOUNT_IP: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_RESET_PER_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_RESET_PER_ACCOUNT_BEFORE_DELAY: z.coerce.number().int().min(1).default(10),
  /** First delay past the account ceiling; it doubles with each further attempt up to the max. */
  RATE_LIMIT_ACCOUNT_DELAY_MS: z.coerce.number().int().min(0).default(500),
  /** Below the clients' 10 s default timeout (shared-contracts TIMEOUTS_MS), so a delayed owner still gets the answer. */
  RATE_LIMIT_ACCOUNT_MAX_DELAY_MS: z.coerce.number().int().min(0).max(8000).default(5000),
  RATE_LIMIT_REGISTER_PER_IP: z.coerce.number().int().min(1).default(20),
  // ── Money in the account (issue 11) ──
  /** Affiliate commission on a referred order's executed volume (fraction; 0.005 = 0.5 %), paid in USDT. */
  AFFILIATE_COMMISSION: decimalString('0.005'),
  /** Issue 24: days earned commission and cashback stay held after the order completed (no refund is possible then). */
  AFFILIATE_HOLD_DAYS: z.coerce.number().min(0).max(365).default(7),
  /** Cashback tiers by the account's completed volume over 30 days in USDT: `minVolume:rate` comma-separated. */
  CASHBACK_TIERS: z
    .string()
    .regex(/^\d+(\.\d+)?:\d+(\.\d+)?(,\d+(\.\d+)?:\d+(\.\d+)?)*$/)
    .default('0:0.001,1000:0.002,10000:0.003'),
  /** Smallest USDT withdrawal (§8 ERR_WITHDRAWAL_TOO_SMALL names it). */
  WITHDRAWAL_MIN_USDT: decimalString('10'),
  /** A held withdrawal is paid out by the withdrawal job after this delay (the sandbox "chain" pace). */
  WITHDRAWAL_PAYOUT_DELAY_MS: z.coerce.number().int().min(0).default(3000),
  /** SANDBOX custody: the fraction of withdrawal payouts that fail (then voided, the amount restored). */
  SANDBOX_WITHDRAWAL_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  // ── Custody (issue 28): where deposits come in and payouts go out ──
  /** sandbox: a simulated chain for every network; evm: a real EVM chain (below) for its coin and tokens, the others simulated (SANDBOX_MODE) or not offered. */
  CUSTODY_ADAPTER: z.enum(['sandbox', 'evm']).default('sandbox'),
  EVM_RPC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  EVM_CHAIN_ID: z.coerce.number().int().min(1).optional(),
  /** The deposit account's extended PUBLIC key (BIP-44 m/44'/60'/0'): order i's address is its child 0/i. Never a private key. */
  EVM_DEPOSIT_XPUB: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** The instrument (slug) of the chain's own coin, or `none`. */
  EVM_NATIVE_INSTRUMENT: z.string().default('eth'),
  /** The chain's tokens: `<instrument slug>:<contract address>` comma-separated (e.g. usdterc20:0x…,usdcerc20:0x…). */
  EVM_TOKENS: z
    .string()
    .regex(/^([a-z0-9]+:0x[0-9a-fA-F]{40}(,[a-z0-9]+:0x[0-9a-fA-F]{40})*)?$/, 'slug:0x-contract pairs, comma-separated')
    .default(''),
  /** How often the chain's blocks are followed. */
  EVM_POLL_MS: z.coerce.number().int().min(50).default(4000),
  /** First block to follow when none was followed yet (default: the node's head then). */
  EVM_START_BLOCK: z.coerce.number().int().min(0).optional(),
  /** The signer process (signer/): its loopback URL and the token the api presents (not a key to any funds). */
  SIGNER_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  SIGNER_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  // ── Partner API (issue 11) ──
  /** Requests per minute and API key on the partner API (published in RateLimit-* headers). */
  PARTNER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Webhook delivery: first retry after this, doubling per attempt, at most WEBHOOK_MAX_ATTEMPTS tries. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Allow webhook URLs on private or loopback addresses (development and tests only; refused in production). */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool(false),
  // ── Identity verification (issue 12) ──
  /**
   * Issue 24: documents live in the database; this former per-replica directory is only read once at startup, to import
   * the files a database from before 0020 still names (each file is moved into the database and removed).
   */
  KYC_STORAGE_DIR: z.string().default(path.join(REPO_ROOT, '.data', 'kyc')),
  /** Issue 24: kyc/submit attempts per account and hour (each may decode three large images); 429 beyond. */
  KYC_SUBMITS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Issue 24: submissions decoding images at once on one replica (each up to three 40-megapixel images); 429 beyond. */
  KYC_CONCURRENT_DECODES: z.coerce.number().int().min(1).default(2),
  /** Largest accepted document image, in bytes. */
  KYC_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(8 * 1024 * 1024),
  /** Documents of a decided verification are deleted this many days after the decision. */
  KYC_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  /** SANDBOX only: decide submitted verifications automatically (off, pass or reject) after the delay. */
  SANDBOX_KYC_AUTO_DECISION: z.enum(['off', 'pass', 'reject']).default('off'),
  SANDBOX_KYC_DECISION_DELAY_MS: z.coerce.number().int().min(0).default(5000),
  // ── Analytics sink (issue 13, §4) ──
  /** Also forward stored analytics events to this http(s) endpoint (fire-and-forget); unset = store only. */
  ANALYTICS_FORWARD_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  ANALYTICS_FORWARD_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** Issue 24: stored analytics events older than this are deleted (the privacy policy says 13 months). */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).default(396),
  // ── Content service (issue 13) ──
  /** Markdown of the blog, docs, roadmap and FAQ, indexed at start-up (content/README.md). */
  CONTENT_DIR: z.string().default(path.join(REPO_ROOT, 'content')),
  /** Issue 29: a new receipt signing key after this many days (older public keys stay published). */
  RECEIPT_KEY_ROTATION_DAYS: z.coerce.number().int().min(1).default(90),
});

type Ckm = 'A' | 'B' | 'D';

/** Issue 28: the real EVM chain's settings (CUSTODY_ADAPTER=evm). */
interface EvmCustodyConfig {
  rpcUrl: string;
  chainId: number;
  depositXpub: string;
  nativeSlug: string | null;
  tokens: ReadonlyArray<{ slug: string; contract: `0x${string}` }>;
  pollMs: number;
  startBlock?: bigint;
  signerUrl: string;
  signerToken: string;
}

/** Settings that hold a private key or the signer's own secrets: the api refuses to start when it is handed one. */
const SIGNER_ONLY_SETTINGS = ['SIGNER_HOT_KEY', 'SIGNER_HOT_KEY_FILE', 'SIGNER_DEPOSIT_XPRV', 'SIGNER_DEPOSIT_XPRV_FILE', 'SIGNER_ADMIN_TOKEN'];

function evmCustodyConfig(env: NodeJS.ProcessEnv, e: z.output<typeof EnvSchema>): EvmCustodyConfig | null {
  const leaked = SIGNER_ONLY_SETTINGS.filter((name) => env[name]);
  if (leaked.length) {
    throw new Error(
      `Invalid configuration: ${leaked.join(', ')}: the signer's alone (signer/); the api never holds a private key — remove from its environment`,
    );
  }
  if (e.CUSTODY_ADAPTER !== 'evm') return null;
  const missing = (['EVM_RPC_URL', 'EVM_CHAIN_ID', 'EVM_DEPOSIT_XPUB', 'SIGNER_URL', 'SIGNER_TOKEN'] as const).filter((k) => e[k] === undefined);
  if (missing.length) throw new Error(`Invalid configuration: ${missing.join(', ')}: required with CUSTODY_ADAPTER=evm`);
  const xpub = e.EVM_DEPOSIT_XPUB as string;
  if (!/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/.test(xpub)) {
    throw new Error('Invalid configuration: EVM_DEPOSIT_XPUB: an extended public key (xpub…/tpub…) is required; never a private one');
  }
  return {
    rpcUrl: e.EVM_RPC_URL as string,
    chainId: e.EVM_CHAIN_ID as number,
    depositXpub: xpub,
    nativeSlug: e.EVM_NATIVE_INSTRUMENT === 'none' ? null : e.EVM_NATIVE_INSTRUMENT,
    tokens: e.EVM_TOKENS.split(',')
      .filter(Boolean)
      .map((pair) => {
        const [slug, contract] = pair.split(':');
        return { slug, contract: contract as `0x${string}` };
      }),
    pollMs: e.EVM_POLL_MS,
    ...(e.EVM_START_BLOCK !== undefined ? { startBlock: BigInt(e.EVM_START_BLOCK) } : {}),
    signerUrl: e.SIGNER_URL as string,
    signerToken: e.SIGNER_TOKEN as string,
  };
}

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
  /** Issue 28: null = the sandbox custody for every network. */
  evmCustody: EvmCustodyConfig | null;
  ckm: Ckm;
  fixedRateHoldSeconds: number;
  confirmationIntervalMs: number;
  fixedRateVolatilityThreshold: string;
  newRateOfferTtlMs: number;
  cardPaymentExpiryMs: number;
  referralsEnabled: boolean;
  blacklistedAddresses: readonly string[];
  spread: { FLOATING: string; FIXED: string };
  platformFeeUsd: string;
  noKycThresholdUsd: string;
  /** Issue 29: HOLD_REFUND_HOURS. */
  holdRefundHours: number;
  defaultPair: { from: string; to: string; amount: string };
  popularPairs: ReadonlyArray<{ from: string; to: string }>;
  priceStaleAfterMs: number;
  buildId?: string;
  logLevel: string;
  /** Issue 14: log lines as JSON or human-readable (LOG_FORMAT). */
  logFormat: 'auto' | 'pretty' | 'json';
  logSlowRequestMs: number;
  /** Issue 14: the metrics listener; port null = off. */
  metrics: { port: number | null; host: string };
  validateResponses: boolean;
  nodeEnv: string;
  auth: AuthConfig;
  sandboxToken?: string;
  /** Fastify trustProxy: the trusted proxy addresses, or a hop count. */
  trustProxy: string[] | number;
  http: HttpConfig;
  ws: WsConfig;
  money: MoneyConfig;
  partner: PartnerConfig;
  dataEncryptionKey?: string;
  kyc: KycConfig;
  /** Issue 13: the first-party analytics sink's optional forwarder (modules/analytics/forwarder.ts). */
  analytics: { forwardUrl?: string; forwardTimeoutMs: number; retentionDays: number };
  /** Issue 13: the content service's folder (blog, docs, roadmap, FAQ, images). */
  contentDir: string;
  /** Issue 29: signed receipts (modules/receipts). */
  receipts: { keyRotationDays: number };
}

/** Issue 12: identity verification documents and the sandbox's automatic decision. */
export interface KycConfig {
  storageDir: string;
  maxFileBytes: number;
  submitsPerHour: number;
  concurrentDecodes: number;
  retentionDays: number;
  sandboxAutoDecision: 'off' | 'pass' | 'reject';
  sandboxDecisionDelayMs: number;
}

/** Issue 11: affiliate commission, cashback tiers and withdrawals (all amounts in USDT, decimal strings). */
export interface MoneyConfig {
  affiliateCommission: string;
  /** Ascending by minVolume; the first tier starts at 0. */
  cashbackTiers: ReadonlyArray<{ minVolume: string; rate: string }>;
  /** Issue 24: commission and cashback are withdrawable this many days after their order completed. */
  rewardHoldDays: number;
  withdrawalMin: string;
  withdrawalPayoutDelayMs: number;
  sandboxWithdrawalFailureRate: number;
}

export interface PartnerConfig {
  rateLimitPerMinute: number;
  webhookRetryBaseMs: number;
  webhookMaxAttempts: number;
  webhookTimeoutMs: number;
  webhookAllowPrivateTargets: boolean;
}

interface HttpConfig {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  connectionTimeoutMs: number;
  maxConnections: number;
  /** SIGTERM/SIGINT: the drain's deadline; past it the process exits 1 (lifecycle/signals.ts, issue 14). */
  shutdownTimeoutMs: number;
  /** SIGTERM: how long new requests get 503 (readiness failing) before the listener closes. */
  shutdownGraceMs: number;
  rateLimitWindowMs: number;
  /** Requests per window and client address, by route-table name. */
  rateLimits: Record<RateLimitedRoute, number>;
}

interface WsConfig {
  maxConnections: number;
  maxConnectionsPerAddress: number;
  maxOrderSubscriptions: number;
  maxMessagesPerSecond: number;
}

export interface AuthConfig {
  jwtSecret?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  passwordResetCodeTtlSeconds: number;
  publicOrigins: string[];
  argon2: { memoryKib: number; timeCost: number; parallelism: number };
  smtpUrl?: string;
  mailFrom: string;
  rateLimits: AttemptLimitsConfig;
}

/**
 * Issue 26: what each module of modules/ reads of the configuration. app.ts hands a module its own slice
 * (configFor) and the module types its parameter with ModuleConfig<its name>: no module sees the whole Config.
 * Values made of several settings (the site's origin for links in mails) are passed as dependencies instead.
 */
const MODULE_CONFIG_KEYS = {
  accounts: ['auth', 'logLevel', 'dataEncryptionKey', 'sandboxMode'],
  affiliates: ['money', 'confirmationIntervalMs'],
  analytics: ['analytics'],
  content: ['contentDir'],
  kyc: ['kyc', 'sandboxMode', 'dataEncryptionKey'],
  orders: [
    'spread',
    'confirmationIntervalMs',
    'fixedRateVolatilityThreshold',
    'blacklistedAddresses',
    'newRateOfferTtlMs',
    'cardPaymentExpiryMs',
    'referralsEnabled',
    'sandboxMode',
  ],
  pairs: ['defaultPair', 'popularPairs'],
  partner: ['partner', 'dataEncryptionKey'],
  provider: ['sandboxMode'],
  rates: ['spread', 'platformFeeUsd', 'noKycThresholdUsd', 'ckm', 'fixedRateHoldSeconds'],
  receipts: ['receipts', 'dataEncryptionKey'],
} as const satisfies Record<string, ReadonlyArray<keyof Config>>;

type ModuleName = keyof typeof MODULE_CONFIG_KEYS;
export type ModuleConfig<M extends ModuleName> = Pick<Config, (typeof MODULE_CONFIG_KEYS)[M][number]>;

/** The module's slice of the configuration: only the settings it reads. */
export function configFor<M extends ModuleName>(config: Config, module: M): ModuleConfig<M> {
  return Object.fromEntries(MODULE_CONFIG_KEYS[module].map((key) => [key, config[key]])) as ModuleConfig<M>;
}

/** Variables of an earlier release whose meaning changed: refused rather than silently ignored. */
const RENAMED_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_LOGIN_PER_ACCOUNT: 'RATE_LIMIT_LOGIN_PER_ACCOUNT_IP (429) and RATE_LIMIT_LOGIN_PER_ACCOUNT_BEFORE_DELAY (delay)',
  RATE_LIMIT_RESET_PER_ACCOUNT: 'RATE_LIMIT_RESET_PER_ACCOUNT_IP (429) and RATE_LIMIT_RESET_PER_ACCOUNT_BEFORE_DELAY (delay)',
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${msg}`);
  }
  for (const [old, replacement] of Object.entries(RENAMED_RATE_LIMITS)) {
    if (env[old] !== undefined) throw new Error(`Invalid configuration: ${old}: no longer used; see ${replacement}`);
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? 'development';
  const weakArgon2 =
    e.ARGON2_MEMORY_KIB < OWASP_ARGON2.memoryKib || e.ARGON2_TIME_COST < OWASP_ARGON2.timeCost || e.ARGON2_PARALLELISM < OWASP_ARGON2.parallelism;
  if (weakArgon2 && nodeEnv !== 'test') {
    throw new Error('Invalid configuration: ARGON2_*: below the OWASP minimum (m=19456 KiB, t=2, p=1); allowed only with NODE_ENV=test');
  }
  const unsafe = nodeEnv === 'production' ? productionProblems(env, e) : [];
  if (unsafe.length) throw new Error(`Refusing to start in production:\n${unsafe.map((p) => `  - ${p}`).join('\n')}`);
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new Error('Invalid configuration: HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS');
  }
  let trustProxy: string[] | number;
  let rateLimits: Record<RateLimitedRoute, number>;
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
    rateLimits = parseRateLimitOverrides(e.HTTP_RATE_LIMITS);
  } catch (err) {
    throw new Error(`Invalid configuration: ${(err as Error).message}`);
  }
  const evmCustody = evmCustodyConfig(env, e);
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
    evmCustody,
    ckm: CKM_BY_CONFIG_NAME[e.CKM_MODE],
    fixedRateHoldSeconds: e.FIXED_RATE_HOLD_SECONDS,
    confirmationIntervalMs: e.CONFIRMATION_INTERVAL_MS,
    fixedRateVolatilityThreshold: e.FIXED_RATE_VOLATILITY_THRESHOLD,
    newRateOfferTtlMs: e.NEW_RATE_OFFER_TTL_SECONDS * 1000,
    cardPaymentExpiryMs: e.CARD_PAYMENT_EXPIRY_SECONDS * 1000,
    referralsEnabled: e.REFERRALS_ENABLED,
    blacklistedAddresses: e.BLACKLISTED_ADDRESSES.split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    spread: { FLOATING: e.SPREAD_FLOATING, FIXED: e.SPREAD_FIXED },
    platformFeeUsd: e.PLATFORM_FEE_USD,
    noKycThresholdUsd: e.NO_KYC_THRESHOLD_USD,
    holdRefundHours: e.HOLD_REFUND_HOURS,
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
    logFormat: e.LOG_FORMAT,
    logSlowRequestMs: e.LOG_SLOW_REQUEST_MS,
    metrics: {
      port: e.METRICS_PORT === 'off' ? null : e.METRICS_PORT !== undefined && e.METRICS_PORT !== '' ? Number(e.METRICS_PORT) : e.API_PORT === 0 ? 0 : 9464,
      host: e.METRICS_HOST,
    },
    validateResponses: e.VALIDATE_RESPONSES,
    nodeEnv,
    sandboxToken: e.SANDBOX_TOKEN,
    trustProxy,
    http: {
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: e.HTTP_CONNECTION_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
      shutdownGraceMs: Math.min(e.SHUTDOWN_GRACE_MS, Math.floor(e.SHUTDOWN_TIMEOUT_MS / 2)),
      rateLimitWindowMs: e.HTTP_RATE_LIMIT_WINDOW_SECONDS * 1000,
      rateLimits,
    },
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    analytics: { forwardUrl: e.ANALYTICS_FORWARD_URL, forwardTimeoutMs: e.ANALYTICS_FORWARD_TIMEOUT_MS, retentionDays: e.ANALYTICS_RETENTION_DAYS },
    contentDir: e.CONTENT_DIR,
    receipts: { keyRotationDays: e.RECEIPT_KEY_ROTATION_DAYS },
    kyc: {
      storageDir: e.KYC_STORAGE_DIR,
      maxFileBytes: e.KYC_MAX_FILE_BYTES,
      submitsPerHour: e.KYC_SUBMITS_PER_HOUR,
      concurrentDecodes: e.KYC_CONCURRENT_DECODES,
      retentionDays: e.KYC_RETENTION_DAYS,
      sandboxAutoDecision: e.SANDBOX_KYC_AUTO_DECISION,
      sandboxDecisionDelayMs: e.SANDBOX_KYC_DECISION_DELAY_MS,
    },
    money: {
      affiliateCommission: e.AFFILIATE_COMMISSION,
      cashbackTiers: e.CASHBACK_TIERS.split(',')
        .map((t) => {
          const [minVolume, rate] = t.split(':');
          return { minVolume, rate };
        })
        .sort((a, b) => Number(a.minVolume) - Number(b.minVolume)),
      rewardHoldDays: e.AFFILIATE_HOLD_DAYS,
      withdrawalMin: e.WITHDRAWAL_MIN_USDT,
      withdrawalPayoutDelayMs: e.WITHDRAWAL_PAYOUT_DELAY_MS,
      sandboxWithdrawalFailureRate: e.SANDBOX_WITHDRAWAL_FAILURE_RATE,
    },
    partner: {
      rateLimitPerMinute: e.PARTNER_RATE_LIMIT_PER_MINUTE,
      webhookRetryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      webhookMaxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
      webhookAllowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    },
    ws: {
      maxConnections: e.WS_MAX_CONNECTIONS,
      maxConnectionsPerAddress: e.WS_MAX_CONNECTIONS_PER_ADDRESS,
      maxOrderSubscriptions: e.WS_MAX_ORDER_SUBSCRIPTIONS,
      maxMessagesPerSecond: e.WS_MAX_MESSAGES_PER_SECOND,
    },
    auth: {
      jwtSecret: e.JWT_SECRET,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
      passwordResetCodeTtlSeconds: e.PASSWORD_RESET_CODE_TTL_SECONDS,
      publicOrigins: (e.PUBLIC_ORIGIN ?? '')
        .split(',')
        .map((o) => o.trim().replace(/\/+$/, ''))
        .filter(Boolean),
      argon2: { memoryKib: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST, parallelism: e.ARGON2_PARALLELISM },
      smtpUrl: e.SMTP_URL || undefined,
      mailFrom: e.MAIL_FROM,
      rateLimits: {
        windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
        login: {
          perAccountIp: e.RATE_LIMIT_LOGIN_PER_ACCOUNT_IP,
          perIp: e.RATE_LIMIT_LOGIN_PER_IP,
          perAccountBeforeDelay: e.RATE_LIMIT_LOGIN_PER_ACCOUNT_BEFORE_DELAY,
        },
        reset: {
          perAccountIp: e.RATE_LIMIT_RESET_PER_ACCOUNT_IP,
          perIp: e.RATE_LIMIT_RESET_PER_IP,
          perAccountBeforeDelay: e.RATE_LIMIT_RESET_PER_ACCOUNT_BEFORE_DELAY,
        },
        accountDelayMs: e.RATE_LIMIT_ACCOUNT_DELAY_MS,
        accountMaxDelayMs: e.RATE_LIMIT_ACCOUNT_MAX_DELAY_MS,
        registerPerIp: e.RATE_LIMIT_REGISTER_PER_IP,
      },
    },
  };
}

/**
 * Production mode (issue 7): sandbox powers (fake deposits, a readable mail outbox) are never a silent
 * default, and a real deployment has its own token key, real mail and an https origin. Every problem is
 * listed at once, each with the variable and the reason.
 */
function productionProblems(env: NodeJS.ProcessEnv, e: z.output<typeof EnvSchema>): string[] {
  if (env.SANDBOX_MODE === undefined || env.SANDBOX_MODE === '') {
    return [
      'SANDBOX_MODE: must be set explicitly with NODE_ENV=production — true runs a demo (simulated deposits, mail kept in a readable outbox), false runs for real',
    ];
  }
  // Issue 24: the two master keys come from outside the database even in sandbox mode (a demo keeps real accounts and
  // KYC documents too): generated and kept in the database they protect, one dump of it would hand over both.
  const problems: string[] = [];
  if (!e.JWT_SECRET) {
    problems.push(
      'JWT_SECRET: required with NODE_ENV=production, in sandbox mode too (at least 32 characters), else the key that signs sessions is generated and stored in the database it protects',
    );
  }
  if (!e.DATA_ENCRYPTION_KEY) {
    problems.push(
      'DATA_ENCRYPTION_KEY: required with NODE_ENV=production, in sandbox mode too (at least 32 characters), else the key that seals webhook secrets, KYC documents and personal data is generated and kept in the same database',
    );
  }
  if (e.SANDBOX_MODE) return problems;
  if (!e.SMTP_URL || !/^smtps?:\/\//.test(e.SMTP_URL)) {
    problems.push(
      'SMTP_URL: a real mail transport (smtp:// or smtps://) is required with SANDBOX_MODE=false, else password-reset and confirmation codes never leave the outbox',
    );
  }
  const origins = (e.PUBLIC_ORIGIN ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (origins.length === 0 || !origins.every((o) => /^https:\/\/[^/]+\/?$/.test(o))) {
    problems.push(
      'PUBLIC_ORIGIN: the https origin(s) the site is served from are required with SANDBOX_MODE=false: they decide the CSRF Origin check and Secure cookies',
    );
  }
  if (e.WEBHOOK_ALLOW_PRIVATE_TARGETS) {
    problems.push(
      'WEBHOOK_ALLOW_PRIVATE_TARGETS: must be false with SANDBOX_MODE=false, else a partner could make the api call addresses inside its own network',
    );
  }
  if (e.SANDBOX_KYC_AUTO_DECISION !== 'off') {
    problems.push('SANDBOX_KYC_AUTO_DECISION: a sandbox setting; must be off with SANDBOX_MODE=false (an admin decides)');
  }
  if (e.SANDBOX_WITHDRAWAL_FAILURE_RATE > 0) {
    problems.push('SANDBOX_WITHDRAWAL_FAILURE_RATE: a sandbox setting; must be 0 with SANDBOX_MODE=false');
  }
  if (e.SIGNER_URL && !/^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)(:\d+)?\/?$/.test(e.SIGNER_URL) && !/^https:\/\//.test(e.SIGNER_URL)) {
    problems.push('SIGNER_URL: the signer is reached on the loopback interface or over https, never plain http across a network');
  }
  // Issue 13: the support routes mail whatever address a visitor names; their limits may be lowered, never raised.
  try {
    const limits = parseRateLimitOverrides(e.HTTP_RATE_LIMITS);
    for (const name of ['supportRequestCreate', 'supportOrderLookup'] as const) {
      if (limits[name] > ROUTE_RATE_LIMITS[name]) {
        problems.push(`HTTP_RATE_LIMITS: ${name} may not be raised above ${ROUTE_RATE_LIMITS[name]} with SANDBOX_MODE=false (it sends mail)`);
      }
    }
  } catch {
    // A malformed HTTP_RATE_LIMITS is reported by loadConfig itself.
  }
  return problems;
}
