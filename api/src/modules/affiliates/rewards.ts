// Rewards on completed orders (issue 11): the referrer's commission and the account's cashback, both in USDT,
// posted once per order. The rewards job scans COMPLETED orders whose rewards_posted_at is NULL; each order's
// rewards and the mark are one transaction, and the transfer ids (`affiliate:<orderId>`, `cashback:<orderId>`)
// make a second posting impossible even if two replicas pick the same order. An order that cannot be priced yet
// (no USD price for its coin, an instrument gone from the catalogue) waits with backoff (rewards_next_attempt_at,
// 0019) and never holds up the orders behind it: a pass keeps taking batches until nothing due is left.
//
// Issue 24 (economics that cannot be farmed):
// - commission and cashback are paid out of the order's realised spread (what the platform earned: the deposit at
//   the market rate of the execution, less the payout and the network fee it paid) and together never exceed it;
//   above it both are scaled down in proportion (the rates stay the programme's, the amounts are capped);
// - nobody earns commission on their own order, whatever the route: the referrer's account, email, visitor id or
//   one of its addresses (withdrawals, own orders' destination and refund addresses) on the order refuses it;
// - a referred account's order earns its referrer nothing unless the account's email was confirmed when the order
//   completed (no retroactive payment at confirmation);
// - a refused reward is not paid and its reason is recorded (reward_refusals) for support;
// - what is earned is held (USER_HELD) until the order's completion + AFFILIATE_HOLD_DAYS (a completed order can
//   no longer be refunded), then released to USER_AVAILABLE by the same job (`release:<transfer id>`);
// - at release the own-order checks run again: a commission whose order turns out to be the referrer's own (an
//   address, a visitor id or a sock puppet seen only after posting) is reversed to the platform instead
//   (`reverse:<transfer id>`, REWARD_REVERSAL, 0025) and the refusal recorded as reversed.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { MoneyConfig } from '../../config';
import type { Db } from '../../db/client';
import { D } from '../../lib/decimal';
import type { PriceBoard } from '../../realtime/types';
import type { InstrumentRecord, InstrumentRepo } from '../instruments';
import { rowsOf, type Tx } from '../../db/query';
import { LEDGER_CURRENCY, lockAccounts, postTransfer } from './ledger';

const BATCH = 50;
/** A pass stops after this many batches (the next pass carries on): a bound on one pass's work. */
const MAX_BATCHES_PER_PASS = 20;
/** Backoff of an order that could not be priced: 1 min, doubling, at most 6 h; retried until it can be. */
const REWARDS_RETRY_BASE_MS = 60_000;
const REWARDS_RETRY_MAX_MS = 6 * 3600 * 1000;
/** USDT TRC20 has 6 decimals (catalogue precision): credits are rounded down to it. */
export const USDT_DECIMALS = 6;
const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

const floorUsdt = (d: Decimal.Value) => new D(d).toDecimalPlaces(USDT_DECIMALS, Decimal.ROUND_DOWN);

/** Why a reward was not paid (reward_refusals.reason). */
export type RefusalReason = 'OWN_ACCOUNT' | 'OWN_EMAIL' | 'OWN_VISITOR_ID' | 'OWN_ADDRESS' | 'REFERRED_EMAIL_NOT_CONFIRMED';

interface DueOrder {
  order_id: string;
  from_slug: string;
  to_slug: string;
  deposit_amount: string | null;
  claimed_deposit_amount: string;
  execution_price: string | null;
  execution_market_price: string | null;
  payout_amount: string | null;
  amount_to_get: string;
  network_fee: string;
  referrer_id: string | null;
  user_id: number | string | null;
  user_email: string | null;
  browser_fingerprint: string | null;
  destination_address: string;
  refund_address: string | null;
  completed_at: Date | string | null;
}

export interface RewardsDeps {
  db: Db;
  instruments: InstrumentRepo;
  priceBoard: PriceBoard;
  money: MoneyConfig;
  now?: () => Date;
  log: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };
}

