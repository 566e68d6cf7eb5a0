// Issue 12 on the order page: a card purchase (§4 card flow) is paid on the provider's page, not by a deposit. The
// pay block and the redirect modal of type order (§2), the page moving on once paid, and a declined payment.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ORDER_POLL_INTERVAL_MS, type HostLinkProps, type Order } from 'shared-contracts';
import { SilentWebSocket } from 'remote-kit/fake-socket';
import { CARD_CATALOGUE, PAYMENT_URL, cardOrderWith, declinedCardOrder } from '../test/cardOrder';
import { createTestHost, renderPage } from '../test/testHost';
import { pages } from './index';

beforeAll(() => {
  (globalThis as { WebSocket: unknown }).WebSocket = SilentWebSocket;
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const at = { page: 'Order' as const, params: { id: 'ord1' }, query: new URLSearchParams({ destinationAddress: 'bc1qdestination' }) };

function show(order: Order, lng: 'en' | 'ru' = 'en') {
  const api = {
    orderPublicInfo: jest.fn(async () => order),
    orderRefundInfo: jest.fn(async () => ({ refundAmountWithoutNetworkFee: '0', networkFee: '0' })),
    instrumentsV2: jest.fn(async () => CARD_CATALOGUE),
  };
  const host = createTestHost({ lng, api, ...at });
  // the shell's Link adds the locale prefix to the path it is given
  host.Link = ({ to, ...rest }: HostLinkProps) => <a href={`${host.locale.prefix}${to}`} {...rest} />;
  renderPage(pages.Order, host);
  return api;
}

const flush = () => act(async () => undefined);

const spokenSteps = () =>
  within(screen.getByTestId('order-steps'))
    .getAllByRole('listitem')
    .map((li) => {
      const copy = li.cloneNode(true) as Element;
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return copy.textContent;
    });

describe('a card order awaiting its payment', () => {
  it('shows the pay block (amount, the payment page in a new tab) instead of the deposit address', async () => {
    show(cardOrderWith(['CREATION_END']));
    const block = await screen.findByTestId('card-payment');
    expect(within(block).getByRole('heading').textContent).toBe('Pay by card');
    expect(screen.getByTestId('card-pay-amount').textContent).toBe('Amount to pay: 150 USD');
    const link = screen.getByTestId('card-pay-link');
    expect(link.getAttribute('href')).toBe(PAYMENT_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('Go to payment (opens the payment page in a new tab)');
    expect(screen.getByTestId('card-pay-hint').textContent).toBe('The payment page opens in a new tab. This page updates by itself once you have paid.');
    for (const id of ['order-send', 'deposit-address', 'deposit-qr', 'deposit-memo', 'copy-deposit-address', 'order-transactions'])
      expect(screen.queryByTestId(id)).toBeNull();
    expect(spokenSteps()).toEqual(['Payment', 'Payment check', 'Exchanging', 'Sending', 'Completed']);
    expect(screen.getByTestId('order-state').textContent).toBe('Waiting for your card payment');
  });

  it.each([
    ['en', 'You pay', 'You send'],
    ['ru', 'Вы платите', 'Вы отправляете'],
  ] as const)('%s: its summary says what is paid, not sent (issue 25)', async (lng, pay, send) => {
    show(cardOrderWith(['CREATION_END']), lng);
    const summary = await screen.findByTestId('order-summary');
    expect(within(summary).getByText(pay)).toBeTruthy();
    expect(within(summary).queryByText(send)).toBeNull();
    expect(within(summary).getByTestId('summary-send').textContent).toBe('150 USD');
  });

  it('opens the redirect modal once: opening its link closes it, and a poll does not bring it back', async () => {
    jest.useFakeTimers();
    const api = show(cardOrderWith(['CREATION_END']));
    const modal = await screen.findByTestId('order-redirect-modal');
    expect(modal.getAttribute('role')).toBe('dialog');
    expect(within(modal).getByRole('heading').textContent).toBe('Pay for your order');
    expect(modal.textContent).toContain('Pay 150 USD by card on the payment page. It opens in a new tab; this page updates by itself once you have paid.');
    const link = screen.getByTestId('order-redirect-link');
    expect(link.getAttribute('href')).toBe(PAYMENT_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(link);
    expect(screen.queryByTestId('order-redirect-modal')).toBeNull();
    // the pay block stays, and the page keeps polling without offering the modal again
    expect(screen.getByTestId('card-pay-link')).toBeTruthy();
    await act(async () => jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS));
    await flush();
    expect(api.orderPublicInfo).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('order-redirect-modal')).toBeNull();
  });

  it('the modal closes with its close button too', async () => {
    show(cardOrderWith(['CREATION_END']));
    await screen.findByTestId('order-redirect-modal');
    fireEvent.click(screen.getByTestId('order-redirect-close'));
    expect(screen.queryByTestId('order-redirect-modal')).toBeNull();
  });

  it('ru: the pay block, the modal and the first step in Russian', async () => {
    show(cardOrderWith(['CREATION_END']), 'ru');
    const modal = await screen.findByTestId('order-redirect-modal');
    expect(within(modal).getByRole('heading').textContent).toBe('Оплатите заказ');
    expect(screen.getByTestId('order-redirect-link').textContent).toBe('Перейти к оплате (страница оплаты откроется в новой вкладке)');
    expect(screen.getByTestId('card-pay-amount').textContent).toBe('К оплате: 150 USD');
    expect(screen.getByTestId('card-pay-hint').textContent).toBe(
      'Страница оплаты откроется в новой вкладке. Эта страница обновится сама, когда оплата пройдёт.',
    );
    expect(spokenSteps()[0]).toBe('Оплата');
    expect(screen.getByTestId('order-state').textContent).toBe('Ожидаем оплату картой');
  });
});

describe('a paid card order', () => {
  it('moves on like any other: no pay block, the exchange steps, then the completed card', async () => {
    show(cardOrderWith(['CREATION_END', 'DEPOSIT_REGISTERED'], { status: 'PAID' }));
    expect((await screen.findByTestId('card-payment-received')).textContent).toBe('Your card payment was received. The exchange starts shortly.');
    expect(screen.queryByTestId('card-payment')).toBeNull();
    expect(screen.queryByTestId('order-redirect-modal')).toBeNull();
    expect(screen.getByTestId('order-state').textContent).toBe('Card payment received');
    expect(spokenSteps()).toEqual(['Payment (done)', 'Payment check', 'Exchanging', 'Sending', 'Completed']);
  });

  it('completed: the completed card with the payout, no confirmations to count', async () => {
    const done = cardOrderWith(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED'], {
      status: 'PAID',
    });
    show({
      ...done,
      orderDetails: { ...done.orderDetails, payoutTxHash: 'ptx1' },
      withdrawals: [{ amount: '0.0015', txHash: 'ptx1', createdAt: '2030-01-01T00:10:00.000Z' }],
    });
    expect((await screen.findByTestId('order-completed')).textContent).toContain('0.0015 BTC were sent to bc1qdestination.');
    expect(screen.getByTestId('payout-tx').textContent).toBe('ptx1');
    expect(screen.queryByTestId('confirmations')).toBeNull();
    expect(screen.queryByTestId('card-payment-received')).toBeNull();
  });
});

describe('no refund UI for a card order', () => {
  it('a held card order says to contact support, with no refund form', async () => {
    const api = show(cardOrderWith(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'DEPOSIT_ON_HOLD'], { status: 'PAID' }));
    const hold = await screen.findByTestId('order-on-hold');
    // issue 25: a card purchase was paid, not deposited
    expect(within(hold).getByRole('heading').textContent).toBe('Your card payment is on hold');
    expect(screen.getByTestId('hold-reason').textContent).toBe('Your card payment of 150 USD was not exchanged automatically.');
    expect(screen.getByTestId('order-state').textContent).toBe('Payment on hold: not exchanged');
    expect(screen.getByTestId('hold-next-step').textContent).toBe('Contact support to settle this order: a card payment is not refunded from this page.');
    for (const id of ['request-refund', 'refund-address', 'hold-refund-amount']) expect(screen.queryByTestId(id)).toBeNull();
    expect(api.orderRefundInfo).not.toHaveBeenCalled();
  });

  it('a fixed-rate problem of a card order offers the new rate only', async () => {
    show(
      cardOrderWith(
        ['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FIXED_RATE_HIGH_VOLATILITY_DETECTED', 'RATE_MODE_CHANGED'],
        { status: 'PAID' },
        { rateMode: 'FIXED' },
      ),
    );
    await screen.findByTestId('fixed-rate-problems');
    expect(screen.getByTestId('accept-new-rate')).toBeTruthy();
    expect(screen.queryByTestId('request-refund')).toBeNull();
  });
});

