// The first-party sink (§4 events to POST /api/v1/analytics/events, §9 session id): batched, sent on a timer, when
// full, and when the page goes away; every event in the contract's shape with user_type, session id, path and time;
// nothing personal; the page never breaks when the api is down.
import { AnalyticsBatchSchema, type AnalyticsRecord } from 'shared-contracts/server';
import { AnalyticsService } from './AnalyticsService';
import { firstPartySink, followPageLifecycle, sendableData, type FirstPartySinkDeps } from './firstPartySink';

function setup(over: Partial<FirstPartySinkDeps> = {}) {
  const batches: AnalyticsRecord[][] = [];
  const timers: (() => void)[] = [];
  let path = '/exchange-btc-to-eth?amount=1';
  const sink = firstPartySink({
    send: (body) => {
      expect(AnalyticsBatchSchema.safeParse(body).success).toBe(true);
      batches.push(body.events);
    },
    sessionId: () => 'sess-1',
    path: () => path,
    now: () => 1_700_000_000_000,
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => timers.splice(0),
    ...over,
  });
  const service = new AnalyticsService(sink, () => 'guest');
  return { sink, service, batches, timers, goTo: (p: string) => void (path = p) };
}

describe('first-party analytics sink', () => {
  it('batches events and sends them when the timer fires: user_type, session id, path without query, time, data', () => {
    const { service, batches, timers, goTo } = setup();
    service.track('exchange_parameters_changed', { changed: 'amount', from: 'btc', to: 'eth', rateMode: 'FLOATING' });
    goTo('/order/abc?destinationAddress=0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe');
    service.track('exchange_initiated', { from: 'btc', to: 'eth', rateMode: 'FLOATING' });
    expect(batches).toEqual([]);
    expect(timers).toHaveLength(1);
    timers[0]();
    expect(batches).toEqual([
      [
        {
          event: 'exchange_parameters_changed',
          user_type: 'guest',
          occurredAt: 1_700_000_000_000,
          sessionId: 'sess-1',
          path: '/exchange-btc-to-eth',
          data: { changed: 'amount', from: 'btc', to: 'eth', rateMode: 'FLOATING' },
        },
        {
          event: 'exchange_initiated',
          user_type: 'guest',
          occurredAt: 1_700_000_000_000,
          sessionId: 'sess-1',
          path: '/order/abc',
          data: { from: 'btc', to: 'eth', rateMode: 'FLOATING' },
        },
      ],
    ]);
  });

  it('a full batch goes at once', () => {
    const { service, batches } = setup();
    for (let i = 0; i < 20; i++) service.track('test_event');
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(20);
  });

  it('on leaving the page it sends what it holds, then every later event at once; a page back from the cache batches again', () => {
    const { sink, service, batches } = setup();
    service.track('exchange_parameters_changed');
    sink.leave();
    expect(batches.map((b) => b.map((e) => e.event))).toEqual([['exchange_parameters_changed']]);
    service.track('exchange_abandoned');
    expect(batches.map((b) => b.map((e) => e.event))).toEqual([['exchange_parameters_changed'], ['exchange_abandoned']]);
    sink.resume();
    service.track('test_event');
    expect(batches).toHaveLength(2);
  });

  it('an event from before the session id existed gets the id it has when sent', () => {
    let id: string | undefined;
    const { service, batches, sink } = setup({ sessionId: () => id });
    service.track('test_event');
    id = 'sess-2';
    sink.flush();
    expect(batches[0][0].sessionId).toBe('sess-2');
  });

  it('without a session id the event still goes (no sessionId field)', () => {
    const { service, batches, sink } = setup({ sessionId: () => undefined });
    service.track('test_event');
    sink.flush();
    expect(batches[0][0]).not.toHaveProperty('sessionId');
  });

  it('an api that is down (throws or rejects) breaks nothing', async () => {
    const throwing = setup({
      send: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    throwing.service.track('test_event');
    expect(() => throwing.sink.flush()).not.toThrow();
    const rejecting = setup({ send: () => Promise.reject(new TypeError('Failed to fetch')) });
    rejecting.service.track('test_event');
    rejecting.sink.flush();
    await new Promise((r) => setTimeout(r, 0)); // an unhandled rejection would fail the test run
  });

  it('keeps only scalars and nothing personal in the data', () => {
    expect(
      sendableData({
        event: 'exchange_initiated',
        user_type: 'guest',
        from: 'btc',
        amount: 1.5,
        ok: true,
        none: null,
        email: 'a@b.co',
        userEmail: 'x',
        destinationAddress: 'x',
        note: 'write to me at a@b.co',
        wallet: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe',
        nested: { a: 1 },
        list: [1],
        fn: () => 1,
        nan: Number.NaN,
        long: 'word '.repeat(120),
      }),
    ).toEqual({ from: 'btc', amount: 1.5, ok: true, none: null, long: 'word '.repeat(120).slice(0, 512) });
  });

  it('follows the page lifecycle: pagehide runs the leave hooks first, then sends; hidden sends; pageshow batches again', () => {
    const { sink, service, batches } = setup();
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const order: string[] = [];
    service.onLeave(() => {
      order.push('hook');
      service.track('registration_abandoned');
    });
    const stop = followPageLifecycle(win as Window, doc as unknown as Document, () => service.leavePage(), sink);
    service.track('test_event');
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(batches.map((b) => b.map((e) => e.event))).toEqual([['test_event']]);
    win.dispatchEvent(new Event('pagehide'));
    expect(order).toEqual(['hook']);
    expect(batches.map((b) => b.map((e) => e.event))).toEqual([['test_event'], ['registration_abandoned']]);
    win.dispatchEvent(new Event('pageshow'));
    service.track('test_event');
    expect(batches).toHaveLength(2);
    stop();
    win.dispatchEvent(new Event('pagehide'));
    expect(order).toEqual(['hook']);
  });
});
