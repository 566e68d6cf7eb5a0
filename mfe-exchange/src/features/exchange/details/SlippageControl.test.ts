import { slippageOfPercent } from './SlippageControl';

describe('slippageOfPercent (issue 29)', () => {
  it('reads a percent as typed, in either decimal separator, as the fraction the api takes', () => {
    expect(slippageOfPercent('1')).toBe('0.01');
    expect(slippageOfPercent(' 1,5 ')).toBe('0.015');
    expect(slippageOfPercent('0.25')).toBe('0.0025');
    expect(slippageOfPercent('0.1')).toBe('0.001');
    expect(slippageOfPercent('5')).toBe('0.05');
  });

  it('is null outside 0.1 %–5 %, past two decimals of a percent, or for no number', () => {
    for (const text of ['', '0', '0.09', '5.01', '10', '-1', '1.255', 'abc', '1%']) expect(slippageOfPercent(text)).toBeNull();
  });
});
