import { spreadPercent } from './fees';

describe('spreadPercent', () => {
  it.each([
    ['20', '20', '0.00'],
    ['19.9', '20', '0.50'],
    ['1', '0', null],
    ['1', 'x', null],
  ])('price %s vs market %s → %s', (p, m, e) => expect(spreadPercent(p, m)).toBe(e));
});
