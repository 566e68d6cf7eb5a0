import { estimateRange } from './estimateRange';

describe('estimateRange', () => {
  it('keeps short estimates in seconds', () => {
    expect(estimateRange(30, 90)).toEqual({ from: 30, to: 90, unit: 's' });
    expect(estimateRange(45.2, 45.2)).toEqual({ from: 45, to: 46, unit: 's' });
  });

  it('reads minutes below two hours, the upper end rounded up', () => {
    expect(estimateRange(420, 900)).toEqual({ from: 7, to: 15, unit: 'min' });
    expect(estimateRange(60, 121)).toEqual({ from: 1, to: 3, unit: 'min' });
    expect(estimateRange(1260, 2520)).toEqual({ from: 21, to: 42, unit: 'min' });
    expect(estimateRange(600, 600)).toEqual({ from: 10, to: 10, unit: 'min' });
  });

  it('reads hours with one decimal from two hours', () => {
    expect(estimateRange(3600, 7200)).toEqual({ from: 1, to: 2, unit: 'h' });
    expect(estimateRange(5400, 10_000)).toEqual({ from: 1.5, to: 2.8, unit: 'h' });
  });

  it('never has its ends the wrong way round', () => {
    expect(estimateRange(900, 420)).toEqual({ from: 7, to: 15, unit: 'min' });
  });
});
