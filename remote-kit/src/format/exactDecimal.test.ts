import { ExactDecimal } from './exactDecimal';

const d = (s: string) => ExactDecimal.from(s);

describe('ExactDecimal', () => {
  it.each([
    ['0', '0'],
    ['-0', '0'],
    ['+1.50', '1.5'],
    ['001.2300', '1.23'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['1e-7', '0.0000001'],
    ['1.5E3', '1500'],
    ['-12.345e1', '-123.45'],
    ['123456789012345678901234567890.123456789012345678', '123456789012345678901234567890.123456789012345678'],
  ])('reads %s as %s', (input, fixed) => {
    expect(d(input).toFixed()).toBe(fixed);
  });

  it.each(['', ' 1', '1 ', 'abc', '1.2.3', '--1', '0x10', 'Infinity', 'NaN', '1e', '.', '1e99999'])('refuses %j', (input) => {
    expect(ExactDecimal.parse(input)).toBeUndefined();
    expect(() => ExactDecimal.from(input)).toThrow(TypeError);
  });

  it('reads finite numbers by their own string', () => {
    expect(d('0').plus(1000).toFixed()).toBe('1000');
    expect(ExactDecimal.from(0.01).toFixed()).toBe('0.01');
    expect(ExactDecimal.parse(Number.NaN)).toBeUndefined();
  });

  it('adds, subtracts and multiplies exactly where floats do not', () => {
    expect(d('0.1').plus('0.2').toFixed()).toBe('0.3');
    expect(d('0.3').minus('0.1').toFixed()).toBe('0.2');
    expect(d('1.1').times('1.1').toFixed()).toBe('1.21');
    expect(d('0.00012345').times(d('1').plus('0.01')).toFixed()).toBe('0.0001246845');
    expect(d('5').minus('7.25').abs().toFixed()).toBe('2.25');
  });

  it('compares across scales', () => {
    expect(d('1.10').compare('1.1')).toBe(0);
    expect(d('0.00000001').gt('0')).toBe(true);
    expect(d('-1').lt('0.5')).toBe(true);
    expect(d('2').lte('2.000')).toBe(true);
    expect(d('2').gte('2.0000001')).toBe(false);
  });

  it('rounds down (toward zero), up (away from zero) and floor (toward minus infinity)', () => {
    expect(d('1.239').round(2, 'down').toFixed()).toBe('1.23');
    expect(d('-1.239').round(2, 'down').toFixed()).toBe('-1.23');
    expect(d('1.231').round(2, 'up').toFixed()).toBe('1.24');
    expect(d('-1.231').round(2, 'up').toFixed()).toBe('-1.24');
    expect(d('1.23').round(2, 'up').toFixed()).toBe('1.23');
    expect(d('9.99').round(0, 'floor').toFixed()).toBe('9');
    expect(d('-9.01').round(0, 'floor').toFixed()).toBe('-10');
    expect(d('-0.001').round(2, 'down').isZero()).toBe(true);
  });

  it('knows its decimals, whether it is whole, positive or zero', () => {
    expect(d('1.500').decimalPlaces()).toBe(1);
    expect(d('1e-18').decimalPlaces()).toBe(18);
    expect(d('2.5').times(ExactDecimal.unit(-18)).isInteger()).toBe(true);
    expect(d('2.5').times(ExactDecimal.unit(-18)).toFixed()).toBe('2500000000000000000');
    expect(ExactDecimal.unit(8).toFixed()).toBe('0.00000001');
    expect(d('0.0').isZero()).toBe(true);
    expect(d('0.1').isPositive()).toBe(true);
    expect(d('-0.1').isPositive()).toBe(false);
  });
});
