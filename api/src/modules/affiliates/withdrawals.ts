// USDT withdrawals (issue 11; §3 withdrawal payload, §5 address rule, §7, §8 errors), two-phase in the ledger:
// the request holds the amount (USER_AVAILABLE → USER_PENDING_WITHDRAWAL) in the same transaction as the
// withdrawal row; the withdrawal job pays out through custody after the payout delay and then posts it
// (→ PAYOUTS_SENT, COMPLETED) or, when custody definitively refuses, voids it (→ USER_AVAILABLE, FAILED).
// A transient custody error leaves it PROCESSING; it is retried with the same payout key, so it never pays twice.
import { createHash, randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { ApiError, type WithdrawalPayload, type WithdrawalRecord } from 'shared-contracts/server';
import { PayoutRejected, type CustodyAdapter } from '../../adapters/custody/types';
import type { MoneyConfig } from '../../config';
import type { Db } from '../../db/client';
import { D, money } from '../../lib/decimal';
import type { InstrumentRecord, InstrumentRepo } from '../instruments';
import { rowsOf, type Tx } from '../../db/query';
import { isCheckViolation, LEDGER_CURRENCY, postTransfer } from './ledger';
import { USDT_DECIMALS } from './rewards';
import { isValidWithdrawalAddress } from './tronAddress';

export const WITHDRAWAL_NETWORK = 'TRC20';
const BATCH = 20;
/** How long a claimed withdrawal is left to its payout call before another pass may take it over. */
const CLAIM_LEASE_MS = 60_000;
const MAX_RETRY_DELAY_MS = 5 * 60_000;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,128}$/;

