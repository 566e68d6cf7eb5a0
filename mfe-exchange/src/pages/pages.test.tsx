import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type RemotePage } from 'shared-contracts';
import { loadResources, namespace, pages } from './index';
import { en } from '../i18n/en';
import { ru } from '../i18n/ru';
import { createTestHost, renderPage } from '../test/testHost';
import { FakeWebSocket } from 'remote-kit/fake-socket';
import { ruKeysOf } from 'remote-kit/testing';
import { BTC, ETH, USD, USDT, pairData } from '../test/fixtures';
import { FakeTrack, fakeStream } from '../features/exchange/scanner/fakeCamera';

const api = () => ({
  instrumentsV2: jest.fn(async () => [BTC, ETH, USDT]),
  pairsDefault: jest.fn(async () => ({ instrumentFrom: BTC, instrumentTo: ETH, amount: '0.5' })),
  rateOne: jest.fn(async (_input?: unknown) => pairData(BTC, ETH)),
  recommendedAmount: jest.fn(async (_input?: unknown) => ({ recommendedAmount: '0.5' })),
  validateAddress: jest.fn(async ({ body }: { body: { address: string } }) => body.address.startsWith('0x')),
  orderCreate: jest.fn(async ({ body }: { body: { destinationAddress: string } }) => ({
    orderId: 'o-1',
    destinationAddress: body.destinationAddress,
    rateMode: 'FLOATING',
  })),
  ordersPublicLatest: jest.fn(async () => [
    {
      from: { currencyTitle: 'BTC', networkTitle: 'BTC' },
      to: { currencyTitle: 'ETH', networkTitle: 'ETH' },
      amountFrom: '0.1',
      amountTo: '2',
      completedAt: '2030-01-01T00:00:00Z',
    },
  ]),
  statsPublic: jest.fn(async () => ({ ordersCompleted: 42, volumeUsd: '1000.5', instrumentsCount: 24 })),
  statusPage: jest.fn(async () => ({ current: 'OK' as const, checkedAt: '2030-01-01T00:00:00Z', days: [], incidents: [] })),
  popularExchanges: jest.fn(async () => [
    { fromBestChangeCurrencyName: 'Bitcoin (BTC)', toBestChangeCurrencyName: 'Ethereum (ETH)', fromSlug: 'btc', toSlug: 'eth', isActive: true },
  ]),
});

beforeAll(() => {
  (globalThis as { WebSocket: unknown }).WebSocket = FakeWebSocket;
});
beforeEach(() => FakeWebSocket.reset());
afterEach(cleanup);

