// Limits that protect users instead of locking them out (issue 7), over real HTTP with the production
// budgets: failed sign-ins and reset requests are counted per (account, address) and per address (429),
// and per account across addresses only up to a ceiling past which answers are delayed, never refused.
// The delay is recorded through the injected sleep, so nothing here waits. PGlite and, with DATABASE_URL,
// PostgreSQL (Redis store with REDIS_URL).
import { randomBytes } from 'node:crypto';
import { codeIn, readOutbox } from '../src/adapters/mail';
import { loadConfig } from '../src/config';
import { startApi, type RunningApi } from '../src/main';
import { accountDelayMs, addressKey } from '../src/limits';
import { fakeRealtime } from './helpers/fakes';
import { testConfig } from './helpers/accounts';
import { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const PASSWORD = 'Correct-Horse-42';
const LOGIN = '/api/v1/users/local/authenticate';
const REQUEST_RESET = '/api/v1/users/local/request-password-reset';
const RESET = '/api/v1/users/local/reset-password';

describe('account delay and address keys', () => {
  it('no delay within the ceiling, then doubling from the first delay up to the cap', () => {
    const delays = [20, 21, 22, 23, 24, 25, 40].map((n) => accountDelayMs(n, 20, 500, 5000));
    expect(delays).toEqual([0, 500, 1000, 2000, 4000, 5000, 5000]);
    expect(accountDelayMs(1000, 20, 0, 5000)).toBe(0);
  });

  it('counts IPv4 as is (also IPv4-mapped IPv6) and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:ffff:1:2:3'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });

  it('refuses the per-account variables of the earlier release, whose lockout meaning is gone', () => {
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '10' })).toThrow(
      /RATE_LIMIT_LOGIN_PER_ACCOUNT: no longer used; see RATE_LIMIT_LOGIN_PER_ACCOUNT_IP/,
    );
    expect(() => loadConfig({ RATE_LIMIT_RESET_PER_ACCOUNT: '5' })).toThrow(/RATE_LIMIT_RESET_PER_ACCOUNT_IP/);
  });
});

