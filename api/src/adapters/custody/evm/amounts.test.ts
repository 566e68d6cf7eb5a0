import fc from 'fast-check';
import { fromBaseUnits, toBaseUnits } from './amounts';

describe('amounts between instrument units and base units', () => {
  it('converts decimal strings exactly', () => {
    expect(toBaseUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n);
    expect(toBaseUnits('0.000001', 6)).toBe(1n);
    expect(toBaseUnits('12.345678000000000000', 6)).toBe(12_345_678n);
    expect(toBaseUnits('100', 6)).toBe(100_000_000n);
    expect(toBaseUnits('7.', 6)).toBe(7_000_000n);
    expect(toBaseUnits('0', 18)).toBe(0n);
    expect(toBaseUnits('123456789012345678901234567890.123456789012345678', 18)).toBe(123456789012345678901234567890123456789012345678n);
  });

  it('drops digits past the chain’s decimals (never rounds a payout up)', () => {
    expect(toBaseUnits('1.0000019', 6)).toBe(1_000_001n);
    expect(toBaseUnits('0.0000009', 6)).toBe(0n);
    expect(toBaseUnits('5.99', 0)).toBe(5n);
  });

  it('refuses what is not a non-negative decimal', () => {
    for (const bad of ['', '-1', '1e5', 'abc', '1.2.3', '.5', ' ', '0x10']) expect(() => toBaseUnits(bad, 18)).toThrow(/not a non-negative decimal/);
  });

  it('formats base units with every decimal', () => {
    expect(fromBaseUnits(1n, 6)).toBe('0.000001');
    expect(fromBaseUnits(1_500_000_000_000_000_000n, 18)).toBe('1.5');
    expect(fromBaseUnits(3_000_000n, 6)).toBe('3');
    expect(fromBaseUnits(0n, 18)).toBe('0');
  });

  it('round-trips any amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.integer({ min: 0, max: 36 }), (units, decimals) => {
        expect(toBaseUnits(fromBaseUnits(units, decimals), decimals)).toBe(units);
      }),
      { numRuns: 300 },
    );
  });
});
