// Affiliate money that cannot be farmed (issue 24), on the rewards job and the withdrawal service over a real
// database: nobody earns commission on their own order by any route (their account, their email on a guest order,
// their visitor id, an address of theirs — a withdrawal address reached through a partner key, their own order's
// destination); a referred account whose email was not confirmed when the order completed earns its referrer
// nothing (and is not paid later); commission + cashback never exceed the order's realised spread (scaled down
// together); earned income is held until the order's completion + AFFILIATE_HOLD_DAYS and only then withdrawable,
// and a held commission whose order turns out to be the referrer's own by then is reversed instead of released.
// Over HTTP: a withdrawal is refused for an unconfirmed email and without a recent sign-in (step-up).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ApiError, ApiErrorBodySchema } from 'shared-contracts/server';
import { createSandboxCustody } from '../src/adapters/custody/sandbox';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { D } from '../src/lib/decimal';
import { startApi, type RunningApi } from '../src/main';
import { rowsOf } from '../src/db/query';
import { postTransfer, userBalance } from '../src/modules/affiliates/ledger';
import { createRewards, shareOfSpread } from '../src/modules/affiliates/rewards';
import { createWithdrawals } from '../src/modules/affiliates/withdrawals';
import { createInstrumentRepo } from '../src/modules/instruments/repo';
import { seedInstruments } from '../src/modules/instruments/seed';
import { testConfig } from './helpers/accounts';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined, debug: () => undefined };
const T0 = new Date('2026-03-01T00:00:00Z');
const DAY = 24 * 3600 * 1000;
const TRON_X = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BTC_Y = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const BTC_OTHER = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

describe('shareOfSpread', () => {
  it('pays the rates when they fit in the spread, and scales both down together when they do not', () => {
    expect(shareOfSpread(new D(10), { commission: new D('0.005'), cashback: new D('0.001') }, new D(1000))).toEqual({
      commission: { amount: new D(5), rate: new D('0.005') },
      cashback: { amount: new D(1), rate: new D('0.001') },
    });
    const capped = shareOfSpread(new D(3), { commission: new D('0.005'), cashback: new D('0.001') }, new D(1000));
    expect(capped.commission?.amount.toFixed()).toBe('2.5');
    expect(capped.cashback?.amount.toFixed()).toBe('0.5');
    expect(capped.commission?.rate.toFixed()).toBe('0.0025');
    // A loss (a fixed rate the market moved against) pays nothing.
    const loss = shareOfSpread(new D(-2), { commission: new D('0.005'), cashback: null }, new D(1000));
    expect(loss).toEqual({ commission: { amount: new D(0), rate: new D(0) }, cashback: null });
  });
});

