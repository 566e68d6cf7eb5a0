// The browser's first render of a server-rendered page equals the server's: hydrating the server markup with the
// same loader data logs no mismatch.
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { SilentWebSocket } from 'remote-kit/fake-socket';
import type { ExchangeRequest } from 'shared-contracts';
import { BTC, ETH, USDT, pairData } from '../test/fixtures';
import { createTestHost } from '../test/testHost';
import { loaders } from './loaders';
import { pages } from './index';

const api = {
  instrumentsV2: async () => [BTC, ETH, USDT],
  pairsDefault: async () => ({ instrumentFrom: BTC, instrumentTo: ETH, amount: '0.5' }),
  rateOne: async ({ query }: { query: ExchangeRequest }) =>
    pairData([BTC, ETH, USDT].find((i) => i.slug === query.instrumentFromSlug)!, [BTC, ETH, USDT].find((i) => i.slug === query.instrumentToSlug)!),
  recommendedAmount: async () => ({ recommendedAmount: '0.5' }),
};

it('home hydrates the server markup without a mismatch and keeps the rate', async () => {
  (globalThis as { WebSocket: unknown }).WebSocket = SilentWebSocket;
  const initialData = await loaders.Home({ api: api as never, params: {}, query: new URLSearchParams(), locale: 'en' });
  const host = () =>
    createTestHost({ page: 'Home', initialData, api: { ...api, ordersPublicLatest: async () => [], statsPublic: () => new Promise(() => undefined) } });
  const container = document.createElement('div');
  container.innerHTML = renderToString(<pages.Home host={host()} />);
  document.body.append(container);
  const errors = jest.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <pages.Home host={host()} />, { onRecoverableError: (e) => recoverable.push(e) });
  });
  // the lazy parts (details, home extras) are not in the first view: renderToString leaves their boundaries to the
  // browser, which React reports as recoverable; anything else (a hydration mismatch) fails
  expect(recoverable.map(String).filter((m) => !m.includes('does not support Suspense'))).toEqual([]);
  expect(errors).not.toHaveBeenCalled();
  expect(container.querySelector('[data-testid="live-rate"]')?.textContent).toBe('1 BTC = 20.41234567 ETH');
});

it('the verification note (issue 12) is in the server markup and hydrates without a mismatch', async () => {
  (globalThis as { WebSocket: unknown }).WebSocket = SilentWebSocket;
  // a card purchase as the note sees it: a fiat sender
  const kycApi = {
    ...api,
    rateOne: async (input: { query: ExchangeRequest }) => {
      const data = await api.rateOne(input);
      return { ...data, instrumentFrom: { ...data.instrumentFrom, instrumentType: 'fiat' as const }, noKycThreshold: '0.25' };
    },
  };
  const initialData = await loaders.Home({ api: kycApi as never, params: {}, query: new URLSearchParams(), locale: 'en' });
  const host = () =>
    createTestHost({ page: 'Home', initialData, api: { ...kycApi, ordersPublicLatest: async () => [], statsPublic: () => new Promise(() => undefined) } });
  const container = document.createElement('div');
  container.innerHTML = renderToString(<pages.Home host={host()} />);
  expect(container.querySelector('[data-testid="kyc-threshold-note"]')?.textContent).toBe(
    'A purchase from 0.25 BTC needs identity verification with the card provider first.',
  );
  document.body.append(container);
  const errors = jest.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <pages.Home host={host()} />, { onRecoverableError: (e) => recoverable.push(e) });
  });
  expect(recoverable.map(String).filter((m) => !m.includes('does not support Suspense'))).toEqual([]);
  expect(errors).not.toHaveBeenCalled();
  expect(container.querySelector('[data-testid="kyc-threshold-note"]')).not.toBeNull();
});

it.each([
  ['send', 'amount-send', '1.25', 'amount-receive'],
  ['receive', 'amount-receive', '7', 'amount-send'],
] as const)(
  'an amount typed on the %s side before hydration is kept, and the other side computed from it (issue 23)',
  async (side, typedId, typed, otherId) => {
    (globalThis as { WebSocket: unknown }).WebSocket = SilentWebSocket;
    const initialData = await loaders.Home({ api: api as never, params: {}, query: new URLSearchParams(), locale: 'en' });
    const rateOne = jest.fn(async ({ query }: { query: ExchangeRequest }) =>
      query.claimedDepositAmountCurrency === 'eth'
        ? pairData(BTC, ETH, { amountToGive: '0.35', amountToGet: query.claimedDepositAmount })
        : pairData(BTC, ETH, { claimedDepositAmount: query.claimedDepositAmount, amountToGet: '25.5' }),
    );
    const host = () =>
      createTestHost({
        page: 'Home',
        initialData,
        api: { ...api, rateOne, ordersPublicLatest: async () => [], statsPublic: () => new Promise(() => undefined) },
      });
    const container = document.createElement('div');
    container.innerHTML = renderToString(<pages.Home host={host()} />);
    document.body.append(container);
    const field = (id: string) => container.querySelector<HTMLInputElement>(`[data-testid="${id}"]`)!;
    expect(field('amount-send').value).toBe('0.5');
    // the visitor types while the page is not live yet (no handlers, no change event reaches React)
    field(typedId).value = typed;
    await act(async () => {
      hydrateRoot(container, <pages.Home host={host()} />, { onRecoverableError: () => undefined });
    });
    expect(rateOne).toHaveBeenCalledWith(
      expect.objectContaining({
        query: expect.objectContaining({ claimedDepositAmount: typed, ...(side === 'receive' ? { claimedDepositAmountCurrency: 'eth' } : {}) }),
      }),
    );
    expect(field(typedId).value).toBe(typed);
    expect(field(otherId).value).toBe(side === 'send' ? '25.5' : '0.35');
    container.remove();
  },
);
