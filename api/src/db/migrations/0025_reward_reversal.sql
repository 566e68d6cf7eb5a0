-- Issue 24: a held commission whose order turns out, at release, to be the referrer's own (an address, a visitor id
-- or a sock puppet seen only after it was posted) goes back to the platform with a REWARD_REVERSAL transfer
-- (`reverse:<reward transfer id>`, USER_HELD → PLATFORM_AFFILIATE_EXPENSE); its refusal row says `reversed`.
ALTER TABLE ledger_transfers DROP CONSTRAINT IF EXISTS ledger_transfers_kind_check;
ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_kind_check CHECK (kind IN (
  'AFFILIATE_COMMISSION', 'CASHBACK', 'REWARD_RELEASE', 'REWARD_REVERSAL', 'WITHDRAWAL_HOLD', 'WITHDRAWAL_POST', 'WITHDRAWAL_VOID'
));
ALTER TABLE reward_refusals ADD COLUMN IF NOT EXISTS reversed BOOLEAN NOT NULL DEFAULT false;
