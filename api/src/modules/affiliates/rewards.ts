// Rewards on completed orders (issue 11): the referrer's commission and the account's cashback, both in USDT,
// posted once per order. The rewards job scans COMPLETED orders whose rewards_posted_at is NULL; each order's
// rewards and the mark are one transaction, and the transfer ids (`affiliate:<orderId>`, `cashback:<orderId>`)
// make a second posting impossible even if two replicas pick the same order. An order that cannot be priced yet
// (no USD price for its coin, an instrument gone from the catalogue) waits with backoff (rewards_next_attempt_at,
// 0019) and never holds up the orders behind it: a pass keeps taking batches until nothing due is left.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { MoneyConfig } from '../../config';
import type { Db } from '../../db/client';
import { D } from '../../lib/decimal';
import type { PriceBoard } from '../../realtime/types';
import type { InstrumentRepo } from '../instruments/repo';
import { LEDGER_CURRENCY, postTransfer, rowsOf } from './ledger';

const BATCH = 50;
/** A pass stops after this many batches (the next pass carries on): a bound on one pass's work. */
const MAX_BATCHES_PER_PASS = 20;
/** Backoff of an order that could not be priced: 1 min, doubling, at most 6 h; retried until it can be. */
const REWARDS_RETRY_BASE_MS = 60_000;
const REWARDS_RETRY_MAX_MS = 6 * 3600 * 1000;
/** USDT TRC20 has 6 decimals (catalogue precision): credits are rounded down to it. */
export const USDT_DECIMALS = 6;
const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000;

const floorUsdt = (d: Decimal.Value) => new D(d).toDecimalPlaces(USDT_DECIMALS, Decimal.ROUND_DOWN);

interface DueOrder {
  order_id: string;
  from_slug: string;
  to_slug: string;
  deposit_amount: string | null;
  claimed_deposit_amount: string;
  execution_price: string | null;
  referrer_id: string | null;
  user_id: number | string | null;
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

export function createRewards(deps: RewardsDeps) {
  const now = deps.now ?? (() => new Date());

  /**
   * Executed volume in USDT. The deposit (from-side) times the order's execution price gives the volume in the
   * receive currency at the rate the order was actually executed at; when that currency is USDT this is exact.
   * Otherwise the receive amount is converted with the price board's USD prices, read right after completion
   * (the job runs at the confirmation pace), so the conversion is at (nearly) the execution-time market.
   * A deposit of USDT is its own volume. Null when a price is missing (the order waits for the next pass).
   */
  function volumeOf(o: DueOrder): D | null {
    const from = deps.instruments.bySlug(o.from_slug);
    const to = deps.instruments.bySlug(o.to_slug);
    if (!from || !to) return null;
    const deposit = new D(o.deposit_amount ?? o.claimed_deposit_amount);
    if (from.currencyTitle === LEDGER_CURRENCY) return deposit;
    if (!o.execution_price) return null;
    const received = deposit.mul(o.execution_price);
    if (to.currencyTitle === LEDGER_CURRENCY) return received;
    const toUsd = deps.priceBoard.priceUsd(to.currencyTitle);
    const usdtUsd = deps.priceBoard.priceUsd(LEDGER_CURRENCY) ?? new D(1);
    if (!toUsd || usdtUsd.isZero()) return null;
    return received.mul(toUsd.toString()).div(usdtUsd.toString());
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

  /** 'unpriced': no USD price for the order yet (it is to be retried later). */
  async function postFor(orderId: string): Promise<'posted' | 'unpriced' | 'gone'> {
    return deps.db.transaction(async (tx) => {
      const [o] = await rowsOf<DueOrder>(
        tx,
        sql`SELECT order_id, from_slug, to_slug, deposit_amount, claimed_deposit_amount, execution_price, referrer_id, user_id
            FROM orders WHERE order_id = ${orderId} AND status = 'COMPLETED' AND rewards_posted_at IS NULL FOR UPDATE SKIP LOCKED`,
      );
      if (!o) return 'gone';
      const volume = volumeOf(o);
      if (!volume) return 'unpriced';
      const t = now();
      const customer = o.user_id === null ? null : Number(o.user_id);
      if (o.referrer_id) {
        const [owner] = await rowsOf<{ id: number | string }>(tx, sql`SELECT id FROM users WHERE affiliate_id = ${o.referrer_id}`);
        const referrer = owner ? Number(owner.id) : null;
        // Nobody earns commission on their own order (creation drops it too; this holds for older orders).
        if (referrer !== null && referrer !== customer) {
          const rate = new D(deps.money.affiliateCommission);
          await postTransfer(tx, {
            id: `affiliate:${orderId}`,
            kind: 'AFFILIATE_COMMISSION',
            currency: LEDGER_CURRENCY,
            userId: referrer,
            from: { userId: null, kind: 'PLATFORM_AFFILIATE_EXPENSE' },
            to: { userId: referrer, kind: 'USER_AVAILABLE' },
            amount: floorUsdt(volume.mul(rate)),
            orderId,
            volume,
            rate,
          });
        }
      }
      if (customer !== null) {
        // The tier is the one the account had reached before this order (its 30-day volume without it).
        const rate = tierRate(deps.money.cashbackTiers, await volume30d(tx, customer, t));
        await postTransfer(tx, {
          id: `cashback:${orderId}`,
          kind: 'CASHBACK',
          currency: LEDGER_CURRENCY,
          userId: customer,
          from: { userId: null, kind: 'PLATFORM_CASHBACK_EXPENSE' },
          to: { userId: customer, kind: 'USER_AVAILABLE' },
          amount: floorUsdt(volume.mul(rate)),
          orderId,
          volume,
          rate,
        });
      }
      await tx.execute(sql`UPDATE orders SET rewards_posted_at = ${t.toISOString()}::timestamptz WHERE order_id = ${orderId}`);
      return 'posted';
    });
  }

  return {
    /**
     * One pass of the rewards job: every due order (oldest completion first), batch after batch. An order that cannot
     * be priced or whose posting fails waits for its next attempt, so the next batch is made of other orders.
     */
    async processDue(): Promise<void> {
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
    },
  };
}
