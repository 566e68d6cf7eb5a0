-- Issue 12: card purchases (§4 card flow, fiat sender). A card order is paid through the card provider's payment page
-- instead of a deposit address: the order keeps its provider, the provider's payment id and page (Order.redirectUrl),
-- the payment's status and, when declined, the provider's reason. A declined payment ends the order in the new
-- terminal status PAYMENT_FAILED (nothing was taken, nothing is refunded). kyc_verified_at: when order creation found
-- the account's KYC COMPLETED with the provider (an amount at or above the pair's no-KYC threshold).
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN (
  'AWAITING_DEPOSIT', 'CONFIRMING', 'AWAITING_DECISION', 'ON_HOLD', 'EXCHANGING', 'WITHDRAWING', 'COMPLETED',
  'REFUND_REQUESTED', 'REFUNDING', 'REFUNDED', 'PAYMENT_FAILED'
));
ALTER TABLE orders
  ADD COLUMN IF NOT EXISTS payment_provider        TEXT,
  ADD COLUMN IF NOT EXISTS payment_id              TEXT,
  ADD COLUMN IF NOT EXISTS payment_redirect_url    TEXT,
  ADD COLUMN IF NOT EXISTS payment_status          TEXT CHECK (payment_status IN ('PENDING', 'PAID', 'DECLINED')),
  ADD COLUMN IF NOT EXISTS payment_decline_reason  TEXT,
  -- The order job's last look at a pending payment (its fallback when the provider's notice never arrived).
  ADD COLUMN IF NOT EXISTS payment_checked_at      TIMESTAMPTZ,
  ADD COLUMN IF NOT EXISTS kyc_verified_at         TIMESTAMPTZ;
ALTER TABLE orders ADD CONSTRAINT orders_card_payment_check CHECK (
  (payment_provider IS NULL AND payment_id IS NULL AND payment_status IS NULL)
  OR (payment_provider IS NOT NULL AND payment_id IS NOT NULL AND payment_status IS NOT NULL)
);
CREATE UNIQUE INDEX IF NOT EXISTS orders_payment_idx ON orders (payment_provider, payment_id) WHERE payment_id IS NOT NULL;
-- The job's poll: card orders still waiting for their payment.
CREATE INDEX IF NOT EXISTS orders_card_pending_idx ON orders (payment_checked_at NULLS FIRST) WHERE status = 'AWAITING_DEPOSIT' AND payment_id IS NOT NULL;
