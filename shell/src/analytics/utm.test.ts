import { UTM_FIRST_VISIT_COOKIE_MAX_AGE_S } from 'shared-contracts';
import {
  UTM_FIRST_VISIT_COOKIE,
  UTM_HISTORY_KEY,
  UTM_SESSION_KEY,
  browserUtmEnvironment,
  captureUtm,
  followUtm,
  latestUtm,
  readUtmSessionId,
  utmRecorder,
  type UtmEnvironment,
} from './utm';

type Stores = { local: Map<string, string>; session: Map<string, string>; cookies: Map<string, [string, number]> };

function env(shared?: Stores) {
  const s: Stores = shared ?? { local: new Map(), session: new Map(), cookies: new Map() };
  let t = 1000;
  const e: UtmEnvironment = {
    referrer: 'https://search.example/',
    userAgent: 'UA',
    language: 'en-GB',
    screenWidth: 1280,
    screenHeight: 800,
    local: { getItem: (k) => s.local.get(k) ?? null, setItem: (k, v) => void s.local.set(k, v) },
    session: { getItem: (k) => s.session.get(k) ?? null, setItem: (k, v) => void s.session.set(k, v) },
    getCookie: (n) => s.cookies.get(n)?.[0],
    setCookie: (n, v, age) => void s.cookies.set(n, [v, age]),
    now: () => t++,
    randomId: () => 'sess-1',
  };
  return { e, s };
}

describe('§3 UTM record / §9 storage', () => {
  it('records the first visit: cookie for 30 days, history in localStorage, session id in sessionStorage', () => {
    const { e, s } = env();
    const r = captureUtm(e, 'https://site.test/?utm_source=news&utm_medium=mail&x=1');
    expect(r).toEqual({
      timestamp: 1000,
      utmParams: { source: 'news', medium: 'mail' },
      additionalInfo: {
        referrer: 'https://search.example/',
        userAgent: 'UA',
        language: 'en-GB',
        landingPageUrl: 'https://site.test/?utm_source=news&utm_medium=mail&x=1',
        screenWidth: 1280,
        screenHeight: 800,
      },
      sessionId: 'sess-1',
    });
    expect(s.session.get(UTM_SESSION_KEY)).toBe('sess-1');
    expect(JSON.parse(s.local.get(UTM_HISTORY_KEY)!)).toHaveLength(1);
    expect(s.cookies.get(UTM_FIRST_VISIT_COOKIE)?.[1]).toBe(UTM_FIRST_VISIT_COOKIE_MAX_AGE_S);
  });

  it('keeps the first-visit cookie, appends utm landings, and sends the latest utm record', () => {
    const first = env();
    captureUtm(first.e, 'https://site.test/?utm_source=a');
    const cookie = first.s.cookies.get(UTM_FIRST_VISIT_COOKIE);
    const plain = env(first.s);
    captureUtm(plain.e, 'https://site.test/order'); // same session, no utm: not recorded again
    expect(JSON.parse(first.s.local.get(UTM_HISTORY_KEY)!)).toHaveLength(1);
    const second = env(first.s);
    const r = captureUtm(second.e, 'https://site.test/?utm_source=b');
    expect(r.utmParams).toEqual({ source: 'b' });
    expect(first.s.cookies.get(UTM_FIRST_VISIT_COOKIE)).toBe(cookie);
    expect(latestUtm(second.e)?.utmParams).toEqual({ source: 'b' });
  });

  it('survives broken history json', () => {
    const { e, s } = env();
    s.local.set(UTM_HISTORY_KEY, '{nope');
    expect(captureUtm(e, 'https://site.test/').utmParams).toEqual({});
  });
});

describe('the shell captures UTM on the landing and on every navigation', () => {
  function fakeRouter(pathname: string, search = '') {
    const listeners = new Set<(state: { location: { pathname: string; search: string } }) => void>();
    const router = {
      state: { location: { pathname, search } },
      subscribe(l: (state: { location: { pathname: string; search: string } }) => void) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      go(next: string, nextSearch = '') {
        router.state = { location: { pathname: next, search: nextSearch } };
        for (const l of listeners) l(router.state);
      },
    };
    return router;
  }

  it('records the landing at once, a later utm navigation once (repeated router notifications skipped), and stops when unsubscribed', () => {
    const { e, s } = env();
    const recorder = utmRecorder(e);
    const router = fakeRouter('/ru/', '?utm_source=ads');
    const stop = followUtm(router, recorder, 'https://site.test');
    expect(recorder.latest()?.additionalInfo.landingPageUrl).toBe('https://site.test/ru/?utm_source=ads');
    router.go('/exchange-btc-to-eth', '?utm_source=mail');
    router.go('/exchange-btc-to-eth', '?utm_source=mail'); // a state change without a new location
    const history = JSON.parse(s.local.get(UTM_HISTORY_KEY)!) as unknown[];
    expect(history).toHaveLength(2);
    expect(recorder.latest()?.utmParams).toEqual({ source: 'mail' });
    stop();
    router.go('/', '?utm_source=later');
    expect(recorder.latest()?.utmParams).toEqual({ source: 'mail' });
  });

  it('without an environment records nothing', () => {
    const recorder = utmRecorder(undefined);
    recorder.capture('https://site.test/?utm_source=a');
    expect(recorder.latest()).toBeNull();
  });
});

describe('§9 details', () => {
  it('the session id is read for analytics without creating one (the capture decides what a new session is)', () => {
    const { e, s } = env();
    expect(readUtmSessionId(e)).toBeUndefined();
    expect(s.session.size).toBe(0);
    captureUtm(e, 'https://site.test/');
    expect(readUtmSessionId(e)).toBe('sess-1');
  });

  it('a malformed first-visit cookie does not break the capture: it is written again, for 30 days, path /, SameSite=Lax', () => {
    const jar = { cookie: `${UTM_FIRST_VISIT_COOKIE}=%E0%A4%A` };
    const e = browserUtmEnvironment(jar);
    expect(e.getCookie(UTM_FIRST_VISIT_COOKIE)).toBeUndefined();
    e.setCookie(UTM_FIRST_VISIT_COOKIE, '{"a":1}', UTM_FIRST_VISIT_COOKIE_MAX_AGE_S);
    expect(jar.cookie).toBe(`${UTM_FIRST_VISIT_COOKIE}=${encodeURIComponent('{"a":1}')}; Max-Age=2592000; Path=/; SameSite=Lax`);
  });
});
