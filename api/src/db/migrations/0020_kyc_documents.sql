-- Issue 24: KYC documents live in the database (every replica and every backup has them), sealed with
-- DATA_ENCRYPTION_KEY, and the personal data of a verification is sealed too.
--
-- A document is its kyc_documents row plus its sealed chunks (kyc_document_chunks): the re-encoded JPEG cut into
-- pieces of at most 256 KiB, each sealed on its own (AES-256-GCM, bound to its document and position), written one
-- INSERT at a time and read back one SELECT at a time, so no statement carries a whole document. `chunks` says how
-- many there are; the row's sha256 (of the whole JPEG) is checked when the last one has been read. Retention deletes
-- the chunks and marks the row.
--
-- storage_key now names only a file of the former KYC_STORAGE_DIR that the api has not imported yet (a one-off import
-- at startup moves each file it finds into chunks and clears the key).
CREATE TABLE IF NOT EXISTS kyc_document_chunks (
  document_id  BIGINT NOT NULL REFERENCES kyc_documents(id) ON DELETE CASCADE,
  seq          INTEGER NOT NULL CHECK (seq >= 0),
  data         BYTEA NOT NULL,
  PRIMARY KEY (document_id, seq)
);
ALTER TABLE kyc_documents ALTER COLUMN storage_key DROP NOT NULL;
ALTER TABLE kyc_documents ADD COLUMN IF NOT EXISTS chunks INTEGER;

-- The names, identity number and birth date, sealed together as one JSON value (lib/secretBox.ts `v1.` format).
-- SQL cannot seal (the key is not in the database): rows written before this migration keep their plain columns until
-- the api's startup pass seals them into personal_data and clears the plain values; new rows never fill them.
ALTER TABLE verifications ADD COLUMN IF NOT EXISTS personal_data TEXT;
ALTER TABLE verifications ALTER COLUMN first_name DROP NOT NULL;
ALTER TABLE verifications ALTER COLUMN last_name DROP NOT NULL;
ALTER TABLE verifications ALTER COLUMN birth_date DROP NOT NULL;
ALTER TABLE verifications ALTER COLUMN identity_number DROP NOT NULL;
