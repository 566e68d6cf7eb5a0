import { UTM_FIRST_VISIT_COOKIE_MAX_AGE_S } from 'shared-contracts';
import { UTM_FIRST_VISIT_COOKIE, UTM_HISTORY_KEY, UTM_SESSION_KEY, captureUtm, latestUtm, type UtmEnvironment } from './utm';

function env(href: string, shared?: { local: Map<string, string>; session: Map<string, string>; cookies: Map<string, [string, number]> }) {
  const s = shared ?? { local: new Map(), session: new Map(), cookies: new Map() };
  let t = 1000;
  const e: UtmEnvironment = {
    href,
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
    const { e, s } = env('https://site.test/?utm_source=news&utm_medium=mail&x=1');
    const r = captureUtm(e);
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
    const first = env('https://site.test/?utm_source=a');
    captureUtm(first.e);
    const cookie = first.s.cookies.get(UTM_FIRST_VISIT_COOKIE);
    const plain = env('https://site.test/order', first.s);
    captureUtm(plain.e); // same session, no utm: not recorded again
    expect(JSON.parse(first.s.local.get(UTM_HISTORY_KEY)!)).toHaveLength(1);
    const second = env('https://site.test/?utm_source=b', first.s);
    const r = captureUtm(second.e);
    expect(r.utmParams).toEqual({ source: 'b' });
    expect(first.s.cookies.get(UTM_FIRST_VISIT_COOKIE)).toBe(cookie);
    expect(latestUtm(second.e)?.utmParams).toEqual({ source: 'b' });
  });

  it('survives broken history json', () => {
    const { e, s } = env('https://site.test/');
    s.local.set(UTM_HISTORY_KEY, '{nope');
    expect(captureUtm(e).utmParams).toEqual({});
  });
});
