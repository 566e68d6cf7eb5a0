// Email confirmation codes over real HTTP (§2 "email confirmation" dialog, §4 ckm A; issue 4): mailed
// through the mail adapter in the request locale, single-use, short-lived, few attempts, rate-limited
// before any work, readable from the sandbox outbox. PGlite and, with DATABASE_URL, PostgreSQL.
import { randomBytes } from 'node:crypto';
import { codeIn, readOutbox } from '../src/adapters/mail';
import { startApi, type RunningApi } from '../src/main';
import { fakeRealtime } from './helpers/fakes';
import { testConfig } from './helpers/accounts';
import { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const MINUTE = 60_000;
const REQUEST = '/api/v1/users/email/request-confirmation';
const CONFIRM = '/api/v1/users/email/confirm';

describe.each(BACKENDS)('email confirmation on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  let clockMs = Date.now();
  let ipSeq = 0;

  beforeAll(async () => {
    t = await openTestDb(backend);
    api = await startApi(testConfig(), {
      db: t.handle,
      realtime: fakeRealtime(),
      accounts: { now: () => clockMs, rateLimitPrefix: `t${randomBytes(4).toString('hex')}` },
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const browser = () => new Browser(api.url, `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`);
  const newEmail = () => `confirm-${randomBytes(5).toString('hex')}@example.com`;
  // Read from the database: the sandbox mail endpoint answers only local callers, and these browsers are remote.
  const mailsTo = async (email: string) => (await readOutbox(t.handle, { to: email })).map((m) => ({ ...m, code: codeIn(m.text) as string }));
  const otherThan = (code: string, step = 1) => String((Number(code) + step) % 1e8).padStart(8, '0');

  it('mails an 8-digit code in the locale of the request, valid 15 minutes (no account needed)', async () => {
    const email = newEmail();
    expect(await browser().post(REQUEST, { email: email.toUpperCase(), locale: 'ru' })).toMatchObject({ status: 200, body: { ok: true } });
    const [ru] = await mailsTo(email);
    expect(ru).toMatchObject({ kind: 'email_confirmation', locale: 'ru', subject: 'Подтверждение email' });
    expect(ru.code).toMatch(/^\d{8}$/);
    expect(ru.text).toContain('15 минут');

    await browser().post(REQUEST, { email }, { 'accept-language': 'en-GB,en;q=0.9' });
    const [en] = await mailsTo(email);
    expect(en).toMatchObject({ kind: 'email_confirmation', locale: 'en', subject: 'Confirm your email' });
    expect(en.text).toContain('15 minutes');
  });

  it('refuses a wrong code with ERR_VALIDATION on the code field, accepts the right one once', async () => {
    const email = newEmail();
    const b = browser();
    await b.post(REQUEST, { email, locale: 'en' });
    const [mail] = await mailsTo(email);

    const wrong = await b.post(CONFIRM, { email, code: otherThan(mail.code) });
    expect(wrong).toMatchObject({ status: 400, body: { statusCode: 400, code: 'ERR_VALIDATION', fields: { code: expect.any(String) } } });

    expect(await b.post(CONFIRM, { email: ` ${email.toUpperCase()} `, code: mail.code })).toMatchObject({ status: 200, body: { ok: true } });
    const again = await b.post(CONFIRM, { email, code: mail.code });
    expect(again).toMatchObject({ status: 400, body: { code: 'ERR_VALIDATION', fields: { code: expect.any(String) } } });
  });

  it('only the latest mailed code counts', async () => {
    const email = newEmail();
    const b = browser();
    await b.post(REQUEST, { email });
    const [first] = await mailsTo(email);
    await b.post(REQUEST, { email });
    const [second] = await mailsTo(email);
    if (first.code !== second.code) expect((await b.post(CONFIRM, { email, code: first.code })).status).toBe(400);
    expect((await b.post(CONFIRM, { email, code: second.code })).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = newEmail();
    await browser().post(REQUEST, { email });
    const [mail] = await mailsTo(email);
    clockMs += 16 * MINUTE;
    try {
      const late = await browser().post(CONFIRM, { email, code: mail.code });
      expect(late).toMatchObject({ status: 400, body: { code: 'ERR_VALIDATION', fields: { code: expect.any(String) } } });
    } finally {
      clockMs -= 16 * MINUTE;
    }
  });

  it('a code dies after 5 wrong attempts', async () => {
    const email = newEmail();
    await browser().post(REQUEST, { email });
    const [mail] = await mailsTo(email);
    for (let i = 1; i <= 5; i++) expect((await browser().post(CONFIRM, { email, code: otherThan(mail.code, i) })).status).toBe(400);
    expect((await browser().post(CONFIRM, { email, code: mail.code })).status).toBe(400);
  });

  it('marks the account of the address as having a confirmed email when confirmed in its session', async () => {
    const email = newEmail();
    const b = browser();
    expect((await b.post('/api/v1/users/local/create', { email, password: 'Correct-Horse-42', browserFingerprint: 'fp' })).status).toBe(200);
    expect((await b.post('/api/v1/users/local/authenticate', { email, password: 'Correct-Horse-42', browserFingerprint: 'fp' })).status).toBe(200);
    await b.post(REQUEST, { email });
    const [mail] = await mailsTo(email);
    expect((await b.post(CONFIRM, { email, code: mail.code })).status).toBe(200);
    const rows = await t.handle.withSession((s) => s.query<{ email_confirmed_at: unknown }>('SELECT email_confirmed_at FROM users WHERE email = $1', [email]));
    expect(rows[0].email_confirmed_at).not.toBeNull();
  });

  it('confirmed signed out (a guest order email), the address does not confirm an account someone registered with it (issue 24)', async () => {
    const email = newEmail();
    // A squatter registers the address and keeps the session.
    const squatter = browser();
    expect((await squatter.post('/api/v1/users/local/create', { email, password: 'Correct-Horse-42', browserFingerprint: 'fp' })).status).toBe(200);
    expect((await squatter.post('/api/v1/users/local/authenticate', { email, password: 'Correct-Horse-42', browserFingerprint: 'fp' })).status).toBe(200);
    // The mailbox owner confirms the address for an order, signed out.
    const owner = browser();
    await owner.post(REQUEST, { email });
    const [mail] = await mailsTo(email);
    expect((await owner.post(CONFIRM, { email, code: mail.code })).status).toBe(200);
    const rows = await t.handle.withSession((s) => s.query<{ email_confirmed_at: unknown }>('SELECT email_confirmed_at FROM users WHERE email = $1', [email]));
    expect(rows[0].email_confirmed_at).toBeNull();
    expect((await squatter.get('/api/v1/users/account-data')).body.emailConfirmed).toBe(false);
  });

  it('answers a malformed request with a catalogue 400', async () => {
    expect(await browser().post(REQUEST, { email: 'not-an-email' })).toMatchObject({ status: 400, body: { code: 'ERR_VALIDATION' } });
    expect(await browser().post(CONFIRM, { email: newEmail() })).toMatchObject({ status: 400, body: { code: 'ERR_VALIDATION' } });
  });

  describe('rate limits (the reset budgets: 8 per address and email in tests, 20 per address), before any work', () => {
    it('per (email, address): a limited request mails nothing; the same email from another address still gets its code', async () => {
      const email = newEmail();
      const stranger = browser();
      for (let i = 0; i < 4; i++) expect((await stranger.post(REQUEST, { email })).status).toBe(200);
      const [mail] = await mailsTo(email);
      for (let i = 1; i <= 4; i++) expect((await stranger.post(CONFIRM, { email, code: otherThan(mail.code, i) })).status).toBe(400);
      const mailed = (await mailsTo(email)).length;
      const limited = await stranger.post(REQUEST, { email });
      expect(limited).toMatchObject({ status: 429, body: { statusCode: 429, code: 'ERR_TOO_MANY_REQUESTS', details: { limit: 'account-ip' } } });
      expect(limited.body.message).toMatch(/Too many email confirmation attempts/);
      expect((await mailsTo(email)).length).toBe(mailed);
      expect(await stranger.post(CONFIRM, { email, code: mail.code })).toMatchObject({ status: 429, body: { code: 'ERR_TOO_MANY_REQUESTS' } });

      const owner = browser();
      expect((await owner.post(REQUEST, { email })).status).toBe(200);
      const [fresh] = await mailsTo(email);
      expect(await owner.post(CONFIRM, { email, code: fresh.code })).toMatchObject({ status: 200, body: { ok: true } });
    });

    it('per IP across addresses', async () => {
      const b = browser();
      for (let i = 0; i < 20; i++) expect((await b.post(CONFIRM, { email: newEmail(), code: '12345678' })).status).toBe(400);
      const limited = await b.post(REQUEST, { email: newEmail() });
      expect(limited).toMatchObject({ status: 429, body: { code: 'ERR_TOO_MANY_REQUESTS', details: { limit: 'ip' } } });
    });
  });
});
