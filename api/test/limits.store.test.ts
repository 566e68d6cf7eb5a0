// The limit store (api/src/limits/store.ts, issue 26): every limit counted over the process's one Redis command
// connection, shared by replicas; never waiting on a Redis that is down (issue 14): the counts that may fall back go to
// the replica's memory, the per-route guard's fail (and its plugin lets the request through).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { closeRedis, connectRedisCommands } from '../src/bus';
import { createLimitStore } from '../src/limits';

const REDIS_URL = process.env.REDIS_URL;
const keyPrefix = () => `t${randomBytes(4).toString('hex')}`;

describe('the limit store without Redis', () => {
  it('counts in memory, refusing past the points', async () => {
    const bucket = createLimitStore({ keyPrefix: keyPrefix() }).bucket('b', 2, 60);
    await bucket.consume('k');
    await bucket.consume('k');
    await expect(bucket.consume('k')).rejects.toBeInstanceOf(RateLimiterRes);
  });
});

describe('the limit store while Redis is unreachable', () => {
  // Nothing listens on port 1: the client keeps reconnecting and is never ready.
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, retryStrategy: () => 1000 });
    redis.on('error', () => undefined);
  });
  afterAll(() => redis.disconnect());

  it('counts in this replica’s memory at once, never waiting for the connection', async () => {
    const bucket = createLimitStore({ redis, keyPrefix: keyPrefix() }).bucket('b', 1, 60);
    const started = Date.now();
    await bucket.consume('k');
    await expect(bucket.consume('k')).rejects.toBeInstanceOf(RateLimiterRes);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('fails a count that may not fall back to memory, at once', async () => {
    const bucket = createLimitStore({ redis, keyPrefix: keyPrefix() }).bucket('b', 1, 60, { memoryWhileRedisDown: false });
    const started = Date.now();
    await expect(bucket.penalty('k', 1)).rejects.toThrow(/not ready/);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

(REDIS_URL ? describe : describe.skip)('the limit store over Redis (REDIS_URL)', () => {
  it('shares one count between two processes’ stores (replicas) over their command connections', async () => {
    const [a, b] = [connectRedisCommands(REDIS_URL as string), connectRedisCommands(REDIS_URL as string)];
    try {
      await Promise.all([a.ping(), b.ping()]);
      const prefix = keyPrefix();
      const [onA, onB] = [createLimitStore({ redis: a, keyPrefix: prefix }), createLimitStore({ redis: b, keyPrefix: prefix })].map((s) =>
        s.bucket('shared', 2, 60),
      );
      await onA.consume('k');
      await onB.consume('k');
      await expect(onA.consume('k')).rejects.toBeInstanceOf(RateLimiterRes);
      expect(await a.exists(`${prefix}:shared:k`)).toBe(1);
    } finally {
      await Promise.all([closeRedis(a), closeRedis(b)]);
    }
  });
});
