// Issue 29, floating rate with a maximum slippage: a FLOATING order carries maxSlippage (default 0.01, 0.001–0.05; refused
// for FIXED). At execution a rate that would pay more than it less than the quote (for the amount deposited) stops the
// order with FLOATING_RATE_SLIPPAGE_EXCEEDED and the fixed-rate problems' choice: accept the new rate, or a refund.
import { sql } from 'drizzle-orm';
import { ApiErrorBodySchema, OrderSchema, RefundInfoSchema, type Order } from 'shared-contracts/server';
import { loadConfig } from '../src/config';
import { startApi, type RunningApi } from '../src/main';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const BTC = { currencyTitle: 'BTC', networkTitle: 'BTC' };
const ETH = { currencyTitle: 'ETH', networkTitle: 'ETH' };
const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const BTC_REFUND = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

describe.each(BACKENDS)('floating orders with a maximum slippage on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  const board = new FakePriceBoard(TEST_PRICES);
  const env = {
    API_PORT: '0',
    LOG_LEVEL: 'silent',
    VALIDATE_RESPONSES: 'true',
    CONFIRMATION_INTERVAL_MS: '25',
    NEW_RATE_OFFER_TTL_SECONDS: '60',
    HTTP_RATE_LIMITS: 'orderCreate=1000,orderRequestRefund=1000,orderAcceptRateModeChange=1000',
  };

  beforeAll(async () => {
    t = await openTestDb(backend);
    api = await startApi(loadConfig(env), { db: t.handle, realtime: fakeRealtime(board) });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });
  afterEach(() => board.set(TEST_PRICES));

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(api.url + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const floating = (over: Record<string, unknown> = {}) => ({
    rateMode: 'FLOATING',
    instrumentFrom: BTC,
    instrumentTo: ETH,
    destinationAddress: ETH_ADDR,
    claimedDepositAmount: '0.01',
    ...over,
  });
  const create = async (body: Record<string, unknown>): Promise<Order> => {
    const r = await call('POST', '/api/v1/orders/public/create', body);
    expect(r.status).toBe(200);
    return OrderSchema.parse(r.body);
  };
  const info = async (o: Order): Promise<Order> => {
    const r = await call('GET', `/api/v1/orders/public-info?orderId=${o.orderId}&destinationAddress=${encodeURIComponent(o.destinationAddress)}`);
    expect(r.status).toBe(200);
    return OrderSchema.parse(r.body);
  };
  const deposit = (orderId: string, amount: string) => call('POST', `/api/v1/sandbox/orders/${orderId}/deposit`, { amount });
  const kinds = (o: Order) => o.orderEvents.map((e) => e.kind);
  const waitFor = async (o: Order, kind: string): Promise<Order> => {
    const until = Date.now() + 10_000;
    for (;;) {
      const now = await info(o);
      if (kinds(now).includes(kind as never)) return now;
      if (Date.now() > until) throw new Error(`order never reached ${kind}: ${kinds(now).join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const statusOf = async (orderId: string) => {
    const res = (await t.handle.db.execute(sql`SELECT status, payout_amount FROM orders WHERE order_id = ${orderId}`)) as unknown as {
      rows: { status: string; payout_amount: string | null }[];
    };
    return res.rows[0];
  };
  const expectValidation = (r: { status: number; body: unknown }) => {
    expect(r.status).toBe(400);
    const body = ApiErrorBodySchema.parse(r.body);
    expect(body.code).toBe('ERR_VALIDATION');
    expect(body.fields).toHaveProperty('maxSlippage');
  };

  /** ETH 3 % dearer between the quote and the execution: the order would get about 3 % less ETH for its BTC. */
  const ETH_UP_3 = { ...TEST_PRICES, ETH: '3090' };

  /** A floating order made at the test prices, deposited after the market moved to `prices`. */
  const depositedAfter = async (prices: Record<string, string>, over: Record<string, unknown> = {}) => {
    const created = await create(floating(over));
    board.set(prices);
    expect((await deposit(created.orderId, created.claimedDepositAmount)).status).toBe(200);
    return created;
  };

  describe('the order carries it', () => {
    it('defaults to 0.01 on a floating order and stores the one asked for', async () => {
      expect((await create(floating())).maxSlippage).toBe('0.01');
      const asked = await create(floating({ maxSlippage: '0.025' }));
      expect(asked.maxSlippage).toBe('0.025');
      expect((await info(asked)).maxSlippage).toBe('0.025');
    });

    it('refuses one out of bounds or badly written, and any on a fixed-rate order, with the catalogue validation error', async () => {
      for (const maxSlippage of ['0', '0.0009', '0.051', '1', '0.01234', '-0.01', '1%', 'abc']) {
        expectValidation(await call('POST', '/api/v1/orders/public/create', floating({ maxSlippage })));
      }
      expect((await create(floating({ maxSlippage: '0.001' }))).maxSlippage).toBe('0.001');
      expect((await create(floating({ maxSlippage: '0.05' }))).maxSlippage).toBe('0.05');
      expectValidation(await call('POST', '/api/v1/orders/public/create', floating({ rateMode: 'FIXED', refundAddress: BTC_REFUND, maxSlippage: '0.01' })));
      const fixed = await create(floating({ rateMode: 'FIXED', refundAddress: BTC_REFUND }));
      expect(fixed.maxSlippage).toBeNull();
    });

    it('is part of the Idempotency-Key intent: the same key with another slippage is refused', async () => {
      const headers = { 'content-type': 'application/json', 'Idempotency-Key': `slip-${backend}-${Date.now()}` };
      const post = (body: unknown) => fetch(`${api.url}/api/v1/orders/public/create`, { method: 'POST', headers, body: JSON.stringify(body) });
      const first = OrderSchema.parse(await (await post(floating({ maxSlippage: '0.02' }))).json());
      const again = OrderSchema.parse(await (await post(floating({ maxSlippage: '0.020' }))).json());
      expect(again.orderId).toBe(first.orderId);
      expect((await post(floating({ maxSlippage: '0.03' }))).status).toBe(422);
    });
  });

  describe('at execution', () => {
    it('within its slippage, executes at the current rate as before', async () => {
      // ETH 0.5 % dearer: under the default 1 %
      const created = await depositedAfter({ ...TEST_PRICES, ETH: '3015' });
      const done = await waitFor(created, 'WITHDRAWAL_COMPLETED');
      expect(kinds(done)).not.toContain('FLOATING_RATE_SLIPPAGE_EXCEEDED');
      expect(kinds(done)).not.toContain('RATE_MODE_CHANGED');
      expect(Number(done.withdrawals[0].amount)).toBeLessThan(Number(created.amountToGet));
    });

    it('past its slippage, stops for the choice with the event, its reason and next step, and an offer at the rate now', async () => {
      const created = await depositedAfter(ETH_UP_3);
      const waiting = await waitFor(created, 'RATE_MODE_CHANGED');
      expect((await statusOf(created.orderId)).status).toBe('AWAITING_DECISION');
      const event = waiting.orderEvents.find((e) => e.kind === 'FLOATING_RATE_SLIPPAGE_EXCEEDED');
      expect(event).toMatchObject({ reason: 'RATE_WORSE_THAN_MAX_SLIPPAGE', nextStep: 'CHOOSE_REFUND_OR_ACCEPT_NEW_RATE' });
      expect(kinds(waiting).slice(-2)).toEqual(['FLOATING_RATE_SLIPPAGE_EXCEEDED', 'RATE_MODE_CHANGED']);
      const offer = waiting.orderDetails.offeredRate!;
      expect(offer.expiresAt).toBeDefined();
      // about 3 % less than quoted, and nothing paid yet
      const ratio = Number(offer.amountToGet) / Number(created.amountToGet);
      expect(ratio).toBeGreaterThan(0.95);
      expect(ratio).toBeLessThan(0.99);
      expect(waiting.withdrawals).toEqual([]);
    });

    it('the sandbox quote shift (e2e): a market 3 % against the order stops it, with nothing else moved', async () => {
      const created = await create(floating());
      const shifted = await call('POST', `/api/v1/sandbox/orders/${created.orderId}/quote-shift`, { by: '0.03' });
      expect(shifted.status).toBe(200);
      expect(Number(shifted.body.amountToGet)).toBeGreaterThan(Number(created.amountToGet) * 1.029);
      expect((await call('POST', `/api/v1/sandbox/orders/${created.orderId}/quote-shift`, { by: '0.6' })).status).toBe(400);
      await deposit(created.orderId, created.claimedDepositAmount);
      const waiting = await waitFor(created, 'RATE_MODE_CHANGED');
      expect(kinds(waiting)).toContain('FLOATING_RATE_SLIPPAGE_EXCEEDED');
      // only an order still waiting for its deposit
      expect((await call('POST', `/api/v1/sandbox/orders/${created.orderId}/quote-shift`, { by: '0.03' })).status).toBe(422);
    });

    it('a wider slippage lets the same move execute', async () => {
      const created = await depositedAfter(ETH_UP_3, { maxSlippage: '0.05' });
      const done = await waitFor(created, 'WITHDRAWAL_COMPLETED');
      expect(kinds(done)).not.toContain('FLOATING_RATE_SLIPPAGE_EXCEEDED');
    });

    it('a better rate than quoted is never a slippage', async () => {
      const created = await depositedAfter({ ...TEST_PRICES, ETH: '2700' }, { maxSlippage: '0.001' });
      const done = await waitFor(created, 'WITHDRAWAL_COMPLETED');
      expect(Number(done.withdrawals[0].amount)).toBeGreaterThan(Number(created.amountToGet));
    });

    it('compares against the quote for the amount deposited: a smaller deposit at an unchanged market executes', async () => {
      const created = await create(floating({ claimedDepositAmount: '0.02' }));
      await deposit(created.orderId, '0.01');
      const done = await waitFor(created, 'WITHDRAWAL_COMPLETED');
      expect(kinds(done)).not.toContain('FLOATING_RATE_SLIPPAGE_EXCEEDED');
    });
  });

  describe('the choice', () => {
    it('accepting the new rate completes the order at exactly the offered amount, even if the market moves again', async () => {
      const created = await depositedAfter(ETH_UP_3);
      const waiting = await waitFor(created, 'RATE_MODE_CHANGED');
      const offer = waiting.orderDetails.offeredRate!;
      board.set({ ...TEST_PRICES, ETH: '3300' });
      const accepted = await call('POST', '/api/v1/orders/public/accept-rate-mode-change', {
        orderId: created.orderId,
        destinationAddress: ETH_ADDR,
        offeredAmountToGet: offer.amountToGet,
      });
      expect(accepted.status).toBe(200);
      const done = await waitFor(created, 'WITHDRAWAL_COMPLETED');
      expect(done.withdrawals[0].amount).toBe(offer.amountToGet);
      expect(done.amountToGet).toBe(offer.amountToGet);
      expect(kinds(done)).toContain('RATE_MODE_CHANGE_ACCEPTED');
      expect(done.rateMode).toBe('FLOATING');
    });

    it('a refund goes to the address given with the request (a floating order has none), net of the network fee', async () => {
      const created = await depositedAfter(ETH_UP_3);
      await waitFor(created, 'RATE_MODE_CHANGED');
      const q = `orderId=${created.orderId}&destinationAddress=${encodeURIComponent(ETH_ADDR)}`;
      const infoRes = await call('GET', `/api/v1/orders/order-refund-info?${q}`);
      expect(infoRes.status).toBe(200);
      const refundInfo = RefundInfoSchema.parse(infoRes.body);
      const body = {
        orderId: created.orderId,
        destinationAddress: ETH_ADDR,
        refundAmount: refundInfo.refundAmountWithoutNetworkFee,
        claimedNetworkFee: refundInfo.networkFee,
      };
      // the destination is not a refund address
      const same = await call('POST', '/api/v1/orders/public/request-refund', { ...body, refundAddress: ETH_ADDR });
      expect(same.status).toBe(400);
      const refund = await call('POST', '/api/v1/orders/public/request-refund', { ...body, refundAddress: BTC_REFUND });
      expect(refund.status).toBe(200);
      const done = await waitFor(created, 'REFUND_COMPLETED');
      expect(done.refundAddress).toBe(BTC_REFUND);
      expect(done.orderDetails.refundAmount).toBe(refundInfo.refundAmountWithoutNetworkFee);
      expect(done.withdrawals).toEqual([]);
      expect((await statusOf(created.orderId)).payout_amount).toBeNull();
      // the refunded order still answers its refund info (the amount recorded with the request)
      expect((await call('GET', `/api/v1/orders/order-refund-info?${q}`)).status).toBe(200);
    });

    it('a floating order never stopped has no refund option', async () => {
      const created = await create(floating());
      const q = `orderId=${created.orderId}&destinationAddress=${encodeURIComponent(ETH_ADDR)}`;
      expect((await call('GET', `/api/v1/orders/order-refund-info?${q}`)).status).toBe(422);
    });
  });
});
