// The bank test (issue 11): a fixed count of concurrent operations on the ledger — accruals (some posted twice
// with the same transfer id), withdrawals (some retried with the same Idempotency-Key), withdrawal job passes
// running side by side like replicas, payouts refused by custody (voided) and payouts whose answer is lost
// (retried) — and then the books must balance: entries sum to zero per currency and per transfer, a user's
// balance is the sum of its entries and never negative, every withdrawal is held once and then either posted
// once or voided once with exactly its amount. Issue 24: completed orders of every kind (USDT in, USDT out, neither;
// floating and fixed, the market moved for or against a fixed rate; referred, guest, own) rewarded by rewards jobs
// running side by side: commission + cashback never exceed an order's realised spread, and the held income is
// released once. On PGlite and, with DATABASE_URL, on PostgreSQL.
import Decimal from 'decimal.js';
import { ApiError } from 'shared-contracts/server';
import { createSandboxCustody, sandboxWithdrawalFails } from '../src/adapters/custody/sandbox';
import type { CustodyAdapter } from '../src/adapters/custody/types';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { D } from '../src/lib/decimal';
import { LEDGER_CURRENCY, isCheckViolation, postTransfer } from '../src/modules/affiliates/ledger';
import { createRewards } from '../src/modules/affiliates/rewards';
import { createWithdrawals } from '../src/modules/affiliates/withdrawals';
import { seedInstruments } from '../src/modules/instruments/seed';
import { catalogueRepo } from './helpers/catalogue';
import { FakePriceBoard } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const USERS = 8;
const OPERATIONS = 400;
const CONCURRENCY = 16;
const FAILURE_RATE = 0.3;
const LOST_ANSWER_RATE = 0.25;
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** Deterministic pseudo-random numbers (mulberry32), so a failing run can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

