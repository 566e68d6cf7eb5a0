// Custody keys for tests (issue 28), from a fixed mnemonic that is NOT anvil's default one (so the hot wallet and the
// deposit addresses start empty: fund the hot wallet with anvil_setBalance / setBalance()).
// Deposit account: BIP-44 m/44'/60'/0' (the api gets its xpub, the signer its xprv); hot wallet: m/44'/60'/1'/0/0.
import { ECDH, pbkdf2Sync } from 'node:crypto';
import { HDKey, privateKeyToAddress, publicKeyToAddress } from 'viem/accounts';

export const TEST_CUSTODY_MNEMONIC = 'kiss marriage style moon fitness short grant grab spread awake slice frozen';
export const DEPOSIT_ACCOUNT_PATH = "m/44'/60'/0'";
export const HOT_WALLET_PATH = "m/44'/60'/1'/0/0";

export interface TestCustodyKeys {
  mnemonic: string;
  /** The deposit account's extended private key (signer only: SIGNER_DEPOSIT_XPRV). */
  depositXprv: string;
  /** The deposit account's extended public key (the api: EVM_DEPOSIT_XPUB). */
  depositXpub: string;
  /** The hot wallet's private key, 0x-hex (signer only: SIGNER_HOT_KEY). */
  hotKey: `0x${string}`;
  hotWallet: `0x${string}`;
  /** A bearer token for the signer (≥ 32 characters). */
  signerToken: string;
}

/** BIP-39 seed: PBKDF2-HMAC-SHA512 of the NFKD mnemonic, salt "mnemonic" + passphrase, 2048 rounds, 64 bytes. */
function mnemonicToSeed(mnemonic: string, passphrase = ''): Uint8Array {
  return pbkdf2Sync(mnemonic.normalize('NFKD'), `mnemonic${passphrase}`.normalize('NFKD'), 2048, 64, 'sha512');
}

export function testCustodyKeys(): TestCustodyKeys {
  const master = HDKey.fromMasterSeed(mnemonicToSeed(TEST_CUSTODY_MNEMONIC));
  const depositAccount = master.derive(DEPOSIT_ACCOUNT_PATH);
  const hot = master.derive(HOT_WALLET_PATH);
  if (!hot.privateKey) throw new Error('hot wallet key not derived');
  const hotKey = `0x${Buffer.from(hot.privateKey).toString('hex')}` as const;
  return {
    mnemonic: TEST_CUSTODY_MNEMONIC,
    depositXprv: depositAccount.privateExtendedKey,
    depositXpub: depositAccount.publicExtendedKey,
    hotKey,
    hotWallet: privateKeyToAddress(hotKey),
    signerToken: 'chain-test-signer-token-0123456789abcdef',
  };
}

/** Deposit address i as the api derives it from the xpub: xpub / 0/i (external chain), checksummed. */
export function testDepositAddress(depositXpub: string, index: number): `0x${string}` {
  const child = HDKey.fromExtendedKey(depositXpub).deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('no public key');
  // HDKey keeps the compressed key; an address is the hash of the uncompressed one
  const uncompressed = ECDH.convertKey(Buffer.from(child.publicKey), 'secp256k1', undefined, 'hex', 'uncompressed') as string;
  return publicKeyToAddress(`0x${uncompressed}`);
}
