-- Webhooks (issue 29): a removed webhook's pending deliveries are CANCELLED (not left pending); a test delivery sent on
-- demand belongs to no order event (order_event_id and order_id NULL, its own event_id); a replay sends a delivery again.

ALTER TABLE webhook_deliveries DROP CONSTRAINT IF EXISTS webhook_deliveries_status_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED', 'CANCELLED'));
ALTER TABLE webhook_deliveries ALTER COLUMN order_event_id DROP NOT NULL;
ALTER TABLE webhook_deliveries ALTER COLUMN order_id DROP NOT NULL;
-- The event's id as sent (X-Coinferry-Event-Id) when it is not evt_<order_event_id>: a test event's.
ALTER TABLE webhook_deliveries ADD COLUMN IF NOT EXISTS event_id TEXT;
CREATE INDEX IF NOT EXISTS webhook_deliveries_webhook_status_idx ON webhook_deliveries (webhook_id, status);
