import { ApiError, ORDER_POLL_INTERVAL_MS, WS_RECONNECT_INTERVAL_MS, type Order } from 'shared-contracts';
import { OrderStore, type OrderStoreDeps } from './OrderStore';
import { FakeWebSocket, fakeSocketFactory } from 'remote-kit/fake-socket';
import { orderWith } from 'remote-kit/testing';
import { BTC, CATALOGUE, ETH } from '../../test/instruments';
import { cardOrderWith, declinedCardOrder } from '../../test/cardOrder';

function makeApi(order: Order = orderWith(['CREATION_END'])) {
  return {
    orderPublicInfo: jest.fn(async () => order),
    orderRefundInfo: jest.fn(async () => ({ refundAmountWithoutNetworkFee: '0.0999', networkFee: '0.0001' })),
    orderRequestRefund: jest.fn(async () => orderWith(['CREATION_END', 'FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED', 'REFUND_REQUESTED'], { rateMode: 'FIXED' })),
    orderAcceptRateModeChange: jest.fn(async () => orderWith(['CREATION_END', 'RATE_MODE_CHANGED', 'RATE_MODE_CHANGE_ACCEPTED'], { rateMode: 'FIXED' })),
    orderSetEmail: jest.fn(async () => ({ ok: true as const })),
    instrumentsV2: jest.fn(async () => CATALOGUE),
  };
}

function make(over: Partial<OrderStoreDeps> = {}, api = makeApi()) {
  const store = new OrderStore({ api: api as never, orderId: 'ord1', destinationAddress: '0xdest', ...over });
  return { store, api };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => {
  jest.useFakeTimers();
  FakeWebSocket.reset();
});
afterEach(() => jest.useRealTimers());

