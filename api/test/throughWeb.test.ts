// Issue 7 "Client addresses", end to end: the real web server (web/) in front of the real api with
// its default TRUST_PROXY (loopback, where web runs). A client that invents a new X-Forwarded-For on every
// request still spends one address's budget, because web replaces the header with the socket's address.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { startApi, type RunningApi } from '../src/main';
import { fakeRealtime } from './helpers/fakes';
import { testConfig } from './helpers/accounts';
import { openTestDb, type TestDb } from './helpers/testDb';

// Loaded by path: web is a package of its own, and the api's type-check must not compile it.
const WEB_MAIN = path.resolve(__dirname, '../../web/src/main.ts');

describe('a spoofed X-Forwarded-For through web', () => {
  let t: TestDb;
  let api: RunningApi;
  let web: FastifyInstance;
  let webUrl: string;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    api = await startApi(testConfig({ RATE_LIMIT_LOGIN_PER_IP: '5', RATE_LIMIT_LOGIN_PER_ACCOUNT_IP: '100' }), {
      db: t.handle,
      realtime: fakeRealtime(),
      accounts: { rateLimitPrefix: `w${randomBytes(4).toString('hex')}` },
    });
    const { buildWebServer } = (await import(WEB_MAIN)) as { buildWebServer(o: object): Promise<FastifyInstance> };
    web = await buildWebServer({ apiUrl: api.url, env: {}, logger: false });
    webUrl = await web.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await web?.close();
    await api?.close();
    await t?.drop();
  });

  it('does not change the address the sign-in limiter sees: the sixth failure is a 429 for that address', async () => {
    const statuses: number[] = [];
    let last: { code?: string; details?: { limit?: string } } = {};
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${webUrl}/api/v1/users/local/authenticate`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // A new made-up client address every time, as an attacker would send to dodge per-address limits.
          'x-forwarded-for': `198.51.100.${i + 1}`,
          'x-real-ip': `198.51.100.${i + 1}`,
        },
        body: JSON.stringify({ email: `nobody-${i}@example.com`, password: 'Wrong-password-1', browserFingerprint: 'fp' }),
      });
      statuses.push(res.status);
      last = (await res.json()) as typeof last;
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(last).toMatchObject({ code: 'ERR_TOO_MANY_REQUESTS', details: { limit: 'ip' } });
  });
});
