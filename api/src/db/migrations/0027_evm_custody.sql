-- Issue 28: the EVM custody adapter's own state (api/src/adapters/custody/evm/).
-- Deposit addresses are derived from the deposit account's extended public key at index i (`0/i`); an index is taken
-- from the sequence and never reused, even when the insert that wanted it failed. Non-hardened indexes end at 2^31 - 1.
CREATE SEQUENCE IF NOT EXISTS evm_derivation_index_seq AS BIGINT MINVALUE 0 MAXVALUE 2147483647 START WITH 0 NO CYCLE;

-- No foreign key to orders: the address is asked for before the order row is written.
CREATE TABLE IF NOT EXISTS evm_deposit_addresses (
  order_id          TEXT PRIMARY KEY,
  derivation_index  INTEGER NOT NULL UNIQUE CHECK (derivation_index >= 0),
  -- EIP-55 checksummed; compared lowercase.
  address           TEXT NOT NULL,
  slug              TEXT NOT NULL,
  created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS evm_deposit_addresses_address_key ON evm_deposit_addresses (lower(address));

-- The canonical chain as the follower last saw it (the last ~256 blocks): the highest row is the follower's cursor,
-- and a new block whose parent_hash differs from the row below it is a reorganisation.
CREATE TABLE IF NOT EXISTS evm_blocks (
  chain_id     INTEGER NOT NULL,
  number       BIGINT NOT NULL,
  hash         TEXT NOT NULL,
  parent_hash  TEXT NOT NULL,
  seen_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, number)
);

-- A transfer to a deposit address: a native transfer (log_index -1) or an ERC-20 Transfer log. block_number is NULL
-- while the transfer is in no canonical block (its block was reorganised away); a re-inclusion sets it again.
CREATE TABLE IF NOT EXISTS evm_deposits (
  chain_id          INTEGER NOT NULL,
  tx_hash           TEXT NOT NULL,
  log_index         INTEGER NOT NULL,
  order_id          TEXT NOT NULL,
  -- The instrument the transfer moved (may differ from the order's: such a deposit is swept, not credited).
  slug              TEXT NOT NULL,
  address           TEXT NOT NULL,
  -- Base units (wei, or the token's smallest unit).
  amount            NUMERIC(78,0) NOT NULL CHECK (amount >= 0),
  block_number      BIGINT,
  block_hash        TEXT,
  first_seen_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- The sweep of this deposit to the hot wallet (signer key `sweep:<tx_hash>:<log_index>`): NULL = not asked yet,
  -- else the signer's last answer (sent | mined | held | rejected | nothing).
  sweep_status      TEXT CHECK (sweep_status IN ('sent', 'mined', 'held', 'rejected', 'nothing')),
  sweep_tx_hashes   JSONB NOT NULL DEFAULT '[]',
  sweep_reason      TEXT,
  sweep_checked_at  TIMESTAMPTZ,
  PRIMARY KEY (chain_id, tx_hash, log_index)
);
CREATE INDEX IF NOT EXISTS evm_deposits_order_idx ON evm_deposits (order_id);
CREATE INDEX IF NOT EXISTS evm_deposits_unswept_idx ON evm_deposits (chain_id, slug, block_number)
  WHERE sweep_status IS NULL OR sweep_status IN ('sent', 'held');
