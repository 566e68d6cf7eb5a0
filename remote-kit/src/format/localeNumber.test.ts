import { decimalSeparator, toLocaleDecimal } from './localeNumber';

describe('decimalSeparator', () => {
  it('is a comma in Russian and a dot in English', () => {
    expect(decimalSeparator('ru')).toBe(',');
    expect(decimalSeparator('en')).toBe('.');
  });

  it('falls back to a dot for a locale Intl does not know', () => {
    expect(decimalSeparator('not a locale!')).toBe('.');
  });
});

describe('toLocaleDecimal', () => {
  it('shows a canonical amount with the Russian decimal comma', () => {
    expect(toLocaleDecimal('0.1', 'ru')).toBe('0,1');
    expect(toLocaleDecimal('0.1', 'en')).toBe('0.1');
  });

  it('keeps every digit exactly (no float, no grouping)', () => {
    expect(toLocaleDecimal('12345678.123456789123456789', 'ru')).toBe('12345678,123456789123456789');
    expect(toLocaleDecimal('1000', 'ru')).toBe('1000');
  });

  it('keeps a half-typed amount as typed', () => {
    expect(toLocaleDecimal('0.', 'ru')).toBe('0,');
    expect(toLocaleDecimal('', 'ru')).toBe('');
  });
});
