// General per-address rate limits of the public POST calls (issue 7) and of the redirect lookup (issue 9), declared
// with each route in shared-contracts (`rateLimit`, read by routeLimits.ts), enforced by @fastify/rate-limit over the
// process's limit store (store.ts: Redis when REDIS_URL is set, so replicas share counts; memory otherwise). Sign-in
// and reset keep their finer per-account limits (attempts.ts): these are only a coarse outer guard for them. Keys are
// request.ip, i.e. after proxy trust (http/proxyTrust.ts). Checked on onRequest, before the body is read
// (http/refusedBodies.ts drains a refused one).
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiError } from 'shared-contracts/server';
import { routeNameOf } from '../http/routeIndex';
import type { RouteLimitsConfig } from './config';
import { isRateLimited, loopbackUnlimited } from './routeLimits';
import type { LimitStore } from './store';

const isLoopback = (address: string | undefined) => !!address && (address === '::1' || /^(::ffff:)?127\./.test(address));

type Counted = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store over the limit store: one bucket per route, counted without refusing (the plugin
 * compares the count with the route's max). While Redis is down a count fails and the plugin lets the request through
 * (skipOnError): a store outage must not take the site down.
 */
function routeCountStore(store: LimitStore, log: FastifyBaseLogger) {
  let failing = false;
  class RouteCountStore {
    private bucket?: RateLimiterAbstract;
    constructor(
      _options: unknown,
      private readonly name?: string,
    ) {}
    incr(key: string, cb: Counted, timeWindow: number, max: number) {
      if (!this.name) throw new Error('route limits: only per-route limits are configured (global: false)');
      this.bucket ??= store.bucket(this.name, max, Math.ceil(timeWindow / 1000), { memoryWhileRedisDown: false });
      this.bucket.penalty(key, 1).then(
        (res) => {
          failing = false;
          cb(null, { current: res.consumedPoints, ttl: res.msBeforeNext });
        },
        (err: Error) => {
          if (!failing) log.warn({ err }, 'rate limit store: redis error; the routes are unlimited until it answers');
          failing = true;
          cb(err);
        },
      );
    }
    child(routeOptions: object) {
      const { method, url } = (routeOptions as { routeInfo: { method: string; url: string } }).routeInfo;
      return new RouteCountStore(undefined, `http-rl:${method}${url}`);
    }
  }
  return RouteCountStore;
}

/** Call before any route is registered: the limits attach to routes as they are added. */
export async function installRouteRateLimits(app: FastifyInstance, cfg: RouteLimitsConfig, store: LimitStore): Promise<void> {
  // Runs before the plugin's own onRoute hook (added below), which reads config.rateLimit.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const name = methods.length === 1 ? routeNameOf(methods[0], route.url) : undefined;
    if (!name || !isRateLimited(name)) return;
    // Both the resolved client and the peer must be loopback, so no X-Forwarded-For sent from outside earns it.
    const allowList = loopbackUnlimited(name) ? (request: FastifyRequest) => isLoopback(request.ip) && isLoopback(request.socket.remoteAddress) : undefined;
    route.config = { ...route.config, rateLimit: { max: cfg.perAddress[name], timeWindow: cfg.windowMs, ...(allowList && { allowList }) } };
  });
  await app.register(fastifyRateLimit, {
    global: false,
    store: routeCountStore(store, app.log),
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      ApiError.of('ERR_TOO_MANY_REQUESTS', `Too many requests from this address; retry in ${context.after}`, {
        details: { retryAfterSeconds: Math.ceil(context.ttl / 1000) },
      }),
  });
}
