import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from 'shared-contracts';
import { namespace, pages, resources } from './index';
import { createTestHost, renderPage } from '../test/testHost';
import { FakeWebSocket } from '../test/FakeWebSocket';
import { BTC, ETH, USDT, pairData } from '../test/fixtures';

const api = () => ({
  instrumentsV2: jest.fn(async () => [BTC, ETH, USDT]),
  pairsDefault: jest.fn(async () => ({ instrumentFrom: BTC, instrumentTo: ETH, amount: '0.5' })),
  rateOne: jest.fn(async () => pairData(BTC, ETH)),
  popularExchanges: jest.fn(async () => [{ fromBestChangeCurrencyName: 'Bitcoin (BTC)', toBestChangeCurrencyName: 'Ethereum (ETH)', fromSlug: 'btc', toSlug: 'eth', isActive: true }]),
});

beforeAll(() => {
  (globalThis as { WebSocket: unknown }).WebSocket = FakeWebSocket;
});
beforeEach(() => FakeWebSocket.reset());
afterEach(cleanup);

describe('mfe-exchange ./pages', () => {
  it('exports the pages, namespace and resources of ARCHITECTURE.md', () => {
    expect(Object.keys(pages).sort()).toEqual(['ExchangePair', 'Home', 'PopularExchanges']);
    expect(namespace).toBe('mfe-exchange');
    expect(Object.keys(resources.ru).sort()).toEqual(Object.keys(resources.en).sort());
  });

  it.each([
    ['en', 'Home', 'Exchange cryptocurrency'],
    ['ru', 'Home', 'Обмен криптовалюты'],
    ['en', 'ExchangePair', 'Exchange BTC to ETH'],
    ['ru', 'ExchangePair', 'Обмен BTC на ETH'],
    ['en', 'PopularExchanges', 'Popular exchanges'],
    ['ru', 'PopularExchanges', 'Популярные обмены'],
  ] as const)('%s %s renders its page-title', async (lng, name, title) => {
    const host = createTestHost({ lng, api: api(), route: { params: { from: 'btc', to: 'eth' } } });
    renderPage(pages[name], host);
    expect(screen.getByTestId('page-title').textContent).toBe(title);
    await act(async () => undefined);
  });

  it('Home shows the live rate, the amount to receive and updatedAt, and follows socket ticks', async () => {
    const host = createTestHost({ api: api() });
    renderPage(pages.Home, host);
    expect((await screen.findByTestId('live-rate')).textContent).toBe('1 BTC = 20.41234567 ETH');
    expect(screen.getByTestId('rate-updated-at').textContent).toBe('2030-01-01T00:00:00.000Z');
    expect(screen.getByTestId('amount-receive').textContent).toBe('10.2');
    expect(screen.getByTestId('instrument-send-network').textContent).toBe('BTC');
    expect(screen.getByTestId('instrument-receive-network').textContent).toBe('ERC20');
    const ws = FakeWebSocket.last;
    expect(ws.url).toBe('ws://test/ws');
    act(() => ws.open());
    act(() => ws.message({ channel: 'pairs', event: 'data', data: pairData(BTC, ETH, { price: '21', updatedAt: '2030-01-01T00:00:09.000Z' }) }));
    expect(screen.getByTestId('live-rate').textContent).toBe('1 BTC = 21 ETH');
    expect(screen.getByTestId('rate-updated-at').textContent).toBe('2030-01-01T00:00:09.000Z');
  });

  it('ExchangePair uses the route params and cleans typed amounts', async () => {
    const a = api();
    a.rateOne.mockImplementation(async () => pairData(ETH, USDT));
    const host = createTestHost({ api: a, route: { params: { from: 'eth', to: 'usdttrc20' } } });
    renderPage(pages.ExchangePair, host);
    await screen.findByTestId('live-rate');
    expect(a.rateOne.mock.calls[0]).toEqual([expect.objectContaining({ query: expect.objectContaining({ instrumentFromSlug: 'eth', instrumentToSlug: 'usdttrc20' }) })]);
    fireEvent.change(screen.getByTestId('amount-send'), { target: { value: ' 1,5a' } });
    expect((screen.getByTestId('amount-send') as HTMLInputElement).value).toBe('1.5');
    await waitFor(() => expect(a.rateOne).toHaveBeenCalledTimes(2));
  });

  it('shows a min-amount error message with the expected amount', async () => {
    const a = api();
    a.rateOne.mockRejectedValue(ApiError.of('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', 'small', { details: { expectedAmount: '0.01' } }));
    renderPage(pages.Home, createTestHost({ api: a }));
    expect((await screen.findByTestId('pair-error')).textContent).toContain('The minimum amount is 0.01 BTC.');
  });

  it('an unknown pair code reports notFound', async () => {
    const host = createTestHost({ api: api(), route: { params: { from: 'nope', to: 'eth' } } });
    const notFound = jest.spyOn(host, 'notFound').mockImplementation(() => undefined);
    renderPage(pages.ExchangePair, host);
    await waitFor(() => expect(notFound).toHaveBeenCalled());
  });

  it('PopularExchanges lists pairs, or says honestly that there are none', async () => {
    renderPage(pages.PopularExchanges, createTestHost({ api: api() }));
    const link = await screen.findByRole('link', { name: 'Bitcoin (BTC) to Ethereum (ETH)' });
    expect(link.getAttribute('href')).toBe('/exchange-btc-eth');
    cleanup();
    const a = api();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    a.popularExchanges.mockRejectedValue(new Error('404'));
    renderPage(pages.PopularExchanges, createTestHost({ api: a, lng: 'ru' }));
    expect((await screen.findByTestId('popular-empty')).textContent).toBe('Не удалось загрузить популярные обмены. Попробуйте позже.');
  });
});