describe('a declined card payment', () => {
  it.each([
    [
      'en',
      'Card payment declined',
      'Reason: the card was declined by its issuer',
      'What happens next: create a new order and pay with another card',
      'Start a new order',
      '/exchange-usd-btc',
    ],
    [
      'ru',
      'Оплата картой отклонена',
      'Причина: банк-эмитент отклонил оплату',
      'Что дальше: создайте новый заказ и оплатите другой картой',
      'Создать новый заказ',
      '/ru/exchange-usd-btc',
    ],
  ] as const)('%s: says why and what next, links a new order on the pair page; no pay block, refund or modal', async (lng, title, reason, next, link, href) => {
    jest.useFakeTimers();
    const api = show(declinedCardOrder(), lng);
    const card = await screen.findByTestId('card-payment-declined');
    expect(within(card).getByRole('heading').textContent).toBe(title);
    expect(screen.getByTestId('card-decline-reason').textContent).toBe(reason);
    expect(within(card).getByTestId('event-next-step').textContent).toBe(next);
    const newOrder = within(card).getByTestId('card-new-order');
    expect(newOrder.textContent).toBe(link);
    expect(newOrder.getAttribute('href')).toBe(href);
    expect(screen.getByTestId('order-state').textContent).toBe(title);
    for (const id of ['card-payment', 'card-pay-link', 'order-redirect-modal', 'request-refund', 'order-send', 'card-payment-received'])
      expect(screen.queryByTestId(id)).toBeNull();
    // the order is over: polling stopped
    await act(async () => jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS * 3));
    expect(api.orderPublicInfo).toHaveBeenCalledTimes(1);
  });

  it('declined while the page is open: the pay block gives way to the declined card', async () => {
    jest.useFakeTimers();
    const api = show(cardOrderWith(['CREATION_END']));
    await screen.findByTestId('card-payment');
    fireEvent.click(screen.getByTestId('order-redirect-link'));
    api.orderPublicInfo.mockResolvedValue(declinedCardOrder());
    await act(async () => jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS));
    await flush();
    expect(screen.getByTestId('card-payment-declined').textContent).toContain('the card was declined by its issuer');
    expect(screen.queryByTestId('card-payment')).toBeNull();
  });

  it.each([
    ['en', 'insufficient_funds', 'Reason: there are not enough funds on the card'],
    ['ru', 'Insufficient funds on the card (sandbox test card)', 'Причина: на карте недостаточно средств'],
    ['ru', 'expired_card', 'Причина: срок действия карты истёк'],
    ['ru', 'Not a sandbox test card; use 4242 4242 4242 4242', 'Причина: это не тестовая карта песочницы: используйте 4242 4242 4242 4242'],
    // a reason the page does not know is shown as the provider wrote it
    ['ru', 'Velocity limit 7731 exceeded', 'Причина: Velocity limit 7731 exceeded'],
  ] as const)('%s: the provider reason %j is said in the page language where it is known', async (lng, declineReason, text) => {
    show(cardOrderWith(['CREATION_END', 'CARD_PAYMENT_DECLINED'], { status: 'DECLINED', declineReason }), lng);
    expect((await screen.findByTestId('card-decline-reason')).textContent).toBe(text);
  });

  it('leaves no empty gap under the reason: the card spaces its paragraphs, none adds a margin of its own', async () => {
    show(declinedCardOrder());
    const card = await screen.findByTestId('card-payment-declined');
    const paragraphs = card.querySelectorAll('p');
    expect(paragraphs.length).toBeGreaterThan(1);
    // CSS modules map to their class names in tests: `text` and `muted` are the margin-free paragraph classes
    for (const p of paragraphs) expect(p.className).toMatch(/\b(text|muted|value)\b/);
  });

  it('without a reason from the provider says so', async () => {
    show(cardOrderWith(['CREATION_END', 'CARD_PAYMENT_DECLINED'], { status: 'DECLINED', declineReason: null }));
    expect((await screen.findByTestId('card-decline-reason')).textContent).toBe('The card provider gave no reason.');
  });
});
