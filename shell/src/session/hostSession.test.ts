import { createVisitRecords, hostSession, type VisitRecordsEnv } from './hostSession';
import type { UtmEnvironment } from '../analytics/utm';

function env(cookie: string, over: Partial<VisitRecordsEnv> = {}) {
  const written: string[] = [];
  const doc = {
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      written.push(value);
      if (/Max-Age=0/.test(value)) cookie = '';
    },
  };
  return { env: { cookieDocument: doc, isHttps: () => false, ...over }, written };
}

const guest = { session: { isAuthorised: false }, consent: { marketingAllowed: true } } as const;
const signedIn = { session: { isAuthorised: true }, consent: { marketingAllowed: true } } as const;
/** Issue 24: a guest who has not accepted marketing cookies (no choice yet, or "essential only"). */
const guestWithoutConsent = { session: { isAuthorised: false }, consent: { marketingAllowed: false } };

describe('visit records behind host.session (§2, §4 ckm A, §8)', () => {
  it('the referralID cookie first, else the current URL’s ref for a guest only', () => {
    const withCookie = env('a=1; referralID=c-1');
    expect(createVisitRecords(guest as never, withCookie.env, () => 'q-1').referral.get()).toBe('c-1');
    expect(createVisitRecords(guest as never, env('').env, () => 'q-1').referral.get()).toBe('q-1');
    expect(createVisitRecords(signedIn as never, env('').env, () => 'q-1').referral.get()).toBeUndefined();
  });

  it('issue 24: without consent a ref is kept in memory for the visit, not in a cookie; consent writes it', () => {
    const browser = env('');
    const records = createVisitRecords(guestWithoutConsent as never, browser.env, () => undefined);
    records.referral.remember('partner-7');
    expect(browser.written).toEqual([]);
    expect(records.referral.get()).toBe('partner-7');
    guestWithoutConsent.consent.marketingAllowed = true;
    records.referral.consentGiven();
    expect(browser.written).toEqual(['referralID=partner-7; Max-Age=86400; Path=/; SameSite=Lax']);
  });

  it('issue 24: without consent no UTM record is captured or read', () => {
    const values = new Map<string, string>();
    const storage = { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
    const cookies: string[] = [];
    const utm: UtmEnvironment = {
      referrer: '',
      userAgent: 'jest',
      language: 'en',
      screenWidth: 1,
      screenHeight: 1,
      local: storage,
      session: storage,
      getCookie: () => undefined,
      setCookie: (name) => void cookies.push(name),
      now: () => 1,
      randomId: () => 's-1',
    };
    const visitor = { session: { isAuthorised: false }, consent: { marketingAllowed: false } };
    const records = createVisitRecords(visitor as never, env('', { utm }).env, () => undefined);
    records.utm.capture('https://x.example/?utm_source=ad');
    expect([values.size, cookies]).toEqual([0, []]);
    expect(records.utm.latest()).toBeNull();
    visitor.consent.marketingAllowed = true;
    records.utm.capture('https://x.example/?utm_source=ad');
    expect(cookies).toEqual(['utm_first_visit']);
    expect(records.utm.latest()?.utmParams).toEqual({ source: 'ad' });
  });

  it('clear deletes the cookie as web set it (Secure on https) and the id stays dropped', () => {
    const https = env('referralID=c-1', { isHttps: () => true });
    const records = createVisitRecords(guest as never, https.env, () => 'c-1');
    records.referral.clear();
    expect(https.written).toEqual(['referralID=; Max-Age=0; Path=/; SameSite=Lax; Secure']);
    expect(records.referral.get()).toBeUndefined();
  });

  it('confirmed emails: kept in the shell’s storage key, compared without case; in memory without a storage', () => {
    const values = new Map<string, string>();
    const stored = createVisitRecords(
      guest as never,
      env('', { localStorage: { getItem: (k) => values.get(k) ?? null, setItem: (k, v) => void values.set(k, v) } }).env,
      () => undefined,
    );
    stored.confirmedEmails.remember('Me@Mail.io');
    expect(values.get('exchange_confirmed_email')).toBe('Me@Mail.io');
    expect(stored.confirmedEmails.has(' me@mail.io')).toBe(true);
    expect(stored.confirmedEmails.has('other@mail.io')).toBe(false);

    const memory = createVisitRecords(guest as never, env('').env, () => undefined).confirmedEmails;
    expect(memory.last()).toBeUndefined();
    memory.remember('x@y.io');
    expect(memory.last()).toBe('x@y.io');
    expect(memory.has('X@Y.io')).toBe(true);
  });

  it('issue 25: openRegisterDialog hands the reason and the typed email to the register dialog', () => {
    const openRegister = jest.fn();
    const records = createVisitRecords(guest as never, env('').env, () => undefined);
    const host = hostSession({ session: {}, dialogs: { openRegister }, visitorId: () => Promise.resolve('v') } as never, records);
    host.openRegisterDialog({ reason: 'card-purchase', email: 'buyer@mail.io' });
    host.openRegisterDialog();
    expect(openRegister.mock.calls).toEqual([[{ reason: 'card-purchase', email: 'buyer@mail.io' }], [undefined]]);
  });

  it('§3 UTM: the records capture landings and host.session.utm() reads the latest; without a UTM environment it is null', () => {
    const local = new Map<string, string>();
    const session = new Map<string, string>();
    const utm: UtmEnvironment = {
      referrer: '',
      userAgent: 'UA',
      language: 'en',
      screenWidth: 1,
      screenHeight: 1,
      local: { getItem: (k) => local.get(k) ?? null, setItem: (k, v) => void local.set(k, v) },
      session: { getItem: (k) => session.get(k) ?? null, setItem: (k, v) => void session.set(k, v) },
      getCookie: () => undefined,
      setCookie: () => undefined,
      now: () => 1,
      randomId: () => 's-1',
    };
    const records = createVisitRecords(guest as never, env('', { utm }).env, () => undefined);
    const host = hostSession({ session: {}, dialogs: {}, visitorId: () => Promise.resolve('v') } as never, records);
    expect(host.utm()).toBeNull();
    records.utm.capture('https://site.test/?utm_source=ads');
    expect(host.utm()?.utmParams).toEqual({ source: 'ads' });
    expect(host.utm()?.sessionId).toBe('s-1');

    const none = createVisitRecords(guest as never, env('').env, () => undefined);
    none.utm.capture('https://site.test/?utm_source=ads');
    expect(none.utm.latest()).toBeNull();
  });
});
