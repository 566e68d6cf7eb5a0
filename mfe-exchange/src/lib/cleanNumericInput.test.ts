import { cleanNumericInput, formatDecimal, isPositiveAmount } from './cleanNumericInput';

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
  ])('%j → %s', (v, expected) => expect(isPositiveAmount(v)).toBe(expected));
});

describe('formatDecimal', () => {
  it('truncates without floats and trims zeros', () => {
    expect(formatDecimal('20.412345678901', 8)).toBe('20.41234567');
    expect(formatDecimal('20.10000000', 8)).toBe('20.1');
    expect(formatDecimal('3', 2)).toBe('3');
  });
});
