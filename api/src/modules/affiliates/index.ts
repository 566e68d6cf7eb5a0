// The affiliates module (issue 11): the double-entry ledger of the account's money, referrer ids, commission and
// cashback on completed orders, balances, and USDT withdrawals paid out through the custody adapter.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ApiError, apiRoutes, type AffiliateProgram, type Balance, type LedgerEntry, type RewardKind } from 'shared-contracts/server';
import type { CustodyAdapter } from '../../adapters/custody/types';
import type { ModuleConfig } from '../../config';
import type { DbHandle } from '../../db/client';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import { createOrderJob } from '../../jobs/orderJob';
import { D, money } from '../../lib/decimal';
import type { PriceBoard } from '../../realtime/types';
import { type AuthUser, requireConfirmedEmail, requireStepUp } from '../accounts';
import type { InstrumentRepo } from '../instruments';
import type { ReferrerDirectory } from '../orders';
import { rowsOf } from '../../db/query';
import { LEDGER_CURRENCY, userBalance } from './ledger';
import { createRewards, tierRate, volume30d } from './rewards';
import { createWithdrawals, usdt, WITHDRAWAL_NETWORK } from './withdrawals';

export interface AffiliatesModuleDeps {
  db: DbHandle;
  instruments: InstrumentRepo;
  priceBoard: PriceBoard;
  custody: CustodyAdapter;
}

