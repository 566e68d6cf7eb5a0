-- Issue 23: a completed order the rewards job cannot price yet (no USD price for its coin, a delisted instrument) is
-- retried later with backoff instead of being picked again on every pass: the job skips it until
-- rewards_next_attempt_at, so it never blocks the orders behind it. rewards_attempts counts the failed passes.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS rewards_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS rewards_next_attempt_at TIMESTAMPTZ;
