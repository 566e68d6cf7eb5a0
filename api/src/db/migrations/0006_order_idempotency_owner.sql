-- Money guardrails (issue 7): idempotency keys belong to their owner (the account, or a guest's visitor
-- id and client address) and live 24 h. One row per (owner, key): the live claim. A create after expiry
-- takes the row over for its new order (ON CONFLICT … DO UPDATE … WHERE expired); orders.idempotency_key
-- keeps what each order was created with. Keys of orders created before this migration had no owner and are not carried over.
CREATE TABLE IF NOT EXISTS order_idempotency_keys (
  owner            TEXT NOT NULL,
  idempotency_key  TEXT NOT NULL,
  order_id         TEXT NOT NULL REFERENCES orders(order_id) ON DELETE CASCADE,
  request_hash     TEXT NOT NULL,
  created_at       TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (owner, idempotency_key)
);
-- The order job drops claims older than 24 h.
CREATE INDEX IF NOT EXISTS order_idempotency_keys_created_idx ON order_idempotency_keys (created_at);
-- The same key from two owners is two orders: the key alone is no longer unique.
DROP INDEX IF EXISTS orders_idempotency_key_idx;
