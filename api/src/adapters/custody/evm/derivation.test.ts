import { pbkdf2Sync } from 'node:crypto';
import { HDKey, mnemonicToAccount } from 'viem/accounts';
import { depositAccountFromXpub, MAX_DERIVATION_INDEX } from './derivation';

const MNEMONIC = 'test test test test test test test test test test test junk';

function accountKey(mnemonic: string): HDKey {
  const seed = pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512');
  return HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'");
}

describe('deposit address derivation from the account xpub', () => {
  const account = accountKey(MNEMONIC);

  it('gives the addresses of the mnemonic at m/44’/60’/0’/0/i, checksummed', () => {
    const deposits = depositAccountFromXpub(account.publicExtendedKey);
    for (const i of [0, 1, 2, 7, 1000, MAX_DERIVATION_INDEX]) {
      expect(deposits.addressAt(i)).toBe(mnemonicToAccount(MNEMONIC, { addressIndex: i }).address);
    }
    // Anvil's well-known first account.
    expect(deposits.addressAt(0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('refuses an extended private key without repeating it', () => {
    const xprv = account.privateExtendedKey;
    expect(() => depositAccountFromXpub(xprv)).toThrow(/PRIVATE/);
    try {
      depositAccountFromXpub(xprv);
    } catch (err) {
      expect((err as Error).message).not.toContain(xprv);
    }
  });

  it('refuses what is not an extended key', () => {
    expect(() => depositAccountFromXpub('xpub-not-really')).toThrow('EVM_DEPOSIT_XPUB is not a valid extended public key');
  });

  it('refuses indexes outside the non-hardened range', () => {
    const deposits = depositAccountFromXpub(account.publicExtendedKey);
    for (const i of [-1, 1.5, MAX_DERIVATION_INDEX + 1]) expect(() => deposits.addressAt(i)).toThrow(/out of range/);
  });
});
