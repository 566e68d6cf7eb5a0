import { cleanNumericInput, formatDecimal, isPositiveAmount, limitDecimals, toMoney } from './numericInput';

describe('cleanNumericInput (spec §5)', () => {
  it.each([
    ['whitespace removed', ' 1 2\t3 ', '123'],
    ['comma becomes dot', '1,5', '1.5'],
    ['non digit/dot dropped', '1a2$b.3e-', '12.3'],
    ['leading "00" becomes "0."', '005', '0.5'],
    ['extra dots removed', '1.2.3.4', '1.234'],
    ['leading dot gets 0 prefix', '.75', '0.75'],
    ['leading "00." keeps a single dot', '00.5', '0.5'],
    ['comma and dot together', '1,2.3', '1.23'],
    ['empty stays empty', '', ''],
    ['plain number untouched', '500', '500'],
    ['whitespace and comma', ' 1 2,5', '12.5'],
    ['letters and extra dots', 'abc12.3.4', '12.34'],
    ['leading "00" before digits', '0012', '0.12'],
    ['leading dot', '.5', '0.5'],
    ['an exponent is no number here', '1e5', '15'],
  ])('%s: %j → %j', (_rule, input, expected) => {
    expect(cleanNumericInput(input)).toBe(expected);
  });
});

describe('isPositiveAmount', () => {
  it.each([
    ['0', false],
    ['0.', false],
    ['0.000', false],
    ['', false],
    ['0.01', true],
    ['10', true],
    ['1.', true],
    ['5.', true],
  ])('%j → %s', (v, expected) => expect(isPositiveAmount(v)).toBe(expected));
});

describe('toMoney and limitDecimals', () => {
  it('writes the API decimal (no trailing dot) and cuts to the decimals allowed while typing', () => {
    expect(toMoney('5.')).toBe('5');
    expect(toMoney('5.25')).toBe('5.25');
    expect(limitDecimals('1.12345678', 6)).toBe('1.123456');
    expect(limitDecimals('12', 6)).toBe('12');
  });
});

describe('formatDecimal', () => {
  it('truncates without floats and trims zeros', () => {
    expect(formatDecimal('20.412345678901', 8)).toBe('20.41234567');
    expect(formatDecimal('20.10000000', 8)).toBe('20.1');
    expect(formatDecimal('3', 2)).toBe('3');
  });
});
