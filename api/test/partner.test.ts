// The partner API's authentication and limits: x-api-key (unknown → 401, deactivated or outside the allow-list →
// 403; request signatures are in signatures.test.ts), per-key limits in RateLimit-* headers and 429; orders created
// with a key (Idempotency-Key required, replays answer the same order) belong to the key's owner only. On PGlite and, with DATABASE_URL, on PostgreSQL.
import { ApiErrorBodySchema, OrderSchema } from 'shared-contracts/server';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';
import { startPartnerHarness, type PartnerHarness } from './partnerHarness';

const BTC = { currencyTitle: 'BTC', networkTitle: 'BTC' };
const ETH = { currencyTitle: 'ETH', networkTitle: 'ETH' };
const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const LIMIT = 12;
const order = (over: Record<string, unknown> = {}) => ({
  rateMode: 'FLOATING',
  instrumentFrom: BTC,
  instrumentTo: ETH,
  destinationAddress: ETH_ADDR,
  claimedDepositAmount: '0.01',
  ...over,
});

const expectError = (res: { status: number; body: unknown }, status: number, code: string) => {
  expect(res.status).toBe(status);
  expect(ApiErrorBodySchema.parse(res.body)).toMatchObject({ statusCode: status, code });
  return res.body as { message: string };
};