describe('mfe-exchange ./pages', () => {
  it('loads the texts of one locale at a time (contract 1.2 loadResources)', async () => {
    await expect(loadResources('en')).resolves.toEqual(en);
    await expect(loadResources('ru')).resolves.toEqual(ru);
  });

  it('exports the pages, namespace and resources of ARCHITECTURE.md', () => {
    expect(Object.keys(pages).sort()).toEqual(['ExchangePair', 'Home', 'PopularExchanges']);
    expect(namespace).toBe('mfe-exchange');
    expect(Object.keys(ru).sort()).toEqual(ruKeysOf(en));
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
    // a page whose code is a chunk of its own is loaded first, as the shell does before hydrating it
    await (pages[name] as RemotePage).preload?.();
    renderPage(pages[name], host);
    expect(screen.getByTestId('page-title').textContent).toBe(title);
    await act(async () => undefined);
  });

  it('Home shows the live rate, the amount to receive and updatedAt, and follows socket ticks', async () => {
    const host = createTestHost({ api: api() });
    renderPage(pages.Home, host);
    expect((await screen.findByTestId('live-rate')).textContent).toBe('1 BTC = 20.41234567 ETH');
    // the rate's time: relative in words, the exact time in its title and datetime
    const updated = screen.getByTestId('rate-updated-at');
    expect(updated.tagName).toBe('TIME');
    expect(updated.getAttribute('datetime')).toBe('2030-01-01T00:00:00.000Z');
    expect(updated.getAttribute('title')).toContain('2030');
    await waitFor(() => expect(updated.textContent).toMatch(/ago$/));
    expect((screen.getByTestId('amount-receive') as HTMLInputElement).value).toBe('10.2');
    expect(screen.getByTestId('instrument-send-network').textContent).toBe('BTC');
    expect(screen.getByTestId('instrument-receive-network').textContent).toBe('ERC20');
    const ws = FakeWebSocket.last;
    expect(ws.url).toBe('ws://test/ws');
    act(() => ws.open());
    act(() => ws.message({ channel: 'pairs', event: 'data', data: pairData(BTC, ETH, { price: '21', updatedAt: '2030-01-01T00:00:09.000Z' }) }));
    expect(screen.getByTestId('live-rate').textContent).toBe('1 BTC = 21.00000000 ETH');
    expect(screen.getByTestId('rate-updated-at').getAttribute('datetime')).toBe('2030-01-01T00:00:09.000Z');
  });

  it('/ru: the amounts read with the decimal comma, and either separator typed is parsed (issue 25)', async () => {
    const a = api();
    const host = createTestHost({ api: a, lng: 'ru' });
    renderPage(pages.Home, host);
    await screen.findByTestId('live-rate');
    const send = screen.getByTestId('amount-send') as HTMLInputElement;
    expect(send.value).toBe('0,5');
    expect((screen.getByTestId('amount-receive') as HTMLInputElement).value).toBe('10,2');
    for (const [typed, shown, asked] of [
      ['1,25', '1,25', '1.25'],
      ['2.5', '2,5', '2.5'],
    ]) {
      a.rateOne.mockClear();
      fireEvent.change(send, { target: { value: typed } });
      expect(send.value).toBe(shown);
      await waitFor(() => expect(a.rateOne).toHaveBeenCalledWith(expect.objectContaining({ query: expect.objectContaining({ claimedDepositAmount: asked }) })));
    }
  });

  it('ExchangePair uses the route params and cleans typed amounts', async () => {
    const a = api();
    a.rateOne.mockImplementation(async () => pairData(ETH, USDT));
    const host = createTestHost({ api: a, route: { params: { from: 'eth', to: 'usdttrc20' } } });
    renderPage(pages.ExchangePair, host);
    await screen.findByTestId('live-rate');
    expect(a.rateOne.mock.calls[0]).toEqual([
      expect.objectContaining({ query: expect.objectContaining({ instrumentFromSlug: 'eth', instrumentToSlug: 'usdttrc20' }) }),
    ]);
    fireEvent.change(screen.getByTestId('amount-send'), { target: { value: ' 1,5a' } });
    expect((screen.getByTestId('amount-send') as HTMLInputElement).value).toBe('1.5');
    await waitFor(() => expect(a.rateOne).toHaveBeenCalledTimes(2));
  });

  it.each([
    ['en', 'Send at least 0.0003105 BTC.', 'The minimum is 0.00030742 BTC right now; it moves with the market, so we suggest 1% more.', 'Set 0.0003105'],
    [
      'ru',
      'Отправьте не меньше 0,0003105 BTC.',
      'Сейчас минимум — 0,00030742 BTC; он меняется вместе с рынком, поэтому мы предлагаем на 1% больше.',
      'Указать 0,0003105',
    ],
  ] as const)('%s: the min-amount text names the amount its Set button fills, and explains the headroom (issue 23)', async (lng, text, why, button) => {
    const a = api();
    a.rateOne.mockRejectedValue(ApiError.of('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', 'small', { details: { expectedAmount: '0.00030742' } }));
    renderPage(pages.Home, createTestHost({ api: a, lng }));
    const error = await screen.findByTestId('pair-error');
    const setMinimal = within(error).getByTestId('set-minimal');
    expect(setMinimal.getAttribute('data-amount')).toBe('0.0003105');
    expect(setMinimal.textContent).toBe(button);
    expect(error.textContent).toContain(text);
    expect(screen.getByTestId('limit-headroom').textContent).toBe(why);
  });

  it.each([
    ['en', 'A purchase from 1,000.5 USD needs identity verification with the card provider first.'],
    ['ru', 'Для покупки от 1\u00a0000,5 USD сначала нужна проверка личности у платёжного провайдера.'],
  ] as const)('%s: the form says before the order when the amount needs identity verification (issue 12)', async (lng, text) => {
    const a = api();
    // a card purchase: a fiat sender
    a.instrumentsV2.mockResolvedValue([USD, BTC, ETH, USDT]);
    a.rateOne.mockImplementation(async () => pairData(USD, ETH, { noKycThreshold: '1000.5' }));
    renderPage(pages.Home, createTestHost({ api: a, lng, query: new URLSearchParams('send=usd&receive=eth') }));
    await screen.findByTestId('live-rate');
    // the default 0.5 BTC is below the threshold: no note at all
    expect(screen.queryByTestId('kyc-threshold-note')).toBeNull();
    fireEvent.change(screen.getByTestId('amount-send'), { target: { value: '1000.5' } });
    const note = await screen.findByTestId('kyc-threshold-note');
    expect(note.textContent).toBe(text);
    expect(screen.getByTestId('amount-send').getAttribute('aria-describedby')).toBe(note.id);
    fireEvent.change(screen.getByTestId('amount-send'), { target: { value: '1000.4' } });
    await waitFor(() => expect(screen.queryByTestId('kyc-threshold-note')).toBeNull());
  });

  it('an unknown pair code reports notFound', async () => {
    const host = createTestHost({ api: api(), route: { params: { from: 'nope', to: 'eth' } } });
    const notFound = jest.spyOn(host, 'notFound').mockImplementation(() => undefined);
    renderPage(pages.ExchangePair, host);
    await waitFor(() => expect(notFound).toHaveBeenCalled());
  });

  it('home with an unknown or delisted send/receive in its query shows the form for the default pair, not a 404 (issue 23)', async () => {
    const host = createTestHost({ api: api(), query: new URLSearchParams('send=nosuchcoin&receive=delisted') });
    const notFound = jest.spyOn(host, 'notFound').mockImplementation(() => undefined);
    renderPage(pages.Home, host);
    expect((await screen.findByTestId('live-rate')).textContent).toBe('1 BTC = 20.41234567 ETH');
    expect(screen.getByTestId('instrument-send').getAttribute('data-slug')).toBe('btc');
    await act(async () => undefined);
    expect(notFound).not.toHaveBeenCalled();
  });

  it('§9 price points: a tiny unit price is shown for 1000 of the send coin, the send side with at most 2 decimals', async () => {
    const a = api();
    const shib = { ...BTC, slug: 'shib', currencyTitle: 'SHIB', networkTitle: 'ERC20' };
    a.instrumentsV2.mockResolvedValue([shib, USDT]);
    a.rateOne.mockImplementation(async () => pairData(shib, { ...USDT, precisionDecimals: 6 }, { price: '0.0000123456', marketLeftPrice: '0.0000124' }));
    renderPage(pages.Home, createTestHost({ api: a }));
    expect((await screen.findByTestId('live-rate')).textContent).toBe('1,000 SHIB = 0.012345 USDT');
    expect(screen.getByTestId('fee-spread').textContent).toContain('market price 1,000 SHIB = 0.012400 USDT');
  });

  it('PopularExchanges lists pairs, or says honestly that there are none', async () => {
    await pages.PopularExchanges.preload(); // its own chunk (issue 27), loaded as the shell does before showing it
    renderPage(pages.PopularExchanges, createTestHost({ api: api() }));
    const link = await screen.findByRole('link', { name: 'Bitcoin (BTC) to Ethereum (ETH, ERC20)' });
    expect(link.getAttribute('href')).toBe('/exchange-btc-eth');
    cleanup();
    const a = api();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    a.popularExchanges.mockRejectedValue(new Error('404'));
    renderPage(pages.PopularExchanges, createTestHost({ api: a, lng: 'ru' }));
    expect((await screen.findByTestId('popular-empty')).textContent).toBe('Не удалось загрузить популярные обмены. Попробуйте позже.');
  });

  it('Home: details form shows §5 errors, then creates the order and navigates to the order page', async () => {
    const a = api();
    const host = createTestHost({ api: a });
    const navigate = jest.spyOn(host, 'navigate').mockImplementation(() => undefined);
    renderPage(pages.Home, host);
    const create = await screen.findByTestId('create-order');
    await act(async () => fireEvent.click(create));
    expect((await screen.findByTestId('destination-address-error')).textContent).toBe('Enter an address.');
    expect(screen.getByTestId('terms-error').textContent).toBe('Please accept the terms to continue.');
    // the keyboard lands on the first field to fix, which is described by its error
    const address = screen.getByTestId('destination-address');
    await waitFor(() => expect(document.activeElement).toBe(address));
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(address.getAttribute('aria-describedby')!)!.textContent).toBe('Enter an address.');
    expect(screen.getByRole('checkbox', { name: 'I accept the terms of use and the AML/KYC policy and have read the privacy policy' })).toBe(
      screen.getByTestId('terms'),
    );
    // issue 24: the words link to the legal pages, in a new tab
    expect(screen.getByTestId('terms-link-privacy').getAttribute('href')).toBe('/privacy');
    expect(screen.getByTestId('terms-link-aml').getAttribute('target')).toBe('_blank');
    fireEvent.change(screen.getByTestId('destination-address'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('terms'));
    expect(screen.queryByTestId('terms-error')).toBeNull();
    await act(async () => fireEvent.click(create));
    expect((await screen.findByTestId('destination-address-error')).textContent).toBe('This address is not valid for the selected currency and network.');
    expect(a.orderCreate).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('destination-address'), { target: { value: ' 0xabc ' } });
    await act(async () => fireEvent.click(create));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/order/o-1?destinationAddress=0xabc'));
    expect(a.orderCreate.mock.calls[0][0]).toMatchObject({ headers: { 'Idempotency-Key': expect.any(String) } });
  });

  it('Home: latest exchanges and public stats', async () => {
    renderPage(pages.Home, createTestHost({ api: api() }));
    const latest = await screen.findByTestId('latest-exchanges');
    const [, row] = within(latest).getAllByRole('row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['BTC0.1 BTC', 'ETH2 ETH', expect.stringMatching(/ago$/)]);
    const stats = screen.getByTestId('public-stats');
    expect(within(stats).getByText('Exchanges completed').nextElementSibling!.textContent).toBe('42');
    // grouped, whole dollars
    expect(within(stats).getByText('Volume, USD').nextElementSibling!.textContent).toBe('1,000');
  });

  it('Home (issue 27): popular pairs, status, stats and latest exchanges render only once their place is in view', async () => {
    const observed: { element: Element; show: () => void }[] = [];
    class InViewWhenTold {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(element: Element) {
        observed.push({
          element,
          show: () => this.callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], this as unknown as IntersectionObserver),
        });
      }
      disconnect() {}
    }
    const original = globalThis.IntersectionObserver;
    Object.defineProperty(globalThis, 'IntersectionObserver', { value: InViewWhenTold, configurable: true, writable: true });
    try {
      renderPage(pages.Home, createTestHost({ api: api() }));
      await screen.findByTestId('live-rate');
      // the form is live; what is below the fold waits (the beside part keeps its reserved place meanwhile)
      expect(observed).toHaveLength(2);
      expect(screen.queryByTestId('home-popular')).toBeNull();
      expect(screen.queryByTestId('latest-exchanges')).toBeNull();
      for (const part of observed) await act(async () => part.show());
      expect(await screen.findByTestId('home-popular-btc-eth')).toBeTruthy();
      expect(await screen.findByTestId('latest-exchanges')).toBeTruthy();
    } finally {
      Object.defineProperty(globalThis, 'IntersectionObserver', { value: original, configurable: true, writable: true });
    }
  });

  it.each([
    // the path without the locale prefix: the host's Link adds it (e2e: /ru/exchange-usd-btc)
    ['en', '/exchange-usd-btc', 'Buy crypto with a card', 'Operational'],
    ['ru', '/exchange-usd-btc', 'Купить криптовалюту картой', 'Работает'],
  ] as const)(
    '%s Home (issue 25): a "Buy with card" entry, trust facts, popular pairs with rates and the status beside the form',
    async (lng, href, entry, status) => {
      const a = api();
      renderPage(pages.Home, createTestHost({ api: a, lng }));
      const buy = screen.getByTestId('home-buy-with-card');
      expect(buy.getAttribute('href')).toBe(href);
      expect(buy.textContent).toBe(entry);
      expect(within(screen.getByTestId('home-trust')).getAllByRole('listitem')).toHaveLength(4);
      const pair = await screen.findByTestId('home-popular-btc-eth');
      await waitFor(() => expect(pair.textContent).toContain(lng === 'ru' ? '1 BTC = 20,41234567 ETH' : '1 BTC = 20.41234567 ETH'));
      expect(within(pair).getByRole('link').getAttribute('href')).toBe(href.replace('usd-btc', 'btc-eth'));
      expect(screen.getByTestId('home-status').textContent).toContain(status);
    },
  );

  it('coin selector: search filters, picking reloads; swap and set-minimal', async () => {
    const a = api();
    renderPage(pages.Home, createTestHost({ api: a }));
    await screen.findByTestId('live-rate');
    fireEvent.click(screen.getByTestId('instrument-receive'));
    // the list is a dialog loaded on the first opening; its search field has the focus
    const search = await screen.findByTestId('instrument-receive-search');
    expect(screen.getByRole('dialog', { name: 'Currency to receive' })).toBeTruthy();
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: 'tether' } });
    expect(screen.queryByTestId('instrument-receive-option-eth')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('instrument-receive-option-usdttrc20')));
    await waitFor(() => expect(a.rateOne.mock.calls.at(-1)![0]).toMatchObject({ query: { instrumentToSlug: 'usdttrc20' } }));
    await act(async () => fireEvent.click(screen.getByTestId('swap')));
    await waitFor(() => expect(a.rateOne.mock.calls.at(-1)![0]).toMatchObject({ query: { instrumentFromSlug: 'usdttrc20', instrumentToSlug: 'btc' } }));
    a.rateOne.mockRejectedValueOnce(ApiError.of('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', 'small', { details: { expectedAmount: '25' } }));
    await act(async () => fireEvent.change(screen.getByTestId('amount-send'), { target: { value: '1' } }));
    const setMinimal = await screen.findByTestId('set-minimal');
    // the minimum with its headroom (LIMIT_HEADROOM), shown on the button before it is used
    expect(setMinimal.textContent).toContain('25.25');
    await act(async () => fireEvent.click(setMinimal));
    expect((screen.getByTestId('amount-send') as HTMLInputElement).value).toBe('25.25');
  });

  it('coin selector by keyboard: ↓ into the list, arrows move, Enter picks; Escape closes back to the button', async () => {
    const a = api();
    renderPage(pages.Home, createTestHost({ api: a }));
    await screen.findByTestId('live-rate');
    const trigger = screen.getByTestId('instrument-receive');
    // its name is its visible text with the words around it (no aria-label that could drift from what is shown)
    expect(trigger.getAttribute('aria-label')).toBeNull();
    expect(screen.getByRole('button', { name: /^Currency to receive:\s*ETH\s*, network ERC20$/ })).toBe(trigger);
    trigger.focus();
    fireEvent.click(trigger);
    const search = await screen.findByTestId('instrument-receive-search');
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    fireEvent.click(trigger);
    fireEvent.keyDown(await screen.findByTestId('instrument-receive-search'), { key: 'ArrowDown' });
    const options = within(screen.getByRole('list', { name: 'Currency to receive' })).getAllByRole('button');
    for (const [i, name] of [
      /^BTC\s*—\s*Bitcoin\s*, network BTC$/,
      /^ETH\s*—\s*Ethereum\s*, network ERC20$/,
      /^USDT\s*—\s*Tether\s*, network TRC20$/,
    ].entries())
      expect(within(screen.getByRole('list', { name: 'Currency to receive' })).getByRole('button', { name })).toBe(options[i]);
    expect(document.activeElement).toBe(options[0]);
    expect(options[1].getAttribute('aria-current')).toBe('true'); // the chosen one
    fireEvent.keyDown(options[0], { key: 'End' });
    expect(document.activeElement).toBe(options[2]);
    fireEvent.keyDown(options[2], { key: 'ArrowUp' });
    expect(document.activeElement).toBe(options[1]);
    fireEvent.keyDown(options[1], { key: 'Home' });
    fireEvent.keyDown(options[0], { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByTestId('instrument-receive-search'));
    // Enter in the search field takes the first match
    fireEvent.change(screen.getByTestId('instrument-receive-search'), { target: { value: 'trc' } });
    expect(within(screen.getByRole('dialog')).getByRole('status').textContent).toBe('1 currency found');
    await act(async () => fireEvent.keyDown(screen.getByTestId('instrument-receive-search'), { key: 'Enter' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger.getAttribute('data-slug')).toBe('usdttrc20');
    await waitFor(() => expect(a.rateOne.mock.calls.at(-1)![0]).toMatchObject({ query: { instrumentToSlug: 'usdttrc20' } }));
  });

  it('rate mode tabs: arrows switch between floating and fixed', async () => {
    const a = api();
    renderPage(pages.Home, createTestHost({ api: a }));
    await screen.findByTestId('live-rate');
    const floating = screen.getByRole('tab', { name: 'Floating rate' });
    expect(floating.getAttribute('aria-selected')).toBe('true');
    floating.focus();
    await act(async () => fireEvent.keyDown(floating, { key: 'ArrowRight' }));
    const fixed = screen.getByRole('tab', { name: 'Fixed rate' });
    expect(fixed.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(fixed);
    await waitFor(() => expect(a.rateOne.mock.calls.at(-1)![0]).toMatchObject({ query: { rateMode: 'FIXED' } }));
    expect(screen.getByRole('tabpanel', { name: 'Fixed rate' })).toBeTruthy();
  });

  it('QR scanner on the destination address: the camera reads a payment URI, the address is filled and it is announced', async () => {
    const track = new FakeTrack();
    class NativeDetector {
      static async getSupportedFormats() {
        return ['qr_code'];
      }
      async detect() {
        return [{ rawValue: 'ethereum:0xde709f2102306220921060314715629080e2fb77@1?value=1e18' }];
      }
    }
    const g = globalThis as { BarcodeDetector?: unknown };
    g.BarcodeDetector = NativeDetector;
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: async () => fakeStream(track) } });
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async () => undefined);
    const ready = jest.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    try {
      renderPage(pages.Home, createTestHost({ api: api() }));
      const scan = await screen.findByRole('button', { name: 'Scan the address QR code' });
      fireEvent.click(scan);
      expect(await screen.findByRole('dialog', { name: 'Scan the address QR code' })).toBeTruthy();
      await waitFor(() => expect((screen.getByTestId('destination-address') as HTMLInputElement).value).toBe('0xde709f2102306220921060314715629080e2fb77'));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(track.stopped).toBe(true);
      expect(screen.getByText('Filled in from the QR code.').getAttribute('role')).toBe('status');
    } finally {
      delete g.BarcodeDetector;
      delete (navigator as { mediaDevices?: unknown }).mediaDevices;
      play.mockRestore();
      ready.mockRestore();
    }
  });

  it('picking the send coin on the receive side swaps the two, without the not-supported popup (issue 25)', async () => {
    renderPage(pages.Home, createTestHost({ api: api() }));
    await screen.findByTestId('live-rate');
    fireEvent.click(screen.getByTestId('instrument-receive'));
    fireEvent.click(await screen.findByTestId('instrument-receive-option-btc'));
    await waitFor(() => expect(screen.getByTestId('instrument-receive').getAttribute('data-slug')).toBe('btc'));
    expect(screen.getByTestId('instrument-send').getAttribute('data-slug')).toBe('eth');
    expect(screen.queryByTestId('unsupported-popup')).toBeNull();
  });

  it('a pair that cannot be exchanged opens the not-supported popup, its code loaded then; Close closes it (issue 27)', async () => {
    renderPage(pages.Home, createTestHost({ api: api(), route: { query: new URLSearchParams('send=eth&receive=eth') } }));
    const popup = await screen.findByTestId('unsupported-popup');
    expect(within(popup).getByText('This pair is not supported')).toBeTruthy();
    fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('unsupported-popup')).toBeNull());
  });

  it('index redirect: cur_from/cur_to/partner param → pair page with ref; unknown → home', async () => {
    const host = createTestHost({ api: api(), route: { query: new URLSearchParams('cur_from=BTC&cur_to=ETH&ref=p1') } });
    const navigate = jest.spyOn(host, 'navigate').mockImplementation(() => undefined);
    renderPage(pages.Home, host);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/exchange-btc-eth?ref=p1', { replace: true }));
    cleanup();
    const host2 = createTestHost({ api: api(), route: { query: new URLSearchParams('cur_from=NOPE&cur_to=ETH&ref=p1') } });
    const navigate2 = jest.spyOn(host2, 'navigate').mockImplementation(() => undefined);
    renderPage(pages.Home, host2);
    await waitFor(() => expect(navigate2).toHaveBeenCalledWith('/', { replace: true }));
  });

  it('every §8 text key exists in en and ru', () => {
    for (const key of [
      'error_min_amount',
      'error_max_amount',
      'error_address_empty',
      'error_address_incorrect',
      'error_address_must_be_different',
      'error_address_blacklisted',
      'error_create_order_unknwon',
      'error_create_exchange',
      'error_email_already_set',
      'error_memo_empty',
      'error_terms',
    ]) {
      expect(en).toHaveProperty(key);
      expect(ru).toHaveProperty(key);
    }
  });
});
