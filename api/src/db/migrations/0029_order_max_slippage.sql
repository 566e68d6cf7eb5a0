-- Issue 29: a FLOATING order's maximum slippage, a fraction ("0.01" = 1 %). At execution, a rate that would pay more
-- than this less than the order's quote (for the amount deposited) stops the order for the customer's choice
-- (FLOATING_RATE_SLIPPAGE_EXCEEDED, AWAITING_DECISION). NULL for FIXED orders and for orders made before it: those
-- execute as before.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS max_slippage NUMERIC(38,18);
