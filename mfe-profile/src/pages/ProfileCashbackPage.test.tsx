import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { pages } from './index';
import { renderPage } from '../test/testHost';
import { HOUR, ago, entry, program, signedIn } from '../test/fixtures';
import { CashbackStore } from '../features/cashback/CashbackStore';

afterEach(cleanup);

function api(o: Record<string, jest.Mock> = {}) {
  return {
    affiliateProgram: jest.fn(async () => program()),
    affiliateCashbacks: jest.fn(async () => [entry('c1', 'CASHBACK', '1.25'), entry('c2', 'CASHBACK', '0.000001', ago(3 * HOUR))]),
    ...o,
  };
}

describe('CashbackStore', () => {
  it('tiers from the smallest volume up, the tier the 30-day volume reaches, the exact total', async () => {
    const store = new CashbackStore(api() as never);
    await store.load();
    expect(store.tiers.map((t) => t.minVolume)).toEqual(['0', '10000', '100000']);
    expect(store.currentTier).toBe(1);
    expect(store.total).toBe('1.250001');
  });

  it('no tier reached, and a failed load is an error state', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = new CashbackStore(
      api({ affiliateProgram: jest.fn(async () => program({ cashbackTiers: [{ minVolume: '100', rate: '0.001' }], volume30d: '5' })) }) as never,
    );
    await store.load();
    expect(store.currentTier).toBe(-1);
    const failing = new CashbackStore(api({ affiliateCashbacks: jest.fn(async () => Promise.reject(new Error('down'))) }) as never);
    await failing.load();
    expect(failing.loadState.status).toBe('error');
    warn.mockRestore();
  });
});

describe('ProfileCashback page', () => {
  it('the account’s rate and volume, the tiers table with its own tier marked, and the accruals history tab', async () => {
    await act(async () => void renderPage(pages.ProfileCashback, signedIn({ api: api(), path: '/profile/cashback' })));
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
    const host = signedIn({ lng: 'ru', api: api({ affiliateCashbacks: jest.fn(async () => []) }), path: '/profile/cashback', query: 'tab=history' });
    const setQuery = jest.spyOn(host, 'setQuery').mockImplementation(() => undefined);
    await act(async () => void renderPage(pages.ProfileCashback, host));
    expect((await screen.findByTestId('cashback-volume')).textContent).toBe('12\u00a0500,5 USDT');
    expect(screen.getByTestId('cashback-history').textContent).toContain('Кэшбэка пока нет');
    fireEvent.click(screen.getByRole('tab', { name: 'Уровни' }));
    expect(setQuery.mock.calls[0][0].has('tab')).toBe(false);
    expect(screen.getByTestId('cashback-tiers')).toBeTruthy();
  });
});