/** The cashback rate of a 30-day volume: the highest tier whose minimum it reaches. */
export function tierRate(tiers: MoneyConfig['cashbackTiers'], volume: D): D {
  let rate = new D(0);
  for (const t of tiers) if (volume.gte(t.minVolume)) rate = new D(t.rate);
  return rate;
}

/** The account's completed volume (USDT) over the 30 days before `at`: the volumes its cashbacks were computed on. */
export async function volume30d(db: Pick<Db, 'execute'>, userId: number, at: Date): Promise<D> {
  const since = new Date(at.getTime() - THIRTY_DAYS_MS);
  const [row] = await rowsOf<{ v: string | null }>(
    db,
    sql`SELECT sum(volume) AS v FROM ledger_transfers WHERE user_id = ${userId} AND kind = 'CASHBACK' AND created_at > ${since.toISOString()}::timestamptz`,
  );
  return new D(row?.v ?? 0);
}

/**
 * Commission and cashback out of a realised spread: each is its rate × volume (floored to the USDT unit); when
 * together they exceed the spread, both are scaled down in the same proportion so that their sum fits in it.
 * Returns the amounts and the rates actually applied. decimal.js only.
 */
export function shareOfSpread(
  spread: D,
  wanted: { commission: D | null; cashback: D | null },
  volume: D,
): { commission: { amount: D; rate: D } | null; cashback: { amount: D; rate: D } | null } {
  const raw = {
    commission: wanted.commission ? floorUsdt(volume.mul(wanted.commission)) : null,
    cashback: wanted.cashback ? floorUsdt(volume.mul(wanted.cashback)) : null,
  };
  const total = (raw.commission ?? new D(0)).plus(raw.cashback ?? new D(0));
  const ceiling = D.max(0, floorUsdt(spread));
  const factor = total.gt(ceiling) ? (total.isZero() ? new D(0) : ceiling.div(total)) : new D(1);
  const part = (amount: D | null, rate: D | null) =>
    amount === null || rate === null
      ? null
      : { amount: floorUsdt(amount.mul(factor)), rate: factor.eq(1) ? rate : rate.mul(factor).toSignificantDigits(12, Decimal.ROUND_DOWN) };
  return { commission: part(raw.commission, wanted.commission), cashback: part(raw.cashback, wanted.cashback) };
}

