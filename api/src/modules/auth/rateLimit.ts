// Attempt limits for sign-in, password reset, email confirmation and registration, per account and per IP, consumed before
// any password hashing. Redis store when REDIS_URL is set (shared by replicas), memory otherwise.
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiError } from 'shared-contracts/server';
import type { AuthConfig } from '../../config';

export type LimitName = 'loginAccount' | 'loginIp' | 'resetAccount' | 'resetIp' | 'confirmEmailAccount' | 'confirmEmailIp' | 'registerIp';

export interface AttemptLimiter {
  /** Counts one attempt against every key given; throws 429 ERR_TOO_MANY_REQUESTS when one is exhausted. */
  consume(checks: ReadonlyArray<[LimitName, string]>, what: string): Promise<void>;
  /** Forgets the attempts of a key (e.g. the account's after a successful sign-in). */
  reset(name: LimitName, key: string): Promise<void>;
  close(): Promise<void>;
}

export function createAttemptLimiter(cfg: AuthConfig['rateLimits'], redisUrl?: string, keyPrefix = 'rl'): AttemptLimiter {
  const redis = redisUrl ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  redis?.on('error', () => undefined);
  const points: Record<LimitName, number> = {
    loginAccount: cfg.loginPerAccount,
    loginIp: cfg.loginPerIp,
    resetAccount: cfg.resetPerAccount,
    resetIp: cfg.resetPerIp,
    // Email confirmation codes are guarded like reset codes, in buckets of their own.
    confirmEmailAccount: cfg.resetPerAccount,
    confirmEmailIp: cfg.resetPerIp,
    registerIp: cfg.registerPerIp,
  };
  const limiters = Object.fromEntries(
    (Object.keys(points) as LimitName[]).map((name) => {
      const opts = { keyPrefix: `${keyPrefix}:${name}`, points: points[name], duration: cfg.windowSeconds };
      const limiter: RateLimiterAbstract = redis
        ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: new RateLimiterMemory(opts) })
        : new RateLimiterMemory(opts);
      return [name, limiter];
    }),
  ) as Record<LimitName, RateLimiterAbstract>;

  return {
    async consume(checks, what) {
      for (const [name, key] of checks) {
        try {
          await limiters[name].consume(key);
        } catch (err) {
          if (!(err instanceof RateLimiterRes)) throw err;
          const retryAfterSeconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
          const minutes = Math.ceil(retryAfterSeconds / 60);
          throw ApiError.of('ERR_TOO_MANY_REQUESTS', `Too many ${what} attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
            details: { retryAfterSeconds, limit: name.endsWith('Ip') ? 'ip' : 'account' },
          });
        }
      }
    },
    async reset(name, key) {
      await limiters[name].delete(key).catch(() => undefined);
    },
    async close() {
      redis?.disconnect();
    },
  };
}
