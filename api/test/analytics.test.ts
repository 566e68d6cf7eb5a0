// Issue 13, the first-party analytics sink (§4 analytics events, §9 session id): POST /api/v1/analytics/events
// validates a batch against the contract, stores each event with user_type, session id, path, both times, its data and
// the account of a signed-in sender; keeps nothing personal (path query, emails, addresses); is rate-limited per
// address; never logs the payload; and forwards stored batches through the configured forwarder (fire-and-forget:
// a failing destination changes nothing for the browser). On PGlite and, with DATABASE_URL, on PostgreSQL.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ANALYTICS_EVENTS, ApiErrorBodySchema } from 'shared-contracts/server';
import { loadConfig } from '../src/config';
import { startApi, type RunningApi } from '../src/server';
import { httpForwarder, type ForwardedEvent } from '../src/modules/analytics/forwarder';
import { forwardedData, keptPath } from '../src/modules/analytics/privacy';
import { analyticsRetentionPass } from '../src/modules/analytics/retention';
import { testConfig } from './helpers/accounts';
import { fakeRealtime } from './helpers/fakes';
import { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const PATH = '/api/v1/analytics/events';
const PASSWORD = 'Correct-Horse-42';

interface Row {
  event: string;
  user_type: string;
  session_id: string | null;
  path: string | null;
  occurred_at: Date | string;
  received_at: Date | string;
  user_id: string | number | null;
  data: Record<string, unknown>;
}

/** A collector standing in for the forwarder's destination: records batches, answers with `status` (or never). */
async function startCollector() {
  const batches: ForwardedEvent[][] = [];
  let status = 204;
  let hang = false;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      batches.push((JSON.parse(body) as { events: ForwardedEvent[] }).events);
      if (hang) return;
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`,
    batches,
    answer: (s: number) => void (status = s),
    hangUp: (h: boolean) => void (hang = h),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const until = async <T>(probe: () => T | undefined | false, what: string): Promise<T> => {
  for (let i = 0; i < 120; i++) {
    const v = probe();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe.each(BACKENDS)('analytics sink on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  const logLines: string[] = [];
  let ipSeq = 0;
  const browser = () => new Browser(api.url, `10.13.0.${++ipSeq}`);
  const now = Date.now();
  const session = () => `s-${randomBytes(6).toString('hex')}`;
  const rows = (sessionId: string) =>
    t.handle.withSession((s) => s.query<Row>('SELECT * FROM analytics_events WHERE session_id = $1 ORDER BY id', [sessionId]));

  beforeAll(async () => {
    t = await openTestDb(backend);
    collector = await startCollector();
    api = await startApi(
      testConfig({ LOG_LEVEL: 'info', HTTP_RATE_LIMITS: 'analyticsCollect=5', ANALYTICS_FORWARD_URL: collector.url, ANALYTICS_FORWARD_TIMEOUT_MS: '300' }),
      {
        db: t.handle,
        realtime: fakeRealtime(),
        accounts: { rateLimitPrefix: `a${randomBytes(4).toString('hex')}` },
        logStream: { write: (line: string) => void logLines.push(line) },
      },
    );
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await collector?.close();
    await t?.drop();
  });

  it('stores every one of the twelve §4 events of a guest with user_type, session id, path and both times', async () => {
    const sessionId = session();
    const events = ANALYTICS_EVENTS.map((event, i) => ({
      event,
      user_type: 'guest',
      occurredAt: now - 1000 + i,
      sessionId,
      path: '/exchange',
      data: { n: i },
    }));
    const res = await browser().post(PATH, { events });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accepted: 12 });
    const stored = await rows(sessionId);
    expect(stored.map((r) => r.event)).toEqual([...ANALYTICS_EVENTS]);
    for (const [i, r] of stored.entries()) {
      expect(r).toMatchObject({ user_type: 'guest', session_id: sessionId, path: '/exchange', user_id: null, data: { n: i } });
      expect(new Date(r.occurred_at).getTime()).toBe(now - 1000 + i);
      expect(new Date(r.received_at).getTime()).toBeGreaterThanOrEqual(now - 1000);
    }
  });

  it('keeps the account id of a signed-in sender; an expired or forged session is stored as no account, never a 401', async () => {
    const user = browser();
    const email = `analytics-${randomBytes(4).toString('hex')}@example.com`;
    await user.post('/api/v1/users/local/create', { email, password: PASSWORD, browserFingerprint: 'fp' });
    expect((await user.post('/api/v1/users/local/authenticate', { email, password: PASSWORD, browserFingerprint: 'fp' })).status).toBe(200);
    const userId = (await user.get('/api/v1/users/account-data')).body.userId as number;
    const sessionId = session();
    expect((await user.post(PATH, { events: [{ event: 'login_success', user_type: 'registered', occurredAt: now, sessionId }] })).status).toBe(200);
    const forged = browser();
    forged.cookies.set('access_token', 'not-a-token');
    expect((await forged.post(PATH, { events: [{ event: 'test_event', user_type: 'guest', occurredAt: now, sessionId }] })).status).toBe(200);
    const stored = await rows(sessionId);
    expect(stored.map((r) => [r.event, r.user_type, r.user_id === null ? null : Number(r.user_id)])).toEqual([
      ['login_success', 'registered', userId],
      ['test_event', 'guest', null],
    ]);
  });

  it('keeps nothing personal: no query or hash in the path, no emails, addresses or personal keys in the data', async () => {
    const sessionId = session();
    const data = {
      orderId: '1b4e28ba-2fa1-11d2-883f-0016cb4d6f5a',
      from: 'btc',
      rateMode: 'FIXED',
      note: 'someone@example.com',
      destinationAddress: 'x',
      email: 'a',
      wallet: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe',
      count: 2,
      ok: true,
    };
    const path = '/order/1b4e28ba?destinationAddress=0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe#top';
    expect(
      (await browser().post(PATH, { events: [{ event: 'exchange_completed_guest', user_type: 'guest', occurredAt: now, sessionId, path, data }] })).status,
    ).toBe(200);
    const [row] = await rows(sessionId);
    // Issue 24: the order id does not stay in the path either.
    expect(row.path).toBe('/order/:id');
    expect(row.data).toEqual({ orderId: '1b4e28ba-2fa1-11d2-883f-0016cb4d6f5a', from: 'btc', rateMode: 'FIXED', count: 2, ok: true });
  });

  it('keeps events for ANALYTICS_RETENTION_DAYS after receipt, as the privacy policy says, then deletes them (issue 24)', async () => {
    const sid = session();
    const day = 24 * 60 * 60 * 1000;
    for (const ageDays of [400, 397, 395, 1]) {
      const at = new Date(now - ageDays * day).toISOString();
      await t.handle.withSession((s) =>
        s.query(
          `INSERT INTO analytics_events (event, user_type, session_id, path, occurred_at, received_at) VALUES ('page_view', 'guest', $1, $2, $3::timestamptz, $3::timestamptz)`,
          [sid, `/age-${ageDays}`, at],
        ),
      );
    }
    expect(await analyticsRetentionPass(t.handle, 396, new Date(now))).toBe(2);
    expect((await rows(sid)).map((r) => r.path)).toEqual(['/age-395', '/age-1']);
    expect(await analyticsRetentionPass(t.handle, 396, new Date(now))).toBe(0);
  });

  it('an implausible client clock is replaced by the time of receipt', async () => {
    const sessionId = session();
    await browser().post(PATH, { events: [{ event: 'test_event', user_type: 'guest', occurredAt: 8_640_000_000_000_001, sessionId }] });
    await browser().post(PATH, { events: [{ event: 'test_event', user_type: 'guest', occurredAt: 0, sessionId }] });
    for (const r of await rows(sessionId)) expect(Math.abs(new Date(r.occurred_at).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it.each([
    ['an unknown event', { events: [{ event: 'page_view', user_type: 'guest', occurredAt: now }] }],
    ['no user_type', { events: [{ event: 'test_event', occurredAt: now }] }],
    ['a user_type outside the two', { events: [{ event: 'test_event', user_type: 'admin', occurredAt: now }] }],
    ['an empty batch', { events: [] }],
    ['more than 50 events', { events: Array.from({ length: 51 }, () => ({ event: 'test_event', user_type: 'guest', occurredAt: now })) }],
    ['a nested data value', { events: [{ event: 'test_event', user_type: 'guest', occurredAt: now, data: { x: { y: 1 } } }] }],
    ['a string past 512 characters', { events: [{ event: 'test_event', user_type: 'guest', occurredAt: now, data: { x: 'y'.repeat(513) } }] }],
    ['a negative time', { events: [{ event: 'test_event', user_type: 'guest', occurredAt: -1 }] }],
  ])('refuses %s with 400 ERR_VALIDATION and stores nothing', async (_what, body) => {
    const before = await t.handle.withSession((s) => s.query<{ n: string }>('SELECT count(*) AS n FROM analytics_events'));
    const res = await browser().post(PATH, body);
    expect(res.status).toBe(400);
    expect(ApiErrorBodySchema.parse(res.body).code).toBe('ERR_VALIDATION');
    const after = await t.handle.withSession((s) => s.query<{ n: string }>('SELECT count(*) AS n FROM analytics_events'));
    expect(Number(after[0].n)).toBe(Number(before[0].n));
  });

  it('is rate-limited per address (429 ERR_TOO_MANY_REQUESTS), other addresses unaffected', async () => {
    const busy = browser();
    const one = { events: [{ event: 'test_event', user_type: 'guest', occurredAt: now }] };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await busy.post(PATH, one)).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const refused = await busy.post(PATH, one);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('ERR_TOO_MANY_REQUESTS');
    expect((await browser().post(PATH, one)).status).toBe(200);
  });

  it('forwards each stored batch without the account id; a failing or silent destination changes nothing for the browser and logs no payload', async () => {
    const sessionId = session();
    const marker = `marker-${randomBytes(4).toString('hex')}`;
    const events = [{ event: 'exchange_initiated', user_type: 'guest', occurredAt: now, sessionId, path: '/', data: { from: marker } }];
    expect((await browser().post(PATH, { events })).status).toBe(200);
    const batch = await until(() => collector.batches.find((b) => b.some((e) => e.sessionId === sessionId)), 'the forwarded batch');
    expect(batch).toEqual([
      {
        event: 'exchange_initiated',
        user_type: 'guest',
        sessionId,
        path: '/',
        occurredAt: new Date(now).toISOString(),
        receivedAt: expect.any(String),
        data: { from: marker },
      },
    ]);

    // Issue 24: an order page's event leaves without the order id, in its path or its data.
    const orderId = '1b4e28ba-2fa1-11d2-883f-0016cb4d6f5a';
    const completed = session();
    const completion = {
      event: 'exchange_completed_guest',
      user_type: 'guest',
      occurredAt: now,
      sessionId: completed,
      path: `/ru/order/${orderId}?destinationAddress=0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe`,
      data: { orderId, from: 'BTC', to: 'ETH', rateMode: 'FIXED' },
    };
    expect((await browser().post(PATH, { events: [completion] })).status).toBe(200);
    const forwarded = await until(() => collector.batches.find((b) => b.some((e) => e.sessionId === completed)), 'the order batch');
    expect(forwarded).toEqual([expect.objectContaining({ path: '/ru/order/:id', data: { from: 'BTC', to: 'ETH', rateMode: 'FIXED' } })]);
    expect(JSON.stringify(collector.batches)).not.toContain(orderId);

    collector.answer(500);
    const failed = session();
    expect((await browser().post(PATH, { events: [{ ...events[0], sessionId: failed }] })).status).toBe(200);
    await until(() => logLines.some((l) => l.includes('analytics forward failed') && l.includes('status 500')), 'the failure log');
    collector.hangUp(true);
    const silent = session();
    expect((await browser().post(PATH, { events: [{ ...events[0], sessionId: silent }] })).status).toBe(200);
    await until(() => logLines.some((l) => l.includes('analytics forward failed') && l.includes('timeout')), 'the timeout log');
    collector.hangUp(false);
    collector.answer(204);
    expect(await rows(failed)).toHaveLength(1);
    expect(await rows(silent)).toHaveLength(1);
    expect(logLines.join('\n')).not.toContain(marker);
    expect(logLines.join('\n')).not.toContain(sessionId);
  });
});

describe('keptPath (issue 24: no identifier leaves the site)', () => {
  it.each([
    ['/order/1b4e28ba-2fa1-11d2-883f-0016cb4d6f5a', '/order/:id'],
    ['/ru/order/1b4e28ba-2fa1-11d2-883f-0016cb4d6f5a?destinationAddress=0xabc#x', '/ru/order/:id'],
    ['/order/abc123', '/order/:id'],
    ['/order/pending', '/order/pending'],
    ['/exchange-btc-eth', '/exchange-btc-eth'],
    ['/blog/news/how-to-buy-bitcoin-in-2026', '/blog/news/how-to-buy-bitcoin-in-2026'],
    ['/docs/api/orders', '/docs/api/orders'],
    ['/profile/keys', '/profile/keys'],
    ['/something/0123456789abcdef0123', '/something/:id'],
    ['/x/0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', '/x/:id'],
    ['https://evil.example/order/1', null],
    ['', null],
  ])('%s → %s', (path, kept) => {
    expect(keptPath(path)).toBe(kept);
  });
  it('drops identifier keys and id-like values from what is forwarded', () => {
    expect(forwardedData({ orderId: 'o-1', order_id: 'o-2', id: 3, apiId: 'k', from: 'BTC', ref: '1b4e28ba-2fa1-11d2-883f-0016cb4d6f5a', n: 2 })).toEqual({
      from: 'BTC',
      n: 2,
    });
  });
});

describe('httpForwarder', () => {
  it('posts the batch as JSON and rejects on a non-2xx answer', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const ok = httpForwarder({
      url: 'https://collector.test/in',
      timeoutMs: 1000,
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return new Response(null, { status: 202 });
      },
    });
    const event: ForwardedEvent = { event: 'test_event', user_type: 'guest', sessionId: null, path: null, occurredAt: 'x', receivedAt: 'y', data: {} };
    await ok.forward([event]);
    expect(calls[0].url).toBe('https://collector.test/in');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ events: [event] });
    const failing = httpForwarder({ url: 'https://collector.test/in', timeoutMs: 1000, fetch: async () => new Response('no', { status: 503 }) });
    await expect(failing.forward([event])).rejects.toThrow('status 503');
  });
});

describe('analytics configuration', () => {
  it('store only by default; ANALYTICS_FORWARD_URL takes an http(s) URL, anything else refuses to start', () => {
    expect(loadConfig({}).analytics).toEqual({ forwardUrl: undefined, forwardTimeoutMs: 3000, retentionDays: 396 });
    expect(loadConfig({ ANALYTICS_FORWARD_URL: '' }).analytics.forwardUrl).toBeUndefined();
    expect(loadConfig({ ANALYTICS_FORWARD_URL: 'https://collector.example/in', ANALYTICS_FORWARD_TIMEOUT_MS: '1500' }).analytics).toEqual({
      forwardUrl: 'https://collector.example/in',
      forwardTimeoutMs: 1500,
      retentionDays: 396,
    });
    expect(() => loadConfig({ ANALYTICS_FORWARD_URL: 'file:///etc/passwd' })).toThrow(/ANALYTICS_FORWARD_URL/);
    expect(() => loadConfig({ ANALYTICS_FORWARD_URL: 'not a url' })).toThrow(/ANALYTICS_FORWARD_URL/);
    expect(() => loadConfig({ ANALYTICS_FORWARD_TIMEOUT_MS: '10' })).toThrow(/ANALYTICS_FORWARD_TIMEOUT_MS/);
  });
});