interface WithdrawalRow {
  id: string;
  user_id: number | string;
  request_hash: string;
  currency_title: string;
  network_title: string;
  address: string;
  amount: string;
  status: WithdrawalRecord['status'];
  tx_hash: string | null;
  failure_reason: string | null;
  attempts: number;
  created_at: Date | string;
  completed_at: Date | string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function toWithdrawalRecord(r: WithdrawalRow): WithdrawalRecord {
  return {
    id: r.id,
    currencyTitle: r.currency_title,
    networkTitle: r.network_title,
    address: r.address,
    amount: money(r.amount),
    status: r.status,
    createdAt: iso(r.created_at),
    txHash: r.tx_hash,
    completedAt: r.completed_at ? iso(r.completed_at) : null,
    failureReason: r.failure_reason,
  };
}

const invalid = (field: string, message: string) => ApiError.of('ERR_VALIDATION', `Invalid body.${field}: ${message}`, { fields: { [field]: message } });

/** Short form of an address for info logs (the full address only at debug). */
const maskAddress = (a: string) => (a.length > 10 ? `${a.slice(0, 4)}…${a.slice(-4)}` : '…');

export interface WithdrawalsDeps {
  db: Db;
  instruments: InstrumentRepo;
  custody: CustodyAdapter;
  money: MoneyConfig;
  now?: () => Date;
  log: {
    info(obj: unknown, msg?: string): void;
    warn(obj: unknown, msg?: string): void;
    error(obj: unknown, msg?: string): void;
    debug(obj: unknown, msg?: string): void;
  };
}

export function createWithdrawals(deps: WithdrawalsDeps) {
  const now = deps.now ?? (() => new Date());
  const { db, log } = deps;

  function usdtInstrument(): InstrumentRecord {
    const i = deps.instruments.byTitles(LEDGER_CURRENCY, WITHDRAWAL_NETWORK);
    // issue 28: inactive too when SANDBOX_MODE is off and no real custody moves it (only real networks are offered)
    if (!i?.isActive) throw ApiError.of('ERR_NETWORK_NOT_SUPPORTED', `${LEDGER_CURRENCY} on ${WITHDRAWAL_NETWORK} is not available`);
    return i;
  }

  /** §5/§8 checks of the payload, in the order a client sees them. Returns the amount. */
  function check(body: WithdrawalPayload): D {
    if (body.currencyTitle.toUpperCase() !== LEDGER_CURRENCY || body.networkTitle.toUpperCase() !== WITHDRAWAL_NETWORK) {
      throw ApiError.of('ERR_NETWORK_NOT_SUPPORTED', `Withdrawals are paid in ${LEDGER_CURRENCY} on ${WITHDRAWAL_NETWORK} only`);
    }
    if (!isValidWithdrawalAddress(body.address)) invalidAddress();
    const amount = new D(body.amount);
    if (!amount.isFinite() || amount.lte(0)) throw invalid('amount', 'must be greater than 0');
    if (amount.decimalPlaces() > USDT_DECIMALS) throw invalid('amount', `at most ${USDT_DECIMALS} decimals`);
    // §8: the client reads the first number of this message as the minimum.
    if (amount.lt(deps.money.withdrawalMin)) {
      throw ApiError.of('ERR_WITHDRAWAL_TOO_SMALL', `Minimum withdrawal is ${money(deps.money.withdrawalMin)} ${LEDGER_CURRENCY}`, {
        details: { minAmount: money(deps.money.withdrawalMin) },
      });
    }
    return amount;
  }
  function invalidAddress(): never {
    throw invalid('address', `not a ${LEDGER_CURRENCY} ${WITHDRAWAL_NETWORK} address`);
  }

  async function byKey(tx: Pick<Db, 'execute'>, userId: number, key: string): Promise<WithdrawalRow | undefined> {
    const [row] = await rowsOf<WithdrawalRow>(tx, sql`SELECT * FROM withdrawals WHERE user_id = ${userId} AND idempotency_key = ${key}`);
    return row;
  }

  /** POST /api/v1/affiliates/withdrawals: holds the amount and records the withdrawal (PENDING). */
  async function request(userId: number, idempotencyKey: string | string[] | undefined, body: WithdrawalPayload): Promise<WithdrawalRecord> {
    if (idempotencyKey === undefined) throw ApiError.of('ERR_VALIDATION', 'Send an Idempotency-Key header', { fields: { 'Idempotency-Key': 'required' } });
    if (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw ApiError.of('ERR_VALIDATION', 'Invalid Idempotency-Key header: 1–128 printable ASCII characters', { fields: { 'Idempotency-Key': 'invalid' } });
    }
    const requestHash = createHash('sha256')
      .update(JSON.stringify([body.currencyTitle.toUpperCase(), body.networkTitle.toUpperCase(), body.address, new D(body.amount).toFixed()]))
      .digest('hex');
    const replay = (row: WithdrawalRow) => {
      if (row.request_hash !== requestHash) throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'Idempotency-Key was already used with a different request');
      return toWithdrawalRecord(row);
    };
    const seen = await byKey(db, userId, idempotencyKey);
    if (seen) return replay(seen);
    const amount = check(body);
    usdtInstrument();

    const id = randomUUID();
    const t = now();
    const result = await db
      .transaction(async (tx): Promise<{ replayOf: WithdrawalRow } | { row: WithdrawalRow }> => {
        // A concurrent request with the same key waits here for the first to commit, then finds its row.
        const inserted = await rowsOf<WithdrawalRow>(
          tx,
          sql`INSERT INTO withdrawals (id, user_id, idempotency_key, request_hash, currency_title, network_title, address, amount, status, next_attempt_at, created_at, updated_at)
              VALUES (${id}, ${userId}, ${idempotencyKey}, ${requestHash}, ${LEDGER_CURRENCY}, ${WITHDRAWAL_NETWORK}, ${body.address}, ${amount.toFixed()}::numeric, 'PENDING',
                      ${new Date(t.getTime() + deps.money.withdrawalPayoutDelayMs).toISOString()}::timestamptz, ${t.toISOString()}::timestamptz, ${t.toISOString()}::timestamptz)
              ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING *`,
        );
        if (inserted.length === 0) return { replayOf: (await byKey(tx, userId, idempotencyKey)) as WithdrawalRow };
        const [available] = await rowsOf<{ balance: string }>(
          tx,
          sql`SELECT balance FROM ledger_accounts WHERE user_id = ${userId} AND kind = 'USER_AVAILABLE' AND currency = ${LEDGER_CURRENCY} FOR UPDATE`,
        );
        // Issue 24: only the withdrawable balance can be withdrawn; income still in its hold (USER_HELD) cannot.
        if (!available) {
          const [held] = await rowsOf(
            tx,
            sql`SELECT 1 FROM ledger_accounts WHERE user_id = ${userId} AND kind = 'USER_HELD' AND currency = ${LEDGER_CURRENCY}`,
          );
          if (held) throw balanceTooLow('0');
          throw ApiError.of('ERR_BALANCE_NOT_FOUND', `No ${LEDGER_CURRENCY} balance to withdraw from`);
        }
        if (new D(available.balance).lt(amount)) throw balanceTooLow(available.balance);
        await postTransfer(tx, {
          id: `withdrawal:${id}:hold`,
          kind: 'WITHDRAWAL_HOLD',
          currency: LEDGER_CURRENCY,
          userId,
          withdrawalId: id,
          from: { userId, kind: 'USER_AVAILABLE' },
          to: { userId, kind: 'USER_PENDING_WITHDRAWAL' },
          amount,
        });
        return { row: inserted[0] as WithdrawalRow };
      })
      .catch((err) => {
        // The balance CHECK is the last guard (a concurrent withdrawal took the money first).
        if (isCheckViolation(err)) throw balanceTooLow(null);
        throw err;
      });
    if ('replayOf' in result) return replay(result.replayOf);
    log.info({ withdrawalId: id, userId, amount: amount.toFixed(), address: maskAddress(body.address) }, 'withdrawal requested');
    log.debug({ withdrawalId: id, address: body.address }, 'withdrawal destination');
    return toWithdrawalRecord(result.row);
  }

