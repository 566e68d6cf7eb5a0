-- Email confirmation codes (issue 4, §2 "email confirmation" dialog, §4 ckm A). Any address may be confirmed,
-- with or without an account: HMAC of the code (never the code), single-use, short-lived, few attempts.
CREATE TABLE IF NOT EXISTS email_confirmations (
  id            BIGSERIAL PRIMARY KEY,
  -- Lower-cased and trimmed, like users.email.
  email         TEXT NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  code_hash     TEXT NOT NULL,
  attempts      INTEGER NOT NULL DEFAULT 0,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at    TIMESTAMPTZ NOT NULL,
  confirmed_at  TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS email_confirmations_email_idx ON email_confirmations (email, id DESC);
