// Issue 24, identities: the guards (a confirmed email, a recent sign-in), account-data's emailConfirmed and
// twoFactorEnabled, step-up (required, accepted, expired), two-factor authentication (TOTP at sign-in and step-up, no
// replay, recovery codes once, disable needs a code), what a password reset ends (sessions, API keys and webhooks, a
// referral made before the email was confirmed), and reset / confirmation attempt caps under parallel guesses.
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { ApiError } from 'shared-contracts/server';
import { codeIn, readOutbox } from '../src/adapters/mail';
import { startApi, type RunningApi } from '../src/main';
import type { AuthUser } from '../src/modules/accounts/authenticate';
import { requireConfirmedEmail, requireStepUp, STEP_UP_WINDOW_SECONDS } from '../src/modules/accounts/guards';
import { confirmedUser, testConfig, TEST_PASSWORD } from './helpers/accounts';
import { fakeRealtime } from './helpers/fakes';
import { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const MINUTE = 60_000;
const STEP_UP = '/api/v1/users/authentication/step-up';
const LOGIN = '/api/v1/users/local/authenticate';
const ACCOUNT = '/api/v1/users/account-data';
const REFRESH = '/api/v1/users/authentication/refresh';

describe('guards (api/src/modules/accounts/guards.ts)', () => {
  const at = Date.parse('2026-01-01T12:00:00Z');
  const user = (over: Partial<AuthUser> = {}): AuthUser => ({
    userId: 1,
    email: 'a@example.com',
    permissions: 'USER',
    adminPermissionsScope: {},
    locale: 'en',
    sessionId: 's',
    emailConfirmedAt: new Date(at - MINUTE),
    twoFactorEnabled: false,
    authenticatedAt: new Date(at),
    authenticatedNow: new Date(at),
    ...over,
  });
  const codeOf = (fn: () => unknown) => {
    try {
      fn();
      return null;
    } catch (err) {
      return err instanceof ApiError ? { statusCode: err.statusCode, code: err.code } : err;
    }
  };

  it('requireConfirmedEmail refuses an unconfirmed email with 403 ERR_EMAIL_NOT_CONFIRMED and no session with 401', () => {
    expect(codeOf(() => requireConfirmedEmail(user()))).toBeNull();
    expect(codeOf(() => requireConfirmedEmail(user({ emailConfirmedAt: null })))).toEqual({ statusCode: 403, code: 'ERR_EMAIL_NOT_CONFIRMED' });
    expect(codeOf(() => requireConfirmedEmail(null))).toEqual({ statusCode: 401, code: 'ERR_UNAUTHORIZED' });
  });

  it('requireStepUp passes within 15 minutes of the sign-in or step-up and refuses after with 403 ERR_STEP_UP_REQUIRED', () => {
    expect(STEP_UP_WINDOW_SECONDS).toBe(900);
    expect(codeOf(() => requireStepUp(user(), at + 14 * MINUTE))).toBeNull();
    expect(codeOf(() => requireStepUp(user(), at + 15 * MINUTE))).toEqual({ statusCode: 403, code: 'ERR_STEP_UP_REQUIRED' });
    // Without a clock: the one the request was authenticated with.
    expect(codeOf(() => requireStepUp(user({ authenticatedNow: new Date(at + 16 * MINUTE) })))).toEqual({ statusCode: 403, code: 'ERR_STEP_UP_REQUIRED' });
    expect(codeOf(() => requireStepUp(user({ authenticatedNow: new Date(at + MINUTE) })))).toBeNull();
  });
});

describe.each(BACKENDS)('identities on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  let clockMs = Date.now();
  let ipSeq = 0;

  beforeAll(async () => {
    t = await openTestDb(backend);
    api = await startApi(testConfig(), {
      db: t.handle,
      realtime: fakeRealtime(),
      accounts: { now: () => clockMs, rateLimitPrefix: `i${randomBytes(4).toString('hex')}`, sleep: async () => undefined },
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const browser = () => new Browser(api.url, `10.24.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`);
  const newEmail = () => `id-${randomBytes(5).toString('hex')}@example.com`;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.handle.withSession((s) => s.query<T>(text, params));
  /** Moves the api's clock; the access token may expire, so the session is refreshed (which is no new sign-in). */
  async function later(b: Browser, ms: number) {
    clockMs += ms;
    expect((await b.post(REFRESH, { browserFingerprint: 'fp' })).status).toBe(200);
  }
  const totpOf = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  /** The authenticator code at the api's clock (moved to the next 30 s step first, so each code is a fresh one). */
  function nextCode(secret: string): string {
    clockMs += 30_000;
    return totpOf(secret).generate({ timestamp: clockMs });
  }
  /** The subjects of the security notices mailed to the address, oldest first (waits for the outbox to deliver them). */
  async function securityNotices(email: string, count: number): Promise<string[]> {
    for (let i = 0; ; i++) {
      const notices = (await readOutbox(t.handle, { to: email, limit: 20 })).filter((m) => m.kind === 'security_notice');
      if (notices.length >= count || i >= 50) return notices.map((m) => m.subject).reverse();
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  async function mailedCode(email: string, kind: string): Promise<string> {
    const mail = (await readOutbox(t.handle, { to: email, limit: 10 })).find((m) => m.kind === kind);
    return codeIn(mail?.text ?? '') as string;
  }

  it('account-data says whether the email is confirmed and whether two-factor authentication is on', async () => {
    const b = browser();
    const email = newEmail();
    await b.post('/api/v1/users/local/create', { email, password: TEST_PASSWORD, browserFingerprint: 'fp' });
    await b.post(LOGIN, { email, password: TEST_PASSWORD, browserFingerprint: 'fp' });
    expect((await b.get(ACCOUNT)).body).toMatchObject({ email, emailConfirmed: false, twoFactorEnabled: false });
    await b.post('/api/v1/users/email/request-confirmation', { email });
    expect((await b.post('/api/v1/users/email/confirm', { email, code: await mailedCode(email, 'email_confirmation') })).status).toBe(200);
    expect((await b.get(ACCOUNT)).body).toMatchObject({ emailConfirmed: true, twoFactorEnabled: false });
  });

  describe('step-up', () => {
    it('is required 15 minutes after sign-in, refused with a wrong password, and accepted with the right one for 15 minutes', async () => {
      const b = browser();
      await confirmedUser(b, t.handle);
      // Just signed in: a step-up-guarded call (two-factor setup) passes.
      expect((await b.post('/api/v1/users/two-factor/setup', {})).status).toBe(200);
      await later(b, 16 * MINUTE);
      // A refreshed session is not a new sign-in.
      expect(await b.post('/api/v1/users/two-factor/setup', {})).toMatchObject({ status: 403, body: { code: 'ERR_STEP_UP_REQUIRED' } });
      expect(await b.post(STEP_UP, { password: 'Wrong-Horse-42' })).toMatchObject({ status: 401, body: { code: 'ERR_INVALID_CREDENTIALS' } });
      expect((await b.post('/api/v1/users/two-factor/setup', {})).status).toBe(403);
      const ok = await b.post(STEP_UP, { password: TEST_PASSWORD });
      expect(ok.status).toBe(200);
      expect(Date.parse(ok.body.stepUpUntil)).toBe(clockMs + 15 * MINUTE);
      expect((await b.post('/api/v1/users/two-factor/setup', {})).status).toBe(200);
      // The step-up expires like a sign-in.
      await later(b, 15 * MINUTE);
      expect(await b.post('/api/v1/users/two-factor/setup', {})).toMatchObject({ status: 403, body: { code: 'ERR_STEP_UP_REQUIRED' } });
    });

    it('needs a session', async () => {
      expect(await browser().post(STEP_UP, { password: TEST_PASSWORD })).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHORIZED' } });
    });
  });

  describe('two-factor authentication', () => {
    async function enrolled() {
      const b = browser();
      const account = await confirmedUser(b, t.handle);
      const setup = await b.post('/api/v1/users/two-factor/setup', {});
      expect(setup.status).toBe(200);
      const secret = setup.body.secret as string;
      expect(setup.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
      expect(await b.post('/api/v1/users/two-factor/enable', { code: '000000' === nextCode(secret) ? '111111' : '000000' })).toMatchObject({
        status: 401,
        body: { code: 'ERR_INVALID_TWO_FACTOR_CODE' },
      });
      // six characters that are not six bytes (the routes' fuzz test once had a 500 here)
      expect(await b.post('/api/v1/users/two-factor/enable', { code: 'ǹꯅ⊏ԕڕ⏥' })).toMatchObject({ status: 401, body: { code: 'ERR_INVALID_TWO_FACTOR_CODE' } });
      const enabled = await b.post('/api/v1/users/two-factor/enable', { code: nextCode(secret) });
      expect(enabled.status).toBe(200);
      const recoveryCodes = enabled.body.recoveryCodes as string[];
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      expect((await b.get(ACCOUNT)).body.twoFactorEnabled).toBe(true);
      // Stored sealed and hashed: neither the secret nor a recovery code is in the database in clear.
      const [row] = await sql<{ two_factor_secret: string }>('SELECT two_factor_secret FROM users WHERE id = $1', [account.userId]);
      expect(row.two_factor_secret).not.toContain(secret);
      const stored = await sql<{ code_hash: string }>('SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = $1', [account.userId]);
      expect(stored.map((r) => r.code_hash).some((h) => recoveryCodes.some((c) => h.includes(c.replace('-', ''))))).toBe(false);
      return { b, ...account, secret, recoveryCodes };
    }
    const signIn = (email: string, twoFactorCode?: string) =>
      browser().post(LOGIN, { email, password: TEST_PASSWORD, browserFingerprint: 'fp', ...(twoFactorCode === undefined ? {} : { twoFactorCode }) });

    it('sign-in needs a valid code once enabled; a replayed code is refused', async () => {
      const { email, secret } = await enrolled();
      const without = await signIn(email);
      expect(without).toMatchObject({ status: 401, body: { code: 'ERR_TWO_FACTOR_REQUIRED' } });
      expect(without.setCookies).toEqual([]);
      const wrong = await signIn(email, '123456' === nextCode(secret) ? '654321' : '123456');
      expect(wrong).toMatchObject({ status: 401, body: { code: 'ERR_INVALID_TWO_FACTOR_CODE' } });
      expect(wrong.setCookies).toEqual([]);
      expect(await signIn(email, 'ǹꯅ⊏ԕڕ⏥')).toMatchObject({ status: 401, body: { code: 'ERR_INVALID_TWO_FACTOR_CODE' } });
      const code = nextCode(secret);
      const ok = await signIn(email, code);
      expect(ok.status).toBe(200);
      expect(ok.setCookies.map((c) => c.name)).toContain('access_token');
      // The same code again (same time step), from another browser: refused.
      expect(await signIn(email, code)).toMatchObject({ status: 401, body: { code: 'ERR_INVALID_TWO_FACTOR_CODE' } });
      // A wrong password is refused before any code is looked at.
      expect(await browser().post(LOGIN, { email, password: 'Wrong-Horse-42', browserFingerprint: 'fp', twoFactorCode: nextCode(secret) })).toMatchObject({
        status: 401,
        body: { code: 'ERR_INVALID_CREDENTIALS' },
      });
    });

    it('a code of any characters is refused with a catalogue error, never a 500 (found by the routes’ fuzz test)', async () => {
      const odd = ['ǹꯅ⊏ԕڕ⏥', '𘰅ꐅǹꯅ⊏ԕڕ⏥𐚸₲𒃦ꇨ𐞄𑇁𑻬⚃⡧郎🖦', '!    !'];
      const b = browser();
      await confirmedUser(b, t.handle);
      expect((await b.post('/api/v1/users/two-factor/setup', {})).status).toBe(200);
      for (const code of odd)
        expect(await b.post('/api/v1/users/two-factor/enable', { code })).toMatchObject({ status: 401, body: { code: 'ERR_INVALID_TWO_FACTOR_CODE' } });
    });

    it('a recovery code works once, at sign-in', async () => {
      const { email, recoveryCodes } = await enrolled();
      expect((await signIn(email, recoveryCodes[0].toUpperCase())).status).toBe(200);
      expect(await signIn(email, recoveryCodes[0])).toMatchObject({ status: 401, body: { code: 'ERR_INVALID_TWO_FACTOR_CODE' } });
      expect((await signIn(email, recoveryCodes[1])).status).toBe(200);
    });

    it('step-up needs the code too, and refuses a replayed one', async () => {
      const { b, secret } = await enrolled();
      await later(b, 16 * MINUTE);
      expect(await b.post(STEP_UP, { password: TEST_PASSWORD })).toMatchObject({ status: 401, body: { code: 'ERR_TWO_FACTOR_REQUIRED' } });
      const code = nextCode(secret);
      expect((await b.post(STEP_UP, { password: TEST_PASSWORD, twoFactorCode: code })).status).toBe(200);
      expect(await b.post(STEP_UP, { password: TEST_PASSWORD, twoFactorCode: code })).toMatchObject({
        status: 401,
        body: { code: 'ERR_INVALID_TWO_FACTOR_CODE' },
      });
    });

    it('turning it off needs a valid code; afterwards sign-in needs none', async () => {
      const { b, email, secret, recoveryCodes } = await enrolled();
      expect(await b.post('/api/v1/users/two-factor/disable', { code: 'aaaaa-bbbbb' })).toMatchObject({
        status: 401,
        body: { code: 'ERR_INVALID_TWO_FACTOR_CODE' },
      });
      expect((await b.get(ACCOUNT)).body.twoFactorEnabled).toBe(true);
      expect(await b.post('/api/v1/users/two-factor/disable', { code: recoveryCodes[3] })).toMatchObject({ status: 200, body: {} });
      expect((await b.get(ACCOUNT)).body.twoFactorEnabled).toBe(false);
      expect((await signIn(email)).status).toBe(200);
      // Nothing of the old enrolment is left: its codes no longer mean anything.
      expect(await b.post('/api/v1/users/two-factor/disable', { code: nextCode(secret) })).toMatchObject({
        status: 422,
        body: { code: 'ERR_UNPROCESSABLE_ENTITY' },
      });
      expect(
        await sql('SELECT id FROM two_factor_recovery_codes WHERE code_hash IS NOT NULL AND user_id = (SELECT id FROM users WHERE email = $1)', [email]),
      ).toEqual([]);
      // The owner is told of both changes by mail.
      expect(await securityNotices(email, 2)).toEqual(['Two-factor authentication is on', 'Two-factor authentication is off']);
    });
  });

  describe('password reset', () => {
    async function reset(email: string, password = 'Fresh-Meadow-77') {
      const b = browser();
      await b.post('/api/v1/users/local/request-password-reset', { email });
      const r = await b.post('/api/v1/users/local/reset-password', { email, password, resetCode: await mailedCode(email, 'password_reset') });
      expect(r).toMatchObject({ status: 200, body: { ok: true } });
    }

    it('ends every session: old access and refresh tokens are refused', async () => {
      const first = browser();
      const second = browser();
      const { email } = await confirmedUser(first, t.handle);
      expect((await second.post(LOGIN, { email, password: TEST_PASSWORD, browserFingerprint: 'fp' })).status).toBe(200);
      await reset(email);
      for (const b of [first, second]) {
        expect(await b.get(ACCOUNT)).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHORIZED', details: { reason: 'SESSION_ENDED' } } });
        expect((await b.post(REFRESH, { browserFingerprint: 'fp' })).status).toBe(401);
      }
      expect((await browser().post(LOGIN, { email, password: 'Fresh-Meadow-77', browserFingerprint: 'fp' })).status).toBe(200);
      // The owner is told by mail (a reset they did not make is a takeover to stop).
      expect(await securityNotices(email, 1)).toEqual(['Your password was changed']);
    });

    it('suspends every API key and webhook of the account', async () => {
      const b = browser();
      const { email, userId } = await confirmedUser(b, t.handle);
      const key = await b.post('/api/v1/users/generate-api-key', { name: 'mine' });
      expect(key.status).toBe(200);
      await reset(email);
      const keys = await sql<{ suspended_at: Date | null }>('SELECT suspended_at FROM api_keys WHERE user_id = $1 AND deleted_at IS NULL', [userId]);
      expect(keys).toHaveLength(1);
      expect(keys[0].suspended_at).not.toBeNull();
      const again = browser();
      expect((await again.post(LOGIN, { email, password: 'Fresh-Meadow-77', browserFingerprint: 'fp' })).status).toBe(200);
      expect((await again.get('/api/v1/users/list-api-key')).body).toEqual([expect.objectContaining({ apiId: key.body.apiId, suspended: true })]);
    });

    it('drops a referral relation made before the email was confirmed, and confirms the email (the code proved the mailbox)', async () => {
      const squatted = newEmail();
      await browser().post('/api/v1/users/local/create', {
        email: squatted,
        password: TEST_PASSWORD,
        browserFingerprint: 'fp',
        referrerAffiliateId: 'attacker1',
      });
      const confirmed = newEmail();
      await confirmedUser(browser(), t.handle, { email: confirmed, referrerAffiliateId: 'partner22' });
      await reset(squatted);
      await reset(confirmed);
      const rows = await sql<{ email: string; referrer_affiliate_id: string | null; email_confirmed_at: Date | null }>(
        'SELECT email, referrer_affiliate_id, email_confirmed_at FROM users WHERE email = ANY($1::text[]) ORDER BY email = $2 DESC',
        [[squatted, confirmed], squatted],
      );
      expect(rows[0]).toMatchObject({ email: squatted, referrer_affiliate_id: null, email_confirmed_at: expect.any(Date) });
      // A relation made by a confirmed account stays.
      expect(rows[1]).toMatchObject({ email: confirmed, referrer_affiliate_id: 'partner22' });
    });
  });

  describe('attempt caps hold under parallel guesses', () => {
    it('20 parallel wrong reset codes: at most 5 are counted, and the right code is refused afterwards', async () => {
      const email = newEmail();
      await browser().post('/api/v1/users/local/create', { email, password: TEST_PASSWORD, browserFingerprint: 'fp' });
      await browser().post('/api/v1/users/local/request-password-reset', { email });
      const right = await mailedCode(email, 'password_reset');
      const wrong = right === '00000000' ? '11111111' : '00000000';
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => browser().post('/api/v1/users/local/reset-password', { email, password: 'Fresh-Meadow-77', resetCode: wrong })),
      );
      expect(answers.every((a) => a.status === 400 && a.body.code === 'ERR_INVALID_PASSWORD_RESET_CODE')).toBe(true);
      const [row] = await sql<{ attempts: number }>(
        'SELECT c.attempts FROM password_reset_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1 ORDER BY c.id DESC LIMIT 1',
        [email],
      );
      expect(Number(row.attempts)).toBe(5);
      expect(await browser().post('/api/v1/users/local/reset-password', { email, password: 'Fresh-Meadow-77', resetCode: right })).toMatchObject({
        status: 400,
        body: { code: 'ERR_INVALID_PASSWORD_RESET_CODE' },
      });
      expect((await browser().post(LOGIN, { email, password: TEST_PASSWORD, browserFingerprint: 'fp' })).status).toBe(200);
    });

    it('20 parallel wrong email confirmation codes: at most 5 are counted, and the right code is refused afterwards', async () => {
      const email = newEmail();
      await browser().post('/api/v1/users/email/request-confirmation', { email });
      const right = await mailedCode(email, 'email_confirmation');
      const wrong = right === '00000000' ? '11111111' : '00000000';
      const answers = await Promise.all(Array.from({ length: 20 }, () => browser().post('/api/v1/users/email/confirm', { email, code: wrong })));
      expect(answers.every((a) => a.status === 400 && a.body.code === 'ERR_VALIDATION')).toBe(true);
      const [row] = await sql<{ attempts: number }>('SELECT attempts FROM email_confirmations WHERE email = $1 ORDER BY id DESC LIMIT 1', [email]);
      expect(Number(row.attempts)).toBe(5);
      expect((await browser().post('/api/v1/users/email/confirm', { email, code: right })).status).toBe(400);
    });
  });
});
