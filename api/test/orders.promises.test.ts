// Issue 23, promises an order makes and keeps: a new-rate offer is paid exactly as offered, and only while it holds
// (a stale acceptance is refused and the offer renewed when read); the mails an order promises reach the mailbox once.
import { sql } from 'drizzle-orm';
import { ApiErrorBodySchema, OrderSchema, type Order } from 'shared-contracts/server';
import { readOutbox } from '../src/adapters/mail';
import { loadConfig } from '../src/config';
import { startApi, type RunningApi } from '../src/main';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const BTC = { currencyTitle: 'BTC', networkTitle: 'BTC' };
const ETH = { currencyTitle: 'ETH', networkTitle: 'ETH' };
const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const BTC_REFUND = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const SITE = 'https://exchange.example';

describe.each(BACKENDS)('order promises on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  const board = new FakePriceBoard(TEST_PRICES);
  const env = {
    API_PORT: '0',
    LOG_LEVEL: 'silent',
    VALIDATE_RESPONSES: 'true',
    CONFIRMATION_INTERVAL_MS: '25',
    FIXED_RATE_VOLATILITY_THRESHOLD: '0.02',
    NEW_RATE_OFFER_TTL_SECONDS: '60',
    PUBLIC_ORIGIN: SITE,
    HTTP_RATE_LIMITS: 'orderCreate=1000,orderRequestRefund=1000,orderAcceptRateModeChange=1000,orderSetEmail=1000',
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
  const order = (over: Record<string, unknown> = {}) => ({
    rateMode: 'FIXED',
    instrumentFrom: BTC,
    instrumentTo: ETH,
    destinationAddress: ETH_ADDR,
    refundAddress: BTC_REFUND,
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
  const accept = (o: Order, offeredAmountToGet?: string) =>
    call('POST', '/api/v1/orders/public/accept-rate-mode-change', { orderId: o.orderId, destinationAddress: ETH_ADDR, offeredAmountToGet });
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
  /** The mails of an address, once the outbox has delivered `count` of them (it delivers right after the commit). */
  const mailsTo = async (to: string, count: number) => {
    const until = Date.now() + 10_000;
    for (;;) {
      const mails = await readOutbox(t.handle, { to, limit: 50 });
      if (mails.length >= count || Date.now() > until) return mails.reverse();
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  /** A fixed order hit by the market (BTC/ETH 5 % past the 2 % threshold): waiting for the customer's choice. */
  const withOffer = async (over: Record<string, unknown> = {}): Promise<Order> => {
    const created = await create(order(over));
    board.set({ ...TEST_PRICES, ETH: '2850' });
    await deposit(created.orderId, '0.01');
    return waitFor(created, 'RATE_MODE_CHANGED');
  };

  describe('a new-rate offer (§4 RATE_MODE_CHANGED)', () => {
    it('carries its amount and an expiry, and accepting it pays exactly that amount even if the market moves', async () => {
      const waiting = await withOffer();
      const offer = waiting.orderDetails.offeredRate!;
      expect(Date.parse(offer.expiresAt!) - Date.parse(offer.updatedAt)).toBe(60_000);
      board.set({ ...TEST_PRICES, ETH: '2600' }); // the market moves again after the offer was shown
      const accepted = await accept(waiting, offer.amountToGet);
      expect(accepted.status).toBe(200);
      const done = await waitFor(waiting, 'WITHDRAWAL_COMPLETED');
      expect(done.withdrawals[0].amount).toBe(offer.amountToGet);
      expect(done.amountToGet).toBe(offer.amountToGet);
    });

    it('refuses a stale acceptance in the catalogue shape, pays nothing, and renews the offer when the order is read', async () => {
      const waiting = await withOffer();
      const shown = waiting.orderDetails.offeredRate!.amountToGet;
      // the panel stayed open past the offer's expiry, and the market moved meanwhile
      await t.handle.db.execute(sql`UPDATE orders SET offered_at = now() - interval '2 minutes' WHERE order_id = ${waiting.orderId}`);
      board.set({ ...TEST_PRICES, ETH: '2700' });

      const stale = await accept(waiting, shown);
      expect({ status: stale.status, body: ApiErrorBodySchema.parse(stale.body) }).toMatchObject({
        status: 406,
        body: { statusCode: 406, code: 'ERR_NOT_ACCEPTABLE', message: expect.stringContaining('expired') },
      });
      expect(await statusOf(waiting.orderId)).toEqual({ status: 'AWAITING_DECISION', payout_amount: null });

      const renewed = await info(waiting);
      const fresh = renewed.orderDetails.offeredRate!;
      expect(fresh.amountToGet).not.toBe(shown);
      expect(Date.parse(fresh.expiresAt!)).toBeGreaterThan(Date.now());
      expect(kinds(renewed)).toEqual(kinds(waiting)); // a renewed offer is no new event

      // the amount shown before the renewal is not the offer any more
      const old = await accept(waiting, shown);
      expect(old.status).toBe(406);
      expect(old.body.message).toContain('renewed');
      expect((await statusOf(waiting.orderId)).status).toBe('AWAITING_DECISION');

      expect((await accept(waiting, fresh.amountToGet)).status).toBe(200);
      const done = await waitFor(waiting, 'WITHDRAWAL_COMPLETED');
      expect(done.withdrawals[0].amount).toBe(fresh.amountToGet);
    });
  });

  describe('order mails (through the outbox)', () => {
    it('mails the order link on creation and the completion, each once', async () => {
      const to = `guest-${backend}-done@example.com`;
      const created = await create(order({ rateMode: 'FLOATING', refundAddress: undefined, userEmail: to }));
      await deposit(created.orderId, '0.01');
      const done = await waitFor(created, 'WITHDRAWAL_COMPLETED');
      const mails = await mailsTo(to, 2);
      expect(mails.map((m) => m.kind)).toEqual(['order_link', 'order_completed']);
      const link = `${SITE}/order/${created.orderId}?destinationAddress=${encodeURIComponent(ETH_ADDR)}`;
      expect(mails[0]).toMatchObject({ locale: 'en', subject: expect.stringContaining(created.orderId), text: expect.stringContaining(link) });
      expect(mails[1].text).toContain(`${done.withdrawals[0].amount} ETH`);
      expect(mails[1].text).toContain(done.orderDetails.payoutTxHash!);
      expect(mails[1].text).toContain(link);
    });

    it('mails the link when set-email succeeds, in the page language, and not again when it is refused', async () => {
      const to = `guest-${backend}-later@example.com`;
      const created = await create(order({ rateMode: 'FLOATING', refundAddress: undefined }));
      expect(
        (await call('POST', '/api/v1/orders/public/set-email', { orderId: created.orderId, destinationAddress: ETH_ADDR, userEmail: to, locale: 'ru' })).status,
      ).toBe(200);
      expect((await call('POST', '/api/v1/orders/public/set-email', { orderId: created.orderId, destinationAddress: ETH_ADDR, userEmail: to })).status).toBe(
        422,
      );
      const mails = await mailsTo(to, 1);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        kind: 'order_link',
        locale: 'ru',
        text: expect.stringContaining(`${SITE}/ru/order/${created.orderId}?destinationAddress=`),
      });
    });

    it('mails a fixed-rate problem that needs the customer, then the refund, each once', async () => {
      const to = `guest-${backend}-refund@example.com`;
      const waiting = await withOffer({ userEmail: to });
      const refund = await call('POST', '/api/v1/orders/public/request-refund', {
        orderId: waiting.orderId,
        destinationAddress: ETH_ADDR,
        refundAddress: BTC_REFUND,
        refundAmount: '0.0099',
        claimedNetworkFee: '0.0001',
      });
      expect(refund.status).toBe(200);
      await waitFor(waiting, 'REFUND_COMPLETED');
      const mails = await mailsTo(to, 3);
      expect(mails.map((m) => m.kind)).toEqual(['order_link', 'order_action_needed', 'order_refunded']);
      expect(mails[1].subject).toContain(waiting.orderId);
      expect(mails[2].text).toContain(`0.0099 BTC`);
      expect(mails[2].text).toContain(BTC_REFUND);
    });
  });
});