describe.each(BACKENDS)('affiliate economics on %s', (backend) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(backend);
    await migrate(t.handle);
    await seedInstruments(t.handle.db);
  }, 60_000);
  afterAll(() => t?.drop());

  it('refuses commission on own orders by every route and unconfirmed referrals, caps at the spread, holds then releases', async () => {
    const db = t.handle.db;
    const user = async (email: string, o: { affiliateId?: string; confirmedAt?: Date | null; fingerprint?: string; referrer?: string } = {}) => {
      const [row] = await rowsOf<{ id: number | string }>(
        db,
        sql`INSERT INTO users (email, password_hash, affiliate_id, email_confirmed_at, browser_fingerprint, referrer_affiliate_id)
            VALUES (${email}, 'x', ${o.affiliateId ?? null}, ${o.confirmedAt === undefined ? new Date(T0.getTime() - DAY).toISOString() : (o.confirmedAt?.toISOString() ?? null)}::timestamptz,
                    ${o.fingerprint ?? null}, ${o.referrer ?? null}) RETURNING id`,
      );
      return Number(row.id);
    };
    const R = await user('referrer@example.com', { affiliateId: 'refr2a2a2a', fingerprint: 'fp-r-registration' });
    const unconfirmed = await user('unconfirmed@example.com', { confirmedAt: null, referrer: 'refr2a2a2a' });
    const lateConfirmed = await user('late@example.com', { confirmedAt: new Date(T0.getTime() + 60_000), referrer: 'refr2a2a2a' });
    const customer = await user('customer@example.com', { referrer: 'refr2a2a2a', fingerprint: 'fp-customer' });
    // a sock puppet: another account, confirmed, signed in from R's browser (a session with R's visitor id)
    const puppet = await user('puppet@example.com', { referrer: 'refr2a2a2a', fingerprint: 'fp-puppet' });
    await db.execute(
      sql`INSERT INTO sessions (id, user_id, browser_fingerprint, expires_at) VALUES (${`s-${randomBytes(4).toString('hex')}`}, ${puppet}, 'fp-r-session', now() + interval '1 day')`,
    );
    // R's traces: a session's visitor id, a withdrawal address, an order of R's own paying out to BTC_Y.
    await db.execute(
      sql`INSERT INTO sessions (id, user_id, browser_fingerprint, expires_at) VALUES (${`s-${randomBytes(4).toString('hex')}`}, ${R}, 'fp-r-session', now() + interval '1 day')`,
    );
    await db.execute(
      sql`INSERT INTO withdrawals (id, user_id, idempotency_key, request_hash, currency_title, network_title, address, amount, status, next_attempt_at)
          VALUES ('w-old', ${R}, 'k-old', 'h', 'USDT', 'TRC20', ${TRON_X}, 10, 'COMPLETED', now())`,
    );

    // USDT → BTC, 1000 USDT at a market of 0.00002 BTC/USDT, executed with a 0.5 % spread, 0.0001 BTC network fee:
    // the platform earns 1000 × 0.00002 − 0.0199 − 0.0001 = 0.0001 BTC = 5 USDT. Volume 1000 USDT.
    const usdtToBtc = { from: 'usdttrc20', to: 'btc', deposit: '1000', market: '0.00002', price: '0.0000199', payout: '0.0198', fee: '0.0001' };
    // BTC → USDT, 0.02 BTC at 50000 USDT/BTC, executed at 49750, fee 1 USDT: earns 1000 − 994 − 1 = 5 USDT. Volume 995.
    const btcToUsdt = { from: 'btc', to: 'usdttrc20', deposit: '0.02', market: '50000', price: '49750', payout: '994', fee: '1' };
    const order = async (
      id: string,
      leg: typeof usdtToBtc,
      o: { userId?: number; email?: string; fingerprint?: string; destination?: string; refund?: string; apiKeyId?: string; status?: string },
    ) =>
      db.execute(sql`
        INSERT INTO orders (order_id, from_slug, to_slug, rate_mode, claimed_deposit_amount, deposit_amount, amount_to_get, price, execution_price,
                            execution_market_price, payout_amount, network_fee, destination_address, refund_address, status, completed_at, referrer_id,
                            user_id, user_email, browser_fingerprint, api_key_id)
        VALUES (${id}, ${leg.from}, ${leg.to}, 'FLOATING', ${leg.deposit}, ${leg.deposit}, ${leg.payout}, ${leg.price}, ${leg.price}, ${leg.market},
                ${leg.payout}, ${leg.fee}, ${o.destination ?? `${BTC_OTHER}-${id}`}, ${o.refund ?? null}, ${o.status ?? 'COMPLETED'}, ${T0.toISOString()}::timestamptz,
                'refr2a2a2a', ${o.userId ?? null}, ${o.email ?? null}, ${o.fingerprint ?? null}, ${o.apiKeyId ?? null})`);
    await order('r-own-open', usdtToBtc, { userId: R, destination: BTC_Y, status: 'AWAITING_DEPOSIT' });
    await order('own-account', usdtToBtc, { userId: R });
    await order('own-email', usdtToBtc, { email: ' Referrer@Example.com' });
    await order('own-visitor-session', usdtToBtc, { fingerprint: 'fp-r-session' });
    await order('own-visitor-registration', usdtToBtc, { fingerprint: 'fp-r-registration' });
    await order('own-partner-withdrawal-address', btcToUsdt, { apiKeyId: 'key-of-r', destination: TRON_X });
    await order('own-order-address', usdtToBtc, { destination: BTC_Y });
    await order('unconfirmed-referred', usdtToBtc, { userId: unconfirmed });
    await order('confirmed-after-completion', usdtToBtc, { userId: lateConfirmed });
    await order('guest', usdtToBtc, { fingerprint: 'fp-someone' });
    await order('referred', usdtToBtc, { userId: customer, fingerprint: 'fp-customer' });
    await order('sock-puppet', usdtToBtc, { userId: puppet, fingerprint: 'fp-puppet' });

    let now = new Date(T0.getTime() + 60_000);
    const money = {
      ...loadConfig({}).money,
      affiliateCommission: '0.005',
      cashbackTiers: [{ minVolume: '0', rate: '0.001' }],
      rewardHoldDays: 7,
      withdrawalMin: '1',
    };
    const board = new FakePriceBoard({ USDT: '1', BTC: '50000' });
    const instruments = await createInstrumentRepo(db);
    const rewards = createRewards({ db, instruments, priceBoard: board, money, now: () => now, log: quiet });
    await rewards.processDue();

    const transfers = await rowsOf<{ id: string; amount: string }>(
      db,
      sql`SELECT id, amount::text FROM ledger_transfers WHERE kind IN ('AFFILIATE_COMMISSION', 'CASHBACK') ORDER BY id`,
    );
    const paid = Object.fromEntries(transfers.map((r) => [r.id, new D(r.amount).toFixed()]));
    // Commission only on the guest's order (5 = the whole spread) and the confirmed referred account's: 5 + 1 wanted,
    // 5 earned, both scaled by 5/6.
    expect(Object.keys(paid).filter((id) => id.startsWith('affiliate:'))).toEqual(['affiliate:guest', 'affiliate:referred']);
    expect(paid['affiliate:guest']).toBe('5');
    expect(paid['affiliate:referred']).toBe('4.166666');
    expect(paid['cashback:referred']).toBe('0.833333');
    // Cashback is the account's own: R on its own order, the unconfirmed accounts on theirs (1 fits in the spread).
    expect(paid['cashback:own-account']).toBe('1');
    expect(paid['cashback:unconfirmed-referred']).toBe('1');

    const refusals = await rowsOf<{ order_id: string; reason: string }>(db, sql`SELECT order_id, reason FROM reward_refusals ORDER BY order_id`);
    expect(Object.fromEntries(refusals.map((r) => [r.order_id, r.reason]))).toEqual({
      'confirmed-after-completion': 'REFERRED_EMAIL_NOT_CONFIRMED',
      'own-account': 'OWN_ACCOUNT',
      'own-email': 'OWN_EMAIL',
      'own-order-address': 'OWN_ADDRESS',
      'own-partner-withdrawal-address': 'OWN_ADDRESS',
      'own-visitor-registration': 'OWN_VISITOR_ID',
      'own-visitor-session': 'OWN_VISITOR_ID',
      'sock-puppet': 'OWN_VISITOR_ID',
      'unconfirmed-referred': 'REFERRED_EMAIL_NOT_CONFIRMED',
    });

    // Every completed order: commission + cashback ≤ its realised spread (recorded by the job).
    const sums = await rowsOf<{ order_id: string; spread: string; paid: string }>(
      db,
      sql`SELECT o.order_id, o.realised_spread::text AS spread, COALESCE(sum(l.amount), 0)::text AS paid
          FROM orders o LEFT JOIN ledger_transfers l ON l.order_id = o.order_id AND l.kind IN ('AFFILIATE_COMMISSION', 'CASHBACK')
          WHERE o.status = 'COMPLETED' GROUP BY o.order_id, o.realised_spread`,
    );
    expect(sums).toHaveLength(11);
    for (const s of sums) {
      expect(new D(s.spread).toFixed()).toBe('5');
      expect(new D(s.paid).lte(s.spread)).toBe(true);
    }

    // The hold: R's 5 + 4.166666 + 1 are held, nothing withdrawable until completion + 7 days.
    const custody = createSandboxCustody({ confirmationIntervalMs: 1000 });
    const withdrawals = createWithdrawals({ db, instruments, custody, money: { ...money, withdrawalPayoutDelayMs: 0 }, log: quiet, now: () => now });
    const before = await userBalance(db, R, 'USDT');
    expect([before.available.toFixed(), before.held.toFixed()]).toEqual(['0', '10.166666']);
    const withdraw = (key: string) => withdrawals.request(R, key, { currencyTitle: 'USDT', networkTitle: 'TRC20', address: TRON_X, amount: '5' });
    await expect(withdraw('early')).rejects.toMatchObject({ code: 'ERR_BALANCE_TOO_LOW' });

    now = new Date(T0.getTime() + 7 * DAY - 1000);
    expect(await rewards.releaseDue()).toBe(0);
    await expect(withdraw('still-early')).rejects.toBeInstanceOf(ApiError);

    now = new Date(T0.getTime() + 7 * DAY);
    await rewards.processDue();
    const after = await userBalance(db, R, 'USDT');
    expect(after.available.toFixed()).toBe('10.166666');
    expect(after.held.toFixed()).toBe('0');
    expect((await withdraw('after-hold')).status).toBe('PENDING');
    // Released once, however many passes run.
    await Promise.all([rewards.releaseDue(), rewards.releaseDue()]);
    expect((await userBalance(db, R, 'USDT')).available.toFixed()).toBe('5.166666');
    const releases = await rowsOf<{ c: string | number }>(db, sql`SELECT count(*) AS c FROM ledger_transfers WHERE kind = 'REWARD_RELEASE'`);
    expect(Number(releases[0].c)).toBe(transfers.filter((r) => !new D(r.amount).isZero()).length);
  });

  it('pays nothing late: a referred account confirmed after its order completed never earns its referrer that order', async () => {
    const db = t.handle.db;
    const [{ n }] = await rowsOf<{ n: string | number }>(db, sql`SELECT count(*) AS n FROM ledger_transfers WHERE id = 'affiliate:confirmed-after-completion'`);
    expect(Number(n)).toBe(0);
    // Another pass after the confirmation changes nothing: the order's rewards were posted (and refused) once.
    const rewards = createRewards({
      db,
      instruments: await createInstrumentRepo(db),
      priceBoard: new FakePriceBoard({ USDT: '1', BTC: '50000' }),
      money: loadConfig({}).money,
      log: quiet,
    });
    await rewards.processDue();
    const [{ m }] = await rowsOf<{ m: string | number }>(db, sql`SELECT count(*) AS m FROM ledger_transfers WHERE kind = 'AFFILIATE_COMMISSION'`);
    expect(Number(m)).toBe(2);
  });

  it("reverses a held commission at release when the order turns out to be the referrer's own (its address used by the referrer later)", async () => {
    const db = t.handle.db;
    const [r] = await rowsOf<{ id: number | string }>(
      db,
      sql`INSERT INTO users (email, password_hash, affiliate_id, email_confirmed_at) VALUES ('late-owner@example.com', 'x', 'refr3c3c3c', now()) RETURNING id`,
    );
    const R = Number(r.id);
    const guestOrder = (id: string, destination: string, userId: number | null = null) =>
      db.execute(sql`
        INSERT INTO orders (order_id, from_slug, to_slug, rate_mode, claimed_deposit_amount, deposit_amount, amount_to_get, price, execution_price,
                            execution_market_price, payout_amount, network_fee, destination_address, status, completed_at, referrer_id, user_id)
        VALUES (${id}, 'usdttrc20', 'btc', 'FLOATING', '1000', '1000', '0.0198', '0.0000199', '0.0000199', '0.00002', '0.0198', '0.0001',
                ${destination}, 'COMPLETED', ${T0.toISOString()}::timestamptz, ${userId === null ? 'refr3c3c3c' : null}, ${userId})`);
    await guestOrder('late-own', 'bc1q-late-own-address');
    await guestOrder('late-stranger', 'bc1q-stranger-address');
    let now = new Date(T0.getTime() + 60_000);
    const money = { ...loadConfig({}).money, affiliateCommission: '0.005', cashbackTiers: [], rewardHoldDays: 7 };
    const rewards = createRewards({
      db,
      instruments: await createInstrumentRepo(db),
      priceBoard: new FakePriceBoard({ USDT: '1', BTC: '50000' }),
      money,
      now: () => now,
      log: quiet,
    });
    await rewards.processDue();
    expect((await userBalance(db, R, 'USDT')).held.toFixed()).toBe('10');

    // During the hold the referrer pays out to the first order's address from an order of its own.
    await guestOrder('late-owner-self', 'bc1q-late-own-address', R);
    now = new Date(T0.getTime() + 7 * DAY);
    expect(await rewards.releaseDue()).toBe(2);
    const after = await userBalance(db, R, 'USDT');
    expect([after.available.toFixed(), after.held.toFixed()]).toEqual(['5', '0']);
    const moves = await rowsOf<{ id: string; kind: string }>(db, sql`SELECT id, kind FROM ledger_transfers WHERE id LIKE '%:affiliate:late-%' ORDER BY id`);
    expect(moves).toEqual([
      { id: 'release:affiliate:late-stranger', kind: 'REWARD_RELEASE' },
      { id: 'reverse:affiliate:late-own', kind: 'REWARD_REVERSAL' },
    ]);
    const [refusal] = await rowsOf<{ reason: string; reversed: boolean }>(db, sql`SELECT reason, reversed FROM reward_refusals WHERE order_id = 'late-own'`);
    expect(refusal).toEqual({ reason: 'OWN_ADDRESS', reversed: true });
    // Settled once: later passes move nothing.
    expect(await rewards.releaseDue()).toBe(0);
  });
});

