// Money guardrails (issue 7): a deposit above the pair's maximum is held with a machine-readable reason and
// next step, never paid out by the order job, and can be refunded to an address the customer gives.
// Over real HTTP (startApi) with the sandbox deposit endpoint, on PGlite and, with DATABASE_URL, PostgreSQL.
import { ApiErrorBodySchema, OrderSchema, type Order } from 'shared-contracts/server';
import { MemoryBus } from '../src/bus/memory';
import { BUS_CHANNELS } from '../src/bus/types';
import { loadConfig } from '../src/config';
import { D } from '../src/lib/decimal';
import { startApi, type RunningApi } from '../src/main';
import { depositHold } from '../src/modules/orders/guardrails';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const BTC = { currencyTitle: 'BTC', networkTitle: 'BTC' };
const ETH = { currencyTitle: 'ETH', networkTitle: 'ETH' };
const XRP = { currencyTitle: 'XRP', networkTitle: 'XRP' };
const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const BTC_REFUND = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const BTC_OTHER = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const XRP_REFUND = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';
// The pair's maximum at TEST_PRICES: 100,000 USD of BTC at 60,000 USD, rounded down to 8 decimals.
const BTC_MAX = '1.66666666';

describe('depositHold', () => {
  const limits = (maxAmount: string, noKycThreshold = '0.5', generalMaxAmount = maxAmount) => ({
    depositRules: { minAmount: '0.001', maxAmount },
    generalMaxAmount,
    noKycThreshold,
  });

  it('holds a deposit above the maximum, not one at it', () => {
    expect(depositHold(new D('1.00000001'), limits('1'), false)).toEqual({ reason: 'DEPOSIT_ABOVE_MAXIMUM', limit: new D('1') });
    expect(depositHold(new D('1'), limits('1'), false)).toBeNull();
  });

  it('takes the smaller of depositRules.maxAmount and generalMaxAmount; a zero maximum is absent (§5)', () => {
    expect(depositHold(new D('0.9'), limits('1', '0.5', '0.8'), false)).toMatchObject({ reason: 'DEPOSIT_ABOVE_MAXIMUM', limit: new D('0.8') });
    expect(depositHold(new D('1000'), limits('0', '0.5', '0'), false)).toBeNull();
  });

  it('holds a deposit below the minimum, with a tolerance of 10 % for the market moving after the order', () => {
    expect(depositHold(new D('0.0009'), limits('1'), false)).toBeNull();
    expect(depositHold(new D('0.00089999'), limits('1'), false)).toEqual({ reason: 'DEPOSIT_BELOW_MINIMUM', limit: new D('0.001') });
  });

  it('applies the no-KYC threshold only where the pair has an identity check (card flow), after the maximum', () => {
    expect(depositHold(new D('0.6'), limits('1'), false)).toBeNull();
    expect(depositHold(new D('0.6'), limits('1'), true)).toEqual({ reason: 'DEPOSIT_ABOVE_NO_KYC_THRESHOLD', limit: new D('0.5') });
    expect(depositHold(new D('2'), limits('1'), true)).toMatchObject({ reason: 'DEPOSIT_ABOVE_MAXIMUM' });
  });
});