describe.each(BACKENDS)('sign-in and reset limits on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  let ipSeq = 0;
  const waits: number[] = [];

  beforeAll(async () => {
    t = await openTestDb(backend);
    // The shipped budgets (10 per account and address, 50 per address, delay past 20 per account; reset 5, 20, 10).
    const config = testConfig({
      RATE_LIMIT_LOGIN_PER_ACCOUNT_IP: '10',
      RATE_LIMIT_LOGIN_PER_IP: '50',
      RATE_LIMIT_RESET_PER_ACCOUNT_IP: '5',
    });
    expect(config.auth.rateLimits).toMatchObject({
      login: { perAccountIp: 10, perIp: 50, perAccountBeforeDelay: 20 },
      reset: { perAccountIp: 5, perIp: 20, perAccountBeforeDelay: 10 },
      accountDelayMs: 500,
      accountMaxDelayMs: 5000,
    });
    api = await startApi(config, {
      db: t.handle,
      realtime: fakeRealtime(),
      accounts: { rateLimitPrefix: `l${randomBytes(4).toString('hex')}`, sleep: async (ms) => void waits.push(ms) },
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });
  beforeEach(() => {
    waits.length = 0;
  });

  const browser = () => new Browser(api.url, `10.7.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`);
  const newEmail = () => `owner-${randomBytes(5).toString('hex')}@example.com`;
  async function owner() {
    const email = newEmail();
    expect((await browser().post('/api/v1/users/local/create', { email, password: PASSWORD, browserFingerprint: 'fp' })).status).toBe(200);
    return email;
  }
  const login = (b: Browser, email: string, password: string) => b.post(LOGIN, { email, password, browserFingerprint: 'fp' });
  // Read from the database: the sandbox mail endpoint answers only local callers, and these browsers are remote.
  const mailsTo = (email: string) => readOutbox(t.handle, { to: email });

  it("a stranger's 50 failed sign-ins from one address do not stop the owner's correct sign-in from another", async () => {
    const email = await owner();
    const stranger = browser();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const r = await login(stranger, email, `Guess-number-${i}`);
      statuses.push(r.status);
      if (r.status === 429) {
        expect(r.body).toEqual({
          statusCode: 429,
          code: 'ERR_TOO_MANY_REQUESTS',
          message: expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/),
          details: { retryAfterSeconds: expect.any(Number), limit: 'account-ip' },
        });
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(40).fill(429));
    // Even the right password is refused from the stranger's address now.
    expect((await login(stranger, email, PASSWORD)).status).toBe(429);

    const ownersBrowser = browser();
    const signIn = await login(ownersBrowser, email, PASSWORD);
    expect(signIn).toMatchObject({ status: 200, body: { ok: true } });
    expect((await ownersBrowser.get('/api/v1/users/account-data')).body.email).toBe(email);
    expect(waits).toEqual([]);
  });

  it("an address guessing across 50 accounts gets 429 on the 51st; the owner's sign-in elsewhere still works", async () => {
    const email = await owner();
    const stranger = browser();
    for (let i = 0; i < 49; i++) expect((await login(stranger, newEmail(), 'Wrong-password-1')).status).toBe(401);
    expect((await login(stranger, email, 'Wrong-password-1')).status).toBe(401);
    const limited = await login(stranger, newEmail(), 'Wrong-password-1');
    expect(limited).toMatchObject({ status: 429, body: { statusCode: 429, code: 'ERR_TOO_MANY_REQUESTS', details: { limit: 'ip' } } });
    expect((await login(browser(), email, PASSWORD)).status).toBe(200);
  });

  it('only failures count: a success restarts the (account, address) budget', async () => {
    const email = await owner();
    const b = browser();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) expect((await login(b, email, `Typo-password-${i}`)).status).toBe(401);
      expect((await login(b, email, PASSWORD)).status).toBe(200);
    }
  });

  it('many addresses past the account ceiling are slowed down, never refused; the owner still gets in', async () => {
    const email = await owner();
    // 25 strangers, one guess each: the ceiling (20) is passed, no per-address budget is.
    for (let i = 0; i < 25; i++) expect((await login(browser(), email, `Guess-number-${i}`)).status).toBe(401);
    expect(waits).toEqual([500, 1000, 2000, 4000, 5000]);
    waits.length = 0;
    expect((await login(browser(), email, PASSWORD)).status).toBe(200);
    expect(waits).toEqual([5000]);
  });

  it('a password reset ends the delay of guesses at the old password', async () => {
    const email = await owner();
    for (let i = 0; i < 21; i++) await login(browser(), email, `Guess-number-${i}`);
    expect(waits).toEqual([500]);
    const b = browser();
    await b.post(REQUEST_RESET, { email });
    const [mail] = await mailsTo(email);
    expect((await b.post(RESET, { email, password: 'Brand-new-secret-9', resetCode: codeIn(mail.text) })).status).toBe(200);
    waits.length = 0;
    expect((await login(browser(), email, 'Brand-new-secret-9')).status).toBe(200);
    expect(waits).toEqual([]);
  });

  it("five reset requests from a stranger do not block the owner's reset from another address", async () => {
    const email = await owner();
    const stranger = browser();
    for (let i = 0; i < 5; i++) expect(await stranger.post(REQUEST_RESET, { email })).toMatchObject({ status: 200, body: { ok: true } });
    const limited = await stranger.post(REQUEST_RESET, { email });
    expect(limited).toMatchObject({
      status: 429,
      body: {
        statusCode: 429,
        code: 'ERR_TOO_MANY_REQUESTS',
        message: expect.stringMatching(/^Too many password reset attempts/),
        details: { limit: 'account-ip' },
      },
    });
    // A stranger guessing codes from the same address is refused too.
    expect((await stranger.post(RESET, { email, password: 'Stolen-account-1', resetCode: '12345678' })).status).toBe(429);

    const ownersBrowser = browser();
    expect(await ownersBrowser.post(REQUEST_RESET, { email })).toMatchObject({ status: 200, body: { ok: true } });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(6);
    const reset = await ownersBrowser.post(RESET, { email, password: 'Brand-new-secret-9', resetCode: codeIn(mails[0].text) });
    expect(reset).toMatchObject({ status: 200, body: { ok: true } });
    expect((await login(browser(), email, 'Brand-new-secret-9')).status).toBe(200);
    expect(waits).toEqual([]);
  });
});