describe.each(BACKENDS)('withdrawal preconditions on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  let ip = 0;
  beforeAll(async () => {
    t = await openTestDb(backend);
    api = await startApi(testConfig({ HTTP_RATE_LIMITS: 'affiliateWithdraw=1000,register=1000,login=1000', AFFILIATE_HOLD_DAYS: '0' }), {
      db: t.handle,
      realtime: fakeRealtime(new FakePriceBoard(TEST_PRICES)),
      accounts: { rateLimitPrefix: `e${randomBytes(4).toString('hex')}` },
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const q = (text: string, params: unknown[]) => t.handle.withSession((s) => s.query(text, params));
  async function account() {
    const b = new Browser(api.url, `10.24.0.${++ip}`);
    const email = `w-${randomBytes(5).toString('hex')}@example.com`;
    expect((await b.post('/api/v1/users/local/create', { email, password: 'Correct-Horse-42', browserFingerprint: 'fp' })).status).toBe(200);
    expect((await b.post('/api/v1/users/local/authenticate', { email, password: 'Correct-Horse-42', browserFingerprint: 'fp' })).status).toBe(200);
    const userId = (await b.get('/api/v1/users/account-data')).body.userId as number;
    await t.handle.db.transaction((tx) =>
      postTransfer(tx, {
        id: `cashback:w-${userId}`,
        kind: 'CASHBACK',
        currency: 'USDT',
        userId,
        from: { userId: null, kind: 'PLATFORM_CASHBACK_EXPENSE' },
        to: { userId, kind: 'USER_AVAILABLE' },
        amount: new D(50),
      }),
    );
    return { b, userId };
  }
  const withdraw = (b: Browser) =>
    b.post(
      '/api/v1/affiliates/withdrawals',
      { currencyTitle: 'USDT', networkTitle: 'TRC20', address: TRON_X, amount: '10' },
      { 'idempotency-key': randomBytes(6).toString('hex') },
    );
  const code = (r: { status: number; body: unknown }) => ({ status: r.status, code: ApiErrorBodySchema.parse(r.body).code });

  it('refuses a withdrawal for an unconfirmed email (403 ERR_EMAIL_NOT_CONFIRMED) and holds nothing', async () => {
    const { b, userId } = await account();
    expect(code(await withdraw(b))).toEqual({ status: 403, code: 'ERR_EMAIL_NOT_CONFIRMED' });
    expect((await userBalance(t.handle.db, userId, 'USDT')).available.toFixed()).toBe('50');
    await q('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [userId]);
    expect((await withdraw(b)).status).toBe(200);
  });

  it('refuses a withdrawal without a sign-in or step-up within 15 minutes (403 ERR_STEP_UP_REQUIRED)', async () => {
    const { b, userId } = await account();
    await q('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [userId]);
    await q(`UPDATE sessions SET authenticated_at = now() - interval '16 minutes' WHERE user_id = $1`, [userId]);
    expect(code(await withdraw(b))).toEqual({ status: 403, code: 'ERR_STEP_UP_REQUIRED' });
    expect((await userBalance(t.handle.db, userId, 'USDT')).available.toFixed()).toBe('50');
    await q(`UPDATE sessions SET authenticated_at = now() - interval '14 minutes' WHERE user_id = $1`, [userId]);
    expect((await withdraw(b)).status).toBe(200);
  });
});
