-- Issue 11: who an order earns money for. `api_key_id` names the partner key it was created with (the partner API:
-- its owner earns the commission and sees it among the partner's orders); `rewards_posted_at` is set once the
-- completed order's commission and cashback have been posted to the ledger (the posting itself is idempotent by
-- transfer id, this only keeps the job from looking at the order again).
ALTER TABLE orders ADD COLUMN IF NOT EXISTS api_key_id TEXT;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS rewards_posted_at TIMESTAMPTZ;
CREATE INDEX IF NOT EXISTS orders_api_key_idx ON orders (api_key_id, created_at DESC) WHERE api_key_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS orders_rewards_due_idx ON orders (completed_at) WHERE status = 'COMPLETED' AND rewards_posted_at IS NULL;
CREATE INDEX IF NOT EXISTS orders_referrer_idx ON orders (referrer_id, created_at DESC) WHERE referrer_id IS NOT NULL;
