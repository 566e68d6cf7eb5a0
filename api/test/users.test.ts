// Admin CLI (a confirmed email before promotion, promotion ends sessions), outbox printing, and the
// configuration rules of accounts (argon2 OWASP floor, JWT secret).
import { randomBytes } from 'node:crypto';
import { loadConfig, OWASP_ARGON2 } from '../src/config';
import { runAdminCli } from '../src/cli/admin';
import { printOutbox } from '../src/cli/sandbox-mail';
import { codeIn, readOutbox } from '../src/adapters/mail';
import { startApi, type RunningApi } from '../src/main';
import { fakeRealtime } from './helpers/fakes';
import { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';
import { testConfig } from './helpers/accounts';

describe('accounts configuration', () => {
  it('production defaults meet the OWASP argon2id minimum (m=19456 KiB, t=2, p=1)', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 's'.repeat(40),
      SANDBOX_MODE: 'false',
      SMTP_URL: 'smtp://mail',
      PUBLIC_ORIGIN: 'https://x.example',
      DATA_ENCRYPTION_KEY: 'd'.repeat(40),
    });
    expect(c.auth.argon2.memoryKib).toBeGreaterThanOrEqual(19456);
    expect(c.auth.argon2.timeCost).toBeGreaterThanOrEqual(2);
    expect(c.auth.argon2.parallelism).toBeGreaterThanOrEqual(1);
    expect(OWASP_ARGON2).toEqual({ memoryKib: 19456, timeCost: 2, parallelism: 1 });
  });
  it('accepts weaker argon2 parameters only under NODE_ENV=test', () => {
    expect(() => loadConfig({ ARGON2_MEMORY_KIB: '1024' })).toThrow(/OWASP/);
    expect(() => loadConfig({ ARGON2_TIME_COST: '1', NODE_ENV: 'production', JWT_SECRET: 's'.repeat(40) })).toThrow(/OWASP/);
    expect(loadConfig({ ARGON2_MEMORY_KIB: '1024', NODE_ENV: 'test' }).auth.argon2.memoryKib).toBe(1024);
  });
  it('requires JWT_SECRET in production outside sandbox mode, at least 32 characters', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX_MODE: 'false' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({}).auth.jwtSecret).toBeUndefined();
  });
});

