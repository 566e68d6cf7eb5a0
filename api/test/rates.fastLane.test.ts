// Issue 27: rates/public/one's repeated queries are answered by the fast lane (api/src/http/fastLane.ts), before
// Fastify. Its answers must be the full way's: status, body bytes, every header but the date and the request id's
// value; the request id, the metrics and the log line move as before; a bad query is the catalogue's 400; a signed-in
// request (cookies, Authorization), a request with a body or with a control character in a header, and every request
// while draining take the full way, as before. `fullWay` counts the requests that reached Fastify's hooks.
import net from 'node:net';
import Fastify from 'fastify';
import { metricSample as sample } from 'server-kit/testing';
import { loadConfig } from '../src/config';
import { installFastLane } from '../src/http/fastLane';
import { ROUTE_RATE_LIMITS } from '../src/limits';
import { startApi, type RunningApi } from '../src/main';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const PATH = '/api/v2/rates/public/one';
const QUERY = 'instrumentFromSlug=btc&instrumentToSlug=eth&claimedDepositAmount=0.1';
const VALID_ID = 'lane-test-0001';

/** Headers as a plain object without the two that differ by nature (the date, the request id's value). */
function comparable(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    if (key !== 'date' && key !== 'x-request-id') out[key] = value;
  });
  return out;
}

/** One raw HTTP/1.1 exchange (fetch refuses to send control characters in a header). */
function rawRequest(url: string, lines: string[], body = ''): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      const head = data.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(data);
      if (head !== -1 && length && data.length >= head + 4 + Number(length[1])) {
        socket.destroy();
        resolve(data);
      }
    });
    socket.on('error', reject);
  });
}

