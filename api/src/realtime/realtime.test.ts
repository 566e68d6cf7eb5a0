import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { sandboxPriceAt } from '../adapters/market/sandbox';
import type { MarketDataAdapter } from '../adapters/market/types';
import { createRealtime, type RealtimeHandle } from './index';
import type { RealtimeOptions } from './types';

const TICK_MS = 50;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function options(extra: Partial<RealtimeOptions> = {}): RealtimeOptions {
  return {
    marketAdapter: 'sandbox',
    tickIntervalMs: TICK_MS,
    currencyTitles: ['BTC', 'ETH', 'USDT', 'EUR'],
    sandboxSeed: 11,
    logger: quiet,
    ...extra,
  };
}

async function until(cond: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Records (tick → BTC price) as the board applies ticks. */
function record(rt: RealtimeHandle): Map<number, string> {
  const seen = new Map<number, string>();
  rt.priceBoard.onTick(() => seen.set(rt.priceBoard.tick!, rt.priceBoard.priceUsd('BTC')!.toFixed()));
  return seen;
}

describe('realtime on the memory bus', () => {
  let rt: RealtimeHandle;
  afterEach(() => rt?.stop());

  it('is leader, resolves start() after the first tick and keeps ticking with sandbox prices', async () => {
    rt = (await createRealtime(options())) as RealtimeHandle;
    expect(rt.marketIsSandbox).toBe(true);
    expect(rt.priceBoard.updatedAt).toBeNull();
    expect(rt.priceBoard.priceUsd('BTC')).toBeUndefined();
    await rt.start();
    expect(rt.isLeader).toBe(true);
    const first = rt.priceBoard.tick!;
    expect(rt.priceBoard.updatedAt).toBeInstanceOf(Date);
    expect(rt.priceBoard.priceUsd('BTC')!.eq(sandboxPriceAt(11, 'BTC', first)!)).toBe(true);
    expect(rt.priceBoard.priceUsd('USDT')!.toFixed()).toBe('1');
    expect(rt.priceBoard.priceUsd('XYZ')).toBeUndefined();

    const ticks: number[] = [];
    rt.priceBoard.onTick(() => ticks.push(rt.priceBoard.tick!));
    await until(() => ticks.length >= 3);
    expect(ticks[0]).toBeGreaterThan(first);
    expect([...ticks].sort((a, b) => a - b)).toEqual(ticks);
    await rt.stop();
    const after = rt.priceBoard.tick;
    await new Promise((r) => setTimeout(r, TICK_MS * 3));
    expect(rt.priceBoard.tick).toBe(after);
  });

  it('skips a tick when the market fails, without stopping', async () => {
    let calls = 0;
    const market: MarketDataAdapter = {
      name: 'flaky',
      isSandbox: false,
      async fetchPrices(titles, ctx) {
        if (++calls === 2) throw new Error('exchange down');
        return new Map(titles.map((t) => [t, sandboxPriceAt(1, t, ctx!.tick)!] as const));
      },
    };
    rt = (await createRealtime(options({ market }))) as RealtimeHandle;
    await rt.start();
    await until(() => calls >= 4);
    expect(rt.publishedTicks).toBe(calls - 1);
    expect(rt.marketIsSandbox).toBe(false);
  });

  it('rejects start() when no tick arrives in time', async () => {
    const market: MarketDataAdapter = {
      name: 'dead',
      isSandbox: false,
      fetchPrices: () => Promise.reject(new Error('down')),
    };
    rt = (await createRealtime(options({ market, startTimeoutMs: 200 }))) as RealtimeHandle;
    await expect(rt.start()).rejects.toThrow('no rate tick');
  });
});

const REDIS_URL = process.env.REDIS_URL;
(REDIS_URL ? describe : describe.skip)('realtime on Redis (REDIS_URL): tick leader election', () => {
  const running: RealtimeHandle[] = [];
  const make = async (busPrefix: string, extra: Partial<RealtimeOptions> = {}) => {
    const rt = (await createRealtime(options({ redisUrl: REDIS_URL, busPrefix, ...extra }))) as RealtimeHandle;
    running.push(rt);
    return rt;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
  });

  it('elects one leader; both boards apply the same ticks from the bus; fails over when the leader stops', async () => {
    const prefix = `test:${randomUUID()}:`;
    const a = await make(prefix);
    const b = await make(prefix);
    const seenA = record(a);
    const seenB = record(b);
    await Promise.all([a.start(), b.start()]);
    await until(() => seenA.size >= 5 && seenB.size >= 5);

    expect([a.isLeader, b.isLeader].filter(Boolean)).toHaveLength(1);
    const [leader, follower] = a.isLeader ? [a, b] : [b, a];
    expect(follower.publishedTicks).toBe(0);
    expect(leader.publishedTicks).toBeGreaterThanOrEqual(5);
    const common = [...seenA.keys()].filter((t) => seenB.has(t));
    expect(common.length).toBeGreaterThanOrEqual(4);
    for (const t of common) expect(seenA.get(t)).toBe(seenB.get(t));

    const lastBefore = follower.priceBoard.tick!;
    await leader.stop();
    await until(() => follower.isLeader && follower.priceBoard.tick! > lastBefore + 2);
    expect(follower.publishedTicks).toBeGreaterThan(0);
  });

  it('takes over when the leader dies without releasing (lock expiry)', async () => {
    const prefix = `test:${randomUUID()}:`;
    const redis = new Redis(REDIS_URL!);
    try {
      // A "dead" leader: holds the lock but never publishes or renews.
      await redis.set(`${prefix}rates:leader`, 'dead-process', 'PX', 400);
      const rt = await make(prefix, { leaderTtlMs: 400 });
      const t0 = Date.now();
      await rt.start();
      expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
      expect(rt.isLeader).toBe(true);
      expect(await redis.pttl(`${prefix}rates:leader`)).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it('releases the lock on stop', async () => {
    const prefix = `test:${randomUUID()}:`;
    const redis = new Redis(REDIS_URL!);
    try {
      const rt = await make(prefix);
      await rt.start();
      expect(await redis.exists(`${prefix}rates:leader`)).toBe(1);
      await rt.stop();
      expect(await redis.exists(`${prefix}rates:leader`)).toBe(0);
    } finally {
      redis.disconnect();
    }
  });
});
