import { isLess, sumDecimals } from './decimal';
import { formatRate, formatUsdt } from './locale';

describe('exact decimals', () => {
  it('sums decimal strings without a float (0.1 + 0.2 is 0.3) and compares them', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['1.000000000000000001', '2', '-0.5'])).toBe('2.500000000000000001');
    expect(sumDecimals([])).toBe('0');
    expect(isLess('9.999999', '10')).toBe(true);
    expect(isLess('10', '10')).toBe(false);
  });

  it('USDT amounts are cut to 6 decimals, rates read as percentages', () => {
    expect(formatUsdt('1234.5678919', 'en')).toBe('1,234.567891');
    expect(formatRate('0.005', 'en')).toBe('0.5%');
    expect(formatRate('0.0125', 'ru-RU')).toBe('1,25\u00a0%');
  });
});
