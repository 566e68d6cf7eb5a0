// Business constants and limits: spec §9. One name per row of the table.

export const SUPPORTED_LOCALES = ['en', 'ru'] as const;
export type LocaleCode = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: LocaleCode = 'en';

export const LOCALE_COOKIE = 'i18n_locale';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const REFERRAL_COOKIE = 'referralID';
export const REFERRAL_COOKIE_MAX_AGE_S = 24 * 60 * 60;
export const THEME_COOKIE = 'theme';
export const THEME_COOKIE_MAX_AGE_S = 31_536_000;
export const CLIENT_ID_COOKIE = 'u_id';
export const ACCESS_TOKEN_COOKIE = 'access_token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';
export const UTM_FIRST_VISIT_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Issue 24: the legal pages, each at `/<slug>` (and `/ru/<slug>`), from content/legal/<slug>/<locale>.md. */
export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'aml-kyc'] as const;
export type LegalDocumentSlug = (typeof LEGAL_DOCUMENTS)[number];

export const REDIRECT_STATUS = 301;
/** §2 / §9: the locale path map applied by path normalisation. */
export const LOCALE_PATH_MAP: Readonly<Record<string, string>> = { ua: 'uk' };

export const NOTIFICATION_DEFAULT_TIMEOUT_MS = 30_000;
export const NOTIFICATION_SHORT_TIMEOUT_MS = 3_000;
export const HEAD_UPDATE_DEBOUNCE_MS = 10;
export const RELOAD_GUARD_TTL_MS = 10_000;
/**
 * §4/§8 reload guard in sessionStorage: `{ [path]: expiresAtMs }`, written by the shell just before a new-build or
 * chunk-error reload. A remote restores its saved draft ("with state preserved") when its path was reloaded this way.
 */
export const RELOAD_GUARD_KEY = 'shell:reload-guard';

/** Whether the shell reloaded `path` for an update or a chunk error within the last RELOAD_GUARD_TTL_MS. */
export function reloadedForUpdate(storage: Pick<Storage, 'getItem'>, path: string, nowMs: number): boolean {
  try {
    const guard: unknown = JSON.parse(storage.getItem(RELOAD_GUARD_KEY) ?? '{}');
    const expires = guard && typeof guard === 'object' ? (guard as Record<string, unknown>)[path] : undefined;
    return typeof expires === 'number' && expires > nowMs;
  } catch {
    return false;
  }
}

export const TIMEOUTS_MS = {
  default: 10_000,
  /** Not in §9: a multipart upload (kyc/submit photos) on a slow phone connection. */
  upload: 60_000,
  createOrder: 200_000,
  health: 10_000,
  healthz: 20_000,
  instrumentsV1: 20_000,
  pairsDefault: 30_000,
  rateOne: 15_000,
  instruments: 15_000,
  allInstruments: 3_000,
  pairsPublic: 30_000,
  pairsPublicFast: 3_000,
  refund: 10_000,
  acceptRate: 10_000,
} as const;

export const ORDER_POLL_INTERVAL_MS = 5_000;
export const ORDER_POLL_UNTIL_STEP = 3;
export const PAIR_LOADING_WAIT_POLL_MS = 100;
export const WS_RECONNECT_INTERVAL_MS = 3_000;
export const WS_RECONNECT_MAX_ATTEMPTS = 40;

export const HEALTH_CHECK = {
  initialDelayMs: 5_000,
  multiplier: 1.5,
  maxDelayMs: 30_000,
  failureThreshold: 3,
} as const;

export const PROVIDER_POLL = { intervalMs: 5_000, maxAttempts: 1_000 } as const;

export const DEFAULT_AMOUNT = '500';
export const PRICE_MULTIPLIER_POINTS = [0.01, 0.1, 0.5, 1, 2, 3, 4, 5, 10, 20, 50, 100, 200, 500, 1000] as const;
export const DEFAULT_PRECISION = { receive: 8, send: 2 } as const;
export const CLAIMED_AMOUNT_DECIMALS = 8;

export const WITHDRAWAL_CURRENCY = 'USDT';
export const WITHDRAWAL_ADDRESS_LENGTH = 34;
export const DEFAULT_VERIFICATION_EXPIRY = '2099-01-01';

export const STRUCTURED_DATA = {
  logo: { width: 200, height: 60 },
  image: { width: 1200, height: 630 },
  rating: { best: 5, worst: 1 },
} as const;

export const LOG_LEVEL = 'info';

export const LOADING_BAR = { throttleMs: 200, durationMs: 2_000, hideDelayMs: 500 } as const;

/** §7 / §9: GET retried once on these statuses; other methods never. */
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
export const RETRY_LIMIT = 1;
export const RETRY_METHODS = ['get'] as const;

export const CLIENT_ID_HEADER = 'x-client-id';

/** localStorage key of the email confirmed in this browser (§4 ckm A: not asked again). */
export const CONFIRMED_EMAIL_STORAGE_KEY = 'exchange_confirmed_email';

/** Posts per page of the blog index and of a category's list (`/blog/page{n}`, `/blog/{category}/page{n}`). */
export const BLOG_PER_PAGE = 4;
/** Days of history on the status page. */
export const STATUS_HISTORY_DAYS = 90;
