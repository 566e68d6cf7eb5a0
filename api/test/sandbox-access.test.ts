// Sandbox powers never open to the public (issue 7): the mail outbox and the fake-deposit endpoint answer
// only a caller on the api's machine or one holding SANDBOX_TOKEN. And deny by default: a route outside the
// route table that declares no check of its own stops the app from starting.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { ApiErrorBodySchema, OrderSchema, type Order } from 'shared-contracts/server';
import { buildApp } from '../src/app';
import { main as sandboxCli } from '../src/cli/sandbox';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { UndeclaredRouteError } from '../src/http/access';
import { startApi, type RunningApi } from '../src/main';
import { createAccounts } from '../src/modules/accounts';
import { testConfig } from './helpers/accounts';
import { catalogueRepo } from './helpers/catalogue';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { openTestDb, type TestDb } from './helpers/testDb';

const TOKEN = `operator-${randomBytes(16).toString('hex')}`;
const VISITOR = '203.0.113.7';
const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';

/** A stand-in for web in front of the api, with a visitor from the internet behind it. */
async function proxyFromTheInternet(apiUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const upstream = http.request(apiUrl + req.url, { method: req.method, headers: { ...req.headers, 'x-forwarded-for': VISITOR } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('sandbox endpoints', () => {
  let t: TestDb;
  let api: RunningApi;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    // TRUST_PROXY is left at its default (loopback): web runs on this machine and appends the visitor's address.
    const config = loadConfig({ API_PORT: '0', LOG_LEVEL: 'silent', SANDBOX_TOKEN: TOKEN, CONFIRMATION_INTERVAL_MS: '60000' });
    api = await startApi(config, { db: t.handle, realtime: fakeRealtime(new FakePriceBoard(TEST_PRICES)) });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const call = async (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => {
    const res = await fetch(api.url + path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const newOrder = async (): Promise<Order> => {
    const r = await call(
      'POST',
      '/api/v1/orders/public/create',
      {},
      {
        rateMode: 'FLOATING',
        instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
        instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
        destinationAddress: ETH_ADDR,
        claimedDepositAmount: '0.01',
      },
    );
    expect(r.status).toBe(200);
    return OrderSchema.parse(r.body);
  };
  const readMail = (headers?: Record<string, string>) => call('GET', '/api/v1/sandbox/mail?to=someone%40example.com', headers);
  const deposit = (order: Order, headers?: Record<string, string>) =>
    call('POST', `/api/v1/sandbox/orders/${order.orderId}/deposit`, headers, { amount: order.claimedDepositAmount });
  const eventsOf = async (order: Order) => {
    const r = await call('GET', `/api/v1/orders/public-info?orderId=${order.orderId}&destinationAddress=${order.destinationAddress}`);
    return (r.body as Order).orderEvents.map((e) => e.kind);
  };
  const expectForbidden = (r: { status: number; body: unknown }) => {
    expect(r.status).toBe(403);
    expect(ApiErrorBodySchema.parse(r.body)).toMatchObject({ statusCode: 403, code: 'ERR_FORBIDDEN' });
  };

  it.each([
    ['a visitor coming through web', { 'x-forwarded-for': VISITOR }],
    ['a visitor who put 127.0.0.1 on the left of the chain', { 'x-forwarded-for': `127.0.0.1, ${VISITOR}` }],
    ['a visitor with a wrong token', { 'x-forwarded-for': VISITOR, 'x-sandbox-token': `${TOKEN}x` }],
  ])('refuse %s with 403 ERR_FORBIDDEN, and the deposit is not recorded', async (_who, headers) => {
    expectForbidden(await readMail(headers));
    const order = await newOrder();
    expectForbidden(await deposit(order, headers));
    expect(await eventsOf(order)).not.toContain('DEPOSIT_REGISTERED');
  });

  it('answer a caller holding the operator token, from anywhere', async () => {
    const headers = { 'x-forwarded-for': VISITOR, 'x-sandbox-token': TOKEN };
    expect(await readMail(headers)).toMatchObject({ status: 200, body: { sandbox: true, messages: [] } });
    const order = await newOrder();
    expect((await deposit(order, headers)).status).toBe(200);
    expect(await eventsOf(order)).toContain('DEPOSIT_REGISTERED');
  });

  it('answer a caller on the machine itself without a token', async () => {
    expect((await readMail()).status).toBe(200);
    const order = await newOrder();
    expect((await deposit(order)).status).toBe(200);
  });

  it('`pnpm sandbox deposit` from another machine works with SANDBOX_TOKEN set, and is refused without', async () => {
    const proxy = await proxyFromTheInternet(api.url);
    const saved = { API_URL: process.env.API_URL, SANDBOX_TOKEN: process.env.SANDBOX_TOKEN };
    process.env.API_URL = proxy.url;
    try {
      const order = await newOrder();
      delete process.env.SANDBOX_TOKEN;
      await expect(sandboxCli(['deposit', order.orderId, '0.01'], () => undefined)).rejects.toThrow(/403 ERR_FORBIDDEN/);
      process.env.SANDBOX_TOKEN = TOKEN;
      const lines: string[] = [];
      expect(await sandboxCli(['deposit', order.orderId, '0.01'], (l) => lines.push(l))).toBe(0);
      expect(lines[0]).toMatch(/^SANDBOX deposit of 0.01 BTC recorded/);
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      await proxy.close();
    }
  });
});

describe('deny by default', () => {
  let t: TestDb;
  let closeAccounts: () => Promise<void>;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    await migrate(t.handle);
    const config = testConfig();
    const accounts = await createAccounts(config, t.handle);
    closeAccounts = accounts.close;
    app = await buildApp(config, {
      db: t.handle,
      instruments: catalogueRepo(),
      priceBoard: new FakePriceBoard(TEST_PRICES),
      sandbox: { market: true, custody: true, provider: true, mail: true },
      version: 'test',
      accounts,
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await closeAccounts?.();
    await t?.drop();
  });

  it('refuses to register a route outside the route table that declares no check', () => {
    expect(() => app.get('/api/v1/debug/state', async () => ({ secret: true }))).toThrow(UndeclaredRouteError);
    expect(() => app.post('/api/v1/orders/public/create-fast', async () => ({}))).toThrow(/deny by default/);
  });

  it('stops startup when a plugin adds an undeclared route', async () => {
    const config = testConfig();
    const accounts = await createAccounts(config, t.handle);
    const other = await buildApp(config, {
      db: t.handle,
      instruments: catalogueRepo(),
      priceBoard: new FakePriceBoard(TEST_PRICES),
      sandbox: { market: true, custody: true, provider: true, mail: true },
      version: 'test',
      accounts,
    });
    try {
      other.register(async (plugin) => {
        plugin.get('/internal/metrics', async () => 'all of them');
      });
      await expect(other.ready()).rejects.toThrow(UndeclaredRouteError);
    } finally {
      await other.close().catch(() => undefined);
      await accounts.close();
    }
  });

  it('serves a route that declares its check, and applies it', async () => {
    app.get('/api/v1/sandbox/debug', { config: { access: 'sandbox' } }, async () => ({ ok: true }));
    await app.ready();
    const remote = await app.inject({ method: 'GET', url: '/api/v1/sandbox/debug', remoteAddress: '198.51.100.20' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ statusCode: 403, code: 'ERR_FORBIDDEN' });
    const local = await app.inject({ method: 'GET', url: '/api/v1/sandbox/debug', remoteAddress: '127.0.0.1' });
    expect(local.json()).toEqual({ ok: true });
  });
});
