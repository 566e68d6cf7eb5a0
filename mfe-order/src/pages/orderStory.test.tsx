// Issue 25 on the order page: a summary while the order runs (where it pays out, the rate type and rate, what is sent
// and what arrives: exact at a fixed rate, "about" at a floating one), the labelled "Copy amount" with the time left
// beside it, a problem panel that says arrived against expected without repeating itself, "New exchange" on a finished
// order, one Russian word for "completed" and the page's own message for a mistyped email.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
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

beforeAll(() => {
  (globalThis as { WebSocket: unknown }).WebSocket = SilentSocket;
});
afterEach(cleanup);

const at = { page: 'Order' as const, params: { id: 'ord1' }, query: new URLSearchParams({ destinationAddress: '0xdest' }) };

function show(order: Order, lng: 'en' | 'ru' = 'en') {
  const api = {
    orderPublicInfo: jest.fn(async () => order),
    orderRefundInfo: jest.fn(async () => ({ refundAmountWithoutNetworkFee: '0.09', networkFee: '0.01' })),
    orderSetEmail: jest.fn(async () => undefined),
    instrumentsV2: jest.fn(async () => CATALOGUE),
  };
  const host = createTestHost({ lng, api, ...at });
  // the shell's Link adds the locale prefix to the path it is given
  host.Link = ({ to, ...rest }: HostLinkProps) => <a href={`${host.locale.prefix}${to}`} {...rest} />;
  renderPage(pages.Order, host);
  return api;
}

const inAMinute = () => new Date(Date.now() + 10 * 60_000).toISOString();

const waitingToXrp = (over: Partial<Order> = {}) =>
  orderWith(['CREATION_END'], {
    pair: {
      instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC', slug: 'btc' },
      instrumentTo: { currencyTitle: 'XRP', networkTitle: 'XRP', slug: 'xrp' },
    },
    claimedDepositAmount: '0.05',
    amountToGet: '2100.5',
    claimedPublicRate: { ...orderWith([]).claimedPublicRate, price: '42010.123456789' },
    destinationAddress: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
    destinationAddressMemo: '12345',
    ...over,
  });

describe('the order summary while waiting', () => {
  it('a fixed-rate order: address, memo, the fixed rate and an exact amount to get', async () => {
    show(waitingToXrp({ rateMode: 'FIXED', orderDetails: { ...orderWith([]).orderDetails, fixedRateExpiresAt: inAMinute() } }));
    const summary = await screen.findByTestId('order-summary');
    expect(within(summary).getByRole('heading', { name: 'Order details' })).toBeTruthy();
    expect(within(summary).getByTestId('destination-address').textContent).toBe('rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh');
    expect(within(summary).getByTestId('destination-memo').textContent).toBe('12345');
    expect(within(summary).getByTestId('summary-send').textContent).toBe('0.05 BTC');
    expect(within(summary).getByTestId('summary-receive').textContent).toBe('2,100.5 XRP');
    expect(within(summary).getByText('Fixed rate')).toBeTruthy();
    // the rate in the receive coin's displayed precision (XRP: 6)
    expect(within(summary).getByTestId('summary-rate').textContent).toBe('1 BTC = 42,010.123456 XRP');
    expect(summary.textContent).not.toMatch(/about/);
  });

  it('a floating-rate order in Russian: the amount to get is "about", the rate approximate', async () => {
    show(waitingToXrp(), 'ru');
    const summary = await screen.findByTestId('order-summary');
    expect(within(summary).getByTestId('summary-receive').textContent).toMatch(/^около 2\s100,5 XRP$/);
    expect(within(summary).getByText('Плавающий курс')).toBeTruthy();
    expect(within(summary).getByTestId('summary-rate').textContent).toMatch(/^1 BTC ≈ 42\s010,123456 XRP$/);
    expect(within(summary).getByText('Ваши XRP будут отправлены на')).toBeTruthy();
  });

  it('"Copy amount" is a labelled button and the fixed rate’s time left sits with the amount, above the deposit address', async () => {
    show(waitingToXrp({ rateMode: 'FIXED', orderDetails: { ...orderWith([]).orderDetails, fixedRateExpiresAt: inAMinute() } }));
    const send = await screen.findByTestId('order-send');
    const copy = within(send).getByTestId('copy-deposit-amount');
    expect(copy.textContent).toBe('Copy amount');
    const timeLeft = within(send).getByTestId('time-left');
    // one row: the copy button's wrapper and the time left are siblings
    expect(copy.parentElement?.parentElement).toBe(timeLeft.parentElement);
    // document order: amount bar (copy + time left) before the deposit address
    const address = within(send).getByTestId('deposit-address');
    expect(timeLeft.compareDocumentPosition(address) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a finished order shows no summary: its own card says what happened', async () => {
    show(
      orderWith(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED'], {
        withdrawals: [{ amount: '1.99' }],
      }),
    );
    await screen.findByTestId('order-completed');
    expect(screen.queryByTestId('order-summary')).toBeNull();
  });
});

