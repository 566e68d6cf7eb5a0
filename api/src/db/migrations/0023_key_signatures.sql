-- Issue 24: request signatures of the partner API, and keys and webhooks a password reset suspends.
-- signing_secret: the key's own HMAC secret (the key itself no longer signs), sealed with DATA_ENCRYPTION_KEY
-- (api/src/lib/secretBox.ts) since the api computes HMACs with it; NULL for keys made before: they cannot sign
-- until replaced by a new key. signature_required: unsigned requests with the key are refused.
-- suspended_at: set by a password reset; the key is refused until its owner resumes it.
ALTER TABLE api_keys ADD COLUMN IF NOT EXISTS signing_secret TEXT;
ALTER TABLE api_keys ADD COLUMN IF NOT EXISTS signature_required BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE api_keys ADD COLUMN IF NOT EXISTS suspended_at TIMESTAMPTZ;

-- The key a webhook was registered with (NULL for webhooks registered before): resuming that key resumes it.
-- suspended_at: set by a password reset; nothing is delivered (nor queued) until it is resumed.
ALTER TABLE webhooks ADD COLUMN IF NOT EXISTS api_key_id TEXT;
ALTER TABLE webhooks ADD COLUMN IF NOT EXISTS suspended_at TIMESTAMPTZ;

-- Nonces of signed partner requests: each is accepted once per key while its timestamp is within the window;
-- a row is useless after expires_at (the timestamp plus the tolerance) and is deleted from then on.
CREATE TABLE IF NOT EXISTS api_request_nonces (
  api_id      TEXT NOT NULL,
  nonce       TEXT NOT NULL,
  expires_at  TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (api_id, nonce)
);
CREATE INDEX IF NOT EXISTS api_request_nonces_expiry_idx ON api_request_nonces (expires_at);
