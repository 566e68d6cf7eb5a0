// Integration: the order lifecycle over real HTTP (startApi), driven by the sandbox deposit endpoint and the
// order job with a short confirmation interval; on PGlite and, with DATABASE_URL, on PostgreSQL.
import { sql } from 'drizzle-orm';
import { ApiErrorBodySchema, OrderSchema, type Order } from 'shared-contracts/server';
import { MemoryBus } from '../src/bus/memory';
import { main as sandboxCli } from '../src/cli/sandbox';
import { BUS_CHANNELS } from '../src/bus/types';
import { loadConfig } from '../src/config';
import { startApi, type RunningApi } from '../src/main';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const BTC = { currencyTitle: 'BTC', networkTitle: 'BTC' };
const ETH = { currencyTitle: 'ETH', networkTitle: 'ETH' };
const XRP = { currencyTitle: 'XRP', networkTitle: 'XRP' };
const USDT_ERC20 = { currencyTitle: 'USDT', networkTitle: 'ERC20' };
const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const BTC_REFUND = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const BLACKLISTED = '0x52908400098527886E0F7030069857D2E4169EE7';

describe.each(BACKENDS)('orders on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  const board = new FakePriceBoard(TEST_PRICES);
  const bus = new MemoryBus();
  const realtime = { ...fakeRealtime(board), bus };
  const published: Order[] = [];
  const env = {
    API_PORT: '0',
    LOG_LEVEL: 'silent',
    VALIDATE_RESPONSES: 'true',
    CONFIRMATION_INTERVAL_MS: '25',
    FIXED_RATE_VOLATILITY_THRESHOLD: '0.02',
    BLACKLISTED_ADDRESSES: BLACKLISTED,
    // Both backends' runs share one address (and, with REDIS_URL, one limiter store).
    HTTP_RATE_LIMITS: 'orderCreate=1000,orderRequestRefund=1000,orderAcceptRateModeChange=1000',
  };

  beforeAll(async () => {
    t = await openTestDb(backend);
    api = await startApi(loadConfig(env), { db: t.handle, realtime });
    await bus.subscribe(BUS_CHANNELS.orderEvent, (raw) => published.push(JSON.parse(raw).order));
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });
  afterEach(() => board.set(TEST_PRICES));

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(api.url + path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const expectError = (r: { status: number; body: unknown }, status: number, code: string) => {
    expect({ status: r.status, body: ApiErrorBodySchema.parse(r.body) }).toMatchObject({ status, body: { statusCode: status, code } });
  };
  const floating = (over: Record<string, unknown> = {}) => ({
    rateMode: 'FLOATING',
    instrumentFrom: BTC,
    instrumentTo: ETH,
    destinationAddress: ETH_ADDR,
    claimedDepositAmount: '0.01',
    ...over,
  });
  const fixed = (over: Record<string, unknown> = {}) => floating({ rateMode: 'FIXED', refundAddress: BTC_REFUND, ...over });
  const create = async (body: Record<string, unknown>, headers?: Record<string, string>): Promise<Order> => {
    const r = await call('POST', '/api/v1/orders/public/create', body, headers);
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
  const waitFor = async (o: Order, kind: string, timeoutMs = 10_000): Promise<Order> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const now = await info(o);
      if (kinds(now).includes(kind as never)) return now;
      if (Date.now() > until) throw new Error(`order never reached ${kind}: ${kinds(now).join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const countOrders = async () => {
    const rows = (await t.handle.db.execute(sql`SELECT count(*)::int AS n FROM orders`)) as unknown as { rows: { n: number }[] };
    return Number(rows.rows[0].n);
  };

  describe('create', () => {
    it('creates a floating order with a deposit address of the send network and the rules of §5', async () => {
      const order = await create(floating({ claimedDepositAmount: '0.0123456789', destinationAddress: `  ${ETH_ADDR} ` }));
      expect(order).toMatchObject({ rateMode: 'FLOATING', destinationAddress: ETH_ADDR, claimedDepositAmount: '0.01234568', refundAddress: null });
      expect(kinds(order)).toEqual(['CREATION_END']);
      expect(order.orderDetails).toMatchObject({ requiredConfirmations: 2, confirmations: 0, depositAddressMemo: null, fixedRateExpiresAt: null });
      const valid = await call('POST', '/api/v1/instruments/public/validate-address', { ...BTC, address: order.orderDetails.depositAddress });
      expect(valid.body).toBe(true);
      expect(Number(order.amountToGet)).toBeGreaterThan(0);
      expect(published.some((p) => p.orderId === order.orderId)).toBe(true);
    });

    it('gives memo networks a deposit memo and takes a destination memo only where required', async () => {
      const fromXrp = await create(floating({ instrumentFrom: XRP, claimedDepositAmount: '100' }));
      expect(fromXrp.orderDetails.depositAddress).toMatch(/^r/);
      expect(fromXrp.orderDetails.depositAddressMemo).toMatch(/^\d+$/);
      const toXrp = await create(floating({ instrumentTo: XRP, destinationAddress: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', destinationAddressMemo: '12345' }));
      expect(toXrp.destinationAddressMemo).toBe('12345');
      const r = await call('POST', '/api/v1/orders/public/create', floating({ destinationAddressMemo: '1' }));
      expectError(r, 400, 'ERR_VALIDATION');
      expect(r.body.fields).toHaveProperty('destinationAddressMemo');
    });

    it("refuses a memo that breaks its network's rule, naming the field (§5; shared-contracts memo.ts)", async () => {
      const XRP_ADDR = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';
      for (const tag of ['abc-not-a-number', '4294967296', '-1']) {
        const r = await call(
          'POST',
          '/api/v1/orders/public/create',
          floating({ instrumentTo: XRP, destinationAddress: XRP_ADDR, destinationAddressMemo: tag }),
        );
        expectError(r, 400, 'ERR_VALIDATION');
        expect(r.body.fields).toEqual({ destinationAddressMemo: expect.stringContaining('0 to 4294967295') });
      }
      expect((await create(floating({ instrumentTo: XRP, destinationAddress: XRP_ADDR, destinationAddressMemo: '4294967295' }))).destinationAddressMemo).toBe(
        '4294967295',
      );
      const refund = await call(
        'POST',
        '/api/v1/orders/public/create',
        fixed({ instrumentFrom: XRP, claimedDepositAmount: '100', refundAddress: XRP_ADDR, refundAddressMemo: 'tag 7' }),
      );
      expectError(refund, 400, 'ERR_VALIDATION');
      expect(refund.body.fields).toHaveProperty('refundAddressMemo');
    });

    it('holds a fixed quote for a window and keeps the refund address', async () => {
      const order = await create(fixed());
      expect(order).toMatchObject({ rateMode: 'FIXED', refundAddress: BTC_REFUND });
      const expires = new Date(order.orderDetails.fixedRateExpiresAt!).getTime();
      expect(expires - Date.now()).toBeGreaterThan(590_000);
    });

    it('refuses bad input with catalogue errors and creates nothing', async () => {
      const before = await countOrders();
      const bad = async (body: unknown, status: number, code: string, field?: string) => {
        const r = await call('POST', '/api/v1/orders/public/create', body);
        expectError(r, status, code);
        if (field) expect(r.body.fields).toHaveProperty(field);
        return r;
      };
      await bad(floating({ destinationAddress: BTC_REFUND }), 400, 'ERR_VALIDATION', 'destinationAddress');
      await bad(fixed({ refundAddress: undefined }), 400, 'ERR_VALIDATION', 'refundAddress');
      await bad(fixed({ refundAddress: ETH_ADDR }), 400, 'ERR_VALIDATION', 'refundAddress');
      await bad(
        fixed({ instrumentFrom: ETH, instrumentTo: USDT_ERC20, claimedDepositAmount: '1', refundAddress: ETH_ADDR }),
        400,
        'ERR_VALIDATION',
        'refundAddress',
      );
      await bad(floating({ refundAddress: BTC_REFUND }), 400, 'ERR_VALIDATION', 'refundAddress');
      await bad(floating({ claimedDepositAmount: '0.00001' }), 400, 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL');
      await bad(floating({ claimedDepositAmount: '100' }), 400, 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG');
      await bad(floating({ claimedDepositAmount: 'abc' }), 400, 'ERR_VALIDATION');
      await bad(floating({ instrumentTo: { currencyTitle: 'BTC', networkTitle: 'LIGHTNING' } }), 404, 'ERR_NOT_FOUND');
      const black = await bad(floating({ destinationAddress: BLACKLISTED.toLowerCase() }), 403, 'ERR_FORBIDDEN');
      expect(black.body.message).toBe('Client data is blacklisted');
      const ref = await bad(floating({ referrerId: 'nobody' }), 404, 'ERR_NOT_FOUND');
      expect(ref.body.message).toContain('referrerAffiliateId');
      expect(await countOrders()).toBe(before);
    });
  });

  describe('idempotency', () => {
    it('answers a retried create with the same order, refuses the key for another body', async () => {
      const before = await countOrders();
      const headers = { 'idempotency-key': `key-${backend}-1` };
      const first = await create(floating(), headers);
      const again = await create(floating(), headers);
      expect(again.orderId).toBe(first.orderId);
      expect(await countOrders()).toBe(before + 1);
      expectError(await call('POST', '/api/v1/orders/public/create', floating({ claimedDepositAmount: '0.02' }), headers), 422, 'ERR_UNPROCESSABLE_ENTITY');
    });

    it('makes one order of concurrent retries', async () => {
      const before = await countOrders();
      const headers = { 'idempotency-key': `key-${backend}-2` };
      const answers = await Promise.all(Array.from({ length: 5 }, () => create(floating(), headers)));
      expect(new Set(answers.map((o) => o.orderId)).size).toBe(1);
      expect(await countOrders()).toBe(before + 1);
    });
  });

  describe('lifecycle', () => {
    it('floating: deposit → confirmations → execution → payout (WITHDRAWAL_COMPLETED), pushed on the bus', async () => {
      const order = await create(floating());
      const dep = await deposit(order.orderId, '0.01');
      expect(dep.status).toBe(200);
      expect(kinds(dep.body)).toEqual(['CREATION_END', 'DEPOSIT_REGISTERED']);
      const done = await waitFor(order, 'WITHDRAWAL_COMPLETED');
      expect(kinds(done)).toEqual(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED']);
      expect(done.orderDetails).toMatchObject({ confirmations: 2, requiredConfirmations: 2 });
      expect(done.orderDetails.payoutTxHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(done.deposits).toEqual([expect.objectContaining({ amount: '0.01' })]);
      expect(done.withdrawals).toEqual([expect.objectContaining({ amount: done.amountToGet, txHash: done.orderDetails.payoutTxHash })]);
      for (const e of done.orderEvents) expect(Date.parse(e.createdAt)).not.toBeNaN();
      // Every committed transition was published with the full order.
      const mine = () => published.filter((p) => p.orderId === order.orderId).map((p) => p.orderEvents.at(-1)!.kind);
      for (let i = 0; i < 100 && !mine().includes('WITHDRAWAL_COMPLETED'); i++) await new Promise((r) => setTimeout(r, 20));
      expect(mine()).toEqual(
        expect.arrayContaining(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED']),
      );

      const latest = await call('GET', '/api/v1/orders/public/latest');
      expect(latest.body[0]).toEqual({
        from: { ...BTC, slug: 'btc' },
        to: { ...ETH, slug: 'eth' },
        amountFrom: '0.01',
        amountTo: done.amountToGet,
        completedAt: expect.any(String),
      });
      expect(JSON.stringify(latest.body)).not.toContain(ETH_ADDR);
      const stats = await call('GET', '/api/v1/stats/public?period=day');
      expect(stats.body.ordersCompleted).toBeGreaterThanOrEqual(1);
      expect(Number(stats.body.volumeUsd)).toBeGreaterThanOrEqual(600);
      expect(stats.body.instrumentsCount).toBeGreaterThanOrEqual(20);
    });

    it('fixed, wrong amount: FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED + RATE_MODE_CHANGED → refund net of the fee → REFUND_COMPLETED', async () => {
      const order = await create(fixed());
      await deposit(order.orderId, '0.009');
      const problem = await waitFor(order, 'RATE_MODE_CHANGED');
      expect(kinds(problem)).toEqual([
        'CREATION_END',
        'DEPOSIT_REGISTERED',
        'INCOMING_FUNDS_DETECTED',
        'FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED',
        'RATE_MODE_CHANGED',
      ]);
      expect(problem.orderEvents[3]).toMatchObject({ reason: 'DEPOSIT_BELOW_CLAIMED_AMOUNT', nextStep: 'CHOOSE_REFUND_OR_ACCEPT_NEW_RATE' });
      expect(problem.orderDetails.offeredRate).toMatchObject({ price: expect.any(String), amountToGet: expect.any(String) });
      const refundInfo = await call('GET', `/api/v1/orders/order-refund-info?orderId=${order.orderId}&destinationAddress=${ETH_ADDR}`);
      expect(refundInfo.body).toEqual({ refundAmountWithoutNetworkFee: '0.0089', networkFee: '0.0001' });

      const req = { orderId: order.orderId, destinationAddress: ETH_ADDR, refundAddress: BTC_REFUND, refundAmount: '0.0089', claimedNetworkFee: '0.0001' };
      expectError(await call('POST', '/api/v1/orders/public/request-refund', { ...req, refundAmount: '0.009' }), 422, 'ERR_UNPROCESSABLE_ENTITY');
      expectError(await call('POST', '/api/v1/orders/public/request-refund', { ...req, destinationAddress: BTC_REFUND }), 404, 'ERR_NOT_FOUND_E');
      const requested = await call('POST', '/api/v1/orders/public/request-refund', req);
      expect(requested.status).toBe(200);
      expect(kinds(requested.body)).toContain('REFUND_REQUESTED');
      const refunded = await waitFor(order, 'REFUND_COMPLETED');
      expect(refunded.orderDetails).toMatchObject({ refundAmount: '0.0089', refundTxHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(refunded.withdrawals).toEqual([]);
      expectError(await call('POST', '/api/v1/orders/public/request-refund', req), 422, 'ERR_UNPROCESSABLE_ENTITY');
    });

    it('fixed, slow deposit: FIXED_RATE_SLOW_DEPOSIT_DETECTED → refund → REFUND_COMPLETED', async () => {
      const order = await create(fixed());
      // The hold window passed.
      await t.handle.db.execute(sql`UPDATE orders SET fixed_rate_expires_at = now() - interval '1 minute' WHERE order_id = ${order.orderId}`);
      await deposit(order.orderId, '0.01');
      const problem = await waitFor(order, 'RATE_MODE_CHANGED');
      expect(problem.orderEvents.find((e) => e.kind === 'FIXED_RATE_SLOW_DEPOSIT_DETECTED')).toMatchObject({ reason: 'DEPOSIT_AFTER_FIXED_RATE_EXPIRED' });
      const r = await call('POST', '/api/v1/orders/public/request-refund', {
        orderId: order.orderId,
        destinationAddress: ETH_ADDR,
        refundAddress: BTC_REFUND,
        refundAmount: '0.0099',
        claimedNetworkFee: '0.0001',
      });
      expect(r.status).toBe(200);
      expect(kinds(await waitFor(order, 'REFUND_COMPLETED')).slice(-2)).toEqual(['REFUND_REQUESTED', 'REFUND_COMPLETED']);
    });

    it('fixed, volatility: FIXED_RATE_HIGH_VOLATILITY_DETECTED → accept the floating rate → WITHDRAWAL_COMPLETED', async () => {
      const order = await create(fixed());
      board.set({ ...TEST_PRICES, ETH: '2850' }); // BTC/ETH moves 5 % past the 2 % threshold
      await deposit(order.orderId, '0.01');
      const problem = await waitFor(order, 'RATE_MODE_CHANGED');
      expect(problem.orderEvents.find((e) => e.kind === 'FIXED_RATE_HIGH_VOLATILITY_DETECTED')).toMatchObject({ reason: 'MARKET_MOVED_BEYOND_THRESHOLD' });
      expectError(
        await call('POST', '/api/v1/orders/public/accept-rate-mode-change', { orderId: order.orderId, destinationAddress: 'x' }),
        404,
        'ERR_NOT_FOUND_E',
      );
      const accepted = await call('POST', '/api/v1/orders/public/accept-rate-mode-change', { orderId: order.orderId, destinationAddress: ETH_ADDR });
      expect(accepted.status).toBe(200);
      expect(accepted.body.rateMode).toBe('FLOATING');
      const done = await waitFor(order, 'WITHDRAWAL_COMPLETED');
      expect(kinds(done).slice(-3)).toEqual(['RATE_MODE_CHANGE_ACCEPTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED']);
      // Executed at the current floating rate: 0.01 × 60000/2850 × 0.995 − 0.002 network fee.
      expect(done.amountToGet).toBe('0.20747368');
      expectError(
        await call('POST', '/api/v1/orders/public/accept-rate-mode-change', { orderId: order.orderId, destinationAddress: ETH_ADDR }),
        422,
        'ERR_UNPROCESSABLE_ENTITY',
      );
    });
  });

  describe('calls in the wrong state or for the wrong order', () => {
    it('answers with catalogue errors, never 500', async () => {
      const order = await create(fixed());
      const addr = ETH_ADDR;
      expectError(
        await call('POST', '/api/v1/orders/public/accept-rate-mode-change', { orderId: order.orderId, destinationAddress: addr }),
        422,
        'ERR_UNPROCESSABLE_ENTITY',
      );
      expectError(
        await call('POST', '/api/v1/orders/public/request-refund', {
          orderId: order.orderId,
          destinationAddress: addr,
          refundAddress: BTC_REFUND,
          refundAmount: '0.0099',
          claimedNetworkFee: '0.0001',
        }),
        422,
        'ERR_UNPROCESSABLE_ENTITY',
      );
      const unknown = await call('GET', `/api/v1/orders/public-info?orderId=nope&destinationAddress=${addr}`);
      const wrongAddr = await call('GET', `/api/v1/orders/public-info?orderId=${order.orderId}&destinationAddress=nope`);
      expectError(unknown, 404, 'ERR_NOT_FOUND_E');
      expect(wrongAddr.body).toEqual(unknown.body);
      const refundInfoOf = (orderId: string, destinationAddress?: string) =>
        call(
          'GET',
          `/api/v1/orders/order-refund-info?orderId=${orderId}${destinationAddress === undefined ? '' : `&destinationAddress=${destinationAddress}`}`,
        );
      expectError(await refundInfoOf('nope', addr), 404, 'ERR_NOT_FOUND_E');
      // Issue 24: the destination address is the credential here too: a wrong one gets the unknown id's answer.
      expect((await refundInfoOf(order.orderId, 'nope')).body).toEqual((await refundInfoOf('nope', addr)).body);
      expectError(await refundInfoOf(order.orderId), 400, 'ERR_VALIDATION');
      const floatingOrder = await create(floating());
      expectError(await refundInfoOf(floatingOrder.orderId, ETH_ADDR), 422, 'ERR_UNPROCESSABLE_ENTITY');
      expect((await deposit(order.orderId, '0.01')).status).toBe(200);
      expectError(await deposit(order.orderId, '0.01'), 422, 'ERR_UNPROCESSABLE_ENTITY');
      expectError(await deposit('nope', '0.01'), 404, 'ERR_NOT_FOUND_E');
      expectError(await deposit(floatingOrder.orderId, '-1'), 400, 'ERR_VALIDATION');
      expectError(await deposit(floatingOrder.orderId, '0.000000001'), 400, 'ERR_VALIDATION');
    });

    it('set-email sets an email once (error_email_already_set afterwards)', async () => {
      const order = await create(floating());
      const setEmail = (body: Record<string, unknown>) => call('POST', '/api/v1/orders/public/set-email', body);
      expect((await setEmail({ orderId: order.orderId, destinationAddress: ETH_ADDR, userEmail: 'guest@example.com' })).body).toEqual({ ok: true });
      expect((await info(order)).userEmail).toBe('guest@example.com');
      expectError(await setEmail({ orderId: order.orderId, destinationAddress: ETH_ADDR, userEmail: 'other@example.com' }), 422, 'ERR_UNPROCESSABLE_ENTITY');
      expectError(await setEmail({ orderId: 'nope', destinationAddress: ETH_ADDR, userEmail: 'other@example.com' }), 404, 'ERR_NOT_FOUND_E');
    });

    it('set-email needs the destination address (issue 24): without it or with a wrong one nothing is set, and the answer does not say which part was wrong', async () => {
      const order = await create(floating());
      const setEmail = (body: Record<string, unknown>) => call('POST', '/api/v1/orders/public/set-email', body);
      expectError(await setEmail({ orderId: order.orderId, userEmail: 'thief@example.com' }), 400, 'ERR_VALIDATION');
      const wrong = await setEmail({
        orderId: order.orderId,
        destinationAddress: '0x0000000000000000000000000000000000000001',
        userEmail: 'thief@example.com',
      });
      expectError(wrong, 404, 'ERR_NOT_FOUND_E');
      expect(wrong.body).toEqual((await setEmail({ orderId: 'nope', destinationAddress: ETH_ADDR, userEmail: 'thief@example.com' })).body);
      expect((await info(order)).userEmail).toBeNull();
      // The owner, who holds the address, still sets it.
      expect((await setEmail({ orderId: order.orderId, destinationAddress: ETH_ADDR, userEmail: 'owner@example.com' })).status).toBe(200);
      expect((await info(order)).userEmail).toBe('owner@example.com');
    });

    it('recommended amount is the default quote amount within the pair limits', async () => {
      const r = await call('GET', '/api/v1/rates/public/recommended-amount?fromCurrency=BTC&fromNetwork=BTC&toCurrency=ETH&toNetwork=ETH&rateMode=FLOATING');
      expect(r.body).toEqual({ recommendedAmount: '0.00833334' });
      expectError(
        await call('GET', '/api/v1/rates/public/recommended-amount?fromCurrency=BTC&fromNetwork=X&toCurrency=ETH&toNetwork=ETH&rateMode=FLOATING'),
        404,
        'ERR_NOT_FOUND',
      );
    });
  });

  describe('sandbox endpoint', () => {
    it('`pnpm sandbox deposit <orderId> <amount>` records a deposit through the running api', async () => {
      const order = await create(floating());
      const lines: string[] = [];
      const prev = process.env.API_URL;
      process.env.API_URL = api.url;
      try {
        expect(await sandboxCli(['deposit', order.orderId, '0.01'], (l) => lines.push(l))).toBe(0);
        expect(await sandboxCli(['deposit', order.orderId], (l) => lines.push(l))).toBe(2);
        await expect(sandboxCli(['deposit', 'nope', '1'], () => undefined)).rejects.toThrow(/ERR_NOT_FOUND_E/);
      } finally {
        if (prev === undefined) delete process.env.API_URL;
        else process.env.API_URL = prev;
      }
      expect(lines[0]).toMatch(/^SANDBOX deposit of 0.01 BTC recorded for /);
      expect(kinds(await info(order))).toContain('DEPOSIT_REGISTERED');
    });

    it('does not exist unless SANDBOX_MODE is on', async () => {
      const order = await create(floating());
      const prod = await startApi(loadConfig({ ...env, SANDBOX_MODE: 'false' }), { db: t.handle, realtime: fakeRealtime(board) });
      try {
        const r = await fetch(`${prod.url}/api/v1/sandbox/orders/${order.orderId}/deposit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ amount: '0.01' }),
        });
        expect(r.status).toBe(404);
        expect((await r.json()).code).toBe('ERR_NOT_FOUND');
      } finally {
        await prod.close();
      }
      expect((await info(order)).orderEvents.map((e) => e.kind)).toEqual(['CREATION_END']);
    });
  });
});
