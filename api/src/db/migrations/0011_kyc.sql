-- Issue 12: identity verification (§3 verification data and status, §4 NOT_STARTED → CREATED → PROCESS → PASS/REJECT).
-- One current verification per account (`is_current`); a new submission after REJECT retires the old row, which is
-- kept for the audit log. The document images are sealed files under KYC_STORAGE_DIR: a row names its file
-- (storage_key), never holds the image; deleted_at marks a document whose file the retention job removed.
CREATE TABLE IF NOT EXISTS verifications (
  id                 TEXT PRIMARY KEY,
  user_id            BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  is_current         BOOLEAN NOT NULL DEFAULT true,
  status             TEXT NOT NULL DEFAULT 'CREATED' CHECK (status IN ('NOT_STARTED', 'CREATED', 'PROCESS', 'PASS', 'REJECT')),
  reject_reason      TEXT,
  residence_country  TEXT NOT NULL,
  identity_type      TEXT NOT NULL CHECK (identity_type IN ('passport', 'idcard', 'drivinglicense')),
  first_name         TEXT NOT NULL,
  last_name          TEXT NOT NULL,
  issue_country      TEXT NOT NULL,
  birth_date         TEXT NOT NULL,
  identity_number    TEXT NOT NULL,
  expire_date        TEXT NOT NULL,
  created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- The admin account that decided; null for the sandbox's automatic decision.
  decided_by         BIGINT,
  decided_at         TIMESTAMPTZ,
  documents_deleted_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX IF NOT EXISTS verifications_current_idx ON verifications (user_id) WHERE is_current;
CREATE INDEX IF NOT EXISTS verifications_status_idx ON verifications (status, created_at);

CREATE TABLE IF NOT EXISTS kyc_documents (
  id               BIGSERIAL PRIMARY KEY,
  verification_id  TEXT NOT NULL REFERENCES verifications(id) ON DELETE CASCADE,
  kind             TEXT NOT NULL CHECK (kind IN ('face', 'front', 'back')),
  storage_key      TEXT NOT NULL UNIQUE,
  mime             TEXT NOT NULL,
  bytes            INTEGER NOT NULL,
  -- Of the stored (re-encoded, unsealed) JPEG.
  sha256           TEXT NOT NULL,
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  deleted_at       TIMESTAMPTZ,
  UNIQUE (verification_id, kind)
);

-- Who did what to which verification and when: SUBMIT (the account), PASS / REJECT (an admin, or SANDBOX),
-- DOCUMENTS_DELETED (RETENTION), VIEW_DOCUMENT (an admin).
CREATE TABLE IF NOT EXISTS kyc_audit_log (
  id               BIGSERIAL PRIMARY KEY,
  verification_id  TEXT NOT NULL REFERENCES verifications(id) ON DELETE CASCADE,
  actor            TEXT NOT NULL,
  actor_user_id    BIGINT,
  action           TEXT NOT NULL,
  reason           TEXT,
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS kyc_audit_log_verification_idx ON kyc_audit_log (verification_id, id);
