import { act, cleanup, screen, within } from '@testing-library/react';
import { pages } from './index';
import { renderPage } from '../test/testHost';
import { signedIn, withdrawal } from '../test/fixtures';
import { walletApi } from '../wallet/fakes';

afterEach(() => {
  cleanup();
  jest.useRealTimers();
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
