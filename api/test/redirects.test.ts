// §2 redirect lookup and its admin management: the public lookup web asks before rendering, the ADMIN-only API
// (§6: anonymous 401, others ERR_NOT_ENOUGH_PERMISSIONS), the checks on what may be stored (schemes, self-redirects,
// loops, duplicates) in the §8 catalogue shape, and `pnpm admin redirect` run in-process.
import { randomBytes } from 'node:crypto';
import { ApiErrorBodySchema } from 'shared-contracts/server';
import { runAdminCli } from '../src/cli/admin';
import { startApi, type RunningApi } from '../src/main';
import { testConfig } from './helpers/accounts';
import { fakeRealtime } from './helpers/fakes';
import { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const PASSWORD = 'Correct-Horse-42';
const SITE = 'http://site.test';
const LOOKUP = '/api/v1/redirects/lookup';
const ADMIN = '/api/v1/admin/redirects';

describe.each(BACKENDS)('redirects on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  let admin: Browser;
  let adminId: number;
  let user: Browser;
  const logLines: string[] = [];
  let ipSeq = 0;
  const browser = () => new Browser(api.url, `10.7.0.${++ipSeq}`);
  /** A path no other test (nor another run on the same database) uses. */
  const fresh = (name: string) => `/${name}-${randomBytes(4).toString('hex')}`;
  const config = () => testConfig({ LOG_LEVEL: 'info', PUBLIC_ORIGIN: SITE });
  const cli = async (args: string[]) => {
    const out: string[] = [];
    const code = await runAdminCli(args, { db: t.handle, config: config(), env: { ADMIN_PASSWORD: PASSWORD }, out: (l) => out.push(l) });
    return { code, out: out.join('\n') };
  };
  const lookup = async (path: string) => browser().get(`${LOOKUP}?path=${encodeURIComponent(path)}`);

  beforeAll(async () => {
    t = await openTestDb(backend);
    api = await startApi(config(), {
      db: t.handle,
      realtime: fakeRealtime(),
      accounts: { rateLimitPrefix: `r${randomBytes(4).toString('hex')}` },
      logStream: { write: (line: string) => void logLines.push(line) },
    });
    const adminEmail = `admin-${randomBytes(4).toString('hex')}@example.com`;
    expect((await cli(['create', adminEmail, '--email-confirmed'])).code).toBe(0);
    admin = browser();
    expect((await admin.post('/api/v1/users/local/authenticate', { email: adminEmail, password: PASSWORD, browserFingerprint: 'fp' })).status).toBe(200);
    adminId = (await admin.get('/api/v1/users/account-data')).body.userId;
    const userEmail = `user-${randomBytes(4).toString('hex')}@example.com`;
    user = browser();
    await user.post('/api/v1/users/local/create', { email: userEmail, password: PASSWORD, browserFingerprint: 'fp' });
    expect((await user.post('/api/v1/users/local/authenticate', { email: userEmail, password: PASSWORD, browserFingerprint: 'fp' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const expectError = (res: { status: number; body: unknown }, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(ApiErrorBodySchema.parse(res.body)).toMatchObject({ statusCode: status, code });
    return res.body as { message: string; fields?: Record<string, string> };
  };

  describe('lookup', () => {
    it('answers null for a path without a redirect, cacheable by web for a minute', async () => {
      const res = await lookup(fresh('nothing'));
      expect(res).toMatchObject({ status: 200, body: { redirect: null } });
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    });

    it('finds an internal redirect once added (the cache is cleared), per full path: /ru is its own path', async () => {
      const path = fresh('old-page');
      expect((await lookup(`/ru${path}`)).body).toEqual({ redirect: null });
      const added = await admin.post(ADMIN, { path: `/ru${path}/`, to: '/ru/exchange-btc-eth?ref=1' });
      expect(added).toMatchObject({
        status: 200,
        body: { path: `/ru${path}`, to: '/ru/exchange-btc-eth?ref=1', external: false, status: 301, createdBy: adminId },
      });
      expect((await lookup(`/ru${path}`)).body).toEqual({ redirect: { to: '/ru/exchange-btc-eth?ref=1', external: false } });
      // Looked up as web normalises it, and with a query, which a redirect does not depend on.
      expect((await lookup(`/ru${path}/?utm_source=x`)).body).toEqual({ redirect: { to: '/ru/exchange-btc-eth?ref=1', external: false } });
      expect((await lookup(path)).body).toEqual({ redirect: null });
    });

    it('finds an external redirect: the visitor leaves the site', async () => {
      const path = fresh('partner');
      expect((await admin.post(ADMIN, { path, to: 'https://partner.example/landing?x=1' })).status).toBe(200);
      expect((await lookup(path)).body).toEqual({ redirect: { to: 'https://partner.example/landing?x=1', external: true } });
    });

    it('refuses a path that does not start with a single /', async () => {
      for (const path of ['relative', '//evil.example/x', '']) expectError(await lookup(path), 400, 'ERR_VALIDATION');
    });
  });

  describe('admin API', () => {
    it('anonymous callers get 401 ERR_UNAUTHORIZED', async () => {
      const anonymous = browser();
      expectError(await anonymous.get(ADMIN), 401, 'ERR_UNAUTHORIZED');
      expectError(await anonymous.post(ADMIN, { path: fresh('anon'), to: '/' }), 401, 'ERR_UNAUTHORIZED');
      expectError(await anonymous.post(`${ADMIN}/delete`, { path: '/x' }), 401, 'ERR_UNAUTHORIZED');
    });

    it('a signed-in user without ADMIN gets 403 ERR_NOT_ENOUGH_PERMISSIONS and changes nothing', async () => {
      const path = fresh('not-yours');
      expectError(await user.get(ADMIN), 403, 'ERR_NOT_ENOUGH_PERMISSIONS');
      expectError(await user.post(ADMIN, { path, to: 'https://evil.example/' }), 403, 'ERR_NOT_ENOUGH_PERMISSIONS');
      expectError(await user.post(`${ADMIN}/delete`, { path }), 403, 'ERR_NOT_ENOUGH_PERMISSIONS');
      expect((await lookup(path)).body).toEqual({ redirect: null });
    });

    it('an admin adds, lists and removes; removing an unknown path is 404 ERR_NOT_FOUND', async () => {
      const path = fresh('listed');
      await admin.post(ADMIN, { path, to: '/' });
      const listed = await admin.get(ADMIN);
      expect(listed.status).toBe(200);
      expect(listed.headers.get('cache-control')).toBe('no-store');
      expect(listed.body).toContainEqual(expect.objectContaining({ path, to: '/', external: false, status: 301, createdBy: adminId }));
      expect(await admin.post(`${ADMIN}/delete`, { path: `${path}/` })).toMatchObject({ status: 200, body: { ok: true } });
      expect((await lookup(path)).body).toEqual({ redirect: null });
      expect((await admin.get(ADMIN)).body).not.toContainEqual(expect.objectContaining({ path }));
      expect(expectError(await admin.post(`${ADMIN}/delete`, { path }), 404, 'ERR_NOT_FOUND').message).toContain(path);
    });

    it('logs who added and removed what, with no session token', async () => {
      const path = fresh('logged');
      await admin.post(ADMIN, { path, to: 'https://partner.example/' });
      await admin.post(`${ADMIN}/delete`, { path });
      const lines = logLines.filter((l) => l.includes(path)).map((l) => JSON.parse(l));
      expect(lines).toEqual([
        expect.objectContaining({ msg: 'redirect added', accountId: adminId, path, to: 'https://partner.example/' }),
        expect.objectContaining({ msg: 'redirect removed', accountId: adminId, path, to: 'https://partner.example/' }),
      ]);
      const tokens = [...admin.cookies.values()];
      expect(logLines.filter((l) => tokens.some((token) => l.includes(token)))).toEqual([]);
    });

    it('refuses a cross-site POST carrying the admin cookies (CSRF)', async () => {
      const path = fresh('csrf');
      expectError(await admin.post(ADMIN, { path, to: '/' }, { origin: 'https://evil.example' }), 403, 'ERR_FORBIDDEN');
      expect((await lookup(path)).body).toEqual({ redirect: null });
    });
  });

  describe('what may be stored', () => {
    it.each([
      ['javascript:alert(1)'],
      ['data:text/html,<script>alert(1)</script>'],
      ['//evil.example/'],
      ['/\\evil.example/'],
      ['ftp://files.example/'],
      ['https:evil.example'],
      ['https://user:secret@partner.example/'],
      ['relative/path'],
    ])('refuses the target %s with 400 ERR_VALIDATION on to', async (to) => {
      const body = expectError(await admin.post(ADMIN, { path: fresh('bad-target'), to }), 400, 'ERR_VALIDATION');
      expect(body.fields).toEqual({ to: expect.any(String) });
    });

    it('refuses a path that does not start with a single /', async () => {
      for (const path of ['no-slash', '//evil.example', 'https://site.test/x']) {
        expect(expectError(await admin.post(ADMIN, { path, to: '/' }), 400, 'ERR_VALIDATION').fields).toEqual({ path: 'must start with a single /' });
      }
    });

    it('refuses a redirect to the path itself, also written with a trailing slash, a query or the site origin', async () => {
      const path = fresh('self');
      for (const to of [path, `${path}/`, `${path}?x=1`, `${SITE}${path}`]) {
        expect(expectError(await admin.post(ADMIN, { path, to }), 400, 'ERR_VALIDATION').fields).toEqual({ to: 'a redirect to the path itself' });
      }
    });

    it('refuses a loop: a → b when b → a exists, and through a longer chain', async () => {
      const [a, b, c] = [fresh('loop-a'), fresh('loop-b'), fresh('loop-c')];
      expect((await admin.post(ADMIN, { path: a, to: b })).status).toBe(200);
      const direct = expectError(await admin.post(ADMIN, { path: b, to: a }), 400, 'ERR_VALIDATION');
      expect(direct.message).toContain(`${b} → ${a} → ${b}`);
      expect((await admin.post(ADMIN, { path: b, to: c })).status).toBe(200);
      expectError(await admin.post(ADMIN, { path: c, to: `${SITE}${a}` }), 400, 'ERR_VALIDATION');
      // Leaving the chain elsewhere is fine.
      expect((await admin.post(ADMIN, { path: c, to: '/' })).status).toBe(200);
    });

    it('refuses a second redirect of the same path with 400 ERR_BAD_REQUEST', async () => {
      const path = fresh('twice');
      await admin.post(ADMIN, { path, to: '/one' });
      const body = expectError(await admin.post(ADMIN, { path: `${path}/`, to: '/two' }), 400, 'ERR_BAD_REQUEST');
      expect(body.message).toMatch(/already exists \(to \/one\); remove it first/);
      expect((await lookup(path)).body).toEqual({ redirect: { to: '/one', external: false } });
    });
  });

  describe('pnpm admin redirect', () => {
    it('adds, lists and removes with the same rules as the API; the api answers the new redirect', async () => {
      const path = fresh('from-cli');
      expect(await cli(['redirect', 'add', `/ru${path}`, 'https://partner.example/ru'])).toEqual({
        code: 0,
        out: `added /ru${path} → https://partner.example/ru (301, external)`,
      });
      expect((await lookup(`/ru${path}`)).body).toEqual({ redirect: { to: 'https://partner.example/ru', external: true } });
      expect((await cli(['redirect', 'list'])).out).toContain(`/ru${path} → https://partner.example/ru (external)  301, added`);
      expect((await admin.get(ADMIN)).body).toContainEqual(expect.objectContaining({ path: `/ru${path}`, createdBy: null }));
      expect(await cli(['redirect', 'remove', `/ru${path}`])).toEqual({ code: 0, out: `removed /ru${path} → https://partner.example/ru` });
      expect((await admin.get(ADMIN)).body).not.toContainEqual(expect.objectContaining({ path: `/ru${path}` }));
    });

    it('refuses bad input with one line and a non-zero exit', async () => {
      expect(await cli(['redirect', 'add', fresh('cli-bad'), 'javascript:alert(1)'])).toEqual({
        code: 1,
        out: 'refused: Invalid to: must be a site path starting with a single / or an absolute http:// or https:// URL',
      });
      const path = fresh('cli-unknown');
      expect(await cli(['redirect', 'remove', path])).toEqual({ code: 1, out: `refused: No redirect of ${path}` });
      expect((await cli(['redirect', 'add', '/only-a-path'])).code).toBe(2);
      expect((await cli(['redirect', 'drop', '/x'])).code).toBe(2);
    });
  });
});
