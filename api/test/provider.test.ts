// The card provider calls of §7 (issue 12) over the SANDBOX provider: sign-up (twice tolerated, §4) with the site's
// confirmation code mailed to the sandbox outbox, sign-in with a bearer token scoped to the account, contacts
// UNCONFIRMED → CONFIRMED once the code is confirmed, kyc-status incomplete → complete after a PASS identity
// verification or the sandbox KYC page's decision, the KYC access token, card payments with test cards, an unknown
// provider, a guest, and logs without emails, tokens or codes. On PGlite and, with DATABASE_URL, on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { codeIn, readOutbox } from '../src/adapters/mail';
import { createSandboxProvider } from '../src/adapters/provider/sandbox';
import type { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';
import { startPartnerHarness, type PartnerHarness } from './partnerHarness';

const P = '/api/v1/liquidity-providers/sandbox';
const DECIDE = '/api/v1/sandbox/liquidity-providers/sandbox/kyc/decide';
type User = Browser & { userId: number; email: string };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(BACKENDS)('card provider on %s', (backend) => {
  let t: TestDb;
  let h: PartnerHarness;
  const kycDir = mkdtempSync(path.join(tmpdir(), 'provider-kyc-'));
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await openTestDb(backend);
    h = await startPartnerHarness(t, { KYC_STORAGE_DIR: kycDir });
  }, 60_000);
  afterAll(async () => {
    await h?.api.close();
    await t?.drop();
    rmSync(kycDir, { recursive: true, force: true });
  });

  const mailsTo = (email: string) => readOutbox(t.handle, { to: email });
  /** Signs the account up and in with the provider; its bearer token. */
  const providerSession = async (u: User): Promise<string> => {
    expect((await u.post(`${P}/user/sign-up`, { accept: true, email: u.email })).status).toBe(200);
    const r = await u.post(`${P}/user/sign-in`, { email: u.email });
    expect(r.status).toBe(200);
    secrets.push(r.body.token);
    return r.body.token;
  };
  /** From this machine (the sandbox routes answer local callers only), without a session. */
  const local = async (url: string, body: unknown) => {
    const res = await fetch(h.api.url + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };
  const pass = (userId: number) =>
    t.handle.withSession((s) =>
      s.query(
        `INSERT INTO verifications (id, user_id, status, residence_country, identity_type, first_name, last_name, issue_country, birth_date, identity_number, expire_date)
         VALUES ($1, $2, 'PASS', 'DE', 'idcard', 'A', 'B', 'DE', '1990-01-01', 'X1', '2099-01-01')`,
        [`kyc_provider_${userId}`, userId],
      ),
    );

  it('tolerates a second sign-up, mails the confirmation code, and reports the email CONFIRMED once the code is confirmed', async () => {
    const u = await h.signUp({ unconfirmed: true });
    expect(await u.post(`${P}/user/sign-up`, { accept: true, email: u.email })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await u.post(`${P}/user/sign-up?locale=en`, { accept: true, email: u.email.toUpperCase() })).toMatchObject({ status: 200, body: { ok: true } });
    const [mail] = await mailsTo(u.email);
    expect(mail).toMatchObject({ kind: 'email_confirmation' });
    const code = codeIn(mail.text) as string;
    secrets.push(code);

    const signIn = await u.post(`${P}/user/sign-in`, { email: u.email });
    expect(signIn.status).toBe(200);
    const token = signIn.body.token as string;
    expect(token.length).toBeGreaterThanOrEqual(32);
    secrets.push(token);
    // The token is stored only as a hash.
    const stored = await t.handle.withSession((s) => s.query<{ token_hash: string }>('SELECT token_hash FROM provider_tokens'));
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    expect(await u.get(`${P}/user/contacts`)).toMatchObject({ status: 403, body: { code: 'ERR_FORBIDDEN' } });
    expect(await u.get(`${P}/user/contacts`, bearer(`${token}x`))).toMatchObject({ status: 403, body: { code: 'ERR_FORBIDDEN' } });
    expect(await u.get(`${P}/user/contacts`, bearer(token))).toMatchObject({ status: 200, body: { emailStatus: 'UNCONFIRMED' } });
    // The site's own email confirmation confirms it.
    expect((await u.post('/api/v1/users/email/confirm', { email: u.email, code })).status).toBe(200);
    expect(await u.get(`${P}/user/contacts`, bearer(token))).toMatchObject({ status: 200, body: { emailStatus: 'CONFIRMED' } });
    // Confirmed: signing up again mails nothing.
    const mailed = (await mailsTo(u.email)).length;
    expect((await u.post(`${P}/user/sign-up`, { accept: true, email: u.email })).status).toBe(200);
    expect((await mailsTo(u.email)).length).toBe(mailed);
  });

  it("works on the signed-in account only: its own email, accepted terms, sign-up before sign-in, and never another's token", async () => {
    const a = await h.signUp();
    const b = await h.signUp();
    const tokenA = await providerSession(a);
    expect(await b.post(`${P}/user/sign-up`, { accept: true, email: a.email })).toMatchObject({ status: 400, body: { code: 'ERR_VALIDATION' } });
    expect(await b.post(`${P}/user/sign-up`, { accept: false, email: b.email })).toMatchObject({ status: 400, body: { code: 'ERR_VALIDATION' } });
    expect(await b.post(`${P}/user/sign-in`, { email: b.email })).toMatchObject({ status: 404, body: { code: 'ERR_NOT_FOUND' } });
    expect(await b.post(`${P}/user/sign-in`, { email: a.email })).toMatchObject({ status: 400, body: { code: 'ERR_VALIDATION' } });
    for (const call of ['user/contacts', 'user/kyc-status', 'kyc/access-token']) {
      expect([call, (await b.get(`${P}/${call}`, bearer(tokenA))).status]).toEqual([call, 403]);
    }
  });

  it('reports KYC incomplete until the account’s identity verification is PASS', async () => {
    const u = await h.signUp();
    const token = await providerSession(u);
    expect(await u.get(`${P}/user/kyc-status`, bearer(token))).toEqual(
      expect.objectContaining({ status: 200, body: { features: [{ feature: 'IDENTITY_VERIFICATION', status: 'NOT_STARTED' }] } }),
    );
    await pass(u.userId);
    expect((await u.get(`${P}/user/kyc-status`, bearer(token))).body).toEqual({ features: [{ feature: 'IDENTITY_VERIFICATION', status: 'COMPLETED' }] });
  });

  it('issues a KYC access token whose sandbox KYC page passes or fails the applicant', async () => {
    const u = await h.signUp();
    const v = await h.signUp();
    const tu = await providerSession(u);
    const tv = await providerSession(v);
    const au = await u.get(`${P}/kyc/access-token`, bearer(tu));
    expect(au.status).toBe(200);
    expect(au.body).toEqual({
      kycAccessToken: expect.any(String),
      applicantId: expect.stringMatching(/^sbx_applicant_/),
      // The token rides in the fragment of the sandbox KYC page.
      kycUrl: `/api/v1/sandbox/liquidity-providers/sandbox/kyc#${encodeURIComponent(au.body.kycAccessToken)}`,
    });
    const av = (await v.get(`${P}/kyc/access-token`, bearer(tv))).body;
    expect(av.applicantId).not.toBe(au.body.applicantId);
    secrets.push(au.body.kycAccessToken, av.kycAccessToken);

    // The sandbox KYC page (the token in its fragment), only from this machine.
    const page = await fetch(`${h.api.url}/api/v1/sandbox/liquidity-providers/sandbox/kyc`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(await page.text()).toContain('SANDBOX');
    expect((await u.get('/api/v1/sandbox/liquidity-providers/sandbox/kyc')).status).toBe(403);
    expect((await u.post(DECIDE, { kycAccessToken: au.body.kycAccessToken, decision: 'PASS' })).status).toBe(403);
    expect(await local(DECIDE, { kycAccessToken: `${au.body.kycAccessToken}x`, decision: 'PASS' })).toMatchObject({ status: 404 });
    expect(await local(DECIDE, { kycAccessToken: au.body.kycAccessToken, decision: 'PASS' })).toEqual({
      status: 200,
      body: { applicantId: au.body.applicantId, decision: 'PASS' },
    });
    expect(await local(DECIDE, { kycAccessToken: av.kycAccessToken, decision: 'REJECT' })).toMatchObject({ status: 200 });
    expect((await u.get(`${P}/user/kyc-status`, bearer(tu))).body.features).toEqual([{ feature: 'IDENTITY_VERIFICATION', status: 'COMPLETED' }]);
    expect((await v.get(`${P}/user/kyc-status`, bearer(tv))).body.features).toEqual([{ feature: 'IDENTITY_VERIFICATION', status: 'REJECTED' }]);
  });

  it('answers ERR_NOT_FOUND for an unknown provider and 401 to a guest', async () => {
    const u = await h.signUp();
    expect(await u.post('/api/v1/liquidity-providers/acme/user/sign-up', { accept: true, email: u.email })).toMatchObject({
      status: 404,
      body: { code: 'ERR_NOT_FOUND' },
    });
    expect(await u.get('/api/v1/liquidity-providers/acme/user/contacts')).toMatchObject({ status: 404, body: { code: 'ERR_NOT_FOUND' } });
    const guest = h.browser();
    expect(await guest.post(`${P}/user/sign-up`, { accept: true, email: u.email })).toMatchObject({ status: 401, body: { code: 'ERR_UNAUTHORIZED' } });
    expect(await guest.post(`${P}/user/sign-in`, { email: u.email })).toMatchObject({ status: 401 });
    for (const call of ['user/contacts', 'user/kyc-status', 'kyc/access-token']) {
      expect([call, (await guest.get(`${P}/${call}`)).status]).toEqual([call, 401]);
    }
  });

  it('takes a card payment per order: a test card pays, another is declined with its reason', async () => {
    const provider = createSandboxProvider({ db: t.handle });
    const paid = await provider.createPayment({ orderId: `ord_${backend}_1`, userId: null, amount: '100', currency: 'USD' });
    expect(paid).toMatchObject({ status: 'PENDING', reason: null, redirectUrl: expect.stringContaining(paid.paymentId) });
    expect((await provider.createPayment({ orderId: `ord_${backend}_1`, userId: null, amount: '100', currency: 'USD' })).paymentId).toBe(paid.paymentId);
    const declined = await provider.createPayment({ orderId: `ord_${backend}_2`, userId: null, amount: '100', currency: 'USD' });
    const page = await fetch(`${h.api.url}${paid.redirectUrl}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('4242 4242 4242 4242');
    expect((await fetch(`${h.api.url}/api/v1/sandbox/liquidity-providers/sandbox/payments/sbx_pay_nope`)).status).toBe(404);
    const pay = (id: string, cardNumber: string) => local(`/api/v1/sandbox/liquidity-providers/sandbox/payments/${id}/pay`, { cardNumber });
    expect(await pay(paid.paymentId, '4242 4242 4242 4242')).toEqual({ status: 200, body: { paymentId: paid.paymentId, status: 'PAID', reason: null } });
    expect((await pay(declined.paymentId, '4000000000000002')).body).toMatchObject({ status: 'DECLINED', reason: expect.stringContaining('declined') });
    // Settled payments stay as they are.
    expect((await pay(paid.paymentId, '4000000000000002')).body.status).toBe('PAID');
    expect(await provider.paymentStatus(declined.paymentId)).toMatchObject({ status: 'DECLINED' });
  });

  it('never logs emails, tokens or codes', async () => {
    expect(secrets.length).toBeGreaterThan(5);
    const logs = h.logLines.filter((l) => l.includes('provider')).join('\n');
    expect(logs).toContain('provider sign-up');
    for (const s of secrets) expect(logs).not.toContain(s);
    expect(logs).not.toMatch(/user-[0-9a-f]{10}@example\.com/);
  });
});
