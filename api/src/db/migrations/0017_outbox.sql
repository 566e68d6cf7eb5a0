-- Durable side effects (issue 14): every mail is a row of outbox_messages written in the same transaction as the
-- change that causes it, and a worker delivers it (pg-boss on PostgreSQL, an in-process poller on PGlite; see
-- api/src/outbox/). Depth (metrics, fault tests) = rows with delivered_at IS NULL AND failed_at IS NULL.
CREATE TABLE IF NOT EXISTS outbox_messages (
  id            BIGSERIAL PRIMARY KEY,
  topic         TEXT NOT NULL CHECK (topic IN ('mail', 'webhook')),
  payload       JSONB NOT NULL,
  -- One notification, one row: a repeated enqueue with the same key adds nothing.
  dedupe_key    TEXT UNIQUE,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- Not tried before this (retry backoff).
  available_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  attempts      INTEGER NOT NULL DEFAULT 0,
  -- A claim (lease): a worker that crashed mid-delivery lets the row go again after this.
  locked_until  TIMESTAMPTZ,
  delivered_at  TIMESTAMPTZ,
  failed_at     TIMESTAMPTZ,
  last_error    TEXT
);
CREATE INDEX IF NOT EXISTS outbox_messages_pending_idx ON outbox_messages (available_at, id)
  WHERE delivered_at IS NULL AND failed_at IS NULL;

-- The sandbox mailbox records which outbox row it came from: delivery and its mark are one transaction, and the
-- unique index makes a second delivery of the same row impossible.
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS outbox_id BIGINT;
CREATE UNIQUE INDEX IF NOT EXISTS mail_outbox_outbox_id_key ON mail_outbox (outbox_id);

-- Webhook deliveries are sent through the outbox too (topic 'webhook', one row per delivery, its lane the webhook so
-- one webhook's events go in order): deliveries still pending when this runs get their outbox row here.
INSERT INTO outbox_messages (topic, payload, dedupe_key, available_at, attempts)
SELECT 'webhook', jsonb_build_object('deliveryId', d.id::text, 'lane', 'webhook:' || d.webhook_id),
       'webhook:' || d.webhook_id || ':evt_' || d.order_event_id, coalesce(d.next_attempt_at, now()), d.attempts
  FROM webhook_deliveries d
 WHERE d.status = 'PENDING'
ON CONFLICT (dedupe_key) DO NOTHING;
