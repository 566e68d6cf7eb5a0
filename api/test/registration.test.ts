// Registration that does not reveal whether an email already has an account (issue 7): an existing email gets
// the very answer a new one gets, after the same hashing, the account is left as it was, and its owner is told
// by mail in their own language. PGlite and, with DATABASE_URL, PostgreSQL.
import { randomBytes } from 'node:crypto';
import { readOutbox } from '../src/adapters/mail';
import { startApi, type RunningApi } from '../src/main';
import { createArgon2Hasher, type PasswordHasher } from '../src/modules/accounts/passwords';
import { REGISTRATION_NOTICES_PER_WINDOW } from '../src/limits';
import { fakeRealtime } from './helpers/fakes';
import { testConfig } from './helpers/accounts';
import { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const REGISTER = '/api/v1/users/local/create';
const LOGIN = '/api/v1/users/local/authenticate';
const PASSWORD = 'Correct-Horse-42';

describe.each(BACKENDS)('registration on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  let hashes = 0;
  let ipSeq = 0;

  beforeAll(async () => {
    t = await openTestDb(backend);
    const config = testConfig();
    const real = createArgon2Hasher(config.auth.argon2);
    const counting: PasswordHasher = { ...real, hash: (p) => (hashes++, real.hash(p)) };
    api = await startApi(config, {
      db: t.handle,
      realtime: fakeRealtime(),
      accounts: { hasher: counting, rateLimitPrefix: `r${randomBytes(4).toString('hex')}` },
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const browser = () => new Browser(api.url, `10.3.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`);
  const newEmail = () => `reg-${randomBytes(5).toString('hex')}@example.com`;
  const register = async (email: string, password: string, extra: Record<string, string> = {}) => {
    const before = hashes;
    const r = await browser().post(REGISTER, { email, password, browserFingerprint: 'fp', ...extra });
    return { ...r, hashed: hashes - before };
  };
  const strip = (r: Awaited<ReturnType<typeof register>>) => ({ status: r.status, body: r.body, setCookies: r.setCookies, hashed: r.hashed });

  it('answers an existing email exactly as a new one, after the same hashing', async () => {
    const email = newEmail();
    const fresh = await register(email, PASSWORD);
    const again = await register(email.toUpperCase(), 'Another-secret-7');
    expect(strip(fresh)).toEqual({ status: 200, body: { ok: true }, setCookies: [], hashed: 1 });
    expect(strip(again)).toEqual(strip(fresh));
    expect(again.headers.get('content-type')).toBe(fresh.headers.get('content-type'));
  });

  it("leaves the existing account as it was: its password still works, the newcomer's does not", async () => {
    const email = newEmail();
    await register(email, PASSWORD);
    await register(email, 'Another-secret-7');
    expect((await browser().post(LOGIN, { email, password: 'Another-secret-7', browserFingerprint: 'fp' })).status).toBe(401);
    expect((await browser().post(LOGIN, { email, password: PASSWORD, browserFingerprint: 'fp' })).status).toBe(200);
    const rows = await t.handle.withSession((s) => s.query<{ n: number | string }>('SELECT count(*) AS n FROM users WHERE email = $1', [email]));
    expect(Number(rows[0].n)).toBe(1);
  });

  it("mails the owner a notice in the owner's language, and nothing to a new address", async () => {
    const email = newEmail();
    await register(email, PASSWORD, { locale: 'ru' });
    expect(await readOutbox(t.handle, { to: email })).toEqual([]);
    // The second attempt comes from an English page: the notice follows the owner's language, not the stranger's.
    await register(email, 'Another-secret-7', { locale: 'en' });
    const [notice] = await readOutbox(t.handle, { to: email });
    expect(notice).toMatchObject({ to: email, kind: 'registration_attempt', locale: 'ru', subject: 'Попытка создать аккаунт с вашим email' });
    expect(notice.text).toContain('войдите со своим паролем');
    expect(notice.text).toContain('сбросьте');
    expect(notice.text).not.toContain('Another-secret-7');

    const other = newEmail();
    await register(other, PASSWORD);
    await register(other, PASSWORD);
    const [en] = await readOutbox(t.handle, { to: other });
    expect(en).toMatchObject({ kind: 'registration_attempt', locale: 'en', subject: 'Someone tried to create an account with your email' });
    expect(en.text).toMatch(/sign in with your password, or reset it/);
  });

  it('mails a few notices per window, not one per attempt; the answer stays the same', async () => {
    const email = newEmail();
    await register(email, PASSWORD);
    for (let i = 0; i < REGISTRATION_NOTICES_PER_WINDOW + 3; i++)
      expect(strip(await register(email, PASSWORD))).toMatchObject({ status: 200, body: { ok: true }, hashed: 1 });
    expect(await readOutbox(t.handle, { to: email })).toHaveLength(REGISTRATION_NOTICES_PER_WINDOW);
  });

  it('still refuses a weak password first, for new and existing emails alike (ERR_VALIDATION, password field)', async () => {
    const email = newEmail();
    await register(email, PASSWORD);
    for (const target of [email, newEmail()]) {
      const r = await register(target, 'password1');
      expect(r).toMatchObject({ status: 400, body: { code: 'ERR_VALIDATION', fields: { password: expect.any(String) } }, hashed: 0 });
    }
  });
});
