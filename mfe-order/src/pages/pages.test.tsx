import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from 'shared-contracts';
import { namespace, pages, resources } from './index';
import { createTestHost, renderPage } from '../test/testHost';
import { orderWith } from '../test/orderFixture';

class SilentSocket {
  static all: SilentSocket[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  sent: string[] = [];
  constructor(readonly url: string) {
    SilentSocket.all.push(this);
  }
  send(d: string) {
    this.sent.push(d);
  }
  close() {}
}

beforeAll(() => {
  (globalThis as { WebSocket: unknown }).WebSocket = SilentSocket;
});
beforeEach(() => (SilentSocket.all = []));
afterEach(cleanup);

const route = (id: string, destinationAddress?: string) => ({ params: { id }, query: new URLSearchParams(destinationAddress ? { destinationAddress } : {}) });

describe('mfe-order ./pages', () => {
  it('exports the pages, namespace and resources of ARCHITECTURE.md', () => {
    expect(Object.keys(pages)).toEqual(['Order']);
    expect(namespace).toBe('mfe-order');
    expect(Object.keys(resources.ru).sort()).toEqual(Object.keys(resources.en).sort());
    expect(resources.en).toHaveProperty('error_email_already_set');
    expect(resources.ru).toHaveProperty('error_email_already_set');
  });

  it.each([
    ['en', 'abc123', 'Order'],
    ['ru', 'abc123', 'Заказ'],
    ['en', 'pending', 'Pending order'],
    ['ru', 'pending', 'Заказ в обработке'],
  ] as const)('%s Order (id %s) renders its page-title', (lng, id, title) => {
    renderPage(pages.Order, createTestHost({ lng, route: { params: { id } } }));
    expect(screen.getByTestId('page-title').textContent).toBe(title);
    expect(screen.queryByTestId('order-id')?.textContent ?? null).toBe(id === 'pending' ? null : lng === 'en' ? `Order ID: ${id}` : `Номер заказа: ${id}`);
  });

  it('a missing destinationAddress says the address is incorrect and fetches nothing', () => {
    const orderPublicInfo = jest.fn();
    renderPage(pages.Order, createTestHost({ api: { orderPublicInfo }, route: route('ord1') }));
    expect(screen.getByTestId('order-address-incorrect')).toBeTruthy();
    expect(orderPublicInfo).not.toHaveBeenCalled();
  });

  it('ERR_NOT_FOUND_E says the address is incorrect', async () => {
    const orderPublicInfo = jest.fn(async () => {
      throw ApiError.of('ERR_NOT_FOUND_E', 'nope');
    });
    renderPage(pages.Order, createTestHost({ api: { orderPublicInfo }, route: route('ord1', '0xdest') }));
    expect(await screen.findByTestId('order-address-incorrect')).toBeTruthy();
  });

  it('waiting for the deposit: send block with address, memo, copy buttons, QR, amount; subscribes over the socket', async () => {
    const order = orderWith(['CREATION_END'], {
      rateMode: 'FIXED',
      orderDetails: { ...orderWith([]).orderDetails, depositAddressMemo: '123456', fixedRateExpiresAt: new Date(Date.now() + 600_000).toISOString() },
    });
    const api = { orderPublicInfo: jest.fn(async () => order), orderRefundInfo: jest.fn(async () => ({ refundAmountWithoutNetworkFee: '0.09', networkFee: '0.01' })) };
    renderPage(pages.Order, createTestHost({ api, route: route('ord1', '0xdest') }));
    expect((await screen.findByTestId('order-state')).textContent).toBe('Waiting for your deposit');
    expect(screen.getByTestId('order-steps').getAttribute('data-step')).toBe('1');
    expect(screen.getByTestId('deposit-address').textContent).toBe(order.orderDetails.depositAddress);
    expect(screen.getByTestId('deposit-memo').textContent).toBe('123456');
    expect(screen.getByTestId('copy-deposit-address')).toBeTruthy();
    expect(screen.getByTestId('time-left').textContent).toMatch(/^Fixed rate held for \d+:\d\d$/);
    expect(screen.getByText('Send 0.1 BTC')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('deposit-qr').getAttribute('data-ready')).toBe('true'));
    expect(screen.getByTestId('deposit-qr').innerHTML).toContain('<svg');
    const ws = SilentSocket.all[0];
    act(() => ws.onopen?.());
    expect(JSON.parse(ws.sent[0])).toEqual({ event: 'orders.subscribe', data: { orderId: 'ord1', destinationAddress: '0xdest' } });
    // a pushed event advances the page without a poll
    const next = orderWith(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED'], {
      orderDetails: { ...order.orderDetails, confirmations: 2, depositTxHash: 'dtx', payoutTxHash: 'ptx' },
      withdrawals: [{ amount: '1.99' }],
    });
    act(() => ws.onmessage?.({ data: JSON.stringify({ channel: 'orders', event: 'data', data: next }) }));
    expect(screen.getByTestId('order-state').textContent).toBe('Completed');
    expect(screen.getByTestId('confirmations').textContent).toBe('Confirmations: 2 of 2');
    expect(screen.getByTestId('payout-tx').textContent).toBe('ptx');
    expect(screen.getByTestId('order-completed').textContent).toContain('1.99 ETH were sent to 0xdest');
  });

