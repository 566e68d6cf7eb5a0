// Issue 29, the all-in quote: every fee line (network fee, service fee, spread against the market price) adds up to
// amountToGet exactly, for floating, fixed and card quotes; the time estimate of a network is measured (nearest-rank
// p50/p90 of deposit seen → payout sent over the last 30 days, at most the newest N per network) once enough orders
// completed, a default from the chain's pace below that; the rate endpoint and the order page carry it.
import Decimal from 'decimal.js';
import { OrderSchema, PairDataSchema, type ExchangeRequest, type PairData } from 'shared-contracts/server';
import { loadConfig } from '../src/config';
import { orders } from '../src/db/schema';
import { migrate } from '../src/db/migrate';
import { startApi, type RunningApi } from '../src/main';
import { percentile } from '../src/modules/estimates/percentile';
import { createEstimatesRepo } from '../src/modules/estimates/repo';
import { createEstimates, defaultEstimate } from '../src/modules/estimates/service';
import { seedInstruments } from '../src/modules/instruments/seed';
import { createQuote, type QuoteConfig } from '../src/modules/rates/quote';
import { catalogueRepo } from './helpers/catalogue';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const DAY = 86_400_000;

describe('percentile (nearest rank)', () => {
  it('is the smallest sample at least p % of the samples do not exceed, in whole seconds', () => {
    const s = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(s, 50)).toBe(5);
    expect(percentile(s, 90)).toBe(9);
    expect(percentile(s, 100)).toBe(10);
    expect(percentile(s, 1)).toBe(1);
    expect(percentile([42], 50)).toBe(42);
    expect(percentile([42], 90)).toBe(42);
    expect(percentile([10.2, 20.5], 50)).toBe(11);
    expect(percentile([], 50)).toBeUndefined();
    expect(() => percentile(s, 0)).toThrow(RangeError);
    expect(() => percentile(s, 101)).toThrow(RangeError);
  });
});

