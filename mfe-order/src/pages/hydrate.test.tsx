// The browser's first render of a server-rendered order page equals the server's: hydrating the server markup with
// the same loader data (the order and its instruments) logs no mismatch — times, the countdown, the QR codes and
// the live region only change after mount.
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { SilentWebSocket } from 'remote-kit/fake-socket';
import { orderWith } from 'remote-kit/testing';
import { CARD_CATALOGUE, cardOrderWith } from '../test/cardOrder';
import { CATALOGUE } from '../test/instruments';
import { createTestHost } from '../test/testHost';
import { loaders } from './loaders';
import { pages } from './index';

const base = orderWith(['CREATION_END', 'DEPOSIT_REGISTERED'], {
  rateMode: 'FIXED',
  claimedDepositAmount: '1234.5',
  deposits: [{ amount: '1234.5', txHash: 'dtx1', createdAt: '2030-01-01T00:01:00.000Z' }],
});
const order = {
  ...base,
  orderDetails: { ...base.orderDetails, depositTxHash: 'dtx1', depositAddressMemo: '77', fixedRateExpiresAt: '2030-01-01T00:15:00.000Z' },
};
const api = { orderPublicInfo: async () => order, instrumentsV2: async () => CATALOGUE };

it.each(['en', 'ru'] as const)('%s: the order page hydrates the server markup without a mismatch', async (lng) => {
  (globalThis as { WebSocket: unknown }).WebSocket = SilentWebSocket;
  const query = new URLSearchParams('destinationAddress=0xdest');
  const initialData = await loaders.Order({ api: api as never, params: { id: 'ord1' }, query, locale: lng });
  const host = () => createTestHost({ lng, page: 'Order', params: { id: 'ord1' }, query, initialData, api });
  const container = document.createElement('div');
  container.innerHTML = renderToString(<pages.Order host={host()} />);
  document.body.append(container);
  // the server's first view: the amount in the locale, the hash linked, the exact (UTC) time
  expect(container.querySelector('[data-testid="order-send"] h2')?.textContent).toMatch(lng === 'en' ? /^Send 1234\.5 BTC$/ : /^Отправьте 1234\.5 BTC$/);
  expect(container.querySelector('[data-testid="deposit-tx"]')?.closest('a')?.getAttribute('href')).toBe('https://mempool.space/tx/dtx1');
  const errors = jest.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <pages.Order host={host()} />, { onRecoverableError: (e) => recoverable.push(e) });
  });
  expect(recoverable).toEqual([]);
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  container.remove();
});

it.each(['en', 'ru'] as const)('%s: a card order awaiting payment hydrates the pay block, then opens the redirect modal', async (lng) => {
  (globalThis as { WebSocket: unknown }).WebSocket = SilentWebSocket;
  const cardApi = { orderPublicInfo: async () => cardOrderWith(['CREATION_END']), instrumentsV2: async () => CARD_CATALOGUE };
  const query = new URLSearchParams('destinationAddress=bc1qdestination');
  const initialData = await loaders.Order({ api: cardApi as never, params: { id: 'ord1' }, query, locale: lng });
  const host = () => createTestHost({ lng, page: 'Order', params: { id: 'ord1' }, query, initialData, api: cardApi });
  const container = document.createElement('div');
  container.innerHTML = renderToString(<pages.Order host={host()} />);
  document.body.append(container);
  expect(container.querySelector('[data-testid="card-payment"]')).not.toBeNull();
  expect(container.querySelector('[data-testid="order-redirect-modal"]')).toBeNull();
  const errors = jest.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <pages.Order host={host()} />, { onRecoverableError: (e) => recoverable.push(e) });
  });
  expect(recoverable).toEqual([]);
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  expect(container.querySelector('[data-testid="order-redirect-modal"]')).not.toBeNull();
  container.remove();
});
