// Fault tests (issue 14): the api's infrastructure goes away under it. Two replicas of the real api (src/main.ts)
// share a private PostgreSQL cluster and Redis server. Redis stopped mid-run: rates keep flowing on each replica
// and orders keep working, then the tick leader's ticks come back, once each. PostgreSQL restarted: the api stays
// up, answers catalogue errors meanwhile, /health says so, and it reconnects by itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { ApiProcess, type Json, PgCluster, RedisServer, sleep, waitFor } from './harness';

jest.setTimeout(120_000);

const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const TICK_MS = 500;
const order = (n: number) => ({
  rateMode: 'FLOATING' as const,
  instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
  instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
  destinationAddress: ETH_ADDR,
  claimedDepositAmount: (0.02 + n / 100_000).toFixed(5),
});
const say = (line: string) => process.stdout.write(`[fault] ${line}\n`);

let cluster: PgCluster;
let redis: RedisServer;
let replicas: ApiProcess[] = [];
let work: string;

beforeAll(async () => {
  cluster = await PgCluster.start();
  redis = await RedisServer.start();
  const database = await cluster.createDatabase('infra');
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'fault-infra-'));
  const options = (i: number) => ({
    databaseUrl: cluster.urlOf(database),
    redisUrl: redis.url,
    logFile: path.join(work, `api-${i}.log`),
    // A board two seconds without a tick is stale (health TECHNICAL_DIFFICULTIES): a stall shows fast.
    env: { TICK_INTERVAL_MS: String(TICK_MS), PRICE_STALE_AFTER_MS: '2000' },
  });
  // The first replica migrates; the second starts on the migrated database (as a rolling deployment would).
  replicas = [await ApiProcess.start(options(0))];
  replicas.push(await ApiProcess.start(options(1)));
}, 120_000);

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
  await redis?.stop();
  await cluster?.destroy();
  if (work && process.env.FAULT_KEEP_LOGS !== '1') fs.rmSync(work, { recursive: true, force: true });
});

const rate = (api: ApiProcess) => api.get('/api/v2/rates/public/one?instrumentFromSlug=btc&instrumentToSlug=eth');

/** Creates an order on `api` and reads it back on every replica. */
async function orderRoundTrip(api: ApiProcess, n: number): Promise<void> {
  let t = Date.now();
  const created = await api.post('/api/v1/orders/public/create', order(n));
  if (process.env.FAULT_TRACE) say(`create ${Date.now() - t} ms`);
  expect(created.status).toBe(200);
  for (const r of replicas) {
    t = Date.now();
    const info = await r.get(`/api/v1/orders/public-info?orderId=${created.body.orderId}&destinationAddress=${ETH_ADDR}`);
    if (process.env.FAULT_TRACE) say(`info ${Date.now() - t} ms`);
    expect(info.status).toBe(200);
    expect(info.body.orderId).toBe(created.body.orderId);
  }
}

/** The rate's updatedAt on a replica moves on within a few ticks. */
async function ratesFlow(api: ApiProcess): Promise<void> {
  const first = await rate(api);
  expect(first.status).toBe(200);
  await waitFor(`a newer rate on ${api.url}`, 4 * TICK_MS + 2000, async () => {
    const next = await rate(api);
    return next.status === 200 && next.body.updatedAt > first.body.updatedAt;
  });
}

/** Tick numbers published on the bus for `ms` (another subscriber of the same Redis). */
async function ticksOnBus(ms: number): Promise<number[]> {
  const sub = new Redis(redis.url);
  const ticks: number[] = [];
  sub.on('message', (_channel, message: string) => ticks.push((JSON.parse(message) as { tick: number }).tick));
  await sub.subscribe('exchange:rates.tick');
  await sleep(ms);
  await sub.quit();
  return ticks;
}

describe('infrastructure faults under two api replicas', () => {
  it('Redis stopped mid-run: rates keep flowing on each replica, orders keep working; the leader takes over again when it returns', async () => {
    // Before: one leader publishes each tick once.
    const before = await ticksOnBus(4 * TICK_MS);
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(new Set(before).size).toBe(before.length);
    for (const r of replicas) await ratesFlow(r);

    await redis.stop();
    const down = Date.now();
    // While Redis is away (several stale periods): each replica keeps its board fresh and answers.
    let n = 0;
    try {
      while (Date.now() - down < 5000) {
        for (const r of replicas) {
          expect(r.alive).toBe(true);
          const health = await r.get('/api/v1/health');
          expect(health.body).toMatchObject({ status: 'OK', checks: { db: 'up', market: 'up' } });
          const t = Date.now();
          await orderRoundTrip(r, n++);
          // Not held up by the missing Redis (an order event waiting for it, say).
          expect(Date.now() - t).toBeLessThan(2000);
        }
        await sleep(300);
      }
      for (const r of replicas) await ratesFlow(r);
    } finally {
      await redis.start();
    }

    // After: the ticks come from the bus again, one publisher, each tick once, and both boards follow them.
    await waitFor('ticks on the bus again', 15_000, async () => (await ticksOnBus(2 * TICK_MS)).length > 0);
    const after = await ticksOnBus(4 * TICK_MS);
    say(`redis: ${before.length} ticks on the bus before, ${n} order round trips while down, ${after.length} ticks after`);
    expect(after.length).toBeGreaterThanOrEqual(2);
    expect(new Set(after).size).toBe(after.length);
    expect(after).toEqual([...after].sort((a, b) => a - b));
    for (const r of replicas) {
      await ratesFlow(r);
      const health = await r.get('/api/v1/health');
      expect(health.body.status).toBe('OK');
      expect(r.alive).toBe(true);
    }
    await orderRoundTrip(replicas[1], n++);
  });

  it('PostgreSQL restarted: no crash, catalogue errors and an unhealthy /health meanwhile, reconnects by itself', async () => {
    const [api] = replicas;
    await orderRoundTrip(api, 500);
    const seen: Array<{ status: number; body: Json }> = [];
    await cluster.stop('fast');
    try {
      const healthDown: Json[] = [];
      const downAt = Date.now();
      while (Date.now() - downAt < 3000) {
        healthDown.push((await api.get('/api/v1/health')).body);
        seen.push(await api.post('/api/v1/orders/public/create', order(501)));
        seen.push(await api.get(`/api/v1/orders/public-info?orderId=00000000-0000-4000-8000-000000000000&destinationAddress=${ETH_ADDR}`));
        await sleep(200);
      }
      // §4: the database down → not OK (the api's mapping: UNHEALTHY, db down).
      for (const h of healthDown) expect(h).toMatchObject({ status: 'UNHEALTHY', checks: { db: 'down' } });
      // §8: every answer meanwhile is the catalogue's 503, never a raw 500 or a dropped connection.
      for (const s of seen) expect({ status: s.status, code: s.body?.code }).toEqual({ status: 503, code: 'ERR_SERVICE_UNAVAILABLE' });
      for (const r of replicas) expect(r.alive).toBe(true);
    } finally {
      await cluster.startServer();
    }
    const upAt = Date.now();
    await waitFor('health OK after the restart', 20_000, async () => (await api.get('/api/v1/health')).body.status === 'OK');
    say(`postgres: ${seen.length} requests answered while down; health OK ${Date.now() - upAt} ms after the database came back`);
    for (const r of replicas) {
      expect(r.alive).toBe(true);
      await orderRoundTrip(r, 502);
    }
  });
});
