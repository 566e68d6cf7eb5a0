// Test fakes of the wallet's routes, shared by the store's tests and the page's.
import { ago, balance, entry, HOUR, withdrawal } from '../test/fixtures';

export function walletApi(o: Record<string, jest.Mock> = {}) {
  return {
    affiliateBalances: jest.fn(async () => [balance('25.5', '12.5', '3.25')]),
    affiliateWithdrawals: jest.fn(async () => [withdrawal('w-old', 'COMPLETED', '5', ago(5 * HOUR)), withdrawal('w-new', 'PENDING')]),
    affiliateAccruals: jest.fn(async () => [entry('a1', 'AFFILIATE_COMMISSION', '0.5', ago(3 * HOUR))]),
    affiliateCashbacks: jest.fn(async () => [entry('c1', 'CASHBACK', '0.1', ago(1 * HOUR), 'ord-own-1')]),
    ...o,
  };
}
