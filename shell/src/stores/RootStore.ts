import { createContext, useContext } from 'react';
import type { ApiClient, Health, Theme } from 'shared-contracts';
import { documentCookieJar, realClock, type Clock, type CookieJar, type KeyValueStorage } from './env';
import { LocaleStore } from './LocaleStore';
import { ThemeStore } from './ThemeStore';
import { NotificationStore } from './NotificationStore';
import { LoadingBarStore } from './LoadingBarStore';
import { HealthStore } from './HealthStore';
import { UpdateStore } from './UpdateStore';
import { SessionStore, type SessionApi } from './SessionStore';
import { ScrollStore } from './ScrollStore';
import { AuthDialogsGate } from '../dialogs/AuthDialogsGate';
import { localConfirmedEmails } from '../dialogs/confirmedEmails';
import { AnalyticsService, type AnalyticsSink } from '../analytics/AnalyticsService';
import { lazyVisitorId, type VisitorIdSource } from '../session/visitorId';
import { localePath } from '../routing/routes';
import { REFERRAL_COOKIE } from 'shared-contracts';
import { ConsentStore } from '../consent/ConsentStore';

export interface RootStoreEnv {
  clock: Clock;
  cookies: CookieJar;
  languages: readonly string[];
  root: { setAttribute(name: string, value: string): void };
  sessionStorage: KeyValueStorage;
  /** Long-lived browser storage (the email confirmed locally, §4 ckm A); absent = remembered for this page only. */
  localStorage?: KeyValueStorage;
  defaultTheme: Theme;
  healthCheckOnStart: boolean;
  buildId: string;
  fetchHealth(): Promise<Health>;
  isReachable(): Promise<boolean>;
  fetchLatestBuild(): Promise<{ buildId?: string }>;
  reload(path: string): void;
  /** Account calls of §7 (the shell's ApiClient; a fake in tests). */
  api: SessionApi & Pick<ApiClient, 'requestPasswordReset' | 'resetPassword' | 'requestEmailConfirmation' | 'confirmEmail'>;
  /** §1 visitor id; default: the FingerprintJS agent, loaded lazily. */
  visitorId?: VisitorIdSource;
  /** §4 analytics sinks (the browser: dataLayer and the first-party sink); default: console only. */
  analyticsSink?: AnalyticsSink | readonly AnalyticsSink[];
  /** Translates a key of the shell namespace (notifications sent by stores). */
  t?(key: string): string;
}

/** Where stores send the visitor (the router registers itself; before that, a full load). */
export interface Navigator {
  go(path: string, options?: { replace?: boolean }): void;
}

/** One per mount: every feature store of the shell hangs off it. */
export class RootStore {
  readonly locale: LocaleStore;
  readonly theme: ThemeStore;
  readonly notifications: NotificationStore;
  readonly loadingBar: LoadingBarStore;
  readonly health: HealthStore;
  readonly updates: UpdateStore;
  readonly session: SessionStore;
  readonly scroll: ScrollStore;
  readonly analytics: AnalyticsService;
  readonly dialogs: AuthDialogsGate;
  readonly visitorId: VisitorIdSource;
  readonly consent: ConsentStore;
  navigator: Navigator = { go: (path) => window.location.assign(path) };

  constructor(env: RootStoreEnv) {
    this.locale = new LocaleStore({ cookies: env.cookies, languages: env.languages });
    this.theme = new ThemeStore({ cookies: env.cookies, root: env.root, defaultTheme: env.defaultTheme });
    this.notifications = new NotificationStore(env.clock);
    this.loadingBar = new LoadingBarStore(env.clock);
    this.health = new HealthStore({ clock: env.clock, fetchHealth: env.fetchHealth, isReachable: env.isReachable, checkOnStart: env.healthCheckOnStart });
    this.updates = new UpdateStore({
      clock: env.clock,
      fetchLatest: env.fetchLatestBuild,
      currentBuildId: env.buildId,
      storage: env.sessionStorage,
      reload: env.reload,
    });
    this.scroll = new ScrollStore(env.sessionStorage);
    this.visitorId = env.visitorId ?? lazyVisitorId();
    this.consent = new ConsentStore({ cookies: env.cookies });
    this.analytics = new AnalyticsService(
      env.analyticsSink ?? ((payload) => console.info('[analytics]', payload)),
      () => (this.session.isAuthorised ? 'registered' : 'guest'),
      // issue 24: no analytics event or storage before the visitor accepts analytics cookies
      { sessionStorage: env.sessionStorage, localStorage: env.localStorage, allowed: () => this.consent.marketingAllowed },
    );
    const t = env.t ?? ((key: string) => key);
    this.session = new SessionStore({
      api: env.api,
      cookies: env.cookies,
      clock: env.clock,
      visitorId: this.visitorId,
      locale: () => this.locale.current,
      track: (event, data) => this.analytics.track(event, data),
      goHome: () => this.navigator.go(localePath('/', this.locale.current)),
    });
    const confirmedEmails = localConfirmedEmails(env.localStorage);
    this.dialogs = new AuthDialogsGate({
      confirmedEmails,
      createStore: () =>
        import(/* webpackChunkName: "auth-dialogs" */ '../dialogs/AuthDialogsStore').then(
          ({ AuthDialogsStore }) =>
            new AuthDialogsStore({
              session: this.session,
              api: env.api,
              confirmedEmails,
              notify: (n) => void this.notifications.add(n),
              t,
              track: (event, data) => this.analytics.track(event, data),
              referralId: () => env.cookies.get(REFERRAL_COOKIE) || undefined,
              locale: () => this.locale.current,
              onSignedIn: (next) => {
                if (next) this.navigator.go(localePath(next, this.locale.current));
              },
            }),
        ),
    });
    this.analytics.onLeave(() => this.dialogs.leavePage());
  }

  /** `hydrated`: on a server-rendered page, resolves once React has hydrated it (SessionStore.start). */
  start(hydrated?: Promise<void>) {
    void this.health.start(hydrated);
    this.updates.start();
    // §4 test_event once the session's first load is done (its user_type is then the visitor's)
    const startAnalytics = () => this.analytics.start();
    void this.session.start(hydrated).then(startAnalytics, startAnalytics);
  }

  dispose() {
    this.health.dispose();
    this.updates.stop();
    this.notifications.dispose();
  }
}

export function browserEnv(overrides: Partial<RootStoreEnv> & Pick<RootStoreEnv, 'fetchHealth' | 'isReachable' | 'fetchLatestBuild' | 'api'>): RootStoreEnv {
  return {
    clock: realClock,
    cookies: documentCookieJar(document),
    languages: navigator.languages ?? [navigator.language],
    root: document.documentElement,
    sessionStorage: window.sessionStorage,
    localStorage: browserLocalStorage(),
    defaultTheme: 'light',
    healthCheckOnStart: true,
    buildId: typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev',
    reload: (path) => window.location.assign(path),
    ...overrides,
  };
}

function browserLocalStorage(): KeyValueStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // blocked storage (some private modes)
  }
}

export const StoresContext = createContext<RootStore | null>(null);

export function useStores(): RootStore {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores() outside <StoresContext.Provider>');
  return stores;
}