describe('a finished order offers a new exchange of the same pair', () => {
  const completed = () =>
    orderWith(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED'], {
      withdrawals: [{ amount: '1.99' }],
    });

  it.each([
    ['en', 'New exchange', '/exchange-btc-eth'],
    ['ru', 'Новый обмен', '/ru/exchange-btc-eth'],
  ] as const)('%s: completed → %s (%s)', async (lng, name, href) => {
    show(completed(), lng);
    const card = await screen.findByTestId('order-completed');
    const link = within(card).getByRole('link', { name });
    expect(link.getAttribute('href')).toBe(href);
  });

  it('after a refund too', async () => {
    show(
      orderWith(['CREATION_END', 'DEPOSIT_REGISTERED', 'FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED', 'REFUND_REQUESTED', 'REFUND_COMPLETED'], {
        refundAddress: 'bc1refund',
      }),
    );
    const card = await screen.findByTestId('order-refund-completed');
    expect(within(card).getByTestId('order-new-exchange').getAttribute('href')).toBe('/exchange-btc-eth');
  });

  it('in Russian a completed order says «Завершено» once as its state and its last step, never «Готово»', async () => {
    show(completed(), 'ru');
    await screen.findByTestId('order-completed');
    expect(screen.getByTestId('order-state').textContent).toBe('Завершено');
    expect(screen.getByTestId('order-steps').textContent).toContain('Завершено');
    expect(document.body.textContent).not.toContain('Готово');
  });
});

describe('the problem panel of a wrong deposit amount', () => {
  const wrongAmount = () => {
    const order = orderWith(['CREATION_END', 'DEPOSIT_REGISTERED', 'FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED'], {
      rateMode: 'FIXED',
      refundAddress: 'bc1refund',
      claimedDepositAmount: '0.05',
      deposits: [{ amount: '0.045' }],
    });
    order.orderEvents[2] = { ...order.orderEvents[2], reason: 'DEPOSIT_BELOW_CLAIMED_AMOUNT', nextStep: 'CHOOSE_REFUND_OR_ACCEPT_NEW_RATE' };
    return order;
  };

  it.each([
    ['en', 'Arrived: 0.045 BTC; expected: 0.05 BTC.'],
    ['ru', 'Пришло: 0,045 BTC; ожидалось: 0,05 BTC.'],
  ] as const)('%s: says how much arrived against how much was expected', async (lng, amounts) => {
    show(wrongAmount(), lng);
    const panel = await screen.findByTestId('fixed-rate-problems');
    expect(within(panel).getByTestId('problem-amounts').textContent).toBe(amounts);
  });

  it('names the problem once: the state badge says it, the panel gives the reason, not the headline again', async () => {
    show(wrongAmount());
    const panel = await screen.findByTestId('fixed-rate-problems');
    expect(screen.getByTestId('order-state').textContent).toBe('The deposit amount differs from the order');
    expect(panel.textContent).not.toContain('The deposit amount differs from the order');
    expect(within(panel).getByTestId('event-reason').textContent).toBe('Reason: the deposit is below the amount of the order');
    expect(within(panel).getByTestId('event-next-step')).toBeTruthy();
    // the ordered amounts no longer hold: no summary beside the problem
    expect(screen.queryByTestId('order-summary')).toBeNull();
  });
});

describe('the email offer', () => {
  it.each([
    ['en', 'Enter an email address such as you@example.com.'],
    ['ru', 'Введите адрес электронной почты, например you@example.com.'],
  ] as const)('%s: a mistyped address gets the page’s own message, not the browser’s', async (lng, message) => {
    const api = show(orderWith(['CREATION_END']), lng);
    const field = await screen.findByTestId('order-email');
    expect(field.closest('form')?.noValidate).toBe(true);
    fireEvent.change(field, { target: { value: 'not-an-email' } });
    await act(async () => fireEvent.click(screen.getByTestId('order-email-send')));
    expect(screen.getByTestId('order-email-error').textContent).toBe(message);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.orderSetEmail).not.toHaveBeenCalled();
    // typing again clears it; a real address is sent
    fireEvent.change(field, { target: { value: 'me@example.com' } });
    expect(screen.queryByTestId('order-email-error')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('order-email-send')));
    expect(api.orderSetEmail).toHaveBeenCalled();
  });
});
