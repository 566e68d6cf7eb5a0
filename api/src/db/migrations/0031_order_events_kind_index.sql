-- Issue 29: the status page's monthly counts of held, refunded and completed orders read order_events by kind and time
-- (modules/status/holdReport.ts).
CREATE INDEX IF NOT EXISTS order_events_kind_created_idx ON order_events (kind, created_at);
