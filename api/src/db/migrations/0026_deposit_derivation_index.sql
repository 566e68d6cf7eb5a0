-- Issue 28: the BIP-32 index an order's deposit address was derived at (real EVM custody: address i of the deposit
-- account's extended public key). Stored with the order and never reused: unique, and allocated from the custody
-- adapter's own sequence (0027). NULL for the sandbox chain, memo networks and card orders.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS deposit_derivation_index INTEGER;
CREATE UNIQUE INDEX IF NOT EXISTS orders_deposit_derivation_index_key ON orders (deposit_derivation_index);
