-- Issue 29: signed receipts. receipt_keys: the Ed25519 keys receipts are signed with, the newest signing; each keeps
-- its public JWK (published at /.well-known/receipt-keys.json for as long as the row exists, so every receipt keeps
-- verifying) and its private JWK sealed with DATA_ENCRYPTION_KEY (api/src/lib/secretBox.ts). kid: the RFC 7638
-- thumbprint of the public key. A new key is made once the newest is RECEIPT_KEY_ROTATION_DAYS old.
CREATE TABLE IF NOT EXISTS receipt_keys (
  kid                 TEXT PRIMARY KEY,
  public_jwk          JSONB NOT NULL,
  private_jwk_sealed  TEXT NOT NULL,
  created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS receipt_keys_created_idx ON receipt_keys (created_at DESC);

-- One receipt per completed or refunded order, signed once (the first time it is asked for) and answered as stored.
CREATE TABLE IF NOT EXISTS order_receipts (
  order_id    TEXT PRIMARY KEY REFERENCES orders (order_id),
  kid         TEXT NOT NULL REFERENCES receipt_keys (kid),
  jws         TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