describe('OrderStore', () => {
  it.each([
    [undefined, '0xdest'],
    ['ord1', null],
    ['ord1', ''],
    ['ord1', '   '],
  ])('id %s / destination %j: address incorrect and no polling (§2)', async (orderId, destinationAddress) => {
    const { store, api } = make({ orderId, destinationAddress });
    store.start();
    await flush();
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS * 3);
    expect(store.status).toBe('addressIncorrect');
    expect(api.orderPublicInfo).not.toHaveBeenCalled();
  });

  it('/order/pending is a pending state with nothing fetched', () => {
    const { store, api } = make({ orderId: 'pending', destinationAddress: null });
    store.start();
    expect(store.status).toBe('pending');
    expect(api.orderPublicInfo).not.toHaveBeenCalled();
  });

  it('fetches with id and destination, then polls every 5 s until the step index reaches 3', async () => {
    const api = makeApi();
    const { store } = make({}, api);
    store.start();
    await flush();
    expect(api.orderPublicInfo).toHaveBeenCalledWith({ query: { orderId: 'ord1', destinationAddress: '0xdest' } });
    expect(store.status).toBe('ready');
    expect(store.stepIndex).toBe(1);
    expect(store.isPolling).toBe(true);
    api.orderPublicInfo.mockResolvedValue(orderWith(['CREATION_END', 'INCOMING_FUNDS_DETECTED']));
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS - 1);
    expect(api.orderPublicInfo).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    await flush();
    expect(api.orderPublicInfo).toHaveBeenCalledTimes(2);
    expect(store.stepIndex).toBe(2);
    api.orderPublicInfo.mockResolvedValue(orderWith(['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED']));
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS);
    await flush();
    expect(store.stepIndex).toBe(3);
    expect(store.displayedState).toBe('WITHDRAWAL_COMPLETED');
    expect(store.isPolling).toBe(false);
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS * 5);
    await flush();
    expect(api.orderPublicInfo).toHaveBeenCalledTimes(3);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('ERR_NOT_FOUND_E marks the address incorrect and stops polling (§8)', async () => {
    const api = makeApi();
    api.orderPublicInfo.mockRejectedValue(ApiError.of('ERR_NOT_FOUND_E', 'no such order'));
    const { store } = make({}, api);
    store.start();
    await flush();
    expect(store.status).toBe('addressIncorrect');
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS * 3);
    expect(api.orderPublicInfo).toHaveBeenCalledTimes(1);
  });

  it('another failure keeps polling (a transient outage)', async () => {
    const api = makeApi();
    api.orderPublicInfo.mockRejectedValueOnce(ApiError.of('ERR_SERVICE_UNAVAILABLE', 'down'));
    const { store } = make({}, api);
    store.start();
    await flush();
    expect(store.status).toBe('loadFailed');
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS);
    await flush();
    expect(store.status).toBe('ready');
  });

  it('loads refund info for fixed-rate orders only', async () => {
    const fixed = makeApi(orderWith(['CREATION_END'], { rateMode: 'FIXED' }));
    const a = make({}, fixed).store;
    a.start();
    await flush();
    expect(fixed.orderRefundInfo).toHaveBeenCalledWith({ query: { orderId: 'ord1', destinationAddress: '0xdest' } });
    expect(a.refundInfo).toEqual({ refundAmountWithoutNetworkFee: '0.0999', networkFee: '0.0001' });
    const floating = makeApi();
    make({}, floating).store.start();
    await flush();
    expect(floating.orderRefundInfo).not.toHaveBeenCalled();
  });

  it('request refund sends refundAddress, refundAmount and claimedNetworkFee from refund info, then re-fetches', async () => {
    const order = orderWith(['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED'], {
      rateMode: 'FIXED',
      refundAddress: 'bc1qrefund',
    });
    const api = makeApi(order);
    const { store } = make({}, api);
    store.start();
    await flush();
    expect(store.rateWarningShown).toBe(true);
    expect(store.problemEvent?.kind).toBe('FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED');
    api.orderPublicInfo.mockResolvedValue(
      orderWith([...order.orderEvents.map((e) => e.kind), 'REFUND_REQUESTED'], { rateMode: 'FIXED', refundAddress: 'bc1qrefund' }),
    );
    await store.requestRefund();
    expect(api.orderRequestRefund).toHaveBeenCalledWith({
      body: { orderId: 'ord1', destinationAddress: '0xdest', refundAddress: 'bc1qrefund', refundAmount: '0.0999', claimedNetworkFee: '0.0001' },
    });
    expect(api.orderPublicInfo).toHaveBeenCalledTimes(2);
    expect(store.displayedState).toBe('REFUND_REQUESTED');
    expect(store.rateWarningShown).toBe(false);
  });

  describe('an order on hold (deposit above the pair maximum)', () => {
    const heldEvents = ['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'DEPOSIT_ON_HOLD'] as const;
    const held = (over: Partial<Order> = {}) => {
      const order = orderWith([...heldEvents], { deposits: [{ amount: '2' }], ...over });
      order.orderEvents[3] = { ...order.orderEvents[3], reason: 'DEPOSIT_ABOVE_MAXIMUM', nextStep: 'REQUEST_REFUND_OR_CONTACT_SUPPORT' };
      return order;
    };
    const start = async (order: Order) => {
      const api = makeApi(order);
      api.orderRefundInfo.mockResolvedValue({ refundAmountWithoutNetworkFee: '1.9999', networkFee: '0.0001' });
      const { store } = make({}, api);
      store.start();
      await flush();
      return { store, api };
    };

    it('offers only a refund, loads refund info, and asks a floating order for a refund address', async () => {
      const { store, api } = await start(held());
      expect(store.onHold).toBe(true);
      expect(store.holdEvent).toMatchObject({ reason: 'DEPOSIT_ABOVE_MAXIMUM', nextStep: 'REQUEST_REFUND_OR_CONTACT_SUPPORT' });
      expect(store.displayedState).toBe('DEPOSIT_ON_HOLD');
      expect(store.rateWarningShown).toBe(false);
      expect(store.rateChangedWarningOpen).toBe(false);
      expect(store.isPolling).toBe(true);
      expect(api.orderRefundInfo).toHaveBeenCalledWith({ query: { orderId: 'ord1', destinationAddress: '0xdest' } });
      expect(store.needsRefundAddress).toBe(true);
      expect(store.refundTakesMemo).toBe(false);
    });

    it('checks the typed address (§5: required, not the destination) before sending anything', async () => {
      const { store, api } = await start(held());
      await store.requestRefund();
      expect(store.actionError).toBe('error_refund_address_empty');
      store.setRefundAddress(' 0xdest ');
      expect(store.actionError).toBeNull();
      await store.requestRefund();
      expect(store.actionError).toBe('error_refund_address_must_be_different');
      expect(api.orderRequestRefund).not.toHaveBeenCalled();
    });

    it('sends the typed address with the refund info amounts, then re-fetches', async () => {
      const { store, api } = await start(held());
      api.orderPublicInfo.mockResolvedValue(orderWith([...heldEvents, 'REFUND_REQUESTED'], { refundAddress: 'bc1qrefund' }));
      store.setRefundAddress('  bc1qrefund ');
      store.setRefundMemo('ignored: BTC takes no memo');
      await store.requestRefund();
      expect(api.orderRequestRefund).toHaveBeenCalledWith({
        body: { orderId: 'ord1', destinationAddress: '0xdest', refundAddress: 'bc1qrefund', refundAmount: '1.9999', claimedNetworkFee: '0.0001' },
      });
      expect(api.orderPublicInfo).toHaveBeenCalledTimes(2);
      expect(store.onHold).toBe(false);
      expect(store.displayedState).toBe('REFUND_REQUESTED');
    });

    it('sends a memo where the send network takes one', async () => {
      const { store, api } = await start(
        held({
          pair: { instrumentFrom: { currencyTitle: 'XRP', networkTitle: 'XRP' }, instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' } },
          orderDetails: { ...orderWith([]).orderDetails, depositAddressMemo: '77' },
        }),
      );
      expect(store.refundTakesMemo).toBe(true);
      store.setRefundAddress('rRefund');
      store.setRefundMemo(' 4242 ');
      await store.requestRefund();
      expect(api.orderRequestRefund).toHaveBeenCalledWith({ body: expect.objectContaining({ refundAddress: 'rRefund', refundAddressMemo: '4242' }) });
    });

    it.each([
      [ApiError.of('ERR_VALIDATION', 'bad', { fields: { refundAddress: 'not a valid BTC BTC address' } }), 'error_refund_address_incorrect'],
      [ApiError.of('ERR_VALIDATION', 'bad', { fields: { refundAddressMemo: 'takes no memo' } }), 'error_refund_memo_incorrect'],
      [ApiError.of('ERR_FORBIDDEN', 'Client data is blacklisted'), 'error_refund_address_blacklisted'],
      [ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'state'), 'error_refund_failed'],
    ])('a refused request (%s) shows %s', async (error, key) => {
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { store, api } = await start(held());
      api.orderRequestRefund.mockRejectedValue(error);
      store.setRefundAddress('bc1qrefund');
      await store.requestRefund();
      expect(store.actionError).toBe(key);
      expect(store.onHold).toBe(true);
    });

    it('a fixed-rate order on hold refunds to its own refund address without asking', async () => {
      const { store, api } = await start(held({ rateMode: 'FIXED', refundAddress: 'bc1qfixed' }));
      expect(store.needsRefundAddress).toBe(false);
      await store.requestRefund();
      expect(api.orderRequestRefund).toHaveBeenCalledWith({ body: expect.objectContaining({ refundAddress: 'bc1qfixed' }) });
    });
  });

  it('accept new rate posts id and destination, then re-fetches', async () => {
    const order = orderWith(['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FIXED_RATE_HIGH_VOLATILITY_DETECTED', 'RATE_MODE_CHANGED'], { rateMode: 'FIXED' });
    const api = makeApi(order);
    const { store } = make({}, api);
    store.start();
    await flush();
    expect(store.rateChangedWarningOpen).toBe(true);
    await store.acceptNewRate();
    expect(api.orderAcceptRateModeChange).toHaveBeenCalledWith({ body: { orderId: 'ord1', destinationAddress: '0xdest' } });
    expect(api.orderPublicInfo).toHaveBeenCalledTimes(2);
  });

  it('a failed action shows an error and still re-fetches', async () => {
    const api = makeApi(orderWith(['CREATION_END', 'RATE_MODE_CHANGED'], { rateMode: 'FIXED' }));
    api.orderAcceptRateModeChange.mockRejectedValue(ApiError.of('ERR_BAD_REQUEST', 'no'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store } = make({}, api);
    store.start();
    await flush();
    await store.acceptNewRate();
    expect(store.actionError).toBe('error_accept_rate_failed');
    expect(api.orderPublicInfo).toHaveBeenCalledTimes(2);
  });

  describe('a new-rate offer (issue 23)', () => {
    const PROBLEM = ['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'FIXED_RATE_HIGH_VOLATILITY_DETECTED', 'RATE_MODE_CHANGED'] as const;
    const withOffer = (amountToGet: string, updatedAt: string, expiresAt: string) =>
      orderWith([...PROBLEM], {
        rateMode: 'FIXED',
        orderDetails: { ...orderWith([]).orderDetails, offeredRate: { price: '19', amountToGet, updatedAt, expiresAt } },
      });

    it('accepting names the offer shown; a stale one is refused, nothing is paid, and the fresh offer is asked again', async () => {
      const later = new Date(Date.now() + 60_000).toISOString();
      const shown = withOffer('1.5', '2030-01-01T00:00:00.000Z', later);
      const api = makeApi(shown);
      api.orderAcceptRateModeChange.mockRejectedValueOnce(ApiError.of('ERR_NOT_ACCEPTABLE', 'The new-rate offer has expired'));
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { store } = make({}, api);
      store.start();
      await flush();
      const fresh = withOffer('1.4', '2030-01-01T00:02:00.000Z', later);
      api.orderPublicInfo.mockResolvedValue(fresh);
      await store.acceptNewRate();
      expect(api.orderAcceptRateModeChange).toHaveBeenCalledWith({ body: { orderId: 'ord1', destinationAddress: '0xdest', offeredAmountToGet: '1.5' } });
      expect(store.actionError).toBe('error_offer_expired');
      expect(store.rateChangedWarningOpen).toBe(true);
      expect(store.order?.orderDetails.offeredRate?.amountToGet).toBe('1.4');
      expect(store.offerRenewed).toBe(true);
      // asked again: the acceptance names the fresh offer
      await store.acceptNewRate();
      expect(api.orderAcceptRateModeChange).toHaveBeenLastCalledWith({ body: { orderId: 'ord1', destinationAddress: '0xdest', offeredAmountToGet: '1.4' } });
      expect(store.offerRenewed).toBe(false);
      expect(store.actionError).toBeNull();
    });

    it('reads the order again when the offer expires (the server renews it) and says the offer changed', async () => {
      const api = makeApi(withOffer('1.5', '2030-01-01T00:00:00.000Z', new Date(Date.now() + 2_000).toISOString()));
      const { store } = make({}, api);
      store.start();
      await flush();
      expect(store.offerRenewed).toBe(false);
      api.orderPublicInfo.mockResolvedValue(withOffer('1.45', '2030-01-01T00:02:00.000Z', new Date(Date.now() + 62_000).toISOString()));
      jest.advanceTimersByTime(2_000);
      await flush();
      expect(api.orderPublicInfo).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(500);
      await flush();
      expect(api.orderPublicInfo).toHaveBeenCalledTimes(2);
      expect(store.order?.orderDetails.offeredRate?.amountToGet).toBe('1.45');
      expect(store.offerRenewed).toBe(true);
      store.dispose();
    });
  });

  it('set-email failure notifies error_email_already_set for 3000 ms (§8)', async () => {
    const api = makeApi();
    const notify = jest.fn();
    const { store } = make({ notify, translate: (k) => `t:${k}`, locale: 'ru' }, api);
    store.start();
    await flush();
    expect(await store.setEmail(' a@b.co ')).toBe(true);
    // issue 23: the mail with the link is written in the page's language; issue 24: the order is named by id and destination address
    expect(api.orderSetEmail).toHaveBeenCalledWith({ body: { orderId: 'ord1', destinationAddress: '0xdest', userEmail: 'a@b.co', locale: 'ru' } });
    expect(store.emailSaved).toBe(true);
    api.orderSetEmail.mockRejectedValue(ApiError.of('ERR_BAD_REQUEST', 'already'));
    expect(await store.setEmail('c@d.co')).toBe(false);
    expect(notify).toHaveBeenCalledWith({ type: 'error', message: 't:error_email_already_set', timeout: 3000 });
  });

  it('subscribes over the WebSocket and applies pushed orders without waiting for the poll', async () => {
    const api = makeApi();
    const { store } = make({ wsUrl: 'ws://x/api/v2/ws', createSocket: fakeSocketFactory }, api);
    store.start();
    await flush();
    const ws = FakeWebSocket.instances[0];
    ws.onopen?.({});
    expect(ws.sent).toEqual([{ event: 'orders.subscribe', data: { orderId: 'ord1', destinationAddress: '0xdest' } }]);
    ws.onmessage?.({
      data: JSON.stringify({ channel: 'orders', event: 'data', data: orderWith(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED']) }),
    });
    expect(store.stepIndex).toBe(2);
    // another order's frames are ignored; a stale poll answer does not roll back
    ws.onmessage?.({ data: JSON.stringify({ channel: 'orders', event: 'data', data: orderWith(['CREATION_END'], { orderId: 'other' }) }) });
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS);
    await flush();
    expect(store.stepIndex).toBe(2);
    // reconnects after a close
    ws.onclose?.({});
    jest.advanceTimersByTime(WS_RECONNECT_INTERVAL_MS);
    expect(FakeWebSocket.instances).toHaveLength(2);
    ws.onmessage?.({ data: 'x' });
    FakeWebSocket.instances[1].onmessage?.({
      data: JSON.stringify({ channel: 'orders', event: 'data', data: orderWith(['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'WITHDRAWAL_COMPLETED']) }),
    });
    expect(store.stepIndex).toBe(3);
    expect(FakeWebSocket.instances[1].closed).toBe(true);
    store.dispose();
  });

  it("finds the order's instruments in the catalogue, inactive ones included (precision, explorers)", async () => {
    const { store, api } = make();
    expect(store.instrumentFrom).toBeUndefined();
    store.start();
    await flush();
    expect(api.instrumentsV2).toHaveBeenCalledWith({ query: { all: 'true' } });
    expect(store.instrumentFrom).toBe(BTC);
    expect(store.instrumentTo).toBe(ETH);
  });

  it('finds an instrument by currency and network when the order ref has no slug; a catalogue failure leaves none', async () => {
    const order = orderWith(['CREATION_END'], {
      pair: { instrumentFrom: { currencyTitle: 'btc', networkTitle: 'BTC' }, instrumentTo: { currencyTitle: 'DOGE', networkTitle: 'DOGE' } },
    });
    const { store } = make({}, makeApi(order));
    store.start();
    await flush();
    expect(store.instrumentFrom).toBe(BTC);
    expect(store.instrumentTo).toBeUndefined();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = { ...makeApi(), instrumentsV2: jest.fn(async () => Promise.reject(new Error('down'))) };
    const other = make({}, failing).store;
    other.start();
    await flush();
    expect(other.instrumentFrom).toBeUndefined();
    expect(other.status).toBe('ready');
    warn.mockRestore();
  });

  it('dispose stops polling', async () => {
    const api = makeApi();
    const { store } = make({}, api);
    store.start();
    await flush();
    store.dispose();
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS * 3);
    await flush();
    expect(api.orderPublicInfo).toHaveBeenCalledTimes(1);
  });
});

describe("OrderStore from the server's order (host.initialData)", () => {
  it('starts ready without fetching in the constructor; start() polls and subscribes without a first fetch', async () => {
    const api = makeApi(orderWith(['CREATION_END', 'DEPOSIT_REGISTERED']));
    const { store } = make({ initialOrder: orderWith(['CREATION_END']), wsUrl: 'ws://test/ws', createSocket: fakeSocketFactory }, api);
    expect(store.status).toBe('ready');
    expect(store.stepIndex).toBe(1);
    expect(FakeWebSocket.instances).toHaveLength(0);

    store.start();
    await flush();
    expect(api.orderPublicInfo).not.toHaveBeenCalled();
    expect(FakeWebSocket.instances).toHaveLength(1);
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS);
    await flush();
    expect(api.orderPublicInfo).toHaveBeenCalledTimes(1);
    expect(store.order?.orderEvents).toHaveLength(2);
    store.dispose();
  });

  it("takes the server's instruments and does not fetch the catalogue again", async () => {
    const api = makeApi();
    const { store } = make({ initialOrder: orderWith(['CREATION_END']), initialInstruments: [BTC, ETH] }, api);
    expect(store.instrumentFrom).toBe(BTC);
    store.start();
    await flush();
    expect(api.instrumentsV2).not.toHaveBeenCalled();
    store.dispose();
  });

  it('a finished order from the server neither polls nor subscribes', async () => {
    const done = orderWith(['CREATION_END', 'DEPOSIT_REGISTERED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED']);
    const { store, api } = make({ initialOrder: done, wsUrl: 'ws://test/ws', createSocket: fakeSocketFactory });
    store.start();
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS * 3);
    await flush();
    expect(store.status).toBe('ready');
    expect(api.orderPublicInfo).not.toHaveBeenCalled();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});

describe('a card order (issue 12, §4 card flow)', () => {
  const push = (order: Order) => FakeWebSocket.instances[0].message({ channel: 'orders', event: 'data', data: order });

  it('awaiting its payment: the redirect modal opens once, after start, and stays closed once closed', async () => {
    const pending = cardOrderWith(['CREATION_END']);
    const api = makeApi(pending);
    const { store } = make({ wsUrl: 'ws://test/ws', createSocket: fakeSocketFactory }, api);
    expect(store.redirectModalOpen).toBe(false);
    store.start();
    await flush();
    expect(store.isCardOrder).toBe(true);
    expect(store.awaitingCardPayment).toBe(true);
    expect(store.redirectModalOpen).toBe(true);
    store.closeRedirectModal();
    // the same order polled and pushed again: not offered a second time
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS);
    await flush();
    push(pending);
    expect(api.orderPublicInfo).toHaveBeenCalledTimes(2);
    expect(store.redirectModalOpen).toBe(false);
    expect(store.isPolling).toBe(true);
    store.dispose();
  });

  it("from the server's order: nothing opens before start() (the server render), the modal opens after it", async () => {
    const { store, api } = make({ initialOrder: cardOrderWith(['CREATION_END']) });
    expect(store.redirectModalOpen).toBe(false);
    store.start();
    expect(store.redirectModalOpen).toBe(true);
    expect(api.orderPublicInfo).not.toHaveBeenCalled();
    store.dispose();
  });

  it('without a payment page yet, no modal; it opens when the page arrives', async () => {
    const api = makeApi(cardOrderWith(['CREATION_END'], {}, { redirectUrl: null }));
    const { store } = make({}, api);
    store.start();
    await flush();
    expect(store.awaitingCardPayment).toBe(true);
    expect(store.redirectModalOpen).toBe(false);
    api.orderPublicInfo.mockResolvedValue(cardOrderWith(['CREATION_END']));
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS);
    await flush();
    expect(store.redirectModalOpen).toBe(true);
    store.dispose();
  });

  it('once paid the order moves on like any other and the open modal closes', async () => {
    const api = makeApi(cardOrderWith(['CREATION_END'], {}, { rateMode: 'FIXED' }));
    const { store } = make({}, api);
    store.start();
    await flush();
    expect(store.redirectModalOpen).toBe(true);
    api.orderPublicInfo.mockResolvedValue(cardOrderWith(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED'], { status: 'PAID' }));
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS);
    await flush();
    expect(store.awaitingCardPayment).toBe(false);
    expect(store.redirectModalOpen).toBe(false);
    expect(store.stepIndex).toBe(2);
    expect(store.isPolling).toBe(true);
    api.orderPublicInfo.mockResolvedValue(
      cardOrderWith(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED', 'FUNDS_WITHDRAWAL_START', 'WITHDRAWAL_COMPLETED'], { status: 'PAID' }),
    );
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS);
    await flush();
    expect(store.displayedState).toBe('WITHDRAWAL_COMPLETED');
    expect(store.isPolling).toBe(false);
    // no refund here for a card order, fixed rate or not
    expect(api.orderRefundInfo).not.toHaveBeenCalled();
  });

  it('a declined payment ends the order: its state, polling and the subscription stop', async () => {
    const api = makeApi(cardOrderWith(['CREATION_END']));
    const { store } = make({ wsUrl: 'ws://test/ws', createSocket: fakeSocketFactory }, api);
    store.start();
    await flush();
    push(declinedCardOrder());
    expect(store.cardPaymentDeclined).toBe(true);
    expect(store.displayedState).toBe('CARD_PAYMENT_DECLINED');
    expect(store.redirectModalOpen).toBe(false);
    expect(store.isPolling).toBe(false);
    expect(FakeWebSocket.instances[0].closed).toBe(true);
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS * 3);
    await flush();
    expect(api.orderPublicInfo).toHaveBeenCalledTimes(1);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('a declined order from the server neither polls, subscribes nor offers the modal', async () => {
    const { store, api } = make({ initialOrder: declinedCardOrder(), wsUrl: 'ws://test/ws', createSocket: fakeSocketFactory });
    store.start();
    jest.advanceTimersByTime(ORDER_POLL_INTERVAL_MS * 3);
    await flush();
    expect(store.redirectModalOpen).toBe(false);
    expect(api.orderPublicInfo).not.toHaveBeenCalled();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('asks no refund for a card order', async () => {
    const api = makeApi(cardOrderWith(['CREATION_END', 'INCOMING_FUNDS_DETECTED', 'DEPOSIT_ON_HOLD'], { status: 'PAID' }));
    const { store } = make({}, api);
    store.start();
    await flush();
    await store.requestRefund();
    expect(api.orderRefundInfo).not.toHaveBeenCalled();
    expect(api.orderRequestRefund).not.toHaveBeenCalled();
    store.dispose();
  });
});
