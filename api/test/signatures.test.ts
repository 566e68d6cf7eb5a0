// Issue 24: partner request signatures. A key's own signing secret (not the key) signs METHOD \n PATH_AND_QUERY \n
// TIMESTAMP \n NONCE \n BODY; a replay (same nonce, on any api replica), another path, query or method, another body,
// a stale timestamp or another key's secret are refused; a key can require signatures; keys made before signatures
// (no signing secret) keep working unsigned and cannot sign. The docs' test vectors (en and ru) are recomputed from
// the docs' own text, so they can never drift. On PGlite and, with DATABASE_URL, on PostgreSQL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiErrorBodySchema } from 'shared-contracts/server';
import { canonicalRequest, requestSignature } from '../src/modules/keys/signature';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';
import { startPartnerHarness, type PartnerAnswer, type PartnerHarness } from './partnerHarness';

const DOCS = path.resolve(__dirname, '../../content/docs');
const FIELDS = ['signing secret', 'method', 'path and query', 'x-timestamp', 'x-nonce', 'body', 'x-signature'] as const;
type Vector = Record<(typeof FIELDS)[number], string>;

/** Every ```text block of the page that lists a signing secret, as a vector. */
function vectorsOf(markdown: string): Vector[] {
  const blocks = [...markdown.matchAll(/```text\n([\s\S]*?)```/g)].map((m) => m[1]).filter((b) => b.startsWith('signing secret'));
  return blocks.map((block) => {
    const v = {} as Vector;
    for (const line of block.split('\n').filter(Boolean)) {
      const field = FIELDS.find((f) => line.startsWith(`${f} `));
      if (!field) throw new Error(`unexpected vector line ${JSON.stringify(line)}`);
      const value = line.slice(field.length).trim();
      v[field] = field === 'body' && value === '(empty)' ? '' : value;
    }
    return v;
  });
}

describe('the docs’ signature test vectors', () => {
  it.each(['en', 'ru'])('reproduce in %s (the exact hex of each, from the page’s own text)', (locale) => {
    const page = readFileSync(path.join(DOCS, locale, 'authentication.md'), 'utf8');
    const vectors = vectorsOf(page);
    expect(vectors.map((v) => v.method)).toEqual(['POST', 'GET']);
    for (const v of vectors) {
      const parts = { method: v.method, pathAndQuery: v['path and query'], timestamp: v['x-timestamp'], nonce: v['x-nonce'], body: v.body };
      expect(requestSignature(v['signing secret'], parts)).toBe(v['x-signature']);
    }
    // The canonical request shown line by line is the first vector's.
    const [first] = vectors;
    const shown = [...page.matchAll(/```text\n([\s\S]*?)\n```/g)].map((m) => m[1]).find((b) => b.startsWith(`${first.method}\n`));
    expect(shown).toBe(
      canonicalRequest({
        method: first.method,
        pathAndQuery: first['path and query'],
        timestamp: first['x-timestamp'],
        nonce: first['x-nonce'],
        body: first.body,
      }),
    );
  });

  it('en and ru document the same vectors', () => {
    const read = (locale: string) => vectorsOf(readFileSync(path.join(DOCS, locale, 'authentication.md'), 'utf8'));
    expect(read('ru')).toEqual(read('en'));
  });
});

const expectRefused = (res: PartnerAnswer, status: number, code: string, message?: string) => {
  expect(res.status).toBe(status);
  const body = ApiErrorBodySchema.parse(res.body);
  expect(body).toMatchObject({ statusCode: status, code });
  if (message) expect(body.message).toContain(message);
};

