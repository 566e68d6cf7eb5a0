import { pricePoint } from './pricePoint';

describe('pricePoint (§9 price multiplier points)', () => {
  it('a unit price that reads well stays per 1', () => {
    expect(pricePoint('20.41234567')).toEqual({ multiplier: '1', value: '20.41234567' });
    expect(pricePoint('0.01')).toEqual({ multiplier: '1', value: '0.01' });
  });

  it('a tiny unit price moves to the smallest point that brings it to 0.01: 1000 SHIB = 0.0123 USDT', () => {
    expect(pricePoint('0.0000123')).toEqual({ multiplier: '1000', value: '0.0123' });
    expect(pricePoint('0.004')).toEqual({ multiplier: '3', value: '0.012' });
    expect(pricePoint('0.00005')).toEqual({ multiplier: '200', value: '0.01' });
  });

  it('never beyond the largest point (1000)', () => {
    expect(pricePoint('0.000000001')).toEqual({ multiplier: '1000', value: '0.000001' });
  });
});
