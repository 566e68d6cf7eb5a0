// Idempotency-Key of order create (issue 7): scoped to its owner — the account, or a guest's visitor id and
// client address — and expiring after 24 h. On PGlite and, with DATABASE_URL, PostgreSQL.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CreateOrderBody } from 'shared-contracts/server';
import { createSandboxCustody } from '../src/adapters/custody/sandbox';
import { migrate } from '../src/db/migrate';
import { startApi, type RunningApi } from '../src/main';
import { createInstrumentRepo } from '../src/modules/instruments/repo';
import { seedInstruments } from '../src/modules/instruments/seed';
import { createAddressValidator } from '../src/modules/instruments/validateAddress';
import { IDEMPOTENCY_KEY_TTL_MS, idempotencyOwner } from '../src/modules/orders/idempotency';
import { createOrderRepo } from '../src/modules/orders/repo';
import { createOrderService, type OrderService } from '../src/modules/orders/service';
import { createQuote } from '../src/modules/rates/quote';
import { testConfig } from './helpers/accounts';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const body: CreateOrderBody = {
  rateMode: 'FLOATING',
  instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
  instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
  destinationAddress: ETH_ADDR,
  claimedDepositAmount: '0.01',
};

describe('idempotencyOwner', () => {
  it('is the account for a signed-in user, whatever the visitor id or address', () => {
    expect(idempotencyOwner({ userId: 7, visitorId: 'a', ip: '10.0.0.1' })).toBe('user:7');
    expect(idempotencyOwner({ userId: 7, visitorId: 'b', ip: '10.0.0.2' })).toBe('user:7');
  });

  it('is the visitor id together with the address for a guest, and keeps neither in clear', () => {
    const guest = idempotencyOwner({ visitorId: 'fp-1', ip: '10.0.0.1' });
    expect(idempotencyOwner({ visitorId: 'fp-1', ip: '10.0.0.1' })).toBe(guest);
    expect(idempotencyOwner({ visitorId: 'fp-2', ip: '10.0.0.1' })).not.toBe(guest);
    expect(idempotencyOwner({ visitorId: 'fp-1', ip: '10.0.0.2' })).not.toBe(guest);
    expect(idempotencyOwner({ visitorId: null, ip: '10.0.0.1' })).not.toBe(guest);
    expect(guest).not.toMatch(/fp-1|10\.0\.0\.1/);
  });
});

