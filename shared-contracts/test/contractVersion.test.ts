import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTRACT_VERSION, contractCompatibility, parseContractVersion } from '../src/contractVersion';

describe('contract version', () => {
  it('is the version of the shared-contracts package (one source: the webpack factory reads package.json)', () => {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, '../package.json'), 'utf8')) as { version: string };
    expect(CONTRACT_VERSION).toBe(pkg.version);
    expect(parseContractVersion(CONTRACT_VERSION)).toBeDefined();
  });

  it('parses major.minor.patch, with or without a pre-release or build suffix', () => {
    expect(parseContractVersion('1.2.3')).toEqual({ major: 1, minor: 2, patch: 3 });
    expect(parseContractVersion('2.0.0-rc.1')).toEqual({ major: 2, minor: 0, patch: 0 });
    expect(parseContractVersion('1.2')).toBeUndefined();
    expect(parseContractVersion('')).toBeUndefined();
    expect(parseContractVersion(undefined)).toBeUndefined();
    expect(parseContractVersion(1)).toBeUndefined();
  });

  it('runs minor and patch differences in either direction', () => {
    expect(contractCompatibility('1.0.0', '1.0.0')).toBe('compatible');
    expect(contractCompatibility('1.0.0', '1.4.0')).toBe('compatible');
    expect(contractCompatibility('1.4.2', '1.0.9')).toBe('compatible');
  });

  it('refuses a different major, newer or older', () => {
    expect(contractCompatibility('1.0.0', '2.0.0')).toBe('major-mismatch');
    expect(contractCompatibility('2.1.0', '1.9.9')).toBe('major-mismatch');
    expect(contractCompatibility('1.0.0', '0.9.0')).toBe('major-mismatch');
  });

  it('calls a remote without a readable version unrecorded', () => {
    expect(contractCompatibility('1.0.0', undefined)).toBe('unrecorded');
    expect(contractCompatibility('1.0.0', 'latest')).toBe('unrecorded');
  });

  it('rejects an invalid host version', () => {
    expect(() => contractCompatibility('one', '1.0.0')).toThrow(/invalid host contract version/);
  });
});