describe('fee lines of the quote', () => {
  const config: QuoteConfig = {
    spread: { FLOATING: '0.005', FIXED: '0.01' },
    platformFeeUsd: '1.5',
    noKycThresholdUsd: '1000',
    ckm: 'A',
    fixedRateHoldSeconds: 600,
  };
  const quote = createQuote({
    instruments: catalogueRepo(),
    priceBoard: new FakePriceBoard(TEST_PRICES, new Date('2029-12-31T23:59:58.000Z')),
    config,
    liquidityProviderPublicCode: 'SANDBOX_LP',
    cardProviderOf: () => 'SANDBOX_CARD',
    estimateFor: (network) => ({ p50: network.length, p90: 2 * network.length, basis: 'default', sampleSize: 0 }),
  });

  /** marketAmountToGet − every line taken from it = amountToGet, exactly. */
  function expectAddsUp(q: PairData): void {
    PairDataSchema.parse(q);
    expect(q.feeLines.map((l) => l.kind)).toEqual(['NETWORK_FEE', 'SERVICE_FEE', 'SPREAD']);
    let rest = new Decimal(q.marketAmountToGet);
    for (const line of q.feeLines) {
      expect(line).toMatchObject({ currencyTitle: q.instrumentTo.currencyTitle, slug: q.instrumentTo.slug, takenFromAmountToGet: true });
      expect(new Decimal(line.amount).gte(0)).toBe(true);
      rest = rest.minus(line.amount);
    }
    expect(rest.toFixed()).toBe(new Decimal(q.amountToGet).toFixed());
    expect(q.feeLines[0].amount).toBe(q.finalNetworkFeeAmount);
    expect(q.feeLines[1].amount).toBe(q.platformFee_Absolute);
    // The market value is the deposit at the market price, to the receive coin's unit.
    expect(q.marketAmountToGet).toBe(
      new Decimal(q.amountToGive).mul(q.marketLeftPrice).toDecimalPlaces(Math.min(8, q.instrumentTo.precisionDecimals), Decimal.ROUND_DOWN).toFixed(),
    );
  }

  const cases: [string, ExchangeRequest][] = [
    ['floating BTC → ETH', { instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.1', rateMode: 'FLOATING' }],
    ['fixed BTC → ETH', { instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.1', rateMode: 'FIXED' }],
    ['floating ETH → LTC, odd amount', { instrumentFromSlug: 'eth', instrumentToSlug: 'ltc', claimedDepositAmount: '0.12345678', rateMode: 'FLOATING' }],
    [
      'fixed LTC → BTC by the amount to receive',
      { instrumentToSlug: 'btc', claimedDepositAmount: '0.01', claimedDepositAmountCurrency: 'btc', instrumentFromSlug: 'ltc', rateMode: 'FIXED' },
    ],
    ['card USD → BTC', { instrumentFromSlug: 'usd', instrumentToSlug: 'btc', claimedDepositAmount: '250', rateMode: 'FLOATING' }],
    ['card EUR → ETH, default amount', { instrumentFromSlug: 'eur', instrumentToSlug: 'eth', rateMode: 'FLOATING' }],
  ];

  it.each(cases)('%s: every line, adding up to amountToGet', (_name, request) => {
    expectAddsUp(quote(request));
  });

  it('names the spread against the market price: deposit × (market − platform price), to the unit', () => {
    const q = quote({ instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.1', rateMode: 'FLOATING' });
    // 0.1 BTC at the market's 20 ETH = 2 ETH; the 0.5 % spread 0.01 ETH; network 0.002 ETH; service 1.5 USD = 0.0005 ETH.
    expect(q.marketAmountToGet).toBe('2');
    expect(q.feeLines).toEqual([
      { kind: 'NETWORK_FEE', amount: '0.002', currencyTitle: 'ETH', slug: 'eth', takenFromAmountToGet: true },
      { kind: 'SERVICE_FEE', amount: '0.0005', currencyTitle: 'ETH', slug: 'eth', takenFromAmountToGet: true },
      { kind: 'SPREAD', amount: '0.01', currencyTitle: 'ETH', slug: 'eth', takenFromAmountToGet: true },
    ]);
    expect(q.amountToGet).toBe('1.9875');
    const fixed = quote({ instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.1', rateMode: 'FIXED' });
    expect(fixed.feeLines[2].amount).toBe('0.02');
  });

  it("carries the send network's estimate", () => {
    expect(quote({ instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.1' }).estimatedSeconds).toEqual({
      p50: 3,
      p90: 6,
      basis: 'default',
      sampleSize: 0,
    });
    expect(quote({ instrumentFromSlug: 'usd', instrumentToSlug: 'eth', claimedDepositAmount: '250' }).estimatedSeconds.p50).toBe(4);
  });
});

describe('defaultEstimate', () => {
  it('is the confirmations time plus the payout allowance, p90 twice p50', () => {
    expect(defaultEstimate(2 * 600, 60)).toEqual({ p50: 1260, p90: 2520, basis: 'default', sampleSize: 0 });
    expect(defaultEstimate(0, 60, 7)).toEqual({ p50: 60, p90: 120, basis: 'default', sampleSize: 7 });
  });
});

describe.each(BACKENDS)('measured estimates on %s', (backend) => {
  let t: TestDb;
  const NOW = new Date('2031-06-15T12:00:00.000Z');
  let n = 0;

  /** A completed order from `slug`, its deposit seen `seconds` before its payout, completed `ago` ms before NOW. */
  const completed = (slug: string, seconds: number, ago = DAY, status = 'COMPLETED') => {
    const completedAt = new Date(NOW.getTime() - ago);
    n += 1;
    return {
      orderId: `est-${backend}-${n}`,
      fromSlug: slug,
      toSlug: slug === 'eth' ? 'btc' : 'eth',
      rateMode: 'FLOATING' as const,
      claimedDepositAmount: '1',
      amountToGet: '1',
      price: '1',
      destinationAddress: 'addr',
      status,
      depositAt: new Date(completedAt.getTime() - seconds * 1000),
      completedAt,
    };
  };

  beforeAll(async () => {
    t = await openTestDb(backend);
    await migrate(t.handle);
    await seedInstruments(t.handle.db);
    const rows = [
      // BTC: 1..30 minutes, 30 orders → measured.
      ...Array.from({ length: 30 }, (_, i) => completed('btc', (i + 1) * 60)),
      // …and what must not count: older than 30 days, refunded, no deposit time.
      completed('btc', 99_999, 31 * DAY),
      completed('btc', 99_999, DAY, 'REFUNDED'),
      { ...completed('btc', 1), depositAt: null },
      // LTC: 5 orders only → default.
      ...Array.from({ length: 5 }, (_, i) => completed('ltc', 100 + i)),
      // ETH network: 25 orders, the 5 oldest slow; at most the newest 20 count.
      ...Array.from({ length: 20 }, (_, i) => completed('eth', 200 + i, DAY + i * 1000)),
      ...Array.from({ length: 5 }, (_, i) => completed('eth', 50_000, 2 * DAY + i * 1000)),
    ];
    await t.handle.db.insert(orders).values(rows);
  }, 60_000);
  afterAll(async () => {
    await t?.drop();
  });

  function estimates(options = {}) {
    return createEstimates({
      repo: createEstimatesRepo(t.handle.db),
      instruments: catalogueRepo(),
      secondsPerConfirmation: () => 600,
      now: () => NOW,
      options: { maxPerNetwork: 20, ...options },
    });
  }

  it('is the default before the first measurement, from the slowest instrument of the network', () => {
    const e = estimates();
    // BTC: 2 confirmations × 600 s + 60 s
    expect(e.estimateFor('BTC')).toEqual({ p50: 1260, p90: 2520, basis: 'default', sampleSize: 0 });
    // An unknown network: the payout allowance alone.
    expect(e.estimateFor('NOPE')).toEqual({ p50: 60, p90: 120, basis: 'default', sampleSize: 0 });
  });

  it('measures p50 and p90 of recent completed orders per send network once there are enough', async () => {
    const e = estimates({ maxPerNetwork: 500 });
    await e.refresh();
    expect(e.estimateFor('BTC')).toEqual({ p50: 15 * 60, p90: 27 * 60, basis: 'measured', sampleSize: 30 });
    // 5 LTC orders: below the sample size, the default (6 × 600 + 60), saying how many were found.
    expect(e.estimateFor('LTC')).toEqual({ p50: 3660, p90: 7320, basis: 'default', sampleSize: 5 });
  });

  it('counts at most the newest orders of a network', async () => {
    const e = estimates();
    await e.refresh();
    expect(e.estimateFor('ETH')).toEqual({ p50: 209, p90: 217, basis: 'measured', sampleSize: 20 });
    const all = estimates({ maxPerNetwork: 500 });
    await all.refresh();
    expect(all.estimateFor('ETH')).toMatchObject({ p90: 50_000, sampleSize: 25 });
  });

  it('needs the configured sample size', async () => {
    const e = estimates({ minSample: 31, maxPerNetwork: 500 });
    await e.refresh();
    expect(e.estimateFor('BTC')).toMatchObject({ basis: 'default', sampleSize: 30 });
  });
});

describe('the estimate over HTTP', () => {
  let t: TestDb;
  let api: RunningApi;
  const backend = BACKENDS[0];

  beforeAll(async () => {
    t = await openTestDb(backend);
    await migrate(t.handle);
    await seedInstruments(t.handle.db);
    // 24 completed BTC orders of 10..33 minutes in the last day (the api measures them when it is ready).
    const now = Date.now();
    await t.handle.db.insert(orders).values(
      Array.from({ length: 24 }, (_, i) => ({
        orderId: `http-est-${i}`,
        fromSlug: 'btc',
        toSlug: 'eth',
        rateMode: 'FLOATING' as const,
        claimedDepositAmount: '0.01',
        amountToGet: '0.2',
        price: '20',
        destinationAddress: 'addr',
        status: 'COMPLETED',
        depositAt: new Date(now - 3_600_000 - (10 + i) * 60_000),
        completedAt: new Date(now - 3_600_000),
      })),
    );
    api = await startApi(loadConfig({ API_PORT: '0', LOG_LEVEL: 'silent', VALIDATE_RESPONSES: 'true' }), {
      db: t.handle,
      realtime: fakeRealtime(new FakePriceBoard(TEST_PRICES)),
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const get = async (path: string) => {
    const res = await fetch(api.url + path);
    return { status: res.status, body: await res.json() };
  };

  /** The first measurement runs when the server is ready, in the background. */
  async function measured(): Promise<PairData> {
    for (let i = 0; i < 100; i++) {
      const r = await get(`/api/v2/rates/public/one?instrumentFromSlug=btc&instrumentToSlug=eth&claimedDepositAmount=0.0${i + 10}`);
      expect(r.status).toBe(200);
      const q = PairDataSchema.parse(r.body);
      if (q.estimatedSeconds.basis === 'measured') return q;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('never measured');
  }

  it('the rate answer carries the fee lines and the measured estimate of the send network', async () => {
    const q = await measured();
    expect(q.estimatedSeconds).toEqual({ p50: 21 * 60, p90: 31 * 60, basis: 'measured', sampleSize: 24 });
    expect(q.feeLines.map((l) => l.kind)).toEqual(['NETWORK_FEE', 'SERVICE_FEE', 'SPREAD']);
    // ETH has no completed orders: its default.
    const r = await get('/api/v2/rates/public/one?instrumentFromSlug=eth&instrumentToSlug=btc&claimedDepositAmount=0.5');
    expect(PairDataSchema.parse(r.body).estimatedSeconds).toMatchObject({ basis: 'default', sampleSize: 0 });
  });

  it("the order carries its send network's estimate", async () => {
    await measured();
    const res = await fetch(`${api.url}/api/v1/orders/public/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        rateMode: 'FLOATING',
        instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
        instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
        destinationAddress: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe',
        claimedDepositAmount: '0.01',
      }),
    });
    expect(res.status).toBe(200);
    const order = OrderSchema.parse(await res.json());
    expect(order.orderDetails.estimatedSeconds).toEqual({ p50: 21 * 60, p90: 31 * 60, basis: 'measured', sampleSize: 24 });
  });
});
