// Who earns the commission (§5, issue 23), at the order service with a referrer directory of its own: a referral id
// in the request applies only to a guest, only when it names a known affiliate and only while configuration allows
// referrals; a signed-in customer's orders pay the account's registration referrer, whatever link they clicked later.
import { sql } from 'drizzle-orm';
import type { CreateOrderBody } from 'shared-contracts/server';
import { createSandboxCustody } from '../src/adapters/custody/sandbox';
import { migrate } from '../src/db/migrate';
import { createInstrumentRepo } from '../src/modules/instruments/repo';
import { seedInstruments } from '../src/modules/instruments/seed';
import { createAddressValidator } from '../src/modules/instruments/validateAddress';
import type { ReferrerDirectory } from '../src/modules/orders/context';
import { createOrderRepo } from '../src/modules/orders/repo';
import { createOrderService, type OrderService } from '../src/modules/orders/service';
import { createQuote } from '../src/modules/rates/quote';
import { FakePriceBoard, TEST_PRICES } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const body: CreateOrderBody = {
  rateMode: 'FLOATING',
  instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
  instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
  destinationAddress: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe',
  claimedDepositAmount: '0.01',
};

// Affiliates A (account 1) and B (account 2); customer 10 registered through A's link, customer 11 through none.
const referrers: ReferrerDirectory = {
  exists: async (id) => id === 'ref-a' || id === 'ref-b',
  ownerOf: async (id) => ({ 'ref-a': 1, 'ref-b': 2 })[id] ?? null,
  referrerOfAccount: async (userId) => (userId === 10 ? 'ref-a' : null),
};
const viaA = { userId: 10, email: 'via-a@example.com' };
const direct = { userId: 11, email: 'direct@example.com' };

describe.each(BACKENDS)('order attribution on %s', (backend) => {
  let t: TestDb;
  let service: (referralsEnabled: boolean) => OrderService;

  beforeAll(async () => {
    t = await openTestDb(backend);
    await migrate(t.handle);
    await seedInstruments(t.handle.db);
    await t.handle.db.execute(sql`INSERT INTO users (id, email, password_hash) VALUES (10, ${viaA.email}, 'x'), (11, ${direct.email}, 'x')`);
    const instruments = await createInstrumentRepo(t.handle.db);
    const board = new FakePriceBoard(TEST_PRICES);
    service = (referralsEnabled) =>
      createOrderService({
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
        referrers,
        config: {
          spread: { FLOATING: '0.005', FIXED: '0.01' },
          confirmationIntervalMs: 0,
          fixedRateVolatilityThreshold: '0.02',
          blacklistedAddresses: [],
          referralsEnabled,
        },
        log: { warn: () => undefined, error: () => undefined },
      });
  }, 60_000);
  afterAll(async () => t?.drop());

  it("a signed-in customer registered via A who clicked B's link earns A, not B", async () => {
    const order = await service(true).create({ ...body, referrerId: 'ref-b' }, { account: viaA });
    expect(order.referrerId).toBe('ref-a');
    // registered through nobody: a click does not make B their referrer
    expect((await service(true).create({ ...body, referrerId: 'ref-b' }, { account: direct })).referrerId).toBeNull();
    // not theirs to apply, so an unknown id from a signed-in customer is not refused either
    expect((await service(true).create({ ...body, referrerId: 'nosuchid' }, { account: viaA })).referrerId).toBe('ref-a');
  });

  it("a guest with B's link earns B; an unknown id is refused naming referrerAffiliateId (§8)", async () => {
    expect((await service(true).create({ ...body, referrerId: 'ref-b' })).referrerId).toBe('ref-b');
    await expect(service(true).create({ ...body, referrerId: 'nosuchid' })).rejects.toMatchObject({
      code: 'ERR_NOT_FOUND',
      message: expect.stringContaining('referrerAffiliateId'),
    });
  });

  it('with referrals switched off (REFERRALS_ENABLED=false) a guest’s referral id earns nobody and is not checked', async () => {
    expect((await service(false).create({ ...body, referrerId: 'ref-b' })).referrerId).toBeNull();
    expect((await service(false).create({ ...body, referrerId: 'nosuchid' })).referrerId).toBeNull();
    // the account's registration referrer still earns
    expect((await service(false).create(body, { account: viaA })).referrerId).toBe('ref-a');
  });
});
