-- §2 /support (issue 13): support requests filed from the contact form, and an index for the order lookup by deposit
-- transaction hash. `ticket_id` is what the requester sees (SR-…, random); the row id never leaves the api.
CREATE TABLE IF NOT EXISTS support_requests (
  id          BIGSERIAL PRIMARY KEY,
  ticket_id   TEXT NOT NULL UNIQUE,
  email       TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  subject     TEXT CHECK (subject IS NULL OR length(subject) <= 200),
  message     TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
  -- Optional; checked to exist when the request is filed.
  order_id    TEXT REFERENCES orders(order_id) ON DELETE SET NULL,
  -- The signed-in account that filed it, if any.
  user_id     BIGINT REFERENCES users(id) ON DELETE SET NULL,
  locale      TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS support_requests_created_idx ON support_requests (created_at DESC);

-- The order lookup asks by deposit transaction hash: one indexed probe whatever the table's size.
CREATE INDEX IF NOT EXISTS orders_deposit_tx_hash_idx ON orders (deposit_tx_hash) WHERE deposit_tx_hash IS NOT NULL;