describe.each(BACKENDS)('signed partner requests on %s', (backend) => {
  let t: TestDb;
  let h: PartnerHarness;
  /** A second api over the same database: another replica. */
  let replica: PartnerHarness;

  beforeAll(async () => {
    t = await openTestDb(backend);
    const env = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };
    h = await startPartnerHarness(t, env);
    replica = await startPartnerHarness(t, env);
  }, 60_000);
  afterAll(async () => {
    await replica?.api.close();
    await h?.api.close();
    await t?.drop();
  });

  const WEBHOOKS = '/api/partner/v1/webhooks';
  const RATES = '/api/partner/v1/rates?instrumentFromSlug=btc&instrumentToSlug=eth&claimedDepositAmount=0.01&rateMode=FLOATING';
  const hook = { url: 'http://127.0.0.1:9/hook' };

  it('accepts a signed request once: the same nonce again is refused, on this replica and on another', async () => {
    const owner = await h.signUp();
    const key = await h.newKey(owner);
    const first = await h.signed(key, 'GET', RATES);
    expect(first.status).toBe(200);
    const nonce = first.sent['x-nonce'];
    expectRefused(await h.signed(key, 'GET', RATES, undefined, { nonce }), 401, 'ERR_UNAUTHORIZED', 'already used');
    // The exact captured request (same headers), through another replica.
    expectRefused(await replica.partner(key.secret, 'GET', RATES, undefined, first.sent), 401, 'ERR_UNAUTHORIZED', 'already used');
    // The same nonce is another key's to use.
    const other = await h.newKey(owner);
    expect((await h.signed(other, 'GET', RATES, undefined, { nonce })).status).toBe(200);
  });

  it('refuses a captured signature sent to another path, query or method, or with another body; the original then works once', async () => {
    const owner = await h.signUp();
    const key = await h.newKey(owner);
    const body = JSON.stringify(hook);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = 'captured-nonce-0000000001';
    const captured = {
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': requestSignature(key.signingSecret, { method: 'POST', pathAndQuery: WEBHOOKS, timestamp, nonce, body }),
    };
    const send = (method: string, p: string, b?: string) => h.partner(key.secret, method, p, b, captured);
    expectRefused(await send('POST', '/api/partner/v1/webhooks/delete', body), 401, 'ERR_UNAUTHORIZED', 'does not match');
    expectRefused(await send('POST', `${WEBHOOKS}?again=1`, body), 401, 'ERR_UNAUTHORIZED', 'does not match');
    expectRefused(await send('POST', WEBHOOKS, JSON.stringify({ url: 'http://127.0.0.1:9/other' })), 401, 'ERR_UNAUTHORIZED', 'does not match');
    expectRefused(await send('GET', WEBHOOKS), 401, 'ERR_UNAUTHORIZED', 'does not match');
    expect((await h.partner(key.secret, 'GET', WEBHOOKS)).body).toEqual([]);
    // The original request, as signed, is accepted once.
    expect((await send('POST', WEBHOOKS, body)).status).toBe(200);
    expectRefused(await send('POST', WEBHOOKS, body), 401, 'ERR_UNAUTHORIZED', 'already used');
    expect((await h.partner(key.secret, 'GET', WEBHOOKS)).body).toHaveLength(1);
  });

  it('refuses a stale or future timestamp, a bad nonce, another key’s signing secret and the key itself as the secret', async () => {
    const owner = await h.signUp();
    const key = await h.newKey(owner);
    const other = await h.newKey(owner);
    const now = Math.floor(Date.now() / 1000);
    expectRefused(await h.signed(key, 'GET', RATES, undefined, { timestamp: now - 301 }), 401, 'ERR_UNAUTHORIZED', 'x-timestamp');
    expectRefused(await h.signed(key, 'GET', RATES, undefined, { timestamp: now + 301 }), 401, 'ERR_UNAUTHORIZED', 'x-timestamp');
    expect((await h.signed(key, 'GET', RATES, undefined, { timestamp: now - 200 })).status).toBe(200);
    expectRefused(await h.signed(key, 'GET', RATES, undefined, { nonce: 'short' }), 401, 'ERR_UNAUTHORIZED', 'x-nonce');
    expectRefused(await h.signed(key, 'GET', RATES, undefined, { nonce: 'has spaces in it, sixteen+' }), 401, 'ERR_UNAUTHORIZED', 'x-nonce');
    expectRefused(await h.signed({ secret: key.secret, signingSecret: other.signingSecret }, 'GET', RATES), 401, 'ERR_UNAUTHORIZED', 'does not match');
    // The old scheme (keyed with the key itself) no longer signs.
    expectRefused(await h.signed({ secret: key.secret, signingSecret: key.secret }, 'GET', RATES), 401, 'ERR_UNAUTHORIZED', 'does not match');
    // A refused signature is not a use of its nonce: a good request may still take it.
    const nonce = 'n'.repeat(20);
    expectRefused(await h.signed({ secret: key.secret, signingSecret: other.signingSecret }, 'GET', RATES, undefined, { nonce }), 401, 'ERR_UNAUTHORIZED');
    expect((await h.signed(key, 'GET', RATES, undefined, { nonce })).status).toBe(200);
  });

  it('a key set to require signatures refuses unsigned requests and takes signed ones; unset, unsigned ones work again', async () => {
    const owner = await h.signUp();
    const key = await h.newKey(owner);
    const settings = { apiId: key.apiId, name: 'k', whiteListIp: [], isActive: true };
    expect((await owner.post('/api/v1/users/update-api-key', { ...settings, signatureRequired: true })).body).toMatchObject({ signatureRequired: true });
    expectRefused(await h.partner(key.secret, 'GET', WEBHOOKS), 401, 'ERR_UNAUTHORIZED', 'requires signed requests');
    expect((await h.signed(key, 'GET', WEBHOOKS)).status).toBe(200);
    // An update without the flag leaves it as it is.
    expect((await owner.post('/api/v1/users/update-api-key', settings)).body).toMatchObject({ signatureRequired: true });
    expect((await owner.get('/api/v1/users/list-api-key')).body).toEqual([expect.objectContaining({ apiId: key.apiId, signatureRequired: true })]);
    await owner.post('/api/v1/users/update-api-key', { ...settings, signatureRequired: false });
    expect((await h.partner(key.secret, 'GET', WEBHOOKS)).status).toBe(200);
  });

  it('a key made before request signatures (no signing secret) works unsigned, cannot sign and cannot require signatures', async () => {
    const owner = await h.signUp();
    const key = await h.newKey(owner);
    await t.handle.withSession((s) => s.query('UPDATE api_keys SET signing_secret = NULL WHERE api_id = $1', [key.apiId]));
    expect((await h.partner(key.secret, 'GET', WEBHOOKS)).status).toBe(200);
    expectRefused(await h.signed(key, 'GET', WEBHOOKS), 401, 'ERR_UNAUTHORIZED', 'no signing secret');
    const refused = await owner.post('/api/v1/users/update-api-key', { apiId: key.apiId, name: 'k', whiteListIp: [], isActive: true, signatureRequired: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'ERR_VALIDATION', fields: { signatureRequired: expect.any(String) } });
  });

  it('forgets nonces once their window has passed', async () => {
    const owner = await h.signUp();
    const key = await h.newKey(owner);
    await t.handle.withSession((s) =>
      s.query("INSERT INTO api_request_nonces (api_id, nonce, expires_at) VALUES ($1, 'old-nonce-0000000000', now() - interval '1 hour')", [key.apiId]),
    );
    // An expired row does not block its nonce, and stale rows are swept.
    expect((await h.signed(key, 'GET', RATES, undefined, { nonce: 'old-nonce-0000000000' })).status).toBe(200);
    await t.handle.withSession((s) =>
      s.query("INSERT INTO api_request_nonces (api_id, nonce, expires_at) VALUES ($1, 'stale-nonce-00000000', now() - interval '1 hour')", [key.apiId]),
    );
    const fresh = await startPartnerHarness(t);
    try {
      expect((await fresh.signed(key, 'GET', RATES)).status).toBe(200);
      const left = await t.handle.withSession((s) => s.query('SELECT 1 FROM api_request_nonces WHERE expires_at < now()'));
      expect(left).toEqual([]);
    } finally {
      await fresh.api.close();
    }
  });

  it('never logs the signing secret', async () => {
    const owner = await h.signUp();
    const key = await h.newKey(owner);
    await h.signed(key, 'GET', RATES);
    await h.signed({ secret: key.secret, signingSecret: 'wrong' }, 'GET', RATES);
    expect(h.logLines.join('\n')).not.toContain(key.signingSecret);
  });
});
