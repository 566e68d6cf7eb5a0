// Test fakes of the cashback routes, shared by the store's tests and the page's.
import { HOUR, ago, entry, program } from '../../test/fixtures';

export function cashbackApi(o: Record<string, jest.Mock> = {}) {
  return {
    affiliateProgram: jest.fn(async () => program()),
    affiliateCashbacks: jest.fn(async () => [entry('c1', 'CASHBACK', '1.25'), entry('c2', 'CASHBACK', '0.000001', ago(3 * HOUR))]),
    ...o,
  };
}