describe('rates/public/one: the fast lane answers as the full way does', () => {
  let t: TestDb;
  let api: RunningApi;
  const board = new FakePriceBoard(TEST_PRICES);
  const lines: string[] = [];
  let fullWay = 0;

  beforeAll(async () => {
    t = await openTestDb(BACKENDS[0]);
    const realtime = {
      ...fakeRealtime(board),
      // Called before the app is ready: a hook that counts what reaches Fastify on this route.
      registerWebSocket: async (app: RunningApi['app']) => {
        app.addHook('onRequest', (request, _reply, done) => {
          if (request.url.startsWith(PATH)) fullWay++;
          done();
        });
      },
    };
    api = await startApi(loadConfig({ API_PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'debug' }), {
      db: t.handle,
      realtime,
      logStream: { write: (line: string) => void lines.push(line) },
      accounts: { warn: () => undefined },
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const rate = (query = QUERY, headers: Record<string, string> = {}) => fetch(`${api.url}${PATH}?${query}`, { headers });
  const requestCount = async () => {
    const text = await (await fetch(`${api.metricsUrl}/metrics`)).text();
    return sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: PATH, status_code: '200' }) ?? 0;
  };

  it('answers a repeated query from the lane with the full way’s status, bytes and headers', async () => {
    const first = await rate(); // the full way (nothing known yet this tick): the answer is remembered
    const firstBody = Buffer.from(await first.arrayBuffer());
    const before = fullWay;
    const lane = await rate();
    const laneBody = Buffer.from(await lane.arrayBuffer());
    expect(fullWay).toBe(before); // never reached Fastify
    // The full way for the same query this tick: with a cookie (the lane leaves signed-in requests to Fastify)…
    const cookied = await rate(QUERY, { cookie: 'unrelated=1' });
    const cookiedBody = Buffer.from(await cookied.arrayBuffer());
    expect(fullWay).toBe(before + 1);
    // …and through Fastify's own entry point (inject never passes the server's listener).
    const injected = await api.app.inject({ method: 'GET', url: `${PATH}?${QUERY}` });

    expect(first.status).toBe(200);
    expect(lane.status).toBe(200);
    expect(cookied.status).toBe(200);
    expect(laneBody.equals(firstBody)).toBe(true);
    expect(laneBody.equals(cookiedBody)).toBe(true);
    expect(laneBody.equals(injected.rawPayload)).toBe(true);
    expect(comparable(lane.headers)).toEqual(comparable(first.headers));
    expect(comparable(lane.headers)).toEqual(comparable(cookied.headers));
    expect(comparable(lane.headers)).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'content-length': String(laneBody.length),
    });
    // The whole raw answer, header order included, but the date and the request id's value: lane = full way.
    const { port } = new URL(api.url);
    const head = [`GET ${PATH}?${QUERY} HTTP/1.1`, `Host: 127.0.0.1:${port}`];
    const normalise = (raw: string) => raw.replace(/^Date: .*$/m, 'Date: -').replace(/^x-request-id: .*$/m, 'x-request-id: -');
    const rawLane = await rawRequest(api.url, head);
    const rawFull = await rawRequest(api.url, [...head, 'Cookie: unrelated=1']);
    expect(fullWay).toBe(before + 3); // cookied, injected, rawFull
    expect(normalise(rawLane)).toBe(normalise(rawFull));
    expect(rawLane.slice(0, rawLane.indexOf('\r\n\r\n')).split('\r\n')).toEqual([
      'HTTP/1.1 200 OK',
      expect.stringMatching(/^x-request-id: [0-9a-f-]{36}$/),
      'content-type: application/json; charset=utf-8',
      'x-content-type-options: nosniff',
      `content-length: ${laneBody.length}`,
      expect.stringMatching(/^Date: /),
      'Connection: keep-alive',
      expect.stringMatching(/^Keep-Alive: timeout=\d+$/),
    ]);
    expect(lane.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(lane.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('adopts a valid x-request-id and replaces an invalid one, as the full way does', async () => {
    await rate();
    const before = fullWay;
    expect((await rate(QUERY, { 'x-request-id': VALID_ID })).headers.get('x-request-id')).toBe(VALID_ID);
    const invalid = (await rate(QUERY, { 'x-request-id': 'not valid!' })).headers.get('x-request-id');
    expect(invalid).not.toBe('not valid!');
    expect(invalid).toMatch(/^[0-9a-f-]{36}$/);
    expect(fullWay).toBe(before);
  });

  it('counts each lane answer in the latency histogram and logs it as the full way does', async () => {
    await rate();
    const before = await requestCount();
    const id = 'lane-test-log-1';
    for (let i = 0; i < 5; i++) await (await rate(QUERY, i === 0 ? { 'x-request-id': id } : {})).arrayBuffer();
    expect((await requestCount()) - before).toBe(5);
    // LOG_LEVEL=debug: every request's line (info would show none for a fast 200), with its request id, the path only
    const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.reqId === id);
    expect(line).toMatchObject({ level: 20, msg: 'request completed', method: 'GET', route: PATH, url: PATH, statusCode: 200 });
    expect(typeof line?.responseTime).toBe('number');
    // the full way's line has the same shape
    const fullId = 'lane-test-log-2';
    await (await rate(QUERY, { 'x-request-id': fullId, cookie: 'unrelated=1' })).arrayBuffer();
    const full = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.reqId === fullId);
    expect(Object.keys(full ?? {}).sort()).toEqual(Object.keys(line ?? {}).sort());
  });

  it('answers a bad query with the catalogue’s 400 every time (the full way)', async () => {
    for (let i = 0; i < 2; i++) {
      const before = fullWay;
      const res = await rate('instrumentFromSlug=btc&instrumentToSlug=eth&claimedDepositAmount=abc');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: 400, code: 'ERR_VALIDATION' });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(fullWay).toBe(before + 1);
    }
  });

  it('leaves a signed-in request (cookies, Authorization) to the full way', async () => {
    await rate();
    const before = fullWay;
    expect((await rate(QUERY, { cookie: 'access_token=whatever' })).status).toBe(200);
    // a bearer token that does not verify is ignored on this public route, as before
    expect((await rate(QUERY, { authorization: 'Bearer not-a-token' })).status).toBe(200);
    expect(fullWay).toBe(before + 2);
  });

  it('leaves a request with a body to the full way; a control character in a header is refused before either way', async () => {
    await rate();
    const { port } = new URL(api.url);
    const before = fullWay;
    const withBody = await rawRequest(api.url, [`GET ${PATH}?${QUERY} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Content-Length: 2'], '{}');
    expect(withBody).toMatch(/^HTTP\/1\.1 200 /);
    const control = await rawRequest(api.url, [`GET ${PATH}?${QUERY} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'X-Note: a\u007fb']);
    // Node's parser refuses it (the catalogue's 400 from clientErrors.ts); the lane checks headers as controlChars.ts does anyway
    expect(control).toMatch(/^HTTP\/1\.1 400 /);
    expect(control).toContain('"statusCode":400,"code":"ERR_BAD_REQUEST"');
    expect(fullWay).toBe(before + 1);
  });

  it('has no per-address limit on this route to keep (none declared), and refuses a lane to a route with its own hooks or limit', async () => {
    expect(Object.keys(ROUTE_RATE_LIMITS)).not.toContain('rateOne');
    const known = () => undefined;
    const refused = async (register: (app: ReturnType<typeof Fastify>) => void) => {
      const app = Fastify();
      installFastLane(app, { slowMs: 1000 });
      expect(() => register(app)).toThrow(/no fast lane/);
      await app.close();
    };
    await refused((app) => app.get('/x', { config: { knownAnswer: known, rateLimit: { max: 1 } } }, async () => 'x'));
    await refused((app) =>
      app.get('/x', { config: { knownAnswer: known }, onRequest: (_request: unknown, _reply: unknown, done: () => void) => done() }, async () => 'x'),
    );
    await refused((app) => app.post('/x', { config: { knownAnswer: known } }, async () => 'x'));
  });

  it('follows a new tick: the lane never serves the previous tick’s answer', async () => {
    const old = await (await rate()).json();
    board.set({ ...TEST_PRICES, ETH: '2000' }, new Date(Date.now() + 1000));
    const before = fullWay;
    const fresh = await (await rate()).json();
    expect(fullWay).toBe(before + 1); // unknown this tick: the full way computes it
    expect(fresh.amountToGet).not.toBe(old.amountToGet);
    expect((await (await rate()).json()).amountToGet).toBe(fresh.amountToGet);
    expect(fullWay).toBe(before + 1);
  });

  it('takes the full way while draining: the catalogue’s 503 with Connection: close', async () => {
    await rate();
    api.app.drain.begin();
    const res = await rate();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ statusCode: 503, code: 'ERR_SERVICE_UNAVAILABLE' });
    expect(res.headers.get('connection')).toBe('close');
  });
});
