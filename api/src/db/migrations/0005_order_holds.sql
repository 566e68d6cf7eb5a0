-- Money guardrails (issue 7): a deposit above the pair's maximum (or no-KYC threshold) is held, not
-- exchanged. Status ON_HOLD; why (the DEPOSIT_ON_HOLD reason) and the limit it exceeded (send currency)
-- are kept on the order.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN (
  'AWAITING_DEPOSIT', 'CONFIRMING', 'AWAITING_DECISION', 'ON_HOLD', 'EXCHANGING', 'WITHDRAWING', 'COMPLETED',
  'REFUND_REQUESTED', 'REFUNDING', 'REFUNDED'
));
ALTER TABLE orders
  ADD COLUMN IF NOT EXISTS hold_reason    TEXT,
  ADD COLUMN IF NOT EXISTS deposit_limit  NUMERIC(38,18);
