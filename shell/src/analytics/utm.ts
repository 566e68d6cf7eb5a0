// §3 UTM record and §9 storage, owned by the shell (DESIGN: the shell owns "analytics and UTM"): the first visit in
// a cookie for 30 days, the history in localStorage, the session id in sessionStorage. The shell captures the
// landing and every client navigation (`followUtm`, hooked up in shell/src/app/ShellApp.tsx after mount); remotes
// read the latest record through `host.session.utm()` and never touch these keys.
import { UTM_FIRST_VISIT_COOKIE_MAX_AGE_S, readCookie, type UtmRecord } from 'shared-contracts';

export const UTM_FIRST_VISIT_COOKIE = 'utm_first_visit';
export const UTM_HISTORY_KEY = 'utm_history';
export const UTM_SESSION_KEY = 'utm_session_id';
const HISTORY_LIMIT = 20;
const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/** Where the records live and what a record says about the browser (read at capture time, never at creation). */
export interface UtmEnvironment {
  readonly referrer: string;
  readonly userAgent: string;
  readonly language: string;
  readonly screenWidth: number;
  readonly screenHeight: number;
  local: Pick<Storage, 'getItem' | 'setItem'>;
  session: Pick<Storage, 'getItem' | 'setItem'>;
  getCookie(name: string): string | undefined;
  setCookie(name: string, value: string, maxAgeS: number): void;
  now(): number;
  randomId(): string;
}

function readHistory(env: Pick<UtmEnvironment, 'local'>): UtmRecord[] {
  try {
    const parsed = JSON.parse(env.local.getItem(UTM_HISTORY_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as UtmRecord[]) : [];
  } catch {
    return [];
  }
}

/** The §9 session id of this browser session, if a page captured one already (never creates it: the capture decides). */
export function readUtmSessionId(env: Pick<UtmEnvironment, 'session'>): string | undefined {
  return env.session.getItem(UTM_SESSION_KEY) ?? undefined;
}

function sessionId(env: UtmEnvironment): string {
  let id = env.session.getItem(UTM_SESSION_KEY);
  if (!id) {
    id = env.randomId();
    env.session.setItem(UTM_SESSION_KEY, id);
  }
  return id;
}

/** Records the page at `href` when it is the first visit, carries utm_* parameters, or starts a new session. */
export function captureUtm(env: UtmEnvironment, href: string): UtmRecord {
  const url = new URL(href);
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
      landingPageUrl: href,
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
  const history = readHistory(env);
  return [...history].reverse().find((r) => Object.keys(r.utmParams ?? {}).length > 0) ?? history[history.length - 1] ?? null;
}

/** What `host.session.utm()` reads and the navigation hook feeds (one per shell mount, in the visit records). */
export interface UtmRecorder {
  /** Captures the page at `href` (a full URL) unless it is the page captured last (re-renders, hash changes). */
  capture(href: string): void;
  latest(): UtmRecord | null;
}

/**
 * Without an environment (tests that do not care, no browser) nothing is recorded and `latest()` is null. Issue 24:
 * without the visitor's consent (`allowed`) nothing is captured or read either; a capture after consent records the
 * page then shown.
 */
export function utmRecorder(env: UtmEnvironment | undefined, allowed: () => boolean = () => true): UtmRecorder {
  let last: string | undefined;
  return {
    capture: (href) => {
      if (!env || href === last || !allowed()) return;
      last = href;
      captureUtm(env, href);
    },
    latest: () => (env && allowed() ? latestUtm(env) : null),
  };
}

interface LocationLike {
  pathname: string;
  search: string;
}

/**
 * Captures the router's current location, then every location it moves to (the router notifies on every state
 * change; the recorder skips repeats). Call after mount (an effect): it writes cookies and storage. Returns the unsubscribe.
 */
export function followUtm(
  router: { state: { location: LocationLike }; subscribe(listener: (state: { location: LocationLike }) => void): () => void },
  recorder: Pick<UtmRecorder, 'capture'>,
  origin: string,
): () => void {
  const capture = ({ pathname, search }: LocationLike) => recorder.capture(new URL(`${pathname}${search}`, origin).href);
  capture(router.state.location);
  return router.subscribe((state) => capture(state.location));
}

/** The browser's environment, guarded for blocked storage (some private modes). Touches nothing until a capture. */
export function browserUtmEnvironment(cookieDocument: { cookie: string }): UtmEnvironment {
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
    get referrer() {
      return document.referrer;
    },
    get userAgent() {
      return navigator.userAgent;
    },
    get language() {
      return navigator.language;
    },
    get screenWidth() {
      return screen.width;
    },
    get screenHeight() {
      return screen.height;
    },
    local: safe(() => localStorage),
    session: safe(() => sessionStorage),
    // a malformed value (bad percent-encoding) reads as none (shared-contracts readCookie): it is written again
    getCookie: (name) => readCookie(name, cookieDocument.cookie),
    setCookie: (name, value, maxAgeS) => {
      const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
      cookieDocument.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeS}; Path=/; SameSite=Lax${secure}`;
    },
    now: () => Date.now(),
    randomId: () =>
      typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`,
  };
}
