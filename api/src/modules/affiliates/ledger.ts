// The double-entry ledger (issue 11): every movement of an account's money is a transfer whose entries sum to
// zero, posted in one database transaction. The transfer id is the idempotency key: posting the same id twice
// posts once. Balances are updated in the same transaction, and the CHECK of 0009_ledger.sql keeps a user's
// balance from going below zero whatever the callers do.
import { sql } from 'drizzle-orm';
import { rowsOf, type Runner, type Tx } from '../../db/query';
import { D } from '../../lib/decimal';

/** USER_HELD (issue 24): earned, not withdrawable before its hold is over (rewards.ts releases it to USER_AVAILABLE). */
type AccountKind = 'USER_AVAILABLE' | 'USER_HELD' | 'USER_PENDING_WITHDRAWAL' | 'PLATFORM_AFFILIATE_EXPENSE' | 'PLATFORM_CASHBACK_EXPENSE' | 'PAYOUTS_SENT';
type TransferKind = 'AFFILIATE_COMMISSION' | 'CASHBACK' | 'REWARD_RELEASE' | 'REWARD_REVERSAL' | 'WITHDRAWAL_HOLD' | 'WITHDRAWAL_POST' | 'WITHDRAWAL_VOID';

/** The ledger's currency of account money: USDT (paid out on TRC20). */
export const LEDGER_CURRENCY = 'USDT';

interface AccountRef {
  /** null: a platform account. */
  userId: number | null;
  kind: AccountKind;
}

export interface TransferSpec {
  id: string;
  kind: TransferKind;
  currency: string;
  userId: number;
  /** Moves `amount` (≥ 0) from `from` to `to`. A zero amount records the transfer without entries. */
  from: AccountRef;
  to: AccountRef;
  amount: D;
  orderId?: string | null;
  withdrawalId?: string | null;
  volume?: D | null;
  rate?: D | null;
}

/** PostgreSQL's check_violation: the non-negative balance CHECK refused an entry. */
export function isCheckViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23514') return true;
  }
  return false;
}

/**
 * Creates (when missing) and locks the accounts, in id order. A transaction that posts several transfers locks all
 * their accounts with one call first: locking them transfer by transfer would take them in an order two concurrent
 * transactions can cross (a deadlock on PostgreSQL).
 */
export async function lockAccounts(tx: Tx, currency: string, refs: AccountRef[]): Promise<Map<string, number>> {
  return refs.length === 0 ? new Map() : accountIds(tx, currency, refs);
}

async function accountIds(tx: Tx, currency: string, refs: AccountRef[]): Promise<Map<string, number>> {
  for (const r of [...refs].sort((a, b) => refKey(a).localeCompare(refKey(b)))) {
    await tx.execute(sql`INSERT INTO ledger_accounts (user_id, kind, currency) VALUES (${r.userId}, ${r.kind}, ${currency}) ON CONFLICT DO NOTHING`);
  }
  const conds = refs.map((r) => sql`(user_id IS NOT DISTINCT FROM ${r.userId}::bigint AND kind = ${r.kind})`);
  // Locked in id order, the same order for every transfer, so two transfers never wait on each other in a cycle.
  const rows = await rowsOf<{ id: number | string; user_id: number | string | null; kind: string }>(
    tx,
    sql`SELECT id, user_id, kind FROM ledger_accounts WHERE currency = ${currency} AND (${sql.join(conds, sql` OR `)}) ORDER BY id FOR UPDATE`,
  );
  return new Map(rows.map((r) => [`${r.user_id === null ? '' : Number(r.user_id)}:${r.kind}`, Number(r.id)]));
}

const refKey = (r: AccountRef) => `${r.userId ?? ''}:${r.kind}`;

/**
 * Posts the transfer inside `tx` (the caller's transaction). Returns false when a transfer with this id was
 * already posted (nothing changes). Throws the database's check violation when a user's balance would go negative.
 */
export async function postTransfer(tx: Tx, t: TransferSpec): Promise<boolean> {
  if (t.amount.isNegative()) throw new Error(`transfer ${t.id}: negative amount`);
  const inserted = await rowsOf<{ id: string }>(
    tx,
    sql`INSERT INTO ledger_transfers (id, kind, currency, amount, user_id, order_id, withdrawal_id, volume, rate)
        VALUES (${t.id}, ${t.kind}, ${t.currency}, ${t.amount.toFixed()}::numeric, ${t.userId}, ${t.orderId ?? null}, ${t.withdrawalId ?? null},
                ${t.volume ? t.volume.toFixed() : null}::numeric, ${t.rate ? t.rate.toFixed() : null}::numeric)
        ON CONFLICT (id) DO NOTHING RETURNING id`,
  );
  if (inserted.length === 0) return false;
  if (t.amount.isZero()) return true;
  const ids = await accountIds(tx, t.currency, [t.from, t.to]);
  const legs: Array<[AccountRef, D]> = [
    [t.from, t.amount.negated()],
    [t.to, t.amount],
  ];
  for (const [ref, amount] of legs) {
    const accountId = ids.get(refKey(ref));
    if (accountId === undefined) throw new Error(`ledger account ${refKey(ref)} ${t.currency} missing`);
    await tx.execute(sql`UPDATE ledger_accounts SET balance = balance + ${amount.toFixed()}::numeric WHERE id = ${accountId}`);
    await tx.execute(sql`INSERT INTO ledger_entries (transfer_id, account_id, amount) VALUES (${t.id}, ${accountId}, ${amount.toFixed()}::numeric)`);
  }
  return true;
}

export interface UserBalance {
  /** Withdrawable. */
  available: D;
  /** Earned, still in its hold (issue 24). */
  held: D;
  pending: D;
  /** Whether the account has ever held this currency (ERR_BALANCE_NOT_FOUND otherwise). */
  exists: boolean;
}

export async function userBalance(runner: Runner, userId: number, currency: string): Promise<UserBalance> {
  const rows = await rowsOf<{ kind: AccountKind; balance: string }>(
    runner,
    sql`SELECT kind, balance FROM ledger_accounts WHERE user_id = ${userId} AND currency = ${currency}`,
  );
  const of = (kind: AccountKind) => new D(rows.find((r) => r.kind === kind)?.balance ?? 0);
  return {
    available: of('USER_AVAILABLE'),
    held: of('USER_HELD'),
    pending: of('USER_PENDING_WITHDRAWAL'),
    exists: rows.some((r) => r.kind === 'USER_AVAILABLE' || r.kind === 'USER_HELD'),
  };
}
