// Issue 24: every api answer is nosniff; account answers (signed in or not, errors included) and the sign-in and
// session calls are no-store; public answers keep their own caching.
import { createHash, randomBytes } from 'node:crypto';
import { startApi, type RunningApi } from '../src/main';
import { isPrivateRoute } from '../src/http/securityHeaders';
import { testConfig } from './helpers/accounts';
import { fakeRealtime } from './helpers/fakes';
import { Browser } from './helpers/session';
import { openTestDb, type TestDb } from './helpers/testDb';

const PASSWORD = `Plain-${randomBytes(6).toString('hex')}`;

describe('api response headers (issue 24)', () => {
  let t: TestDb;
  let api: RunningApi;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    api = await startApi(testConfig(), { db: t.handle, realtime: fakeRealtime(), accounts: { rateLimitPrefix: `t${randomBytes(4).toString('hex')}` } });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  it('account and session answers are no-store and nosniff, signed in or refused', async () => {
    const b = new Browser(api.url, '198.51.100.81');
    const refused = await b.get('/api/v1/users/account-data');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    const email = `headers-${randomBytes(4).toString('hex')}@example.com`;
    const created = await b.post('/api/v1/users/local/create', { email, password: PASSWORD, browserFingerprint: 'fp' });
    expect(created.headers.get('cache-control')).toBe('no-store');
    const login = await b.post('/api/v1/users/local/authenticate', { email, password: PASSWORD, browserFingerprint: 'fp' });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/api/v1/users/account-data', '/api/v1/users/list-api-key', '/api/v1/users/orders']) {
      const res = await b.get(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('public answers and unknown paths are nosniff', async () => {
    const b = new Browser(api.url, '198.51.100.82');
    const health = await b.get('/api/v1/healthz');
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    const missing = await b.get('/api/v1/no-such-call');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("the sandbox provider's pages (SANDBOX_MODE, local callers) carry a policy of their own: their one inline script by hash, no framing", async () => {
    const raw = await fetch(`${api.url}/api/v1/sandbox/liquidity-providers/sandbox/kyc`);
    const page = await raw.text();
    expect(raw.status).toBe(200);
    const script = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';
    const hash = createHash('sha256').update(script).digest('base64');
    const csp = raw.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('which routes are private', () => {
    expect(isPrivateRoute('GET', '/api/v1/users/account-data')).toBe(true);
    expect(isPrivateRoute('POST', '/api/v1/users/local/authenticate')).toBe(true);
    expect(isPrivateRoute('GET', '/api/v1/admin/kyc')).toBe(true);
    expect(isPrivateRoute('POST', '/api/v1/orders/order-refund-info')).toBe(true);
    expect(isPrivateRoute('GET', '/api/v2/pairs/public')).toBe(false);
    expect(isPrivateRoute('GET', '/api/v1/content/roadmap')).toBe(false);
  });
});
