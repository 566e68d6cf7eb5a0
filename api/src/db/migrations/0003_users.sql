-- Accounts, sessions, password reset, mail outbox (issue 4; §3 account data, §4 authorisation, §6).
CREATE TABLE IF NOT EXISTS users (
  id                       BIGSERIAL PRIMARY KEY,
  -- Stored lower-cased and trimmed; the unique index is the registration race guard.
  email                    TEXT NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  password_hash            TEXT NOT NULL,
  permissions              TEXT NOT NULL DEFAULT 'USER' CHECK (permissions IN ('USER', 'ADMIN')),
  admin_permissions_scope  JSONB NOT NULL DEFAULT '{}'::jsonb,
  locale                   TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ru')),
  browser_fingerprint      TEXT,
  referrer_affiliate_id    TEXT,
  email_confirmed_at       TIMESTAMPTZ,
  created_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at               TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One row per sign-in: the refresh-token family. Revoking it ends the session at once (access tokens
-- carry its id and are checked against it on every authenticated request).
CREATE TABLE IF NOT EXISTS sessions (
  id                   TEXT PRIMARY KEY,
  user_id              BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  browser_fingerprint  TEXT,
  created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at           TIMESTAMPTZ NOT NULL,
  revoked_at           TIMESTAMPTZ,
  revoked_reason       TEXT
);
CREATE INDEX IF NOT EXISTS sessions_user_idx ON sessions (user_id);

-- Refresh tokens: opaque, stored as SHA-256; each is used once (rotated_at set when exchanged).
CREATE TABLE IF NOT EXISTS refresh_tokens (
  id          BIGSERIAL PRIMARY KEY,
  session_id  TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  token_hash  TEXT NOT NULL UNIQUE,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at  TIMESTAMPTZ NOT NULL,
  rotated_at  TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS refresh_tokens_session_idx ON refresh_tokens (session_id);

-- Password reset codes: HMAC of the code (never the code), single-use, short-lived, few attempts.
CREATE TABLE IF NOT EXISTS password_reset_codes (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash   TEXT NOT NULL,
  attempts    INTEGER NOT NULL DEFAULT 0,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at  TIMESTAMPTZ NOT NULL,
  used_at     TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS password_reset_codes_user_idx ON password_reset_codes (user_id, id DESC);

-- Sandbox mail adapter: messages land here instead of SMTP (`pnpm sandbox mail`).
CREATE TABLE IF NOT EXISTS mail_outbox (
  id          BIGSERIAL PRIMARY KEY,
  to_address  TEXT NOT NULL,
  kind        TEXT NOT NULL,
  locale      TEXT NOT NULL,
  subject     TEXT NOT NULL,
  body_text   TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS mail_outbox_to_idx ON mail_outbox (to_address, id DESC);

-- Secrets generated at first start when none is configured (development and sandbox deployments only),
-- shared by every replica through the database.
CREATE TABLE IF NOT EXISTS app_secrets (
  name        TEXT PRIMARY KEY,
  value       TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Orders created while signed in belong to the account (§5 "signed-in users skip the email prompt").
ALTER TABLE orders ADD COLUMN IF NOT EXISTS user_id BIGINT REFERENCES users(id) ON DELETE SET NULL;
CREATE INDEX IF NOT EXISTS orders_user_idx ON orders (user_id, created_at DESC);
