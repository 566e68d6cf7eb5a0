// Accounts and sessions over real HTTP (startApi on port 0), on PGlite and, with DATABASE_URL, PostgreSQL:
// cookies and their flags, refresh rotation and reuse detection, logout, expired access tokens, isolation
// of accounts, rate limits before hashing, CSRF, password reset codes.
import { randomBytes } from 'node:crypto';
import { startApi, type RunningApi } from '../src/main';
import { createArgon2Hasher, type PasswordHasher } from '../src/modules/accounts/passwords';
import { fakeRealtime } from './helpers/fakes';
import { testConfig } from './helpers/accounts';
import { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const PASSWORD = 'Correct-Horse-42';
const MINUTE = 60_000;

describe.each(BACKENDS)('accounts on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  let clockMs = Date.now();
  let hashWork = 0;
  let ipSeq = 0;

  beforeAll(async () => {
    t = await openTestDb(backend);
    const config = testConfig();
    const real = createArgon2Hasher(config.auth.argon2);
    const counting: PasswordHasher = {
      hash: (p) => (hashWork++, real.hash(p)),
      verify: (h, p) => (hashWork++, real.verify(h, p)),
      needsRehash: real.needsRehash,
    };
    api = await startApi(config, {
      db: t.handle,
      realtime: fakeRealtime(),
      accounts: { now: () => clockMs, hasher: counting, rateLimitPrefix: `t${randomBytes(4).toString('hex')}` },
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const browser = () => new Browser(api.url, `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`);
  const newEmail = () => `user-${randomBytes(5).toString('hex')}@example.com`;
  async function signedIn(email = newEmail(), fingerprint = `fp-${randomBytes(4).toString('hex')}`) {
    const b = browser();
    expect((await b.post('/api/v1/users/local/create', { email, password: PASSWORD, browserFingerprint: fingerprint })).status).toBe(200);
    const login = await b.post('/api/v1/users/local/authenticate', { email, password: PASSWORD, browserFingerprint: fingerprint });
    expect(login.status).toBe(200);
    return { b, email, fingerprint, login };
  }

  describe('registration', () => {
    it('registers without signing in; a second registration of the email gets the same answer (registration.test.ts)', async () => {
      const b = browser();
      const email = newEmail();
      const first = await b.post('/api/v1/users/local/create', { email, password: PASSWORD, browserFingerprint: 'fp' });
      expect(first).toMatchObject({ status: 200, body: { ok: true } });
      expect(first.setCookies).toEqual([]);
      const again = await b.post('/api/v1/users/local/create', { email: email.toUpperCase(), password: PASSWORD, browserFingerprint: 'fp' });
      expect(again).toMatchObject({ status: 200, body: { ok: true } });
    });

    it.each([
      ['too short', 'Ab1-sho'],
      ['common', 'password1'],
      ['common, in another case', 'QwertyUiop'],
    ])('answers a refused password (%s) with ERR_VALIDATION carrying a password field (§5)', async (_, password) => {
      const r = await browser().post('/api/v1/users/local/create', { email: newEmail(), password, browserFingerprint: 'fp' });
      expect(r).toMatchObject({ status: 400, body: { code: 'ERR_VALIDATION' } });
      expect(typeof r.body.fields.password).toBe('string');
    });

    it('refuses a password that contains the email', async () => {
      const email = `longname${randomBytes(3).toString('hex')}@example.com`;
      const r = await browser().post('/api/v1/users/local/create', { email, password: `${email.split('@')[0]}1!`, browserFingerprint: 'fp' });
      expect(r.status).toBe(400);
      expect(r.body.fields.password).toMatch(/email/);
    });
  });

  describe('sign-in and cookies', () => {
    it('sets access_token and refresh_token HttpOnly, u_id readable with the fingerprint; SameSite=Lax; refresh_token only for its calls', async () => {
      const { login, fingerprint } = await signedIn();
      const byName = Object.fromEntries(login.setCookies.map((c) => [c.name, c]));
      expect(Object.keys(byName).sort()).toEqual(['access_token', 'refresh_token', 'u_id']);
      for (const name of ['access_token', 'refresh_token']) {
        expect(byName[name].attrs).toMatchObject({ httponly: true, samesite: 'Lax' });
        expect(byName[name].attrs.secure).toBeUndefined();
      }
      expect(byName.access_token.attrs.path).toBe('/');
      expect(byName.refresh_token.attrs.path).toBe('/api/v1/users/authentication');
      expect(byName.u_id.attrs.httponly).toBeUndefined();
      expect(byName.u_id.attrs).toMatchObject({ samesite: 'Lax', path: '/' });
      expect(byName.u_id.value).toBe(fingerprint);
      expect(byName.access_token.value.split('.')).toHaveLength(3);
      expect(byName.refresh_token.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('marks the cookies Secure when the request came over HTTPS (X-Forwarded-Proto)', async () => {
      const b = browser();
      const email = newEmail();
      await b.post('/api/v1/users/local/create', { email, password: PASSWORD, browserFingerprint: 'fp' });
      const login = await b.post('/api/v1/users/local/authenticate', { email, password: PASSWORD, browserFingerprint: 'fp' }, { 'x-forwarded-proto': 'https' });
      expect(login.status).toBe(200);
      for (const c of login.setCookies) expect(c.attrs.secure).toBe(true);
    });

    it('answers a wrong password and an unknown email the same way, each after one hash', async () => {
      const { email } = await signedIn();
      const b = browser();
      let before = hashWork;
      const wrong = await b.post('/api/v1/users/local/authenticate', { email, password: 'Wrong-password-1', browserFingerprint: 'fp' });
      expect(hashWork - before).toBe(1);
      before = hashWork;
      const unknown = await b.post('/api/v1/users/local/authenticate', { email: newEmail(), password: 'Wrong-password-1', browserFingerprint: 'fp' });
      expect(hashWork - before).toBe(1);
      expect(wrong).toMatchObject({ status: 401, body: { code: 'ERR_INVALID_CREDENTIALS' } });
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.setCookies).toEqual([]);
    });

    it('account-data answers the signed-in user, never cached', async () => {
      const { b, email } = await signedIn();
      const r = await b.get('/api/v1/users/account-data');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        email,
        permissions: 'USER',
        adminPermissionsScope: {},
        userId: expect.any(Number),
        emailConfirmed: false,
        twoFactorEnabled: false,
      });
      expect(r.body.userId).toBeGreaterThan(0);
      expect(r.headers.get('cache-control')).toBe('no-store');
    });

    it('refuses a token signed with another algorithm or key (alg allow-list)', async () => {
      const { b } = await signedIn();
      const [, payload] = (b.cookies.get('access_token') as string).split('.');
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      b.cookies.set('access_token', `${header}.${payload}.`);
      const none = await b.get('/api/v1/users/account-data');
      expect(none).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHORIZED', details: { reason: 'INVALID_TOKEN' } } });
    });
  });

  describe('account isolation', () => {
    it('every account route refuses a guest with 401 ERR_UNAUTHORIZED', async () => {
      const guest = browser();
      for (const path of ['/api/v1/users/account-data', '/api/v1/users/orders']) {
        const r = await guest.get(path);
        expect(r).toMatchObject({ status: 401, body: { statusCode: 401, code: 'ERR_UNAUTHORIZED' } });
      }
      expect((await guest.post('/api/v1/users/authentication/refresh', { browserFingerprint: 'fp' })).status).toBe(401);
    });

    it('user A reads only A, user B only B', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const dataA = await a.b.get('/api/v1/users/account-data');
      const dataB = await b.b.get('/api/v1/users/account-data');
      expect(dataA.body.email).toBe(a.email);
      expect(dataB.body.email).toBe(b.email);
      expect(dataA.body.userId).not.toBe(dataB.body.userId);
      // A's access token with B's refresh token still names A: the token, not a parameter, decides.
      const mixed = browser();
      mixed.cookies.set('access_token', a.b.cookies.get('access_token') as string);
      expect((await mixed.get('/api/v1/users/account-data')).body.email).toBe(a.email);
    });
  });

  describe('order history', () => {
    const insertOrder = async (orderId: string, userId: number | null, createdAt: Date) => {
      await t.handle.withSession((s) =>
        s.query(
          `INSERT INTO orders (order_id, from_slug, to_slug, rate_mode, claimed_deposit_amount, amount_to_get, price, destination_address, status, user_id, created_at, updated_at)
           VALUES ($1, 'btc', 'eth', 'FLOATING', '0.1', '2', '20', '0x52908400098527886E0F7030069857D2E4169EE7', 'AWAITING_DEPOSIT', $2, $3, $3)`,
          [orderId, userId, createdAt],
        ),
      );
    };

    it("lists only the user's own orders, newest first, paginated", async () => {
      const a = await signedIn();
      const b = await signedIn();
      const idA = (await a.b.get('/api/v1/users/account-data')).body.userId as number;
      const idB = (await b.b.get('/api/v1/users/account-data')).body.userId as number;
      const tag = randomBytes(3).toString('hex');
      const base = Date.now() - 3600_000;
      await insertOrder(`a1-${tag}`, idA, new Date(base));
      await insertOrder(`a2-${tag}`, idA, new Date(base + 60_000));
      await insertOrder(`a3-${tag}`, idA, new Date(base + 120_000));
      await insertOrder(`b1-${tag}`, idB, new Date(base + 30_000));
      await insertOrder(`g1-${tag}`, null, new Date(base + 90_000));

      const page1 = await a.b.get('/api/v1/users/orders?page=1&perPage=2');
      expect(page1.status).toBe(200);
      expect(page1.body).toMatchObject({ total: 3, page: 1, perPage: 2 });
      expect(page1.body.items.map((o: { orderId: string }) => o.orderId)).toEqual([`a3-${tag}`, `a2-${tag}`]);
      const page2 = await a.b.get('/api/v1/users/orders?page=2&perPage=2');
      expect(page2.body.items.map((o: { orderId: string }) => o.orderId)).toEqual([`a1-${tag}`]);
      expect(page2.headers.get('cache-control')).toBe('no-store');

      const ofB = await b.b.get('/api/v1/users/orders');
      expect(ofB.body).toMatchObject({ total: 1, items: [{ orderId: `b1-${tag}` }] });
    });
  });

  describe('orders of a signed-in user', () => {
    it('belong to the account and carry its email, whatever email the form sent (§5)', async () => {
      const a = await signedIn();
      const created = await a.b.post('/api/v1/orders/public/create', {
        rateMode: 'FLOATING',
        instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC', slug: 'btc' },
        instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH', slug: 'eth' },
        destinationAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
        claimedDepositAmount: '0.01',
        userEmail: 'someone-else@example.com',
      });
      expect(created.status).toBe(200);
      expect(created.body.userEmail).toBe(a.email);
      const history = await a.b.get('/api/v1/users/orders');
      expect(history.body.items.map((o: { orderId: string }) => o.orderId)).toContain(created.body.orderId);
    });
  });

  describe('refresh', () => {
    it('rotates the refresh token; presenting a rotated one revokes the whole family', async () => {
      const { b } = await signedIn();
      const first = b.cookies.get('refresh_token') as string;
      const r1 = await b.post('/api/v1/users/authentication/refresh', { browserFingerprint: 'fp' });
      expect(r1).toMatchObject({ status: 200, body: { ok: true } });
      const second = b.cookies.get('refresh_token') as string;
      expect(second).not.toBe(first);
      expect((await b.get('/api/v1/users/account-data')).status).toBe(200);

      // A thief replays the first token: refused, and the family (including `second`) is revoked.
      const thief = browser();
      thief.cookies.set('refresh_token', first);
      const replay = await thief.post('/api/v1/users/authentication/refresh', { browserFingerprint: 'fp' });
      expect(replay).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHORIZED' } });

      const victim = await b.post('/api/v1/users/authentication/refresh', { browserFingerprint: 'fp' });
      expect(victim.status).toBe(401);
      // The access token of the revoked family stops working at once.
      const stale = browser();
      stale.cookies.set('access_token', r1.setCookies.find((c) => c.name === 'access_token')?.value as string);
      expect(await stale.get('/api/v1/users/account-data')).toMatchObject({ status: 401, body: { details: { reason: 'SESSION_ENDED' } } });
    });

    it('an expired access token is refused with reason TOKEN_EXPIRED and a refresh brings the session back', async () => {
      const { b, email } = await signedIn();
      clockMs += 11 * MINUTE;
      try {
        const expired = await b.get('/api/v1/users/account-data');
        expect(expired).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHORIZED', details: { reason: 'TOKEN_EXPIRED' } } });
        expect((await b.post('/api/v1/users/authentication/refresh', { browserFingerprint: 'fp' })).status).toBe(200);
        const again = await b.get('/api/v1/users/account-data');
        expect(again).toMatchObject({ status: 200, body: { email } });
      } finally {
        clockMs -= 11 * MINUTE;
      }
    });
  });

  describe('logout', () => {
    it('revokes the session server-side and clears the cookies', async () => {
      const { b } = await signedIn();
      const refresh = b.cookies.get('refresh_token') as string;
      const access = b.cookies.get('access_token') as string;
      const out = await b.post('/api/v1/users/authentication/logout');
      expect(out).toMatchObject({ status: 200, body: { ok: true } });
      // refresh_token twice: its own path, and a legacy one at path / from before it moved.
      expect(out.setCookies.map((c) => `${c.name} ${c.attrs.path}`).sort()).toEqual([
        'access_token /',
        'refresh_token /',
        'refresh_token /api/v1/users/authentication',
        'u_id /',
      ]);
      for (const c of out.setCookies) expect(c.value).toBe('');
      expect(b.cookies.size).toBe(0);

      const replay = browser();
      replay.cookies.set('refresh_token', refresh);
      expect((await replay.post('/api/v1/users/authentication/refresh', { browserFingerprint: 'fp' })).status).toBe(401);
      replay.cookies.clear();
      replay.cookies.set('access_token', access);
      expect((await replay.get('/api/v1/users/account-data')).status).toBe(401);
    });

    it('works with an expired access token', async () => {
      const { b } = await signedIn();
      const refresh = b.cookies.get('refresh_token') as string;
      clockMs += 11 * MINUTE;
      try {
        expect((await b.post('/api/v1/users/authentication/logout')).status).toBe(200);
      } finally {
        clockMs -= 11 * MINUTE;
      }
      const replay = browser();
      replay.cookies.set('refresh_token', refresh);
      expect((await replay.post('/api/v1/users/authentication/refresh', { browserFingerprint: 'fp' })).status).toBe(401);
    });
  });

  describe('rate limits', () => {
    it('stops sign-in attempts on one account from one address before any hashing; other addresses still get in', async () => {
      const { email } = await signedIn();
      const stranger = browser();
      // The per-(account, address) limit (5 in tests) is what trips.
      for (let i = 0; i < 5; i++) {
        const r = await stranger.post('/api/v1/users/local/authenticate', { email, password: `Wrong-password-${i}`, browserFingerprint: 'fp' });
        expect(r.status).toBe(401);
      }
      const before = hashWork;
      const limited = await stranger.post('/api/v1/users/local/authenticate', { email, password: PASSWORD, browserFingerprint: 'fp' });
      expect(limited).toMatchObject({ status: 429, body: { statusCode: 429, code: 'ERR_TOO_MANY_REQUESTS', details: { limit: 'account-ip' } } });
      expect(limited.body.message).toMatch(/Too many sign-in attempts\. Try again in \d+ minutes?\./);
      expect(hashWork).toBe(before);
      expect((await browser().post('/api/v1/users/local/authenticate', { email, password: PASSWORD, browserFingerprint: 'fp' })).status).toBe(200);
    });

    it('stops sign-in attempts from one address across accounts', async () => {
      const b = browser();
      for (let i = 0; i < 8; i++) {
        expect((await b.post('/api/v1/users/local/authenticate', { email: newEmail(), password: 'Wrong-password-1', browserFingerprint: 'fp' })).status).toBe(
          401,
        );
      }
      const before = hashWork;
      const limited = await b.post('/api/v1/users/local/authenticate', { email: newEmail(), password: 'Wrong-password-1', browserFingerprint: 'fp' });
      expect(limited).toMatchObject({ status: 429, body: { code: 'ERR_TOO_MANY_REQUESTS', details: { limit: 'ip' } } });
      expect(hashWork).toBe(before);
    });
  });

  describe('CSRF', () => {
    it('refuses a cross-site state-changing request that carries cookies', async () => {
      const { b } = await signedIn();
      const crossSite = await b.post('/api/v1/users/authentication/logout', {}, { 'sec-fetch-site': 'cross-site' });
      expect(crossSite).toMatchObject({ status: 403, body: { statusCode: 403, code: 'ERR_FORBIDDEN' } });
      const foreign = await b.post('/api/v1/users/authentication/refresh', { browserFingerprint: 'fp' }, { origin: 'https://evil.example' });
      expect(foreign).toMatchObject({ status: 403, body: { code: 'ERR_FORBIDDEN' } });
      // Still signed in: neither request did anything.
      expect((await b.get('/api/v1/users/account-data')).status).toBe(200);
      const own = await b.post('/api/v1/users/authentication/refresh', { browserFingerprint: 'fp' }, { origin: api.url, 'sec-fetch-site': 'same-origin' });
      expect(own.status).toBe(200);
    });

    it('leaves cookie-less API clients alone', async () => {
      const r = await browser().post(
        '/api/v1/users/local/authenticate',
        { email: newEmail(), password: 'Wrong-password-1', browserFingerprint: 'fp' },
        { 'sec-fetch-site': 'cross-site' },
      );
      expect(r.body.code).toBe('ERR_INVALID_CREDENTIALS');
    });
  });

  describe('password reset', () => {
    const latestCode = async (email: string) => {
      // The outbox answers only callers on the machine itself (through web: X-Forwarded-For 127.0.0.1).
      const r = await browser().get(`/api/v1/sandbox/mail?to=${encodeURIComponent(email)}`, { 'x-forwarded-for': '127.0.0.1' });
      expect(r.status).toBe(200);
      return r.body.messages[0] as { code: string; subject: string; text: string; locale: string; kind: string };
    };

    it('mails a single-use code in the user locale; success ends every session', async () => {
      const { b, email } = await signedIn();
      const other = browser();
      expect((await other.post('/api/v1/users/local/request-password-reset', { email }, { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' })).body).toEqual({
        ok: true,
      });
      const mail = await latestCode(email);
      expect(mail).toMatchObject({ kind: 'password_reset', locale: 'ru', subject: 'Код для сброса пароля' });
      expect(mail.code).toMatch(/^\d{8}$/);

      const wrongCode = String((Number(mail.code) + 1) % 1e8).padStart(8, '0');
      const wrong = await other.post('/api/v1/users/local/reset-password', { email, password: 'New-password-77', resetCode: wrongCode });
      expect(wrong).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_PASSWORD_RESET_CODE' } });
      const weak = await other.post('/api/v1/users/local/reset-password', { email, password: 'short', resetCode: mail.code });
      expect(weak).toMatchObject({ status: 400, body: { code: 'ERR_VALIDATION', fields: { password: expect.any(String) } } });

      const done = await other.post('/api/v1/users/local/reset-password', { email, password: 'New-password-77', resetCode: mail.code });
      expect(done).toMatchObject({ status: 200, body: { ok: true } });
      const reused = await other.post('/api/v1/users/local/reset-password', { email, password: 'Other-password-88', resetCode: mail.code });
      expect(reused).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_PASSWORD_RESET_CODE' } });

      // The session opened with the old password is over.
      expect((await b.get('/api/v1/users/account-data')).status).toBe(401);
      expect((await b.post('/api/v1/users/authentication/refresh', { browserFingerprint: 'fp' })).status).toBe(401);
      expect((await browser().post('/api/v1/users/local/authenticate', { email, password: PASSWORD, browserFingerprint: 'fp' })).status).toBe(401);
      expect((await browser().post('/api/v1/users/local/authenticate', { email, password: 'New-password-77', browserFingerprint: 'fp' })).status).toBe(200);
    });

    it('codes expire after 15 minutes; English by default', async () => {
      const { email } = await signedIn();
      await browser().post('/api/v1/users/local/request-password-reset', { email });
      const mail = await latestCode(email);
      expect(mail.locale).toBe('en');
      expect(mail.text).toContain('15 minutes');
      clockMs += 16 * MINUTE;
      try {
        const late = await browser().post('/api/v1/users/local/reset-password', { email, password: 'New-password-77', resetCode: mail.code });
        expect(late).toMatchObject({ status: 400, body: { code: 'ERR_INVALID_PASSWORD_RESET_CODE' } });
      } finally {
        clockMs -= 16 * MINUTE;
      }
    });

    it('gives the same answer for an unknown email and mails nothing', async () => {
      const email = newEmail();
      const r = await browser().post('/api/v1/users/local/request-password-reset', { email, locale: 'ru' });
      expect(r).toMatchObject({ status: 200, body: { ok: true } });
      expect((await browser().get(`/api/v1/sandbox/mail?to=${encodeURIComponent(email)}`, { 'x-forwarded-for': '127.0.0.1' })).body.messages).toEqual([]);
      const reset = await browser().post('/api/v1/users/local/reset-password', { email, password: 'New-password-77', resetCode: '12345678' });
      expect(reset.body.code).toBe('ERR_INVALID_PASSWORD_RESET_CODE');
    });

    it('a code dies after 5 wrong attempts', async () => {
      const { email } = await signedIn();
      await browser().post('/api/v1/users/local/request-password-reset', { email, locale: 'en' });
      const mail = await latestCode(email);
      const b = browser();
      for (let i = 0; i < 5; i++) {
        const wrong = String((Number(mail.code) + 1 + i) % 1e8).padStart(8, '0');
        expect((await b.post('/api/v1/users/local/reset-password', { email, password: 'New-password-77', resetCode: wrong })).status).toBe(400);
      }
      const right = await b.post('/api/v1/users/local/reset-password', { email, password: 'New-password-77', resetCode: mail.code });
      expect(right.body.code).toBe('ERR_INVALID_PASSWORD_RESET_CODE');
    });
  });
});