describe.each(BACKENDS)('deposit guardrails on %s', (backend) => {
  // Each case runs an order through several job passes; jest's 5 s default is too tight on a loaded machine.
  jest.setTimeout(30_000);
  let t: TestDb;
  let api: RunningApi;
  const board = new FakePriceBoard(TEST_PRICES);
  const bus = new MemoryBus();
  const published: Order[] = [];

  beforeAll(async () => {
    t = await openTestDb(backend);
    const env = {
      API_PORT: '0',
      LOG_LEVEL: 'silent',
      VALIDATE_RESPONSES: 'true',
      CONFIRMATION_INTERVAL_MS: '25',
      // Both backends' runs share one address (and, with REDIS_URL, one limiter store).
      HTTP_RATE_LIMITS: 'orderCreate=1000,orderRequestRefund=1000',
    };
    api = await startApi(loadConfig(env), { db: t.handle, realtime: { ...fakeRealtime(board), bus } });
    await bus.subscribe(BUS_CHANNELS.orderEvent, (raw) => published.push(JSON.parse(raw).order));
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
    return { status: res.status, body: await res.json() };
  };
  const expectError = (r: { status: number; body: unknown }, status: number, code: string, field?: string) => {
    expect({ status: r.status, body: ApiErrorBodySchema.parse(r.body) }).toMatchObject({ status, body: { statusCode: status, code } });
    if (field) expect((r.body as { fields?: object }).fields).toHaveProperty(field);
  };
  const create = async (over: Record<string, unknown> = {}): Promise<Order> => {
    const r = await call('POST', '/api/v1/orders/public/create', {
      rateMode: 'FLOATING',
      instrumentFrom: BTC,
      instrumentTo: ETH,
      destinationAddress: ETH_ADDR,
      claimedDepositAmount: '0.01',
      ...over,
    });
    expect(r.status).toBe(200);
    return OrderSchema.parse(r.body);
  };
  const info = async (o: Order): Promise<Order> => {
    const r = await call('GET', `/api/v1/orders/public-info?orderId=${o.orderId}&destinationAddress=${encodeURIComponent(o.destinationAddress)}`);
    expect(r.status).toBe(200);
    return OrderSchema.parse(r.body);
  };
  const deposit = async (o: Order, amount: string) => expect((await call('POST', `/api/v1/sandbox/orders/${o.orderId}/deposit`, { amount })).status).toBe(200);
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
  const refund = (o: Order, over: Record<string, unknown> = {}) =>
    call('POST', '/api/v1/orders/public/request-refund', {
      orderId: o.orderId,
      destinationAddress: o.destinationAddress,
      refundAddress: BTC_REFUND,
      refundAmount: '1.9999',
      claimedNetworkFee: '0.0001',
      ...over,
    });

  it('floating: a deposit above the maximum is held with its reason, never paid out, and refunded to the address the customer gives', async () => {
    const order = await create();
    expect(order.refundAddress).toBeNull();
    await deposit(order, '2');
    const held = await waitFor(order, 'DEPOSIT_ON_HOLD');
    expect(kinds(held)).toEqual(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'DEPOSIT_ON_HOLD']);
    expect(held.orderEvents[3]).toMatchObject({ reason: 'DEPOSIT_ABOVE_MAXIMUM', nextStep: 'REQUEST_REFUND_OR_CONTACT_SUPPORT' });
    expect(held.orderDetails.depositLimit).toBe(BTC_MAX);
    expect(held.deposits).toEqual([expect.objectContaining({ amount: '2' })]);
    // WebSocket subscribers hear it from the bus.
    for (let i = 0; i < 100 && !published.some((p) => p.orderId === order.orderId && kinds(p).includes('DEPOSIT_ON_HOLD')); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(published.find((p) => p.orderId === order.orderId && kinds(p).includes('DEPOSIT_ON_HOLD'))?.orderDetails.depositLimit).toBe(BTC_MAX);

    // Another order goes all the way through the job meanwhile; the held one stays where it is.
    const other = await create();
    await deposit(other, '0.01');
    await waitFor(other, 'WITHDRAWAL_COMPLETED');
    const still = await info(order);
    expect(kinds(still)).toEqual(kinds(held));
    expect(still.withdrawals).toEqual([]);
    expect(still.orderDetails.payoutTxHash).toBeNull();

    // Nothing but a refund: no new rate to accept.
    expectError(
      await call('POST', '/api/v1/orders/public/accept-rate-mode-change', { orderId: order.orderId, destinationAddress: ETH_ADDR }),
      422,
      'ERR_UNPROCESSABLE_ENTITY',
    );
    expect((await call('GET', `/api/v1/orders/order-refund-info?orderId=${order.orderId}&destinationAddress=${ETH_ADDR}`)).body).toEqual({
      refundAmountWithoutNetworkFee: '1.9999',
      networkFee: '0.0001',
    });

    // §5 refund address rules for the send side.
    expectError(await refund(order, { refundAddress: ETH_ADDR }), 400, 'ERR_VALIDATION', 'refundAddress');
    expectError(await refund(order, { refundAddressMemo: '123' }), 400, 'ERR_VALIDATION', 'refundAddressMemo');
    expectError(await refund(order, { refundAmount: '2' }), 422, 'ERR_UNPROCESSABLE_ENTITY');
    expectError(await refund(order, { destinationAddress: BTC_REFUND }), 404, 'ERR_NOT_FOUND_E');
    expect((await info(order)).refundAddress).toBeNull();

    const requested = await refund(order, { refundAddress: ` ${BTC_REFUND} ` });
    expect(requested.status).toBe(200);
    expect(requested.body).toMatchObject({ refundAddress: BTC_REFUND, refundAddressMemo: null });
    expect(kinds(requested.body).at(-1)).toBe('REFUND_REQUESTED');
    const refunded = await waitFor(order, 'REFUND_COMPLETED');
    expect(kinds(refunded).slice(-2)).toEqual(['REFUND_REQUESTED', 'REFUND_COMPLETED']);
    expect(refunded.orderDetails).toMatchObject({ refundAmount: '1.9999', refundTxHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(refunded.withdrawals).toEqual([]);
    expect(refunded.refundAddress).toBe(BTC_REFUND);
    expectError(await refund(order, { refundAddress: BTC_OTHER }), 422, 'ERR_UNPROCESSABLE_ENTITY');
    expect((await info(order)).refundAddress).toBe(BTC_REFUND);
  });

  it('floating: a deposit far below the minimum is held for a refund, never exchanged into a payout of nothing', async () => {
    const order = await create();
    await deposit(order, '0.00000001');
    const held = await waitFor(order, 'DEPOSIT_ON_HOLD');
    expect(held.orderEvents.at(-1)).toMatchObject({ reason: 'DEPOSIT_BELOW_MINIMUM', nextStep: 'REQUEST_REFUND_OR_CONTACT_SUPPORT' });
    expect(held.withdrawals).toEqual([]);
  });

  it('a deposit at the maximum exactly is exchanged as usual', async () => {
    const order = await create();
    await deposit(order, BTC_MAX);
    const done = await waitFor(order, 'WITHDRAWAL_COMPLETED');
    expect(kinds(done)).not.toContain('DEPOSIT_ON_HOLD');
  });

  it('fixed: held rather than offered a new rate, refunded only to the refund address of the order', async () => {
    const order = await create({ rateMode: 'FIXED', refundAddress: BTC_REFUND });
    await deposit(order, '2');
    const held = await waitFor(order, 'DEPOSIT_ON_HOLD');
    expect(kinds(held)).not.toContain('RATE_MODE_CHANGED');
    expect(kinds(held)).not.toContain('FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED');
    expectError(await refund(order, { refundAddress: BTC_OTHER }), 400, 'ERR_VALIDATION', 'refundAddress');
    expect((await refund(order)).status).toBe(200);
    expect((await waitFor(order, 'REFUND_COMPLETED')).refundAddress).toBe(BTC_REFUND);
  });

  it('a memo network: the refund takes the memo the customer gives', async () => {
    const order = await create({ instrumentFrom: XRP, claimedDepositAmount: '100' });
    await deposit(order, '300000');
    const held = await waitFor(order, 'DEPOSIT_ON_HOLD');
    expect(held.orderDetails.depositLimit).toBe('200000');
    const r = await refund(order, { refundAddress: XRP_REFUND, refundAddressMemo: '4242', refundAmount: '299999.8', claimedNetworkFee: '0.2' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ refundAddress: XRP_REFUND, refundAddressMemo: '4242' });
    await waitFor(order, 'REFUND_COMPLETED');
  });
});
