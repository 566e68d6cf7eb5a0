// The counters every limit of the api is made of (issue 26: one limiter module over one Redis client). A bucket is a
// fixed window of `points` per `durationS`, counted in Redis when the process has its command client (replicas share
// the count) and in this process's memory otherwise.
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

interface BucketOptions {
  /**
   * What a count does while Redis is unreachable: true (default) counts in this replica's memory until it returns;
   * false fails the count (the per-route limits then let the request through: limits/routes.ts).
   */
  memoryWhileRedisDown?: boolean;
}

export interface LimitStore {
  /** A counter of `points` per `durationS` seconds, its keys under `<keyPrefix>:<name>:`. */
  bucket(name: string, points: number, durationS: number, opts?: BucketOptions): RateLimiterAbstract;
}

export interface LimitStoreOptions {
  /** The process's command client (bus/connect.ts); none: every count in memory. */
  redis?: Redis;
  /** Prefix of the Redis keys (tests isolate their runs) ['exchange']. */
  keyPrefix?: string;
}

export function createLimitStore(opts: LimitStoreOptions = {}): LimitStore {
  const { redis, keyPrefix = 'exchange' } = opts;
  return {
    bucket(name, points, durationS, { memoryWhileRedisDown = true } = {}) {
      const o = { keyPrefix: `${keyPrefix}:${name}`, points, duration: durationS };
      if (!redis) return new RateLimiterMemory(o);
      // The client keeps an offline queue for the bus, so a count asks whether Redis is connected first rather than
      // wait in the queue through ioredis' reconnections (issue 14 fault tests): the answer never waits on Redis.
      return new RateLimiterRedis({
        ...o,
        storeClient: redis,
        rejectIfRedisNotReady: true,
        ...(memoryWhileRedisDown && { insuranceLimiter: new RateLimiterMemory(o) }),
      });
    },
  };
}
