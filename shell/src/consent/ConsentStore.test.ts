// Issue 24: the cookie choice and what "Essential only" deletes.
import { CONSENT_COOKIE } from 'shared-contracts';
import { MemoryCookieJar } from '../stores/env';
import { ConsentStore } from './ConsentStore';
import { clearMarketingStorage } from './marketingStorage';

describe('ConsentStore', () => {
  it('asks until a choice; remembers the choice with its date for 180 days; tells its listeners', () => {
    const cookies = new MemoryCookieJar();
    const store = new ConsentStore({ cookies, now: () => new Date('2026-11-27T10:00:00Z') });
    expect([store.asking, store.marketingAllowed]).toEqual([true, false]);
    const seen: string[] = [];
    store.onChange((c) => seen.push(`${c.choice} ${c.date}`));
    store.choose('all');
    expect([store.asking, store.marketingAllowed]).toEqual([false, true]);
    expect(cookies.written).toEqual([`${CONSENT_COOKIE}=all.2026-11-27; Max-Age=15552000; Path=/; SameSite=Lax`]);
    store.openSettings();
    expect(store.asking).toBe(true);
    store.choose('essential');
    expect([store.asking, store.marketingAllowed]).toEqual([false, false]);
    expect(seen).toEqual(['all 2026-11-27', 'essential 2026-11-27']);
  });

  it('reads a stored choice; a tampered value is no choice', () => {
    expect(new ConsentStore({ cookies: new MemoryCookieJar({ [CONSENT_COOKIE]: 'all.2026-01-02' }) }).consent).toEqual({ choice: 'all', date: '2026-01-02' });
    expect(new ConsentStore({ cookies: new MemoryCookieJar({ [CONSENT_COOKIE]: 'all' }) }).asking).toBe(true);
    expect(new ConsentStore({ cookies: new MemoryCookieJar({ [CONSENT_COOKIE]: 'everything.2026-01-02' }) }).asking).toBe(true);
  });
});

describe('clearMarketingStorage', () => {
  it('deletes the referral and first-visit cookies (Secure on https) and the UTM and analytics keys, nothing else', () => {
    const written: string[] = [];
    const removed: string[] = [];
    clearMarketingStorage({
      cookieDocument: {
        get cookie() {
          return '';
        },
        set cookie(value: string) {
          written.push(value);
        },
      },
      isHttps: () => true,
      local: { removeItem: (k) => void removed.push(`local:${k}`) },
      session: { removeItem: (k) => void removed.push(`session:${k}`) },
    });
    expect(written).toEqual(['referralID=; Max-Age=0; Path=/; SameSite=Lax; Secure', 'utm_first_visit=; Max-Age=0; Path=/; SameSite=Lax; Secure']);
    expect(removed).toEqual(['local:utm_history', 'local:analytics_completed_orders', 'session:utm_session_id', 'session:analytics_test_event_sent']);
  });
});
