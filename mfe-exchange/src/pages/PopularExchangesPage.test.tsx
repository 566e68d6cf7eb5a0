import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { loaders } from './loaders';
import { pages } from './index';
import { createTestHost, renderPage } from '../test/testHost';
import { BTC, USD, USDT, pairData } from '../test/fixtures';
import { coinName } from './PopularExchangesPage';

const api = () => ({
  popularExchanges: jest.fn(async () => [
    { fromBestChangeCurrencyName: 'BTC', toBestChangeCurrencyName: 'USDTTRC20', fromSlug: 'btc', toSlug: 'usdttrc20', isActive: true },
    { fromBestChangeCurrencyName: 'CARDUSD', toBestChangeCurrencyName: 'BTC', fromSlug: 'usd', toSlug: 'btc', isActive: true },
  ]),
  instrumentsV2: jest.fn(async () => [
    BTC,
    { ...USD, currencyFriendlyTitle: 'US Dollar (card)' },
    { ...USDT, currencyFriendlyTitle: 'Tether (TRC20)', precisionDecimals: 6 },
  ]),
  rateOne: jest.fn(async ({ query }: { query: { instrumentFromSlug: string } }) =>
    query.instrumentFromSlug === 'usd' ? pairData(USD, BTC, { price: '0.0000105' }) : pairData(BTC, { ...USDT, precisionDecimals: 6 }, { price: '95000.5' }),
  ),
});

afterEach(cleanup);

describe('PopularExchanges page (issue 25: pairs as the coin picker shows them, with the current rate)', () => {
  // the page's code is a chunk of its own (issue 27): loaded first, as the shell does before hydrating it
  beforeAll(() => pages.PopularExchanges.preload());

  it('shows names, networks and rates instead of raw slugs, and keeps the links to the pair pages', async () => {
    renderPage(pages.PopularExchanges, createTestHost({ api: api() }));
    const list = await screen.findByTestId('popular-list');
    const tether = within(list).getByRole('link', { name: 'Bitcoin (BTC) to Tether (USDT, TRC20)' });
    expect(tether.getAttribute('href')).toBe('/exchange-btc-usdttrc20');
    const card = within(list).getByRole('link', { name: 'USD (by card) to Bitcoin (BTC)' });
    expect(card.getAttribute('href')).toBe('/exchange-usd-btc');
    expect(within(card).getByTestId('logo-usd').dataset.kind).toBe('card');
    expect(list.textContent).not.toContain('USDTTRC20');
    expect(list.textContent).not.toContain('CARDUSD');
    // one precision per pair: the receive coin's decimals, padded
    await waitFor(() => expect(screen.getByTestId('popular-pair-btc-usdttrc20').textContent).toContain('1 BTC = 95,000.500000 USDT'));
    // a unit price too small to read is shown for a §9 price point
    expect(screen.getByTestId('popular-pair-usd-btc').textContent).toContain('1,000 USD = 0.01050000 BTC');
  });

  it('in Russian: the sentence, the column and the rate in the locale’s format', async () => {
    renderPage(pages.PopularExchanges, createTestHost({ api: api(), lng: 'ru' }));
    const list = await screen.findByTestId('popular-list');
    expect(within(list).getByRole('link', { name: 'USD (картой) на Bitcoin (BTC)' })).toBeTruthy();
    expect(within(list).getByText('Курс сейчас')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('popular-pair-btc-usdttrc20').textContent).toContain('1 BTC = 95\u00a0000,500000 USDT'));
  });

  it('a pair without a rate says so, the rest of the list stays', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const a = api();
    a.rateOne.mockImplementation(async ({ query }) => {
      if (query.instrumentFromSlug === 'usd') throw new Error('503');
      return pairData(BTC, USDT, { price: '95000.5' });
    });
    renderPage(pages.PopularExchanges, createTestHost({ api: a }));
    await waitFor(() => expect(screen.getByTestId('popular-pair-usd-btc').dataset.rate).toBe('failed'));
    expect(screen.getByTestId('popular-pair-usd-btc').textContent).toContain('Not available right now');
    jest.restoreAllMocks();
  });

  it('names a coin without the network its badge shows', () => {
    expect(coinName({ currencyFriendlyTitle: 'Tether (TRC20)', networkTitle: 'TRC20' })).toBe('Tether');
    expect(coinName({ currencyFriendlyTitle: 'US Dollar (card)', networkTitle: 'CARD' })).toBe('US Dollar');
    expect(coinName({ currencyFriendlyTitle: 'Avalanche (C-Chain)', networkTitle: 'AVAX' })).toBe('Avalanche (C-Chain)');
  });
});

describe('PopularExchanges server-rendered (issue 27: the list in the first HTML)', () => {
  const rows = (root: ParentNode) =>
    [...root.querySelectorAll<HTMLElement>('[data-testid^="popular-pair-"]')].map((row) => [row.dataset.testid, row.dataset.rate, row.textContent]);

  it.each(['en', 'ru'] as const)(
    '%s: the server HTML has every row with its rate, as the browser shows them; hydration changes nothing and fetches nothing',
    async (lng) => {
      const data = await loaders.PopularExchanges!({ api: api() as never, params: {}, query: new URLSearchParams(), locale: lng });
      const server = document.createElement('div');
      server.innerHTML = renderToString(<pages.PopularExchanges host={createTestHost({ api: api(), lng, initialData: data })} />);
      expect(server.querySelector('[aria-busy="true"]')).toBeNull();

      // the page as the browser shows it after loading the list itself (a client navigation)
      const { unmount } = renderPage(pages.PopularExchanges, createTestHost({ api: api(), lng }));
      await waitFor(() => expect(document.querySelectorAll('[data-rate="ready"]')).toHaveLength(2));
      expect(rows(server)).toEqual(rows(document));
      unmount();

      document.body.append(server);
      const html = server.innerHTML;
      const browserApi = api();
      const errors = jest.spyOn(console, 'error');
      const recoverable: unknown[] = [];
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(server, <pages.PopularExchanges host={createTestHost({ api: browserApi, lng, initialData: data })} />, {
          onRecoverableError: (e) => recoverable.push(e),
        });
      });
      expect(recoverable).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
      expect(server.innerHTML).toBe(html);
      expect(browserApi.popularExchanges).not.toHaveBeenCalled();
      expect(browserApi.rateOne).not.toHaveBeenCalled();
      act(() => root!.unmount());
      server.remove();
      jest.restoreAllMocks();
    },
  );

  it('without the server’s list (a client navigation, or a loader that failed) the browser loads it as before', async () => {
    const a = api();
    a.popularExchanges.mockRejectedValueOnce(new Error('503'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await loaders.PopularExchanges!({ api: a as never, params: {}, query: new URLSearchParams(), locale: 'en' })).toBeUndefined();
    const browserApi = api();
    renderPage(pages.PopularExchanges, createTestHost({ api: browserApi, initialData: undefined }));
    await screen.findByTestId('popular-list');
    expect(browserApi.popularExchanges).toHaveBeenCalledTimes(1);
    jest.restoreAllMocks();
  });
});
