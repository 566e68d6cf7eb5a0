// Issue 29 "no surprise holds": the hold rules a quote publishes are the checks that hold a deposit (guardrails.ts
// depositHold agrees with them just under and over every threshold); a held order's refund is requested, paid by the
// order job and within HOLD_REFUND_HOURS of the request; /api/v1/status/holds counts held, refunded and completed
// orders per UTC month (counts only), cached. Over real HTTP (startApi) on PGlite and, with DATABASE_URL, PostgreSQL.
import { HoldReportSchema, HoldRulesSchema, OrderSchema, PairDataSchema, type HoldRules, type Order, type PairData } from 'shared-contracts/server';
import { loadConfig } from '../src/config';
import { D } from '../src/lib/decimal';
import { startApi, type RunningApi } from '../src/main';
import { depositHold } from '../src/modules/orders/guardrails';
import { createQuote, type QuoteConfig } from '../src/modules/rates/quote';
import { createHoldReport } from '../src/modules/status/holdReport';
import { catalogueRepo } from './helpers/catalogue';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const config: QuoteConfig = {
  spread: { FLOATING: '0.005', FIXED: '0.01' },
  platformFeeUsd: '0',
  noKycThresholdUsd: '1000',
  ckm: 'A',
  fixedRateHoldSeconds: 600,
};
const quote = createQuote({
  instruments: catalogueRepo(),
  priceBoard: new FakePriceBoard(TEST_PRICES, new Date('2029-12-31T23:59:58.000Z')),
  config,
  liquidityProviderPublicCode: 'SANDBOX_LP',
  holdRefundHours: 6,
  now: () => new Date('2030-01-01T00:00:00.000Z'),
});

const rulesOf = (pair: PairData): HoldRules => HoldRulesSchema.parse(pair.holdRules);
const rule = (pair: PairData, reason: string) => rulesOf(pair).rules.find((r) => r.reason === reason);
/** One unit of the send coin (8 decimals for crypto here, 2 for a card currency). */
const unitOf = (pair: PairData) => new D(10).pow(-Math.min(pair.instrumentFrom.precisionDecimals, 8));

