// General per-address rate limits of the public POST calls (issue 7) and of the redirect lookup (issue 9),
// declared here once by route-table name, enforced by @fastify/rate-limit (Redis store when REDIS_URL is set, so
// replicas share counts; in memory otherwise). Sign-in and reset keep their finer per-account limits (modules/auth/rateLimit.ts):
// these are only a coarse outer guard for them. Keys are request.ip, i.e. after proxy trust (proxyTrust.ts).
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { ApiError, type RouteName } from 'shared-contracts/server';
import type { HttpConfig } from '../config';
import { routeNameOf } from './routeIndex';

/**
 * Requests per window (HTTP_RATE_LIMIT_WINDOW_SECONDS, default a minute) and client address. Far above what
 * a person or the e2e journeys do; overridable with HTTP_RATE_LIMITS=orderCreate=10,login=50.
 */
export const ROUTE_RATE_LIMITS = {
  orderCreate: 30,
  orderSetEmail: 30,
  orderRequestRefund: 30,
  orderAcceptRateModeChange: 30,
  validateAddress: 120,
  // §7 SEO texts: web asks once per server render (for the visitor, whom it forwards), the browser once per navigation.
  seo: 600,
  register: 30,
  login: 100,
  refresh: 60,
  logout: 60,
  requestPasswordReset: 30,
  resetPassword: 30,
  requestEmailConfirmation: 30,
  confirmEmail: 60,
  // Issue 24: step-up and two-factor calls (each password or code guess also counts as a sign-in attempt of the account).
  stepUp: 30,
  twoFactorSetup: 30,
  twoFactorEnable: 30,
  twoFactorDisable: 30,
  // Web asks before every server render, per visitor address (X-Forwarded-For): far above anyone's browsing.
  redirectLookup: 600,
  adminRedirectAdd: 30,
  adminRedirectDelete: 30,
  // Issue 24: taking a verification for review (a state change, audit-logged)
  adminKycTake: 60,
  // Issue 24: identity documents (also per account: KYC_SUBMITS_PER_HOUR, one in flight; modules/kyc/limits.ts)
  kycSubmit: 10,
  // API keys (issue 11): each account also has at most 20 keys
  generateApiKey: 30,
  updateApiKey: 60,
  deleteApiKey: 30,
  resumeApiKey: 30,
  // card provider (issue 12): sign-up mails a code
  providerSignUp: 10,
  providerSignIn: 30,
  // Issue 11: a withdrawal request holds money; far above a person's use, low enough to stop a script.
  affiliateWithdraw: 10,
  // Issue 13: the shell batches analytics events (one request per few seconds of use, one more on leaving a page).
  analyticsCollect: 120,
  // Issue 13 support page: each request mails an acknowledgement (also limited per email, modules/support/limits.ts);
  // the order lookup probes orders by transaction hash, so it is held hard (and per address and hour there too).
  supportRequestCreate: 10,
  supportOrderLookup: 5,
  adminIncidentCreate: 30,
  adminIncidentUpdate: 60,
} as const satisfies Partial<Record<RouteName, number>>;

export type RateLimitedRoute = keyof typeof ROUTE_RATE_LIMITS;

const isRateLimited = (name: string): name is RateLimitedRoute => Object.hasOwn(ROUTE_RATE_LIMITS, name);

/** Routes whose limit a client on the api's own machine skips: web, dev, e2e and bench all browse from loopback. */
const LOOPBACK_UNLIMITED: ReadonlySet<RateLimitedRoute> = new Set(['seo', 'redirectLookup']);

const isLoopback = (address: string | undefined) => !!address && (address === '::1' || /^(::ffff:)?127\./.test(address));

/** `orderCreate=10,login=50` over the defaults; an unknown name or a bad number is an error. */
export function parseRateLimitOverrides(spec: string): Record<RateLimitedRoute, number> {
  const limits: Record<RateLimitedRoute, number> = { ...ROUTE_RATE_LIMITS };
  for (const item of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, max] = item.split('=').map((s) => s.trim());
    if (!isRateLimited(name)) {
      throw new Error(`HTTP_RATE_LIMITS: unknown route ${name}; one of ${Object.keys(ROUTE_RATE_LIMITS).join(', ')}`);
    }
    if (!/^\d+$/.test(max ?? '') || Number(max) < 1) throw new Error(`HTTP_RATE_LIMITS: ${name} needs a whole number ≥ 1`);
    limits[name] = Number(max);
  }
  return limits;
}

export interface RouteRateLimitOptions {
  redisUrl?: string;
  /** Prefix of the Redis keys (tests isolate their runs). */
  keyPrefix?: string;
}

/** Call before any route is registered: the limits attach to routes as they are added. */
export async function installRouteRateLimits(app: FastifyInstance, http: HttpConfig, opts: RouteRateLimitOptions = {}): Promise<void> {
  // Runs before the plugin's own onRoute hook (added below), which reads config.rateLimit.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const name = methods.length === 1 ? routeNameOf(methods[0], route.url) : undefined;
    if (!name || !isRateLimited(name)) return;
    // Both the resolved client and the peer must be loopback, so no X-Forwarded-For sent from outside earns it.
    const allowList = LOOPBACK_UNLIMITED.has(name)
      ? (request: FastifyRequest) => isLoopback(request.ip) && isLoopback(request.socket.remoteAddress)
      : undefined;
    route.config = { ...route.config, rateLimit: { max: http.rateLimits[name], timeWindow: http.rateLimitWindowMs, ...(allowList && { allowList }) } };
  });

  let redis: Redis | undefined;
  if (opts.redisUrl) {
    // No offline queue: with Redis down a request is let through at once (skipOnError below) instead of waiting
    // ~10 s in ioredis' queue through its reconnections (issue 14 fault tests).
    redis = new Redis(opts.redisUrl, { connectionName: 'exchange-http-rate-limit', maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', (err) => app.log.warn({ err }, 'rate limit store: redis error'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: `${opts.keyPrefix ?? 'exchange'}:http-rl:`,
    // A store outage must not take the site down: the request goes through unlimited (logged above).
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      ApiError.of('ERR_TOO_MANY_REQUESTS', `Too many requests from this address; retry in ${context.after}`, {
        details: { retryAfterSeconds: Math.ceil(context.ttl / 1000) },
      }),
  });
}
