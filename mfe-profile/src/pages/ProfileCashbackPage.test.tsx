import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { pages } from './index';
import { renderPage } from '../test/testHost';
import { signedIn } from '../test/fixtures';
import { cashbackApi } from '../features/cashback/fakes';

afterEach(cleanup);

describe('ProfileCashback page', () => {
  it('the account’s rate and volume, the tiers table with its own tier marked, and the accruals history tab', async () => {
    await act(async () => void renderPage(pages.ProfileCashback, signedIn({ api: cashbackApi(), path: '/profile/cashback' })));
    expect((await screen.findByTestId('cashback-rate')).textContent).toBe('0.2%');
    expect(screen.getByTestId('cashback-volume').textContent).toBe('12,500.5 USDT');
    expect(screen.getByTestId('cashback-total').textContent).toBe('1.250001 USDT');
    const tiers = screen.getAllByTestId('cashback-tier');
    expect(tiers.map((t) => t.textContent)).toEqual(['from 0 USDT0.1%', 'from 10,000 USDTYour tier0.2%', 'from 100,000 USDT0.3%']);
    expect(screen.queryByTestId('cashback-row')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Accruals history' }));
    expect(screen.getByRole('tab', { name: 'Accruals history' }).getAttribute('aria-selected')).toBe('true');
    const rows = screen.getAllByTestId('cashback-row');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('+1.25 USDT');
    expect(screen.getByRole('tabpanel', { name: 'Accruals history' })).toBeTruthy();
  });

  it('in Russian; the history tab is linkable (?tab=history) and the tab choice goes into the query', async () => {
    const host = signedIn({ lng: 'ru', api: cashbackApi({ affiliateCashbacks: jest.fn(async () => []) }), path: '/profile/cashback', query: 'tab=history' });
    const setQuery = jest.spyOn(host, 'setQuery').mockImplementation(() => undefined);
    await act(async () => void renderPage(pages.ProfileCashback, host));
    expect((await screen.findByTestId('cashback-volume')).textContent).toBe('12\u00a0500,5 USDT');
    expect(screen.getByTestId('cashback-history').textContent).toContain('Кэшбэка пока нет');
    fireEvent.click(screen.getByRole('tab', { name: 'Уровни' }));
    expect(setQuery.mock.calls[0][0].has('tab')).toBe(false);
    expect(screen.getByTestId('cashback-tiers')).toBeTruthy();
  });
});