describe('holdRules in the quote', () => {
  it('a crypto pair lists its maximum, its minimum (with the 10 % tolerance) and the pair check, not the no-KYC threshold', () => {
    const pair = PairDataSchema.parse(quote({ instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.1' }));
    const rules = rulesOf(pair);
    expect(rules.rules.map((r) => [r.reason, r.when])).toEqual([
      ['DEPOSIT_ABOVE_MAXIMUM', 'ABOVE'],
      ['DEPOSIT_BELOW_MINIMUM', 'BELOW'],
      ['PAIR_NOT_ACTIVE', 'ANY'],
    ]);
    expect(rule(pair, 'DEPOSIT_ABOVE_MAXIMUM')).toMatchObject({ threshold: pair.depositRules.maxAmount, currencyTitle: 'BTC', appliesToQuotedAmount: false });
    expect(rule(pair, 'DEPOSIT_BELOW_MINIMUM')?.threshold).toBe(new D(pair.depositRules.minAmount).times('0.9').toFixed());
    expect(rule(pair, 'PAIR_NOT_ACTIVE')).toMatchObject({ threshold: null, appliesToQuotedAmount: false });
    // the refund a held order always offers: the deposit less only the refund's network fee, within HOLD_REFUND_HOURS
    expect(rules).toMatchObject({ refundWithinHours: 6, refundAmount: 'DEPOSIT_LESS_REFUND_NETWORK_FEE', refundNetworkFee: '0.0001' });
  });

  it('a card purchase lists the no-KYC threshold, applying to the quoted amount only above it', () => {
    const under = PairDataSchema.parse(quote({ instrumentFromSlug: 'usd', instrumentToSlug: 'btc', claimedDepositAmount: '1000' }));
    const over = PairDataSchema.parse(quote({ instrumentFromSlug: 'usd', instrumentToSlug: 'btc', claimedDepositAmount: '1000.01' }));
    expect(rule(under, 'DEPOSIT_ABOVE_NO_KYC_THRESHOLD')).toEqual({
      reason: 'DEPOSIT_ABOVE_NO_KYC_THRESHOLD',
      when: 'ABOVE',
      threshold: under.noKycThreshold,
      currencyTitle: 'USD',
      appliesToQuotedAmount: false,
    });
    expect(under.noKycThreshold).toBe('1000');
    expect(rule(over, 'DEPOSIT_ABOVE_NO_KYC_THRESHOLD')?.appliesToQuotedAmount).toBe(true);
    expect(
      rulesOf(over)
        .rules.filter((r) => r.appliesToQuotedAmount)
        .map((r) => r.reason),
    ).toEqual(['DEPOSIT_ABOVE_NO_KYC_THRESHOLD']);
  });

  // The published thresholds are the ones depositHold holds at: one unit either side of each gives the other answer.
  it.each([
    ['btc', 'eth', '0.1'],
    ['eth', 'usdttrc20', '2'],
    ['usdttrc20', 'xrp', '500'],
    ['usd', 'btc', '500'],
    ['eur', 'eth', '3000'],
  ])('%s→%s: depositHold holds exactly past each published threshold', (from, to, amount) => {
    const pair = quote({ instrumentFromSlug: from, instrumentToSlug: to, claimedDepositAmount: amount });
    const kycApplies = pair.instrumentFrom.instrumentType === 'fiat';
    const unit = unitOf(pair);
    const amountRules = rulesOf(pair).rules.filter((r) => r.threshold !== null);
    expect(amountRules.length).toBeGreaterThanOrEqual(kycApplies ? 3 : 2);
    for (const r of amountRules) {
      // the smallest deposit past the threshold and the largest not past it, in whole units of the coin
      const t = new D(r.threshold!);
      const past =
        r.when === 'ABOVE' ? t.toDecimalPlaces(unit.decimalPlaces(), D.ROUND_DOWN).plus(unit) : t.toDecimalPlaces(unit.decimalPlaces(), D.ROUND_UP).minus(unit);
      const within = r.when === 'ABOVE' ? t.toDecimalPlaces(unit.decimalPlaces(), D.ROUND_DOWN) : t.toDecimalPlaces(unit.decimalPlaces(), D.ROUND_UP);
      const held = depositHold(past, pair, kycApplies);
      expect({ amount: past.toFixed(), reason: held?.reason }).toEqual({ amount: past.toFixed(), reason: r.reason });
      // not past this threshold: either exchanged, or held by another rule (a minimum above a card's KYC threshold cannot be)
      expect(depositHold(within, pair, kycApplies)?.reason).not.toBe(r.reason);
    }
    // the quoted amount itself is exchanged unless a rule says it applies
    const applying = rulesOf(pair).rules.filter((r) => r.appliesToQuotedAmount);
    expect(depositHold(new D(pair.claimedDepositAmount), pair, kycApplies)?.reason).toBe(applying[0]?.reason);
  });
});

describe.each(BACKENDS)('held orders and the monthly counts on %s', (backend) => {
  jest.setTimeout(30_000);
  let t: TestDb;
  let api: RunningApi;
  const board = new FakePriceBoard(TEST_PRICES);

  beforeAll(async () => {
    t = await openTestDb(backend);
    const env = {
      API_PORT: '0',
      LOG_LEVEL: 'silent',
      VALIDATE_RESPONSES: 'true',
      CONFIRMATION_INTERVAL_MS: '25',
      HOLD_REFUND_HOURS: '6',
      HTTP_RATE_LIMITS: 'orderCreate=1000,orderRequestRefund=1000',
    };
    api = await startApi(loadConfig(env), { db: t.handle, realtime: fakeRealtime(board) });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(api.url + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: await res.json() };
  };
  const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
  const BTC_REFUND = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
  const create = async (): Promise<Order> => {
    const r = await call('POST', '/api/v1/orders/public/create', {
      rateMode: 'FLOATING',
      instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
      instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
      destinationAddress: ETH_ADDR,
      claimedDepositAmount: '0.01',
    });
    expect(r.status).toBe(200);
    return OrderSchema.parse(r.body);
  };
  const info = async (o: Order) =>
    OrderSchema.parse((await call('GET', `/api/v1/orders/public-info?orderId=${o.orderId}&destinationAddress=${ETH_ADDR}`)).body);
  const deposit = async (o: Order, amount: string) => expect((await call('POST', `/api/v1/sandbox/orders/${o.orderId}/deposit`, { amount })).status).toBe(200);
  const waitFor = async (o: Order, kind: string): Promise<Order> => {
    const until = Date.now() + 15_000;
    for (;;) {
      const now = await info(o);
      if (now.orderEvents.some((e) => e.kind === kind)) return now;
      if (Date.now() > until) throw new Error(`order never reached ${kind}: ${now.orderEvents.map((e) => e.kind).join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('the rate endpoint publishes the hold rules with HOLD_REFUND_HOURS', async () => {
    const r = await call('GET', '/api/v2/rates/public/one?instrumentFromSlug=btc&instrumentToSlug=eth&claimedDepositAmount=0.1');
    expect(r.status).toBe(200);
    expect(rulesOf(PairDataSchema.parse(r.body))).toMatchObject({ refundWithinHours: 6, refundAmount: 'DEPOSIT_LESS_REFUND_NETWORK_FEE' });
  });

  it('a held order is refunded in full (the deposit less the refund network fee) by the order job, within the promised hours', async () => {
    const order = await create();
    await deposit(order, '2'); // above the pair's maximum
    const held = await waitFor(order, 'DEPOSIT_ON_HOLD');
    expect(held.orderEvents.at(-1)).toMatchObject({ reason: 'DEPOSIT_ABOVE_MAXIMUM', nextStep: 'REQUEST_REFUND_OR_CONTACT_SUPPORT' });
    const refundInfo = (await call('GET', `/api/v1/orders/order-refund-info?orderId=${order.orderId}&destinationAddress=${ETH_ADDR}`)).body;
    // "full": the whole deposit, less only the BTC network fee of the refund transaction
    expect(refundInfo).toEqual({ refundAmountWithoutNetworkFee: '1.9999', networkFee: '0.0001' });
    const requested = await call('POST', '/api/v1/orders/public/request-refund', {
      orderId: order.orderId,
      destinationAddress: ETH_ADDR,
      refundAddress: BTC_REFUND,
      refundAmount: refundInfo.refundAmountWithoutNetworkFee,
      claimedNetworkFee: refundInfo.networkFee,
    });
    expect(requested.status).toBe(200);
    const refunded = await waitFor(order, 'REFUND_COMPLETED');
    const at = (kind: string) => Date.parse(refunded.orderEvents.find((e) => e.kind === kind)!.createdAt);
    expect(at('REFUND_COMPLETED') - at('REFUND_REQUESTED')).toBeLessThan(6 * 3_600_000);
    expect(refunded.orderDetails).toMatchObject({ refundAmount: '1.9999', refundTxHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(refunded.withdrawals).toEqual([]);

    // another order completes as usual
    const other = await create();
    await deposit(other, '0.01');
    await waitFor(other, 'WITHDRAWAL_COMPLETED');

    // the current UTC month counts them (counts only), cached publicly
    const report = await call('GET', '/api/v1/status/holds');
    expect(report.status).toBe(200);
    expect(report.headers.get('cache-control')).toBe('public, max-age=300');
    const body = HoldReportSchema.parse(report.body);
    expect(body.refundWithinHours).toBe(6);
    expect(body.months).toHaveLength(12);
    expect(body.months.at(-1)).toEqual({
      month: new Date().toISOString().slice(0, 7),
      held: 1,
      refunded: 1,
      completed: 1,
      heldRefunded: 1,
      heldRefundedInTime: 1,
    });
    expect(Object.keys(body.months[0]).sort()).toEqual(['completed', 'held', 'heldRefunded', 'heldRefundedInTime', 'month', 'refunded']);

    // months are UTC months; a refund sent later than the promise after its request is counted, but not as in time
    const ev = (kind: string, at: string) =>
      t.handle.withSession((s) => s.query('INSERT INTO order_events (order_id, kind, created_at) VALUES ($1, $2, $3::timestamptz)', [order.orderId, kind, at]));
    await ev('DEPOSIT_ON_HOLD', '2126-02-28T23:59:59Z');
    await ev('REFUND_REQUESTED', '2126-03-01T00:00:00Z');
    await ev('REFUND_COMPLETED', '2126-03-01T06:00:00Z'); // exactly at the promise: in time
    await ev('REFUND_REQUESTED', '2126-04-10T10:00:00Z');
    await ev('REFUND_COMPLETED', '2126-04-10T16:00:01Z'); // a second late
    let clock = Date.parse('2126-04-15T00:00:00Z');
    const holds = createHoldReport({ db: t.handle, refundWithinHours: 6, now: () => clock });
    const future = await holds.report();
    const month = (m: string) => future.months.find((x) => x.month === m);
    expect(future.months.map((m) => m.month)).toEqual([
      '2125-05',
      '2125-06',
      '2125-07',
      '2125-08',
      '2125-09',
      '2125-10',
      '2125-11',
      '2125-12',
      '2126-01',
      '2126-02',
      '2126-03',
      '2126-04',
    ]);
    expect(month('2126-02')).toMatchObject({ held: 1, refunded: 0 });
    expect(month('2126-03')).toMatchObject({ held: 0, refunded: 1, heldRefunded: 1, heldRefundedInTime: 1, completed: 0 });
    expect(month('2126-04')).toMatchObject({ refunded: 1, heldRefunded: 1, heldRefundedInTime: 0 });
    // cached for 5 minutes: a new event shows only after it
    await ev('WITHDRAWAL_COMPLETED', '2126-04-11T00:00:00Z');
    clock += 60_000;
    expect((await holds.report()).months.at(-1)?.completed).toBe(0);
    clock += 5 * 60_000;
    expect((await holds.report()).months.at(-1)?.completed).toBe(1);
  });
});