export interface AffiliatesModule {
  /** Referrer ids for order creation (§8 unknown referrerAffiliateId, self-referral, registration's referrer). */
  referrers: ReferrerDirectory;
  /** The account's referrer id, made on first use. */
  referrerIdOf(userId: number): Promise<string>;
  /** Cashback each of these orders earned its account (USDT), for the order history. */
  cashbackOf(orderIds: readonly string[]): Promise<ReadonlyMap<string, string>>;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const AFFILIATE_ID_LENGTH = 10;
const AFFILIATE_ID = /^[a-z2-7]{10}$/;

/** 10 characters of base32 from crypto random (50 bits): public, unguessable enough to not enumerate accounts. */
function newAffiliateId(): string {
  const bytes = randomBytes(AFFILIATE_ID_LENGTH);
  let id = '';
  for (const b of bytes) id += BASE32[b & 31];
  return id;
}

/** §7 accruals show someone else's order: its first and last characters only. */
const maskOrderId = (id: string) => (id.length <= 8 ? '****' : `${id.slice(0, 4)}****${id.slice(-4)}`);

function signedIn(user: AuthUser | null): AuthUser {
  if (!user) throw ApiError.of('ERR_UNAUTHORIZED', 'Sign in required');
  return user;
}

interface RewardRow {
  id: string;
  kind: RewardKind;
  currency: string;
  amount: string;
  order_id: string;
  volume: string;
  rate: string;
  created_at: Date | string;
}

/** Cashback per order id (USDT), read straight from the ledger (the order history uses it too). */
async function cashbackByOrder(db: DbHandle, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const ids = orderIds.map((id) => `cashback:${id}`);
  const rows = await rowsOf<{ order_id: string; amount: string }>(
    db.db,
    sql`SELECT order_id, amount FROM ledger_transfers WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.order_id, usdt(r.amount)]));
}

export function registerAffiliatesModule(
  app: FastifyInstance,
  config: ModuleConfig<'affiliates'>,
  deps: AffiliatesModuleDeps,
  opts: RegisterOptions,
): AffiliatesModule {
  const db = deps.db.db;
  const log = app.log;
  const rewards = createRewards({ db, instruments: deps.instruments, priceBoard: deps.priceBoard, money: config.money, log });
  const withdrawals = createWithdrawals({ db, instruments: deps.instruments, custody: deps.custody, money: config.money, log });

  const ownerOf = async (referrerId: string): Promise<number | null> => {
    if (!AFFILIATE_ID.test(referrerId)) return null;
    const [row] = await rowsOf<{ id: number | string }>(db, sql`SELECT id FROM users WHERE affiliate_id = ${referrerId}`);
    return row ? Number(row.id) : null;
  };
  const referrers: ReferrerDirectory = {
    exists: async (id) => (await ownerOf(id)) !== null,
    ownerOf,
    referrerOfAccount: async (userId) => {
      const [row] = await rowsOf<{ referrer_affiliate_id: string | null }>(db, sql`SELECT referrer_affiliate_id FROM users WHERE id = ${userId}`);
      const id = row?.referrer_affiliate_id ?? null;
      // Only an id that names an account attributes orders (registration stores what the client sent).
      return id && (await ownerOf(id)) !== null ? id : null;
    },
  };

  async function referrerIdOf(userId: number): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await rowsOf<{ affiliate_id: string | null }>(
        db,
        sql`UPDATE users SET affiliate_id = COALESCE(affiliate_id, ${newAffiliateId()}) WHERE id = ${userId} RETURNING affiliate_id`,
      ).catch((err) => {
        // A collision with another account's id (unique index): try another.
        if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') return [];
        throw err;
      });
      if (row?.affiliate_id) return row.affiliate_id;
      if (row === undefined) {
        const [exists] = await rowsOf(db, sql`SELECT 1 FROM users WHERE id = ${userId}`);
        if (!exists) throw ApiError.of('ERR_NOT_FOUND', 'Account not found');
      }
    }
    throw new Error('could not allocate an affiliate id');
  }

  async function rewardsOf(userId: number, kind: RewardKind): Promise<LedgerEntry[]> {
    const rows = await rowsOf<RewardRow>(
      db,
      sql`SELECT id, kind, currency, amount, order_id, volume, rate, created_at FROM ledger_transfers
          WHERE user_id = ${userId} AND kind = ${kind} ORDER BY created_at DESC, id DESC LIMIT 500`,
    );
    return rows.map((r) => ({
      // The transfer id names the order; the public id does not.
      id: createHash('sha256').update(r.id).digest('hex').slice(0, 16),
      kind: r.kind,
      currencyTitle: r.currency,
      amount: usdt(r.amount),
      orderId: kind === 'AFFILIATE_COMMISSION' ? maskOrderId(r.order_id) : r.order_id,
      volume: money(new D(r.volume).toDecimalPlaces(6)),
      rate: money(r.rate),
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }

  async function balances(userId: number): Promise<Balance[]> {
    const b = await userBalance(db, userId, LEDGER_CURRENCY);
    // Always the USDT line (zero before the first credit), so the wallet has something to show.
    return [{ currencyTitle: LEDGER_CURRENCY, networkTitle: WITHDRAWAL_NETWORK, amount: usdt(b.available), held: usdt(b.held), pending: usdt(b.pending) }];
  }

  async function program(userId: number): Promise<AffiliateProgram> {
    const volume = await volume30d(db, userId, new Date());
    return {
      commissionRate: money(config.money.affiliateCommission),
      cashbackTiers: config.money.cashbackTiers.map((t) => ({ minVolume: money(t.minVolume), rate: money(t.rate) })),
      volume30d: money(volume.toDecimalPlaces(6)),
      cashbackRate: money(tierRate(config.money.cashbackTiers, volume)),
      withdrawalMin: money(config.money.withdrawalMin),
      withdrawalCurrency: { currencyTitle: LEDGER_CURRENCY, networkTitle: WITHDRAWAL_NETWORK },
      holdDays: config.money.rewardHoldDays,
    };
  }

  const me = (user: AuthUser | null) => signedIn(user).userId;
  registerRoute(app, apiRoutes.affiliateReferrerId, async ({ request }) => ({ referrerId: await referrerIdOf(me(request.user)) }), opts);
  registerRoute(app, apiRoutes.affiliateProgram, ({ request }) => program(me(request.user)), opts);
  registerRoute(app, apiRoutes.affiliateBalances, ({ request }) => balances(me(request.user)), opts);
  registerRoute(app, apiRoutes.affiliateAccruals, ({ request }) => rewardsOf(me(request.user), 'AFFILIATE_COMMISSION'), opts);
  registerRoute(app, apiRoutes.affiliateCashbacks, ({ request }) => rewardsOf(me(request.user), 'CASHBACK'), opts);
  registerRoute(app, apiRoutes.affiliateWithdrawals, ({ request }) => withdrawals.list(me(request.user)), opts);

  const rewardsJob = createOrderJob({ processDue: rewards.processDue, intervalMs: Math.min(config.confirmationIntervalMs, 1000), log });
  const withdrawalJob = createOrderJob({
    processDue: withdrawals.processDue,
    intervalMs: Math.max(20, Math.min(config.money.withdrawalPayoutDelayMs || 1000, 1000)),
    log,
  });
  registerRoute(
    app,
    apiRoutes.affiliateWithdraw,
    async ({ request, body }) => {
      // Issue 24: a withdrawal takes effect only for a confirmed email and needs a recent sign-in or step-up (15 min).
      const user = requireStepUp(requireConfirmedEmail(request.user));
      const record = await withdrawals.request(user.userId, request.headers['idempotency-key'], body);
      if (config.money.withdrawalPayoutDelayMs === 0) withdrawalJob.kick();
      return record;
    },
    opts,
  );
  app.addHook('onReady', async () => {
    rewardsJob.start();
    withdrawalJob.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all([rewardsJob.stop(), withdrawalJob.stop()]);
  });

  return {
    referrers,
    referrerIdOf,
    cashbackOf: (orderIds) => cashbackByOrder(deps.db, orderIds),
  };
}
