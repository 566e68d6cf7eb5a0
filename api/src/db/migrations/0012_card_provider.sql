-- Issue 12: the SANDBOX card provider (adapters/provider/sandbox.ts, §7 "Card provider"). A real provider keeps these
-- records on its own side; the sandbox keeps them here. One provider account per site account and provider; its
-- email is the site account's. Bearer tokens and KYC access tokens are random and stored only as SHA-256 hashes.
CREATE TABLE IF NOT EXISTS provider_accounts (
  id                   BIGSERIAL PRIMARY KEY,
  provider             TEXT NOT NULL,
  user_id              BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email                TEXT NOT NULL,
  applicant_id         TEXT NOT NULL UNIQUE,
  -- The sandbox KYC page's decision (null: none yet); the account's own identity verification PASS also completes KYC.
  kyc_decision         TEXT CHECK (kyc_decision IN ('PASS', 'REJECT')),
  kyc_decided_at       TIMESTAMPTZ,
  kyc_token_hash       TEXT UNIQUE,
  kyc_token_expires_at TIMESTAMPTZ,
  created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (provider, user_id)
);

CREATE TABLE IF NOT EXISTS provider_tokens (
  token_hash   TEXT PRIMARY KEY,
  account_id   BIGINT NOT NULL REFERENCES provider_accounts(id) ON DELETE CASCADE,
  expires_at   TIMESTAMPTZ NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS provider_tokens_account_idx ON provider_tokens (account_id, expires_at);

-- Card payments of orders (the purchase step): the redirect page takes a test card; PAID or DECLINED with a reason.
CREATE TABLE IF NOT EXISTS provider_payments (
  id           TEXT PRIMARY KEY,
  provider     TEXT NOT NULL,
  order_id     TEXT NOT NULL,
  user_id      BIGINT REFERENCES users(id) ON DELETE SET NULL,
  amount       NUMERIC(38, 18) NOT NULL,
  currency     TEXT NOT NULL,
  status       TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PAID', 'DECLINED')),
  reason       TEXT,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (provider, order_id)
);
