import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { pages } from './index';
import { createTestHost, renderPage } from '../test/testHost';
import { historyOrder } from '../features/history/fakes';

afterEach(cleanup);

describe('ProfileHistory page', () => {
  function signedInHost(lng: 'en' | 'ru', orderHistory: jest.Mock, query = '', api: Record<string, unknown> = {}) {
    const host = createTestHost({ lng, api: { orderHistory, ...api }, route: { path: '/profile/history', query: new URLSearchParams(query) } });
    return {
      ...host,
      session: {
        ...host.session,
        isAuthorised: true,
        account: { email: 'a@b.co', userId: 1, permissions: 'USER', adminPermissionsScope: {}, emailConfirmed: true, twoFactorEnabled: false },
      },
    };
  }

  it('a table of the orders: status, pair, readable amounts, a live relative date with the exact time, a link to each order', async () => {
    const createdAt = new Date(Date.now() - 3 * 3600_000).toISOString();
    const orderHistory = jest.fn(async () => ({ items: [historyOrder('ord-1', ['CREATION_END'], createdAt)], total: 1, page: 1, perPage: 10 }));
    await act(async () => void renderPage(pages.ProfileHistory, signedInHost('en', orderHistory)));
    const row = await screen.findByTestId('history-row');
    const table = screen.getByRole('table', { name: 'Your orders, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order', 'Status', 'Pair', 'You send', 'You get', 'Cashback', 'Created']);
    expect(row.getAttribute('data-order-id')).toBe('ord-1');
    expect(row.textContent).toContain('BTC → ETH');
    expect(row.textContent).toContain('0.05 BTC');
    expect(row.textContent).toContain('0.999 ETH');
    expect(row.textContent).toContain('3 hr. ago');
    const time = row.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe(createdAt);
    expect(time?.getAttribute('title')).toMatch(/\d{4}/);
    expect(screen.getByTestId('history-status').textContent).toBe('Awaiting deposit');
    expect(screen.getByTestId('history-order-link').getAttribute('href')).toBe('/order/ord-1?destinationAddress=0xAbC%201');
    expect(screen.queryByTestId('history-pager')).toBeNull();
  });

  it('amounts are cut to the instrument’s displayed precision from the catalogue (8 decimals for one it does not know), grouped', async () => {
    const orderHistory = jest.fn(async () => ({
      items: [{ ...historyOrder('ord-3'), claimedDepositAmount: '0.123456789', amountToGet: '12345.123456789' }],
      total: 1,
      page: 1,
      perPage: 10,
    }));
    const instrumentsV2 = jest.fn(async () => [{ currencyTitle: 'ETH', networkTitle: 'ETH', precisionDecimals: 6 }]);
    await act(async () => void renderPage(pages.ProfileHistory, signedInHost('en', orderHistory, '', { instrumentsV2 })));
    const row = await screen.findByTestId('history-row');
    expect(instrumentsV2).toHaveBeenCalledWith({ query: { all: 'true' } });
    expect(row.textContent).toContain('12,345.123456 ETH');
    expect(row.textContent).toContain('0.12345678 BTC');
  });

  it('in Russian, with pages: the page comes from ?page= and the labelled pager moves through the query', async () => {
    const orderHistory = jest.fn(async () => ({ items: [historyOrder('ord-2', ['CREATION_END', 'WITHDRAWAL_COMPLETED'])], total: 31, page: 2, perPage: 10 }));
    const host = signedInHost('ru', orderHistory, 'page=2');
    const setQuery = jest.spyOn(host, 'setQuery').mockImplementation(() => undefined);
    await act(async () => void renderPage(pages.ProfileHistory, host));
    const row = await screen.findByTestId('history-row');
    expect(orderHistory).toHaveBeenCalledWith({ query: { page: 2, perPage: 10 } });
    expect(screen.getByTestId('history-status').textContent).toBe('Завершён');
    expect(row.textContent).toContain('0,05 BTC');
    expect(row.textContent).toContain('3 ч назад');
    const pager = screen.getByRole('navigation', { name: 'Страницы истории заказов' });
    expect(pager.textContent).toContain('Страница 2 из 4');
    fireEvent.click(within(pager).getByRole('button', { name: 'Вперёд' }));
    expect(setQuery.mock.calls[0][0].get('page')).toBe('3');
    fireEvent.click(screen.getByTestId('history-previous'));
    expect(setQuery.mock.calls[1][0].has('page')).toBe(false);
  });

  it('each order shows the cashback it earned (USDT, cut to 6 decimals), a dash when none', async () => {
    const orderHistory = jest.fn(async () => ({
      items: [
        { ...historyOrder('ord-c', ['CREATION_END', 'WITHDRAWAL_COMPLETED']), cashback: '1.2345678' },
        { ...historyOrder('ord-n'), cashback: null },
        historyOrder('ord-u'),
      ],
      total: 3,
      page: 1,
      perPage: 10,
    }));
    await act(async () => void renderPage(pages.ProfileHistory, signedInHost('en', orderHistory)));
    await screen.findAllByTestId('history-row');
    const cells = screen.getAllByTestId('history-cashback');
    expect(cells.map((c) => c.textContent)).toEqual(['+1.234567 USDT', '—', '—']);
    expect(cells[0].getAttribute('data-amount')).toBe('1.2345678');
  });

  it('says so when there are no orders yet, with a way to make one', async () => {
    const orderHistory = jest.fn(async () => ({ items: [], total: 0, page: 1, perPage: 10 }));
    await act(async () => void renderPage(pages.ProfileHistory, signedInHost('en', orderHistory)));
    expect((await screen.findByTestId('history-empty')).textContent).toContain('no orders yet');
    expect(screen.getByRole('link', { name: 'Make an exchange' }).getAttribute('href')).toBe('/');
  });

  it('a failed load is announced and can be retried', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const orderHistory = jest.fn(async () => Promise.reject(new Error('down')));
    await act(async () => void renderPage(pages.ProfileHistory, signedInHost('en', orderHistory)));
    expect((await screen.findByRole('alert')).textContent).toBe('Your orders could not be loaded.');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(orderHistory).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
