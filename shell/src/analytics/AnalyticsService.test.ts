// §4 analytics events in the shell: user_type on every event, every sink served (one failing sink stops none),
// test_event once per browser session, completions once per order per browser, leave hooks before the page goes.
import { ANALYTICS_EVENTS } from 'shared-contracts';
import { AnalyticsService, COMPLETED_ORDERS_KEY, dataLayerSink, TEST_EVENT_SENT_KEY, type AnalyticsPayload } from './AnalyticsService';

function memoryStorage() {
  const values = new Map<string, string>();
  return { values, getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

function setup(userType: 'guest' | 'registered' = 'guest', storages = { sessionStorage: memoryStorage(), localStorage: memoryStorage() }) {
  const sent: AnalyticsPayload[] = [];
  let type = userType;
  const service = new AnalyticsService([(p) => void sent.push(p)], () => type, storages);
  return { service, sent, storages, become: (t: 'guest' | 'registered') => void (type = t) };
}

describe('AnalyticsService', () => {
  it('every one of the twelve events goes out with the user_type of the moment and its data', () => {
    const { service, sent, become } = setup();
    for (const event of ANALYTICS_EVENTS) service.track(event, { n: 1 });
    expect(sent.map((p) => p.event)).toEqual([...ANALYTICS_EVENTS]);
    expect(sent.every((p) => p.user_type === 'guest' && p.n === 1)).toBe(true);
    become('registered');
    service.track('login_success');
    expect(sent.at(-1)).toEqual({ event: 'login_success', user_type: 'registered' });
  });

  it('data cannot override the event or the user_type', () => {
    const { service, sent } = setup();
    service.track('exchange_initiated', { event: 'x', user_type: 'registered' });
    expect(sent[0]).toEqual({ event: 'exchange_initiated', user_type: 'guest' });
  });

  it('a failing sink does not stop the others nor the caller', () => {
    const sent: string[] = [];
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const service = new AnalyticsService(
      [
        () => {
          throw new Error('down');
        },
        (p) => void sent.push(p.event),
      ],
      () => 'guest',
    );
    expect(() => service.track('test_event')).not.toThrow();
    expect(sent).toEqual(['test_event']);
    warn.mockRestore();
  });

  it('test_event once per browser session: a new page of the same session does not send it again, a new session does', () => {
    const storages = { sessionStorage: memoryStorage(), localStorage: memoryStorage() };
    const first = setup('guest', storages);
    first.service.start();
    first.service.start();
    expect(first.sent.map((p) => p.event)).toEqual(['test_event']);
    expect(storages.sessionStorage.values.get(TEST_EVENT_SENT_KEY)).toBe('1');
    const nextPage = setup('guest', storages);
    nextPage.service.start();
    expect(nextPage.sent).toEqual([]);
    const newSession = setup('registered', { sessionStorage: memoryStorage(), localStorage: storages.localStorage });
    newSession.service.start();
    expect(newSession.sent).toEqual([{ event: 'test_event', user_type: 'registered' }]);
  });

  it('an order completion is reported once per order per browser, other orders still are', () => {
    const storages = { sessionStorage: memoryStorage(), localStorage: memoryStorage() };
    const tab = setup('guest', storages);
    tab.service.track('exchange_completed_guest', { orderId: 'o-1' });
    tab.service.track('exchange_completed_guest', { orderId: 'o-1' });
    const otherTab = setup('registered', storages);
    otherTab.service.track('exchange_completed_registered', { orderId: 'o-1' });
    otherTab.service.track('exchange_completed_registered', { orderId: 'o-2' });
    expect([...tab.sent, ...otherTab.sent].map((p) => `${p.event} ${p.orderId}`)).toEqual([
      'exchange_completed_guest o-1',
      'exchange_completed_registered o-2',
    ]);
    expect(JSON.parse(storages.localStorage.values.get(COMPLETED_ORDERS_KEY)!)).toEqual(['o-1', 'o-2']);
  });

  it('without storage (blocked), both rules hold for the page', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    const { service, sent } = setup('guest', { sessionStorage: blocked as never, localStorage: blocked as never });
    service.start();
    service.start();
    service.track('exchange_completed_guest', { orderId: 'o-1' });
    service.track('exchange_completed_guest', { orderId: 'o-1' });
    expect(sent.map((p) => p.event)).toEqual(['test_event', 'exchange_completed_guest']);
  });

  it('leavePage runs the leave hooks (a failing one stops none); unsubscribed hooks are not run', () => {
    const { service } = setup();
    const calls: string[] = [];
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    service.onLeave(() => {
      throw new Error('x');
    });
    const stop = service.onLeave(() => calls.push('a'));
    service.onLeave(() => calls.push('b'));
    service.leavePage();
    stop();
    service.leavePage();
    expect(calls).toEqual(['a', 'b', 'b']);
    warn.mockRestore();
  });
});

describe('dataLayerSink (issue 24)', () => {
  it('pushes the event without its order id: a tag manager may send the dataLayer to a third party', () => {
    const w = window as unknown as { dataLayer?: unknown[] };
    w.dataLayer = [];
    dataLayerSink()({ event: 'exchange_completed_guest', user_type: 'guest', orderId: '1b4e28ba-2fa1-11d2-883f-0016cb4d6f5a', from: 'BTC' });
    expect(w.dataLayer).toEqual([{ event: 'exchange_completed_guest', user_type: 'guest', from: 'BTC' }]);
  });
});
