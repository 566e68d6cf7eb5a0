// §4 exchange_completed_guest / exchange_completed_registered: the order page sees the order complete — pushed over
// the socket, polled, or already complete when loaded — and reports it once, as a guest or a registered visitor by
// the host session (after its first load). Refunds and unfinished orders are not completions.
import { observable, runInAction } from 'mobx';
import { ORDER_POLL_INTERVAL_MS, type AnalyticsEvent } from 'shared-contracts';
import { orderWith } from 'remote-kit/testing';
import { FakeWebSocket, fakeSocketFactory } from 'remote-kit/fake-socket';
import { OrderStore } from './OrderStore';

const COMPLETED = orderWith(['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED']);
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function make(opts: { first?: typeof COMPLETED; initialOrder?: typeof COMPLETED; isAuthorised?: boolean; isLoading?: boolean; ws?: boolean } = {}) {
  const sent: { event: AnalyticsEvent; data?: Record<string, unknown> }[] = [];
  const session = observable({ isAuthorised: !!opts.isAuthorised, isLoading: !!opts.isLoading });
  const api = {
    orderPublicInfo: jest.fn(async () => opts.first ?? orderWith(['CREATION_END'])),
    orderRefundInfo: jest.fn(async () => ({ refundAmountWithoutNetworkFee: '0', networkFee: '0' })),
    instrumentsV2: jest.fn(async () => []),
  };
  const store = new OrderStore({
    api: api as never,
    orderId: 'ord1',
    destinationAddress: '0xdest',
    initialOrder: opts.initialOrder,
    ...(opts.ws ? { wsUrl: 'ws://test/ws', createSocket: fakeSocketFactory } : {}),
    analytics: { track: (event, data) => void sent.push({ event, data }), session },
  });
  return { store, api, sent, session };
}

beforeEach(() => {
  jest.useFakeTimers();
  FakeWebSocket.reset();
});
afterEach(() => jest.useRealTimers());

describe('order completion analytics (§4)', () => {
  it('a guest watching the order complete (polled): exchange_completed_guest once, with the order id and pair', async () => {
    const { store, api, sent } = make();
    store.start();
    await flush();
    expect(sent).toEqual([]);
    api.orderPublicInfo.mockResolvedValue(COMPLETED);
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS);
    await flush();
    expect(sent).toEqual([{ event: 'exchange_completed_guest', data: { orderId: 'ord1', from: 'BTC', to: 'ETH', rateMode: COMPLETED.rateMode } }]);
    store.fetch();
    await flush();
    expect(sent).toHaveLength(1);
    store.dispose();
  });

  it('a registered visitor: exchange_completed_registered, once the session is known (not as a guest before)', async () => {
    const { store, sent, session } = make({ first: COMPLETED, isAuthorised: false, isLoading: true });
    store.start();
    await flush();
    expect(sent).toEqual([]);
    runInAction(() => {
      session.isAuthorised = true;
      session.isLoading = false;
    });
    expect(sent.map((s) => s.event)).toEqual(['exchange_completed_registered']);
    store.dispose();
  });

  it('an order already complete when the page was rendered is reported after mount, never during render', () => {
    const { store, sent } = make({ initialOrder: COMPLETED });
    expect(sent).toEqual([]);
    store.start();
    expect(sent.map((s) => s.event)).toEqual(['exchange_completed_guest']);
    store.dispose();
  });

  it('pushed over the socket: reported when the completion arrives', async () => {
    const { store, sent } = make({ ws: true });
    store.start();
    await flush();
    const socket = FakeWebSocket.instances[0];
    socket.open();
    socket.message({ channel: 'orders', event: 'data', data: COMPLETED });
    await flush();
    expect(sent.map((s) => s.event)).toEqual(['exchange_completed_guest']);
    store.dispose();
  });

  it('refunds and unfinished orders are not completions', async () => {
    const refunded = make({ first: orderWith(['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'REFUND_REQUESTED', 'REFUND_COMPLETED']) });
    refunded.store.start();
    await flush();
    const waiting = make({ first: orderWith(['CREATION_END', 'INCOMING_FUNDS_DETECTED']) });
    waiting.store.start();
    await flush();
    expect([...refunded.sent, ...waiting.sent]).toEqual([]);
    refunded.store.dispose();
    waiting.store.dispose();
  });
});
