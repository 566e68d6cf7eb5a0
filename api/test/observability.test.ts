// Issue 14: the api's logs and metrics. /metrics answers Prometheus text on its own listener (never the public port);
// requests are counted under their route pattern; order transitions are counted and logged with the id of the request
// that created the order (x-request-id, adopted from web); secrets stay out of the lines; pretty vs JSON output.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { metricSample as sample } from 'server-kit/testing';
import { WebSocket } from 'ws';
import { loadConfig } from '../src/config';
import { startApi, type RunningApi } from '../src/main';
import { createApiMetrics } from '../src/observability/metrics';
import { registerWebSocket } from '../src/ws';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const order = {
  rateMode: 'FLOATING',
  instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
  instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
  destinationAddress: ETH_ADDR,
  claimedDepositAmount: '0.01',
};

describe('observability of the api', () => {
  let t: TestDb;
  let api: RunningApi;
  const board = new FakePriceBoard(TEST_PRICES);
  const lines: string[] = [];
  const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    // One backend per pass: PGlite in the default pass, PostgreSQL in CI's PostgreSQL pass (TEST_BACKENDS).
    t = await openTestDb(BACKENDS[0]);
    const realtime = {
      ...fakeRealtime(board),
      // The real WebSocket hub over the fake board, for the connection and subscription gauges.
      registerWebSocket: async (app: Parameters<typeof registerWebSocket>[0], quote: Parameters<typeof registerWebSocket>[1]['quote']) => {
        await registerWebSocket(app, { quote, priceBoard: board });
      },
    };
    api = await startApi(
      loadConfig({
        API_PORT: '0',
        METRICS_PORT: '0',
        LOG_LEVEL: 'debug',
        CONFIRMATION_INTERVAL_MS: '25',
        HTTP_RATE_LIMITS: 'orderCreate=1000',
      }),
      { db: t.handle, realtime, logStream: { write: (line: string) => void lines.push(line) }, accounts: { warn: () => undefined } },
    );
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const scrape = async () => {
    const res = await fetch(`${api.metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('serves /metrics in Prometheus text on the metrics listener only, not on the public port', async () => {
    expect(api.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(api.metricsUrl!).port).not.toBe(new URL(api.url).port);
    const text = await scrape();
    for (const name of ['http_request_duration_seconds', 'exchange_order_transitions_total', 'exchange_ws_connections', 'exchange_tick_lag_seconds']) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    // The process's default metrics, and the database gauges.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(sample(text, 'exchange_orders', { state: 'AWAITING_DEPOSIT' })).toBe(0);
    expect(sample(text, 'exchange_withdrawals_pending', { status: 'PENDING' })).toBe(0);
    expect(sample(text, 'exchange_webhook_deliveries_pending')).toBe(0);
    const publicPort = await fetch(`${api.url}/metrics`);
    expect(publicPort.status).toBe(404);
    expect(await publicPort.text()).not.toContain('# TYPE');
    // Anything but GET /metrics is not there.
    expect((await fetch(`${api.metricsUrl}/`)).status).toBe(404);
  });

  it('counts a request under its route pattern, never its raw URL', async () => {
    const orderId = `o-${randomBytes(4).toString('hex')}`;
    const res = await fetch(`${api.url}/api/v1/sandbox/orders/${orderId}/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '1' }),
    });
    await res.arrayBuffer(); // observed once the answer is sent
    expect(res.status).toBe(404);
    const text = await scrape();
    const labels = { method: 'POST', route: '/api/v1/sandbox/orders/:orderId/deposit', status_code: '404' };
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBe(1);
    expect(text).not.toContain(orderId);
  });

  it('answers with the caller’s valid x-request-id (or its own) and logs the request under it', async () => {
    const id = `web-${randomBytes(8).toString('hex')}`;
    const res = await fetch(`${api.url}/api/v1/health`, { headers: { 'x-request-id': id } });
    expect(res.headers.get('x-request-id')).toBe(id);
    expect(logged().some((l) => l.reqId === id && l.msg === 'request completed' && l.route === '/api/v1/health')).toBe(true);
    const bad = await fetch(`${api.url}/api/v1/health`, { headers: { 'x-request-id': 'has spaces and "quotes"' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('counts and logs an order’s transitions with the id of the request that created it, job steps included', async () => {
    const id = `web-${randomBytes(8).toString('hex')}`;
    const created = await fetch(`${api.url}/api/v1/orders/public/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': id },
      body: JSON.stringify(order),
    });
    expect(created.status).toBe(200);
    expect(created.headers.get('x-request-id')).toBe(id);
    const { orderId } = (await created.json()) as { orderId: string };
    const deposit = await fetch(`${api.url}/api/v1/sandbox/orders/${orderId}/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '0.01' }),
    });
    expect(deposit.status).toBe(200);
    const transitions = () => logged().filter((l) => l.msg === 'order transition' && l.orderId === orderId);
    const deadline = Date.now() + 20_000;
    while (!transitions().some((l) => l.to === 'COMPLETED') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    const path = transitions().map((l) => `${l.from}>${l.to}`);
    expect(path).toEqual(['NEW>AWAITING_DEPOSIT', 'AWAITING_DEPOSIT>CONFIRMING', 'CONFIRMING>EXCHANGING', 'EXCHANGING>WITHDRAWING', 'WITHDRAWING>COMPLETED']);
    // Every line about the order carries web's id, the job's (CONFIRMING onwards) as much as the request's.
    expect(transitions().every((l) => l.reqId === id)).toBe(true);
    const text = await scrape();
    expect(sample(text, 'exchange_order_transitions_total', { from: 'CONFIRMING', to: 'EXCHANGING' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'exchange_order_transitions_total', { from: 'WITHDRAWING', to: 'COMPLETED' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'exchange_job_lag_seconds_count', { job: 'orders' })).toBeGreaterThan(0);
  }, 30_000);

  it('counts WebSocket connections and subscriptions, and the lag of each tick', async () => {
    const ws = new WebSocket(`${api.url.replace('http', 'ws')}/api/v2/ws`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const first = new Promise((resolve) => ws.once('message', resolve));
    ws.send(JSON.stringify({ event: 'pairs.rates', data: { instrumentFromSlug: 'btc', instrumentToSlug: 'eth', rateMode: 'FLOATING' } }));
    await first;
    ws.send(JSON.stringify({ event: 'orders.subscribe', data: { orderId: 'o-1', destinationAddress: ETH_ADDR } }));
    await new Promise((r) => setTimeout(r, 50));
    board.set(TEST_PRICES, new Date(Date.now() - 200));
    const text = await scrape();
    expect(sample(text, 'exchange_ws_connections')).toBe(1);
    expect(sample(text, 'exchange_ws_subscriptions', { channel: 'pairs' })).toBe(1);
    expect(sample(text, 'exchange_ws_subscriptions', { channel: 'orders' })).toBe(1);
    expect(sample(text, 'exchange_tick_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'exchange_tick_lag_seconds_bucket', { le: '0.1' })).toBe(0);
    ws.close();
  });

  it('keeps secrets and query strings out of the request lines', async () => {
    const secret = randomBytes(8).toString('hex');
    await fetch(`${api.url}/api/v1/orders/public-info?orderId=o-${secret}a&destinationAddress=${secret}b`, {
      headers: { authorization: `Bearer ${secret}c`, cookie: `access_token=${secret}d`, 'x-api-key': `${secret}e` },
    });
    const text = lines.join('');
    expect(text).toContain('/api/v1/orders/public-info');
    expect(text).not.toContain(secret);
  });

  it('counts orders per state and the outbox depth from the database', async () => {
    // A queued mail shows in the depth (0017_outbox.sql); due in an hour, so the api's outbox worker leaves it alone.
    await t.handle.db.execute(sql`INSERT INTO outbox_messages (topic, payload, available_at) VALUES ('mail', '{}'::jsonb, now() + interval '1 hour')`);
    const metrics = createApiMetrics({ db: t.handle, dbCacheMs: 0, orderStates: ['AWAITING_DEPOSIT', 'COMPLETED'] });
    const text = await metrics.render();
    expect(sample(text, 'exchange_orders', { state: 'COMPLETED' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'exchange_orders', { state: 'AWAITING_DEPOSIT' })).toBe(0);
    // Depth of the outbox (0017_outbox.sql): mail and webhook messages neither delivered nor given up on.
    expect(sample(text, 'exchange_outbox_depth', { topic: 'mail' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'exchange_outbox_depth', { topic: 'webhook' })).toBeGreaterThanOrEqual(0);
  });
});

// Log output itself (pretty or JSON, redaction, request ids) is server-kit's (server-kit/src/logging.test.ts).
describe('log output', () => {
  it('reads LOG_FORMAT and the metrics listener from the configuration', () => {
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(loadConfig({}).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ API_PORT: '0' }).metrics.port).toBe(0);
    expect(loadConfig({ METRICS_PORT: 'off' }).metrics.port).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9999', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ port: 9999, host: '0.0.0.0' });
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