describe.each(BACKENDS)('partner API on %s', (backend) => {
  let t: TestDb;
  let h: PartnerHarness;

  beforeAll(async () => {
    t = await openTestDb(backend);
    h = await startPartnerHarness(t, { PARTNER_RATE_LIMIT_PER_MINUTE: String(LIMIT), CONFIRMATION_INTERVAL_MS: '25', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  }, 60_000);
  afterAll(async () => {
    await h?.api.close();
    await t?.drop();
  });

  describe('authentication', () => {
    it('refuses a call without a key or with an unknown key (401), without RateLimit headers', async () => {
      const none = await h.partner(undefined, 'GET', '/api/partner/v1/instruments');
      expectError(none, 401, 'ERR_UNAUTHORIZED');
      expect(none.headers.get('ratelimit-limit')).toBeNull();
      expectError(await h.partner('cfk_unknown', 'GET', '/api/partner/v1/instruments'), 401, 'ERR_UNAUTHORIZED');
      // Cookies are no way in: a signed-in user without a key is refused too.
      const user = await h.signUp();
      expectError(await user.get('/api/partner/v1/orders'), 401, 'ERR_UNAUTHORIZED');
    });

    it('answers a good key with the catalogue, pairs and rates, no-store, and marks the key used', async () => {
      const owner = await h.signUp();
      const { apiId, secret } = await h.newKey(owner);
      const instruments = await h.partner(secret, 'GET', '/api/partner/v1/instruments');
      expect(instruments.status).toBe(200);
      expect(instruments.headers.get('cache-control')).toBe('no-store');
      expect(instruments.body.length).toBeGreaterThan(5);
      expect((await h.partner(secret, 'GET', '/api/partner/v1/pairs')).status).toBe(200);
      const rate = await h.partner(
        secret,
        'GET',
        '/api/partner/v1/rates?instrumentFromSlug=btc&instrumentToSlug=eth&claimedDepositAmount=0.01&rateMode=FLOATING',
      );
      expect(rate.status).toBe(200);
      expect(Number(rate.body.amountToGet)).toBeGreaterThan(0);
      const listed = (await owner.get('/api/v1/users/list-api-key')).body;
      expect(listed).toEqual([expect.objectContaining({ apiId, lastUsedAt: expect.any(String) })]);
    });

    it('refuses a deactivated key (403) and takes it back once active again', async () => {
      const owner = await h.signUp();
      const { apiId, secret } = await h.newKey(owner);
      await owner.post('/api/v1/users/update-api-key', { apiId, name: 'k', whiteListIp: [], isActive: false });
      expect(expectError(await h.partner(secret, 'GET', '/api/partner/v1/orders'), 403, 'ERR_FORBIDDEN').message).toBe('API key is deactivated');
      await owner.post('/api/v1/users/update-api-key', { apiId, name: 'k', whiteListIp: [], isActive: true });
      expect((await h.partner(secret, 'GET', '/api/partner/v1/orders')).status).toBe(200);
    });

    it('refuses a deleted key (401)', async () => {
      const owner = await h.signUp();
      const { apiId, secret } = await h.newKey(owner);
      await owner.post('/api/v1/users/delete-api-key', { apiId });
      expectError(await h.partner(secret, 'GET', '/api/partner/v1/orders'), 401, 'ERR_UNAUTHORIZED');
    });

    it('enforces the allow-list by address and range, IPv4 and IPv6', async () => {
      const owner = await h.signUp();
      const { apiId, secret } = await h.newKey(owner);
      await owner.post('/api/v1/users/update-api-key', { apiId, name: 'k', whiteListIp: ['203.0.113.0/24', '2001:db8::5'], isActive: true });
      const from = (ip: string) => h.partner(secret, 'GET', '/api/partner/v1/orders', undefined, { 'x-forwarded-for': ip });
      expect((await from('203.0.113.77')).status).toBe(200);
      expect((await from('2001:db8::5')).status).toBe(200);
      expectError(await from('203.0.114.1'), 403, 'ERR_FORBIDDEN');
      expectError(await from('2001:db8::6'), 403, 'ERR_FORBIDDEN');
    });

    it('publishes per-key limits in RateLimit-* headers and answers 429 past the limit, per key', async () => {
      const owner = await h.signUp();
      const { secret } = await h.newKey(owner);
      const other = await h.newKey(owner);
      const first = await h.partner(secret, 'GET', '/api/partner/v1/pairs');
      expect(first.headers.get('ratelimit-limit')).toBe(String(LIMIT));
      expect(first.headers.get('ratelimit-remaining')).toBe(String(LIMIT - 1));
      const reset = Number(first.headers.get('ratelimit-reset'));
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
      for (let i = 2; i <= LIMIT; i++) {
        const r = await h.partner(secret, 'GET', '/api/partner/v1/pairs');
        expect(r.status).toBe(200);
        expect(r.headers.get('ratelimit-remaining')).toBe(String(LIMIT - i));
      }
      const over = await h.partner(secret, 'GET', '/api/partner/v1/pairs');
      expectError(over, 429, 'ERR_TOO_MANY_REQUESTS');
      expect(over.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another key of the same owner has its own budget.
      expect((await h.partner(other.secret, 'GET', '/api/partner/v1/pairs')).status).toBe(200);
    });
  });

  describe('orders', () => {
    it("creates an order with the key (Idempotency-Key required; a replay answers the same order), attributed to the key and its owner's referrer id", async () => {
      const owner = await h.signUp();
      const { apiId, secret } = await h.newKey(owner);
      expectError(await h.partner(secret, 'POST', '/api/partner/v1/orders', order()), 400, 'ERR_VALIDATION');
      const created = await h.partner(secret, 'POST', '/api/partner/v1/orders', order(), { 'idempotency-key': 'partner-order-1' });
      expect(created.status).toBe(200);
      const o = OrderSchema.parse(created.body);
      const again = await h.partner(secret, 'POST', '/api/partner/v1/orders', order(), { 'idempotency-key': 'partner-order-1' });
      expect(again.body.orderId).toBe(o.orderId);
      expectError(
        await h.partner(secret, 'POST', '/api/partner/v1/orders', order({ claimedDepositAmount: '0.02' }), { 'idempotency-key': 'partner-order-1' }),
        422,
        'ERR_UNPROCESSABLE_ENTITY',
      );
      // The body of the public call's extras is not the partner's to set.
      const withReferrer = await h.partner(secret, 'POST', '/api/partner/v1/orders', order({ referrerId: 'someone' }), {
        'idempotency-key': 'partner-order-2',
      });
      expect(withReferrer.status).toBe(200);

      const [row] = await t.handle.withSession((s) =>
        s.query<{ api_key_id: string; referrer_id: string | null; user_id: number | null }>(
          'SELECT api_key_id, referrer_id, user_id FROM orders WHERE order_id = $1',
          [o.orderId],
        ),
      );
      const referrerId = (await owner.get('/api/v1/affiliates/referrer-id')).body?.referrerId;
      expect(row).toMatchObject({ api_key_id: apiId, user_id: null });
      if (referrerId) expect(row.referrer_id).toBe(referrerId);
      const [other] = await t.handle.withSession((s) =>
        s.query<{ referrer_id: string | null }>('SELECT referrer_id FROM orders WHERE order_id = $1', [withReferrer.body.orderId]),
      );
      expect(other.referrer_id).toBe(row.referrer_id);
    });

    it("lists and reads only the owner's orders, made with any of its keys; another partner's order is ERR_NOT_FOUND", async () => {
      const a = await h.signUp();
      const b = await h.signUp();
      const a1 = await h.newKey(a);
      const a2 = await h.newKey(a);
      const b1 = await h.newKey(b);
      const mk = async (secret: string, key: string) =>
        (await h.partner(secret, 'POST', '/api/partner/v1/orders', order(), { 'idempotency-key': key })).body.orderId as string;
      const oa1 = await mk(a1.secret, 'a1');
      const oa2 = await mk(a2.secret, 'a2');
      const ob = await mk(b1.secret, 'b1');
      // Same Idempotency-Key on another key is another order.
      const ob2 = await mk(b1.secret, 'a1');
      expect(new Set([oa1, oa2, ob, ob2]).size).toBe(4);

      const listA = await h.partner(a1.secret, 'GET', '/api/partner/v1/orders?perPage=10');
      expect(listA.body).toMatchObject({ total: 2, page: 1, perPage: 10 });
      expect(listA.body.items.map((o: { orderId: string }) => o.orderId).sort()).toEqual([oa1, oa2].sort());
      const page2 = await h.partner(a2.secret, 'GET', '/api/partner/v1/orders?perPage=1&page=2');
      expect(page2.body.items).toHaveLength(1);
      expect((await h.partner(a2.secret, 'GET', `/api/partner/v1/orders/${oa1}`)).body.orderId).toBe(oa1);
      expectError(await h.partner(a1.secret, 'GET', `/api/partner/v1/orders/${ob}`), 404, 'ERR_NOT_FOUND');
      expectError(await h.partner(b1.secret, 'GET', `/api/partner/v1/orders/${oa1}`), 404, 'ERR_NOT_FOUND');
      expectError(await h.partner(b1.secret, 'GET', '/api/partner/v1/orders/no-such-order'), 404, 'ERR_NOT_FOUND');

      // A deleted key's orders stay the partner's.
      await a.post('/api/v1/users/delete-api-key', { apiId: a2.apiId });
      expect((await h.partner(a1.secret, 'GET', `/api/partner/v1/orders/${oa2}`)).status).toBe(200);
    });

    it('never logs a key secret', async () => {
      const owner = await h.signUp();
      const { secret } = await h.newKey(owner);
      await h.partner(secret, 'POST', '/api/partner/v1/orders', order(), { 'idempotency-key': 'log-check' });
      await h.partner(`${secret}x`, 'GET', '/api/partner/v1/orders');
      expect(h.logLines.join('\n')).not.toContain(secret);
    });
  });
});
