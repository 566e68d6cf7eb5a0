// Card purchases (§4 card flow, fiat sender; issue 12) over real HTTP with the SANDBOX card provider: a guest is told to
// sign in; a signed-in account below the pair's noKycThreshold gets an order paid on the provider's page
// (Order.redirectUrl, orderDetails.cardPayment); at or above it the account's KYC must be COMPLETED with the provider;
// the test card 4242… pays and the order completes through the order job (the sandbox page's notice moves it at once,
// and the job's poll of the payment covers a notice that never arrived); a declined card ends it in PAYMENT_FAILED with
// CARD_PAYMENT_DECLINED. No refund address, no fixed rate, no partner API. Without a card provider there is none of
// it. On PGlite and, with DATABASE_URL, on PostgreSQL.
import { createSandboxCustody } from '../src/adapters/custody/sandbox';
import { OrderSchema, type Order } from 'shared-contracts/server';
import { createSandboxProvider } from '../src/adapters/provider/sandbox';
import { startApi } from '../src/main';
import { testConfig } from './helpers/accounts';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import type { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';
import { startPartnerHarness, type PartnerHarness } from './partnerHarness';

const USD = { currencyTitle: 'USD', networkTitle: 'CARD' };
const EUR = { currencyTitle: 'EUR', networkTitle: 'CARD' };
const BTC = { currencyTitle: 'BTC', networkTitle: 'BTC' };
const ETH = { currencyTitle: 'ETH', networkTitle: 'ETH' };
const BTC_ADDR = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const CREATE = '/api/v1/orders/public/create';
const P = '/api/v1/liquidity-providers/sandbox';
const SANDBOX = '/api/v1/sandbox/liquidity-providers/sandbox';
const PAID_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

type User = Browser & { userId: number; email: string };
const usdBtc = (amount: string, over: Record<string, unknown> = {}) => ({
  rateMode: 'FLOATING',
  instrumentFrom: USD,
  instrumentTo: BTC,
  destinationAddress: BTC_ADDR,
  claimedDepositAmount: amount,
  ...over,
});

describe.each(BACKENDS)('card orders on %s', (backend) => {
  let t: TestDb;
  let h: PartnerHarness;
  const board = new FakePriceBoard(TEST_PRICES);

  beforeAll(async () => {
    t = await openTestDb(backend);
    h = await startPartnerHarness(t, { CONFIRMATION_INTERVAL_MS: '25' }, board);
  }, 60_000);
  afterEach(() => board.set(TEST_PRICES));
  afterAll(async () => {
    await h?.api.close();
    await t?.drop();
  });

  /** From this machine (the sandbox routes answer local callers only), without a session. */
  const local = async (url: string, body: unknown) => {
    const res = await fetch(h.api.url + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };
  const pay = (o: Order, cardNumber: string) => local(`${SANDBOX}/payments/${paymentIdOf(o)}/pay`, { cardNumber });
  const paymentIdOf = (o: Order) => (o.redirectUrl ?? '').split('/').pop() as string;
  const create = async (u: Browser, body: Record<string, unknown>): Promise<Order> => {
    const r = await u.post(CREATE, body);
    expect([r.status, r.body?.code]).toEqual([200, undefined]);
    return OrderSchema.parse(r.body);
  };
  const info = async (o: Order): Promise<Order> => {
    const r = await h.browser().get(`/api/v1/orders/public-info?orderId=${o.orderId}&destinationAddress=${encodeURIComponent(o.destinationAddress)}`);
    expect(r.status).toBe(200);
    return OrderSchema.parse(r.body);
  };
  const kinds = (o: Order) => o.orderEvents.map((e) => e.kind);
  const waitFor = async (o: Order, kind: string, timeoutMs = 20_000): Promise<Order> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const now = await info(o);
      if (kinds(now).includes(kind as never)) return now;
      if (Date.now() > until) throw new Error(`order never reached ${kind}: ${kinds(now).join(', ')}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const statusOf = async (orderId: string) =>
    (await t.handle.withSession((s) => s.query<{ status: string }>('SELECT status FROM orders WHERE order_id = $1', [orderId])))[0]?.status;
  const countOrders = async () => Number((await t.handle.withSession((s) => s.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')))[0].n);
  /** Provider sign-up and sign-in, a KYC access token, and the sandbox KYC page's PASS. */
  const passProviderKyc = async (u: User) => {
    expect((await u.post(`${P}/user/sign-up`, { accept: true, email: u.email })).status).toBe(200);
    const { token } = (await u.post(`${P}/user/sign-in`, { email: u.email })).body;
    const access = await u.get(`${P}/kyc/access-token`, { authorization: `Bearer ${token}` });
    expect(access.status).toBe(200);
    expect(await local(`${SANDBOX}/kyc/decide`, { kycAccessToken: access.body.kycAccessToken, decision: 'PASS' })).toMatchObject({ status: 200 });
  };

  it('offers the card instruments on the send side: the instrument list, pair list and popular CARDUSD>BTC and CARDEUR>ETH', async () => {
    const guest = h.browser();
    const slugs = (await guest.get('/api/v2/instruments/public')).body.map((i: { slug: string }) => i.slug);
    expect(slugs).toEqual(expect.arrayContaining(['usd', 'eur', 'btc', 'eth']));
    const pairs = (await guest.get('/api/v2/pairs/public')).body;
    expect(pairs).toContainEqual({ fromSlug: 'usd', toSlug: 'btc', isActive: true });
    expect(pairs).not.toContainEqual(expect.objectContaining({ toSlug: 'usd' }));
    const popular = (await guest.get('/api/v1/pairs/popular')).body;
    expect(popular).toContainEqual(expect.objectContaining({ fromBestChangeCurrencyName: 'CARDUSD', toBestChangeCurrencyName: 'BTC', isActive: true }));
    expect(popular).toContainEqual(expect.objectContaining({ fromBestChangeCurrencyName: 'CARDEUR', toBestChangeCurrencyName: 'ETH', isActive: true }));
    // The pair's threshold the form and the api both go by: 1000 USD (NO_KYC_THRESHOLD_USD) at 1 USD per USD.
    // A card pair quotes the card provider as its liquidity provider: the {provider} of the §7 calls of the card flow.
    expect((await guest.get('/api/v2/rates/public/one?instrumentFromSlug=usd&instrumentToSlug=btc')).body).toMatchObject({
      claimedDepositAmount: '500',
      noKycThreshold: '1000',
      liquidityProviderPublicCode: 'sandbox',
    });
    expect((await guest.get('/api/v2/rates/public/one?instrumentFromSlug=btc&instrumentToSlug=eth')).body.liquidityProviderPublicCode).toBe('SANDBOX_LP');
  });

  it('asks a guest to sign in', async () => {
    const before = await countOrders();
    const r = await h.browser().post(CREATE, usdBtc('100'));
    expect(r).toMatchObject({ status: 403, body: { code: 'ERR_FORBIDDEN', message: 'Sign in to buy with a card', details: { reason: 'SIGN_IN_REQUIRED' } } });
    expect(await countOrders()).toBe(before);
  });

  it('creates a signed-in card order below the threshold: the provider’s payment page, no deposit address, no refund address', async () => {
    const u = await h.signUp();
    // A card is charged in cents, and an amount asked for rounds up (issue 23): 999.985 → 999.99, still below 1000.
    const order = await create(u, usdBtc('999.985'));
    expect(order).toMatchObject({
      claimedDepositAmount: '999.99',
      refundAddress: null,
      userEmail: u.email,
      redirectUrl: expect.stringMatching(/^\/api\/v1\/sandbox\/liquidity-providers\/sandbox\/payments\/sbx_pay_[0-9a-f]+$/),
    });
    expect(order.orderDetails).toMatchObject({ depositAddress: '', cardPayment: { provider: 'sandbox', status: 'PENDING', declineReason: null } });
    expect(kinds(order)).toEqual(['CREATION_END']);
    const page = await fetch(h.api.url + order.redirectUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Card number');
    // The account's order history has it.
    expect((await u.get('/api/v1/users/orders')).body).toEqual(
      expect.objectContaining({ items: expect.arrayContaining([expect.objectContaining({ orderId: order.orderId })]) }),
    );
  });

  it('needs the provider’s KYC from the threshold up, and creates the order once the sandbox KYC passed', async () => {
    const u = await h.signUp();
    const before = await countOrders();
    for (const amount of ['1000', '2500']) {
      expect(await u.post(CREATE, usdBtc(amount))).toMatchObject({
        status: 403,
        body: { code: 'ERR_FORBIDDEN', message: 'KYC verification is needed for a card purchase of this amount', details: { reason: 'KYC_REQUIRED' } },
      });
    }
    expect(await countOrders()).toBe(before);
    await passProviderKyc(u);
    const order = await create(u, usdBtc('1000'));
    expect(order.orderDetails.cardPayment).toEqual({ provider: 'sandbox', status: 'PENDING', declineReason: null });
    // EUR → ETH: its threshold is 1000 USD in EUR (about 926 EUR at 1.08 USD).
    const v = await h.signUp();
    const eur = { ...usdBtc('950'), instrumentFrom: EUR, instrumentTo: ETH, destinationAddress: ETH_ADDR };
    expect(await v.post(CREATE, eur)).toMatchObject({ status: 403, body: { details: { reason: 'KYC_REQUIRED' } } });
    expect((await create(v, { ...eur, claimedDepositAmount: '900' })).pair.instrumentFrom).toMatchObject(EUR);
  });

  it('pays with the test card 4242…: the order moves on at once and completes through the order job', async () => {
    const u = await h.signUp();
    await passProviderKyc(u);
    const order = await create(u, usdBtc('1500'));
    expect(await pay(order, PAID_CARD)).toEqual({ status: 200, body: { paymentId: paymentIdOf(order), status: 'PAID', reason: null } });
    // The sandbox page's notice moved it before the page got its answer.
    const moved = await info(order);
    expect(kinds(moved).slice(0, 3)).toEqual(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED']);
    expect(moved.orderDetails.cardPayment).toEqual({ provider: 'sandbox', status: 'PAID', declineReason: null });
    expect(moved.deposits).toEqual([expect.objectContaining({ amount: '1500', txHash: paymentIdOf(order) })]);
    const done = await waitFor(order, 'WITHDRAWAL_COMPLETED');
    // No no-KYC hold: the KYC rule was applied when the order was made.
    expect(kinds(done)).toEqual(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED']);
    expect(done.withdrawals).toHaveLength(1);
    expect(await statusOf(order.orderId)).toBe('COMPLETED');
    // A settled payment stays as it is.
    expect((await pay(order, DECLINED_CARD)).body.status).toBe('PAID');
  });

  it('ends the order when the card is declined: PAYMENT_FAILED, CARD_PAYMENT_DECLINED with the provider’s reason and the next step', async () => {
    const u = await h.signUp();
    const order = await create(u, usdBtc('200'));
    const declined = await pay(order, DECLINED_CARD);
    expect(declined.body).toMatchObject({ status: 'DECLINED', reason: expect.stringContaining('declined') });
    const ended = await info(order);
    expect(ended.orderEvents.map(({ kind, reason, nextStep }) => ({ kind, reason, nextStep }))).toEqual([
      { kind: 'CREATION_END', reason: undefined, nextStep: undefined },
      { kind: 'CARD_PAYMENT_DECLINED', reason: 'CARD_PAYMENT_DECLINED', nextStep: 'CREATE_NEW_ORDER' },
    ]);
    expect(ended.orderDetails.cardPayment).toEqual({ provider: 'sandbox', status: 'DECLINED', declineReason: declined.body.reason });
    expect(ended.deposits).toEqual([]);
    expect(await statusOf(order.orderId)).toBe('PAYMENT_FAILED');
    // Terminal: a later payment on the page changes nothing.
    expect((await pay(order, PAID_CARD)).body.status).toBe('DECLINED');
    expect(await statusOf(order.orderId)).toBe('PAYMENT_FAILED');
  });

  it('holds a card order made below the threshold without KYC when the threshold has fallen under its amount by the time it is paid', async () => {
    const u = await h.signUp();
    // 900 EUR is below the 1000 USD threshold at 1.08 USD per EUR (925.92 EUR) …
    const order = await create(u, { ...usdBtc('900'), instrumentFrom: EUR, instrumentTo: ETH, destinationAddress: ETH_ADDR });
    // … and above it at 1.20 (833.33 EUR): more than 1000 USD bought without KYC.
    board.set({ ...TEST_PRICES, EUR: '1.2' });
    expect((await pay(order, PAID_CARD)).body.status).toBe('PAID');
    const held = await info(order);
    expect(held.orderEvents.slice(1).map(({ kind, reason }) => ({ kind, reason }))).toEqual([
      { kind: 'DEPOSIT_REGISTERED', reason: undefined },
      { kind: 'INCOMING_FUNDS_DETECTED', reason: undefined },
      { kind: 'DEPOSIT_ON_HOLD', reason: 'DEPOSIT_ABOVE_NO_KYC_THRESHOLD' },
    ]);
    expect(held.orderDetails.depositLimit).toBe('833.33');
    expect(await statusOf(order.orderId)).toBe('ON_HOLD');
  });

  it('moves a paid order whose notice never arrived through the order job’s poll of the payment', async () => {
    const u = await h.signUp();
    const order = await create(u, usdBtc('300'));
    // Another provider instance (as on another replica): nobody here hears of it.
    const elsewhere = createSandboxProvider({ db: t.handle });
    expect(await elsewhere.pay(paymentIdOf(order), PAID_CARD)).toMatchObject({ status: 'PAID' });
    const done = await waitFor(order, 'WITHDRAWAL_COMPLETED');
    expect(done.orderDetails.cardPayment?.status).toBe('PAID');
    expect(kinds(done).filter((k) => k === 'DEPOSIT_REGISTERED')).toHaveLength(1);
  }, 30_000); // the job looks at a pending payment once per PROVIDER_POLL interval (5 s)

  it('ends an order whose card payment stays pending past the expiry (30 min by default) as a declined one; the page can no longer pay it', async () => {
    const u = await h.signUp();
    const order = await create(u, usdBtc('250'));
    const fresh = await create(u, usdBtc('260'));
    // The order was created 31 minutes ago (the job reads the clock; the order's age is what counts).
    await t.handle.withSession((s) => s.query(`UPDATE orders SET created_at = created_at - interval '31 minutes' WHERE order_id = $1`, [order.orderId]));
    const ended = await waitFor(order, 'CARD_PAYMENT_DECLINED');
    expect(ended.orderEvents.map(({ kind, reason, nextStep }) => ({ kind, reason, nextStep }))).toEqual([
      { kind: 'CREATION_END', reason: undefined, nextStep: undefined },
      { kind: 'CARD_PAYMENT_DECLINED', reason: 'CARD_PAYMENT_DECLINED', nextStep: 'CREATE_NEW_ORDER' },
    ]);
    expect(ended.orderDetails.cardPayment).toEqual({ provider: 'sandbox', status: 'DECLINED', declineReason: expect.stringContaining('within 30 minutes') });
    expect(await statusOf(order.orderId)).toBe('PAYMENT_FAILED');
    // The provider cancelled it: a card entered on its page now pays nothing.
    expect((await pay(order, PAID_CARD)).body.status).toBe('DECLINED');
    expect(await statusOf(order.orderId)).toBe('PAYMENT_FAILED');
    // A younger order is left waiting for its payment.
    expect(await statusOf(fresh.orderId)).toBe('AWAITING_DEPOSIT');
    expect((await info(fresh)).orderDetails.cardPayment?.status).toBe('PENDING');
  });

  it('an expired order whose payment was in fact paid moves on as paid, not declined', async () => {
    const u = await h.signUp();
    const order = await create(u, usdBtc('270'));
    // Paid on another replica's provider (no notice here), then found past the expiry before the poll looked at it.
    expect(await createSandboxProvider({ db: t.handle }).pay(paymentIdOf(order), PAID_CARD)).toMatchObject({ status: 'PAID' });
    await t.handle.withSession((s) => s.query(`UPDATE orders SET created_at = created_at - interval '31 minutes' WHERE order_id = $1`, [order.orderId]));
    const moved = await waitFor(order, 'DEPOSIT_REGISTERED');
    expect(kinds(moved)).not.toContain('CARD_PAYMENT_DECLINED');
    expect(moved.orderDetails.cardPayment?.status).toBe('PAID');
  });

  it('refuses a refund address, a fixed rate and the partner API for a card purchase', async () => {
    const u = await h.signUp();
    const before = await countOrders();
    const refund = await u.post(CREATE, usdBtc('100', { refundAddress: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT' }));
    expect(refund).toMatchObject({ status: 400, body: { code: 'ERR_VALIDATION', fields: { refundAddress: expect.any(String) } } });
    const fixed = await u.post(CREATE, usdBtc('100', { rateMode: 'FIXED' }));
    expect(fixed).toMatchObject({ status: 406, body: { code: 'ERR_NOT_ACCEPTABLE' } });
    const { secret } = await h.newKey(u);
    const partner = await h.partner(secret, 'POST', '/api/partner/v1/orders', usdBtc('100'), { 'idempotency-key': 'card-1' });
    expect(partner).toMatchObject({ status: 406, body: { code: 'ERR_NOT_ACCEPTABLE', message: 'Card purchases are not available through the partner API' } });
    const partnerPairs = await h.partner(secret, 'GET', '/api/partner/v1/pairs');
    expect(partnerPairs.status).toBe(200);
    expect(partnerPairs.body).not.toContainEqual(expect.objectContaining({ fromSlug: 'usd' }));
    expect(await countOrders()).toBe(before);
  });

  it('has no card purchases without a card provider (SANDBOX_MODE off): EXCHANGE instruments only and card orders refused', async () => {
    // issue 28: with SANDBOX_MODE off only networks with real custody are offered: here every crypto network counts as
    // real, so that this test sees the card flow alone
    const custody = { ...createSandboxCustody({ confirmationIntervalMs: 3000 }), isSandbox: false, isReal: (i: { isFiat: boolean }) => !i.isFiat };
    const prod = await startApi(testConfig({ SANDBOX_MODE: 'false' }), { db: t.handle, realtime: fakeRealtime(new FakePriceBoard(TEST_PRICES)), custody });
    try {
      const get = async (path: string) => (await fetch(prod.url + path)).json();
      const instruments = await get('/api/v2/instruments/public');
      expect(instruments.every((i: { provider: string }) => i.provider === 'EXCHANGE')).toBe(true);
      expect((await get('/api/v2/instruments/public?providers=CARD')).map((i: { slug: string }) => i.slug)).toEqual(['usd', 'eur']);
      expect(await get('/api/v2/pairs/public')).not.toContainEqual(expect.objectContaining({ fromSlug: 'usd' }));
      expect(await get('/api/v1/pairs/popular')).not.toContainEqual(expect.objectContaining({ fromBestChangeCurrencyName: 'CARDUSD' }));
      expect((await get('/api/v2/rates/public/one?instrumentFromSlug=usd&instrumentToSlug=btc')).liquidityProviderPublicCode).toBe('SANDBOX_LP');
      const r = await fetch(prod.url + CREATE, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(usdBtc('100')) });
      expect([r.status, (await r.json()).code]).toEqual([406, 'ERR_NOT_ACCEPTABLE']);
    } finally {
      await prod.close();
    }
  });
});
