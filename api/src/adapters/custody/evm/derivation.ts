// Deposit addresses from the deposit account's extended PUBLIC key (BIP-44 `m/44'/60'/0'`): order address i is the
// account's external chain `0/i`. Public derivation only — the api never holds a deposit private key; the signer
// derives the same keys from the account's extended private key to sweep.
import { ECDH } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { getAddress, keccak256, type Address } from 'viem';

/** Non-hardened child indexes are 0 … 2^31 - 1. */
export const MAX_DERIVATION_INDEX = 0x7fff_ffff;

export interface DepositAccount {
  /** The checksummed address of deposit index `index`. */
  addressAt(index: number): Address;
}

/** Refuses an extended private key (or anything else than an extended public key) without echoing it. */
export function depositAccountFromXpub(xpub: string): DepositAccount {
  let account: HDKey;
  try {
    account = HDKey.fromExtendedKey(xpub.trim());
  } catch {
    throw new Error('EVM_DEPOSIT_XPUB is not a valid extended public key');
  }
  if (account.privateKey) throw new Error('EVM_DEPOSIT_XPUB is an extended PRIVATE key: give the api the public one (xpub)');
  const external = account.deriveChild(0);
  return {
    addressAt(index) {
      if (!Number.isSafeInteger(index) || index < 0 || index > MAX_DERIVATION_INDEX) throw new Error(`derivation index out of range: ${index}`);
      const publicKey = external.deriveChild(index).publicKey;
      if (!publicKey) throw new Error('derivation gave no public key');
      return publicKeyAddress(publicKey);
    },
  };
}

/** The Ethereum address of a compressed secp256k1 public key: the last 20 bytes of keccak256 of its uncompressed X‖Y. */
function publicKeyAddress(compressed: Uint8Array): Address {
  const uncompressed = ECDH.convertKey(Buffer.from(compressed), 'secp256k1', undefined, undefined, 'uncompressed') as Buffer;
  const hash = keccak256(uncompressed.subarray(1));
  return getAddress(`0x${hash.slice(-40)}`);
}
