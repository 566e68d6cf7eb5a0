// Invariants the fault tests check on the database after a crash and restart: each query returns the rows that
// break the rule (none when the books are right).
type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

/** Orders that are half-written: no deposit address (crypto send side), no CREATION_END event, or a claim without its order. */
export async function halfWrittenOrders(q: Query) {
  return {
    noDepositAddress: await q(`SELECT order_id FROM orders o JOIN instruments i ON i.slug = o.from_slug
                               WHERE i.instrument_type = 'crypto' AND (o.deposit_address IS NULL OR o.deposit_address = '')`),
    creationEvents: await q(`SELECT o.order_id, count(e.id)::int AS n FROM orders o
                             LEFT JOIN order_events e ON e.order_id = o.order_id AND e.kind = 'CREATION_END'
                             GROUP BY o.order_id HAVING count(e.id) <> 1`),
    keyWithoutOrder: await q(`SELECT k.idempotency_key FROM order_idempotency_keys k LEFT JOIN orders o ON o.order_id = k.order_id WHERE o.order_id IS NULL`),
    orderKeyNotClaimed: await q(`SELECT o.order_id FROM orders o
                                 WHERE o.idempotency_key IS NOT NULL
                                   AND NOT EXISTS (SELECT 1 FROM order_idempotency_keys k WHERE k.order_id = o.order_id)`),
  };
}

/** Settlement: each completed order paid once (one tx hash, one start and one completion event); none left mid-way. */
export async function settlementProblems(q: Query) {
  return {
    completedWithoutTx: await q(`SELECT order_id FROM orders WHERE status = 'COMPLETED' AND (payout_tx_hash IS NULL OR completed_at IS NULL)`),
    completionEvents: await q(`SELECT o.order_id, count(e.id)::int AS n FROM orders o
                               LEFT JOIN order_events e ON e.order_id = o.order_id AND e.kind = 'WITHDRAWAL_COMPLETED'
                               WHERE o.status = 'COMPLETED' GROUP BY o.order_id HAVING count(e.id) <> 1`),
    startEvents: await q(`SELECT o.order_id, count(e.id)::int AS n FROM orders o
                          LEFT JOIN order_events e ON e.order_id = o.order_id AND e.kind = 'FUNDS_WITHDRAWAL_START'
                          WHERE o.status IN ('WITHDRAWING', 'COMPLETED') GROUP BY o.order_id HAVING count(e.id) <> 1`),
    paidAndRefunded: await q(`SELECT order_id FROM orders WHERE payout_tx_hash IS NOT NULL AND refund_tx_hash IS NOT NULL`),
  };
}

/** The double-entry ledger (issue 11): zero-sum, balances = entries, no negative user balance, withdrawals held/posted once. */
export async function ledgerProblems(q: Query) {
  return {
    currencyNotZero: await q(`SELECT a.currency, sum(e.amount)::text AS s FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                              GROUP BY a.currency HAVING sum(e.amount) <> 0`),
    transferNotZero: await q(`SELECT transfer_id FROM ledger_entries GROUP BY transfer_id HAVING sum(amount) <> 0`),
    balanceNotEntries: await q(`SELECT a.id, a.balance::text FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
                                GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(sum(e.amount), 0)`),
    negativeUserBalance: await q(`SELECT id FROM ledger_accounts WHERE user_id IS NOT NULL AND balance < 0`),
    // Every withdrawal: one hold of its amount; COMPLETED → one post, no void; FAILED → one void, no post; open → neither.
    withdrawalTransfers: await q(`SELECT w.id, w.status,
                                    count(*) FILTER (WHERE t.kind = 'WITHDRAWAL_HOLD' AND t.amount = w.amount)::int AS holds,
                                    count(*) FILTER (WHERE t.kind = 'WITHDRAWAL_POST' AND t.amount = w.amount)::int AS posts,
                                    count(*) FILTER (WHERE t.kind = 'WITHDRAWAL_VOID' AND t.amount = w.amount)::int AS voids,
                                    count(t.id)::int AS all_transfers
                                  FROM withdrawals w LEFT JOIN ledger_transfers t ON t.withdrawal_id = w.id
                                  GROUP BY w.id, w.status
                                  HAVING count(*) FILTER (WHERE t.kind = 'WITHDRAWAL_HOLD' AND t.amount = w.amount) <> 1
                                      OR count(*) FILTER (WHERE t.kind = 'WITHDRAWAL_POST' AND t.amount = w.amount) <> (CASE WHEN w.status = 'COMPLETED' THEN 1 ELSE 0 END)
                                      OR count(*) FILTER (WHERE t.kind = 'WITHDRAWAL_VOID' AND t.amount = w.amount) <> (CASE WHEN w.status = 'FAILED' THEN 1 ELSE 0 END)
                                      OR count(t.id) <> 1 + (CASE WHEN w.status IN ('COMPLETED', 'FAILED') THEN 1 ELSE 0 END)`),
    completedWithoutTx: await q(`SELECT id FROM withdrawals WHERE status = 'COMPLETED' AND tx_hash IS NULL`),
  };
}

/** Every list of problems empty (for one `expect(...).toEqual(noProblems(...))`). */
export function noProblems<T extends Record<string, unknown[]>>(problems: T): Record<keyof T, never[]> {
  return Object.fromEntries(Object.keys(problems).map((k) => [k, []])) as unknown as Record<keyof T, never[]>;
}
