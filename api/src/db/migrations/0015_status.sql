-- The public status page (issue 13): the §4 health the api records every minute, kept as per-day aggregates, and the
-- incidents an admin posts. Severity: 0 OK, 1 TECHNICAL_DIFFICULTIES, 2 UNHEALTHY (the worst of a day is the max).

-- One row per recorded minute: the first replica to record a minute wins (ON CONFLICT DO NOTHING), so two replicas
-- never count a minute twice. Rows older than two days are pruned as new ones come.
CREATE TABLE IF NOT EXISTS status_checks (
  minute      TIMESTAMPTZ PRIMARY KEY,
  severity    SMALLINT NOT NULL CHECK (severity BETWEEN 0 AND 2)
);

CREATE TABLE IF NOT EXISTS status_days (
  day             DATE PRIMARY KEY,
  checks          INTEGER NOT NULL CHECK (checks >= 0),
  ok_checks       INTEGER NOT NULL CHECK (ok_checks >= 0 AND ok_checks <= checks),
  worst_severity  SMALLINT NOT NULL CHECK (worst_severity BETWEEN 0 AND 2)
);

CREATE TABLE IF NOT EXISTS status_incidents (
  id           BIGSERIAL PRIMARY KEY,
  title        TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  body         TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
  severity     TEXT NOT NULL CHECK (severity IN ('minor', 'major', 'critical')),
  state        TEXT NOT NULL CHECK (state IN ('investigating', 'identified', 'monitoring', 'resolved')),
  created_at   TIMESTAMPTZ NOT NULL,
  updated_at   TIMESTAMPTZ NOT NULL,
  -- Set when the state becomes resolved, cleared if it is reopened.
  resolved_at  TIMESTAMPTZ,
  created_by   BIGINT REFERENCES users(id) ON DELETE SET NULL,
  updated_by   BIGINT REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX IF NOT EXISTS status_incidents_created_idx ON status_incidents (created_at DESC);
CREATE INDEX IF NOT EXISTS status_incidents_open_idx ON status_incidents (created_at DESC) WHERE resolved_at IS NULL;
