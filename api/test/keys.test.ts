// §7 API keys of the account: generate (the secret answered once, stored only as its SHA-256 with a visible prefix;
// the signing secret answered once, stored sealed), list, update (name, IP allow-list of addresses and CIDR ranges,
// active flag, required signatures), delete; another account's key is ERR_NOT_FOUND; secrets never reach the logs.
// Issue 24: making a key needs a confirmed email and a recent sign-in; a password reset suspends keys and webhooks
// until the owner resumes each key. On PGlite and, with DATABASE_URL, on PostgreSQL.
import { createHash } from 'node:crypto';
import { ApiErrorBodySchema, ApiKeyRecordSchema } from 'shared-contracts/server';
import { suspendApiKeysAndWebhooksOf } from '../src/modules/keys';
import { allowListPermits, normaliseAllowList } from '../src/modules/keys/allowList';
import { queryOf } from '../src/db/query';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';
import { startPartnerHarness, type PartnerHarness } from './partnerHarness';

const GENERATE = '/api/v1/users/generate-api-key';
const LIST = '/api/v1/users/list-api-key';
const UPDATE = '/api/v1/users/update-api-key';
const DELETE = '/api/v1/users/delete-api-key';
const RESUME = '/api/v1/users/resume-api-key';

const expectError = (res: { status: number; body: unknown }, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(ApiErrorBodySchema.parse(res.body)).toMatchObject({ statusCode: status, code });
  return res.body as { message: string; fields?: Record<string, string> };
};

describe('allow-list entries', () => {
  it('takes IPv4/IPv6 addresses and CIDR ranges in canonical form, refusing anything else by name', () => {
    expect(normaliseAllowList([' 203.0.113.5 ', '2001:DB8::1', '10.0.0.0/8', '2001:db8::/32', '::ffff:192.0.2.1', '203.0.113.5'])).toEqual([
      '203.0.113.5',
      '2001:db8::1',
      '10.0.0.0/8',
      '2001:db8::/32',
      '192.0.2.1',
    ]);
    for (const bad of ['1', '0x7f.1', '10.0.0.0/33', '2001:db8::/129', 'example.com', '10.0.0.1/', '1.2.3.4/x', '300.1.1.1']) {
      expect(() => normaliseAllowList([bad])).toThrow(bad);
    }
  });
  it('matches addresses, ranges and IPv4-mapped clients; empty = any address', () => {
    expect(allowListPermits([], '203.0.113.9')).toBe(true);
    expect(allowListPermits(['203.0.113.0/24'], '203.0.113.9')).toBe(true);
    expect(allowListPermits(['203.0.113.0/24'], '::ffff:203.0.113.9')).toBe(true);
    expect(allowListPermits(['203.0.113.0/24'], '203.0.114.9')).toBe(false);
    expect(allowListPermits(['2001:db8::/32'], '2001:db8:1::5')).toBe(true);
    expect(allowListPermits(['2001:db8::/32'], '203.0.113.9')).toBe(false);
    expect(allowListPermits(['198.51.100.7'], '198.51.100.7')).toBe(true);
  });
});

