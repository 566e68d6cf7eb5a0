// §3 UTM record and §9 storage: the first visit in a cookie for 30 days, the history in localStorage, the
// session id in sessionStorage. `captureUtm` runs on every exchange page mount; the latest record goes with
// order creation.
import { UTM_FIRST_VISIT_COOKIE_MAX_AGE_S, type UtmRecord } from 'shared-contracts';

export const UTM_FIRST_VISIT_COOKIE = 'utm_first_visit';
export const UTM_HISTORY_KEY = 'utm_history';
export const UTM_SESSION_KEY = 'utm_session_id';
const HISTORY_LIMIT = 20;
const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

export interface UtmEnvironment {
  href: string;
  referrer: string;
  userAgent: string;
  language: string;
  screenWidth: number;
  screenHeight: number;
  local: Pick<Storage, 'getItem' | 'setItem'>;
  session: Pick<Storage, 'getItem' | 'setItem'>;
  getCookie(name: string): string | undefined;
  setCookie(name: string, value: string, maxAgeS: number): void;
  now(): number;
  randomId(): string;
}

function readHistory(env: UtmEnvironment): UtmRecord[] {
  try {
    const parsed = JSON.parse(env.local.getItem(UTM_HISTORY_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as UtmRecord[]) : [];
  } catch {
    return [];
  }
}

function sessionId(env: UtmEnvironment): string {
  let id = env.session.getItem(UTM_SESSION_KEY);
  if (!id) {
    id = env.randomId();
    env.session.setItem(UTM_SESSION_KEY, id);
  }
  return id;
}

/** Records this landing when it is the first visit, carries utm_* parameters, or starts a new session. */
export function captureUtm(env: UtmEnvironment): UtmRecord {
  const url = new URL(env.href);
  const utmParams: UtmRecord['utmParams'] = {};
  for (const k of UTM_KEYS) {
    const v = url.searchParams.get(`utm_${k}`);
    if (v) utmParams[k] = v.slice(0, 256);
  }
  const newSession = !env.session.getItem(UTM_SESSION_KEY);
  const record: UtmRecord = {
    timestamp: env.now(),
    utmParams,
    additionalInfo: {
      referrer: env.referrer || undefined,
      userAgent: env.userAgent,
      language: env.language,
      landingPageUrl: env.href,
      screenWidth: env.screenWidth,
      screenHeight: env.screenHeight,
    },
    sessionId: sessionId(env),
  };
  const history = readHistory(env);
  if (Object.keys(utmParams).length > 0 || newSession || history.length === 0) {
    try {
      env.local.setItem(UTM_HISTORY_KEY, JSON.stringify([...history, record].slice(-HISTORY_LIMIT)));
    } catch {
      /* storage full or disabled */
    }
  }
  if (!env.getCookie(UTM_FIRST_VISIT_COOKIE))
    env.setCookie(UTM_FIRST_VISIT_COOKIE, JSON.stringify({ timestamp: record.timestamp, utmParams }), UTM_FIRST_VISIT_COOKIE_MAX_AGE_S);
  return latestUtm(env) ?? record;
}

/** The record sent with an order: the latest one with utm parameters, else the latest. */
export function latestUtm(env: Pick<UtmEnvironment, 'local'>): UtmRecord | null {
  const history = readHistory(env as UtmEnvironment);
  return [...history].reverse().find((r) => Object.keys(r.utmParams ?? {}).length > 0) ?? history[history.length - 1] ?? null;
}

/** The browser's environment (guarded for tests and private modes). */
export function browserUtmEnvironment(): UtmEnvironment {
  const memory = new Map<string, string>();
  const safe = (get: () => Storage): Pick<Storage, 'getItem' | 'setItem'> => ({
    getItem: (k) => {
      try {
        return get().getItem(k);
      } catch {
        return memory.get(k) ?? null;
      }
    },
    setItem: (k, v) => {
      try {
        get().setItem(k, v);
      } catch {
        memory.set(k, v);
      }
    },
  });
  return {
    href: location.href,
    referrer: document.referrer,
    userAgent: navigator.userAgent,
    language: navigator.language,
    screenWidth: screen.width,
    screenHeight: screen.height,
    local: safe(() => localStorage),
    session: safe(() => sessionStorage),
    getCookie: (name) =>
      document.cookie
        .split('; ')
        .find((c) => c.startsWith(`${name}=`))
        ?.slice(name.length + 1),
    setCookie: (name, value, maxAgeS) => {
      document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeS}; path=/; samesite=lax`;
    },
    now: () => Date.now(),
    randomId: () =>
      typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`,
  };
}
