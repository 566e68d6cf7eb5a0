// Test fakes of the affiliate programme's routes, shared by the store's tests and the page's.
import { ago, entry, HOUR, program } from '../../test/fixtures';

export function affiliateApi(o: Record<string, jest.Mock> = {}) {
  return {
    affiliateReferrerId: jest.fn(async () => ({ referrerId: 'ABCDE23456' })),
    affiliateProgram: jest.fn(async () => program()),
    affiliateAccruals: jest.fn(async () => [
      entry('a1', 'AFFILIATE_COMMISSION', '0.1', ago(3 * HOUR), 'q1…z9'),
      entry('a2', 'AFFILIATE_COMMISSION', '0.2', ago(1 * HOUR), 'q2…z8'),
    ]),
    ...o,
  };
}
