import { WS_RECONNECT_INTERVAL_MS, WS_RECONNECT_MAX_ATTEMPTS } from 'shared-contracts';
import { RatesSocket } from './RatesSocket';
import { FakeWebSocket, fakeSocketFactory } from 'remote-kit/fake-socket';
import { BTC, ETH, pairData } from '../../test/fixtures';

const request = { instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.5', rateMode: 'FLOATING' as const };

describe('RatesSocket', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  const make = () => new RatesSocket({ url: 'ws://test/api/v2/ws', createSocket: fakeSocketFactory });

  it('connects on subscribe and sends pairs.rates once open', () => {
    const s = make();
    s.subscribe(request);
    expect(s.state).toBe('connecting');
    expect(FakeWebSocket.last.url).toBe('ws://test/api/v2/ws');
    expect(FakeWebSocket.last.sent).toEqual([]);
    FakeWebSocket.last.open();
    expect(s.state).toBe('open');
    expect(FakeWebSocket.last.sent).toEqual([{ event: 'pairs.rates', data: request }]);
  });

  it('re-sends on a new subscription while open', () => {
    const s = make();
    s.subscribe(request);
    FakeWebSocket.last.open();
    const next = { ...request, claimedDepositAmount: '1' };
    s.subscribe(next);
    expect(FakeWebSocket.last.sent).toEqual([
      { event: 'pairs.rates', data: request },
      { event: 'pairs.rates', data: next },
    ]);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('updates on every pairs data message and reports pairs errors', () => {
    const s = make();
    const onData = jest.fn();
    const onError = jest.fn();
    s.listen({ onData, onError });
    s.subscribe(request);
    FakeWebSocket.last.open();
    const first = pairData(BTC, ETH, { price: '20' });
    const second = pairData(BTC, ETH, { price: '21', updatedAt: '2030-01-01T00:00:01.000Z' });
    FakeWebSocket.last.message({ channel: 'pairs', event: 'data', data: first });
    FakeWebSocket.last.message({ channel: 'pairs', event: 'data', data: second });
    FakeWebSocket.last.message({ channel: 'orders', event: 'data', data: {} });
    FakeWebSocket.last.onmessage?.({ data: 'not json' });
    expect(onData).toHaveBeenCalledTimes(2);
    expect(s.lastData).toEqual(second);
    const err = { statusCode: 400, code: 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', message: 'small' };
    FakeWebSocket.last.message({ channel: 'pairs', event: 'error', data: err });
    expect(onError).toHaveBeenCalledWith(err);
  });

  it('after a close waits the reconnect interval, reconnects and resubscribes', () => {
    const s = make();
    s.subscribe(request);
    FakeWebSocket.last.open();
    FakeWebSocket.last.serverClose();
    expect(s.state).toBe('waiting');
    jest.advanceTimersByTime(WS_RECONNECT_INTERVAL_MS - 1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(s.attempts).toBe(1);
    FakeWebSocket.last.open();
    expect(s.attempts).toBe(0);
    expect(FakeWebSocket.last.sent).toEqual([{ event: 'pairs.rates', data: request }]);
  });

  it(`stops after ${WS_RECONNECT_MAX_ATTEMPTS} failed reconnect attempts`, () => {
    const s = make();
    s.subscribe(request);
    FakeWebSocket.last.serverClose(); // the first connection never opens
    for (let i = 0; i < WS_RECONNECT_MAX_ATTEMPTS; i++) {
      jest.advanceTimersByTime(WS_RECONNECT_INTERVAL_MS);
      FakeWebSocket.last.serverClose();
    }
    expect(FakeWebSocket.instances).toHaveLength(1 + WS_RECONNECT_MAX_ATTEMPTS);
    expect(s.state).toBe('failed');
    jest.advanceTimersByTime(WS_RECONNECT_INTERVAL_MS * 10);
    expect(FakeWebSocket.instances).toHaveLength(1 + WS_RECONNECT_MAX_ATTEMPTS);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('dispose closes the socket and cancels a pending reconnect', () => {
    const s = make();
    s.subscribe(request);
    FakeWebSocket.last.open();
    FakeWebSocket.last.serverClose();
    s.dispose();
    jest.advanceTimersByTime(WS_RECONNECT_INTERVAL_MS * 2);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(s.state).toBe('disposed');

    const t = make();
    t.subscribe(request);
    const sock = FakeWebSocket.last;
    t.dispose();
    expect(sock.closed).toBe(true);
  });

  it('unsubscribe sends pairs.unsubscribe while open', () => {
    const s = make();
    s.subscribe(request);
    FakeWebSocket.last.open();
    s.unsubscribe();
    expect(FakeWebSocket.last.sent[1]).toEqual({ event: 'pairs.unsubscribe' });
    expect(s.request).toBeNull();
  });

  it('ignores ticks still arriving after unsubscribe (a failed amount must keep its error on screen)', () => {
    const s = make();
    const onData = jest.fn();
    const onError = jest.fn();
    s.listen({ onData, onError });
    s.subscribe(request);
    FakeWebSocket.last.open();
    s.unsubscribe();
    FakeWebSocket.last.message({ channel: 'pairs', event: 'data', data: pairData(BTC, ETH, { price: '20' }) });
    FakeWebSocket.last.message({ channel: 'pairs', event: 'error', data: { statusCode: 400, code: 'ERR_BAD_REQUEST', message: 'x' } });
    expect(onData).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });
});
