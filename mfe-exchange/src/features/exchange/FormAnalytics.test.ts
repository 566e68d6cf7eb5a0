// §4 exchange_parameters_changed (the visitor changes the pair, amount or rate mode: debounced, user-initiated only)
// and exchange_abandoned (the visitor leaves the form — another page or closing it — after changing it, without an
// order), at the form store and through the page's root store.
import type { AnalyticsEvent, ExchangeRequest } from 'shared-contracts';
import { FakeWebSocket, fakeSocketFactory } from 'remote-kit/fake-socket';
import { BTC, ETH, USDT, pairData } from '../../test/fixtures';
import { ExchangeRootStore } from './ExchangeRootStore';
import { FormAnalytics, PARAMETERS_CHANGED_DEBOUNCE_MS } from './FormAnalytics';

type Sent = { event: AnalyticsEvent; data?: Record<string, unknown> };

function unit() {
  const sent: Sent[] = [];
  const timers = new Map<number, () => void>();
  let seq = 0;
  const analytics = new FormAnalytics({
    track: (event, data) => void sent.push({ event, data }),
    snapshot: () => ({ from: 'btc', to: 'eth', rateMode: 'FLOATING' }),
    setTimer: (fn, ms) => {
      expect(ms).toBe(PARAMETERS_CHANGED_DEBOUNCE_MS);
      timers.set(++seq, fn);
      return seq;
    },
    clearTimer: (t) => void timers.delete(t as number),
  });
  const quiet = () => {
    for (const [id, fn] of [...timers]) {
      timers.delete(id);
      fn();
    }
  };
  return { analytics, sent, quiet, timers };
}

describe('FormAnalytics', () => {
  it('a burst of changes is one exchange_parameters_changed naming what changed, after a quiet moment', () => {
    const { analytics, sent, quiet, timers } = unit();
    analytics.changed('amount');
    analytics.changed('amount');
    analytics.changed('pair');
    expect(sent).toEqual([]);
    expect(timers.size).toBe(1);
    quiet();
    expect(sent).toEqual([{ event: 'exchange_parameters_changed', data: { changed: 'amount,pair', from: 'btc', to: 'eth', rateMode: 'FLOATING' } }]);
    analytics.changed('rate_mode');
    quiet();
    expect(sent.map((s) => s.data?.changed)).toEqual(['amount,pair', 'rate_mode']);
  });

  it('leaving after a change: the pending change goes first, then exchange_abandoned, once', () => {
    const { analytics, sent } = unit();
    analytics.changed('amount');
    analytics.leave();
    analytics.leave();
    analytics.changed('amount');
    expect(sent).toEqual([
      { event: 'exchange_parameters_changed', data: { changed: 'amount', from: 'btc', to: 'eth', rateMode: 'FLOATING' } },
      { event: 'exchange_abandoned', data: { from: 'btc', to: 'eth', rateMode: 'FLOATING' } },
    ]);
  });

  it('leaving without a change, or after an order was created, is not abandoning', () => {
    const untouched = unit();
    untouched.analytics.leave();
    expect(untouched.sent).toEqual([]);
    const ordered = unit();
    ordered.analytics.changed('pair');
    ordered.analytics.orderCreated();
    ordered.analytics.leave();
    expect(ordered.sent.map((s) => s.event)).toEqual(['exchange_parameters_changed']);
  });
});

function makeApi() {
  return {
    instrumentsV2: jest.fn(async () => [BTC, ETH, USDT]),
    pairsDefault: jest.fn(async () => ({ instrumentFrom: BTC, instrumentTo: ETH, amount: '0.5' })),
    rateOne: jest.fn(async ({ query }: { query: ExchangeRequest }) =>
      pairData([BTC, ETH, USDT].find((i) => i.slug === query.instrumentFromSlug)!, [BTC, ETH, USDT].find((i) => i.slug === query.instrumentToSlug)!),
    ),
  };
}

function page() {
  const sent: Sent[] = [];
  const pageHide = new Set<() => void>();
  const root = new ExchangeRootStore({
    api: makeApi() as never,
    wsUrl: 'ws://test/ws',
    createSocket: fakeSocketFactory,
    initial: { from: 'btc', to: 'eth', amount: '1' },
    track: (event, data) => void sent.push({ event, data }),
    onPageHide: (listener) => {
      pageHide.add(listener);
      return () => pageHide.delete(listener);
    },
  });
  return { root, sent, hidePage: () => [...pageHide].forEach((l) => l()), pageHide };
}

describe('the exchange form page reports the visitor’s changes and abandonment (§4)', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('loading the form, the route’s pair and live rates are not the visitor’s changes: nothing is sent, leaving is not abandoning', async () => {
    const { root, sent } = page();
    await root.start();
    root.form.selectPair('eth', 'btc'); // a route change (the pair page's address)
    await jest.runAllTimersAsync();
    root.dispose();
    expect(sent).toEqual([]);
  });

  it('each input the visitor uses counts: amounts, both instruments, swap and rate mode', async () => {
    const { root, sent } = page();
    await root.start();
    root.form.setAmount('2');
    await jest.advanceTimersByTimeAsync(PARAMETERS_CHANGED_DEBOUNCE_MS);
    root.form.setReceiveAmount('30');
    root.form.setFrom('usdttrc20');
    await jest.advanceTimersByTimeAsync(PARAMETERS_CHANGED_DEBOUNCE_MS);
    root.form.setTo('btc');
    await root.form.swap();
    await jest.advanceTimersByTimeAsync(PARAMETERS_CHANGED_DEBOUNCE_MS);
    root.form.setRateMode('FIXED');
    await jest.advanceTimersByTimeAsync(PARAMETERS_CHANGED_DEBOUNCE_MS);
    root.form.setRateMode('FIXED'); // no change
    await jest.advanceTimersByTimeAsync(PARAMETERS_CHANGED_DEBOUNCE_MS);
    expect(sent.map((s) => [s.event, s.data?.changed])).toEqual([
      ['exchange_parameters_changed', 'amount'],
      ['exchange_parameters_changed', 'amount,pair'],
      ['exchange_parameters_changed', 'pair'],
      ['exchange_parameters_changed', 'rate_mode'],
    ]);
    expect(sent.at(-1)?.data).toEqual({ changed: 'rate_mode', from: 'btc', to: 'usdttrc20', rateMode: 'FIXED' });
    root.dispose();
  });

  it('closing the page (pagehide) after a change: exchange_abandoned once, also when the page then unmounts', async () => {
    const { root, sent, hidePage, pageHide } = page();
    await root.start();
    root.form.setAmount('3');
    hidePage();
    root.dispose();
    expect(sent.map((s) => s.event)).toEqual(['exchange_parameters_changed', 'exchange_abandoned']);
    expect(sent[1].data).toEqual({ from: 'btc', to: 'eth', rateMode: 'FLOATING' });
    expect(pageHide.size).toBe(0); // unsubscribed on dispose
  });

  it('navigating elsewhere (unmount) after a change is abandoning; after an order it is not', async () => {
    const left = page();
    await left.root.start();
    left.root.form.setRateMode('FIXED');
    left.root.dispose();
    expect(left.sent.map((s) => s.event)).toEqual(['exchange_parameters_changed', 'exchange_abandoned']);

    const ordered = page();
    await ordered.root.start();
    ordered.root.form.setAmount('2');
    ordered.root.form.analytics?.orderCreated(); // the details store tells it before moving to the order page
    ordered.root.dispose();
    expect(ordered.sent.map((s) => s.event)).toEqual(['exchange_parameters_changed']);
  });
});