describe.each(BACKENDS)('idempotency keys on %s', (backend) => {
  describe('service (clock injected)', () => {
    let t: TestDb;
    let service: OrderService;
    let clock = new Date('2030-01-01T00:00:00Z');
    const board = new FakePriceBoard(TEST_PRICES);

    beforeAll(async () => {
      t = await openTestDb(backend);
      await migrate(t.handle);
      await seedInstruments(t.handle.db);
      const instruments = await createInstrumentRepo(t.handle.db);
      service = createOrderService({
        repo: createOrderRepo(t.handle.db),
        instruments,
        priceBoard: board,
        quote: createQuote({
          instruments,
          priceBoard: board,
          config: { spread: { FLOATING: '0.005', FIXED: '0.01' }, platformFeeUsd: '0', noKycThresholdUsd: '1000', ckm: 'A', fixedRateHoldSeconds: 600 },
          liquidityProviderPublicCode: 'SANDBOX_LP',
        }),
        validateAddress: createAddressValidator(instruments),
        custody: createSandboxCustody({ confirmationIntervalMs: 0 }),
        config: { spread: { FLOATING: '0.005', FIXED: '0.01' }, confirmationIntervalMs: 0, fixedRateVolatilityThreshold: '0.02', blacklistedAddresses: [] },
        now: () => clock,
        log: { warn: () => undefined, error: () => undefined },
      });
    }, 60_000);
    afterAll(async () => t?.drop());

    const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
    const claims = async () => {
      const r = (await t.handle.db.execute(sql`SELECT count(*)::int AS n FROM order_idempotency_keys`)) as unknown as { rows: { n: number }[] };
      return Number(r.rows[0].n);
    };
    const alice = idempotencyOwner({ visitorId: 'fp-alice', ip: '10.1.0.1' });
    const bob = idempotencyOwner({ visitorId: 'fp-bob', ip: '10.1.0.2' });

    it('the same key from two owners makes two orders; each owner replays its own', async () => {
      const a = await service.create(body, { idempotency: { key: 'k-1', owner: alice } });
      const b = await service.create(body, { idempotency: { key: 'k-1', owner: bob } });
      expect(b.orderId).not.toBe(a.orderId);
      expect((await service.create(body, { idempotency: { key: 'k-1', owner: alice } })).orderId).toBe(a.orderId);
      expect((await service.create(body, { idempotency: { key: 'k-1', owner: bob } })).orderId).toBe(b.orderId);
      await expect(service.create({ ...body, claimedDepositAmount: '0.02' }, { idempotency: { key: 'k-1', owner: alice } })).rejects.toMatchObject({
        code: 'ERR_UNPROCESSABLE_ENTITY',
      });
    });

    it('after 24 h the same key makes a new order; the old one keeps its data', async () => {
      const first = await service.create(body, { idempotency: { key: 'k-2', owner: alice } });
      later(IDEMPOTENCY_KEY_TTL_MS - 1);
      expect((await service.create(body, { idempotency: { key: 'k-2', owner: alice } })).orderId).toBe(first.orderId);
      later(1);
      const second = await service.create(body, { idempotency: { key: 'k-2', owner: alice } });
      expect(second.orderId).not.toBe(first.orderId);
      // The new order now answers the key; a different body is refused again for 24 h.
      later(60_000);
      expect((await service.create(body, { idempotency: { key: 'k-2', owner: alice } })).orderId).toBe(second.orderId);
      await expect(service.create({ ...body, claimedDepositAmount: '0.02' }, { idempotency: { key: 'k-2', owner: alice } })).rejects.toMatchObject({
        code: 'ERR_UNPROCESSABLE_ENTITY',
      });
      const old = await service.publicInfo(first.orderId, ETH_ADDR);
      expect(old).toMatchObject({ orderId: first.orderId, claimedDepositAmount: '0.01', orderEvents: [{ kind: 'CREATION_END' }] });
      const rows = (await t.handle.db.execute(sql`SELECT idempotency_key FROM orders WHERE order_id IN (${first.orderId}, ${second.orderId})`)) as unknown as {
        rows: { idempotency_key: string }[];
      };
      expect(rows.rows.map((r) => r.idempotency_key)).toEqual(['k-2', 'k-2']);
    });

    it('the order job drops claims older than 24 h', async () => {
      await service.create(body, { idempotency: { key: `k-${randomBytes(3).toString('hex')}`, owner: bob } });
      expect(await claims()).toBeGreaterThan(0);
      later(IDEMPOTENCY_KEY_TTL_MS);
      await service.processDue();
      expect(await claims()).toBe(0);
    });

    it('drops them at most once a minute: a claim expiring just after a purge goes at the next one', async () => {
      await service.processDue();
      await service.create(body, { idempotency: { key: `k-${randomBytes(3).toString('hex')}`, owner: alice } });
      later(IDEMPOTENCY_KEY_TTL_MS - 10_000);
      await service.processDue();
      later(20_000);
      await service.processDue();
      expect(await claims()).toBeGreaterThan(0);
      later(60_000);
      await service.processDue();
      expect(await claims()).toBe(0);
    });

    it('refuses a malformed key', async () => {
      await expect(service.create(body, { idempotency: { key: 'with space', owner: alice } })).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
      await expect(service.create(body, { idempotency: { key: '', owner: alice } })).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    });
  });

  describe('over HTTP', () => {
    let t: TestDb;
    let api: RunningApi;
    beforeAll(async () => {
      t = await openTestDb(backend);
      const config = testConfig({ HTTP_RATE_LIMITS: 'orderCreate=1000' });
      api = await startApi(config, { db: t.handle, realtime: fakeRealtime(), accounts: { rateLimitPrefix: `i${randomBytes(4).toString('hex')}` } });
    }, 60_000);
    afterAll(async () => {
      await api?.close();
      await t?.drop();
    });

    const key = () => ({ 'idempotency-key': `key-${randomBytes(6).toString('hex')}` });
    const create = async (b: Browser, headers: Record<string, string>, over: Partial<CreateOrderBody> = {}): Promise<string> => {
      const r = await b.post('/api/v1/orders/public/create', { ...body, ...over }, headers);
      expect(r.status).toBe(200);
      return r.body.orderId;
    };

    it('guests: one order per visitor id and address; the same guest replays it', async () => {
      const k = key();
      const a = await create(new Browser(api.url, '10.7.0.1'), k, { browserFingerprint: 'fp-1' });
      expect(await create(new Browser(api.url, '10.7.0.1'), k, { browserFingerprint: 'fp-1' })).toBe(a);
      const otherVisitor = await create(new Browser(api.url, '10.7.0.1'), k, { browserFingerprint: 'fp-2' });
      const otherAddress = await create(new Browser(api.url, '10.7.0.2'), k, { browserFingerprint: 'fp-1' });
      expect(new Set([a, otherVisitor, otherAddress]).size).toBe(3);
    });

    it('guests without a fingerprint in the body are told apart by their u_id cookie', async () => {
      const k = key();
      const withCookie = (id: string) => {
        const b = new Browser(api.url, '10.7.0.3');
        b.cookies.set('u_id', id);
        return b;
      };
      const a = await create(withCookie('visitor-a'), k);
      expect(await create(withCookie('visitor-a'), k)).toBe(a);
      expect(await create(withCookie('visitor-b'), k)).not.toBe(a);
    });

    it('a signed-in user owns the key from any address; a guest with the same key gets an order of its own', async () => {
      const email = `idem-${randomBytes(5).toString('hex')}@example.com`;
      const user = new Browser(api.url, '10.7.1.1');
      expect((await user.post('/api/v1/users/local/create', { email, password: 'Correct-Horse-42', browserFingerprint: 'fp-user' })).status).toBe(200);
      expect((await user.post('/api/v1/users/local/authenticate', { email, password: 'Correct-Horse-42', browserFingerprint: 'fp-user' })).status).toBe(200);
      const k = key();
      const mine = await create(user, k, { browserFingerprint: 'fp-user' });
      const elsewhere = new Browser(api.url, '10.7.1.2');
      for (const [name, value] of user.cookies) elsewhere.cookies.set(name, value);
      // The retry of the same request, now from another address.
      expect(await create(elsewhere, k, { browserFingerprint: 'fp-user' })).toBe(mine);
      expect(await create(new Browser(api.url, '10.7.1.1'), k, { browserFingerprint: 'fp-user' })).not.toBe(mine);
    });
  });
});
