// Issue 23 on the order page's send block: the deposit amount is one value (shown, copied, in the QR code's payment URI);
// the destination address and memo are shown while waiting; after the fixed-rate window the page stops asking for the
// old amount, says what happens to a late deposit and offers a new order.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HostLinkProps, Order } from 'shared-contracts';
import { orderWith } from 'remote-kit/testing';
import { CATALOGUE } from '../test/instruments';
import { createTestHost, renderPage } from '../test/testHost';
import { pages } from './index';

class SilentSocket {
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  send() {}
  close() {}
}

// role queries over the whole order page are slow on a loaded machine (CI met 5 s on the first ru render)
jest.setTimeout(20_000);

const writeText = jest.fn(async (_text: string) => undefined);
beforeAll(() => {
  (globalThis as { WebSocket: unknown }).WebSocket = SilentSocket;
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanup();
  writeText.mockClear();
});

const at = { page: 'Order' as const, params: { id: 'ord1' }, query: new URLSearchParams({ destinationAddress: '0xdest' }) };

function show(order: Order, lng: 'en' | 'ru' = 'en') {
  const api = {
    orderPublicInfo: jest.fn(async () => order),
    orderRefundInfo: jest.fn(async () => ({ refundAmountWithoutNetworkFee: '0.09', networkFee: '0.01' })),
    instrumentsV2: jest.fn(async () => CATALOGUE),
  };
  const host = createTestHost({ lng, api, ...at });
  // the shell's Link adds the locale prefix to the path it is given
  host.Link = ({ to, ...rest }: HostLinkProps) => <a href={`${host.locale.prefix}${to}`} {...rest} />;
  renderPage(pages.Order, host);
  return api;
}

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

describe('the deposit amount is one value', () => {
  it.each([
    ['en', /^Send 1234\.12345678 BTC$/],
    ['ru', /^Отправьте 1234\.12345678 BTC$/],
  ] as const)('%s: shown, copied and in the payment URI exactly as the order carries it', async (lng, heading) => {
    show(orderWith(['CREATION_END'], { claimedDepositAmount: '1234.12345678' }), lng);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    fireEvent.click(screen.getByTestId('copy-deposit-amount'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('1234.12345678'));
    const wallet = screen.getByTestId('order-send').querySelector('a[href^="bitcoin:"]');
    expect(wallet?.getAttribute('href')).toBe('bitcoin:bc1qdepositaddress000000000000000000000?amount=1234.12345678');
    expect(screen.getByTestId('deposit-qr').getAttribute('aria-label')).toContain('1234.12345678 BTC');
  });
});

describe('while waiting for the deposit', () => {
  it('shows where the exchange is paid out, in the order summary (issue 25): the destination address and its memo', async () => {
    show(
      orderWith(['CREATION_END'], {
        pair: {
          instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC', slug: 'btc' },
          instrumentTo: { currencyTitle: 'XRP', networkTitle: 'XRP', slug: 'xrp' },
        },
        destinationAddress: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
        destinationAddressMemo: '12345',
      }),
    );
    const summary = await screen.findByTestId('order-summary');
    expect(within(summary).getByText('Your XRP goes to')).toBeTruthy();
    expect(within(summary).getByTestId('destination-address').textContent).toBe('rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh');
    expect(within(summary).getByTestId('destination-memo').textContent).toBe('12345');
  });

  it('shows no memo row for a destination without one', async () => {
    show(orderWith(['CREATION_END']));
    expect((await screen.findByTestId('destination-address')).textContent).toBe('0xdest');
    expect(screen.queryByTestId('destination-memo')).toBeNull();
  });
});

describe('a fixed-rate order after its window', () => {
  const fixed = (expiresAt: string, over: Partial<Order> = {}) =>
    orderWith(['CREATION_END'], {
      rateMode: 'FIXED',
      refundAddress: 'bc1qrefund',
      orderDetails: { ...orderWith([]).orderDetails, fixedRateExpiresAt: expiresAt },
      ...over,
    });

  it.each([
    [
      'en',
      'The fixed rate of this order has expired',
      'A deposit that still arrives is not lost: you will choose between the exchange at the rate of that moment and a refund to bc1qrefund.',
      '/exchange-btc-eth',
      'Fixed rate expired: do not send',
    ],
    [
      'ru',
      'Фиксированный курс заказа истёк',
      'Депозит, который всё же придёт, не потеряется: вы выберете обмен по курсу на тот момент или возврат на bc1qrefund.',
      '/ru/exchange-btc-eth',
      'Фиксированный курс истёк: не отправляйте',
    ],
  ] as const)('%s: no amount to send, no QR code; says what a late deposit becomes and links a new order', async (lng, title, late, href, state) => {
    show(fixed(minutes(-1)), lng);
    const card = await screen.findByTestId('order-fixed-expired');
    expect(within(card).getByRole('heading').textContent).toBe(title);
    expect(within(card).getByTestId('expired-late-deposit').textContent).toBe(late);
    expect(within(card).getByTestId('expired-new-order').getAttribute('href')).toBe(href);
    for (const id of ['order-send', 'deposit-qr', 'copy-deposit-amount', 'deposit-address', 'time-left']) expect(screen.queryByTestId(id)).toBeNull(); // the state says so too: no more "Waiting for your deposit"
    expect(screen.getByTestId('order-state').textContent).toBe(state);
  });

  it('within the window the send block stays, with the time left', async () => {
    show(fixed(minutes(5)));
    expect(await screen.findByTestId('order-send')).toBeTruthy();
    expect(screen.getByTestId('time-left')).toBeTruthy();
    expect(screen.queryByTestId('order-fixed-expired')).toBeNull();
  });

  it('a deposit already seen is not told to stop: the expired block is only for an order still without one', async () => {
    show(fixed(minutes(-1), { orderEvents: orderWith(['CREATION_END', 'DEPOSIT_REGISTERED']).orderEvents, deposits: [{ amount: '0.1', txHash: 'dtx' }] }));
    expect(await screen.findByTestId('order-send')).toBeTruthy();
    expect(screen.queryByTestId('order-fixed-expired')).toBeNull();
  });
});
