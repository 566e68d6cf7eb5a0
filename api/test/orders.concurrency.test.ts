// Races on one order: two replicas (two database handles, each with its own service and custody) act on the
// same order at once. On PostgreSQL these are real concurrent transactions; PGlite serialises them, so there
// the test only shows the outcome rules (TOOLCHAIN.md: race tests prove something only on PostgreSQL).
import { sql } from 'drizzle-orm';
import { createSandboxCustody } from '../src/adapters/custody/sandbox';
import type { DbHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { createInstrumentRepo } from '../src/modules/instruments/repo';
import { seedInstruments } from '../src/modules/instruments/seed';
import { createAddressValidator } from '../src/modules/instruments/validateAddress';
import { IDEMPOTENCY_KEY_TTL_MS, idempotencyOwner } from '../src/modules/orders/idempotency';
import { createOrderRepo } from '../src/modules/orders/repo';
import { createOrderService } from '../src/modules/orders/service';
import { createQuote } from '../src/modules/rates/quote';
import { FakePriceBoard, TEST_PRICES } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const BTC_REFUND = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const BTC_OTHER = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';

describe.each(BACKENDS)('order races on %s', (backend) => {
  let t: TestDb;
  let replicas: ReturnType<typeof replica>[];
  const board = new FakePriceBoard(TEST_PRICES);
  /** Both replicas' clock: real time, moved ahead by the idempotency expiry test. */
  let clockOffsetMs = 0;

  const replica = (handle: DbHandle, instruments: Awaited<ReturnType<typeof createInstrumentRepo>>) => {
    const custody = createSandboxCustody({ confirmationIntervalMs: 0 });
    const quote = createQuote({
      instruments,
      priceBoard: board,
      config: { spread: { FLOATING: '0.005', FIXED: '0.01' }, platformFeeUsd: '0', noKycThresholdUsd: '1000', ckm: 'A', fixedRateHoldSeconds: 600 },
      liquidityProviderPublicCode: 'SANDBOX_LP',
    });
    const service = createOrderService({
      repo: createOrderRepo(handle.db),
      instruments,
      priceBoard: board,
      quote,
      validateAddress: createAddressValidator(instruments),
      custody,
      config: { spread: { FLOATING: '0.005', FIXED: '0.01' }, confirmationIntervalMs: 0, fixedRateVolatilityThreshold: '0.02', blacklistedAddresses: [] },
      now: () => new Date(Date.now() + clockOffsetMs),
      log: { warn: () => undefined, error: () => undefined },
    });
    return { service, custody };
  };

  beforeAll(async () => {
    t = await openTestDb(backend);
    await migrate(t.handle);
    await seedInstruments(t.handle.db);
    const instruments = await createInstrumentRepo(t.handle.db);
    replicas = [replica(t.handle, instruments), replica(await t.reopen(), instruments)];
  }, 60_000);
  afterAll(async () => t?.drop());

  const body = (rateMode: 'FIXED' | 'FLOATING') => ({
    rateMode,
    instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
    instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
    destinationAddress: ETH_ADDR,
    claimedDepositAmount: '0.01',
    ...(rateMode === 'FIXED' ? { refundAddress: BTC_REFUND } : {}),
  });
  const txHash = () => `tx-${Math.random()}`;
  const outcomes = (results: PromiseSettledResult<unknown>[]) => ({
    won: results.filter((r) => r.status === 'fulfilled').length,
    lost: results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code),
  });
  const runJobsUntil = async (orderId: string, kind: string) => {
    for (let i = 0; i < 50; i++) {
      await Promise.all(replicas.map((r) => r.service.processDue()));
      const order = await replicas[0].service.publicInfo(orderId, ETH_ADDR);
      if (order.orderEvents.some((e) => e.kind === kind)) return order;
    }
    throw new Error(`never reached ${kind}`);
  };

  const ordersWithKey = async (key: string) => {
    const r = (await t.handle.db.execute(sql`SELECT count(*)::int AS n FROM orders WHERE idempotency_key = ${key}`)) as unknown as { rows: { n: number }[] };
    return Number(r.rows[0].n);
  };
  const guest = idempotencyOwner({ visitorId: 'fp-race', ip: '10.9.9.9' });

  it("the same owner's key sent to both replicas at once makes one order", async () => {
    const idempotency = { key: `race-${backend}-1`, owner: guest };
    const answers = await Promise.all(replicas.flatMap((r) => [r, r]).map((r) => r.service.create(body('FLOATING'), { idempotency })));
    expect(new Set(answers.map((o) => o.orderId)).size).toBe(1);
    expect(await ordersWithKey(idempotency.key)).toBe(1);
  });

  it('an expired key retried on both replicas at once makes exactly one new order', async () => {
    const idempotency = { key: `race-${backend}-2`, owner: guest };
    const first = await replicas[0].service.create(body('FLOATING'), { idempotency });
    clockOffsetMs = IDEMPOTENCY_KEY_TTL_MS;
    try {
      const answers = await Promise.all(replicas.flatMap((r) => [r, r]).map((r) => r.service.create(body('FLOATING'), { idempotency })));
      const ids = new Set(answers.map((o) => o.orderId));
      expect(ids.size).toBe(1);
      expect(ids.has(first.orderId)).toBe(false);
      expect(await ordersWithKey(idempotency.key)).toBe(2);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('two concurrent deposits: exactly one is registered', async () => {
    const order = await replicas[0].service.create(body('FLOATING'));
    const results = await Promise.allSettled(replicas.flatMap((r) => [r, r]).map((r) => r.service.registerDeposit(order.orderId, '0.01', txHash())));
    expect(outcomes(results)).toEqual({ won: 1, lost: ['ERR_UNPROCESSABLE_ENTITY', 'ERR_UNPROCESSABLE_ENTITY', 'ERR_UNPROCESSABLE_ENTITY'] });
    const info = await replicas[1].service.publicInfo(order.orderId, ETH_ADDR);
    expect(info.orderEvents.filter((e) => e.kind === 'DEPOSIT_REGISTERED')).toHaveLength(1);
  });

  it('two replicas running the job together pay an order out once', async () => {
    const order = await replicas[0].service.create(body('FLOATING'));
    await replicas[1].service.registerDeposit(order.orderId, '0.01', txHash());
    const done = await runJobsUntil(order.orderId, 'WITHDRAWAL_COMPLETED');
    const payouts = replicas.flatMap((r) => [...r.custody.payouts.keys()]).filter((k) => k.startsWith(order.orderId));
    expect(payouts).toEqual([`${order.orderId}:payout`]);
    for (const kind of ['INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED']) {
      expect(done.orderEvents.filter((e) => e.kind === kind)).toHaveLength(1);
    }
    expect(done.orderDetails.confirmations).toBe(2);
  });

  it('refund request racing rate acceptance: exactly one wins, and one payout follows', async () => {
    const order = await replicas[0].service.create(body('FIXED'));
    await replicas[0].service.registerDeposit(order.orderId, '0.009', txHash());
    await runJobsUntil(order.orderId, 'RATE_MODE_CHANGED');
    const refund = { orderId: order.orderId, destinationAddress: ETH_ADDR, refundAddress: BTC_REFUND, refundAmount: '0.0089', claimedNetworkFee: '0.0001' };
    const results = await Promise.allSettled([
      replicas[0].service.requestRefund(refund),
      replicas[1].service.acceptRateModeChange(order.orderId, ETH_ADDR),
      replicas[1].service.requestRefund(refund),
      replicas[0].service.acceptRateModeChange(order.orderId, ETH_ADDR),
    ]);
    const o = outcomes(results);
    expect(o.won).toBe(1);
    expect(o.lost).toEqual(['ERR_UNPROCESSABLE_ENTITY', 'ERR_UNPROCESSABLE_ENTITY', 'ERR_UNPROCESSABLE_ENTITY']);
    const refunded = results[0].status === 'fulfilled' || results[2].status === 'fulfilled';
    const done = await runJobsUntil(order.orderId, refunded ? 'REFUND_COMPLETED' : 'WITHDRAWAL_COMPLETED');
    const payouts = replicas.flatMap((r) => [...r.custody.payouts.keys()]).filter((k) => k.startsWith(order.orderId));
    expect(payouts).toEqual([`${order.orderId}:${refunded ? 'refund' : 'payout'}`]);
    expect(done.orderEvents.filter((e) => ['REFUND_REQUESTED', 'RATE_MODE_CHANGE_ACCEPTED'].includes(e.kind))).toHaveLength(1);
  });

  it("a held deposit: both replicas' jobs leave it alone; two refund requests at once: one wins, one refund follows", async () => {
    const order = await replicas[0].service.create(body('FLOATING'));
    await replicas[1].service.registerDeposit(order.orderId, '2', txHash());
    const held = await runJobsUntil(order.orderId, 'DEPOSIT_ON_HOLD');
    await Promise.all(replicas.flatMap((r) => [r.service.processDue(), r.service.processDue()]));
    expect((await replicas[1].service.publicInfo(order.orderId, ETH_ADDR)).orderEvents).toHaveLength(held.orderEvents.length);

    const refund = (refundAddress: string) => ({
      orderId: order.orderId,
      destinationAddress: ETH_ADDR,
      refundAddress,
      refundAmount: '1.9999',
      claimedNetworkFee: '0.0001',
    });
    const results = await Promise.allSettled([
      replicas[0].service.requestRefund(refund(BTC_REFUND)),
      replicas[1].service.requestRefund(refund(BTC_OTHER)),
      replicas[1].service.requestRefund(refund(BTC_REFUND)),
      replicas[0].service.acceptRateModeChange(order.orderId, ETH_ADDR),
    ]);
    const o = outcomes(results);
    expect(o.won).toBe(1);
    expect(o.lost).toEqual(['ERR_UNPROCESSABLE_ENTITY', 'ERR_UNPROCESSABLE_ENTITY', 'ERR_UNPROCESSABLE_ENTITY']);
    const winner = results.findIndex((r) => r.status === 'fulfilled');
    const done = await runJobsUntil(order.orderId, 'REFUND_COMPLETED');
    expect(done.refundAddress).toBe(winner === 1 ? BTC_OTHER : BTC_REFUND);
    const payouts = replicas.flatMap((r) => [...r.custody.payouts.keys()]).filter((k) => k.startsWith(order.orderId));
    expect(payouts).toEqual([`${order.orderId}:refund`]);
    expect(done.orderEvents.filter((e) => e.kind === 'REFUND_REQUESTED')).toHaveLength(1);
  });
});
