-- Issue 24: affiliate money that cannot be farmed.
-- 1. Rewards are paid out of what the platform earned on the order: the market rate at execution is recorded with
--    the execution price, and the rewards job records the order's realised spread (USDT) next to the rewards it paid
--    out of it (commission + cashback never exceed it).
ALTER TABLE orders ADD COLUMN IF NOT EXISTS execution_market_price NUMERIC(38,18);
ALTER TABLE orders ADD COLUMN IF NOT EXISTS realised_spread NUMERIC(38,18);

-- 2. Earned income is held (USER_HELD) until available_at (the order's completion + AFFILIATE_HOLD_DAYS), then the
--    rewards job releases it to USER_AVAILABLE with a REWARD_RELEASE transfer (`release:<reward transfer id>`) and
--    stamps released_at. Withdrawals take from USER_AVAILABLE only.
ALTER TABLE ledger_accounts DROP CONSTRAINT IF EXISTS ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind IN (
  'USER_AVAILABLE', 'USER_HELD', 'USER_PENDING_WITHDRAWAL',
  'PLATFORM_AFFILIATE_EXPENSE', 'PLATFORM_CASHBACK_EXPENSE', 'PAYOUTS_SENT'
));
ALTER TABLE ledger_transfers DROP CONSTRAINT IF EXISTS ledger_transfers_kind_check;
ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_kind_check CHECK (kind IN (
  'AFFILIATE_COMMISSION', 'CASHBACK', 'REWARD_RELEASE', 'WITHDRAWAL_HOLD', 'WITHDRAWAL_POST', 'WITHDRAWAL_VOID'
));
ALTER TABLE ledger_transfers ADD COLUMN IF NOT EXISTS available_at TIMESTAMPTZ;
ALTER TABLE ledger_transfers ADD COLUMN IF NOT EXISTS released_at TIMESTAMPTZ;
-- Rewards posted before this release went straight to USER_AVAILABLE: they count as released.
UPDATE ledger_transfers SET available_at = created_at, released_at = created_at
  WHERE kind IN ('AFFILIATE_COMMISSION', 'CASHBACK') AND released_at IS NULL;
CREATE INDEX IF NOT EXISTS ledger_transfers_release_due_idx ON ledger_transfers (available_at)
  WHERE released_at IS NULL AND kind IN ('AFFILIATE_COMMISSION', 'CASHBACK');

-- 3. A reward not paid, and why (for support): the referrer's own order (same account, email, visitor id or
--    address), a referred account whose email was not confirmed when the order completed. One row per order and kind.
CREATE TABLE IF NOT EXISTS reward_refusals (
  order_id    TEXT NOT NULL,
  kind        TEXT NOT NULL CHECK (kind IN ('AFFILIATE_COMMISSION', 'CASHBACK')),
  user_id     BIGINT REFERENCES users(id) ON DELETE CASCADE,
  reason      TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, kind)
);
CREATE INDEX IF NOT EXISTS reward_refusals_user_idx ON reward_refusals (user_id, created_at DESC);

-- The referrer's own visitor ids and addresses are looked up per reward (orders by user_id: orders_user_idx, 0003).
CREATE INDEX IF NOT EXISTS withdrawals_user_address_idx ON withdrawals (user_id, address);
