import { act, cleanup, screen, within } from '@testing-library/react';
import { pages } from './index';
import { renderPage } from '../test/testHost';
import { ago, balance, entry, HOUR, signedIn, withdrawal } from '../test/fixtures';
import { WALLET_POLL_MS, WalletStore } from '../wallet/WalletStore';

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

function walletApi(o: Record<string, jest.Mock> = {}) {
  return {
    affiliateBalances: jest.fn(async () => [balance('25.5', '12.5', '3.25')]),
    affiliateWithdrawals: jest.fn(async () => [withdrawal('w-old', 'COMPLETED', '5', ago(5 * HOUR)), withdrawal('w-new', 'PENDING')]),
    affiliateAccruals: jest.fn(async () => [entry('a1', 'AFFILIATE_COMMISSION', '0.5', ago(3 * HOUR))]),
    affiliateCashbacks: jest.fn(async () => [entry('c1', 'CASHBACK', '0.1', ago(1 * HOUR), 'ord-own-1')]),
    ...o,
  };
}

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

describe('ProfileWallet page', () => {
  it('shows the balances, the credits with their order, volume and rate, and the withdrawals with their states', async () => {
    await act(async () => void renderPage(pages.ProfileWallet, signedIn({ api: walletApi(), path: '/profile/wallet' })));
    const balances = await screen.findByTestId('wallet-balances');
    expect(within(balances).getByTestId('wallet-available').textContent).toBe('25.5 USDT');
    expect(within(balances).getByTestId('wallet-pending').textContent).toBe('12.5 USDT');
    // issue 24: earned income still in its hold is shown apart from what can be withdrawn
    expect(within(balances).getByTestId('wallet-held').textContent).toBe('3.25 USDT');
    const credits = screen.getAllByTestId('credit-row');
    expect(credits.map((r) => r.getAttribute('data-kind'))).toEqual(['CASHBACK', 'AFFILIATE_COMMISSION']);
    expect(credits[0].textContent).toContain('Cashback');
    expect(credits[0].textContent).toContain('ord-own-1');
    expect(credits[0].textContent).toContain('1,000 USDT');
    expect(credits[0].textContent).toContain('0.1%');
    expect(credits[0].textContent).toContain('+0.1 USDT');
    expect(credits[1].textContent).toContain('Commission');
    const rows = screen.getAllByTestId('withdrawal-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['PENDING', 'COMPLETED']);
    expect(within(rows[0]).getByTestId('withdrawal-status').textContent).toBe('Requested');
    expect(within(rows[1]).getByTestId('withdrawal-status').textContent).toBe('Completed');
    expect(rows[1].textContent).toContain('TJRabP…RTv8');
    expect(screen.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/profile/withdraw');
  });

  it('in Russian; empty lists say so', async () => {
    const api = walletApi({
      affiliateWithdrawals: jest.fn(async () => [withdrawal('w', 'FAILED')]),
      affiliateAccruals: jest.fn(async () => []),
      affiliateCashbacks: jest.fn(async () => []),
    });
    await act(async () => void renderPage(pages.ProfileWallet, signedIn({ lng: 'ru', api, path: '/profile/wallet' })));
    expect((await screen.findByTestId('wallet-available')).textContent).toBe('25,5 USDT');
    expect(screen.getByTestId('credits-table').textContent).toContain('Начислений пока нет');
    expect(screen.getByTestId('withdrawal-row').textContent).toContain('Не удался');
    expect(screen.getByTestId('withdrawal-row').textContent).toContain('Сумма вернулась на ваш баланс.');
  });

  it('nothing is asked for a guest (§5)', () => {
    const api = walletApi();
    renderPage(pages.ProfileWallet, { ...signedIn({ api }), session: { ...signedIn().session, isAuthorised: false } });
    expect(api.affiliateBalances).not.toHaveBeenCalled();
  });
});
