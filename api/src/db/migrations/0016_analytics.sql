-- Issue 13: the first-party analytics sink (§4 analytics events, §9 session id). One row per event a browser sent
-- to POST /api/v1/analytics/events (modules/analytics). occurred_at is the visitor's clock (clamped to the time of
-- receipt when implausible), received_at the server's. user_id is the signed-in account that sent it, if any (null for
-- guests, and once the account is deleted). `data` holds only scalar values the sink kept after dropping anything that
-- looks personal (emails, addresses); `path` has no query or hash.
CREATE TABLE IF NOT EXISTS analytics_events (
  id           BIGSERIAL PRIMARY KEY,
  event        TEXT NOT NULL CHECK (length(event) BETWEEN 1 AND 64),
  user_type    TEXT NOT NULL CHECK (user_type IN ('guest', 'registered')),
  session_id   TEXT CHECK (length(session_id) <= 64),
  path         TEXT CHECK (length(path) <= 2048),
  occurred_at  TIMESTAMPTZ NOT NULL,
  received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  user_id      BIGINT REFERENCES users(id) ON DELETE SET NULL,
  data         JSONB NOT NULL DEFAULT '{}'::jsonb
);
-- An operator's questions: "how many X since …" and "what did this session do".
CREATE INDEX IF NOT EXISTS analytics_events_event_idx ON analytics_events (event, received_at);
CREATE INDEX IF NOT EXISTS analytics_events_session_idx ON analytics_events (session_id, occurred_at) WHERE session_id IS NOT NULL;
