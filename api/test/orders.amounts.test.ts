// Issue 23: amounts a customer can actually pay, and retry-safe order creation (§3, §7 200 s timeout, §9).
// Every amount asked for is rounded up to the send coin's unit, every amount promised down to the receive coin's;
// quote and create round alike; an Idempotency-Key is bound to the order's intent, not to the quote fields.
// Over real HTTP (startApi) with the sandbox deposit endpoint; on PGlite and, with DATABASE_URL, on PostgreSQL.
import { randomBytes, randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { ApiErrorBodySchema, OrderSchema, PairDataSchema, type Order, type PairData } from 'shared-contracts/server';
import { createSandboxCustody } from '../src/adapters/custody/sandbox';
import { loadConfig } from '../src/config';
import { startApi, type RunningApi } from '../src/main';
import { INSTRUMENT_CATALOGUE } from '../src/modules/instruments/catalogue';
import { createQuote } from '../src/modules/rates/quote';
import { catalogueRepo } from './helpers/catalogue';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

/** Prices that make the receive-side solve land between units (the round TEST_PRICES divide evenly). */
const PRICES: Record<string, string> = {
  ...TEST_PRICES,
  BTC: '66530.30300269',
  USDT: '0.99987',
  USDC: '1.00013',
  XRP: '0.5123457',
  TRX: '0.1234567',
  ADA: '0.3456789',
  ALGO: '0.1876543',
};
const BTC_ADDR = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';

/** Every active coin of the seed catalogue with 6 decimals (USDT TRC20/ERC20, USDC, XRP, TRX, ADA, ALGO). */
const SIX_DECIMAL = INSTRUMENT_CATALOGUE.filter((i) => i.precisionDecimals === 6 && i.isActive !== false);
const decimalsOf = (amount: string) => new Decimal(amount).decimalPlaces();

describe('receive-side FIXED quotes ask in the send coin unit (quote function)', () => {
  const instruments = catalogueRepo();
  const quote = createQuote({
    instruments,
    priceBoard: new FakePriceBoard(PRICES),
    config: { spread: { FLOATING: '0.005', FIXED: '0.01' }, platformFeeUsd: '0.5', noKycThresholdUsd: '1000', ckm: 'A', fixedRateHoldSeconds: 600 },
    liquidityProviderPublicCode: 'SANDBOX_LP',
  });

  it('covers the 6-decimal coins of the seed', () => {
    expect(SIX_DECIMAL.map((i) => i.slug).sort()).toEqual(['ada', 'algo', 'trx', 'usdcerc20', 'usdterc20', 'usdttrc20', 'xrp']);
  });

  it.each(SIX_DECIMAL.map((i) => i.slug))('%s → btc for 0.01 BTC asks for at most 6 decimals and promises at least 0.01 BTC', (slug) => {
    const q = quote({
      instrumentFromSlug: slug,
      instrumentToSlug: 'btc',
      claimedDepositAmount: '0.01',
      claimedDepositAmountCurrency: 'btc',
      rateMode: 'FIXED',
    });
    expect(decimalsOf(q.claimedDepositAmount)).toBeLessThanOrEqual(6);
    expect(q.amountToGive).toBe(q.claimedDepositAmount);
    expect(new Decimal(q.amountToGet).gte('0.01')).toBe(true);
    // The deposit is the smallest the unit allows: one unit less would not pay 0.01 BTC.
    const less = new Decimal(q.claimedDepositAmount).minus('0.000001').toFixed();
    const smaller = quote({ instrumentFromSlug: slug, instrumentToSlug: 'btc', claimedDepositAmount: less, rateMode: 'FIXED' });
    expect(new Decimal(smaller.amountToGet).lt('0.01')).toBe(true);
  });

  it.each(SIX_DECIMAL.map((i) => i.slug))('btc → %s promises at most 6 decimals, rounded down', (slug) => {
    const q = quote({ instrumentFromSlug: 'btc', instrumentToSlug: slug, claimedDepositAmount: '0.0123456789', rateMode: 'FIXED' });
    expect(decimalsOf(q.amountToGet)).toBeLessThanOrEqual(6);
    expect(q.claimedDepositAmount).toBe('0.01234568');
  });

  it('a receive amount typed past the coin unit is promised at least in full', () => {
    const q = quote({
      instrumentFromSlug: 'btc',
      instrumentToSlug: 'usdttrc20',
      claimedDepositAmount: '700.0000001',
      claimedDepositAmountCurrency: 'usdttrc20',
    });
    expect(new Decimal(q.amountToGet).gte('700.000001')).toBe(true);
    expect(decimalsOf(q.amountToGet)).toBeLessThanOrEqual(6);
  });
});

describe.each(BACKENDS)('exact amounts and retry-safe create on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  const board = new FakePriceBoard(PRICES);
  const instruments = catalogueRepo();
  const custody = createSandboxCustody({ confirmationIntervalMs: 0 });
  /** A valid address of the instrument's network (the sandbox custody writes real formats). */
  const addressOf = async (slug: string) => (await custody.depositAddress(randomUUID(), instruments.bySlug(slug)!)).address;

  beforeAll(async () => {
    t = await openTestDb(backend);
    const env = {
      API_PORT: '0',
      LOG_LEVEL: 'silent',
      VALIDATE_RESPONSES: 'true',
      CONFIRMATION_INTERVAL_MS: '10',
      HTTP_RATE_LIMITS: 'orderCreate=1000',
    };
    api = await startApi(loadConfig(env), { db: t.handle, realtime: fakeRealtime(board) });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });
  afterEach(() => board.set(PRICES));

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(api.url + path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const rate = async (query: Record<string, string>): Promise<PairData> => {
    const r = await call('GET', `/api/v2/rates/public/one?${new URLSearchParams(query)}`);
    expect(r.status).toBe(200);
    return PairDataSchema.parse(r.body);
  };
  const create = async (body: Record<string, unknown>, headers?: Record<string, string>): Promise<Order> => {
    const r = await call('POST', '/api/v1/orders/public/create', body, headers);
    if (r.status !== 200) throw new Error(`create answered ${r.status}: ${JSON.stringify(r.body)}`);
    return OrderSchema.parse(r.body);
  };
  const info = async (o: Order): Promise<Order> => {
    const r = await call('GET', `/api/v1/orders/public-info?orderId=${o.orderId}&destinationAddress=${encodeURIComponent(o.destinationAddress)}`);
    return OrderSchema.parse(r.body);
  };
  const kinds = (o: Order) => o.orderEvents.map((e) => e.kind);
  const settled = async (o: Order, timeoutMs = 20_000): Promise<Order> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const now = await info(o);
      if (kinds(now).some((k) => k === 'WITHDRAWAL_COMPLETED' || k === 'RATE_MODE_CHANGED' || k === 'DEPOSIT_ON_HOLD')) return now;
      if (Date.now() > until) throw new Error(`order never settled: ${kinds(now).join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const key = () => ({ 'idempotency-key': `amounts-${randomBytes(6).toString('hex')}` });

  it.each(SIX_DECIMAL.map((i) => i.slug))(
    'a FIXED %s → btc order made from 0.01 BTC to receive is paid with exactly the amount it shows',
    async (slug) => {
      const quoted = await rate({
        instrumentFromSlug: slug,
        instrumentToSlug: 'btc',
        claimedDepositAmount: '0.01',
        claimedDepositAmountCurrency: 'btc',
        rateMode: 'FIXED',
      });
      const from = instruments.bySlug(slug)!;
      const order = await create({
        rateMode: 'FIXED',
        instrumentFrom: { currencyTitle: from.currencyTitle, networkTitle: from.networkTitle, slug },
        instrumentTo: { currencyTitle: 'BTC', networkTitle: 'BTC', slug: 'btc' },
        destinationAddress: BTC_ADDR,
        refundAddress: await addressOf(slug),
        claimedDepositAmount: '0.01',
        claimedDepositAmountCurrency: 'btc',
      });
      // Quote and create solve the same deposit, in the send coin's unit, and promise at least what was typed.
      expect(order.claimedDepositAmount).toBe(quoted.claimedDepositAmount);
      expect(decimalsOf(order.claimedDepositAmount)).toBeLessThanOrEqual(6);
      expect(new Decimal(order.amountToGet).gte('0.01')).toBe(true);
      expect(new Decimal(order.claimedPublicRate.claimedAmountToReceive).gte('0.01')).toBe(true);

      const dep = await call('POST', `/api/v1/sandbox/orders/${order.orderId}/deposit`, { amount: order.claimedDepositAmount });
      expect(dep.status).toBe(200);
      const done = await settled(order);
      expect(kinds(done)).not.toContain('FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED');
      expect(kinds(done)).toContain('WITHDRAWAL_COMPLETED');
      expect(done.withdrawals).toEqual([expect.objectContaining({ amount: order.amountToGet })]);
    },
    30_000,
  );

  it('quote and create round a typed send amount alike (0.123456789 BTC)', async () => {
    const quoted = await rate({ instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.123456789', rateMode: 'FLOATING' });
    const order = await create({
      rateMode: 'FLOATING',
      instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
      instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
      destinationAddress: ETH_ADDR,
      claimedDepositAmount: '0.123456789',
    });
    expect(quoted.claimedDepositAmount).toBe('0.12345679');
    expect(order.claimedDepositAmount).toBe(quoted.claimedDepositAmount);
    expect(order.amountToGet).toBe(quoted.amountToGet);
  });

  describe('Idempotency-Key bound to the order intent', () => {
    const usdtToBtc = (over: Record<string, unknown> = {}) => ({
      rateMode: 'FIXED',
      instrumentFrom: { currencyTitle: 'USDT', networkTitle: 'TRC20', slug: 'usdttrc20' },
      instrumentTo: { currencyTitle: 'BTC', networkTitle: 'BTC', slug: 'btc' },
      destinationAddress: BTC_ADDR,
      refundAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      claimedDepositAmount: '0.01',
      claimedDepositAmountCurrency: 'btc',
      userEmail: 'retry@example.com',
      ...over,
    });
    const utm = (source: string) => ({ timestamp: Date.now(), utmParams: { source }, additionalInfo: {}, sessionId: `s-${source}` });
    /** The quote fields the site's form sends, from a fresh quote. */
    const quoteFields = (q: PairData) => ({
      claimedPublicRate: { price: q.price, updatedAt: q.updatedAt, claimedAmountToReceive: q.amountToGet },
      claimedNetworkFee: q.finalNetworkFeeAmount,
    });

    it('a create retried with the same key after a fresh quote answers the original order', async () => {
      const k = key();
      const firstQuote = await rate({
        instrumentFromSlug: 'usdttrc20',
        instrumentToSlug: 'btc',
        claimedDepositAmount: '0.01',
        claimedDepositAmountCurrency: 'btc',
        rateMode: 'FIXED',
      });
      const first = await create(usdtToBtc({ ...quoteFields(firstQuote), utmData: utm('a') }), k);
      // The answer was lost; the market moved; the client re-quotes and retries with the same key.
      board.set({ ...PRICES, BTC: '67012.4' });
      const fresh = await rate({
        instrumentFromSlug: 'usdttrc20',
        instrumentToSlug: 'btc',
        claimedDepositAmount: '0.01',
        claimedDepositAmountCurrency: 'btc',
        rateMode: 'FIXED',
      });
      expect(fresh.claimedDepositAmount).not.toBe(firstQuote.claimedDepositAmount);
      const retry = await create(usdtToBtc({ ...quoteFields(fresh), utmData: utm('b') }), k);
      expect(retry.orderId).toBe(first.orderId);
      expect(retry.claimedDepositAmount).toBe(first.claimedDepositAmount);
    });

    it('"0.050" and "0.05" are one amount; addresses and email compare as values', async () => {
      const k = key();
      const first = await create(usdtToBtc({ claimedDepositAmount: '0.050' }), k);
      const again = await create(usdtToBtc({ claimedDepositAmount: '0.05', destinationAddress: ` ${BTC_ADDR} `, userEmail: 'Retry@Example.com' }), k);
      expect(again.orderId).toBe(first.orderId);
    });

    it('the same key with another intent is 422 ERR_UNPROCESSABLE_ENTITY', async () => {
      const k = key();
      await create(usdtToBtc(), k);
      const others = [
        { claimedDepositAmount: '0.011' },
        // the same number entered on the other side is another order
        { claimedDepositAmountCurrency: 'usdttrc20' },
        { claimedDepositAmountCurrency: undefined },
        { rateMode: 'FLOATING', refundAddress: undefined },
        { destinationAddress: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' },
        { refundAddress: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL' },
        { userEmail: 'someone-else@example.com' },
      ];
      for (const over of others) {
        const r = await call('POST', '/api/v1/orders/public/create', usdtToBtc(over), k);
        expect({ over, status: r.status, body: ApiErrorBodySchema.parse(r.body) }).toMatchObject({ status: 422, body: { code: 'ERR_UNPROCESSABLE_ENTITY' } });
      }
    });

    it('without claimedDepositAmountCurrency the amount is the send amount, as before', async () => {
      const order = await create(usdtToBtc({ claimedDepositAmountCurrency: undefined, claimedDepositAmount: '700.1234567' }));
      expect(order.claimedDepositAmount).toBe('700.123457');
      const asSend = await create(usdtToBtc({ claimedDepositAmountCurrency: 'usdttrc20', claimedDepositAmount: '700.1234567' }));
      expect(asSend.claimedDepositAmount).toBe('700.123457');
      const r = await call('POST', '/api/v1/orders/public/create', usdtToBtc({ claimedDepositAmountCurrency: 'eth' }));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'ERR_VALIDATION', fields: { claimedDepositAmountCurrency: expect.any(String) } });
    });
  });
});
