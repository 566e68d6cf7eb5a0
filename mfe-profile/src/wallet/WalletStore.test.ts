import { act } from '@testing-library/react';
import { withdrawal } from '../test/fixtures';
import { WALLET_POLL_MS, WalletStore } from './WalletStore';
import { walletApi } from './fakes';

afterEach(() => jest.useRealTimers());

describe('WalletStore', () => {
  it('loads balances, credits (accruals and cashbacks, newest first) and withdrawals (newest first)', async () => {
    const api = walletApi();
    const store = new WalletStore(api as never);
    await store.load();
    expect(store.loadState.status).toBe('ready');
    expect(store.usdt.amount).toBe('25.5');
    expect(store.credits.map((c) => c.id)).toEqual(['c1', 'a1']);
    expect(store.withdrawals.map((w) => w.id)).toEqual(['w-new', 'w-old']);
    expect(store.inFlight).toBe(true);
  });

  it('the withdraw page’s store asks only for balances and withdrawals; a zero USDT balance when there is none', async () => {
    const api = walletApi({ affiliateBalances: jest.fn(async () => []) });
    const store = new WalletStore(api as never, false);
    await store.load();
    expect(api.affiliateAccruals).not.toHaveBeenCalled();
    expect(api.affiliateCashbacks).not.toHaveBeenCalled();
    expect(store.usdt).toEqual({ currencyTitle: 'USDT', networkTitle: 'TRC20', amount: '0', held: '0', pending: '0' });
  });

  it('once started, refreshes balances and withdrawals while a withdrawal is on its way, and stops when it settles or on dispose', async () => {
    jest.useFakeTimers();
    let status: 'PENDING' | 'COMPLETED' = 'PENDING';
    const api = walletApi({ affiliateWithdrawals: jest.fn(async () => [withdrawal('w1', status)]) });
    const store = new WalletStore(api as never);
    store.start();
    await act(async () => undefined);
    expect(api.affiliateWithdrawals).toHaveBeenCalledTimes(1);
    status = 'COMPLETED';
    await act(async () => void jest.advanceTimersByTime(WALLET_POLL_MS));
    expect(api.affiliateWithdrawals).toHaveBeenCalledTimes(2);
    expect(store.withdrawals[0].status).toBe('COMPLETED');
    expect(api.affiliateAccruals).toHaveBeenCalledTimes(1);
    await act(async () => void jest.advanceTimersByTime(WALLET_POLL_MS * 3));
    expect(api.affiliateWithdrawals).toHaveBeenCalledTimes(2);
    status = 'PENDING';
    await store.reload();
    store.dispose();
    await act(async () => void jest.advanceTimersByTime(WALLET_POLL_MS * 3));
    expect(api.affiliateWithdrawals).toHaveBeenCalledTimes(3);
  });

  it('a failed first load is an error state; a failed refresh keeps what is shown', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const down = jest.fn(async () => Promise.reject(new Error('down')));
    const store = new WalletStore(walletApi({ affiliateBalances: down }) as never);
    await store.load();
    expect(store.loadState.status).toBe('error');
    const ok = new WalletStore(walletApi() as never);
    await ok.load();
    (ok as unknown as { api: Record<string, unknown> }).api.affiliateBalances = down;
    await ok.reload();
    expect(ok.loadState.status).toBe('ready');
    expect(ok.usdt.amount).toBe('25.5');
    warn.mockRestore();
  });
});
