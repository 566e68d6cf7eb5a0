import { formatAmount, formatNumber } from './amount';

const NBSP = '\u00a0';

describe('formatAmount', () => {
  it('groups thousands in the locale', () => {
    expect(formatAmount('1234567.5', { locale: 'en', maxDecimals: 2 })).toBe('1,234,567.5');
  });

  it('cuts down to maxDecimals, never rounds up', () => {
    expect(formatAmount('0.123456789', { locale: 'en', maxDecimals: 8 })).toBe('0.12345678');
    expect(formatAmount('1.999', { locale: 'en', maxDecimals: 2 })).toBe('1.99');
    expect(formatAmount('-1.999', { locale: 'en', maxDecimals: 2 })).toBe('-1.99');
    expect(formatAmount('9.9999', { locale: 'en', maxDecimals: 0 })).toBe('9');
  });

  it('drops trailing zeros beyond minDecimals', () => {
    expect(formatAmount('1.50000000', { locale: 'en', maxDecimals: 8 })).toBe('1.5');
    expect(formatAmount('2', { locale: 'en', maxDecimals: 8 })).toBe('2');
    expect(formatAmount('2', { locale: 'en', maxDecimals: 8, minDecimals: 2 })).toBe('2.00');
    expect(formatAmount('2.5', { locale: 'en', maxDecimals: 2, minDecimals: 2 })).toBe('2.50');
  });

  it('keeps all 18 decimals of a string exactly (no float in between)', () => {
    expect(formatAmount('123456789.123456789123456789', { locale: 'en', maxDecimals: 18 })).toBe('123,456,789.123456789123456789');
    expect(formatAmount('0.000000000000000001', { locale: 'en', maxDecimals: 18 })).toBe('0.000000000000000001');
    // 0.1 + 0.2 as a float would show 0.30000000000000004
    expect(formatAmount('0.3', { locale: 'en', maxDecimals: 18 })).toBe('0.3');
  });

  it('ru: a non-breaking space between groups and a decimal comma', () => {
    expect(formatAmount('1234567.891', { locale: 'ru', maxDecimals: 2 })).toBe(`1${NBSP}234${NBSP}567,89`);
    expect(formatAmount('10022', { locale: 'ru', maxDecimals: 2 })).toBe(`10${NBSP}022`);
  });

  it('a tiny negative amount cut to nothing is 0, not -0; a non-number comes back as it was', () => {
    expect(formatAmount('-0.0000001', { locale: 'en', maxDecimals: 2 })).toBe('0');
    expect(formatAmount('', { locale: 'en', maxDecimals: 2 })).toBe('');
    expect(formatAmount('n/a', { locale: 'en', maxDecimals: 2 })).toBe('n/a');
  });
});

describe('formatNumber', () => {
  it('groups counts and volumes', () => {
    expect(formatNumber(10022, 'en')).toBe('10,022');
    expect(formatNumber('10022', 'ru')).toBe(`10${NBSP}022`);
    expect(formatNumber(1234.5678, 'en', { maximumFractionDigits: 2 })).toBe('1,234.57');
    expect(formatNumber('12345678901234567890', 'en')).toBe('12,345,678,901,234,567,890');
  });
});
