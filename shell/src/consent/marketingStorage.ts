// Issue 24: what "Accept all" allows the browser to keep, and what "Essential only" deletes: the §9 referral cookie,
// the §3 UTM first-visit cookie, UTM history and session id, and the analytics bookkeeping keys. Essential cookies
// (session, locale, theme, the consent choice) and the exchange form's draft are never touched.
import { REFERRAL_COOKIE } from 'shared-contracts';
import { COMPLETED_ORDERS_KEY, TEST_EVENT_SENT_KEY } from '../analytics/AnalyticsService';
import { UTM_FIRST_VISIT_COOKIE, UTM_HISTORY_KEY, UTM_SESSION_KEY } from '../analytics/utm';

const MARKETING_COOKIES: readonly string[] = [REFERRAL_COOKIE, UTM_FIRST_VISIT_COOKIE];
const MARKETING_LOCAL_KEYS: readonly string[] = [UTM_HISTORY_KEY, COMPLETED_ORDERS_KEY];
const MARKETING_SESSION_KEYS: readonly string[] = [UTM_SESSION_KEY, TEST_EVENT_SENT_KEY];

export interface MarketingStorageEnv {
  cookieDocument: { cookie: string };
  isHttps(): boolean;
  local?: Pick<Storage, 'removeItem'>;
  session?: Pick<Storage, 'removeItem'>;
}

/** Deletes every marketing and analytics cookie and storage key of this site (blocked storage is skipped). */
export function clearMarketingStorage(env: MarketingStorageEnv): void {
  const secure = env.isHttps() ? '; Secure' : '';
  for (const name of MARKETING_COOKIES) env.cookieDocument.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
  for (const [storage, keys] of [
    [env.local, MARKETING_LOCAL_KEYS],
    [env.session, MARKETING_SESSION_KEYS],
  ] as const) {
    for (const key of keys) {
      try {
        storage?.removeItem(key);
      } catch {
        /* blocked storage holds nothing */
      }
    }
  }
}

/** The browser's cookie and storage, each guarded (some private modes throw on access). */
export function browserMarketingStorageEnv(): MarketingStorageEnv {
  const guarded = (get: () => Storage): Pick<Storage, 'removeItem'> => ({
    removeItem: (key) => {
      try {
        get().removeItem(key);
      } catch {
        /* blocked */
      }
    },
  });
  return {
    cookieDocument: document,
    isHttps: () => window.location.protocol === 'https:',
    local: guarded(() => window.localStorage),
    session: guarded(() => window.sessionStorage),
  };
}