export function createRewards(deps: RewardsDeps) {
  const now = deps.now ?? (() => new Date());
  const holdMs = Math.round(deps.money.rewardHoldDays * DAY_MS);

  /** USD per unit of the instrument's currency on the price board (null: not priced). */
  const usd = (i: InstrumentRecord): D | null => {
    const p = deps.priceBoard.priceUsd(i.currencyTitle);
    return p ? new D(p.toString()) : null;
  };

  /**
   * Executed volume in USDT. The deposit (from-side) times the order's execution price gives the volume in the
   * receive currency at the rate the order was actually executed at; when that currency is USDT this is exact.
   * Otherwise the receive amount is converted with the price board's USD prices, read right after completion
   * (the job runs at the confirmation pace), so the conversion is at (nearly) the execution-time market.
   * A deposit of USDT is its own volume. Null when a price is missing (the order waits for the next pass).
   */
  function volumeOf(o: DueOrder, from: InstrumentRecord, to: InstrumentRecord): D | null {
    const deposit = new D(o.deposit_amount ?? o.claimed_deposit_amount);
    if (from.currencyTitle === LEDGER_CURRENCY) return deposit;
    if (!o.execution_price) return null;
    return toUsdt(deposit.mul(o.execution_price), o, from, to);
  }

  /** The market rate of the execution (TO per 1 FROM): recorded at execution, else the board's now. */
  function executionMarket(o: DueOrder, from: InstrumentRecord, to: InstrumentRecord): D | null {
    if (o.execution_market_price) return new D(o.execution_market_price);
    const f = usd(from);
    const t = usd(to);
    return f && t && !t.isZero() ? f.div(t) : null;
  }

  /** An amount of the receive currency in USDT. */
  function toUsdt(amount: D, o: DueOrder, from: InstrumentRecord, to: InstrumentRecord): D | null {
    if (to.currencyTitle === LEDGER_CURRENCY) return amount;
    if (from.currencyTitle === LEDGER_CURRENCY) {
      const market = executionMarket(o, from, to);
      return market && !market.isZero() ? amount.div(market) : null;
    }
    const toUsd = usd(to);
    const usdtUsd = deps.priceBoard.priceUsd(LEDGER_CURRENCY) ?? new D(1);
    if (!toUsd || usdtUsd.isZero()) return null;
    return amount.mul(toUsd).div(usdtUsd.toString());
  }

  /**
   * What the platform earned on the order, in USDT: the deposit at the market rate of the execution, less what was
   * paid out and the network fee of the payout (spread, platform fee and rounding; negative when a fixed rate lost).
   */
  function realisedSpreadOf(o: DueOrder, from: InstrumentRecord, to: InstrumentRecord): D | null {
    const market = executionMarket(o, from, to);
    if (!market) return null;
    const deposit = new D(o.deposit_amount ?? o.claimed_deposit_amount);
    const paid = new D(o.payout_amount ?? o.amount_to_get).plus(o.network_fee);
    return toUsdt(deposit.mul(market).minus(paid), o, from, to);
  }

  /** The reason the referrer may not earn on this order, or null. Reads the referrer's own traces. */
  async function ownOrder(tx: Tx, o: DueOrder, referrer: number): Promise<RefusalReason | null> {
    const customer = o.user_id === null ? null : Number(o.user_id);
    if (customer === referrer) return 'OWN_ACCOUNT';
    const [who] = await rowsOf<{ email: string; browser_fingerprint: string | null }>(
      tx,
      sql`SELECT email, browser_fingerprint FROM users WHERE id = ${referrer}`,
    );
    if (o.user_email && who && o.user_email.trim().toLowerCase() === who.email) return 'OWN_EMAIL';
    if (o.browser_fingerprint) {
      const fp = o.browser_fingerprint;
      const [seen] = await rowsOf(
        tx,
        sql`SELECT 1 WHERE ${who?.browser_fingerprint ?? null}::text = ${fp}
            OR EXISTS (SELECT 1 FROM sessions WHERE user_id = ${referrer} AND browser_fingerprint = ${fp})
            OR EXISTS (SELECT 1 FROM orders WHERE user_id = ${referrer} AND browser_fingerprint = ${fp})`,
      );
      if (seen) return 'OWN_VISITOR_ID';
    }
    // A referred account used from the referrer's own browser (a sock puppet): a visitor id both accounts signed in
    // or registered with.
    if (customer !== null) {
      const [shared] = await rowsOf(
        tx,
        sql`SELECT 1 FROM (SELECT browser_fingerprint AS f FROM sessions WHERE user_id = ${customer}
                           UNION SELECT browser_fingerprint FROM users WHERE id = ${customer}) c
            JOIN (SELECT browser_fingerprint AS f FROM sessions WHERE user_id = ${referrer}
                  UNION SELECT browser_fingerprint FROM users WHERE id = ${referrer}) r ON r.f = c.f
            WHERE c.f IS NOT NULL AND c.f <> '' LIMIT 1`,
      );
      if (shared) return 'OWN_VISITOR_ID';
    }
    const addresses = [o.destination_address, o.refund_address].filter((a): a is string => !!a);
    if (addresses.length > 0) {
      const list = sql.join(
        addresses.map((a) => sql`${a}`),
        sql`, `,
      );
      const [seen] = await rowsOf(
        tx,
        sql`SELECT 1 WHERE EXISTS (SELECT 1 FROM withdrawals WHERE user_id = ${referrer} AND address IN (${list}))
            OR EXISTS (SELECT 1 FROM orders WHERE user_id = ${referrer} AND order_id <> ${o.order_id}
                       AND (destination_address IN (${list}) OR refund_address IN (${list})))`,
      );
      if (seen) return 'OWN_ADDRESS';
    }
    return null;
  }

  /** Whether the referred account's email was confirmed when the order completed (guests: no account, true). */
  async function referredConfirmed(tx: Tx, o: DueOrder): Promise<boolean> {
    if (o.user_id === null) return true;
    const [u] = await rowsOf<{ ok: boolean }>(
      tx,
      sql`SELECT (email_confirmed_at IS NOT NULL AND email_confirmed_at <= COALESCE(${o.completed_at ? new Date(o.completed_at).toISOString() : null}::timestamptz, now())) AS ok
          FROM users WHERE id = ${Number(o.user_id)}`,
    );
    return u?.ok === true;
  }

  async function refuse(tx: Tx, o: DueOrder, kind: 'AFFILIATE_COMMISSION' | 'CASHBACK', userId: number | null, reason: RefusalReason): Promise<void> {
    await tx.execute(
      sql`INSERT INTO reward_refusals (order_id, kind, user_id, reason, created_at) VALUES (${o.order_id}, ${kind}, ${userId}, ${reason}, ${now().toISOString()}::timestamptz)
          ON CONFLICT (order_id, kind) DO NOTHING`,
    );
    deps.log.info({ orderId: o.order_id, kind, userId, reason }, 'rewards: not paid');
  }

  /** The order's next attempt after a failed one (`attempts` failures so far, this one included). */
  function nextAttemptAt(attempts: number, t: Date): Date {
    const delay = Math.min(REWARDS_RETRY_BASE_MS * 2 ** Math.min(attempts - 1, 30), REWARDS_RETRY_MAX_MS);
    return new Date(t.getTime() + delay);
  }

  /** Puts the order back with backoff: the job skips it until its next attempt. */
  async function postpone(orderId: string): Promise<void> {
    const [row] = await rowsOf<{ rewards_attempts: number }>(
      deps.db,
      sql`UPDATE orders SET rewards_attempts = rewards_attempts + 1 WHERE order_id = ${orderId} RETURNING rewards_attempts`,
    );
    const attempts = row?.rewards_attempts ?? 1;
    const next = nextAttemptAt(attempts, now());
    await deps.db.execute(sql`UPDATE orders SET rewards_next_attempt_at = ${next.toISOString()}::timestamptz WHERE order_id = ${orderId}`);
    deps.log.warn({ orderId, attempts, nextAttemptAt: next.toISOString() }, 'rewards: the order cannot be priced yet; retried later');
  }

  /** The order a held commission was paid on, as the own-order checks read it (null: not found). */
  async function orderOf(tx: Tx, orderId: string): Promise<DueOrder | null> {
    const [o] = await rowsOf<DueOrder>(
      tx,
      sql`SELECT order_id, from_slug, to_slug, deposit_amount, claimed_deposit_amount, execution_price, execution_market_price, payout_amount,
                 amount_to_get, network_fee, referrer_id, user_id, user_email, browser_fingerprint, destination_address, refund_address, completed_at
          FROM orders WHERE order_id = ${orderId}`,
    );
    return o ?? null;
  }

  /** 'unpriced': no USD price for the order yet (it is to be retried later). */
  async function postFor(orderId: string): Promise<'posted' | 'unpriced' | 'gone'> {
    return deps.db.transaction(async (tx) => {
      const [o] = await rowsOf<DueOrder>(
        tx,
        sql`SELECT order_id, from_slug, to_slug, deposit_amount, claimed_deposit_amount, execution_price, execution_market_price, payout_amount,
                   amount_to_get, network_fee, referrer_id, user_id, user_email, browser_fingerprint, destination_address, refund_address, completed_at
            FROM orders WHERE order_id = ${orderId} AND status = 'COMPLETED' AND rewards_posted_at IS NULL FOR UPDATE SKIP LOCKED`,
      );
      if (!o) return 'gone';
      const from = deps.instruments.bySlug(o.from_slug);
      const to = deps.instruments.bySlug(o.to_slug);
      if (!from || !to) return 'unpriced';
      const volume = volumeOf(o, from, to);
      const spread = realisedSpreadOf(o, from, to);
      if (!volume || !spread) return 'unpriced';
      const t = now();
      const completedAt = o.completed_at ? new Date(o.completed_at) : t;
      const customer = o.user_id === null ? null : Number(o.user_id);

      // Who may earn what on this order (before the spread's ceiling).
      let referrer: number | null = null;
      if (o.referrer_id) {
        const [owner] = await rowsOf<{ id: number | string }>(tx, sql`SELECT id FROM users WHERE affiliate_id = ${o.referrer_id}`);
        referrer = owner ? Number(owner.id) : null;
      }
      let commissionRate: D | null = null;
      if (referrer !== null) {
        const refusal = (await ownOrder(tx, o, referrer)) ?? ((await referredConfirmed(tx, o)) ? null : 'REFERRED_EMAIL_NOT_CONFIRMED');
        if (refusal) await refuse(tx, o, 'AFFILIATE_COMMISSION', referrer, refusal);
        else commissionRate = new D(deps.money.affiliateCommission);
      }
      // The tier is the one the account had reached before this order (its 30-day volume without it).
      const cashbackRate = customer === null ? null : tierRate(deps.money.cashbackTiers, await volume30d(tx, customer, t));

      const paid = shareOfSpread(spread, { commission: commissionRate, cashback: cashbackRate }, volume);
      const availableAt = new Date(completedAt.getTime() + holdMs);
      // No hold (AFFILIATE_HOLD_DAYS=0, or a hold already over): straight to the withdrawable balance.
      const held = availableAt.getTime() > t.getTime();
      const credit = async (id: string, kind: 'AFFILIATE_COMMISSION' | 'CASHBACK', userId: number, share: { amount: D; rate: D }) => {
        await postTransfer(tx, {
          id,
          kind,
          currency: LEDGER_CURRENCY,
          userId,
          from: { userId: null, kind: kind === 'CASHBACK' ? 'PLATFORM_CASHBACK_EXPENSE' : 'PLATFORM_AFFILIATE_EXPENSE' },
          to: { userId, kind: creditTo },
          amount: share.amount,
          orderId,
          volume,
          rate: share.rate,
        });
        await tx.execute(
          sql`UPDATE ledger_transfers SET available_at = ${availableAt.toISOString()}::timestamptz,
                     released_at = ${held && !share.amount.isZero() ? null : t.toISOString()}::timestamptz
              WHERE id = ${id}`,
        );
      };
      const creditTo = held ? ('USER_HELD' as const) : ('USER_AVAILABLE' as const);
      await lockAccounts(tx, LEDGER_CURRENCY, [
        ...(referrer !== null && paid.commission
          ? [
              { userId: null, kind: 'PLATFORM_AFFILIATE_EXPENSE' as const },
              { userId: referrer, kind: creditTo },
            ]
          : []),
        ...(customer !== null && paid.cashback
          ? [
              { userId: null, kind: 'PLATFORM_CASHBACK_EXPENSE' as const },
              { userId: customer, kind: creditTo },
            ]
          : []),
      ]);
      if (referrer !== null && paid.commission) await credit(`affiliate:${orderId}`, 'AFFILIATE_COMMISSION', referrer, paid.commission);
      if (customer !== null && paid.cashback) await credit(`cashback:${orderId}`, 'CASHBACK', customer, paid.cashback);
      await tx.execute(
        sql`UPDATE orders SET rewards_posted_at = ${t.toISOString()}::timestamptz, realised_spread = ${spread.toFixed()}::numeric WHERE order_id = ${orderId}`,
      );
      return 'posted';
    });
  }

  /**
   * Releases held rewards whose hold is over (USER_HELD → USER_AVAILABLE), once each; a commission that the own-order
   * checks now refuse is reversed to the platform instead. Returns how many were settled either way.
   */
  async function releaseDue(): Promise<number> {
    let released = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
      const t = now();
      const n = await deps.db.transaction(async (tx) => {
        const due = await rowsOf<{ id: string; kind: string; user_id: number | string; amount: string; order_id: string | null }>(
          tx,
          sql`SELECT id, kind, user_id, amount, order_id FROM ledger_transfers
              WHERE released_at IS NULL AND kind IN ('AFFILIATE_COMMISSION', 'CASHBACK') AND available_at <= ${t.toISOString()}::timestamptz
              ORDER BY available_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
        );
        await lockAccounts(
          tx,
          LEDGER_CURRENCY,
          due.flatMap((r) => [
            { userId: Number(r.user_id), kind: 'USER_HELD' as const },
            { userId: Number(r.user_id), kind: 'USER_AVAILABLE' as const },
            ...(r.kind === 'AFFILIATE_COMMISSION' ? [{ userId: null, kind: 'PLATFORM_AFFILIATE_EXPENSE' as const }] : []),
          ]),
        );
        for (const r of due) {
          const userId = Number(r.user_id);
          const order = r.kind === 'AFFILIATE_COMMISSION' && r.order_id ? await orderOf(tx, r.order_id) : null;
          const refusal = order ? await ownOrder(tx, order, userId) : null;
          if (order && refusal) {
            await postTransfer(tx, {
              id: `reverse:${r.id}`,
              kind: 'REWARD_REVERSAL',
              currency: LEDGER_CURRENCY,
              userId,
              from: { userId, kind: 'USER_HELD' },
              to: { userId: null, kind: 'PLATFORM_AFFILIATE_EXPENSE' },
              amount: new D(r.amount),
              orderId: order.order_id,
            });
            await tx.execute(sql`UPDATE ledger_transfers SET released_at = ${t.toISOString()}::timestamptz WHERE id = ${r.id}`);
            await tx.execute(
              sql`INSERT INTO reward_refusals (order_id, kind, user_id, reason, created_at, reversed)
                  VALUES (${order.order_id}, 'AFFILIATE_COMMISSION', ${userId}, ${refusal}, ${t.toISOString()}::timestamptz, true)
                  ON CONFLICT (order_id, kind) DO UPDATE SET reason = EXCLUDED.reason, reversed = true`,
            );
            deps.log.info({ orderId: order.order_id, userId, reason: refusal }, 'rewards: held commission reversed (own order found at release)');
            continue;
          }
          await postTransfer(tx, {
            id: `release:${r.id}`,
            kind: 'REWARD_RELEASE',
            currency: LEDGER_CURRENCY,
            userId,
            from: { userId, kind: 'USER_HELD' },
            to: { userId, kind: 'USER_AVAILABLE' },
            amount: new D(r.amount),
          });
          await tx.execute(sql`UPDATE ledger_transfers SET released_at = ${t.toISOString()}::timestamptz WHERE id = ${r.id}`);
        }
        return due.length;
      });
      released += n;
      if (n < BATCH) break;
    }
    return released;
  }

  return {
    /**
     * One pass of the rewards job: every due order (oldest completion first), batch after batch. An order that cannot
     * be priced or whose posting fails waits for its next attempt, so the next batch is made of other orders. Then the
     * held rewards whose hold is over are released.
     */
    async processDue(): Promise<void> {
      await postDue();
      await releaseDue().catch((err) => deps.log.error({ err }, 'rewards: releasing held rewards failed'));
    },
    releaseDue,
  };

  async function postDue(): Promise<void> {
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
      const due = await rowsOf<{ order_id: string }>(
        deps.db,
        sql`SELECT order_id FROM orders WHERE status = 'COMPLETED' AND rewards_posted_at IS NULL
            AND (rewards_next_attempt_at IS NULL OR rewards_next_attempt_at <= ${now().toISOString()}::timestamptz)
            ORDER BY completed_at LIMIT ${BATCH}`,
      );
      let moved = 0;
      for (const { order_id } of due) {
        try {
          const result = await postFor(order_id);
          if (result === 'unpriced') await postpone(order_id);
          if (result !== 'gone') moved++;
        } catch (err) {
          deps.log.error({ err, orderId: order_id }, 'rewards: posting failed');
          await postpone(order_id).catch((e) => deps.log.error({ err: e, orderId: order_id }, 'rewards: could not postpone the order'));
          moved++;
        }
      }
      // Fewer than a batch: nothing else is due. None moved: the rest is another replica's (locked) this instant.
      if (due.length < BATCH || moved === 0) return;
    }
  }
}