  const balanceTooLow = (available: string | null) =>
    ApiError.of(
      'ERR_BALANCE_TOO_LOW',
      'The amount exceeds the withdrawable balance (income still in its hold cannot be withdrawn yet)',
      available === null ? {} : { details: { available: money(available) } },
    );

  async function list(userId: number): Promise<WithdrawalRecord[]> {
    const rows = await rowsOf<WithdrawalRow>(db, sql`SELECT * FROM withdrawals WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT 200`);
    return rows.map(toWithdrawalRecord);
  }

  /** Ends a PROCESSING withdrawal once: the status compare-and-set and its ledger transfer in one transaction. */
  async function finish(row: WithdrawalRow, outcome: { txHash: string } | { failure: string }): Promise<boolean> {
    const t = now().toISOString();
    const userId = Number(row.user_id);
    return db.transaction(async (tx: Tx) => {
      const done =
        'txHash' in outcome
          ? await rowsOf(
              tx,
              sql`UPDATE withdrawals SET status = 'COMPLETED', tx_hash = ${outcome.txHash}, completed_at = ${t}::timestamptz, updated_at = ${t}::timestamptz
                  WHERE id = ${row.id} AND status = 'PROCESSING' RETURNING id`,
            )
          : await rowsOf(
              tx,
              sql`UPDATE withdrawals SET status = 'FAILED', failure_reason = ${outcome.failure}, updated_at = ${t}::timestamptz
                  WHERE id = ${row.id} AND status = 'PROCESSING' RETURNING id`,
            );
      if (done.length === 0) return false;
      const posted = 'txHash' in outcome;
      await postTransfer(tx, {
        id: `withdrawal:${row.id}:${posted ? 'post' : 'void'}`,
        kind: posted ? 'WITHDRAWAL_POST' : 'WITHDRAWAL_VOID',
        currency: LEDGER_CURRENCY,
        userId,
        withdrawalId: row.id,
        from: { userId, kind: 'USER_PENDING_WITHDRAWAL' },
        to: posted ? { userId: null, kind: 'PAYOUTS_SENT' } : { userId, kind: 'USER_AVAILABLE' },
        amount: new D(row.amount),
      });
      return true;
    });
  }

  async function payOut(row: WithdrawalRow): Promise<void> {
    const ctx = { withdrawalId: row.id, userId: Number(row.user_id), amount: money(row.amount) };
    try {
      const { txHash } = await deps.custody.payout({
        idempotencyKey: `withdrawal:${row.id}`,
        instrument: usdtInstrument(),
        address: row.address,
        memo: null,
        amount: new D(row.amount).toFixed(),
      });
      if (await finish(row, { txHash })) log.info({ ...ctx, txHash }, 'withdrawal completed');
    } catch (err) {
      if (err instanceof PayoutRejected) {
        if (await finish(row, { failure: err.reason })) log.warn({ ...ctx, reason: err.reason }, 'withdrawal failed; amount restored');
        return;
      }
      // Unknown outcome: stays PROCESSING and is retried with the same payout key (custody is idempotent by it).
      const delay = Math.min(MAX_RETRY_DELAY_MS, Math.max(100, deps.money.withdrawalPayoutDelayMs) * 2 ** Math.max(0, row.attempts - 1));
      await db.execute(
        sql`UPDATE withdrawals SET next_attempt_at = ${new Date(now().getTime() + delay).toISOString()}::timestamptz, updated_at = now()
            WHERE id = ${row.id} AND status = 'PROCESSING'`,
      );
      log.warn({ ...ctx, err, retryInMs: delay }, 'withdrawal payout failed; will retry');
    }
  }

  /** One pass of the withdrawal job: claims due withdrawals (PENDING past the delay, PROCESSING due for a retry). */
  async function processDue(): Promise<void> {
    const t = now();
    const claimed = await rowsOf<WithdrawalRow>(
      db,
      sql`UPDATE withdrawals SET status = 'PROCESSING', attempts = attempts + 1, updated_at = ${t.toISOString()}::timestamptz,
                 next_attempt_at = ${new Date(t.getTime() + CLAIM_LEASE_MS).toISOString()}::timestamptz
          WHERE id IN (SELECT id FROM withdrawals WHERE status IN ('PENDING', 'PROCESSING') AND next_attempt_at <= ${t.toISOString()}::timestamptz
                       ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
            AND status IN ('PENDING', 'PROCESSING')
          RETURNING *`,
    );
    await Promise.all(claimed.map(payOut));
  }

  return { request, list, processDue, finish };
}

type Withdrawals = ReturnType<typeof createWithdrawals>;

/** Rounds a balance for display (USDT has 6 decimals). */
export const usdt = (v: Decimal.Value) => money(new D(v).toDecimalPlaces(USDT_DECIMALS, Decimal.ROUND_DOWN));
