-- Issue 11: API keys of the account, the partner's webhooks and their delivery log.
-- A key's secret is never stored: only its SHA-256 (secret_hash) and the first characters (prefix) to tell keys
-- apart. A deleted key keeps its row (deleted_at): orders.api_key_id names it, and the partner's order list and
-- its webhooks still find the owner of orders made with a key deleted since.
CREATE TABLE IF NOT EXISTS api_keys (
  id             BIGSERIAL PRIMARY KEY,
  api_id         TEXT NOT NULL UNIQUE,
  user_id        BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name           TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  secret_hash    TEXT NOT NULL UNIQUE,
  prefix         TEXT NOT NULL,
  -- IPv4/IPv6 addresses and CIDR ranges as entered (validated by the api); empty = any address.
  white_list_ip  JSONB NOT NULL DEFAULT '[]'::jsonb,
  is_active      BOOLEAN NOT NULL DEFAULT true,
  created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_used_at   TIMESTAMPTZ,
  deleted_at     TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS api_keys_user_idx ON api_keys (user_id, created_at);

-- `secret` signs the deliveries, so it is kept (not a hash). `event_cursor`: the order_events id up to which the
-- deliveries of this webhook were made (modules/webhooks/scan.ts); starts at the newest event when registered.
CREATE TABLE IF NOT EXISTS webhooks (
  id            TEXT PRIMARY KEY,
  user_id       BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url           TEXT NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
  secret        TEXT NOT NULL,
  is_active     BOOLEAN NOT NULL DEFAULT true,
  event_cursor  BIGINT NOT NULL DEFAULT 0,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  deleted_at    TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS webhooks_user_idx ON webhooks (user_id) WHERE deleted_at IS NULL;

-- One row per (webhook, order event): the unique pair makes a re-scan harmless. `payload` is the exact body sent, so
-- every retry sends (and signs) the same bytes.
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id                BIGSERIAL PRIMARY KEY,
  webhook_id        TEXT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  order_event_id    BIGINT NOT NULL,
  order_id          TEXT NOT NULL,
  event_type        TEXT NOT NULL,
  payload           TEXT NOT NULL,
  status            TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
  attempts          INTEGER NOT NULL DEFAULT 0,
  last_status_code  INTEGER,
  last_error        TEXT,
  next_attempt_at   TIMESTAMPTZ,
  -- A delivery attempt in progress: another replica leaves it alone until then (a crash frees it).
  locked_until      TIMESTAMPTZ,
  delivered_at      TIMESTAMPTZ,
  created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (webhook_id, order_event_id)
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX IF NOT EXISTS webhook_deliveries_log_idx ON webhook_deliveries (webhook_id, id DESC);
