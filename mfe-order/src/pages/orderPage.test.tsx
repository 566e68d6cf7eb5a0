// Issue 10 on the order page: the stepper, readable amounts (§9 displayed precision), explorer links, the payment
// QR code, the memo's own copy button and QR code, and status changes announced politely.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { Order } from 'shared-contracts';
import { orderWith } from 'remote-kit/testing';
import { CATALOGUE } from '../test/instruments';
import { createTestHost, renderPage } from '../test/testHost';
import { pages } from './index';

class SilentSocket {
  static all: SilentSocket[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    SilentSocket.all.push(this);
  }
  send() {}
  close() {}
}

beforeAll(() => {
  (globalThis as { WebSocket: unknown }).WebSocket = SilentSocket;
});
beforeEach(() => (SilentSocket.all = []));
afterEach(cleanup);

const at = { page: 'Order' as const, params: { id: 'ord1' }, query: new URLSearchParams({ destinationAddress: '0xdest' }) };

function show(order: Order, { lng = 'en', catalogue = true }: { lng?: 'en' | 'ru'; catalogue?: boolean } = {}) {
  const api = {
    orderPublicInfo: jest.fn(async () => order),
    orderRefundInfo: jest.fn(async () => ({ refundAmountWithoutNetworkFee: '0.09', networkFee: '0.01' })),
    ...(catalogue ? { instrumentsV2: jest.fn(async () => CATALOGUE) } : {}),
  };
  renderPage(pages.Order, createTestHost({ lng, api, ...at }));
  return api;
}

/** What a screen reader reads of an element: its text without the aria-hidden parts (the steps' markers). */
function spoken(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

const push = (order: Order) => act(() => SilentSocket.all[0].onmessage?.({ data: JSON.stringify({ channel: 'orders', event: 'data', data: order }) }));

const completed = (over: Partial<Order> = {}) =>
  orderWith(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED'], {
    orderDetails: { ...orderWith([]).orderDetails, confirmations: 2, depositTxHash: 'dtx1', payoutTxHash: '0xpayout' },
    withdrawals: [{ amount: '1.99', txHash: '0xpayout', createdAt: '2030-01-01T00:10:00.000Z' }],
    ...over,
  });

