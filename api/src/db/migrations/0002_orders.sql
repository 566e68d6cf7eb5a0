-- Orders (§3) and their state machine (§4): everything the order lifecycle records beyond 0001.
-- orders.status is the state the job and the public calls compare-and-set on; order_events is the
-- customer-visible history (§4 order events) with a machine-readable reason and next step.
ALTER TABLE orders
  ADD COLUMN IF NOT EXISTS idempotency_key            TEXT,
  ADD COLUMN IF NOT EXISTS request_hash               TEXT,
  -- Raw market rate (TO per 1 FROM, no spread) when the quote was made: the volatility reference.
  ADD COLUMN IF NOT EXISTS market_price               NUMERIC(38,18),
  ADD COLUMN IF NOT EXISTS quote_updated_at           TIMESTAMPTZ,
  ADD COLUMN IF NOT EXISTS claimed_amount_to_receive  NUMERIC(38,18),
  ADD COLUMN IF NOT EXISTS legacy_order_id            TEXT,
  ADD COLUMN IF NOT EXISTS utm_data                   JSONB,
  ADD COLUMN IF NOT EXISTS browser_fingerprint        TEXT,
  ADD COLUMN IF NOT EXISTS required_confirmations     INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS confirmations              INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS last_confirmation_at       TIMESTAMPTZ,
  ADD COLUMN IF NOT EXISTS deposit_amount             NUMERIC(38,18),
  ADD COLUMN IF NOT EXISTS deposit_tx_hash            TEXT,
  ADD COLUMN IF NOT EXISTS deposit_at                 TIMESTAMPTZ,
  -- The floating rate offered with RATE_MODE_CHANGED.
  ADD COLUMN IF NOT EXISTS offered_price              NUMERIC(38,18),
  ADD COLUMN IF NOT EXISTS offered_amount_to_get      NUMERIC(38,18),
  ADD COLUMN IF NOT EXISTS offered_at                 TIMESTAMPTZ,
  ADD COLUMN IF NOT EXISTS execution_price            NUMERIC(38,18),
  ADD COLUMN IF NOT EXISTS payout_amount              NUMERIC(38,18),
  ADD COLUMN IF NOT EXISTS payout_tx_hash             TEXT,
  ADD COLUMN IF NOT EXISTS completed_at               TIMESTAMPTZ,
  ADD COLUMN IF NOT EXISTS refund_amount              NUMERIC(38,18),
  ADD COLUMN IF NOT EXISTS refund_network_fee         NUMERIC(38,18),
  ADD COLUMN IF NOT EXISTS refund_tx_hash             TEXT,
  ADD COLUMN IF NOT EXISTS refunded_at                TIMESTAMPTZ;

ALTER TABLE orders ALTER COLUMN status SET DEFAULT 'AWAITING_DEPOSIT';
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN (
  'AWAITING_DEPOSIT', 'CONFIRMING', 'AWAITING_DECISION', 'EXCHANGING', 'WITHDRAWING', 'COMPLETED',
  'REFUND_REQUESTED', 'REFUNDING', 'REFUNDED'
));
-- A retried create with the same Idempotency-Key finds the first order instead of making a second.
CREATE UNIQUE INDEX IF NOT EXISTS orders_idempotency_key_idx ON orders (idempotency_key);
-- The job picks orders by state; the latest-exchanges strip and stats read completed ones.
CREATE INDEX IF NOT EXISTS orders_status_idx ON orders (status, updated_at);
CREATE INDEX IF NOT EXISTS orders_completed_idx ON orders (completed_at DESC) WHERE status = 'COMPLETED';

ALTER TABLE order_events ADD COLUMN IF NOT EXISTS next_step TEXT;
