// Issue 23: asked amounts round up and promised amounts round down, to the unit of their coin (§9's 8 decimals a ceiling).
import { amountDecimals, askedAmount, promisedAmount } from '../src/amounts';

const usdt = { precisionDecimals: 6 };
const btc = { precisionDecimals: 8 };
const ton = { precisionDecimals: 9 };
const eur = { precisionDecimals: 2 };

describe('amounts to the unit of their coin', () => {
  it('uses the coin precision, never more than 8 decimals', () => {
    expect([usdt, btc, ton, eur].map(amountDecimals)).toEqual([6, 8, 8, 2]);
  });

  it('rounds what is asked up and what is promised down', () => {
    expect(askedAmount('665.30300269', usdt)).toBe('665.303003');
    expect(promisedAmount('665.30300269', usdt)).toBe('665.303002');
    expect(askedAmount('0.123456789', btc)).toBe('0.12345679');
    expect(promisedAmount('0.123456789', btc)).toBe('0.12345678');
    expect(askedAmount('0.0000000001', ton)).toBe('0.00000001');
    expect(askedAmount('9.999', eur)).toBe('10');
    expect(askedAmount('99.9999999', usdt)).toBe('100');
  });

  it('leaves an amount already on the unit as it is, written without trailing zeros', () => {
    expect(askedAmount('0.050', btc)).toBe('0.05');
    expect(promisedAmount('0.05000000000', btc)).toBe('0.05');
    expect(askedAmount('12', usdt)).toBe('12');
    expect(askedAmount('0.000', usdt)).toBe('0');
    expect(promisedAmount('0.0000001', usdt)).toBe('0');
  });

  it('refuses what is not a decimal string', () => {
    expect(() => askedAmount('1e-7', btc)).toThrow(RangeError);
    expect(() => promisedAmount('abc', btc)).toThrow(RangeError);
  });
});
