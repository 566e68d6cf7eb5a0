-- Issue 24: analytics events are deleted after ANALYTICS_RETENTION_DAYS (modules/analytics/retention.ts), by age of
-- receipt.
CREATE INDEX IF NOT EXISTS analytics_events_received_idx ON analytics_events (received_at);
