-- Issue 24, identities: step-up and two-factor authentication.
-- A session's authenticated_at is its last proof of the credentials: the sign-in that opened it, or the latest
-- step-up (password again, and the two-factor code when enabled). Withdrawals and key creation need it within
-- 15 minutes. Sessions opened before this migration count from their creation.
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS authenticated_at TIMESTAMPTZ;
UPDATE sessions SET authenticated_at = created_at WHERE authenticated_at IS NULL;
ALTER TABLE sessions ALTER COLUMN authenticated_at SET DEFAULT now();
ALTER TABLE sessions ALTER COLUMN authenticated_at SET NOT NULL;

-- Two-factor authentication (TOTP, RFC 6238). The secrets are sealed with DATA_ENCRYPTION_KEY (lib/secretBox.ts):
-- two_factor_pending_secret between setup and enable, two_factor_secret once enabled (two_factor_enabled_at).
-- two_factor_last_step is the time step of the last accepted code: a code of that step or an earlier one is refused
-- (no replay), and the conditional update that advances it decides between two racing requests.
ALTER TABLE users ADD COLUMN IF NOT EXISTS two_factor_secret TEXT;
ALTER TABLE users ADD COLUMN IF NOT EXISTS two_factor_pending_secret TEXT;
ALTER TABLE users ADD COLUMN IF NOT EXISTS two_factor_enabled_at TIMESTAMPTZ;
ALTER TABLE users ADD COLUMN IF NOT EXISTS two_factor_last_step BIGINT;

-- One-time recovery codes, shown once at enable: keyed hashes (never the codes), each used once.
CREATE TABLE IF NOT EXISTS two_factor_recovery_codes (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash   TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  used_at     TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS two_factor_recovery_codes_user_idx ON two_factor_recovery_codes (user_id);