describe('order page on the design system (issue 10)', () => {
  it('shows the steps as a stepper with the current one marked, and the state as text', async () => {
    show(orderWith(['CREATION_END', 'DEPOSIT_REGISTERED']));
    const steps = within(await screen.findByTestId('order-steps')).getAllByRole('listitem');
    expect(steps.map(spoken)).toEqual(['Awaiting deposit (done)', 'Confirming', 'Exchanging', 'Sending', 'Completed']);
    expect(steps[1].getAttribute('aria-current')).toBe('step');
    expect(screen.getByTestId('order-state').textContent).toBe('Deposit seen, waiting for confirmations');
  });

  it('a fixed-rate problem marks the step reached as needing the customer; a refund request shows the refund path', async () => {
    show(orderWith(['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FIXED_RATE_HIGH_VOLATILITY_DETECTED'], { rateMode: 'FIXED' }));
    const current = within(await screen.findByTestId('order-steps'))
      .getByText('Exchanging')
      .closest('li')!;
    expect(current.getAttribute('aria-current')).toBe('step');
    expect(spoken(current)).toBe('Exchanging (needs your action)');
    push(orderWith(['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FIXED_RATE_HIGH_VOLATILITY_DETECTED', 'REFUND_REQUESTED'], { rateMode: 'FIXED' }));
    const steps = within(screen.getByTestId('order-steps')).getAllByRole('listitem');
    expect(steps.map(spoken)).toEqual(['Awaiting deposit (done)', 'Confirming (done)', 'Refund']);
  });

  it('links each transaction hash to the network’s block explorer, in a new tab, named as such', async () => {
    show(completed());
    const payout = await screen.findByRole('link', { name: /0xpayout/ });
    expect(payout.getAttribute('href')).toBe('https://etherscan.io/tx/0xpayout');
    expect(payout.getAttribute('target')).toBe('_blank');
    expect(payout.getAttribute('rel')).toBe('noopener noreferrer');
    expect(payout.textContent).toBe('0xpayout (opens etherscan.io in a new tab)');
    expect(screen.getByTestId('payout-tx').textContent).toBe('0xpayout');
    const deposit = screen.getByRole('link', { name: /dtx1/ });
    expect(deposit.getAttribute('href')).toBe('https://mempool.space/tx/dtx1');
    // when each happened, with the exact time on hover
    const times = screen.getByTestId('order-transactions').querySelectorAll('time');
    expect([...times].map((t) => t.getAttribute('dateTime'))).toEqual(['2030-01-01T00:00:01.000Z', '2030-01-01T00:10:00.000Z']);
    expect(times[1].getAttribute('title')).toMatch(/2030/);
  });

  it('the refund transaction links to the send network’s explorer', async () => {
    show(
      orderWith(['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'REFUND_REQUESTED', 'REFUND_COMPLETED'], {
        refundAddress: 'bc1qrefund',
        orderDetails: { ...orderWith([]).orderDetails, depositTxHash: 'dtx1', refundAmount: '0.0999', refundTxHash: 'rtx1' },
      }),
    );
    expect((await screen.findByRole('link', { name: /rtx1/ })).getAttribute('href')).toBe('https://mempool.space/tx/rtx1');
    expect(screen.getByTestId('refund-tx').textContent).toBe('rtx1');
  });

  it('without an explorer template (or before the catalogue is known) a hash is plain text', async () => {
    show(completed(), { catalogue: false });
    expect((await screen.findByTestId('payout-tx')).textContent).toBe('0xpayout');
    expect(screen.getByTestId('payout-tx').closest('a')).toBeNull();
    expect(screen.queryByRole('link', { name: /0xpayout/ })).toBeNull();
  });

  it('the deposit QR code is a payment URI with the amount, and an "Open in wallet" link carries it too', async () => {
    show(orderWith(['CREATION_END']));
    const qr = await screen.findByTestId('deposit-qr');
    expect(qr.getAttribute('aria-label')).toBe('QR code of a payment request for 0.1 BTC to the deposit address');
    const wallet = screen.getByRole('link', { name: 'Open in wallet' });
    expect(wallet.getAttribute('href')).toBe('bitcoin:bc1qdepositaddress000000000000000000000?amount=0.1');
    await waitFor(() => expect(qr.getAttribute('data-ready')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Copy address' })).toBe(screen.getByTestId('copy-deposit-address'));
    expect(screen.getByRole('button', { name: 'Copy amount' })).toBeTruthy();
    const addressLink = screen.getByRole('link', { name: /Check this address on mempool\.space/ });
    expect(addressLink.getAttribute('href')).toBe('https://mempool.space/address/bc1qdepositaddress000000000000000000000');
  });

  it('a network without a payment URI shows the bare address in the QR code; the memo has its own copy button and QR code', async () => {
    show(
      orderWith(['CREATION_END'], {
        pair: {
          instrumentFrom: { currencyTitle: 'XRP', networkTitle: 'XRP', slug: 'xrp' },
          instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH', slug: 'eth' },
        },
        claimedDepositAmount: '150',
        orderDetails: { ...orderWith([]).orderDetails, depositAddress: 'rDeposit', depositAddressMemo: '4242' },
      }),
    );
    expect((await screen.findByTestId('deposit-qr')).getAttribute('aria-label')).toBe('QR code of the deposit address');
    expect(screen.queryByRole('link', { name: 'Open in wallet' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy memo' })).toBe(screen.getByTestId('copy-deposit-memo'));
    const memoQr = screen.getByRole('img', { name: 'QR code of the memo / destination tag' });
    expect(memoQr).toBe(screen.getByTestId('deposit-memo-qr'));
    await waitFor(() => expect(memoQr.getAttribute('data-ready')).toBe('true'));
  });

  it('amounts are grouped in the locale and cut to the instrument’s displayed precision (§9); the deposit amount is exact', async () => {
    show(orderWith(['CREATION_END'], { claimedDepositAmount: '1234.12345678', amountToGet: '24682.1234567' }), { lng: 'ru' });
    await screen.findByTestId('order-send');
    // issue 23: the amount to send is the order's own string (the one copied and in the QR code), never reformatted
    await waitFor(() => expect(screen.getByRole('heading', { name: /^Отправьте 1234\.12345678 BTC$/ })).toBeTruthy());
    // ETH: 6 decimals (the catalogue), cut, never rounded up (ru groups with a no-break space)
    expect(screen.getByTestId('summary-receive').textContent).toMatch(/^около 24\s682,123456 ETH$/);
  });

  it('announces a change of state politely, not the first view', async () => {
    show(orderWith(['CREATION_END']));
    const region = within(await screen.findByTestId('order-announcement')).getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    const registered = orderWith(['CREATION_END', 'DEPOSIT_REGISTERED'], { orderDetails: { ...orderWith([]).orderDetails, depositTxHash: 'dtx1' } });
    push(registered);
    await waitFor(() => expect(region.textContent).toBe('Deposit seen, waiting for confirmations'));
    // a confirmation is a change too
    push({ ...registered, orderDetails: { ...registered.orderDetails, confirmations: 1 } });
    await waitFor(() => expect(region.textContent).toBe('1 of 2 confirmations'));
    // the same order again is no change
    push({ ...registered, orderDetails: { ...registered.orderDetails, confirmations: 1 } });
    expect(region.textContent).toBe('1 of 2 confirmations');
    push(completed());
    await waitFor(() => expect(region.textContent).toBe('Completed'));
  });
});
