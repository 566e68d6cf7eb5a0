-- Issue 14: the x-request-id of the request that created the order (web's, adopted by the api), so that the order
-- job's log lines about the order's transitions carry it. Null for orders created before this migration.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS request_id TEXT;