  it('fixed-rate problem: reason, next step, and both choices', async () => {
    const order = orderWith(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'FIXED_RATE_HIGH_VOLATILITY_DETECTED', 'RATE_MODE_CHANGED'], {
      rateMode: 'FIXED',
      refundAddress: 'bc1refund',
    });
    order.orderEvents[3] = { ...order.orderEvents[3], reason: 'MARKET_MOVED_BEYOND_THRESHOLD', nextStep: 'CHOOSE_REFUND_OR_ACCEPT_NEW_RATE' };
    const accepted = orderWith([...order.orderEvents.map((e) => e.kind), 'RATE_MODE_CHANGE_ACCEPTED'], { rateMode: 'FIXED' });
    const api = {
      orderPublicInfo: jest.fn(async () => order),
      orderRefundInfo: jest.fn(async () => ({ refundAmountWithoutNetworkFee: '0.09', networkFee: '0.01' })),
      orderAcceptRateModeChange: jest.fn(async () => accepted),
    };
    renderPage(pages.Order, createTestHost({ api, route: route('ord1', '0xdest') }));
    const block = await screen.findByTestId('fixed-rate-problems');
    expect(block.getAttribute('data-problem')).toBe('FIXED_RATE_HIGH_VOLATILITY_DETECTED');
    expect(screen.getByTestId('event-reason').textContent).toBe('Reason: the market moved beyond the fixed-rate limit');
    expect(screen.getByTestId('event-next-step').textContent).toBe('What happens next: choose a refund or accept the new rate');
    expect(screen.getByTestId('request-refund')).toBeTruthy();
    api.orderPublicInfo.mockResolvedValue(accepted);
    await act(async () => fireEvent.click(screen.getByTestId('accept-new-rate')));
    expect(api.orderAcceptRateModeChange).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('fixed-rate-problems')).toBeNull());
    expect(screen.getByTestId('order-state').textContent).toBe('New rate accepted');
  });

  it('set-email failure notifies error_email_already_set', async () => {
    const host = createTestHost({
      api: { orderPublicInfo: jest.fn(async () => orderWith(['CREATION_END'])), orderSetEmail: jest.fn(async () => Promise.reject(ApiError.of('ERR_BAD_REQUEST', 'set'))) },
      route: route('ord1', '0xdest'),
    });
    const notify = jest.spyOn(host, 'notify').mockImplementation(() => undefined);
    renderPage(pages.Order, host);
    fireEvent.change(await screen.findByTestId('order-email'), { target: { value: 'a@b.co' } });
    await act(async () => fireEvent.click(screen.getByTestId('order-email-send')));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', message: 'An email is already set for this order.', timeout: 3000 }));
  });
});
