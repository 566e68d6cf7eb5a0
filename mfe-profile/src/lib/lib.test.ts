import { isLess, sumDecimals } from './decimal';
import { cleanNumericInput, isPositiveAmount, limitDecimals, toMoney } from './numericInput';
import { formatRate, formatUsdt } from './locale';

describe('§5 numeric input cleaning', () => {
  it.each([
    [' 1 2,5', '12.5'],
    ['abc12.3.4', '12.34'],
    ['0012', '0.12'],
    ['.5', '0.5'],
    ['1e5', '15'],
  ])('%j → %j', (raw, cleaned) => expect(cleanNumericInput(raw)).toBe(cleaned));

  it('cuts to the decimals allowed, says whether it is above zero, and writes the API decimal', () => {
    expect(limitDecimals('1.12345678', 6)).toBe('1.123456');
    expect(limitDecimals('12', 6)).toBe('12');
    expect(isPositiveAmount('0.000')).toBe(false);
    expect(isPositiveAmount('')).toBe(false);
    expect(isPositiveAmount('0.01')).toBe(true);
    expect(isPositiveAmount('5.')).toBe(true);
    expect(toMoney('5.')).toBe('5');
  });
});

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