describe.each(BACKENDS)('API keys on %s', (backend) => {
  let t: TestDb;
  let h: PartnerHarness;

  beforeAll(async () => {
    t = await openTestDb(backend);
    h = await startPartnerHarness(t);
  }, 60_000);
  afterAll(async () => {
    await h?.api.close();
    await t?.drop();
  });

  it('generates a key whose secret is shown once and stored only as its SHA-256 with a visible prefix', async () => {
    const user = await h.signUp();
    const created = await user.post(GENERATE, { name: '  Shop backend ' });
    expect(created.status).toBe(200);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { secret, signingSecret, ...record } = created.body;
    expect(ApiKeyRecordSchema.parse(record)).toMatchObject({
      name: 'Shop backend',
      whiteListIp: [],
      isActive: true,
      lastUsedAt: null,
      signatureRequired: false,
      suspended: false,
    });
    expect(secret).toMatch(/^cfk_[0-9A-Za-z]{40}$/);
    expect(signingSecret).toMatch(/^cfs_[0-9A-Za-z]{40}$/);
    expect(record.prefix).toBe(secret.slice(0, 12));
    expect(record.apiId).toMatch(/^[0-9a-f]{16}$/);

    const list = await user.get(LIST);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([record]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(JSON.stringify(list.body)).not.toContain(signingSecret);

    const rows = await t.handle.withSession((s) => s.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE api_id = $1', [record.apiId]));
    expect(rows[0].secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(secret);
    // The signing secret is kept sealed (the api computes HMACs with it), never in the clear.
    expect(rows[0].signing_secret).toMatch(/^v1\./);
    expect(JSON.stringify(rows)).not.toContain(signingSecret);
    expect(h.logLines.join('\n')).not.toContain(secret);
    expect(h.logLines.join('\n')).not.toContain(signingSecret);

    // A body-less generate gets a default name.
    const unnamed = await user.call('POST', GENERATE);
    expect(unnamed.body).toMatchObject({ name: 'API key' });
  });

  it('updates name, allow-list and active flag; refuses a bad entry naming it; lists the result', async () => {
    const user = await h.signUp();
    const { apiId } = await h.newKey(user);
    const updated = await user.post(UPDATE, { apiId, name: 'Renamed', whiteListIp: ['203.0.113.5', '10.0.0.0/8', '2001:db8::/32'], isActive: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ apiId, name: 'Renamed', whiteListIp: ['203.0.113.5', '10.0.0.0/8', '2001:db8::/32'], isActive: false });

    const bad = expectError(await user.post(UPDATE, { apiId, name: 'x', whiteListIp: ['203.0.113.5', 'not-an-ip'], isActive: true }), 400, 'ERR_VALIDATION');
    expect(bad.message).toContain('not-an-ip');
    expect(bad.fields).toHaveProperty(['whiteListIp.1']);
    expectError(await user.post(UPDATE, { apiId, name: '', whiteListIp: [], isActive: true }), 400, 'ERR_VALIDATION');
    expect((await user.get(LIST)).body).toEqual([expect.objectContaining({ apiId, name: 'Renamed', isActive: false })]);
  });

  it("never shows, changes or deletes another account's key (ERR_NOT_FOUND), and deletes one's own", async () => {
    const a = await h.signUp();
    const b = await h.signUp();
    const { apiId } = await h.newKey(a, 'A key');
    expectError(await b.post(UPDATE, { apiId, name: 'stolen', whiteListIp: [], isActive: false }), 404, 'ERR_NOT_FOUND');
    expectError(await b.post(DELETE, { apiId }), 404, 'ERR_NOT_FOUND');
    expect((await b.get(LIST)).body).toEqual([]);
    expect((await a.get(LIST)).body).toEqual([expect.objectContaining({ apiId, name: 'A key', isActive: true })]);

    expect(await a.post(DELETE, { apiId })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await a.get(LIST)).body).toEqual([]);
    expectError(await a.post(DELETE, { apiId }), 404, 'ERR_NOT_FOUND');
    expectError(await a.post(UPDATE, { apiId, name: 'back', whiteListIp: [], isActive: true }), 404, 'ERR_NOT_FOUND');
  });

  it('caps the keys of an account at 20', async () => {
    const user = await h.signUp();
    for (let i = 0; i < 20; i++) await h.newKey(user, `k${i}`);
    const over = expectError(await user.post(GENERATE, { name: 'one more' }), 400, 'ERR_VALIDATION');
    expect(over.message).toContain('20');
  });

  it('refuses to make a key for an account whose email is not confirmed (ERR_EMAIL_NOT_CONFIRMED), and makes it once confirmed', async () => {
    const user = await h.signUp({ unconfirmed: true });
    expectError(await user.post(GENERATE, { name: 'early' }), 403, 'ERR_EMAIL_NOT_CONFIRMED');
    expect((await user.get(LIST)).body).toEqual([]);
    await t.handle.withSession((s) => s.query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [user.userId]));
    expect((await user.post(GENERATE, { name: 'now' })).status).toBe(200);
  });

  it('asks for a recent sign-in to make or resume a key (ERR_STEP_UP_REQUIRED after 15 minutes)', async () => {
    const user = await h.signUp();
    const { apiId } = await h.newKey(user);
    await t.handle.withSession((s) => s.query("UPDATE sessions SET authenticated_at = now() - interval '16 minutes' WHERE user_id = $1", [user.userId]));
    expectError(await user.post(GENERATE, { name: 'late' }), 403, 'ERR_STEP_UP_REQUIRED');
    expectError(await user.post(RESUME, { id: apiId }), 403, 'ERR_STEP_UP_REQUIRED');
    expect((await user.get(LIST)).body).toHaveLength(1);
    // Listing, renaming and deleting do not need it.
    expect((await user.post(UPDATE, { apiId, name: 'renamed', whiteListIp: [], isActive: true })).status).toBe(200);
  });

  it('a password reset suspends every key (refused at use, listed as suspended) until the owner resumes each one', async () => {
    const user = await h.signUp();
    const a = await h.newKey(user, 'a');
    const b = await h.newKey(user, 'b');
    const other = await h.signUp();
    const others = await h.newKey(other);
    expect(await suspendApiKeysAndWebhooksOf(queryOf(t.handle), user.userId)).toEqual({ keys: 2, webhooks: 0 });
    expect((await user.get(LIST)).body).toEqual([
      expect.objectContaining({ apiId: a.apiId, suspended: true }),
      expect.objectContaining({ apiId: b.apiId, suspended: true }),
    ]);
    for (const k of [a, b]) {
      expect(expectError(await h.partner(k.secret, 'GET', '/api/partner/v1/pairs'), 403, 'ERR_FORBIDDEN').message).toContain('suspended');
    }
    // Another account's keys are untouched, and nobody else can resume these.
    expect((await h.partner(others.secret, 'GET', '/api/partner/v1/pairs')).status).toBe(200);
    expectError(await other.post(RESUME, { id: a.apiId }), 404, 'ERR_NOT_FOUND');
    // Re-activating through update does not resume a suspended key.
    await user.post(UPDATE, { apiId: a.apiId, name: 'a', whiteListIp: [], isActive: true });
    expectError(await h.partner(a.secret, 'GET', '/api/partner/v1/pairs'), 403, 'ERR_FORBIDDEN');

    expect(await user.post(RESUME, { id: a.apiId })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await h.partner(a.secret, 'GET', '/api/partner/v1/pairs')).status).toBe(200);
    expectError(await h.partner(b.secret, 'GET', '/api/partner/v1/pairs'), 403, 'ERR_FORBIDDEN');
    expect((await user.get(LIST)).body).toEqual([
      expect.objectContaining({ apiId: a.apiId, suspended: false }),
      expect.objectContaining({ apiId: b.apiId, suspended: true }),
    ]);
    expectError(await user.post(RESUME, { id: 'no-such-key' }), 404, 'ERR_NOT_FOUND');
    expect(h.logLines.some((l) => l.includes('api key resumed') && l.includes(a.apiId))).toBe(true);
  });

  it('refuses the keys of an account whose email is not confirmed at use (ERR_EMAIL_NOT_CONFIRMED)', async () => {
    const user = await h.signUp();
    const { secret } = await h.newKey(user);
    // A key made before confirmation was required: its account has no confirmed email.
    await t.handle.withSession((s) => s.query('UPDATE users SET email_confirmed_at = NULL WHERE id = $1', [user.userId]));
    expectError(await h.partner(secret, 'GET', '/api/partner/v1/pairs'), 403, 'ERR_EMAIL_NOT_CONFIRMED');
  });

  it('asks a guest to sign in', async () => {
    const guest = h.browser();
    for (const [method, path] of [
      ['POST', GENERATE],
      ['GET', LIST],
      ['POST', UPDATE],
      ['POST', DELETE],
      ['POST', RESUME],
    ]) {
      expectError(await guest.call(method, path, method === 'POST' ? {} : undefined), 401, 'ERR_UNAUTHORIZED');
    }
  });
});
