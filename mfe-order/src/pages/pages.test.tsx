import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from 'shared-contracts';
import { loadResources, namespace, pages } from './index';
import { en } from '../i18n/en';
import { ru } from '../i18n/ru';
import { createTestHost, renderPage } from '../test/testHost';
import { orderWith, ruKeysOf } from 'remote-kit/testing';

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

// The test host types `params` from the page map's Order entry.
const orderAt = (id: string, destinationAddress?: string) => ({
  page: 'Order' as const,
  params: { id },
  query: new URLSearchParams(destinationAddress ? { destinationAddress } : {}),
});

describe('mfe-order ./pages', () => {
  it('loads the texts of one locale at a time (contract 1.2 loadResources)', async () => {
    await expect(loadResources('en')).resolves.toEqual(en);
    await expect(loadResources('ru')).resolves.toEqual(ru);
  });

  it('exports the pages, namespace and resources of ARCHITECTURE.md', () => {
    expect(Object.keys(pages)).toEqual(['Order']);
    expect(namespace).toBe('mfe-order');
    expect(Object.keys(ru).sort()).toEqual(ruKeysOf(en));
    expect(en).toHaveProperty('error_email_already_set');
    expect(ru).toHaveProperty('error_email_already_set');
  });

  it.each([
    ['en', 'abc123', 'Order'],
    ['ru', 'abc123', 'Заказ'],
    ['en', 'pending', 'Pending order'],
    ['ru', 'pending', 'Заказ в обработке'],
  ] as const)('%s Order (id %s) renders its page-title', (lng, id, title) => {
    renderPage(pages.Order, createTestHost({ lng, page: 'Order', params: { id } }));
    expect(screen.getByTestId('page-title').textContent).toBe(title);
    expect(screen.queryByTestId('order-id')?.textContent ?? null).toBe(id === 'pending' ? null : lng === 'en' ? `Order ID: ${id}` : `Номер заказа: ${id}`);
  });

  it('a missing destinationAddress says the address is incorrect and fetches nothing', () => {
    const orderPublicInfo = jest.fn();
    renderPage(pages.Order, createTestHost({ api: { orderPublicInfo }, ...orderAt('ord1') }));
    expect(screen.getByTestId('order-address-incorrect')).toBeTruthy();
    expect(orderPublicInfo).not.toHaveBeenCalled();
  });

  it('ERR_NOT_FOUND_E says the address is incorrect', async () => {
    const orderPublicInfo = jest.fn(async () => {
      throw ApiError.of('ERR_NOT_FOUND_E', 'nope');
    });
    renderPage(pages.Order, createTestHost({ api: { orderPublicInfo }, ...orderAt('ord1', '0xdest') }));
    expect(await screen.findByTestId('order-address-incorrect')).toBeTruthy();
  });

  it('waiting for the deposit: send block with address, memo, copy buttons, QR, amount; subscribes over the socket', async () => {
    const order = orderWith(['CREATION_END'], {
      rateMode: 'FIXED',
      orderDetails: { ...orderWith([]).orderDetails, depositAddressMemo: '123456', fixedRateExpiresAt: new Date(Date.now() + 600_000).toISOString() },
    });
    const api = {
      orderPublicInfo: jest.fn(async () => order),
      orderRefundInfo: jest.fn(async () => ({ refundAmountWithoutNetworkFee: '0.09', networkFee: '0.01' })),
    };
    renderPage(pages.Order, createTestHost({ api, ...orderAt('ord1', '0xdest') }));
    expect((await screen.findByTestId('order-state')).textContent).toBe('Waiting for your deposit');
    expect(screen.getByTestId('order-steps').getAttribute('data-step')).toBe('1');
    expect(screen.getByTestId('deposit-address').textContent).toBe(order.orderDetails.depositAddress);
    expect(screen.getByTestId('deposit-memo').textContent).toBe('123456');
    expect(screen.getByTestId('copy-deposit-address')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('time-left').textContent).toMatch(/^Fixed rate held for \d+:\d\d$/)); // counts from mount
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
    expect(screen.getByTestId('confirmations').textContent).toBe('2 of 2 confirmations');
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
    renderPage(pages.Order, createTestHost({ api, ...orderAt('ord1', '0xdest') }));
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

  it.each([
    ['en', 'The rate is worse than you allowed', 'You allowed at most 1.5 % less than the 2 ETH quoted: the exchange is paused until you choose.'],
    ['ru', 'Курс хуже, чем вы допустили', 'Вы допустили не больше чем на 1,5 % меньше обещанных 2 ETH: обмен приостановлен, пока вы не выберете.'],
  ] as const)('%s: a floating order past its maximum slippage offers the choice, asking where a refund goes (issue 29)', async (lng, title, fact) => {
    const kinds = ['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'FLOATING_RATE_SLIPPAGE_EXCEEDED', 'RATE_MODE_CHANGED'] as const;
    const offered = { price: '19', amountToGet: '1.9', updatedAt: '2026-01-01T00:00:00.000Z' };
    const order = orderWith([...kinds], {
      amountToGet: '2',
      maxSlippage: '0.015',
      orderDetails: { ...orderWith([]).orderDetails, offeredRate: offered },
    });
    order.orderEvents[3] = { ...order.orderEvents[3], reason: 'RATE_WORSE_THAN_MAX_SLIPPAGE', nextStep: 'CHOOSE_REFUND_OR_ACCEPT_NEW_RATE' };
    const requested = orderWith([...kinds, 'REFUND_REQUESTED'], { refundAddress: 'bc1qrefund', maxSlippage: '0.015' });
    const api = {
      orderPublicInfo: jest.fn(async () => order),
      orderRefundInfo: jest.fn(async () => ({ refundAmountWithoutNetworkFee: '0.0999', networkFee: '0.0001' })),
      orderRequestRefund: jest.fn(async () => requested),
    };
    renderPage(pages.Order, createTestHost({ lng, api, ...orderAt('ord1', '0xdest') }));
    const block = await screen.findByTestId('fixed-rate-problems');
    expect(block.getAttribute('data-problem')).toBe('FLOATING_RATE_SLIPPAGE_EXCEEDED');
    expect(block.textContent).toContain(title);
    expect(screen.getByTestId('problem-slippage').textContent).toBe(fact);
    expect(screen.getByTestId('offered-rate')).toBeTruthy();
    expect(screen.getByTestId('accept-new-rate')).toBeTruthy();
    expect(await screen.findByTestId('problem-refund-amount')).toBeTruthy();
    fireEvent.change(screen.getByTestId('refund-address'), { target: { value: 'bc1qrefund' } });
    api.orderPublicInfo.mockResolvedValue(requested);
    await act(async () => fireEvent.click(screen.getByTestId('request-refund')));
    expect(api.orderRequestRefund).toHaveBeenCalledWith({
      body: { orderId: 'ord1', destinationAddress: '0xdest', refundAddress: 'bc1qrefund', refundAmount: '0.0999', claimedNetworkFee: '0.0001' },
    });
    await waitFor(() => expect(screen.queryByTestId('fixed-rate-problems')).toBeNull());
  });

  it.each([
    [
      'en',
      'Deposit on hold: not exchanged',
      "Your deposit of 2 BTC is above this pair's maximum of 1.66666666 BTC, so it was not exchanged automatically.",
      'Request a refund below, or contact support if you would like to talk about it.',
      'Enter the address the refund should go to.',
      'Your refund is on its way to bc1qrefund.',
      '1.9999 BTC were returned to bc1qrefund.',
    ],
    [
      'ru',
      'Депозит задержан: обмен не выполнен',
      'Ваш депозит 2 BTC больше максимума для этой пары (1,66666666 BTC), поэтому он не был обменян автоматически.',
      'Запросите возврат ниже или обратитесь в поддержку, если хотите это обсудить.',
      'Укажите адрес, на который вернуть средства.',
      'Возврат отправляется на bc1qrefund.',
      '1,9999 BTC возвращены на bc1qrefund.',
    ],
  ] as const)(
    '%s: a deposit on hold says why and what next, takes a refund address, then shows the refund steps',
    async (lng, state, reason, next, empty, requestedText, completedText) => {
      const kinds = ['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'DEPOSIT_ON_HOLD'] as const;
      const details = { ...orderWith([]).orderDetails, confirmations: 2, depositTxHash: 'dtx', depositLimit: '1.66666666' };
      const order = orderWith([...kinds], { deposits: [{ amount: '2' }], orderDetails: details });
      order.orderEvents[3] = { ...order.orderEvents[3], reason: 'DEPOSIT_ABOVE_MAXIMUM', nextStep: 'REQUEST_REFUND_OR_CONTACT_SUPPORT' };
      const requested = orderWith([...kinds, 'REFUND_REQUESTED'], { deposits: [{ amount: '2' }], orderDetails: details, refundAddress: 'bc1qrefund' });
      const api = {
        orderPublicInfo: jest.fn(async () => order),
        orderRefundInfo: jest.fn(async () => ({ refundAmountWithoutNetworkFee: '1.9999', networkFee: '0.0001' })),
        orderRequestRefund: jest.fn(async () => requested),
      };
      renderPage(pages.Order, createTestHost({ lng, api, ...orderAt('ord1', '0xdest') }));
      const held = await screen.findByTestId('order-on-hold');
      expect(held.getAttribute('data-reason')).toBe('DEPOSIT_ABOVE_MAXIMUM');
      expect(screen.getByTestId('order-state').textContent).toBe(state);
      expect(screen.getByTestId('hold-reason').textContent).toBe(reason);
      expect(screen.getByTestId('hold-next-step').textContent).toBe(next);
      expect(await screen.findByTestId('hold-refund-amount')).toBeTruthy();
      expect(screen.queryByTestId('fixed-rate-problems')).toBeNull();
      expect(screen.queryByTestId('accept-new-rate')).toBeNull();
      expect(screen.queryByTestId('order-send')).toBeNull();

      await act(async () => fireEvent.click(screen.getByTestId('request-refund')));
      expect(screen.getByTestId('order-action-error').textContent).toBe(empty);
      expect(api.orderRequestRefund).not.toHaveBeenCalled();
      fireEvent.change(screen.getByTestId('refund-address'), { target: { value: 'bc1qrefund' } });
      expect(screen.queryByTestId('refund-memo')).toBeNull();
      api.orderPublicInfo.mockResolvedValue(requested);
      await act(async () => fireEvent.click(screen.getByTestId('request-refund')));
      expect(api.orderRequestRefund).toHaveBeenCalledWith({
        body: { orderId: 'ord1', destinationAddress: '0xdest', refundAddress: 'bc1qrefund', refundAmount: '1.9999', claimedNetworkFee: '0.0001' },
      });
      await waitFor(() => expect(screen.queryByTestId('order-on-hold')).toBeNull());
      expect(screen.getByTestId('order-refund-requested').textContent).toContain(requestedText);

      const completed = orderWith([...kinds, 'REFUND_REQUESTED', 'REFUND_COMPLETED'], {
        deposits: [{ amount: '2' }],
        orderDetails: { ...details, refundAmount: '1.9999', refundTxHash: 'rtx' },
        refundAddress: 'bc1qrefund',
      });
      act(() => SilentSocket.all[0].onmessage?.({ data: JSON.stringify({ channel: 'orders', event: 'data', data: completed }) }));
      expect(screen.getByTestId('order-steps').getAttribute('data-step')).toBe('4');
      expect(screen.getByTestId('order-refund-completed').textContent).toContain(completedText);
    },
  );

  it('a deposit on hold on a memo network asks for the refund memo too', async () => {
    const order = orderWith(['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'DEPOSIT_ON_HOLD'], {
      pair: { instrumentFrom: { currencyTitle: 'XRP', networkTitle: 'XRP' }, instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' } },
      orderDetails: { ...orderWith([]).orderDetails, depositAddressMemo: '77', depositLimit: '200000' },
      deposits: [{ amount: '300000' }],
    });
    order.orderEvents[2] = { ...order.orderEvents[2], reason: 'DEPOSIT_ABOVE_MAXIMUM', nextStep: 'REQUEST_REFUND_OR_CONTACT_SUPPORT' };
    renderPage(
      pages.Order,
      createTestHost({
        api: {
          orderPublicInfo: jest.fn(async () => order),
          orderRefundInfo: jest.fn(async () => ({ refundAmountWithoutNetworkFee: '299999.8', networkFee: '0.2' })),
        },
        ...orderAt('ord1', '0xdest'),
      }),
    );
    expect((await screen.findByTestId('hold-reason')).textContent).toBe(
      // amounts grouped in the locale's way (issue 10)
      "Your deposit of 300,000 XRP is above this pair's maximum of 200,000 XRP, so it was not exchanged automatically.",
    );
    expect(screen.getByLabelText('Your XRP address on the XRP network for the refund')).toBe(screen.getByTestId('refund-address'));
    expect(screen.getByLabelText('Memo / destination tag for the refund (if your wallet needs one)')).toBe(screen.getByTestId('refund-memo'));
  });

  it('set-email failure notifies error_email_already_set', async () => {
    const host = createTestHost({
      api: {
        orderPublicInfo: jest.fn(async () => orderWith(['CREATION_END'])),
        orderSetEmail: jest.fn(async () => Promise.reject(ApiError.of('ERR_BAD_REQUEST', 'set'))),
      },
      ...orderAt('ord1', '0xdest'),
    });
    const notify = jest.spyOn(host, 'notify').mockImplementation(() => undefined);
    renderPage(pages.Order, host);
    fireEvent.change(await screen.findByTestId('order-email'), { target: { value: 'a@b.co' } });
    await act(async () => fireEvent.click(screen.getByTestId('order-email-send')));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'error', message: 'An email is already set for this order.', timeout: 3000 }));
  });
});
