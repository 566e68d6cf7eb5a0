-- Per-network status (issue 29): incidents an operator opens on one network (its deposits, its payouts or both,
-- delayed or paused) and every update of each, newest last. GET /api/v1/status/networks reads the open ones; the
-- Atom feed of incidents carries each with its updates.

CREATE TABLE IF NOT EXISTS network_incidents (
  id             BIGSERIAL PRIMARY KEY,
  network_title  TEXT NOT NULL CHECK (length(network_title) BETWEEN 1 AND 40),
  scope          TEXT NOT NULL CHECK (scope IN ('deposits', 'payouts', 'both')),
  -- The state while open; it stays the last one once resolved.
  state          TEXT NOT NULL CHECK (state IN ('delayed', 'paused')),
  title          TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  created_at     TIMESTAMPTZ NOT NULL,
  updated_at     TIMESTAMPTZ NOT NULL,
  -- Set once, when an operator resolves it; a resolved incident is not reopened (open another).
  resolved_at    TIMESTAMPTZ,
  created_by     BIGINT REFERENCES users(id) ON DELETE SET NULL,
  updated_by     BIGINT REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX IF NOT EXISTS network_incidents_open_idx ON network_incidents (network_title) WHERE resolved_at IS NULL;
CREATE INDEX IF NOT EXISTS network_incidents_updated_idx ON network_incidents (updated_at DESC);

CREATE TABLE IF NOT EXISTS network_incident_updates (
  id           BIGSERIAL PRIMARY KEY,
  incident_id  BIGINT NOT NULL REFERENCES network_incidents(id) ON DELETE CASCADE,
  -- What the incident became with this update: its state, or resolved.
  state        TEXT NOT NULL CHECK (state IN ('delayed', 'paused', 'resolved')),
  body         TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
  created_at   TIMESTAMPTZ NOT NULL,
  created_by   BIGINT REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX IF NOT EXISTS network_incident_updates_incident_idx ON network_incident_updates (incident_id, id);