describe.each(BACKENDS)('admin CLI and outbox on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  beforeAll(async () => {
    t = await openTestDb(backend);
    api = await startApi(testConfig({ JWT_SECRET: '' }), {
      db: t.handle,
      realtime: fakeRealtime(),
      accounts: { rateLimitPrefix: `u${randomBytes(4).toString('hex')}` },
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  it('`admin create <email>` of a new address is refused: no ADMIN with an unconfirmed email (issue 24)', async () => {
    const lines: string[] = [];
    const email = `new-admin-${randomBytes(4).toString('hex')}@example.com`;
    const code = await runAdminCli(['create', email], { db: t.handle, config: testConfig(), env: {}, out: (l) => lines.push(l) });
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(/has no account: ADMIN refused/);
    const [row] = await t.handle.withSession((s) => s.query<{ n: number | string }>('SELECT count(*) AS n FROM users WHERE email = $1', [email]));
    expect(Number(row.n)).toBe(0);
    expect(await runAdminCli(['create', email, '--confirmed-maybe'], { db: t.handle, config: testConfig(), env: {}, out: () => undefined })).toBe(2);
  });

  it('`admin create <email> --email-confirmed` makes an ADMIN with a confirmed email who signs in with the printed password', async () => {
    const lines: string[] = [];
    const email = `Admin-${randomBytes(4).toString('hex')}@Example.com`;
    const code = await runAdminCli(['create', email, '--email-confirmed'], { db: t.handle, config: testConfig(), env: {}, out: (l) => lines.push(l) });
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/email marked confirmed by the operator/);
    const password = /generated password \(shown once\): (\S+)/.exec(lines.join('\n'))?.[1] as string;
    expect(password.length).toBeGreaterThanOrEqual(20);

    const b = new Browser(api.url, '10.9.0.1');
    expect((await b.post('/api/v1/users/local/authenticate', { email, password, browserFingerprint: 'fp' })).status).toBe(200);
    const data = await b.get('/api/v1/users/account-data');
    expect(data.body).toMatchObject({
      email: email.toLowerCase(),
      permissions: 'ADMIN',
      adminPermissionsScope: {},
      emailConfirmed: true,
      twoFactorEnabled: false,
    });
  });

  const adminCli = (args: string[], env: Record<string, string> = {}) => {
    const out: string[] = [];
    return runAdminCli(args, { db: t.handle, config: testConfig(), env, out: (l) => out.push(l) }).then((code) => ({ code, out: out.join('\n') }));
  };
  async function confirmEmailOf(email: string, b: Browser) {
    await b.post('/api/v1/users/email/request-confirmation', { email });
    const [mail] = await readOutbox(t.handle, { to: email });
    expect((await b.post('/api/v1/users/email/confirm', { email, code: codeIn(mail.text) })).status).toBe(200);
  }

  it('refuses to promote an account whose email is not confirmed', async () => {
    const b = new Browser(api.url, '10.9.0.4');
    const email = `squatter-${randomBytes(4).toString('hex')}@example.com`;
    await b.post('/api/v1/users/local/create', { email, password: 'Correct-Horse-42', browserFingerprint: 'fp' });
    const refused = await adminCli(['create', email]);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/has not confirmed its email address: ADMIN refused/);
    await b.post('/api/v1/users/local/authenticate', { email, password: 'Correct-Horse-42', browserFingerprint: 'fp' });
    expect((await b.get('/api/v1/users/account-data')).body.permissions).toBe('USER');
  });

  it('promotes a confirmed account, keeps its password and ends its sessions', async () => {
    const b = new Browser(api.url, '10.9.0.2');
    const email = `user-${randomBytes(4).toString('hex')}@example.com`;
    await b.post('/api/v1/users/local/create', { email, password: 'Correct-Horse-42', browserFingerprint: 'fp' });
    await b.post('/api/v1/users/local/authenticate', { email, password: 'Correct-Horse-42', browserFingerprint: 'fp' });
    expect((await b.get('/api/v1/users/account-data')).body.permissions).toBe('USER');
    await confirmEmailOf(email, b);

    const promoted = await adminCli(['create', email]);
    expect(promoted).toEqual({ code: 0, out: expect.stringMatching(/now has ADMIN permissions; password unchanged; its sessions were ended/) });
    // The session opened before the promotion is over: access and refresh alike.
    expect(await b.get('/api/v1/users/account-data')).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHORIZED', details: { reason: 'SESSION_ENDED' } } });
    expect((await b.post('/api/v1/users/authentication/refresh', { browserFingerprint: 'fp' })).status).toBe(401);

    const again = new Browser(api.url, '10.9.0.5');
    expect((await again.post('/api/v1/users/local/authenticate', { email, password: 'Correct-Horse-42', browserFingerprint: 'fp' })).status).toBe(200);
    expect((await again.get('/api/v1/users/account-data')).body.permissions).toBe('ADMIN');
    // Running it again changes nothing and ends no session.
    expect((await adminCli(['create', email])).out).toMatch(/already has ADMIN permissions/);
    expect((await again.get('/api/v1/users/account-data')).status).toBe(200);
  });

  it('refuses a weak ADMIN_PASSWORD and a wrong command', async () => {
    const email = `weak-${randomBytes(4).toString('hex')}@example.com`;
    expect(await adminCli(['create', email, '--email-confirmed'], { ADMIN_PASSWORD: 'weak' })).toEqual({
      code: 2,
      out: expect.stringMatching(/ADMIN_PASSWORD refused/),
    });
    expect(await adminCli(['create', email, '--email-confirmed'], { ADMIN_PASSWORD: 'password1' })).toEqual({
      code: 2,
      out: expect.stringMatching(/too common/),
    });
    expect((await adminCli(['delete'])).code).toBe(2);
  });

  it('`sandbox mail` prints the outbox with the code; the generated JWT secret is shared through the database', async () => {
    const email = `mail-${randomBytes(4).toString('hex')}@example.com`;
    const b = new Browser(api.url, '10.9.0.3');
    await b.post('/api/v1/users/local/create', { email, password: 'Correct-Horse-42', browserFingerprint: 'fp' });
    await b.post('/api/v1/users/local/request-password-reset', { email, locale: 'ru' });
    const lines: string[] = [];
    await printOutbox(t.handle, [email], (l) => lines.push(l));
    expect(lines[0]).toMatch(new RegExp(`to ${email} \\[password_reset, ru\\] code \\d{8}`));
    expect(lines[1]).toBe('Subject: Код для сброса пароля');
    const [secret] = await t.handle.withSession((s) => s.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'jwt'`));
    expect(secret.value.length).toBeGreaterThanOrEqual(48);
  });
});
