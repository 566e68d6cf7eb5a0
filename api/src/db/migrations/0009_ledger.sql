-- Issue 11: the account's money as a double-entry ledger (DESIGN.md "Balances ... a double-entry ledger").
-- Every movement is a transfer whose entries sum to zero; balances are kept in the same transaction as the
-- entries, and a user's balances can never go below zero (CHECK). A transfer's id is its idempotency key
-- (`affiliate:<orderId>`, `cashback:<orderId>`, `withdrawal:<id>:hold|post|void`): a retry posts nothing.

-- The public referrer id of an account (§7 GET /api/v1/affiliates/referrer-id), made on first use.
ALTER TABLE users ADD COLUMN IF NOT EXISTS affiliate_id TEXT;
CREATE UNIQUE INDEX IF NOT EXISTS users_affiliate_id_idx ON users (affiliate_id) WHERE affiliate_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS ledger_accounts (
  id          BIGSERIAL PRIMARY KEY,
  -- NULL for the platform's own accounts.
  user_id     BIGINT REFERENCES users(id) ON DELETE RESTRICT,
  kind        TEXT NOT NULL CHECK (kind IN (
    'USER_AVAILABLE', 'USER_PENDING_WITHDRAWAL',
    'PLATFORM_AFFILIATE_EXPENSE', 'PLATFORM_CASHBACK_EXPENSE', 'PAYOUTS_SENT'
  )),
  currency    TEXT NOT NULL,
  balance     NUMERIC(38,18) NOT NULL DEFAULT 0,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) = (kind NOT LIKE 'USER\_%')),
  -- A user's money never goes negative; platform expense accounts are the (negative) source of rewards.
  CONSTRAINT ledger_accounts_user_balance_nonnegative CHECK (user_id IS NULL OR balance >= 0)
);
CREATE UNIQUE INDEX IF NOT EXISTS ledger_accounts_owner_idx ON ledger_accounts (user_id, kind, currency) NULLS NOT DISTINCT;

CREATE TABLE IF NOT EXISTS ledger_transfers (
  id             TEXT PRIMARY KEY,
  kind           TEXT NOT NULL CHECK (kind IN ('AFFILIATE_COMMISSION', 'CASHBACK', 'WITHDRAWAL_HOLD', 'WITHDRAWAL_POST', 'WITHDRAWAL_VOID')),
  currency       TEXT NOT NULL,
  amount         NUMERIC(38,18) NOT NULL CHECK (amount >= 0),
  -- Whose money it is (the credited user of a reward, the withdrawing user).
  user_id        BIGINT NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  order_id       TEXT,
  withdrawal_id  TEXT,
  -- Rewards: the order's executed volume in USDT and the rate applied to it.
  volume         NUMERIC(38,18),
  rate           NUMERIC(38,18),
  created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS ledger_transfers_user_idx ON ledger_transfers (user_id, kind, created_at DESC);
CREATE INDEX IF NOT EXISTS ledger_transfers_order_idx ON ledger_transfers (order_id) WHERE order_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS ledger_entries (
  id           BIGSERIAL PRIMARY KEY,
  transfer_id  TEXT NOT NULL REFERENCES ledger_transfers(id) ON DELETE RESTRICT,
  account_id   BIGINT NOT NULL REFERENCES ledger_accounts(id) ON DELETE RESTRICT,
  amount       NUMERIC(38,18) NOT NULL CHECK (amount <> 0),
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS ledger_entries_transfer_idx ON ledger_entries (transfer_id);
CREATE INDEX IF NOT EXISTS ledger_entries_account_idx ON ledger_entries (account_id, id);

-- USDT withdrawals (§3 withdrawal payload, §7). PENDING: held, waiting for the payout delay; PROCESSING: claimed by
-- the withdrawal job, payout sent or being retried; COMPLETED: posted, tx_hash known; FAILED: voided, amount restored.
CREATE TABLE IF NOT EXISTS withdrawals (
  id               TEXT PRIMARY KEY,
  user_id          BIGINT NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  idempotency_key  TEXT NOT NULL,
  request_hash     TEXT NOT NULL,
  currency_title   TEXT NOT NULL,
  network_title    TEXT NOT NULL,
  address          TEXT NOT NULL,
  amount           NUMERIC(38,18) NOT NULL CHECK (amount > 0),
  status           TEXT NOT NULL CHECK (status IN ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED')),
  tx_hash          TEXT,
  failure_reason   TEXT,
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  TIMESTAMPTZ NOT NULL,
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  completed_at     TIMESTAMPTZ,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX IF NOT EXISTS withdrawals_user_idx ON withdrawals (user_id, created_at DESC);
CREATE INDEX IF NOT EXISTS withdrawals_due_idx ON withdrawals (next_attempt_at) WHERE status IN ('PENDING', 'PROCESSING');

-- The programme starts with this release: orders completed before it earn no commission or cashback.
UPDATE orders SET rewards_posted_at = COALESCE(completed_at, now()) WHERE status = 'COMPLETED' AND rewards_posted_at IS NULL;
