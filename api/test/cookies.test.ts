// Session cookie flags (issue 7): Secure whenever the site's public origin is https and always in production,
// whatever the request looked like; refresh_token sent only to the calls that use it.
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../src/config';
import { startApi, type RunningApi } from '../src/main';
import { testConfig } from './helpers/accounts';
import { fakeRealtime } from './helpers/fakes';
import { Browser } from './helpers/session';
import { openTestDb, type TestDb } from './helpers/testDb';

const PASSWORD = `Plain-${randomBytes(6).toString('hex')}`;

describe.each([
  [
    'in production over plain http',
    () =>
      loadConfig({
        API_PORT: '0',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
        SANDBOX_MODE: 'true',
        JWT_SECRET: 'j'.repeat(40),
        DATA_ENCRYPTION_KEY: 'd'.repeat(40),
      }),
  ],
  ['with an https PUBLIC_ORIGIN', () => testConfig({ PUBLIC_ORIGIN: 'https://exchange.example' })],
])('session cookies %s', (_when, config) => {
  let t: TestDb;
  let api: RunningApi;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    api = await startApi(config(), { db: t.handle, realtime: fakeRealtime(), accounts: { rateLimitPrefix: `t${randomBytes(4).toString('hex')}` } });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  it('are Secure when set and when cleared; refresh_token lives under /api/v1/users/authentication', async () => {
    const b = new Browser(api.url, '198.51.100.80');
    const email = `secure-${randomBytes(4).toString('hex')}@example.com`;
    expect((await b.post('/api/v1/users/local/create', { email, password: PASSWORD, browserFingerprint: 'fp' })).status).toBe(200);
    const login = await b.post('/api/v1/users/local/authenticate', { email, password: PASSWORD, browserFingerprint: 'fp' });
    expect(login.status).toBe(200);
    expect(login.setCookies.map((c) => [c.name, c.attrs.path, c.attrs.secure])).toEqual(
      expect.arrayContaining([
        ['access_token', '/', true],
        ['refresh_token', '/api/v1/users/authentication', true],
        ['u_id', '/', true],
      ]),
    );
    const refreshed = await b.post('/api/v1/users/authentication/refresh', { browserFingerprint: 'fp' });
    expect(refreshed.status).toBe(200);
    const out = await b.post('/api/v1/users/authentication/logout');
    expect(out.status).toBe(200);
    expect(out.setCookies.length).toBe(4);
    for (const c of out.setCookies) expect(c.attrs.secure).toBe(true);
  });
});
