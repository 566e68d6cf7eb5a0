import { friendlyTonAddress, isValidTonAddress } from './tonAddress';

describe('TON address validation', () => {
  const account = Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + 3) & 0xff);

  it('accepts the raw form for the base and master chains', () => {
    expect(isValidTonAddress(`0:${'ab'.repeat(32)}`)).toBe(true);
    expect(isValidTonAddress(`-1:${'0F'.repeat(32)}`)).toBe(true);
    expect(isValidTonAddress(`1:${'ab'.repeat(32)}`)).toBe(false);
    expect(isValidTonAddress(`0:${'ab'.repeat(31)}`)).toBe(false);
  });

  it('accepts user-friendly addresses with a correct checksum, url-safe or not', () => {
    const friendly = friendlyTonAddress(account);
    expect(friendly).toHaveLength(48);
    expect(isValidTonAddress(friendly)).toBe(true);
    expect(isValidTonAddress(friendly.replace(/-/g, '+').replace(/_/g, '/'))).toBe(true);
    expect(isValidTonAddress(friendlyTonAddress(account, false))).toBe(true);
  });

  it('accepts a well-known mainnet address', () => {
    expect(isValidTonAddress('EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N')).toBe(true);
  });

  it('rejects a changed character, a wrong length and other chains', () => {
    const friendly = friendlyTonAddress(account);
    const flipped = `${friendly.slice(0, 10)}${friendly[10] === 'A' ? 'B' : 'A'}${friendly.slice(11)}`;
    expect(isValidTonAddress(flipped)).toBe(false);
    expect(isValidTonAddress(friendly.slice(1))).toBe(false);
    expect(isValidTonAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
    expect(isValidTonAddress('')).toBe(false);
  });
});