describe.each(BACKENDS)('bank test on %s', (backend) => {
  let t: TestDb;
  const users: number[] = [];
  beforeAll(async () => {
    t = await openTestDb(backend);
    await migrate(t.handle);
    for (let i = 0; i < USERS; i++) {
      const [row] = await t.handle.withSession((s) =>
        s.query<{ id: number | string }>(`INSERT INTO users (email, password_hash) VALUES ($1, 'x') RETURNING id`, [`bank-${i}-${backend}@example.com`]),
      );
      users.push(Number(row.id));
    }
  }, 60_000);
  afterAll(() => t?.drop());

  const q = <T>(sql: string, params: unknown[] = []) => t.handle.withSession((s) => s.query<T>(sql, params));

  it(`${OPERATIONS} concurrent operations leave balanced books`, async () => {
    const rand = prng(20261124);
    let clock = Date.now();
    const sandbox = createSandboxCustody({ confirmationIntervalMs: 1000, withdrawalFailureRate: FAILURE_RATE });
    let lostAnswers = 0;
    // Custody whose answer sometimes gets lost after the payout went out: the job must retry with the same key.
    const custody: CustodyAdapter = {
      ...sandbox,
      async payout(req) {
        const result = await sandbox.payout(req);
        if (rand() < LOST_ANSWER_RATE) {
          lostAnswers++;
          throw new Error('connection reset while reading the custodian answer');
        }
        return result;
      },
    };
    const money = { ...loadConfig({}).money, withdrawalMin: '1', withdrawalPayoutDelayMs: 0 };
    const withdrawals = createWithdrawals({ db: t.handle.db, instruments: catalogueRepo(), custody, money, log: silent, now: () => new Date(clock) });

    const credited = new Map<number, D>(users.map((u) => [u, new D(0)]));
    const accrualIds = new Set<string>();
    const requested = new Map<string, { userId: number; amount: string }>();
    const outcomes = { accruals: 0, accrualRetries: 0, withdrawals: 0, withdrawalRetries: 0, tooLow: 0, notFound: 0, passes: 0 };

    const accrual = async (n: number) => {
      const userId = users[Math.floor(rand() * USERS)];
      const amount = new D(Math.floor(rand() * 50_000_000) + 1).div(1_000_000); // up to 50 USDT, 6 decimals
      const id = `affiliate:bank-${n}`;
      const post = () =>
        t.handle.db.transaction((tx) =>
          postTransfer(tx, {
            id,
            kind: 'AFFILIATE_COMMISSION',
            currency: LEDGER_CURRENCY,
            userId,
            from: { userId: null, kind: 'PLATFORM_AFFILIATE_EXPENSE' },
            to: { userId, kind: 'USER_AVAILABLE' },
            amount,
            orderId: `bank-${n}`,
            volume: amount.mul(100),
            rate: new D('0.01'),
          }),
        );
      const retried = rand() < 0.3;
      const posted = await Promise.all(retried ? [post(), post()] : [post()]);
      expect(posted.filter(Boolean)).toHaveLength(1);
      accrualIds.add(id);
      credited.set(userId, (credited.get(userId) as D).plus(amount));
      outcomes.accruals++;
      if (retried) outcomes.accrualRetries++;
    };

    const withdrawal = async (n: number) => {
      const userId = users[Math.floor(rand() * USERS)];
      const amount = new D(Math.floor(rand() * 30_000_000) + 1_000_000).div(1_000_000).toFixed(); // 1–31 USDT
      const key = `bank-${n}`;
      const body = { currencyTitle: 'USDT', networkTitle: 'TRC20', address: ADDRESS, amount };
      const retried = rand() < 0.3;
      const results = await Promise.allSettled((retried ? [0, 1] : [0]).map(() => withdrawals.request(userId, key, body)));
      const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      for (const err of failed) {
        expect(err).toBeInstanceOf(ApiError);
        expect(['ERR_BALANCE_TOO_LOW', 'ERR_BALANCE_NOT_FOUND']).toContain((err as ApiError).code);
        if ((err as ApiError).code === 'ERR_BALANCE_TOO_LOW') outcomes.tooLow++;
        else outcomes.notFound++;
      }
      if (ok.length) {
        // Every answer for one key is the one withdrawal.
        expect(new Set(ok.map((w) => w.id)).size).toBe(1);
        requested.set(ok[0].id, { userId, amount });
        outcomes.withdrawals++;
        if (retried) outcomes.withdrawalRetries++;
      }
    };

    const pass = async () => {
      clock += 50;
      await withdrawals.processDue();
      outcomes.passes++;
    };

    // Warm up with some money so withdrawals have something to take.
    let n = 0;
    for (; n < CONCURRENCY; n++) await accrual(n);
    while (n < OPERATIONS) {
      const batch: Promise<void>[] = [];
      for (let i = 0; i < CONCURRENCY && n < OPERATIONS; i++, n++) {
        const r = rand();
        batch.push(r < 0.4 ? accrual(n) : r < 0.85 ? withdrawal(n) : pass());
      }
      await Promise.all(batch);
    }
    // A user cannot be overdrawn even by a direct transfer: the CHECK refuses it.
    const overdraw = t.handle.db.transaction((tx) =>
      postTransfer(tx, {
        id: 'withdrawal:overdraw:hold',
        kind: 'WITHDRAWAL_HOLD',
        currency: LEDGER_CURRENCY,
        userId: users[0],
        from: { userId: users[0], kind: 'USER_AVAILABLE' },
        to: { userId: users[0], kind: 'USER_PENDING_WITHDRAWAL' },
        amount: new D('1000000'),
      }),
    );
    await expect(overdraw.catch((err) => (isCheckViolation(err) ? 'check' : err))).resolves.toBe('check');

    // Drain: passes side by side (replicas) with the clock moved past every retry delay, until nothing is in flight.
    for (let i = 0; i < 60; i++) {
      const [{ open }] = await q<{ open: string | number }>(`SELECT count(*) AS open FROM withdrawals WHERE status IN ('PENDING', 'PROCESSING')`);
      if (Number(open) === 0) break;
      clock += 10 * 60_000;
      await Promise.all([withdrawals.processDue(), withdrawals.processDue(), withdrawals.processDue()]);
    }

    // The mix really happened.
    expect(outcomes.accruals).toBeGreaterThan(100);
    expect(outcomes.accrualRetries).toBeGreaterThan(10);
    expect(outcomes.withdrawals).toBeGreaterThan(50);
    expect(outcomes.withdrawalRetries).toBeGreaterThan(10);
    expect(lostAnswers).toBeGreaterThan(5);

    // 1. The ledger sums to zero per currency and per transfer.
    expect(await q(`SELECT currency, sum(e.amount)::text AS s FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id GROUP BY currency`)).toEqual([
      { currency: 'USDT', s: expect.stringMatching(/^0(\.0+)?$/) },
    ]);
    expect(await q(`SELECT transfer_id FROM ledger_entries GROUP BY transfer_id HAVING sum(amount) <> 0`)).toEqual([]);
    // 2. Every balance is the sum of its entries; no user balance is negative.
    expect(
      await q(
        `SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(sum(e.amount), 0)`,
      ),
    ).toEqual([]);
    expect(await q(`SELECT id FROM ledger_accounts WHERE user_id IS NOT NULL AND balance < 0`)).toEqual([]);
    // 3. Each accrual posted once.
    const [{ c: accrualCount }] = await q<{ c: string | number }>(`SELECT count(*) AS c FROM ledger_transfers WHERE kind = 'AFFILIATE_COMMISSION'`);
    expect(Number(accrualCount)).toBe(accrualIds.size);

    // 4. Every withdrawal: held once, then posted once (COMPLETED) or voided once with exactly its amount (FAILED).
    const rows = await q<{ id: string; user_id: string | number; amount: string; status: string; tx_hash: string | null }>(
      `SELECT id, user_id, amount::text, status, tx_hash FROM withdrawals`,
    );
    expect(rows).toHaveLength(requested.size);
    const transfers = await q<{ withdrawal_id: string; kind: string; amount: string }>(
      `SELECT withdrawal_id, kind, amount::text FROM ledger_transfers WHERE withdrawal_id IS NOT NULL`,
    );
    const byWithdrawal = new Map<string, Array<{ kind: string; amount: string }>>();
    for (const tr of transfers) byWithdrawal.set(tr.withdrawal_id, [...(byWithdrawal.get(tr.withdrawal_id) ?? []), tr]);
    let completed = 0;
    let failed = 0;
    const paidOut = new Map<number, D>(users.map((u) => [u, new D(0)]));
    for (const w of rows) {
      const mine = byWithdrawal.get(w.id) ?? [];
      const amountOf = (kind: string) => mine.filter((x) => x.kind === kind).map((x) => new D(x.amount).toFixed());
      expect(new D(w.amount).toFixed()).toBe(requested.get(w.id)?.amount);
      expect(amountOf('WITHDRAWAL_HOLD')).toEqual([new D(w.amount).toFixed()]);
      if (w.status === 'COMPLETED') {
        completed++;
        expect(amountOf('WITHDRAWAL_POST')).toEqual([new D(w.amount).toFixed()]);
        expect(amountOf('WITHDRAWAL_VOID')).toEqual([]);
        // Paid once by custody, the hash recorded is that payout's.
        expect(sandbox.payouts.get(`withdrawal:${w.id}`)?.txHash).toBe(w.tx_hash);
        expect(sandboxWithdrawalFails(`withdrawal:${w.id}`, FAILURE_RATE)).toBe(false);
        const u = Number(w.user_id);
        paidOut.set(u, (paidOut.get(u) as D).plus(w.amount));
      } else {
        expect(w.status).toBe('FAILED');
        failed++;
        expect(amountOf('WITHDRAWAL_VOID')).toEqual([new D(w.amount).toFixed()]);
        expect(amountOf('WITHDRAWAL_POST')).toEqual([]);
        expect(sandbox.payouts.has(`withdrawal:${w.id}`)).toBe(false);
        expect(sandboxWithdrawalFails(`withdrawal:${w.id}`, FAILURE_RATE)).toBe(true);
      }
    }
    expect(completed).toBeGreaterThan(10);
    expect(failed).toBeGreaterThan(5);

    // 5. What each user holds is exactly what was credited minus what was paid out; nothing is left pending.
    const balances = await q<{ user_id: string | number; kind: string; balance: string }>(
      `SELECT user_id, kind, balance::text FROM ledger_accounts WHERE user_id IS NOT NULL`,
    );
    for (const u of users) {
      const of = (kind: string) => new D(balances.find((b) => Number(b.user_id) === u && b.kind === kind)?.balance ?? 0);
      expect(of('USER_PENDING_WITHDRAWAL').toFixed()).toBe('0');
      expect(of('USER_AVAILABLE').toFixed()).toBe((credited.get(u) as D).minus(paidOut.get(u) as D).toFixed());
    }
    const platform = await q<{ kind: string; balance: string }>(`SELECT kind, balance::text FROM ledger_accounts WHERE user_id IS NULL`);
    const sent = new D(platform.find((p) => p.kind === 'PAYOUTS_SENT')?.balance ?? 0);
    expect(sent.toFixed()).toBe([...paidOut.values()].reduce((a, b) => a.plus(b), new D(0)).toFixed());
  }, 120_000);
  it('issue 24: commission + cashback ≤ the realised spread on every completed order; held income released once', async () => {
    const rand = prng(20261127);
    const db = t.handle.db;
    await seedInstruments(db);
    const ORDERS = 240;
    const T = new Date('2026-05-01T00:00:00Z').getTime();
    let clock = T;
    // Every account is a referrer and confirmed before the orders (the own-order and confirmation rules have their
    // own tests): the programme pays as much as it can here.
    for (const [i, u] of users.entries()) {
      await q(`UPDATE users SET affiliate_id = $1, email_confirmed_at = $2 WHERE id = $3`, [
        `bank${'abcdefgh'[i]}22222`,
        new Date(T - 86_400_000).toISOString(),
        u,
      ]);
    }
    const prices: Record<string, number> = { USDT: 1, BTC: 60000, ETH: 3000 };
    const legs = [
      { from: 'usdttrc20', to: 'btc', fromC: 'USDT', toC: 'BTC', deposit: () => 50 + rand() * 20_000, dp: 8, fee: '0.0001' },
      { from: 'btc', to: 'usdttrc20', fromC: 'BTC', toC: 'USDT', deposit: () => 0.001 + rand() * 0.3, dp: 6, fee: '1' },
      { from: 'eth', to: 'btc', fromC: 'ETH', toC: 'BTC', deposit: () => 0.05 + rand() * 5, dp: 8, fee: '0.0001' },
    ];
    const money = {
      ...loadConfig({}).money,
      // generous rates, so that the ceiling bites on a good share of the orders
      affiliateCommission: '0.005',
      cashbackTiers: [
        { minVolume: '0', rate: '0.002' },
        { minVolume: '20000', rate: '0.003' },
      ],
      rewardHoldDays: 7,
    };
    for (let i = 0; i < ORDERS; i++) {
      const leg = legs[Math.floor(rand() * legs.length)];
      const fixed = rand() < 0.4;
      const spread = fixed ? 0.01 : 0.005;
      const quoted = new D(prices[leg.fromC]).div(prices[leg.toC]);
      // the market at execution: a fixed rate executes at the quote, the market having moved up to ±2 % meanwhile
      const market = fixed ? quoted.mul(1 + (rand() - 0.5) * 0.04) : quoted;
      const price = (fixed ? quoted : market).mul(1 - spread);
      const deposit = new D(leg.deposit()).toDecimalPlaces(6);
      const payout = Decimal.max(0, deposit.mul(price).minus(leg.fee)).toDecimalPlaces(leg.dp, Decimal.ROUND_DOWN);
      const referrer = rand() < 0.7 ? Math.floor(rand() * USERS) : null;
      const customer = rand() < 0.6 ? users[Math.floor(rand() * USERS)] : null;
      await q(
        `INSERT INTO orders (order_id, from_slug, to_slug, rate_mode, claimed_deposit_amount, deposit_amount, amount_to_get, price, execution_price,
                             execution_market_price, payout_amount, network_fee, destination_address, status, completed_at, referrer_id, user_id)
         VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $7, $8, $6, $9, $10, 'COMPLETED', $11, $12, $13)`,
        [
          `bank-order-${i}`,
          leg.from,
          leg.to,
          fixed ? 'FIXED' : 'FLOATING',
          deposit.toFixed(),
          payout.toFixed(),
          price.toFixed(),
          market.toFixed(),
          leg.fee,
          `dest-${i}`,
          new Date(T + i * 1000).toISOString(),
          referrer === null ? null : `bank${'abcdefgh'[referrer]}22222`,
          customer,
        ],
      );
    }
    const board = new FakePriceBoard(Object.fromEntries(Object.entries(prices).map(([k, v]) => [k, String(v)])));
    const replica = () => createRewards({ db, instruments: catalogueRepo(), priceBoard: board, money, now: () => new Date(clock), log: silent });
    clock = T + ORDERS * 1000 + 60_000;
    await Promise.all([replica().processDue(), replica().processDue(), replica().processDue()]);
    await replica().processDue();

    const rows = await q<{ order_id: string; spread: string | null; posted: string | null; paid: string; n: string | number }>(
      `SELECT o.order_id, o.realised_spread::text AS spread, o.rewards_posted_at::text AS posted, COALESCE(sum(l.amount), 0)::text AS paid, count(l.id) AS n
       FROM orders o LEFT JOIN ledger_transfers l ON l.order_id = o.order_id AND l.kind IN ('AFFILIATE_COMMISSION', 'CASHBACK')
       WHERE o.order_id LIKE 'bank-order-%' GROUP BY o.order_id, o.realised_spread, o.rewards_posted_at`,
    );
    expect(rows).toHaveLength(ORDERS);
    let capped = 0;
    let losses = 0;
    for (const r of rows) {
      expect(r.posted).not.toBeNull();
      expect(r.spread).not.toBeNull();
      const ceiling = Decimal.max(0, new D(r.spread as string));
      expect({ order: r.order_id, within: new D(r.paid).lte(ceiling) }).toEqual({ order: r.order_id, within: true });
      if (new D(r.spread as string).lte(0)) losses++;
      else if (new D(r.paid).gt(ceiling.mul('0.99'))) capped++;
    }
    // the mix really happened: orders paid up to their spread, and fixed-rate orders the market moved against
    expect(capped).toBeGreaterThan(20);
    expect(losses).toBeGreaterThan(5);
    // The realised spread is what the order says: the deposit at the market of the execution less payout and fee.
    const [one] = await q<{ deposit_amount: string; execution_market_price: string; payout_amount: string; network_fee: string; realised_spread: string }>(
      `SELECT deposit_amount::text, execution_market_price::text, payout_amount::text, network_fee::text, realised_spread::text FROM orders
       WHERE from_slug = 'btc' AND order_id LIKE 'bank-order-%' LIMIT 1`,
    );
    expect(new D(one.deposit_amount).mul(one.execution_market_price).minus(one.payout_amount).minus(one.network_fee).toFixed()).toBe(
      new D(one.realised_spread).toFixed(),
    );

    // Held until completion + 7 days, then released once by replicas side by side; the books still balance.
    const heldBefore = await q<{ s: string | null }>(`SELECT sum(balance)::text AS s FROM ledger_accounts WHERE kind = 'USER_HELD'`);
    const earned = await q<{ s: string | null }>(
      `SELECT sum(amount)::text AS s FROM ledger_transfers WHERE kind IN ('AFFILIATE_COMMISSION', 'CASHBACK') AND order_id LIKE 'bank-order-%'`,
    );
    expect(new D(heldBefore[0].s ?? 0).toFixed()).toBe(new D(earned[0].s ?? 0).toFixed());
    clock = T + ORDERS * 1000 + 7 * 86_400_000;
    await Promise.all([replica().processDue(), replica().processDue(), replica().processDue()]);
    const heldAfter = await q<{ s: string | null }>(`SELECT sum(balance)::text AS s FROM ledger_accounts WHERE kind = 'USER_HELD'`);
    expect(new D(heldAfter[0].s ?? 0).toFixed()).toBe('0');
    expect(await q(`SELECT id FROM ledger_transfers WHERE order_id LIKE 'bank-order-%' AND released_at IS NULL`)).toEqual([]);
    expect(await q(`SELECT transfer_id FROM ledger_entries GROUP BY transfer_id HAVING sum(amount) <> 0`)).toEqual([]);
    expect(
      await q(
        `SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(sum(e.amount), 0)`,
      ),
    ).toEqual([]);
    const released = await q<{ s: string | null }>(`SELECT sum(amount)::text AS s FROM ledger_transfers WHERE kind = 'REWARD_RELEASE'`);
    expect(new D(released[0].s ?? 0).toFixed()).toBe(new D(earned[0].s ?? 0).toFixed());
  }, 120_000);
});
