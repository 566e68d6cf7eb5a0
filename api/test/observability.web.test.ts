// Issue 14: a request id made by web follows the request into the api and the order job. The real web server
// (web/) in front of the real api: web's x-request-id comes back in the answer, the api logs the request under
// it, and the order created by that request has its transitions — the job's included — logged under it too.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config';
import { startApi, type RunningApi } from '../src/main';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { openTestDb, type TestDb } from './helpers/testDb';

// Loaded by path: web is a package of its own, and the api's type-check must not compile it.
const WEB_MAIN = path.resolve(__dirname, '../../web/src/main.ts');

describe('request ids from web through the api into the order job', () => {
  let t: TestDb;
  let api: RunningApi;
  let web: FastifyInstance;
  let webUrl: string;
  const apiLines: string[] = [];
  const webLines: string[] = [];
  const apiLog = () => apiLines.map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    t = await openTestDb('pglite');
    api = await startApi(
      loadConfig({ API_PORT: '0', METRICS_PORT: 'off', LOG_LEVEL: 'debug', CONFIRMATION_INTERVAL_MS: '25', HTTP_RATE_LIMITS: 'orderCreate=1000' }),
      {
        db: t.handle,
        realtime: fakeRealtime(new FakePriceBoard(TEST_PRICES)),
        logStream: { write: (line: string) => void apiLines.push(line) },
        accounts: { warn: () => undefined },
      },
    );
    const { buildWebServer } = (await import(WEB_MAIN)) as { buildWebServer(o: object): Promise<FastifyInstance> };
    web = await buildWebServer({
      apiUrl: api.url,
      env: { SSR: 'off', LOG_LEVEL: 'debug' },
      logger: true,
      logStream: { write: (line: string) => void webLines.push(line) },
    });
    webUrl = await web.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await web?.close();
    await api?.close();
    await t?.drop();
  });

  it('answers web’s id, and the api’s lines about the request and the order’s transitions carry it', async () => {
    const res = await fetch(`${webUrl}/api/v1/orders/public/create`, {
      method: 'POST',
      // A visitor's own id is not taken: web is the edge here (no WEB_TRUST_PROXY).
      headers: { 'content-type': 'application/json', 'x-request-id': 'visitor-chosen-0001' },
      body: JSON.stringify({
        rateMode: 'FLOATING',
        instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
        instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
        destinationAddress: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe',
        claimedDepositAmount: '0.01',
      }),
    });
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const { orderId } = (await res.json()) as { orderId: string };

    // web's line and the api's line about the same request, under the same id.
    expect(webLines.map((l) => JSON.parse(l)).some((l) => l.reqId === id && l.msg === 'request completed' && l.kind === 'proxy')).toBe(true);
    expect(apiLog().some((l) => l.reqId === id && l.msg === 'request completed' && l.route === '/api/v1/orders/public/create')).toBe(true);
    expect(apiLines.join('')).not.toContain('visitor-chosen-0001');

    // The deposit (another request) moves the order; the job takes it from CONFIRMING to COMPLETED.
    const deposit = await fetch(`${api.url}/api/v1/sandbox/orders/${orderId}/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '0.01' }),
    });
    expect(deposit.status).toBe(200);
    const transitions = () => apiLog().filter((l) => l.msg === 'order transition' && l.orderId === orderId);
    const deadline = Date.now() + 20_000;
    while (!transitions().some((l) => l.to === 'COMPLETED') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    const jobSteps = transitions().filter((l) => ['CONFIRMING', 'EXCHANGING', 'WITHDRAWING'].includes(String(l.from)));
    expect(jobSteps.map((l) => l.to)).toEqual(['EXCHANGING', 'WITHDRAWING', 'COMPLETED']);
    expect(transitions().every((l) => l.reqId === id)).toBe(true);
  }, 30_000);
});
