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
    'Amounts from 0.25 BTC need identity verification before the exchange.',
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
