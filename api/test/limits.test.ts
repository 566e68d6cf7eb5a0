// Limits on every public door (issue 7): per-address rate limits on the public POST calls (429 in the catalogue
// shape), keyed on the client address proxy trust yields, and HTTP timeouts and a connection cap that no slow
// client can sit on.
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { ApiErrorBodySchema, apiRoutes } from 'shared-contracts/server';
import { loadConfig } from '../src/config';
import { ROUTE_RATE_LIMITS, type RateLimitedRoute } from '../src/limits';
import { startApi, type RunningApi } from '../src/main';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { openTestDb, type TestDb } from './helpers/testDb';

const LIMIT = 2;
const ROUTES = Object.keys(ROUTE_RATE_LIMITS) as RateLimitedRoute[];

async function startLimitedApi(t: TestDb, env: Record<string, string> = {}): Promise<RunningApi> {
  const config = loadConfig({
    API_PORT: '0',
    LOG_LEVEL: 'silent',
    HTTP_RATE_LIMITS: ROUTES.map((name) => `${name}=${LIMIT}`).join(','),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  return startApi(config, {
    db: t.handle,
    realtime: fakeRealtime(new FakePriceBoard(TEST_PRICES)),
    // Own Redis keys per run, so runs sharing a Redis (CI) never see each other's counts.
    accounts: { rateLimitPrefix: `t${randomBytes(4).toString('hex')}` },
  });
}

describe('per-address rate limits', () => {
  let t: TestDb;
  let api: RunningApi;
  let untrusting: RunningApi;
  let oneHop: RunningApi;
  let seq = 0;
  /** A fresh public address per test, as web would append it to X-Forwarded-For. */
  const nextAddress = () => `198.51.100.${++seq}`;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    api = await startLimitedApi(t);
    // A proxy at 10.9.9.9 is trusted, but the test's own connections (from 127.0.0.1) are not that proxy.
    untrusting = await startLimitedApi(t, { TRUST_PROXY: '10.9.9.9' });
    oneHop = await startLimitedApi(t, { TRUST_PROXY: '1' });
  }, 60_000);
  afterAll(async () => {
    await untrusting?.close();
    await oneHop?.close();
    await api?.close();
    await t?.drop();
  });

  const post = async (base: RunningApi, name: RateLimitedRoute, forwardedFor: string) => {
    const def = apiRoutes[name];
    const res = await fetch(base.url + def.path, {
      method: def.method,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: def.method === 'GET' ? undefined : '{}',
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  };

  // A partner route checks the key before anything else (issue 29: no body is read, no count kept, for a request without
  // one): its per-address limit counts keyed requests only, so an anonymous flood meets 401 there (partner.contract.test).
  const anonymousRoutes = ROUTES.filter((name) => apiRoutes[name].auth !== 'partner');

  it.each(anonymousRoutes)('%s answers 429 ERR_TOO_MANY_REQUESTS in the catalogue shape past its limit', async (name) => {
    const address = nextAddress();
    for (let i = 0; i < LIMIT; i++) expect((await post(api, name, address)).status).not.toBe(429);
    const refused = await post(api, name, address);
    expect(refused.status).toBe(429);
    expect(ApiErrorBodySchema.parse(refused.body)).toMatchObject({ statusCode: 429, code: 'ERR_TOO_MANY_REQUESTS' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Another address, and another route from the same address, are not affected.
    expect((await post(api, name, nextAddress())).status).not.toBe(429);
    const other = name === 'validateAddress' ? 'orderCreate' : 'validateAddress';
    expect((await post(api, other, address)).status).not.toBe(429);
  });

  it('keys on the address web appended; a client-supplied left part of X-Forwarded-For is ignored', async () => {
    const real = nextAddress();
    for (let i = 0; i < LIMIT; i++) await post(api, 'validateAddress', `10.${i}.0.1, ${real}`);
    // A new made-up left part every time does not make a new client.
    expect((await post(api, 'validateAddress', `172.16.${seq}.9, ${real}`)).status).toBe(429);
    expect((await post(api, 'validateAddress', real)).status).toBe(429);
    // The same made-up left part in front of another real address is another client.
    expect((await post(api, 'validateAddress', `10.0.0.1, ${nextAddress()}`)).status).not.toBe(429);
  });

  it('with a hop count, keys on the address the nearest proxy appended', async () => {
    const real = nextAddress();
    for (let i = 0; i < LIMIT; i++) await post(oneHop, 'orderCreate', `10.${i}.0.2, ${real}`);
    expect((await post(oneHop, 'orderCreate', `10.99.0.2, ${real}`)).status).toBe(429);
    expect((await post(oneHop, 'orderCreate', `10.0.0.2, ${nextAddress()}`)).status).not.toBe(429);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    // Every request comes from 127.0.0.1, untrusted here: the spoofed addresses all count as that one peer.
    for (let i = 0; i < LIMIT; i++) await post(untrusting, 'orderSetEmail', nextAddress());
    const refused = await post(untrusting, 'orderSetEmail', nextAddress());
    expect(refused).toMatchObject({ status: 429, body: { code: 'ERR_TOO_MANY_REQUESTS' } });
  });
});

/** Raw HTTP over a socket: resolves with everything the server sent once it closes the connection. */
function untilClosed(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
}

async function connect(url: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return socket;
}

describe('HTTP server timeouts and connection cap', () => {
  let t: TestDb;
  let api: RunningApi;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    api = await startLimitedApi(t, { HTTP_REQUEST_TIMEOUT_MS: '600', HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_MAX_CONNECTIONS: '3' });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  it('cuts off a client that sends the headers, then trickles the body, with 408 in the catalogue shape', async () => {
    const socket = await connect(api.url);
    const closed = untilClosed(socket);
    const path = apiRoutes.validateAddress.path;
    socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"address":"`);
    const trickle = setInterval(() => socket.writable && socket.write('a'), 50);
    try {
      const answer = await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      expect(ApiErrorBodySchema.parse(body)).toMatchObject({ statusCode: 408, code: 'ERR_BAD_REQUEST' });
    } finally {
      clearInterval(trickle);
    }
  });

  it('cuts off a client that never finishes its headers', async () => {
    const socket = await connect(api.url);
    const closed = untilClosed(socket);
    socket.write(`GET ${apiRoutes.healthz.path} HTTP/1.1\r\nHost: localhost\r\n`);
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: a\r\n'), 50);
    try {
      expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
    }
  });

  it('accepts no connection past HTTP_MAX_CONNECTIONS', async () => {
    const held = [await connect(api.url), await connect(api.url), await connect(api.url)];
    try {
      const extra = await connect(api.url);
      // Dropped without an answer; the held connections still work.
      expect(await untilClosed(extra)).toBe('');
      held[0].write(`GET ${apiRoutes.healthz.path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(await untilClosed(held[0])).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      held.forEach((s) => s.destroy());
    }
  });
});
